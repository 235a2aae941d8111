"""Position builders shared by the Invasion: Malta rule tests: an inline game (hexes CCRR, odd-q,
all clear unless stated) and the bundled kit (for phases of the sequence of play)."""
from __future__ import annotations

from rules_util import head, table, toml, unit

H = head("invasion-malta", ("axis", "allied")) + "[grid]\nline_range = [10, 35]\npos_range = [10, 35]\n"
INF = {"stacking": 2, "er": 5, "attack": 3, "defense": 3, "movement": 5}
TANK = dict(type="pz-iv-g", movement_class="red", flags=["armour"])
RED = dict(type="motorcycle", movement_class="red")
ORANGE = dict(type="anti-tank", movement_class="orange")


def x(id, hexid, **kw):
    """An Axis unit (inline values: 2 SP, ER 5, 3-3-5)."""
    kw.setdefault("values", INF)
    return unit(id, "axis", hexid, **kw)


def al(id, hexid, **kw):
    """An Allied unit."""
    kw.setdefault("values", INF)
    return unit(id, "allied", hexid, **kw)


def state(**kw) -> str:
    return "\n[state]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())


def rules_(**kw) -> str:
    return "\n[rules]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())


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
