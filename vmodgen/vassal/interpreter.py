"""The interpreter of VASSAL 3.x commands (FORMATS.md §4.5–4.9): what ``+/``, ``-/``, ``D/``,
``M/`` and the component commands do to a game state, and the record of one step (:class:`Step`,
:class:`Move`, :class:`Change`). :mod:`.replay` drives it over a save or log; :mod:`.vassal2`
is the same interpreter with VASSAL 2.x's own piece and stack model."""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Callable

from .. import limits
from ..notes import warn_once
from ..errors import LimitError
from .chains import join_chain, split_state_chain
from .codec import decode, encode, java_int
from .commands import Command
from .gamestate import GameState, Locate, PieceRecord, Position, StackRecord
from .looks import hidden_by
from .piece import Piece
from .stacking import StackingRules, may_answer, never_stacks
from .traits import Hideable, MatCargo
from .typed import (AddPiece, BoardPicker, ChangePiece, Chat, GlobalProperty, Log, MovePiece,
                    MutableProperty, Player, RemovePiece, TurnState, Undo)

__all__ = ["Step", "Move", "Change", "merge_state", "merge_stack_state", "DECK_PREFIX"]

#: the type of a Deck's ``+/`` (a DrawPile's stack of cards; FORMATS.md §4.5)
DECK_PREFIX = "deck;"
#: the type prefix of an Invisible trait (``Hideable``)
HIDEABLE = Hideable.ID


# ----------------------------------------------------------------------------------------
# steps
@dataclass
class Move:
    """One ``M/``: a piece (or a whole stack) from one map point to another."""
    piece_id: str
    old: Position
    new: Position
    old_label: str | None = None
    new_label: str | None = None
    is_stack: bool = False
    members: list[str] = field(default_factory=list)   # pieces carried (stack moves)
    under: str | None = None
    #: the Mat piece whose move in the same step carried this piece, its cargo (VASSAL 3.7
    #: ``PieceMover``/``SendToLocation`` move a Mat's cargo after it): no move by hand
    carried_by: str | None = None


@dataclass
class Change:
    """One ``D/``: a piece's state chain replaced; :meth:`diff` gives the properties."""
    piece_id: str
    type_chain: str
    old_state: str
    new_state: str

    def diff(self) -> dict[str, tuple[str | None, str | None]]:
        """Properties whose value differs: name -> (old, new)."""
        old = Piece(self.type_chain, self.old_state).properties()
        new = Piece(self.type_chain, self.new_state).properties()
        return {k: (old.get(k), new.get(k)) for k in old.keys() | new.keys()
                if old.get(k) != new.get(k)}


@dataclass
class Step:
    """One recorded action (a top-level ``LOG`` command) and what it did."""
    index: int                       # 1-based; step 0 is the starting state
    command: Command
    moves: list[Move] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    chat: list[str] = field(default_factory=list)          # as written (HTML-escaped)
    turns: list[tuple[str, str | None, str]] = field(default_factory=list)  # tracker, old, new
    properties: list[tuple[str, str | None, str]] = field(default_factory=list)
    undo: bool = False               # an undo: it takes back the step(s) in ``undoes``
    turn_state: dict[str, str] = field(default_factory=dict)   # every tracker after the step
    boards: bool = False                                        # a BoardPicker command ran
    #: the undo step that took this step back (set before the step is delivered)
    undone_by: int | None = None
    #: on an undo step: the steps it takes back
    undoes: list[int] = field(default_factory=list)
    #: a step made of the inverse commands of an undo: the step they invert
    inverse_of: int | None = None
    #: an undo whose target is itself an undo: it makes again what that undo took back
    redo: bool = False
    #: a tracker change the very next step set back by hand (Prev right after Next): that step
    corrected_by: int | None = None
    #: who did it: the chat's ``<Name>``, or the roster name of the ``M/`` password (never the password)
    player: str | None = None
    #: dice reports of this step that an undo took back (chat lines, decoded)
    undone_rolls: list[str] = field(default_factory=list)
    #: ids an ``M/`` or ``D/`` of this step names that the game does not hold: VASSAL does
    #: nothing with them (a stack the recording player's VASSAL made in an undo and never logged:
    #: on the recorder's screen it moved, for everyone replaying the log it did not)
    ignored: list[str] = field(default_factory=list)

    @property
    def undone(self) -> bool:
        """Whether an undo took this step back."""
        return self.undone_by is not None

    @property
    def chat_text(self) -> list[str]:
        """Chat lines with HTML entities decoded."""
        return [html.unescape(c) for c in self.chat]

    def to_json(self, with_properties: bool = False) -> dict:
        """A JSON-ready summary (``with_properties``: decode each change's property diff)."""
        out = {
            "step": self.index,
            "moves": [{"id": m.piece_id, "stack": m.is_stack, "members": m.members,
                       "from": {"map": m.old[0], "x": m.old[1], "y": m.old[2], "hex": m.old_label},
                       "to": {"map": m.new[0], "x": m.new[1], "y": m.new[2], "hex": m.new_label},
                       "under": m.under} for m in self.moves],
            "changed": [c.piece_id for c in self.changes],
            "created": self.created, "deleted": self.deleted, "chat": self.chat_text,
            "turns": [{"tracker": t, "old": o, "new": n} for t, o, n in self.turns],
            "properties": [{"name": k, "old": o, "new": n} for k, o, n in self.properties],
            "undo": self.undo, "undone_by": self.undone_by, "undoes": self.undoes,
            "inverse_of": self.inverse_of, "player": self.player, "undone_rolls": self.undone_rolls,
            "ignored": self.ignored,
        }
        if with_properties:
            out["changes"] = [{"id": c.piece_id, "properties": {k: {"old": o, "new": n}
                                                               for k, (o, n) in sorted(c.diff().items())}}
                              for c in self.changes]
        return out


