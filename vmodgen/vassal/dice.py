"""Die-roll reports in chat: what VASSAL's dice buttons (and VASL's dice) write.

- ``*** 2d6 = 3,4 *** <Joel>``: a DiceButton (3.x default ``** $name$ = $result$ *** <$playerName$>``,
  to which VASSAL adds a ``*``; 2.x wrote the same line); the name is the button's own;
- ``*** 1d6 = [3] *** <Joel>``, ``*** 2d6 = [3] [5] *** <Joel>``: a SpecialDiceButton whose faces
  are numbers (3.x default ``** $name$ = [$result1$] *** <$PlayerName$>``, the ``*`` added too);
- ``*** (IFT DR) 6,6 ***   <test>   [1 / 3 avg ...]``: VASL's dice buttons.

An undone roll reads ``* UNDO: *** d6 = 3 *** <Joel>``: not a roll. The parser scans with
``str.find`` only (no regular expression that could backtrack on hostile chat text).
"""
from __future__ import annotations

__all__ = ["parse_roll"]


def parse_roll(text: str) -> tuple[str, str, list[int]] | None:
    """``(player, button, values)`` of a dice report line, or None."""
    t = text.strip()
    if not t.startswith("***"):
        return None
    end = t.find("***", 3)
    if end < 0:
        return None
    body, rest = t[3:end].strip(), t[end + 3:].lstrip()
    if not rest.startswith("<"):
        return None
    close = rest.find(">")
    if close < 0:
        return None
    player = rest[1:close].strip()
    if body.startswith("("):
        cp = body.find(")")
        if cp < 0:
            return None
        button, result = body[1:cp].strip(), body[cp + 1:]
    else:
        eq = body.find("=")
        if eq < 0:
            return None
        button, result = body[:eq].strip(), body[eq + 1:]
    values = []
    for tok in result.replace(",", " ").split():
        if len(tok) > 2 and tok[0] == "[" and tok[-1] == "]":
            tok = tok[1:-1]          # a SpecialDiceButton's face text (its default "[$result1$]")
        if not tok.isdigit() or len(tok) > 6:
            return None
        values.append(int(tok))
    if not values or not player:
        return None
    return player, button, values
