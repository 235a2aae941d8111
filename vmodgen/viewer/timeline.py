"""The data a replay page plays: every position of a chain of saves/logs as per-step deltas.

Each position is one *frame*: a file's starting position, then one per step. A frame stores only
the pieces whose place or look differs from the frame before (``[piece, map, x, y, stack
index, look]``; map ``-1`` = off every map), the moves of its step (arrows), its chat lines, and
whether it is an undo or was undone. Looks (images, name, side, properties) are stored once each
and referred to by number. The page works out the way back from the deltas when it loads.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..binding.base import Binding
from ..vassal.chat_text import plain_chat
from ..vassal.concealment import place_concealment, private_map_ids
from ..vassal.gamestate import GameState, PieceRecord
from ..vassal.module import Module
from ..vassal.savefile import SaveFile
from ..vassal.turns import tracker_states
from .looks import Look, look_of
from .steps import Frame, frames

View = tuple[int, int, int, int, int]          # map, x, y, stack index, look


@dataclass
class Timeline:
    """What :func:`build_timeline` gathers; :meth:`to_json` is what the page reads."""
    files: list[str] = field(default_factory=list)
    file_start: list[int] = field(default_factory=list)   # frame index of each file's step 0
    pieces: list[str] = field(default_factory=list)       # piece ids, by number
    maps: list[str] = field(default_factory=list)         # map names, by number
    looks: list[dict[str, Any]] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    used: dict[str, set[tuple[int, int]]] = field(default_factory=dict)    # map → points used
    trackers: list[tuple[int, str]] = field(default_factory=list)          # (frame, turn text)
    reveal_hidden: bool = False      # draw pieces masked or hidden by their owner as the owner does
    private: frozenset[str] = frozenset()    # map windows only their own sides see
    state: GameState | None = None           # the position whose looks are being worked out
    _piece_no: dict[str, int] = field(default_factory=dict, repr=False)
    _map_no: dict[str, int] = field(default_factory=dict, repr=False)
    _look_no: dict[tuple, int] = field(default_factory=dict, repr=False)
    _hidden: set[int] = field(default_factory=set, repr=False)    # look numbers not drawn
    _concealed: set[int] = field(default_factory=set, repr=False)  # look numbers masked or hidden

    def frame_of(self, file: str, step: int) -> int | None:
        """The frame of a file's step (file by its path as given, or its name)."""
        for i, f in enumerate(self.files):
            if f == file or Path(f).name == Path(file).name:
                last = self.file_start[i + 1] - 1 if i + 1 < len(self.file_start) else len(self.frames) - 1
                k = self.file_start[i] + step
                return k if k <= last else None
        return None

    def piece_no(self, pid: str) -> int:
        return _number(self._piece_no, self.pieces, pid)

    def map_no(self, name: str) -> int:
        self.used.setdefault(name, set())
        return _number(self._map_no, self.maps, name)

    def look_no(self, look: Look, side: str) -> int:
        key = (look, side)
        n = self._look_no.get(key)
        if n is None:
            n = self._look_no[key] = len(self.looks)
            self.looks.append({"images": list(look.images), "name": look.name, "side": side,
                               "properties": [list(p) for p in look.properties]})
            if look.concealed:
                self._concealed.add(n)
            if look.concealed == "invisible" and not look.images:
                self.looks[-1]["hidden"] = True         # the page does not draw it (nor its moves)
                self._hidden.add(n)
        return n

    def look_of_record(self, rec: PieceRecord, protos: dict[str, str] | None,
                       binding: Binding | None) -> int:
        """The look number of a piece as an opponent sees it (unless :attr:`reveal_hidden`): a
        piece its owner masked or hid shows no side either (the binding reads the real unit)."""
        place = None if self.reveal_hidden else place_concealment(self.state, rec, self.private)
        look = look_of(rec.piece, protos, self.reveal_hidden, place)
        hidden = not self.reveal_hidden and not look.images and look.concealed == "invisible"
        masked = not self.reveal_hidden and look.concealed == "mask"
        return self.look_no(look, "" if hidden or masked else _side(binding, rec))

    def to_json(self) -> dict[str, Any]:
        return {"files": [Path(f).name for f in self.files], "fileStart": self.file_start,
                "pieces": self.shown_ids(), "looks": self.looks, "frames": self.frames}

    def shown_ids(self) -> list[str]:
        """The piece ids the page holds: a piece shown concealed in any frame by its alias
        (:mod:`vmodgen.vassal.aliases`, numbered in piece order), the others by their ids."""
        if not self._concealed:
            return self.pieces
        from ..vassal.aliases import Aliases
        ever = {d[0] for fr in self.frames for d in fr["delta"] if d[1] >= 0 and d[5] in self._concealed}
        names = Aliases()
        return [names.alias(pid) if n in ever else pid for n, pid in enumerate(self.pieces)]


