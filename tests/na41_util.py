"""Helpers for the North Africa '41 rules tests: inline positions (no phases) and positions of the
bundled kit (phases, boxes, history in ``[state]``)."""
from __future__ import annotations

import pytest

from rules_util import builder, findings, grid, head, position, table, toml, unit

INF = {"attack": 2, "defense": 3, "movement": 3, "stacking": 1}
MECH = {"attack": 4, "defense": 3, "movement": 5, "stacking": 1}
TANK = dict(type="tank", flags=["silhouette"], movement_class="mech", values={"attack": 5, "defense": 4, "movement": 5})
TRUCK = dict(type="truck", kind="supply", values={"defense": 0, "movement": 6, "stacking": 0}, movement_class="mech")


def inline(lines: tuple[int, int] = (1, 40), positions: tuple[int, int] = (1, 40)) -> str:
    """The head of an inline position (columns and rows 1-40 unless stated)."""
    return head("north-africa-41", ("axis", "allied")) + grid(lines, positions)


H = inline()
# a 14 x 3 strip west of which lies Tripoli, the Axis supply box beside 0101-0103
S = inline((1, 14), (1, 3)) + table("boxes", id="tripoli", side="axis", adjacent=["0101", "0102", "0103"])


ax = builder("axis", values=INF, movement_class="non-mech")        # an Axis infantry unit of the inline maps
al = builder("allied", values=INF, movement_class="non-mech")      # an Allied one


def kit(phase: str = "", state: dict | None = None, **kw) -> str:
    """The head of a position of the bundled kit at the end of ``phase``, with ``[state]``.
    Kit hexes 1920-2223 are clear, with no hexside features or roads."""
    out = '[position]\ngame = "north-africa-41"\n' + (f'phase = "{phase}"\n' if phase else "")
    out += "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())
    if state:
        out += "[state]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in state.items())
    return out


def kunit(id, side, hexid, **kw):
    """An inline unit of a kit position (types of the kit: infantry, motorized-infantry, tank...)."""
    kw.setdefault("type", "infantry")
    kw.setdefault("values", INF)
    return unit(id, side, hexid, **kw)


def krules(text: str) -> list[str]:
    try:
        return sorted({f.rule for f in findings(text)})
    except Exception as exc:                     # the kit must load for these tests
        if "north-africa-41" in str(exc) and "game" in str(exc):
            pytest.skip(f"north-africa-41 kit does not load: {exc}")
        raise


def rules_of(text: str, prefix: str = "") -> list[str]:
    return sorted({f.rule for f in findings(text) if f.rule.startswith(prefix)})


__all__ = ["H", "INF", "MECH", "S", "TANK", "TRUCK", "al", "ax", "findings", "inline", "kit", "krules", "kunit",
           "position", "rules_of", "table"]
