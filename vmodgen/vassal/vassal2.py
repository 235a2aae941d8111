"""What VASSAL 2.x (and 3.0, which kept this code) does with the piece commands of a save or
log (read from VASSAL's 2.9.8 source: ``BasicPiece``, ``Decorator``, ``Stack``, ``Map``,
``StackMetrics``, ``AddPiece``, ``RemovePiece``, ``ChangePiece``, ``MovePiece``), where it
differs from the 3.x replay:

* A piece keeps its own map field and position; inside a stack it *is* where the stack is
  (``getMap``/``getPosition`` ask the parent), and joining a stack does not update the own
  map. ``getState`` writes the own map (often stale, or ``null``) with the stack's position.
* ``D/id/new/old`` merges (``mergeState``): a trait whose state is the same in ``new`` and
  ``old`` is left as it is; only a BasicPiece state that changed moves the piece: to another
  map it leaves its stack, to ``null`` it stays in its stack. A ``D/`` on a stack merges its
  member list with the members it has now.
* ``M/`` of an id the game does not know (a stack the recording client made without logging
  it) does nothing. A move with no piece underneath joins the stack standing exactly at the
  point at its bottom, or stands alone (a new stack is made only when it joins a lone piece);
  a move onto a piece underneath goes right above it.
* ``M/`` to no map only takes the piece off its map's list: inside a stack it stays there.
* ``-/`` of a piece on no map fails (VASSAL's ``RemovePiece`` stops on the missing map);
  ``-/`` of a stack leaves its members with no map.

The game state the replay exposes is derived: a piece's position is where VASSAL draws it,
its ``stack`` the stack that lists it.
"""
from __future__ import annotations

from typing import Callable

from .chains import split_state_chain
from .codec import decode, encode, java_int
from .gamestate import GameState, Locate, PieceRecord, StackRecord
from .piece import Piece, type_elements
from .stacking import StackingRules
from .interpreter import DECK_PREFIX, Change, Move, _Runner, _opening_adds, merge_stack_state, merge_state
from .typed import AddPiece, ChangePiece, MovePiece
from .. import limits
from ..errors import LimitError

__all__ = ["Vassal2Runner"]


class _P:
    """A piece as VASSAL 2.x holds it."""
    __slots__ = ("id", "own_map", "own_pos", "parent", "rec", "no_stack", "written")

    def __init__(self, pid: str, rec: PieceRecord, no_stack: bool | None = None) -> None:
        self.id = pid
        self.own_map: str | None = None
        self.own_pos: tuple[int, int] = (0, 0)
        self.parent: _S | None = None
        self.rec = rec
        #: Immobilized: Properties.NO_STACK (``no_stack``: already read from the same type)
        self.no_stack = _no_stack(rec.piece._type) if no_stack is None else no_stack
        self.written: tuple | None = None               # the place its BasicPiece state holds


def _no_stack(type_chain: str) -> bool:
    """Whether a piece of this type never stacks (an Immobilized trait)."""
    return "immob;" in type_chain


class _S:
    """A stack as VASSAL 2.x holds it."""
    __slots__ = ("id", "map", "pos", "contents", "kids", "local", "deck")

    def __init__(self, sid: str, local: bool = False, deck: bool = False) -> None:
        self.id = sid
        self.deck = deck                    # a Deck (2.x: ``Deck extends Stack``)
        self.map: str | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.contents: list[_P] = []
        self.kids: set[_P] = set()          # pieces whose parent this is (listed or not)
        self.local = local                  # made by this client (an id the log never names)


def _index(s: _S, p: _P | _S) -> int:
    for k, x in enumerate(s.contents):
        if x is p:
            return k
    return -1


def _cut(s: _S) -> None:
    """Cut a stack's links to its pieces, and theirs to it (see :meth:`Vassal2Runner.release`)."""
    for p in s.kids:
        if p.parent is s:
            p.parent = None
    for p in s.contents:
        if p.parent is s:
            p.parent = None
    s.kids = set()
    s.contents = []


def _i(tokens: list[str], k: int) -> int:
    v = java_int(tokens[k]) if k < len(tokens) else None
    return 0 if v is None else v


