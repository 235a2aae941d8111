"""Where the units of a replayed position stand, kept up to date unit by unit as the log goes on
(instead of indexing every unit again at every step), with what rules ask of it cheaply: the
hexes two sides share and a version of each side's units."""
from __future__ import annotations

from ..positions.model import UnitState


class HexIndex:
    """hex → the units there, in the order of the builder's unit cache (the order a Board would
    build from the position's unit list), kept up to date unit by unit. Positions get a
    snapshot; the index copies a dict or a list before changing one a position holds."""

    def __init__(self) -> None:
        self.at: dict[str, list[UnitState]] | None = None
        self._shared = False                   # the dict is held by a position
        self._own: set[str] = set()            # hexes whose list was copied since then
        #: side → (this index's token, changes to the side's units): equal versions, same units
        self.versions: dict[str, tuple[object, int]] = {}
        self.mixed: set[str] = set()           # hexes holding units of more than one side

    def rebuild(self, units) -> None:
        at: dict[str, list[UnitState]] = {}
        for u in units:
            at.setdefault(u.hex, []).append(u)
        self.at, self._shared, self._own = at, False, set()
        token = object()
        self.versions = {side: (token, 0) for side in {u.side for us in at.values() for u in us}}
        self.mixed = {h for h, us in at.items() if len(us) > 1 and any(u.side != us[0].side for u in us)}

    def _changed(self, u: UnitState, lst: list[UnitState]) -> None:
        token, n = self.versions.get(u.side, (None, 0))
        self.versions[u.side] = (token if token is not None else object(), n + 1)
        if len(lst) > 1 and any(x.side != lst[0].side for x in lst):
            self.mixed.add(u.hex)
        else:
            self.mixed.discard(u.hex)

    def _list(self, h: str) -> list[UnitState]:
        at = self.at
        assert at is not None                  # called only while indexed (the callers check)
        if self._shared:
            at = self.at = at.copy()           # not dict(): clones the table even with holes (hexes emptied)
            self._shared = False
            self._own = set()
        lst = at.get(h)
        if lst is None:
            lst = at[h] = []
            self._own.add(h)
        elif h not in self._own:
            lst = at[h] = list(lst)
            self._own.add(h)
        return lst

    def add(self, u: UnitState) -> None:
        if self.at is not None:
            lst = self._list(u.hex)
            lst.append(u)
            self._changed(u, lst)

    def remove(self, u: UnitState) -> None:
        if self.at is None:
            return
        lst = self._list(u.hex)
        for i, x in enumerate(lst):
            if x is u:
                del lst[i]
                break
        else:                                  # not indexed: the index is wrong, start again
            self.at = None
            return
        self._changed(u, lst)
        if not lst:
            del self.at[u.hex]

    def replace(self, old: UnitState, new: UnitState) -> None:
        """Put ``new`` where ``old`` stands (the same unit in the same hex, with its move)."""
        if self.at is None:
            return
        lst = self._list(old.hex)
        for i, x in enumerate(lst):
            if x is old:
                lst[i] = new
                return
        self.at = None                         # not indexed: the index is wrong, start again

    def snapshot(self) -> dict[str, list[UnitState]] | None:
        """The index for a position (shared with it: the index copies before it changes)."""
        if self.at is None:
            return None
        self._shared = True
        self._own = set()
        return self.at
