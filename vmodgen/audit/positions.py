"""Replayed game states as rule positions: each piece read once through the binding (unit,
reduced side, hex, statuses, markers) and re-read only when a step touches it."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..binding.base import Binding
from ..binding.pieces import state_key
from ..model.unit import Unit
from ..positions.model import NO_ALIASES, Position, UnitState
from ..vassal.module import Module
from ..vassal.replay import GameState, Step
from .concealment import Concealment, ConcealmentReader
from .hex_index import HexIndex


@dataclass
class PieceView:
    """What the binding made of one piece. A piece off the game map (on a chart, a schedule, a
    display) is not read: its view is ``lazy`` (no unit, no markers) until :meth:`PositionBuilder.
    resolve` reads it, for the few reports that want it."""
    pid: str
    unit: Unit | None
    reduced: bool
    hex: str | None
    point: tuple
    markers: frozenset[str]
    status: frozenset[str]
    lazy: bool = False
    #: set when its owner masked or hid it (vmodgen.audit.concealment): (kind, shown name)
    concealed: Concealment | None = None


#: what the binding made of a piece: its unit (None: not a unit), reduced, markers, statuses,
#: and whether its owner concealed it
_Reading = tuple[Unit | None, bool, frozenset[str], frozenset[str], Concealment | None]
_EMPTY: frozenset[str] = frozenset()


class PositionBuilder:
    """Keeps every piece's view up to date as the states of one replay go by."""

    def __init__(self, binding: Binding, module: Module | None, cache: dict | None = None,
                 points: dict | None = None, aliases: Mapping[str, tuple[str, ...]] = NO_ALIASES) -> None:
        self.binding = binding
        self.module = module
        self.aliases = aliases                 # the rule set's status aliases, for the unit states
        self.views: dict[str, PieceView] = {}
        #: (piece id, type chain, state chain without the position) → what the binding made of it;
        #: shared by the files of one audit
        self._cache: dict[tuple[str, str, str], _Reading] = cache if cache is not None else {}
        self._unit_states: dict[str, UnitState] = {}
        #: the units of the last position: ``_unit_states`` in its order, with the states with
        #: their moves (``_wanted``) in place of the cached ones, kept up to date change by change
        #: with the cache (None: to be made again from both)
        self._now: dict[str, UnitState] | None = None
        self.units: dict[str, PieceView] = {}      # views of units on the game map
        self.markers: dict[str, PieceView] = {}    # views of marker pieces on the game map
        self.version = 0                       # bumped whenever a unit or marker view changes
        #: the pieces the last :meth:`update` read again (their views are new objects), None when
        #: it read every piece (the start, a board change)
        self.touched: set[str] | None = None
        self._markers_at: dict[str, set[str]] | None = None
        self._had_markers: dict[str, bool] = {}
        self._hex_markers: dict[str, dict[str, str]] | None = None   # markers_at as Position wants it
        #: hex → marker → how many marker pieces carry it, where more than one (Position.marker_counts)
        self._marker_counts: dict[str, dict[str, int]] | None = None
        self._dirty: set[str] = set()          # units whose state was dropped since the last position
        self._dirty_known = False              # False: every unit must be looked at (start, markers)
        self._index = HexIndex()               # hex → unit states of _unit_states
        #: map point → hex (hex_of_point) and → module label (locate), shared by the files of an
        #: audit while the module's boards stay the same (``points``: the store to share)
        self._store = points if points is not None else {}
        self._store.setdefault("version", None)
        self._points: dict[tuple, str | None] = self._store.setdefault("points", {})
        self._labels: dict[tuple, str | None] = self._store.setdefault("labels", {})
        #: piece id → what the continuity snapshot last made of it, with what that depends on
        #: (:func:`vmodgen.audit.engine.snapshot`; its labels hold for these boards only)
        self.snapshot_memo: dict[str, tuple] = self._store.setdefault("snapshots", {})
        self.type_names: dict[str, str] = self._store.setdefault("type_names", {})
        #: piece id → (type, state, point, lazy, its view): the last reading of the piece, shared
        #: by the files of an audit (views are never changed once made); for these boards only
        self._view_memo: dict[str, tuple] = self._store.setdefault("views", {})
        #: piece id → (its cached unit state, (start hex, path), the state with that move)
        self._moved: dict[str, tuple] = {}
        #: piece id → the state with its move that the index holds instead of the cached one
        self._in_index: dict[str, UnitState] = {}
        #: piece id → when its state entered the unit cache (the cache's order: a dict keeps the
        #: order of insertion), to list the units that moved in that order without a scan
        self._rank: dict[str, int] = {}
        self._ranks = 0
        #: piece id → when its view entered ``units`` (that dict's order), to put the dirty units
        #: in that order without a scan
        self._urank: dict[str, int] = {}
        self._uranks = 0
        #: piece id → its state with its move, as the last :meth:`position` with moves gave it
        #: (valid, ``_wanted_ok``, unless a change in between was not followed)
        self._wanted: dict[str, UnitState] = {}
        self._wanted_ok = False
        #: the ``movers`` of the last :meth:`position` (a later position's ``movers_delta`` base)
        self._last_movers: list[UnitState] = []
        #: the piece ids of ``_last_movers`` in its order, and each one's rank then
        self._mover_pids: list[str] = []
        self._mover_rank: dict[str, int] = {}
        #: piece id → its concealment, for the pieces on the game map whose owner masked or hid them
        self.concealed: dict[str, Concealment] = {}
        self._reader = ConcealmentReader(module.prototypes if module is not None else None)
        self._concealed_units: dict[str, Concealment] | None = {}
        #: the pieces whose concealment the last :meth:`update` changed (masked, unmasked, ...)
        self.reconcealed: set[str] = set()

    def locate(self, m: str | None, x: int, y: int) -> str | None:
        """The module's label of a map point (remembered per point until the boards change)."""
        if self.module is None or m is None:
            return None
        key = (m, x, y)
        try:
            return self._labels[key]
        except KeyError:
            pass
        got = self.module.locate(m, x, y)
        if len(self._labels) > 100_000:
            self._labels.clear()
        self._labels[key] = got
        return got

    def _view(self, state: GameState, pid: str, lazy: bool = True) -> PieceView | None:
        rec = state.pieces.get(pid)
        if rec is None:
            return None
        pos = rec.position
        # the view the last reading of this piece id made, while its type, state and point are
        # the same (a file's opening mostly holds the pieces the previous file ended with)
        piece = rec.piece
        t = piece._type
        st = piece.encode_state()
        memo = self._view_memo
        m = memo.get(pid)
        if m is not None and m[2] == pos and m[1] == st and m[0] == t and m[3] == lazy and t is piece._type:
            return m[4]
        view = self._read_view(rec, pid, pos, t, st, lazy)
        if len(memo) > 200_000:
            memo.clear()
        memo[pid] = (t, st, pos, lazy, view)
        return view

    def _read_view(self, rec, pid: str, pos: tuple, t: str, st: str, lazy: bool) -> PieceView:
        """What the binding makes of a piece at ``pos`` (``t``, ``st``: its type and state chains)."""
        hexid = self.hex_of_point(pos)
        if hexid is None and lazy:              # off the game map: no rule looks at it
            return PieceView(pid, None, False, None, pos, _EMPTY, _EMPTY, lazy=True)
        key = (pid, t, state_key(st))   # not the position
        got = self._cache.get(key)
        if got is None:
            u = self.binding.unit_for(rec)
            hid = self._reader.of(rec.piece)
            if u is None:
                got = (None, False, self.binding.markers_for(rec), frozenset(), hid)
            else:
                got = (u[0], u[1], frozenset(), self.binding.unit_status(rec), hid)
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[key] = got
        return PieceView(pid, got[0], got[1], hexid, pos, got[2], got[3], concealed=got[4])

    def resolve(self, state: GameState, pid: str) -> PieceView | None:
        """The view of ``pid`` with its unit read, even off the game map (not kept)."""
        v = self.views.get(pid)
        if v is not None and not v.lazy:
            return v
        return self._view(state, pid, lazy=False)

    def _index_remove(self, pid: str, us: UnitState) -> None:
        """Take a unit out of the index (the state with its move, if the index holds that)."""
        self._index.remove(self._in_index.pop(pid, us))

    def _movers_after(self, changed: list[str]) -> list[UnitState] | None:
        """The movers (the states of ``_wanted`` with a previous hex, by rank) from the last
        position's, when only the pids ``changed`` have another state with its move: each kept in
        its place when its rank is the same, taken out when it no longer moved or got a new rank,
        put at the end when its rank is above every rank of the last movers (a state made since);
        None when one would go in between (sort them all)."""
        if not changed:
            return self._last_movers
        wanted, rank, was = self._wanted, self._rank, self._mover_rank
        pids = self._mover_pids
        top = was[pids[-1]] if pids else -1
        out, order = list(self._last_movers), list(pids)
        tail: list[str] = []
        for pid in changed:
            new = wanted.get(pid)
            r = was.get(pid)
            if r is not None:
                i = order.index(pid)
                if new is not None and new.previous is not None and rank[pid] == r:
                    out[i] = new                # the same place
                    continue
                del out[i], order[i]
            if new is not None and new.previous is not None:
                if rank[pid] <= top:
                    return None
                tail.append(pid)
        if not tail and len(order) == len(pids):
            return out                         # the same pids, the same ranks
        ranks = {pid: was[pid] for pid in order}
        for pid in sorted(tail, key=rank.__getitem__):
            out.append(wanted[pid])
            order.append(pid)
            ranks[pid] = rank[pid]
        self._mover_pids, self._mover_rank = order, ranks
        return out

    def hex_of_point(self, point: tuple) -> str | None:
        """The kit hex (or box) of a map point, through the binding; remembered per point until
        the boards change (pieces stand on the same few points again and again)."""
        if point[0] is None:
            return None
        key = (point[0], point[1], point[2])
        try:
            return self._points[key]
        except KeyError:
            pass
        got = self.binding.hex_for(point[0], point[1], point[2], self.locate(*point))
        if len(self._points) > 100_000:
            self._points.clear()
        self._points[key] = got
        return got

    def update(self, state: GameState, step: Step | None) -> set[str]:
        """Re-read the pieces ``step`` touched (every piece for the start or a board change);
        returns the ids of units whose view changed."""
        if step is None or step.boards:
            version = self.module.layout_version() if self.module is not None else None
            if self._store["version"] != version:
                self._store["version"] = version
                self._points.clear()
                self._labels.clear()
                self.snapshot_memo.clear()
                self._view_memo.clear()
            pids = set(state.pieces) | set(self.views)
            self.touched = None
        else:
            pids = set()
            for mv in step.moves:
                pids.add(mv.piece_id)
                pids.update(mv.members)
            for ch in step.changes:
                pids.add(ch.piece_id)
            for pid in step.created + step.deleted:
                pids.add(pid)
                st = state.stacks.get(pid)
                if st is not None:
                    pids.update(st.members)
            self.touched = pids
        changed = set()
        self.reconcealed = set()
        for pid in sorted(pids):        # a fixed order: the same report on every run
            if pid in state.stacks and pid not in state.pieces:
                continue
            old = self.views.get(pid)
            new = self._view(state, pid)
            hid = new.concealed if new is not None else None
            if hid != self.concealed.get(pid):
                if hid is None:
                    del self.concealed[pid]
                else:
                    self.concealed[pid] = hid
                self._concealed_units = None
                self.reconcealed.add(pid)
            if new is None:
                if old is not None:
                    del self.views[pid]
                    self.units.pop(pid, None)
                    self.markers.pop(pid, None)
                    if old.unit is not None or old.markers:
                        changed.add(pid)
                continue
            self.views[pid] = new
            if old is not None and (old.unit, old.reduced, old.hex, old.markers, old.status) == \
                    (new.unit, new.reduced, new.hex, new.markers, new.status):
                continue
            self.units.pop(pid, None)
            self.markers.pop(pid, None)
            if new.hex is not None:
                if new.unit is not None:
                    self.units[pid] = new
                    self._urank[pid] = self._uranks = self._uranks + 1
                elif new.markers:
                    self.markers[pid] = new
            relevant = (new.unit is not None or bool(new.markers) or
                        (old is not None and (old.unit is not None or bool(old.markers))))
            if relevant:
                changed.add(pid)
        if changed:
            self.version += 1
            marker_change = any(pid not in self.units and (pid in self.markers or
                                                            self._had_markers.pop(pid, False))
                                for pid in changed)
            for pid in changed:
                if pid in self.markers:
                    self._had_markers[pid] = True
            drop = set(changed)
            if marker_change:
                old_at = self._markers_at
                self._markers_at = None
                self._hex_markers = None
                self._marker_counts = None
                if old_at is None or not self._dirty_known:
                    self._unit_states.clear()
                    self._now = None
                    self._index.at = None
                    self._in_index.clear()
                    self._dirty_known = False
                    drop = set()
                else:                  # the units of the hexes whose markers changed read them again
                    new_at = self.markers_at()
                    hexes = {h for h in old_at.keys() | new_at.keys() if old_at.get(h) != new_at.get(h)}
                    if hexes:
                        drop.update(pid for pid, v in self.units.items() if v.hex in hexes)
            for pid in drop:
                us = self._unit_states.pop(pid, None)
                if us is not None:
                    self._index_remove(pid, us)
                    if self._now is not None:
                        self._now.pop(pid, None)
            self._dirty.update(drop)
        return changed

    def concealment(self, piece) -> Concealment | None:
        """Whether the owner of ``piece`` masked or hid it (with the module's prototypes)."""
        return self._reader.of(piece)

    def concealment_by_place(self, state: GameState, rec, private: frozenset[str]) -> Concealment | None:
        """Whether where ``rec`` is hides it (a private map window, a face-down deck)."""
        return self._reader.by_place(state, rec, private)

    def concealed_units(self) -> dict[str, Concealment]:
        """Unit id → concealment of the units on the game map their owner masked or hid now (the
        same dict while none changes)."""
        got = self._concealed_units
        if got is None:
            got = {}
            for pid, hid in sorted(self.concealed.items()):
                v = self.views.get(pid)
                if v is not None and v.unit is not None:
                    got[v.unit.id] = hid
            self._concealed_units = got
        return got

    def unit_views(self) -> list[PieceView]:
        return list(self.units.values())

    def markers_at(self) -> dict[str, set[str]]:
        if self._markers_at is None:
            out: dict[str, set[str]] = {}
            for v in self.markers.values():
                if v.markers and v.hex is not None:
                    out.setdefault(v.hex, set()).update(v.markers)
            self._markers_at = out
        return self._markers_at

    def _count_markers(self) -> dict[str, dict[str, int]]:
        """Hex → marker → pieces carrying it, where more than one does (two AMs of a formation, IM 4.41)."""
        counts: dict[str, Counter[str]] = {}
        for v in self.markers.values():
            if v.markers and v.hex is not None:
                counts.setdefault(v.hex, Counter()).update(v.markers)
        return {h: {m: n for m, n in c.items() if n > 1} for h, c in counts.items() if max(c.values()) > 1}

    def position(self, *, turn: int | None, phase: str, side: str, at: str,
                 moves: dict[str, tuple] | None = None,
                 moved: set[str] | None = None, source: str = "") -> Position:
        """The rule position now; ``moves``: piece id → (hex at the phase start, path or None,
        and optionally the mode: "retreat", "advance"); ``moved``: the piece ids whose entry
        in ``moves`` may differ from the last call's (None: any). Only those, and the units
        whose state changed, are looked at again."""
        binding = self.binding
        markers_at = self.markers_at()
        cache = self._unit_states
        # only the units whose state was dropped since the last position (all after a marker change)
        dirty = self._dirty
        # the states with their moves of the last call hold but for ``redo`` (None: every one)
        redo: set[str] | None = moved | dirty if moved is not None and self._dirty_known and self._wanted_ok \
            else None
        if not self._dirty_known:
            todo = self.units
        else:                                  # in the order of self.units, as a full scan would
            units_now = self.units
            todo = {pid: units_now[pid] for pid in sorted((p for p in dirty if p in units_now),
                                                          key=self._urank.__getitem__)}
        index = self._index
        rebuild = index.at is None
        now = self._now
        for pid, v in todo.items():
            if pid not in cache:
                assert v.unit is not None and v.hex is not None     # self.units: units on the map
                extra = markers_at.get(v.hex)
                us = cache[pid] = UnitState(v.unit, v.hex, v.reduced,
                                            v.status | frozenset(extra) if extra else v.status,
                                            aliases=self.aliases)
                self._rank[pid] = self._ranks = self._ranks + 1
                if now is not None:
                    now[pid] = us              # inserted in the cache's order, as the cache is
                if not rebuild:
                    index.add(us)
        self._dirty.clear()
        self._dirty_known = True
        if len(cache) != len(self.units):
            for pid in [p for p in cache if p not in self.units]:
                self._index_remove(pid, cache.pop(pid))
                if now is not None:
                    now.pop(pid, None)
                if redo is not None:
                    redo.add(pid)
        if index.at is None:
            self._in_index.clear()
            index.rebuild(cache.values())
            redo = None
        subst = self._in_index
        wanted = self._wanted
        delta: tuple[list[UnitState], list[UnitState], list[UnitState]] | None = None
        changed: list[str] = []                # with ``delta``: the pids whose state with its move changed
        if not moves:
            self._moved.clear()
            wanted.clear()
            self._wanted_ok = False
            redo = None
            units = list(cache.values())
            self._now = None
        else:
            if redo is None:
                wanted.clear()
                redo_now: Iterable[str] = moves
            else:
                redo_now = redo
                # how the movers will differ from the last position's (Position.movers_delta)
                delta = (self._last_movers, [], [])
            made = self._moved
            for pid in redo_now:
                mv = moves.get(pid)
                was = cache.get(pid)
                if mv is None or was is None:
                    old = wanted.pop(pid, None)
                    if delta is not None and old is not None:
                        changed.append(pid)
                        if old.previous is not None:
                            delta[2].append(old)
                    continue
                got = made.get(pid)
                if got is not None and got[0] is was and got[1] == mv:
                    new = got[2]               # the same move as at the last position
                else:
                    new = UnitState(was.unit, was.hex, was.reduced, was.status, previous=mv[0], path=mv[1],
                                    mode=mv[2] if len(mv) > 2 else "move", aliases=was.aliases,
                                    stops=mv[3] if len(mv) > 3 else None,
                                    guessed=mv[4] if len(mv) > 4 else frozenset(),
                                    times=mv[5] if len(mv) > 5 else None)
                    made[pid] = (was, mv, new)
                if delta is not None:
                    old = wanted.get(pid)
                    if old is not new:
                        changed.append(pid)
                        if old is not None and old.previous is not None:
                            delta[2].append(old)
                        if new.previous is not None:
                            delta[1].append(new)
                wanted[pid] = new
            self._wanted_ok = True
            if redo is None or now is None:
                now = self._now = cache.copy()     # not dict(): a copy clones a dict with holes (pops) at once
                now.update(wanted)             # in the cache's order: every key is the cache's
            else:                              # the others are the last position's (in redo otherwise)
                for pid in redo:
                    st = wanted.get(pid) or cache.get(pid)
                    if st is not None:
                        now[pid] = st          # a key already there (inserted above when new)
            units = list(now.values())
        # the index holds the states with their moves (in place of the cached ones)
        for pid in [p for p in subst if p not in wanted] if redo is None else \
                [p for p in redo if p in subst and p not in wanted]:
            index.replace(subst.pop(pid), cache[pid])
        for pid in (wanted if redo is None else [p for p in redo if p in wanted]):
            new = wanted[pid]
            cur = subst.get(pid, cache[pid])
            if cur is not new:
                index.replace(cur, new)
                subst[pid] = new
        by_hex = index.snapshot()
        if self._hex_markers is None:
            self._hex_markers = {h: {m: "" for m in ms} for h, ms in markers_at.items()}
        if self._marker_counts is None:
            self._marker_counts = self._count_markers()
        # shared by the positions until a marker changes (rules never write to a position)
        pos = Position(binding.game, binding.map, units, turn, phase, side, at,
                       hex_markers=self._hex_markers, marker_counts=self._marker_counts, source=source, by_hex=by_hex, phase_from_tracker=True)
        # the units that moved, in the order of ``units``: the last position's, changed where
        # ``changed`` says, else sorted again
        movers = self._movers_after(changed) if delta is not None else None
        if movers is None:
            rank = self._rank
            pids = [pid for pid in sorted(wanted, key=rank.__getitem__) if wanted[pid].previous is not None]
            movers = [wanted[pid] for pid in pids]
            self._mover_pids = pids
            self._mover_rank = {pid: rank[pid] for pid in pids}
        # the states of ``wanted`` not in the delta are the last position's, and in its order: a
        # state's rank changes only with a new state (the unit's own change: in ``redo``)
        pos.set_movers(movers, delta)
        self._last_movers = movers
        if by_hex is not None:
            pos.side_versions = dict(index.versions)
            pos.mixed_hexes = frozenset(index.mixed)
        return pos
