"""A unit that is two pieces at once: a piece added during the log (dragged from the palette, or
pasted) that the binding reads as a unit another piece already is. Players do this when a unit
lost earlier is "brought back" by taking a fresh copy from the palette (the first stays in the
Eliminated box, or on the map), or by mistake. The rules judge each piece as it stands; the
audit says, once per added piece, that one unit now stands twice, and where the other piece is.

A binding that gives each piece a unit of its own (a ``--binding`` file: the unit id is the
piece id) can make no such pair: its added pieces are not looked at. For the others the pieces
are read once per file, when the first added unit asks (off the map too: the other piece is
often in the Eliminated box), and the pieces each later step re-reads keep that index up to date.

A piece its owner masked or hid (:mod:`.concealment`) is not named unless ``--reveal-hidden``:
saying which unit it is, or that it is the same unit as another piece, would tell an opponent
what the mask hides."""
from __future__ import annotations

from typing import Iterable, Protocol

from ..model.unit import Unit


class _View(Protocol):
    unit: Unit | None
    hex: str | None
    concealed: tuple[str, str] | None


class _Resolver(Protocol):
    def resolve(self, state, pid: str) -> _View | None: ...


#: (added piece id, its unit, the other piece's id, where the other piece stands: a hex or a box
#: id, None off any map the binding reads, whether either piece is concealed by its owner)
Pair = tuple[str, Unit, str, "str | None", bool]


class SecondPieces:
    """The pieces of one file by unit, for telling when an added piece is a unit already there."""

    def __init__(self, builder: _Resolver) -> None:
        self.builder = builder
        #: unit id → its pieces (in the state's order), read when first needed; None: not yet
        self._index: dict[str, dict[str, None]] | None = None

    def note(self, state, touched: set[str] | None) -> None:
        """After each step: the pieces it re-read (``touched``; None: every piece) go into the
        index again, if there is one yet."""
        if self._index is None:
            return
        if touched is None:
            self._index = None          # read again when next wanted
            return
        for pid in touched:
            if pid in state.pieces:
                self._add(state, pid)

    def _add(self, state, pid: str) -> None:
        v = self.builder.resolve(state, pid)
        if v is not None and v.unit is not None and v.unit.id and v.unit.id != pid and self._index is not None:
            self._index.setdefault(v.unit.id, {})[pid] = None

    def found(self, state, created: Iterable[str]) -> list[Pair]:
        """A :data:`Pair` for each piece of ``created`` whose unit another piece in ``state``
        already is (the first such piece in the state's order)."""
        new: dict[str, _View] = {}
        for pid in created:
            v = self.builder.resolve(state, pid) if pid in state.pieces else None
            if v is not None and v.unit is not None and v.unit.id and v.unit.id != pid:
                new[pid] = v
        if not new:
            return []
        if self._index is None:
            self._index = {}
            for pid in state.pieces:
                self._add(state, pid)
        out: list[Pair] = []
        for pid, v in new.items():
            assert v.unit is not None
            for other in self._index.get(v.unit.id, ()):
                if other in new or other not in state.pieces:
                    continue
                o = self.builder.resolve(state, other)
                if o is not None and o.unit is not None and o.unit.id == v.unit.id:
                    out.append((pid, v.unit, other, o.hex, v.concealed is not None or o.concealed is not None))
                    break
        return out


def sentence(file: str, step: int, pid: str, unit: Unit, other: str, where: str | None, concealed: bool = False,
             reveal: bool = False) -> str:
    """The report's warning for one added piece; with ``concealed`` (either piece masked or
    hidden by its owner) and not ``reveal``, without the unit, the pieces or their places."""
    if concealed and not reveal:
        return (f"{file} step {step}: a piece was added (from the palette) that is a unit another piece already "
                "is: one unit is now two pieces. Its owner concealed one of them: the unit, the pieces and where "
                "they stand are withheld (--reveal-hidden shows them). Each is judged as it stands; a unit "
                "brought back this way follows no rule of return or replacement.")
    name = f"{unit.name} ({unit.id})" if unit.name and unit.name != unit.id else unit.id
    at = f"in {where}" if where else "off the maps the game reads"
    return (f"{file} step {step}: a piece of {name} was added (from the palette, piece {pid}) while another piece of "
            f"the same unit stands {at} (piece {other}): one unit is now two pieces. Each is judged as it stands; "
            "a unit brought back this way follows no rule of return or replacement.")