# what a ``+/`` reads from its state text, memoised by that text across the files of a chain
# (every log of a chain opens with the whole game: most of its pieces' and stacks' states are
# those the previous file opened with). Pure functions of the text; bounded in entries.
_FIELDS_MAX = 65_536
_BASIC: dict[str, tuple[str | None, tuple[int, int], bool]] = {}
_PIECES: dict[tuple[str, int], tuple[str | None, tuple[int, int], bool]] = {}
_STACKS: dict[str, tuple[str | None, tuple[int, int], tuple[str, ...]]] = {}


def _remember(memo: dict, key, value) -> None:
    if len(memo) >= _FIELDS_MAX:
        memo.clear()
    memo[key] = value


def _basic_fields(basic: str) -> tuple[str | None, tuple[int, int], bool]:
    """A BasicPiece state's map (``None`` for ``null``), point, and whether its point tokens
    are written as VASSAL writes that point (``str`` of the numbers)."""
    got = _BASIC.get(basic)
    if got is None:
        tokens = decode(basic, ";")
        map_id = tokens[0] if tokens else "null"
        pos = (_i(tokens, 1), _i(tokens, 2))
        got = (None if map_id == "null" else map_id, pos, tokens[1:3] == [str(pos[0]), str(pos[1])])
        if len(basic) <= 4_000:
            _remember(_BASIC, basic, got)
    return got


def _piece_fields(state: str, count: int) -> tuple[str | None, tuple[int, int], bool]:
    """:func:`_basic_fields` of the BasicPiece element of a piece's state chain (of a type of
    ``count`` elements)."""
    key = (state, count)
    got = _PIECES.get(key)
    if got is None:
        got = _basic_fields(split_state_chain(state, key[1])[-1])
        if len(state) <= 8_000:
            _remember(_PIECES, key, got)
    return got


def _deck_as_stack(state: str) -> str:
    """A Deck's state (``Deck.setState``: map, point, face down, its cards' ids in one
    comma-separated token) as the stack state that places the same cards."""
    tokens = decode(state, ";")
    ids = [i for i in decode(tokens[4], ",") if i] if len(tokens) > 4 else []
    return encode((tokens + ["", "", ""])[:3] + ids, ";")


def _stack_fields(state: str) -> tuple[str | None, tuple[int, int], tuple[str, ...]]:
    """A 2.x stack state's map (``None`` for ``null``), point and member ids."""
    got = _STACKS.get(state)
    if got is None:
        tokens = decode(state, ";")
        map_id = tokens[0] if tokens else "null"
        got = (None if map_id == "null" else map_id, (_i(tokens, 1), _i(tokens, 2)), tuple(tokens[3:]))
        if len(state) <= 8_000:
            _remember(_STACKS, state, got)
    return got


#: what :meth:`Vassal2Runner._load` reads from an opening's ``+/`` command, by the command's typed
#: view (one object per command text, ``commands._TYPED``: a piece that did not change in a file
#: opens the next file with the same text). Keyed by ``id``, the command kept to check it is the
#: same object; bounded (:data:`_ADDS_MAX` entries of commands of at most :data:`_ADD_CHARS`
#: characters: 32 M characters at most, which ``commands._TYPED`` mostly holds already). Values
#: (:func:`_add_fields`): ``(cmd, True, map, point, written, no_stack)`` for a piece
#: (:func:`_piece_fields`, :func:`_no_stack`), ``(cmd, False, deck, map, point, member ids)`` for
#: a stack or a Deck (:func:`_stack_fields`).
_ADDS: dict[int, tuple] = {}
_ADDS_MAX = 16_384
_ADD_CHARS = 2_000


def _add_fields(cmd: AddPiece, path: str | None) -> tuple:
    """:data:`_ADDS`' entry for ``cmd`` (worked out, and remembered); ``path``: the file, named
    by an error in the piece's type."""
    deck = cmd.type.startswith(DECK_PREFIX)
    if deck or cmd.type == "stack":
        got: tuple = (cmd, False, deck, *_stack_fields(_deck_as_stack(cmd.state) if deck else cmd.state))
    else:
        got = (cmd, True, *_piece_fields(cmd.state, len(type_elements(cmd.type, path))), _no_stack(cmd.type))
    if len(cmd.type) + len(cmd.state) <= _ADD_CHARS:
        if len(_ADDS) >= _ADDS_MAX:
            _ADDS.clear()
        _ADDS[id(cmd)] = got
    return got


