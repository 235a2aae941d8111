"""Write logfiles the way VASSAL 3.7 records them (FORMATS.md §4.8), to script games in tests.

    w = LogWriter.from_module_setup("build/minikit.vmod", place=kit_place(kit))
    w.move("R1", "0203")               # a unit id (Marker ``unit_id``), a piece name or a piece id
    w.advance()                        # the turn tracker's next phase (vmodgen trackers)
    w.roll("1d6", [4]); w.chat("your move")
    w.undo()                           # the inverse of the last step, as VASSAL writes it
    w.write("game.vlog")

A log is the starting save followed by one ``LOG`` step per action: a drag is ``M/`` (plus a
``+/…/stack`` when the piece lands on an empty point, or ``newUnderId`` when it lands on a
stack) and the ``CHAT* … moves a -> b *`` report; a flip is ``D/id/new/old``; a tracker change
is ``CHAT* <name> Turn Updated from … to …`` + ``TURN<id>\\tstate``; undo is ``UNDO\\ttrue``,
a chat report, the explicit inverse commands, ``UNDO\\tfalse``. The writer keeps the replayed
game state, so each step knows where pieces stand.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..builder.assemble import phase_names
from ..builder.boxes import box_board
from ..builder.build import sheet_layout
from ..builder.scenario_save import tracker_state
from ..vassal.codec import decode, encode
from ..vassal.commands import Command, encode_tree, parse_tree
from ..vassal.module import read_module
from ..vassal.gamestate import PieceRecord, Position
from ..vassal.replay import GameState, _Runner
from ..vassal.savefile import Metadata, SaveFile, read_save, read_save_bytes, save_bytes
from ..vassal.traits import Layer
from ..vassal.piece import Piece

__all__ = ["LogWriter", "Place", "kit_place", "tracker_state"]

#: hex label → (map name, x, y)
Place = Callable[[str], "tuple[str, int, int] | None"]
FIRST_NEW_ID = 1_800_000_000_000




def kit_place(kit) -> Place:
    """Where a vmodgen-built module of ``kit`` puts a hex ID or box id (hex centre, box centre)."""
    layouts = {sid: sheet_layout(kit, sid) for sid in kit.map.sheets}
    boxes = box_board(kit)
    box_points = {z["box_id"]: (boxes[0].map_name, *z["center"]) for z in boxes[0].zones} if boxes else {}

    def place(label: str) -> tuple[str, int, int] | None:
        if label in box_points:
            return box_points[label]
        found = kit.map.sheet_of(label)
        if found is None:
            return None
        sheet, hx = found
        x, y = layouts[sheet.id].center(hx)
        return sheet.name, int(x), int(y)
    return place


class LogWriter:
    """A log being written: the starting save and the steps after it (module docstring)."""

    def __init__(self, start: SaveFile | str, *, place: Place | None = None, player: str = "Player",
                 player_id: str = "", phases: list[str] | None = None,
                 locate: Callable[[str | None, int, int], str | None] | None = None) -> None:
        text = start.text if isinstance(start, SaveFile) else start
        self.root = parse_tree(text)
        self.place = place
        self.locate = locate
        self.player = player
        self.player_id = player_id
        self.phases = list(phases or [])
        self.state = GameState()
        self._runner = _Runner(self.state, None, None, [])
        self._runner.execute(self.root.typed(), self.root.text)
        for sub in self.root.subs:
            self._runner.run(sub)
        self._next_id = FIRST_NEW_ID
        self._inverse: list[list[str]] = []      # per step: the inverse commands, for undo

    @classmethod
    def from_module_setup(cls, module_path: str | Path, setup: str | None = None, *, kit=None,
                          **options) -> "LogWriter":
        """Start from a predefined setup of a module (the first one, or the one named)."""
        module = read_module(module_path)
        chosen = next((s for s in module.setups if not s.is_menu and s.file and (setup is None or s.name == setup)),
                      None)
        if chosen is None:
            raise ValueError(f"{module_path}: no predefined setup {setup or ''}".strip())
        save = read_save_bytes(module.read_entry(chosen.file), chosen.file)
        if kit is not None:
            options.setdefault("place", kit_place(kit))
            options.setdefault("phases", phase_names(kit))
        options.setdefault("locate", module.locate)
        return cls(save, **options)

    @classmethod
    def from_file(cls, path: str | Path, **options) -> "LogWriter":
        return cls(read_save(path), **options)

    # ---- finding pieces ------------------------------------------------------------------
    def piece_id(self, ref: str) -> str:
        """A piece id from a piece id, a ``unit_id`` Marker property or a piece name."""
        if ref in self.state.pieces:
            return ref
        for pid, rec in self.state.pieces.items():
            if rec.properties().get("unit_id") == ref:
                return pid
        for pid, rec in self.state.pieces.items():
            if rec.name == ref:
                return pid
        raise KeyError(f"no piece '{ref}'")

    def where(self, ref: str) -> tuple[str | None, int, int]:
        return self.state.pieces[self.piece_id(ref)].position

    def _point(self, dest) -> tuple[str, int, int]:
        if isinstance(dest, tuple):
            return dest
        if self.place is None:
            raise ValueError("no place function: give (map, x, y)")
        p = self.place(dest)
        if p is None:
            raise KeyError(f"no map point for '{dest}'")
        return p

    def _label(self, pos) -> str:
        if self.locate is None or pos[0] is None:
            return f"{pos[1]},{pos[2]}"
        return self.locate(pos[0], pos[1], pos[2]) or "offboard"

    def new_id(self) -> str:
        self._next_id += 1
        while str(self._next_id) in self.state.pieces or str(self._next_id) in self.state.stacks:
            self._next_id += 1
        return str(self._next_id)

    # ---- steps -------------------------------------------------------------------------
    def step(self, commands: list[str], inverse: list[str] | None = None) -> "LogWriter":
        """Append one step made of ``commands`` (the first is the step's own command)."""
        node = Command("LOG\t" + commands[0], [Command("LOG\t" + c) for c in commands[1:]])
        self.root.subs.append(node)
        self._runner.run(node)
        self._inverse.append(inverse or [])
        return self

    def move(self, ref: str, dest, *, report: bool = True, recorded_from=None) -> "LogWriter":
        """Drag one piece to a hex label (via ``place``) or a (map, x, y) point. ``recorded_from``:
        the old position the ``M/`` command records instead of where the piece stands (a log
        that lost an undo: where the recorder's VASSAL had the piece)."""
        pid = self.piece_id(ref)
        rec = self.state.pieces[pid]
        old = rec.position if recorded_from is None else self._point(recorded_from)
        old_stack = self.state.stacks.get(rec.stack) if rec.stack and recorded_from is None else None
        old_under = "null"
        if old_stack is not None and pid in old_stack.members:
            i = old_stack.members.index(pid)
            old_under = old_stack.members[i - 1] if i > 0 else "null"
        new = self._point(dest)
        first, under, own_stack = self._drop(rec, new)
        cmds = first + [encode(["M", pid, new[0], str(new[1]), str(new[2]), under,
                                old[0] or "null", str(old[1]), str(old[2]), old_under, self.player_id], "/")]
        if own_stack:
            cmds.append(self._stack_of(new, pid))
        if report:
            cmds.append(f"CHAT* {rec.name} moves {self._label(old)} -> {self._label(new)} *")
        inverse = [encode(["M", pid, old[0] or "null", str(old[1]), str(old[2]), old_under,
                           new[0], str(new[1]), str(new[2]), under, self.player_id], "/")]
        return self.step(cmds, inverse)

    def move_together(self, moves: list[tuple[str, Any]], *, report: bool = True) -> "LogWriter":
        """Drag the pieces of ``moves`` (ref, dest) in one step, as VASSAL writes a stack dropped
        onto another or a multi-selection dragged (one ``M/`` per piece under the step's first
        command, vassal/FORMATS.md); undone as one step."""
        n = len(self.root.subs)
        for ref, dest in moves:
            self.move(ref, dest, report=report)
        first, *rest = self.root.subs[n:]
        del self.root.subs[n + 1:]
        first.subs.extend(rest)
        self._inverse[n:] = [sum(self._inverse[n:], [])]
        return self

    def _drop(self, rec: PieceRecord, new: Position) -> tuple[list[str], str, bool]:
        """What VASSAL's drop of the piece ``rec`` on the point ``new`` writes around the piece's
        own command (``PieceMover.movePieces``, the merge finder the replay uses, as
        :meth:`_Runner.move` replays it): ``(commands before it, the piece named underneath,
        whether a stack of its own follows)``. A stack there that takes the piece: it lies on
        the stack's top *visible* piece (``StackMetrics.merge``); else a piece standing alone
        there that it merges with: a stack of that piece first, the moved one on it; else a
        stack of its own, unless it never stacks (or the map stacks nothing)."""
        runner = self._runner
        if not runner._may_stack(rec, new[0]):
            return [], "null", False
        target = runner._stack_at(new, rec, self.player_id)
        if target is not None:
            above = runner._above_top_visible(target)
            return [], target.members[(above or len(target.members)) - 1], False
        lone = runner._lone_at(new, rec, self.player_id)
        if lone is not None:
            return [self._stack_of(new, lone.id)], lone.id, False
        return [], "null", True

    def _stack_of(self, new: Position, pid: str) -> str:
        """A ``+/`` of a new stack holding only ``pid`` at ``new``."""
        return encode(["+", self.new_id(), "stack", encode([new[0], str(new[1]), str(new[2]), pid, "@@1"], ";")], "/")

    def current_state(self, pid: str) -> str:
        """A piece's state chain as VASSAL would write it now (BasicPiece at its current place)."""
        rec = self.state.pieces[pid]
        piece = rec.piece.copy()
        m, x, y = rec.position
        piece.set_position(m, x, y)
        return piece.encode_state()

    def set_state(self, ref: str, new_state: str, report: str | None = None) -> "LogWriter":
        """A ``D/`` step: the piece's whole state chain replaced."""
        pid = self.piece_id(ref)
        old_state = self.current_state(pid)
        cmds = [encode(["D", pid, new_state, old_state], "/")]
        if report:
            cmds.append("CHAT" + report)
        return self.step(cmds, [encode(["D", pid, old_state, new_state], "/")])

    def flip(self, ref: str, level: int | None = None, layer: str = "Step") -> "LogWriter":
        """Set a Layer's level (default: toggle between 1 and 2), reported like vmodgen's modules."""
        pid = self.piece_id(ref)
        rec = self.state.pieces[pid]
        piece = rec.piece.copy()
        piece.set_position(*rec.position)
        traits = piece.traits
        for t in traits:
            if isinstance(t, Layer) and t.name == layer:
                lv = level if level is not None else (2 if t.level == 1 else 1)
                tokens = decode(t.state, ";") or ["1"]
                tokens[0] = str(lv)
                t.state = encode(tokens, ";")
                break
        else:
            raise KeyError(f"piece '{ref}' has no layer '{layer}'")
        piece._sync()
        name = self.state.pieces[pid].name
        return self.set_state(pid, piece.encode_state(), f"* {name} flipped *")

    def add(self, type_chain: str, state_chain: str, dest=None, *, report: bool = True) -> str:
        """A new piece (``+/``) placed at ``dest``; returns its id."""
        pid = self.new_id()
        piece = Piece(type_chain, state_chain)
        cmds = []
        if dest is not None:
            new = self._point(dest)
            piece.set_position(new[0], new[1], new[2])
            state_chain = piece.encode_state()
        add = encode(["+", pid, type_chain, state_chain], "/")
        if dest is None:
            cmds.append(add)
        else:
            # a palette drop: ``StackMetrics.merge`` logs the new piece's ``+/`` then its ``M/``
            # from no map onto the piece underneath; dropped where nothing takes it,
            # ``Map.placeAt`` logs the ``+/`` and ``createStack`` a stack of its own
            first, under, own_stack = self._drop(PieceRecord(pid, piece), new)
            cmds += first + [add]
            if under != "null":
                cmds.append(encode(["M", pid, new[0], str(new[1]), str(new[2]), under,
                                    "null", str(new[1]), str(new[2]), "null", self.player_id], "/"))
            elif own_stack:
                cmds.append(self._stack_of(new, pid))
            if report:
                cmds.append(f"CHAT* {piece.name} created in {self._label(new)} *")
        self.step(cmds, [f"-/{pid}"])
        return pid

    def delete(self, ref: str) -> "LogWriter":
        pid = self.piece_id(ref)
        rec = self.state.pieces[pid]
        return self.step([f"-/{pid}"], [encode(["+", pid, rec.piece.encode_type(), self.current_state(pid)], "/")])

    def chat(self, text: str) -> "LogWriter":
        from html import escape
        line = f"&lt;{escape(self.player, quote=False)}&gt; - {escape(text, quote=False)}"
        return self.step([f"CHAT{line}"], [f"CHAT* UNDO: {line}"])     # Chatter.DisplayText's undo

    def roll(self, dice: str, values: list[int]) -> "LogWriter":
        """A Dice button report: ``*** 2d6 = 3,4 *** <name>``."""
        line = f"*** {dice} = {','.join(str(v) for v in values)} *** &lt;{self.player}&gt;"
        return self.step([f"CHAT{line}"], [f"CHAT* UNDO: {line}"])

    def turn(self, state: str, tracker: str = "TurnTracker0", text: str | None = None) -> "LogWriter":
        """A tracker change to a raw ``state``."""
        old = self.state.turns.get(tracker, "")
        cmds = [f"CHAT* &lt;{self.player}&gt; Turn Updated{(' ' + text) if text else ''}",
                f"TURN{tracker}\t{state}"]
        return self.step(cmds, [f"TURN{tracker}\t{old}"])

    def current_turn(self, tracker: str = "TurnTracker0") -> tuple[int, int]:
        """(turn, phase index) of a vmodgen tracker (no state yet = turn 1, first phase)."""
        st = self.state.turns.get(tracker)
        if not st:
            return 1, 0
        top = decode(st, "|")
        counter = decode(top[1], ";") if len(top) > 1 else ["1"]
        turn = int(counter[0]) if counter and counter[0].lstrip("-").isdigit() else 1
        sub = decode(counter[4], ";") if len(counter) > 4 else ["0"]
        phase = int(sub[0]) if sub and sub[0].isdigit() else 0
        return turn, phase

    def set_turn(self, turn: int, phase: int | str = 0) -> "LogWriter":
        """Set a vmodgen tracker to ``turn`` and a phase (index or name in ``phases``)."""
        idx = self.phases.index(phase) if isinstance(phase, str) else phase
        name = self.phases[idx] if 0 <= idx < len(self.phases) else str(idx)
        t0, p0 = self.current_turn()
        old = self.phases[p0] if 0 <= p0 < len(self.phases) else str(p0)
        return self.turn(tracker_state(turn, idx, len(self.phases)),
                         text=f"from Turn {t0} {old} to Turn {turn} {name}")

    def advance(self, n: int = 1) -> "LogWriter":
        """The tracker's next phase, ``n`` times (one step each), wrapping to the next turn."""
        for _ in range(n):
            turn, phase = self.current_turn()
            phase += 1
            if phase >= max(len(self.phases), 1):
                turn, phase = turn + 1, 0
            self.set_turn(turn, phase)
        return self

    def undo(self) -> "LogWriter":
        """Undo the last step that can be undone: VASSAL writes the inverse commands."""
        for i in range(len(self._inverse) - 1, -1, -1):
            inv = self._inverse[i]
            if inv:
                self._inverse[i] = []
                cmds = ["UNDO\ttrue", "CHAT* UNDO: *"] + list(reversed(inv)) + ["UNDO\tfalse"]
                self.root.subs.append(node := Command("LOG\t" + cmds[0], [Command("LOG\t" + c) for c in cmds[1:]]))
                self._runner.run(node)
                self._inverse.append([])
                return self
        raise ValueError("nothing to undo")

    # ---- output ------------------------------------------------------------------------
    def text(self) -> str:
        return encode_tree(self.root)

    def to_bytes(self, obfuscated: bool = True, key: int | None = 0x5A, **metadata) -> bytes:
        """The file's bytes; ``metadata``: ``savedata``/``moduledata`` for :func:`save_bytes`."""
        metadata.setdefault("savedata", Metadata(version="1.0", vassal_version="3.7.0"))
        return save_bytes(self.text(), obfuscated=obfuscated, key=key, **metadata)

    def write(self, path: str | Path, **options) -> Path:
        """Write the log atomically; returns its path."""
        from ..safeio import write_bytes_atomic
        write_bytes_atomic(path, self.to_bytes(**options))
        return Path(path)

    def save_point(self) -> "LogWriter":
        """A new writer whose starting save is this log's current state (the next PBEM file)."""
        return LogWriter(self.save_text(), place=self.place, player=self.player, player_id=self.player_id,
                         phases=self.phases, locate=self.locate)

    def save_text(self) -> str:
        """The current state as a save (``begin_save`` … ``end_save``)."""
        adds = []
        for pid, rec in self.state.pieces.items():
            adds.append(encode(["+", pid, rec.piece.encode_type(), self.current_state(pid)], "/"))
        for sid, st in self.state.stacks.items():
            if st.members and st.map is not None and not st.deck:     # a deck is its own +/…/deck
                adds.append(encode(["+", sid, "stack", encode([st.map, str(st.x), str(st.y), *st.members,
                                                                st.layer or "@@1"], ";")], "/"))
        cmds = ["begin_save", encode([""] + adds, "\x1b")]
        for map_id, tokens in self.state.boards.items():
            cmds.append(encode([f"{map_id}BoardPicker", *tokens], "\t"))
        for tid, turn_state in self.state.turns.items():
            cmds.append(f"TURN{tid}\t{turn_state}")
        cmds.append("end_save")
        return encode(cmds, "\x1b")
