"""Position builders shared by the Invasion: Malta rule tests: an inline game (hexes CCRR, odd-q,
all clear unless stated) and the bundled kit (for phases of the sequence of play)."""
from __future__ import annotations

from pathlib import Path

from rules_util import builder, grid, head, rulebook_verdict, section, state, table, toml

INF = {"stacking": 2, "er": 5, "attack": 3, "defense": 3, "movement": 5}
TANK = dict(type="pz-iv-g", movement_class="red", flags=["armour"])
RED = dict(type="motorcycle", movement_class="red")
ORANGE = dict(type="anti-tank", movement_class="orange")

__all__ = ["DATA", "H", "INF", "ORANGE", "RED", "TANK", "al", "attack", "found", "hexes", "inline", "kit", "road", "rules_", "side",
           "state", "x"]


def inline(lines: tuple[int, int] = (10, 35), positions: tuple[int, int] = (10, 35), **kw) -> str:
    """The head of an inline position (lines and rows 10-35); ``kw`` are ``[position]`` keys."""
    return head("invasion-malta", ("axis", "allied"), **kw) + grid(lines, positions)


H = inline()


x = builder("axis", values=INF)          # an Axis unit (inline values: 2 SP, ER 5, 3-3-5)
al = builder("allied", values=INF)       # an Allied unit (the same values)


def rules_(**kw) -> str:
    """The ``[rules]`` table: rule parameters of the position."""
    return section("rules", **kw)


def kit(phase: str = "", turn: int = 3, scenario: str = "", **kw) -> str:
    """The bundled kit's head: a position at the end of ``phase`` (hexes 1918-2123 are clear)."""
    out = '[position]\ngame = "invasion-malta"\n' + f"turn = {turn}\n"
    if phase:
        out += f'phase = "{phase}"\n'
    if scenario:
        out += f'scenario = "{scenario}"\n'
    return out + "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())


def attack(hexid: str, *units: str) -> str:
    return table("attacks", hex=hexid, units=list(units))


def hexes(h: str, **kw) -> str:
    return table("hexes", hex=h, **kw)


def side(a: str, b: str, feature: str, **kw) -> str:
    return table("hexsides", hexes=[a, b], feature=feature, **kw)


def road(kind: str, *hs: str) -> str:
    return table("lines", kind=kind, hexes=list(hs))


#: the Invasion: Malta rulebook positions
DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"


def found(tmp_path: Path, name: str, *edits: tuple[str, str]) -> tuple[list[str], dict[str, str]]:
    """The rules found in the rulebook position ``name`` with ``edits`` (old, new) made, and what
    the check could not judge."""
    return rulebook_verdict("invasion_malta", tmp_path, name, *edits)
