"""Which pieces their owner concealed, as the audit replays a file: a piece whose Mask
(``obs;``, Obscurable) or Invisible (``hide;``, Hideable) trait is set by its owner (the test of
:func:`vmodgen.vassal.looks.set_by_owner`, the outermost set trait deciding, as in
:func:`~vmodgen.vassal.looks.hidden_by_owner`). The rules still judge the real units; each
finding and listed entry carries the concealment of its units so that the report can name them
as an opponent sees them (:mod:`vmodgen.audit.redact`).

A piece can also be concealed by where it is, whoever owns it (:meth:`ConcealmentReader.by_place`,
:mod:`vmodgen.vassal.concealment`): on a private map window (a side's hand) it is hidden, in a
face-down deck its Mask shows. The rules never read such a piece (it is off the game map), but
a seam's continuity lines compare every piece: they name it so too.

A concealment is ``(kind, shown)``: kind ``"mask"`` or ``"invisible"``; ``shown`` the name the
other players see: a masked piece's mask name (VASSAL 3.7.26 ``Obscurable.getName``: the type's
"name when masked", ``?`` by default, which is no name: then ``(masked)``), a hidden piece
``(hidden)`` (``Hideable``: not drawn, no name)."""
from __future__ import annotations

from ..vassal.concealment import place_concealed, place_concealment
from ..vassal.looks import HIDDEN, concealed_by_owner
from ..vassal.piece import Piece, expand_prototypes

MASK = "mask"
INVISIBLE = "invisible"
#: kinds, the weaker first: a unit masked on one side of a seam and hidden on the other is hidden
KINDS = (MASK, INVISIBLE)

#: (kind, the name an opponent sees)
Concealment = tuple[str, str]

def concealment_of(piece: Piece) -> Concealment | None:
    """The concealment of ``piece`` (prototypes expanded), None when its owner set no Mask or
    Invisible trait (:func:`vmodgen.vassal.looks.concealed_by_owner`)."""
    return concealed_by_owner(piece)


def stronger(a: Concealment | None, b: Concealment | None) -> Concealment | None:
    """The concealment that hides more (invisible over masked over none)."""
    if a is None or (b is not None and KINDS.index(b[0]) > KINDS.index(a[0])):
        return b
    return a


class ConcealmentReader:
    """Reads pieces' concealment with a module's prototypes; a type chain that holds no Mask or
    Invisible trait, even expanded, is remembered as such (most pieces: no expansion again)."""

    def __init__(self, prototypes: dict[str, str] | None) -> None:
        self.prototypes = prototypes or {}
        self._may: dict[str, bool] = {}          # type chain → it may hold a Mask or Invisible

    def of(self, piece: Piece) -> Concealment | None:
        """The concealment of ``piece`` as it stands (its own type and state chains)."""
        t = piece.encode_type()
        may = self._may.get(t)
        if may is False:
            return None
        try:
            if "prototype;" in t and self.prototypes:
                t2, s2 = expand_prototypes(t, piece.encode_state(), self.prototypes)
                full = Piece(t2, s2)
            else:
                t2, full = t, piece
            if may is None:
                may = "obs;" in t2 or "hide;" in t2
                if len(self._may) > 50_000:
                    self._may.clear()
                self._may[t] = may
                if not may:
                    return None
            return concealment_of(full)
        except Exception:   # a malformed chain: read as not concealed, as the binding reads it  # noqa: BLE001
            return None


    def by_place(self, state, rec, private: frozenset[str]) -> Concealment | None:
        """The concealment of a piece by where it is (:func:`vmodgen.vassal.concealment.place_concealed`:
        a private map window hides it, a face-down deck shows its Mask), None elsewhere."""
        how = place_concealment(state, rec, private)
        if how is None:
            return None
        if how == INVISIBLE:
            return (INVISIBLE, HIDDEN)
        piece = rec.piece
        try:
            if "prototype;" in piece.encode_type() and self.prototypes:
                piece = Piece(*expand_prototypes(piece.encode_type(), piece.encode_state(), self.prototypes))
            return place_concealed(state, rec, private, piece)
        except Exception:   # a malformed chain: read as not concealed, as :meth:`of` does  # noqa: BLE001
            return None


def finding_units(units, hexes, scene, concealed: dict[str, Concealment],
                  by: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(unit id, kind) of each of ``units`` in ``concealed``, then of each of ``by`` (units the
    finding does not name but that made it: the only enemies whose ZOC a unit entered,
    :attr:`~.model.AuditFinding.by`) in ``concealed``, then of each other hidden unit of ``scene``
    (``(unit id, hex, ...)``) standing in one of ``hexes``: the units a finding cannot name to an
    opponent."""
    out = [(u, concealed[u][0]) for u in units if u in concealed]
    named = set(units)
    for u in by:
        if u in concealed and u not in named:
            named.add(u)
            out.append((u, concealed[u][0]))
    inside = set(hexes)
    for e in scene:
        hid = concealed.get(e[0])
        if hid is not None and hid[0] == INVISIBLE and e[1] in inside and e[0] not in named:
            named.add(e[0])
            out.append((e[0], INVISIBLE))
    return out