def build_timeline(files: list[tuple[str, SaveFile]], module: Module | None,
                   binding: Binding | None = None, reveal_hidden: bool = False) -> Timeline:
    """Replay every file in order into one :class:`Timeline` (``binding``: gives pieces a side;
    ``reveal_hidden``: pieces masked or hidden by their owner drawn in full)."""
    tl = Timeline(reveal_hidden=reveal_hidden, private=private_map_ids(module))
    protos = module.prototypes if module else None
    prev: dict[int, View] = {}                   # piece number → where it is drawn now
    stacks: dict[str, tuple] = {}                # stack id → (map, x, y, members) now
    looks: dict[str, int] = {}                   # piece id → its look number now
    for path, save in files:
        tl.files.append(path)
        tl.file_start.append(len(tl.frames))
        looks.clear()
        for fr in frames(save, module):
            state = tl.state = fr.state
            if fr.step == 0:   # where a piece stands can hide it: a private map, a face-down deck
                by_place = bool(tl.private) or any(st.deck for st in state.stacks.values())
            recheck = {p for mv in fr.moves for p in mv.pieces} if by_place and fr.step else set()
            if by_place and fr.step:      # a deck turned face up or down: its cards look anew
                for pid in fr.touched:
                    deck = state.stacks.get(pid)
                    if deck is not None and deck.deck:
                        recheck.update(deck.members)
            for pid in sorted(fr.touched | recheck):
                rec = state.pieces.get(pid)
                if rec is not None:
                    looks[pid] = tl.look_of_record(rec, protos, binding)
            if fr.step == 0:            # a file's start: every piece (it may not be where the last file ended)
                view = _views(tl, state, looks, binding, protos)
                get = prev.get
                delta = [[n, *v] for n, v in view.items() if get(n) != v]
                delta += [[n, -1, 0, 0, 0, 0] for n in prev if n not in view]
                prev = view
                stacks = {sid: (st.map, st.x, st.y, tuple(st.members)) for sid, st in state.stacks.items()}
            else:
                delta = _step_delta(tl, state, fr, prev, stacks, looks, binding, protos)
            for n, m, x, y, *_ in delta:
                if m >= 0:
                    tl.used[tl.maps[m]].add((x, y))
            frame: dict[str, Any] = {"file": len(tl.files) - 1, "step": fr.step, "delta": delta}
            moves = []
            for mv in fr.moves:
                if mv.old[0] is None or mv.new[0] is None:
                    continue
                moves.append([tl.map_no(mv.old[0]), mv.old[1], mv.old[2], tl.map_no(mv.new[0]),
                              mv.new[1], mv.new[2], [tl.piece_no(p) for p in mv.pieces]])
            if moves:
                frame["moves"] = moves
            if fr.chat:
                frame["chat"] = [plain_chat(t) for t in fr.chat]
            if fr.undo:
                frame["undo"] = 1
            if fr.undone:
                frame["undone"] = 1
            if fr.player:
                frame["player"] = fr.player
            if fr.turns:
                shown = tracker_states(dict(fr.turns), module, state.properties)
                text = "; ".join(v.get("text") or v["state"] for v in shown.values())
                frame["turn"] = text
                tl.trackers.append((len(tl.frames), text))
            tl.frames.append(frame)
    return tl


