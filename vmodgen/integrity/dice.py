"""Die rolls as VASSAL's dice buttons report them in chat, old and new formats:

- ``*** 2d6 = 3,4 *** <Joel>``: a DiceButton (3.x default ``** $name$ = $result$ *** <$playerName$>``,
  to which VASSAL adds a ``*``; 2.x wrote the same line);
- ``*** (IFT DR) 6,6 ***   <test>   [1 / 3 avg ...]``: VASL's dice buttons.

The parser scans with ``str.find`` only (no regular expression that could backtrack on hostile
chat text)."""
from __future__ import annotations

from dataclasses import dataclass

#: die kinds VASL names in its reports (DR = two d6, dr = one d6)
_VASL_SIDES = {"dr": 6}


@dataclass(frozen=True)
class Roll:
    """One press of a dice button."""
    file: str
    step: int
    player: str
    button: str                  # the button's name as reported ("2d6", "IFT DR")
    values: tuple[int, ...]      # each die's face
    sides: int | None            # faces per die; None when neither name nor module says
    undone: bool = False         # the step was taken back by an undo
    sides_assumed: bool = False  # sides inferred from the values, not given

    @property
    def kind(self) -> str:
        return f"d{self.sides}" if self.sides else "d?"


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
        if not tok.isdigit() or len(tok) > 6:
            return None
        values.append(int(tok))
    if not values or not player:
        return None
    return player, button, values


def sides_of(button: str, module_sides: dict[str, int] | None = None) -> int | None:
    """Faces per die from the button's name (``2d6``, ``d10``, VASL ``DR``/``dr``) or the module's
    DiceButton of that name; None when neither tells."""
    if module_sides and button in module_sides:
        return module_sides[button]
    name = button.strip()
    low = name.lower()
    i = low.find("d")
    if i >= 0 and (low[:i].isdigit() or i == 0) and low[i + 1:].isdigit():
        return int(low[i + 1:]) or None
    last = name.split()[-1] if name.split() else ""
    if last.lower() in _VASL_SIDES:
        return _VASL_SIDES[last.lower()]
    return None