class Vassal2Runner(_Runner):
    """The replay interpreter for logs VASSAL 2.x wrote (see the module docstring)."""

    def __init__(self, state: GameState, locate: Locate | None,
                 apply_boards: Callable[[str], object] | None, warnings: list[str],
                 path: str | None = None, stacking: StackingRules | None = None) -> None:
        super().__init__(state, locate, apply_boards, warnings, path, stacking)
        self.reg: dict[str, _P | _S] = {}
        # map → its top-level pieces in the order they joined it (a dict: in order, O(1) out)
        self.coll: dict[str, dict[int, _P | _S]] = {}
        #: the merge finder's index, built from the maps' lists on its first use: (map, id) → when
        #: the piece or stack joined that map's list (the list's order), and point → the pieces
        #: and stacks of the lists that may stand there (a superset: each is added when it comes
        #: to a point, and dropped when a look finds it elsewhere)
        self.rank: dict[tuple[str, int], int] = {}
        self.ranks = 0
        self.near: dict[tuple[int, int], dict[int, _P | _S]] | None = None
        self.dirty: list[_P | _S] = []
        for rec in list(self.s.pieces.values()):     # a state handed in (none when a file is read)
            p = _P(rec.id, rec)
            p.own_map, p.own_pos = rec.map, (rec.x, rec.y)
            self.reg[rec.id] = p

    # ---- the object model ------------------------------------------------------------------
    def _map_of(self, o: _P | _S) -> str | None:
        if isinstance(o, _P) and o.parent is not None:
            return o.parent.map
        return o.own_map if isinstance(o, _P) else o.map

    def _pos_of(self, o: _P | _S) -> tuple[int, int]:
        if isinstance(o, _P) and o.parent is not None:
            return o.parent.pos
        return o.own_pos if isinstance(o, _P) else o.pos

    def _set_map(self, o: _P | _S, m: str | None) -> None:
        if isinstance(o, _P):
            o.own_map = m
        else:
            o.map = m
        self.dirty.append(o)

    def _set_pos(self, o: _P | _S, pos: tuple[int, int]) -> None:
        if isinstance(o, _P):
            o.own_pos = pos
            self._near(o)
        else:
            o.pos = pos
            if self.near is not None:
                near = self.near.setdefault(pos, {})
                near[id(o)] = o
                for p in o.kids:        # pieces whose place is the stack's
                    near[id(p)] = p
        self.dirty.append(o)

    def _near(self, o: _P | _S) -> None:
        """Note that ``o`` may stand at its place now (see :attr:`near`, once built)."""
        near = self.near
        if near is None:
            return
        if isinstance(o, _S):
            pos = o.pos
        else:
            pos = o.parent.pos if o.parent is not None else o.own_pos
        near.setdefault(pos, {})[id(o)] = o

    def _build_near(self) -> dict[tuple[int, int], dict[int, _P | _S]]:
        """The merge finder's index (:attr:`near`, :attr:`rank`) from the maps' lists as they are."""
        self.near = {}
        for m, members in self.coll.items():
            for k, o in members.items():
                self.ranks += 1
                self.rank[(m, k)] = self.ranks
                self._near(o)
        return self.near

    def _set_parent(self, p: _P, s: _S | None) -> None:
        if p.parent is not None:
            p.parent.kids.discard(p)
        p.parent = s
        if s is not None:
            s.kids.add(p)
        self._near(p)
        self.dirty.append(p)

    def _coll_remove(self, m: str | None, o: _P | _S) -> None:
        if m is not None:
            self.coll.get(m, {}).pop(id(o), None)

    def _in_coll(self, m: str, o: _P | _S) -> bool:
        return id(o) in self.coll.get(m, ())

    def _stack_remove(self, s: _S, p: _P) -> None:
        for k, x in enumerate(s.contents):
            if x is p:
                del s.contents[k]
                break
        self.dirty.append(s)

    def _map_add(self, m: str, o: _P | _S) -> None:
        """``Map.addPiece``."""
        if self._in_coll(m, o):
            return
        if isinstance(o, _P) and o.parent is not None:
            self._stack_remove(o.parent, o)
            self._set_parent(o, None)
        cur = self._map_of(o)
        if cur is not None and cur != m:
            self._coll_remove(cur, o)
        self.coll.setdefault(m, {})[id(o)] = o
        if self.near is not None:
            self.ranks += 1
            self.rank[(m, id(o))] = self.ranks
            self._near(o)
        self._set_map(o, m)

    def _insert_child(self, s: _S, p: _P, index: int) -> None:
        """``Stack.insertChild``."""
        if p.parent is not None:
            self._stack_remove(p.parent, p)
        else:
            self._coll_remove(self._map_of(p), p)
        self._set_parent(p, s)
        s.contents.insert(index, p)
        self.dirty.append(s)

    def _insert(self, s: _S, p: _P, pos: int) -> None:
        """``Stack.insert``: into the stack at ``pos``, or moved there within it."""
        pos = max(0, min(pos, len(s.contents)))
        for k, x in enumerate(s.contents):
            if x is p:
                del s.contents[k]
                s.contents.insert(min(pos, len(s.contents)), p)
                self.dirty.append(s)
                return
        self._insert_child(s, p, pos)

    def _stack_state(self, s: _S) -> str:
        """``Stack.getState`` (2.9.8: map, point, member ids)."""
        return encode([s.map or "null", str(s.pos[0]), str(s.pos[1])] + [p.id for p in s.contents], ";")

    def _stack_set_state(self, s: _S, state: str) -> None:
        """``Stack.setState``: the point, then the members (a member of another stack leaves
        it; one left out keeps this stack as its parent, unseen), then the map."""
        m, pos, ids = _stack_fields(state)
        self._set_pos(s, pos)
        s.contents = []
        self.dirty.append(s)
        for tok in ids:
            child = self.reg.get(tok)
            if isinstance(child, _P):
                self._insert_child(s, child, len(s.contents))
            elif isinstance(child, _S):
                break          # Stack.setParent throws: the rest of the state is not read
        if m != s.map:
            if m is not None:
                self._map_add(m, s)
            else:
                self._set_map(s, None)

    def _basic_set_state(self, p: _P, basic: str) -> None:
        """``BasicPiece.setState``: own point; to another map: onto that map (out of its
        stack); to no map: off its map's list, still in its stack."""
        new_map, pos, _ = _basic_fields(basic)
        self._set_place(p, new_map, pos)

    def _set_place(self, p: _P, new_map: str | None, pos: tuple[int, int]) -> None:
        """The moves of :meth:`_basic_set_state`, from its state's map and point."""
        old_map = self._map_of(p)
        self._set_pos(p, pos)
        if new_map != old_map:
            if new_map is not None:
                self._map_add(new_map, p)
            elif old_map is not None:
                self._coll_remove(old_map, p)
                self._set_map(p, None)
            else:
                self._set_map(p, None)

    # ---- the commands ----------------------------------------------------------------------
    def run(self, node) -> None:
        super().run(node)
        self._sync()

    def _load(self, node) -> bool:
        """The opening of a save or log (a container of ``+/`` commands run into an empty game,
        as VASSAL loads a file), in one pass: what running each ``+/`` and then :meth:`_sync`
        gives, without the per-command bookkeeping. False (nothing done) when the game is not
        empty, or the container holds anything else or names an id twice: the general path
        runs it."""
        if self.reg or self.s.stacks or self.s.pieces or self.dirty:
            return False
        cmds = _opening_adds(node)
        if cmds is None:
            return False
        self.near = None                # the maps' lists change here: the index is built again
        reg, coll, spieces = self.reg, self.coll, self.s.pieces
        warnings, path = self.warnings, self.path
        stacks: list[_S] = []           # in the order they came (reg's order: each id comes once)
        loose: list[_P] = []
        for cmd in cmds:
            pid = cmd.id
            got = _ADDS.get(id(cmd))
            if got is None or got[0] is not cmd:
                got = _add_fields(cmd, path)
            if got[1]:                  # a piece
                if len(spieces) >= limits.MAX_PIECES:
                    raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
                rec = PieceRecord(pid, Piece(cmd.type, cmd.state, None, warnings, path))
                p = _P(pid, rec, got[5])
                reg[pid] = p
                spieces[pid] = rec
                loose.append(p)
                m = got[2]
                p.own_pos = got[3]
                if m is not None:
                    coll.setdefault(m, {})[id(p)] = p
                    p.own_map = m
                if got[4]:
                    p.written = (m, *got[3])
                continue
            deck = got[2]
            if deck:            # the deck's piece (shown as the 3.x replay shows it), and its stack
                if len(spieces) >= limits.MAX_PIECES:
                    raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
                spieces[pid] = PieceRecord(pid, Piece(cmd.type, cmd.state, warnings=warnings, source=path))
            st = _S(pid, deck=deck)
            reg[pid] = st
            stacks.append(st)
            m, st.pos = got[3], got[4]
            contents = st.contents
            kids = st.kids
            for tok in got[5]:
                child = reg.get(tok)
                if child is None:
                    continue
                if type(child) is _P:
                    old = child.parent
                    if old is not None:           # listed by an earlier stack: it leaves that one
                        for k, member in enumerate(old.contents):
                            if member is child:
                                del old.contents[k]
                                break
                        old.kids.discard(child)
                    elif child.own_map is not None:
                        coll.get(child.own_map, {}).pop(id(child), None)
                    child.parent = st
                    kids.add(child)
                    contents.append(child)
                else:
                    break          # Stack.setParent throws: the rest of the state is not read
            if m is not None:
                coll.setdefault(m, {})[id(st)] = st
                st.map = m
        # _sync: the stacks' records in the order they joined, then every piece's place
        sstacks, index = self.s.stacks, self.index
        for o in stacks:
            x, y = o.pos
            sstacks[o.id] = StackRecord(o.id, o.map, x, y, [p.id for p in o.contents], None, deck=o.deck)
            index.setdefault((o.map, x, y), []).append(o.id)
            if o.deck:
                spieces[o.id].position = (o.map, x, y)
        for q in loose:
            parent = q.parent
            rec = q.rec
            if parent is None:
                m = q.own_map
                x, y = q.own_pos
                rec.position = (m, x, y)
                rec.stack = None
            else:
                m = parent.map
                x, y = parent.pos
                rec.position = (m, x, y)
                rec.stack = parent.id
            if q.written != (q.own_map, x, y):
                rec.piece.set_position(q.own_map, x, y)
                q.written = (q.own_map, x, y)
        return True

    def add(self, cmd: AddPiece) -> None:
        if cmd.is_stack:
            s = _S(cmd.id)
            self._register(s)
            self._stack_set_state(s, cmd.state)
        elif cmd.type.startswith(DECK_PREFIX):
            if cmd.id not in self.reg and len(self.s.pieces) >= limits.MAX_PIECES:
                raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
            s = _S(cmd.id, deck=True)
            self._register(s)
            self.s.pieces[cmd.id] = PieceRecord(cmd.id, Piece(cmd.type, cmd.state, warnings=self.warnings,
                                                              source=self.path))
            self._stack_set_state(s, _deck_as_stack(cmd.state))
        else:
            if cmd.id not in self.reg and len(self.s.pieces) >= limits.MAX_PIECES:
                raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
            rec = PieceRecord(cmd.id, Piece(cmd.type, cmd.state, warnings=self.warnings, source=self.path))
            p = _P(cmd.id, rec)
            self._register(p)
            new_map, pos, written = _piece_fields(cmd.state, rec.piece.count)
            self._set_place(p, new_map, pos)
            if written:
                p.written = (p.own_map, *p.own_pos)     # its state already says so
        if self.step is not None:
            self.step.created.append(cmd.id)

    def _register(self, o: _P | _S) -> None:
        old = self.reg.get(o.id)
        if old is not None:
            self._unregister(old)
        self.reg[o.id] = o
        if isinstance(o, _P):
            self.s.pieces[o.id] = o.rec
        self.dirty.append(o)

    def _unregister(self, o: _P | _S) -> None:
        if self.reg.get(o.id) is o:
            del self.reg[o.id]
        if isinstance(o, _P):
            if self.s.pieces.get(o.id) is o.rec:
                del self.s.pieces[o.id]
        else:
            st = self.s.stacks.get(o.id)
            if st is not None:
                self._index_remove(st)
                del self.s.stacks[o.id]
            if o.deck:
                self.s.pieces.pop(o.id, None)
            for p in list(o.kids):
                self.dirty.append(p)

    def remove(self, pid: str) -> None:
        o = self.reg.get(pid)
        if o is None:
            return
        m = self._map_of(o)
        if m is None:
            return             # RemovePiece: m.getIdentifier() on no map throws; nothing removed
        self._coll_remove(m, o)
        self._set_map(o, None)
        if isinstance(o, _P) and o.parent is not None:
            self._stack_remove(o.parent, o)
            self._set_parent(o, None)
        self._unregister(o)
        if self.step is not None:
            self.step.deleted.append(pid)

    def change(self, cmd: ChangePiece) -> None:
        o = self.reg.get(cmd.id)
        if o is None:
            self._ignored(cmd.id)
            return
        if isinstance(o, _S) and o.deck:
            # a Deck's D/ (a shuffle, a face-down switch): its new state, cards in the new order
            rec = self.s.pieces.get(cmd.id)
            if rec is not None:
                was = rec.piece.encode_state()
                rec.piece.set_state(cmd.new_state)
                if self.step is not None:
                    self.step.changes.append(Change(cmd.id, rec.piece.encode_type(), was, cmd.new_state))
            self._stack_set_state(o, _deck_as_stack(cmd.new_state))
            return
        if isinstance(o, _S):
            new = cmd.new_state
            if cmd.old_state is not None and cmd.old_state != self._stack_state(o):
                new = merge_stack_state([p.id for p in o.contents], cmd.new_state, cmd.old_state)
            self._stack_set_state(o, new)
            return
        piece = o.rec.piece
        old_chain = piece.encode_state()
        merged, basic_changed = merge_state(old_chain, cmd.new_state, cmd.old_state, piece.count)
        piece.set_state(merged)
        o.written = None
        if basic_changed:
            self._basic_set_state(o, split_state_chain(cmd.new_state, piece.count)[-1])
        self.dirty.append(o)
        if self.step is not None:
            self.step.changes.append(Change(cmd.id, piece.encode_type(), old_chain, cmd.new_state))

    def move(self, cmd: MovePiece) -> None:
        o = self.reg.get(cmd.id)
        if o is None:
            self._ignored(cmd.id)   # MovePiece: no such piece here, nothing happens
            return
        new_pos = (cmd.new_x, cmd.new_y)
        members = [p.id for p in o.contents] if isinstance(o, _S) else [cmd.id]
        if cmd.new_map is not None:
            m = cmd.new_map
            if cmd.new_under is not None:
                under = self.reg.get(cmd.new_under)
                if under is not None and self._pos_of(under) == new_pos:
                    self._merge(under, o)
                elif not self._merge_at(m, o, new_pos):
                    self._place_at(m, o, new_pos)
            else:
                if not self._merge_at(m, o, new_pos):
                    self._place_at(m, o, new_pos)
                if isinstance(o, _P) and o.parent is not None:
                    self._insert(o.parent, o, 0)
        else:
            if cmd.old_map is not None:
                self._coll_remove(cmd.old_map, o)
        if self.step is not None:
            old = (cmd.old_map, cmd.old_x, cmd.old_y)
            new = (cmd.new_map, cmd.new_x, cmd.new_y)
            self.step.moves.append(Move(cmd.id, old, new, self.label(old), self.label(new),
                                        isinstance(o, _S), members, cmd.new_under))
        else:
            self.touch((cmd.old_map, cmd.old_x, cmd.old_y), (cmd.new_map, cmd.new_x, cmd.new_y))

    def _place_at(self, m: str, o: _P | _S, pos: tuple[int, int]) -> None:
        """``Map.placeAt`` of a piece in the game: its point, then onto the map's list."""
        self._set_pos(o, pos)
        self._map_add(m, o)

    def _merge_at(self, m: str, moving: _P | _S, pos: tuple[int, int]) -> bool:
        """``MovePiece``'s merge finder: the first thing on the map's list standing exactly at
        ``pos`` that the piece may join (stacks with pieces; lone pieces that stack)."""
        if isinstance(moving, _P) and moving.no_stack:
            return False
        coll = self.coll.get(m)
        if not coll:
            return False
        near = self.near if self.near is not None else self._build_near()
        cands = near.get(pos)
        if not cands:
            return False
        # the first on the map's list, in its order (the rank), of those standing at the point
        best: _P | _S | None = None
        best_rank = 0
        gone = []
        rank = self.rank
        for k, x in cands.items():
            if isinstance(x, _S):
                if x.pos != pos:
                    gone.append(k)
                    continue
                if coll.get(k) is not x or not (x.contents and not x.contents[-1].no_stack):
                    continue
            else:
                parent = x.parent
                if (parent.pos if parent is not None else x.own_pos) != pos:
                    gone.append(k)
                    continue
                if coll.get(k) is not x or x.no_stack:
                    continue
            r = rank[(m, k)]
            if best is None or r < best_rank:
                best, best_rank = x, r
        for k in gone:
            del cands[k]
        if best is None:
            return False
        self._merge(best, moving)
        return True

    def _merge(self, fixed: _P | _S, moving: _P | _S) -> None:
        """``StackMetrics.merge``: put ``moving`` right above ``fixed`` (a stack: above its top
        piece), making a stack for a lone ``fixed``."""
        if isinstance(fixed, _S) and fixed.contents:
            self._merge(fixed.contents[-1], moving)
            return
        parent = fixed.parent if isinstance(fixed, _P) else None
        index = 0 if parent is None else _index(parent, fixed) + 1     # indexOf: -1 if unlisted
        if moving is fixed or moving is parent:
            return
        if parent is None:
            if isinstance(fixed, _S):
                parent, index = fixed, len(fixed.contents)
            else:
                parent = self._create_stack(fixed)
                index = 1
        if isinstance(moving, _S):
            for p in list(moving.contents):
                self._insert_child(parent, p, index)
                index += 1
        else:
            if moving.parent is parent:
                index -= 1
            self._insert(parent, moving, index)

    def _create_stack(self, fixed: _P) -> _S:
        """``createStack``: a new stack (an id of this client's) around a lone piece."""
        self.local += 1
        s = _S(f"local-{self.local}", local=True)
        s.map = self._map_of(fixed)
        s.pos = self._pos_of(fixed)
        self._insert_child(s, fixed, 0)
        self.reg[s.id] = s
        if s.map is not None:
            self._map_add(s.map, s)
        return s

    # ---- the state the replay shows ---------------------------------------------------------
    def _sync(self) -> None:
        """Bring the replay's game state up to date with what changed."""
        if not self.dirty:
            return
        pieces: dict[int, _P] = {}
        seen: set[int] = set()
        for o in self.dirty:
            if id(o) in seen:
                continue
            seen.add(id(o))
            if isinstance(o, _S):
                self._sync_stack(o)
                for p in o.contents:
                    pieces[id(p)] = p
                for p in o.kids:
                    pieces[id(p)] = p
            else:
                pieces[id(o)] = o
        self.dirty = []
        for p in pieces.values():
            self._sync_piece(p)

    def _sync_stack(self, s: _S) -> None:
        st = self.s.stacks.get(s.id)
        shown = self.reg.get(s.id) is s and (not s.local or bool(s.contents))
        if not shown:
            if st is not None and self.reg.get(s.id) is not s:
                return             # another stack of the same id: its own record
            if st is not None:
                self._index_remove(st)
                del self.s.stacks[s.id]
            return
        members = [p.id for p in s.contents if self.reg.get(p.id) is p]
        if s.deck:
            rec = self.s.pieces.get(s.id)
            if rec is not None:
                rec.position = (s.map, s.pos[0], s.pos[1])
        if st is None:
            st = self.s.stacks[s.id] = StackRecord(s.id, s.map, s.pos[0], s.pos[1], members, None,
                                                   provisional=s.local, deck=s.deck)
            self._index_add(st)
        else:
            if (st.map, st.x, st.y) != (s.map, s.pos[0], s.pos[1]):
                self._index_remove(st)
                st.map, st.x, st.y = s.map, s.pos[0], s.pos[1]
                self._index_add(st)
            st.members = members

    def _sync_piece(self, p: _P) -> None:
        if self.reg.get(p.id) is not p:
            return
        m = self._map_of(p)
        x, y = self._pos_of(p)
        rec = p.rec
        rec.position = (m, x, y)
        parent = p.parent
        listed = (parent is not None and self.reg.get(parent.id) is parent
                  and p in parent.contents)        # identity: _P has no __eq__
        rec.stack = (parent.id if listed and parent is not None and (not parent.local or parent.contents)
                     else None)
        # what BasicPiece.getState writes: the piece's own map, the point it is drawn at
        if p.written != (p.own_map, x, y):
            rec.piece.set_position(p.own_map, x, y)
            p.written = (p.own_map, x, y)

    def release(self) -> None:
        """Done with this runner: the links between pieces and stacks (a piece's ``parent``,
        a stack's ``contents`` and ``kids``: cycles) are cut, so that the file's objects are
        freed as soon as nothing holds them, not left to the cyclic garbage collector (whose
        scans of a chain's young objects cost more than the file's own replay). The game
        state (records, pieces) is left as it is."""
        reg = self.reg
        for o in reg.values():
            if isinstance(o, _P):
                s = o.parent
                if s is not None:
                    o.parent = None
                    if reg.get(s.id) is not s:     # a stack no longer in the game: its own pieces
                        _cut(s)
            else:                               # pieces it holds that left the game
                o.kids = set()
                o.contents = []
        self.reg = {}
        self.coll = {}
        self.near = None
        self.rank = {}
        self.dirty = []

    # ---- a save ------------------------------------------------------------------------------
    def saved_commands(self) -> list[str]:
        """What ``GameState.getRestorePiecesCommand`` writes: ``+/`` of every piece and stack in
        the game, those inside a stack first (last first), then the others; each with its own
        ``getState`` (a piece: its own map, the point it is drawn at)."""
        inner: list[str] = []
        outer: list[str] = []
        for pid, o in self.reg.items():
            if isinstance(o, _P):
                text = encode(["+", pid, o.rec.piece.encode_type(), o.rec.piece.encode_state()], "/")
                if o.parent is not None:
                    inner.insert(0, text)
                else:
                    outer.append(text)
            else:
                outer.append(encode(["+", pid, "stack", self._stack_state(o)], "/"))
        return inner + outer

    def saved_state(self) -> GameState:
        """The game as a save written now and loaded again holds it (a piece VASSAL no longer
        draws, left behind by a removed stack, comes back where its own state says): what
        running :meth:`saved_commands` gives, computed directly. The pieces' traits are shared
        with the live state."""
        st = GameState(turns=dict(self.s.turns), properties=dict(self.s.properties),
                       boards={k: list(v) for k, v in self.s.boards.items()}, players=list(self.s.players))
        reg = self.reg
        stacks = [o for o in reg.values() if isinstance(o, _S)]
        listed: dict[str, _S] = {}        # piece id → the stack whose loaded state takes it (the last)
        for sk in stacks:
            for p in sk.contents:
                if isinstance(reg.get(p.id), _P):
                    listed[p.id] = sk
        pieces = st.pieces
        for pid, o in reg.items():
            if isinstance(o, _P):
                s = listed.get(pid)
                if s is not None:
                    pieces[pid] = PieceRecord(pid, o.rec.piece, (s.map, s.pos[0], s.pos[1]), s.id)
                else:
                    x, y = o.parent.pos if o.parent is not None else o.own_pos
                    pieces[pid] = PieceRecord(pid, o.rec.piece, (o.own_map, x, y), None)
        for sk in stacks:
            members = [p.id for p in sk.contents if listed.get(p.id) is sk]
            st.stacks[sk.id] = StackRecord(sk.id, sk.map, sk.pos[0], sk.pos[1], list(dict.fromkeys(members)),
                                           None, provisional=sk.local)
        return st
