"""Die rolls as VASSAL's dice buttons report them in chat, old and new formats:

- ``*** 2d6 = 3,4 *** <Joel>``: a DiceButton (3.x default ``** $name$ = $result$ *** <$playerName$>``,
  to which VASSAL adds a ``*``; 2.x wrote the same line);
- ``*** (IFT DR) 6,6 ***   <test>   [1 / 3 avg ...]``: VASL's dice buttons.

The lines are read by :func:`vmodgen.vassal.dice.parse_roll`; here a roll gets its place in the
chain and the faces of its die."""
from __future__ import annotations

from dataclasses import dataclass

from ..vassal.dice import parse_roll

__all__ = ["Roll", "parse_roll", "sides_of"]

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
