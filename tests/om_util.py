"""Position builders shared by the Operation Mercury rule tests: an inline grid of West-map hex
IDs (CCRR, odd-q as in spec §3.1) and the head of a bundled-kit position (phases of its sequence)."""
from __future__ import annotations

from rules_util import builder, grid, head

INF = {"attack": 3, "defense": 3, "movement": 5, "stacking": 2, "efficiency": 6}


def inline(lines: tuple[int, int] = (36, 48), positions: tuple[int, int] = (8, 24), **kw) -> str:
    """The head of an inline position (lines 36-48, rows 8-24); ``kw`` are ``[position]`` keys."""
    return head("operation-mercury", ("german", "allied"), **kw) + grid(lines, positions)


H = inline()


def kit(turn: int | None = 4, phase: str = "recovery") -> str:
    """The head of a bundled-kit position at the end of ``phase`` of game turn ``turn``."""
    out = '[position]\ngame = "operation-mercury"\n'
    if turn is not None:
        out += f"turn = {turn}\n"
    return out + (f'phase = "{phase}"\n' if phase else "")


g = builder("german", values=INF)        # a German unit (inline values: 3-3-5, 2 SP, efficiency 6)
a = builder("allied", values=INF)        # an Allied unit (the same values)