def _step_delta(tl: Timeline, state: GameState, fr: Frame, prev: dict[int, View], stacks: dict[str, tuple],
                looks: dict[str, int], binding: Binding | None, protos: dict[str, str] | None) -> list[list[int]]:
    """What one step changed, from the pieces it can have changed: those it moved, created,
    changed or deleted, and every member (before and after) of a stack whose place or members
    differ. ``prev`` and ``stacks`` are brought up to date."""
    dirty = set(fr.touched) | fr.gone
    for mv in fr.moves:
        dirty.update(mv.pieces)
    if tl._hidden:          # a piece hidden or shown again moves its stack mates up or down
        for pid in fr.touched:
            rec = state.pieces.get(pid)
            st = state.stacks.get(rec.stack) if rec is not None and rec.stack is not None else None
            if st is not None:
                dirty.update(st.members)
    now: dict[str, tuple] = {}
    for sid, st in state.stacks.items():
        key = (st.map, st.x, st.y, tuple(st.members))
        now[sid] = key
        old = stacks.get(sid)
        if old != key:
            dirty.update(key[3])
            if old is not None:
                dirty.update(old[3])
    for sid, old in stacks.items():
        if sid not in now:
            dirty.update(old[3])
    stacks.clear()
    stacks.update(now)
    delta = []
    pieces = state.pieces
    for pid in sorted(dirty):
        n = tl._piece_no.get(pid)
        rec = pieces.get(pid)
        view = None
        if rec is not None:
            pos = rec.position
            if pos[0] is not None:
                st = state.stacks.get(rec.stack) if rec.stack is not None else None
                i = st.members.index(pid) if st is not None and st.map is not None and pid in st.members else 0
                if i and st is not None and tl._hidden:
                    i -= _hidden_below(tl, state, st.members[:i], looks, binding, protos)
                if n is None:
                    n = tl.piece_no(pid)
                view = (tl.map_no(pos[0]), pos[1], pos[2], i, _look(tl, looks, rec, binding, protos))
        if n is None:
            continue                     # never drawn (a stack id, or a piece never on a map)
        if view is None:
            if n in prev:
                del prev[n]
                delta.append([n, -1, 0, 0, 0, 0])
        elif prev.get(n) != view:
            prev[n] = view
            delta.append([n, *view])
    return delta


def _hidden_below(tl: Timeline, state: GameState, below: list[str], looks: dict[str, int],
                  binding: Binding | None, protos: dict[str, str] | None) -> int:
    """How many of the pieces ``below`` one in its stack are not drawn (VASSAL's
    StackMetrics.layout leaves a piece invisible to the viewer out of the stack's layout)."""
    k = 0
    for pid in below:
        rec = state.pieces.get(pid)
        if rec is not None and _look(tl, looks, rec, binding, protos) in tl._hidden:
            k += 1
    return k


def _views(tl: Timeline, state: GameState, looks: dict[str, int], binding: Binding | None,
           protos: dict[str, str] | None) -> dict[int, View]:
    """Where every piece on a map is drawn: map, point, index in its stack, look (runs at every
    step over every piece: kept to plain lookups)."""
    out: dict[int, View] = {}
    pieces, piece_no, map_no = state.pieces, tl._piece_no, tl._map_no
    for stack in state.stacks.values():
        if stack.map is None:
            continue
        unseen = 0                       # the pieces below that are not drawn (hidden)
        for i, pid in enumerate(stack.members):
            rec = pieces.get(pid)
            if rec is None:
                continue
            pos = rec._pos if rec._pos is not None else rec.position
            if pos[0] is None:
                continue
            n = piece_no.get(pid)
            if n is None:
                n = tl.piece_no(pid)
            m = map_no.get(pos[0])
            if m is None:
                m = tl.map_no(pos[0])
            look = looks.get(pid)
            if look is None:
                look = _look(tl, looks, rec, binding, protos)
            out[n] = (m, pos[1], pos[2], i - unseen, look)
            if look in tl._hidden:
                unseen += 1
    for pid, rec in pieces.items():
        pos = rec._pos if rec._pos is not None else rec.position
        if pos[0] is None:
            continue
        n = piece_no.get(pid)
        if n is None:
            n = tl.piece_no(pid)
        if n not in out:
            out[n] = (tl.map_no(pos[0]), pos[1], pos[2], 0, _look(tl, looks, rec, binding, protos))
    return out


def _look(tl: Timeline, looks: dict[str, int], rec: PieceRecord, binding: Binding | None,
          protos: dict[str, str] | None) -> int:
    n = looks.get(rec.id)
    if n is None:
        n = looks[rec.id] = tl.look_of_record(rec, protos, binding)
    return n


def _side(binding: Binding | None, rec: PieceRecord) -> str:
    """The game side of a piece by the binding ('' when it is not a unit or there is none)."""
    if binding is None:
        return ""
    try:
        found = binding.unit_for(rec)
    except Exception:   # a piece the binding cannot read: no side shown  # noqa: BLE001
        return ""
    if not found:
        return ""
    side = found[0].side
    game = getattr(binding, "game", None)
    s = game.sides.get(side) if game is not None else None
    return s.name if s is not None else str(side)


def _number(numbers: dict[str, int], names: list[str], name: str) -> int:
    """The number of ``name`` in ``names``, appended (and numbered) when new."""
    n = numbers.get(name)
    if n is None:
        n = numbers[name] = len(names)
        names.append(name)
    return n