# ----------------------------------------------------------------------------------------
# the interpreter
class _Runner:
    def __init__(self, state: GameState, locate: Locate | None,
                 apply_boards: Callable[[str], object] | None, warnings: list[str],
                 path: str | None = None, stacking: StackingRules | None = None) -> None:
        self.s = state
        self.path = path             # the save/log: named by errors (pieces decode lazily)
        self.locate = locate
        self.apply_boards = apply_boards
        self.warnings = warnings
        self.local = 0
        self.step: Step | None = None
        #: the file's steps have begun: a container run now is a step's, never the opening
        #: (the lean pass of :func:`~.replay.final_state` runs steps without a :class:`Step`)
        self.in_steps = False
        self.index: dict[Position, list[str]] = {}   # stacks by position
        for stack in state.stacks.values():
            self._index_add(stack)
        #: the running module, when known: on which maps stacking is off, and which pieces
        #: never stack (memoised); without it every map stacks and a piece's own traits tell
        self.stacking = stacking
        #: pieces standing alone (in no stack) by point: built when first asked, then each piece
        #: that may have come to stand alone is added (entries are checked when read)
        self._lone: dict[Position, list[str]] | None = None
        #: pieces whose stack a ``-/`` removed while they were in it: VASSAL's ``RemovePiece``
        #: leaves them their parent (the removed stack, on no map, so they are on none either)
        #: until a move or a new state places them (``Map.addPiece`` takes them from it)
        self._orphans: set[str] = set()

    def release(self) -> None:
        """Done with this runner (the game state it kept stays as it is): drop what only the
        replay needed. Here nothing: this runner's objects hold no cycles."""

    def _index_add(self, stack: "StackRecord") -> None:
        self.index.setdefault((stack.map, stack.x, stack.y), []).append(stack.id)

    def _index_remove(self, stack: "StackRecord") -> None:
        ids = self.index.get((stack.map, stack.x, stack.y))
        if ids and stack.id in ids:
            ids.remove(stack.id)

    def label(self, pos: Position) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        return self.locate(pos[0], pos[1], pos[2])

    def run(self, node: Command) -> None:
        if not node.subs:
            self.execute(node.typed(), node.text)
            return
        if self.step is None and not self.in_steps and self._load(node):
            return
        for sub in node.walk():
            self.execute(sub.typed(), sub.text)

    def _load(self, node: Command) -> bool:
        """The opening of a save or log (a container of ``+/`` commands run into an empty game,
        as VASSAL loads a file), in one pass: what executing each ``+/`` gives, without the
        dispatch. False (nothing done) when the game is not empty, or the container holds
        anything else or names an id twice: the general path runs it."""
        if self.s.pieces or self.s.stacks:
            return False
        cmds = _opening_adds(node)
        if cmds is None:
            return False
        pieces, warnings, path = self.s.pieces, self.warnings, self.path
        self._lone = None
        for cmd in cmds:
            if cmd.type == "stack":
                self._set_stack(cmd.id, cmd.state)
                continue
            if len(pieces) >= limits.MAX_PIECES:
                raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
            pieces[cmd.id] = PieceRecord(cmd.id, Piece(cmd.type, cmd.state, warnings=warnings, source=path))
            if cmd.type.startswith(DECK_PREFIX):
                self._set_deck(cmd.id, cmd.state)
        return True

    def execute(self, cmd, text: str) -> None:
        while isinstance(cmd, Log):
            if cmd.inner is None:
                return
            cmd = cmd.inner
        if isinstance(cmd, AddPiece):
            self.add(cmd)
        elif isinstance(cmd, MovePiece):
            self.move(cmd)
        elif isinstance(cmd, ChangePiece):
            self.change(cmd)
        elif isinstance(cmd, RemovePiece):
            self.remove(cmd.id)
        elif isinstance(cmd, Chat):
            if self.step is not None:
                self.step.chat.append(cmd.text)
        elif isinstance(cmd, TurnState):
            old = self.s.turns.get(cmd.tracker_id)
            self.s.turns[cmd.tracker_id] = cmd.state
            if self.step is not None:
                self.step.turns.append((cmd.tracker_id, old, cmd.state))
        elif isinstance(cmd, Undo):
            if self.step is not None and cmd.in_progress:
                self.step.undo = True
        elif isinstance(cmd, MutableProperty):
            key = f"{cmd.container}:{cmd.name}" if cmd.container else cmd.name
            self._prop(key, cmd.new)
        elif isinstance(cmd, GlobalProperty):
            key = f"{cmd.container}:{cmd.name}" if cmd.container else cmd.name
            self._prop(key, cmd.value)
        elif isinstance(cmd, BoardPicker):
            self.s.boards[cmd.map_id] = cmd.tokens
            if self.step is not None:
                self.step.boards = True
            if self.apply_boards is not None:
                self.apply_boards(text[4:] if text.startswith("LOG\t") else text)
        elif isinstance(cmd, Player):
            entry = (cmd.name, cmd.side)
            if cmd.removed:
                if entry in self.s.players:
                    self.s.players.remove(entry)
            elif entry not in self.s.players:
                if len(self.s.players) >= limits.MAX_PLAYERS:      # also keeps the `in` test cheap
                    raise LimitError(self.path, f"more than {limits.MAX_PLAYERS} players (limit MAX_PLAYERS)")
                self.s.players.append(entry)

    def _prop(self, key: str, value: str) -> None:
        old = self.s.properties.get(key)
        self.s.properties[key] = value
        if self.step is not None:
            self.step.properties.append((key, old, value))

    # -- pieces and stacks -------------------------------------------------------------
    def _detach(self, pid: str) -> None:
        rec = self.s.pieces.get(pid)
        if rec is None or rec.stack is None:
            return
        stack = self.s.stacks.get(rec.stack)
        rec.stack = None
        if stack is not None:
            if pid in stack.members:
                stack.members.remove(pid)
                if stack.deck:
                    self._sync_deck(stack)
            if stack.provisional and not stack.members:
                self._index_remove(stack)
                del self.s.stacks[stack.id]

    def _set_stack(self, sid: str, state: str) -> None:
        tokens = decode(state, ";")
        layer = None
        if tokens and tokens[-1].startswith("@@"):
            layer = tokens.pop()
        map_id: str | None = tokens[0] if tokens else "null"
        if map_id == "null" or not tokens:
            map_id, x, y, ids = None, 0, 0, tokens[1:]
        else:
            x, y, ids = _int(tokens, 1), _int(tokens, 2), tokens[3:]
        self._fill_stack(sid, map_id, x, y, ids, layer)

    def _set_deck(self, sid: str, state: str) -> None:
        """A Deck's state (``Deck.setState``: map, x, y, face down, then its members' ids in one
        comma-separated token; unknown ids are skipped) as the stack of the deck's id."""
        tokens = decode(state, ";")
        map_id: str | None = tokens[0] if tokens else "null"
        x, y = (_int(tokens, 1), _int(tokens, 2)) if map_id != "null" else (0, 0)
        ids = [i for i in decode(tokens[4], ",") if i] if len(tokens) > 4 else []
        stack = self._fill_stack(sid, None if map_id == "null" else map_id, x, y, ids, None)
        stack.deck = True
        self._sync_deck(stack)

    def _sync_deck(self, stack: StackRecord) -> None:
        """The deck piece's state after its contents changed (``Deck.getState``)."""
        rec = self.s.pieces.get(stack.id)
        if rec is None:
            return
        tokens = decode(rec.piece.encode_state(), ";")[:4]
        tokens += [""] * (4 - len(tokens))
        if stack.members:
            tokens.append(encode(stack.members, ","))
        new = encode(tokens, ";")
        if new != rec.piece.encode_state():
            rec.piece.set_state(new)

    def _fill_stack(self, sid: str, map_id: str | None, x: int, y: int, ids: list[str],
                    layer: str | None) -> StackRecord:
        stack = self.s.stacks.get(sid)
        if stack is None:
            stack = self.s.stacks[sid] = StackRecord(sid, map_id, x, y, [], layer)
            self._index_add(stack)
        else:
            self._index_remove(stack)
            for member in list(stack.members):
                rec = self.s.pieces.get(member)
                if rec is not None and rec.stack == sid:
                    rec.stack = None
                    self._note_lone(rec)
            stack.map, stack.x, stack.y, stack.members, stack.layer = map_id, x, y, [], layer
            self._index_add(stack)
        for member in ids:
            rec = self.s.pieces.get(member)
            if rec is None:
                continue   # VASSAL looks members up by id and skips unknown ones
            self._orphans.discard(member)
            self._detach(member)
            rec.stack = sid
            stack.members.append(member)
            if map_id is not None:
                rec.position = (map_id, x, y)
        return stack

    def add(self, cmd: AddPiece) -> None:
        if cmd.is_stack:
            self._set_stack(cmd.id, cmd.state)
        else:
            old = self.s.pieces.get(cmd.id)
            self._orphans.discard(cmd.id)
            if old is not None:
                self._detach(cmd.id)
            elif len(self.s.pieces) >= limits.MAX_PIECES:
                raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
            self.s.pieces[cmd.id] = PieceRecord(cmd.id, Piece(cmd.type, cmd.state, warnings=self.warnings,
                                                              source=self.path))
            if cmd.type.startswith(DECK_PREFIX):
                self._set_deck(cmd.id, cmd.state)
            else:
                self._note_lone(self.s.pieces[cmd.id])
        if self.step is not None:
            self.step.created.append(cmd.id)

    def remove(self, pid: str) -> None:
        if pid in self.s.pieces:
            self._detach(pid)
            del self.s.pieces[pid]
        if pid in self.s.stacks:
            for member in self.s.stacks[pid].members:
                rec = self.s.pieces.get(member)
                if rec is not None and rec.stack == pid:
                    rec.stack = None
                    rec.position = (None, rec.x, rec.y)
                    rec.piece.set_position(*rec.position)
                    self._orphans.add(member)
            self._index_remove(self.s.stacks[pid])
            del self.s.stacks[pid]
        if self.step is not None:
            self.step.deleted.append(pid)

    def change(self, cmd: ChangePiece) -> None:
        deck = self.s.stacks.get(cmd.id)
        if deck is not None and deck.deck and cmd.id in self.s.pieces:
            # a Deck's D/ (a shuffle, a face-down switch): its old state is the deck's own
            # (ChangeTracker), so VASSAL's inherited Stack.mergeState sets the new one
            deck_rec = self.s.pieces[cmd.id]
            was = deck_rec.piece.encode_state()
            deck_rec.piece.set_state(cmd.new_state)
            self._set_deck(cmd.id, cmd.new_state)
            deck_rec.position = deck_rec.piece.position()
            if self.step is not None:
                self.step.changes.append(Change(cmd.id, deck_rec.piece.encode_type(), was, cmd.new_state))
            return
        if cmd.id in self.s.stacks:
            new = cmd.new_state
            if cmd.old_state is not None:
                new = merge_stack_state(self.s.stacks[cmd.id].members, new, cmd.old_state)
            self._set_stack(cmd.id, new)
            return
        rec = self.s.pieces.get(cmd.id)
        if rec is None:
            self._ignored(cmd.id)
            return
        old_state = rec.piece.encode_state()
        merged, basic_changed = merge_state(old_state, cmd.new_state, cmd.old_state, rec.piece.count)
        rec.piece.set_state(merged)
        new_pos = rec.piece.position()
        stack = self.s.stacks.get(rec.stack) if rec.stack is not None else None
        if not basic_changed:
            pass                         # mergeState: the BasicPiece (its place) is left alone
        elif stack is not None and new_pos[0] in (None, stack.map):
            # VASSAL (BasicPiece.setState): a stacked piece's map and position are its stack's;
            # a new state naming no map ("null", as 3.0/3.1 wrote for every stacked piece) or
            # the stack's map leaves it where it is, in its stack
            rec.position = (stack.map, stack.x, stack.y)
        else:
            if stack is not None or (rec._pos is not None and new_pos[0] != rec._pos[0]):
                self._detach(cmd.id)     # moved to another map: out of its stack
            rec.position = new_pos
            if new_pos[0] is not None:
                self._orphans.discard(cmd.id)
            if rec.stack is None:
                self._note_lone(rec)
        if self.step is not None:
            self.step.changes.append(Change(cmd.id, rec.piece.encode_type(), old_state, cmd.new_state))

    def move(self, cmd: MovePiece) -> None:
        new: Position = (cmd.new_map, cmd.new_x, cmd.new_y)
        old: Position = (cmd.old_map, cmd.old_x, cmd.old_y)
        if cmd.new_map is None:
            # MovePiece to no map only takes the piece (or stack) off its map's list: it keeps
            # its place and its stack, and a save writes it where it was (3.7 as 2.x)
            if cmd.id in self.s.stacks or cmd.id in self.s.pieces:
                stack = self.s.stacks.get(cmd.id)
                self._record(cmd, old, new, stack is not None,
                             list(stack.members) if stack is not None else [cmd.id])
            return
        stack = self.s.stacks.get(cmd.id)
        if stack is not None:
            self._index_remove(stack)
            stack.map, stack.x, stack.y = new
            self._index_add(stack)
            for member in stack.members:
                rec = self.s.pieces.get(member)
                if rec is not None:
                    self._place(rec, new)
            if stack.deck and cmd.id in self.s.pieces:
                self._place(self.s.pieces[cmd.id], new)
            self._record(cmd, old, new, True, list(stack.members))
            return
        rec = self.s.pieces.get(cmd.id)
        if rec is None:
            # VASSAL's MovePiece does nothing for an id the game does not hold (a stack the
            # recording client made without logging it, as an undo does): neither does the replay
            self._ignored(cmd.id)
            return
        if self._stays_in_own_stack(rec, cmd, new):
            # the merge finder finds the piece's own stack and ``StackMetrics.merge`` of a
            # piece with itself does nothing: it stays in its stack
            self._record(cmd, old, new, False, [cmd.id])
            return
        was_stacked = rec.stack is not None or cmd.id in self._orphans
        self._orphans.discard(cmd.id)
        self._detach(cmd.id)
        self._place(rec, new)
        if cmd.new_map is not None:
            target = None
            under = self.s.pieces.get(cmd.new_under) if cmd.new_under else None
            if under is not None and under.position == new:
                if under.stack is None:
                    target = self._new_stack(new)
                    target.members.append(under.id)
                    under.stack = target.id
                else:
                    target = self.s.stacks.get(under.stack)
                if target is not None:
                    i = target.members.index(under.id) + 1 if under.id in target.members else len(target.members)
                    target.members.insert(i, cmd.id)
            else:
                # MovePiece without a piece underneath (or one that is not there): the merge
                # finder (module docstring of :mod:`.stacking`) takes a Deck at the very point,
                # else a stack there, else a piece standing alone there (``visitDefault``: the
                # two make a new stack), else the piece starts a stack of its own if it was in
                # none (``stackOrPlacePiece``; one taken out of a stack or a deck is placed
                # alone: ``Map.addPiece`` takes it from its parent); with no piece named it then
                # goes to the bottom (``getParent().insert(piece, 0)``), else it lies on the
                # stack's top visible piece (``StackMetrics.merge``). A piece that never stacks,
                # or any piece on a map with stacking off, stands alone (``stackOrPlacePiece``,
                # the merge finder's NO_STACK test)
                target = self._deck_at(new)
                at = None
                if target is None and self._may_stack(rec, new[0]):
                    target = self._stack_at(new, rec, cmd.player_id)
                    if target is None:
                        lone = self._lone_at(new, rec, cmd.player_id)
                        if lone is not None:
                            target = self._new_stack(new)
                            target.members.append(lone.id)
                            lone.stack = target.id
                        elif not was_stacked:
                            target = self._new_stack(new)
                    elif cmd.new_under:
                        at = self._above_top_visible(target)
                if target is not None:
                    if not cmd.new_under:
                        at = 0
                    target.members.insert(len(target.members) if at is None else at, cmd.id)
            if target is not None:
                rec.stack = target.id
                if target.deck:
                    self._sync_deck(target)
        if rec.stack is None:
            self._note_lone(rec)
        self._record(cmd, old, new, False, [cmd.id])

    def _stays_in_own_stack(self, rec: PieceRecord, cmd: MovePiece, new: Position) -> bool:
        """Whether a move leaves the piece where it is: it is the only member of a stack at
        ``new``, no piece is named underneath there (VASSAL merges with ``under`` first), no
        Deck is at the point, and the merge finder would take that very stack (VASSAL's
        ``visitStack`` finds the piece's own stack; merging it with itself does nothing)."""
        own = self.s.stacks.get(rec.stack) if rec.stack is not None else None
        if own is None or own.deck or own.members != [rec.id] or (own.map, own.x, own.y) != new:
            return False
        under = self.s.pieces.get(cmd.new_under) if cmd.new_under else None
        if under is not None and under.position == new:
            return False
        if self._deck_at(new) is not None or not self._may_stack(rec, new[0]):
            return False
        return self._stack_at(new, rec, cmd.player_id) is own

    def _may_stack(self, rec: PieceRecord, map_name: str | None) -> bool:
        """VASSAL's test before a moved piece joins or starts a stack: stacking on for the map
        and the piece's ``NO_STACK`` not true (:mod:`vmodgen.vassal.stacking`)."""
        if self.stacking is not None and not self.stacking.stacking_enabled(map_name):
            return False
        return not self._never_stacks(rec)

    def _never_stacks(self, rec: PieceRecord) -> bool:
        """The piece's ``Properties.NO_STACK`` (:mod:`vmodgen.vassal.stacking`)."""
        type_chain = rec.piece.encode_type()
        if not may_answer(type_chain):
            return False
        if self.stacking is not None:
            return self.stacking.never_stacks(type_chain)
        return never_stacks(type_chain)

    @staticmethod
    def _place(rec: PieceRecord, pos: Position) -> None:
        """Move a piece and its BasicPiece state (VASSAL's ``getState`` after ``M/`` names
        the new map and point), so ``piece.encode_state()`` agrees with ``position``."""
        rec.position = pos
        rec.piece.set_position(*pos)

    def _deck_at(self, pos: Position) -> StackRecord | None:
        for sid in self.index.get(pos, ()):
            stack = self.s.stacks.get(sid)
            if stack is not None and stack.deck:
                return stack
        return None

    def _stack_at(self, pos: Position, rec: PieceRecord | None = None,
                  player: str | None = None) -> StackRecord | None:
        """The first stack with pieces at the point that takes the moved piece ``rec``
        (``MovePiece``'s merge finder, ``visitStack``, as an observer replays the file: every
        piece hidden by an Invisible trait is invisible to them): a member not hidden by another
        player than the mover ``player`` (``topPiece(playerId)``), and ``canMerge(p, s)``: the
        stack's top *visible* piece (``topPiece()``) exists and stacks, and the moved piece and
        that one are both visible or hidden by the same player (``canPiecesMerge``). Without
        ``rec`` only the top visible piece's NO_STACK is asked. Members run bottom to top."""
        moving_hidden = self._hidden_by(rec) if rec is not None else None
        for sid in self.index.get(pos, ()):
            stack = self.s.stacks.get(sid)
            if stack is None or not stack.members:
                continue
            hidden = [self._hidden_by(self.s.pieces[m]) if m in self.s.pieces else None
                      for m in stack.members]
            if rec is not None and not any(h is None or h == player for h in hidden):
                continue
            top = next((self.s.pieces.get(m) for m, h in zip(reversed(stack.members), reversed(hidden))
                        if h is None), None)
            if top is None or self._never_stacks(top) or moving_hidden is not None:
                continue
            if rec is not None and not self._same_layer(pos[0], top, rec):
                continue
            return stack
        return None

    def _above_top_visible(self, stack: StackRecord) -> int | None:
        """Where ``StackMetrics.merge(stack, p)`` puts a piece: right above the stack's top
        visible piece (None: on top)."""
        for k in range(len(stack.members) - 1, -1, -1):
            rec = self.s.pieces.get(stack.members[k])
            if rec is None or self._hidden_by(rec) is None:
                return k + 1
        return None

    def _lone_at(self, pos: Position, rec: PieceRecord, player: str | None) -> PieceRecord | None:
        """The first piece standing alone (in no stack) at the point that the moved piece
        ``rec`` merges with (the merge finder's ``visitDefault``): it stacks, both are visible
        or hidden by the same player (``canPiecesMerge``, as an observer sees them), and it is
        not hidden by another player than the mover ``player``."""
        if self._lone is None:
            self._lone = {}
            for pid, other in self.s.pieces.items():
                if other.stack is None and pid not in self.s.stacks:
                    self._lone.setdefault(other.position, []).append(pid)
        moving_hidden = self._hidden_by(rec)
        for pid in self._lone.get(pos, ()):
            found = self.s.pieces.get(pid)
            if (found is None or found is rec or found.stack is not None or found.position != pos
                    or pid in self.s.stacks or self._never_stacks(found)):
                continue
            hidden = self._hidden_by(found)
            if hidden == moving_hidden and (hidden is None or hidden == player) \
                    and self._same_layer(pos[0], found, rec):
                return found
        return None

    def _same_layer(self, map_name: str | None, a: PieceRecord, b: PieceRecord) -> bool:
        """Whether two pieces are in the same Game Piece Layer of the map
        (``LayeredPieceCollection.canPiecesMerge``: the layer named by each piece's property,
        ``getProperty``: the outermost trait answering, a Calculated Property evaluated,
        :meth:`Piece.lookup`; one it does not name being the top one); True on a map without
        layers, or without the module."""
        layers = getattr(self.stacking, "map_layers", None)
        spec = layers(map_name) if layers is not None else None
        if spec is None:
            return True
        prop, order = spec

        def layer(rec: PieceRecord) -> int:
            value = rec.piece.lookup()(prop)
            return order.index(value) if value in order else len(order)
        return layer(a) == layer(b)

    def _note_lone(self, rec: PieceRecord) -> None:
        """A piece that may now stand alone at its point (see :meth:`_lone_at`)."""
        if self._lone is not None:
            self._lone.setdefault(rec.position, []).append(rec.id)

    @staticmethod
    def _hidden_by(rec: PieceRecord) -> str | None:
        """``Properties.HIDDEN_BY`` of a piece: who set its outermost Invisible trait (None:
        nobody, or no such trait). Only the piece's own traits count (see :mod:`.stacking`)."""
        if HIDEABLE not in rec.piece.encode_type():
            return None
        for trait in rec.piece.traits:
            if isinstance(trait, Hideable):
                return hidden_by(trait)
        return None

    def _new_stack(self, pos: Position) -> StackRecord:
        self.local += 1
        sid = f"local-{self.local}"
        stack = StackRecord(sid, pos[0], pos[1], pos[2], [], None, provisional=True)
        self.s.stacks[sid] = stack
        self._index_add(stack)
        return stack

    def _record(self, cmd: MovePiece, old: Position, new: Position, is_stack: bool,
                members: list[str]) -> None:
        if self.step is None:
            self.touch(old, new)
            return
        if old == new and not is_stack and cmd.id in self.step.created:
            # a piece this step made (Clone, Place Marker) merged where it was made
            # (``Map.placeOrMerge`` after ``GameState.addPiece``): part of its making, no move
            self.touch(old, new)
            return
        self.step.moves.append(Move(cmd.id, old, new, self.label(old), self.label(new), is_stack,
                                    members, cmd.new_under, None if is_stack else self._carrier(cmd.id)))

    def _carrier(self, pid: str) -> str | None:
        """The Mat that carried piece ``pid`` in this step: the one its Mat Cargo trait lies on,
        when that Mat moved earlier in the step (a drag or a Send To of a Mat moves its cargo
        after it); None for any other piece (no Mat Cargo trait: one string test). Only the
        cargo's first ``M/`` after its Mat's last one is the carry: a later one in the step is
        its own (a Global Key Command sends the Mat, then the cargo's own Send To fires, whose
        ``finishMove`` does not look for a new Mat, so its state still names the old one)."""
        rec = self.s.pieces.get(pid)
        if rec is None or self.step is None or MatCargo.ID not in rec.piece.encode_type():
            return None
        mats = [t.mat_id() for t in rec.piece.traits if isinstance(t, MatCargo)]
        mat = next((m for m in mats if m), None)
        if mat is None:
            return None
        moves = self.step.moves
        last = next((i for i in range(len(moves) - 1, -1, -1)
                     if moves[i].piece_id == mat or mat in moves[i].members), None)
        if last is None or any(m.piece_id == pid or pid in m.members for m in moves[last + 1:]):
            return None
        return mat

    def touch(self, old: Position, new: Position) -> None:
        """A step's move run without a :class:`Step` (the lean pass): its labels are still asked,
        in the same order, though none is kept. A module reads a board's image size, and warns
        when it cannot, on the first label it is asked on that board: the warnings then come in
        the order a full replay gives them (every label is memoised: a dict lookup)."""
        if self.in_steps and self.locate is not None:
            self.label(old)
            self.label(new)

    def _ignored(self, pid: str) -> None:
        if self.step is not None:
            self.step.ignored.append(pid)

    def saved_state(self) -> GameState:
        """The game as a save written now and loaded again holds it (VASSAL 3.x: as it is)."""
        return self.s

    def warnings_once(self, message: str) -> None:
        warn_once(self.warnings, message)


