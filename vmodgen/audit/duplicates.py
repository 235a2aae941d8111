"""A unit that is two pieces at once: a piece added during the log (dragged from the palette, or
pasted) that the binding reads as a unit another piece already is. Players do this when a unit
lost earlier is "brought back" by taking a fresh copy from the palette (the first stays in the
Eliminated box, or on the map), or by mistake. The rules judge each piece as it stands; the
audit says, once per added piece, that one unit now stands twice, and where the other piece is."""
from __future__ import annotations

from typing import Iterable, Protocol

from ..model.unit import Unit


class _View(Protocol):
    unit: Unit | None
    hex: str | None


class _Resolver(Protocol):
    def resolve(self, state, pid: str) -> _View | None: ...


def second_pieces(state, builder: _Resolver, created: Iterable[str]) -> list[tuple[str, Unit, str, str | None]]:
    """(added piece id, its unit, the other piece's id, where the other piece stands: a hex or a
    box id, None off any map the binding reads) for each piece of ``created`` whose unit another
    piece in ``state`` already is."""
    new: dict[str, Unit] = {}
    for pid in created:
        v = builder.resolve(state, pid) if pid in state.pieces else None
        if v is not None and v.unit is not None and v.unit.id:
            new[pid] = v.unit
    if not new:
        return []
    wanted = {u.id for u in new.values()}
    others: dict[str, tuple[str, str | None]] = {}
    for pid in state.pieces:
        if pid in new:
            continue
        o = builder.resolve(state, pid)
        if o is not None and o.unit is not None and o.unit.id in wanted:
            others.setdefault(o.unit.id, (pid, o.hex))
    return [(pid, u, *others[u.id]) for pid, u in new.items() if u.id in others]

def sentence(file: str, step: int, pid: str, unit: Unit, other: str, where: str | None) -> str:
    """The report's warning for one added piece."""
    name = f"{unit.name} ({unit.id})" if unit.name and unit.name != unit.id else unit.id
    at = f"in {where}" if where else "off the maps the game reads"
    return (f"{file} step {step}: a piece of {name} was added (from the palette, piece {pid}) while another piece of "
            f"the same unit stands {at} (piece {other}): one unit is now two pieces. Each is judged as it stands; "
            "a unit brought back this way follows no rule of return or replacement.")
