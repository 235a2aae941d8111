"""Die-roll reports in chat: what VASSAL's Dice button (and VASL's dice) write.

``*** 2d6 = 3,4 *** <Joel>`` (VASSAL Dice button), ``*** (IFT DR) 6,6 ***   <test>`` (VASL).
An undone roll reads ``* UNDO: *** d6 = 3 *** <Joel>`` in a VASSAL 2.x log: not a roll.
"""
from __future__ import annotations

import re

__all__ = ["DICE", "parse_roll"]

DICE = re.compile(r"^\*\*\*\s*(?:(\d*d\d+)\s*=\s*|\(([^)]*)\)\s*)([\d,\s]+?)\s*\*\*\*\s*<([^>]*)>")


def parse_roll(text: str) -> tuple[str, str, list[int]] | None:
    """(player, dice, values) of a dice report line (HTML entities decoded), or None."""
    m = DICE.match(text.strip())
    if not m:
        return None
    values = [int(v) for v in re.findall(r"\d+", m.group(3))]
    if not values:
        return None
    return m.group(4).strip(), m.group(1) or m.group(2) or "", values