def _opening_adds(node: Command) -> list[AddPiece] | None:
    """The ``+/`` commands of a container (a node with no text of its own) that holds only
    those, each id once; else None."""
    if node.text:
        return None
    cmds = []
    seen: set[str] = set()
    for sub in node.subs:
        if sub.subs:
            return None
        cmd = sub.typed()
        if type(cmd) is not AddPiece or cmd.id in seen:
            return None
        seen.add(cmd.id)
        cmds.append(cmd)
    return cmds


def merge_state(current: str, new: str, old: str | None, count: int) -> tuple[str, bool]:
    """What VASSAL's ``D/`` leaves of a piece's state chain (``ChangePiece`` with an old state
    calls ``mergeState``: each trait, and the BasicPiece, takes its new state only where it
    differs from the old one; without an old state the whole new chain is set). Returns the
    chain and whether the BasicPiece (the piece's map and point) was set."""
    if old is None:
        return new, True
    cur = split_state_chain(current, count)
    n = split_state_chain(new, count)
    o = split_state_chain(old, count)
    merged = [a if a != b else c for c, a, b in zip(cur, n, o)]
    return join_chain(merged), n[-1] != o[-1]


def merge_stack_state(members: list[str], new: str, old: str) -> str:
    """``Stack.mergeState`` (2.x and 3.x): the new state, keeping the members the stack holds now
    that neither the new nor the old state names (each right after the member below it; when
    the old state is the stack's own there are none)."""
    nt, ot = decode(new, ";"), decode(old, ";")
    layer = [nt.pop()] if len(nt) > 3 and nt[-1].startswith("@@") else []
    new_ids, old_ids = nt[3:], ot[3:]
    for k, pid in enumerate(members):
        if pid not in new_ids and pid not in old_ids:
            below = members[k - 1] if k > 0 else None
            at = new_ids.index(below) if below in new_ids else -1
            new_ids.insert(at + 1, pid)
    if new_ids == nt[3:]:
        return new
    return encode(nt[:3] + new_ids + layer, ";")


def _int(tokens: list[str], i: int) -> int:
    value = java_int(tokens[i]) if i < len(tokens) else None
    return 0 if value is None else value
