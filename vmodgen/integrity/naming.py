"""How the integrity report names the pieces of a step an undo took back: as a player knows
them (the piece's name, a stack's pieces' names) and where they went (map and hex label).

Names are read while the file is replayed, right after each undone step (the piece may be
renamed, flipped or deleted later), as the opponent sees the piece: a masked or hidden piece is
named only as such (:func:`vmodgen.vassal.looks.look_of`, the one account of what a player sees;
hidden by its owner, or by where it is: a private map window, a face-down deck,
:mod:`vmodgen.vassal.concealment`), and where a move of hidden pieces only went is withheld too
(an opponent sees nothing of it). With ``reveal`` (``--reveal-hidden``) every piece is named in full.
The replay's ids stay in the JSON; names and hexes are added beside them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..vassal.concealment import deck_face_down, place_concealment
from .editable import editable
from ..vassal.looks import HIDDEN, MASKED, look_of
from ..vassal.piece import Piece
from ..vassal.chains import state_tail
from ..vassal.typed import AddPiece, Log

#: names of a stack's pieces written out before "…"
MAX_STACK_NAMES = 3

#: how the report names a piece its owner has masked or hidden (VASSAL shows others no more)
SECRET_NAMES = {MASKED: "a masked piece", HIDDEN: "a hidden piece"}
#: the map of a move of hidden pieces only (its hex is null): an opponent does not see where it went
WITHHELD = "(withheld)"

Locate = Callable[[str, int, int], "str | None"]


@dataclass
class PieceNames:
    """Names and destination hexes of the moves of undone steps, noted as the replay runs.
    ``locate``: the module's ``locate(map, x, y)`` (None: no hex labels);
    ``prototypes``: the module's prototypes (a saved piece may still name one)."""
    locate: Locate | None = None
    prototypes: dict[str, str] | None = None
    #: name every piece in full, as its owner sees it (``--reveal-hidden``)
    reveal: bool = False
    #: the module's map windows only their own sides see (:func:`~vmodgen.vassal.concealment.private_map_ids`)
    private: frozenset[str] = frozenset()
    #: step → piece id → name (steps an undo took back only)
    names: dict[int, dict[str, str]] = field(default_factory=dict)
    #: step → move index → hex label of its destination, or None
    hexes: dict[int, list[str | None]] = field(default_factory=dict)
    #: step → the ids of its pieces that were concealed (their ids are withheld, as the audit's
    #: continuity withholds them: an id ties the piece to where another file shows it unconcealed)
    secret: dict[int, set[str]] = field(default_factory=dict)
    #: (step, piece id) → what the replay had of each piece a step no undo took back added,
    #: removed, set values of or moved, at that moment (a removed piece: as it was removed):
    #: ``(type chain, state chain, concealment by place, the state before a value was set)``;
    #: None for a stack. Named when listed (:meth:`listed`)
    seen: dict[tuple[int, str], "tuple[str, str, str | None, str | None] | None"] = field(default_factory=dict)
    #: every piece the file held at its start or a step added (the records the replay mutates
    #: in place: a piece removed later is found here as it was removed); updated with each
    #: step's added pieces only
    _records: dict = field(default_factory=dict, repr=False)
    #: the game's decks (those at the start, then each deck a step adds), and the pieces in the
    #: face-down ones after the last step
    _decks: list[str] = field(default_factory=list, repr=False)
    _face_down: frozenset[str] = field(default_factory=frozenset, repr=False)
    #: (reveal, type chain, state chain, place, state before; the state chains without their
    #: BasicPiece's map and x, y: :func:`_unplaced`) → (name, concealed): the same look
    #: named once; the auditor gives the PieceNames of the files it reads one dict (a chain's
    #: files open with mostly the same pieces)
    looks: dict[tuple, tuple[str, bool]] = field(default_factory=dict, repr=False)

    def begin(self, state) -> None:
        """Step 0 has run (``state``: the starting position)."""
        self._records = dict(state.pieces)
        self._decks = [sid for sid, st in state.stacks.items() if st.deck]
        self._face_down = self._in_face_down_decks(state) if self._decks else frozenset()

    def visit(self, step, state) -> None:
        """After ``step`` ran: note what an undo takes back (:meth:`note`), or what the
        integrity lists (pieces added or removed, values set, moves) as the replay has it now."""
        if getattr(step, "undone_by", None) is not None:
            self.note(step, state)
        elif not getattr(step, "undo", False) and getattr(step, "inverse_of", None) is None:
            self._sight(step, state)
        created = getattr(step, "created", None)
        if created:
            self._added(created, state)
        if self._decks:
            self._face_down = self._in_face_down_decks(state)

    def _added(self, created, state) -> None:
        """Note the records of the pieces a step added (and the decks among them)."""
        pieces, stacks, decks = state.pieces, state.stacks, self._decks
        for pid in created:
            rec = pieces.get(pid)
            if rec is not None:
                self._records[pid] = rec
            st = stacks.get(pid)
            if st is not None and st.deck and pid not in decks:
                decks.append(pid)

    def _in_face_down_decks(self, state) -> frozenset[str]:
        out: set[str] = set()
        for sid in self._decks:
            st, rec = state.stacks.get(sid), state.pieces.get(sid)
            if st is not None and rec is not None and deck_face_down(rec.piece.encode_state()):
                out.update(st.members)
        return frozenset(out)

    def _sight(self, step, state) -> None:
        """Note the pieces ``step`` added, removed, set values of or moved, as they are now (a
        removed one: as it was removed, where it was)."""
        seen = self.seen
        index = step.index
        created = getattr(step, "created", ())
        # a piece added and removed by the same step is named from its add
        gone = {pid for pid in created if pid not in state.pieces and pid not in state.stacks}
        adds = _adds(step, gone) if gone else {}
        for pid in getattr(step, "deleted", ()):
            rec = self._records.get(pid) if pid not in adds else None
            if rec is None:
                # a stack (or a piece never seen), unless the step added it
                seen.setdefault((index, pid), self._as_added(adds.get(pid)))
                continue
            seen.setdefault((index, pid), (rec.piece.encode_type(), rec.piece.encode_state(),
                                           self._removed_place(pid, rec), None))
        for pid in created:
            if pid in adds:
                seen.setdefault((index, pid), self._as_added(adds[pid]))
            else:
                self._seen_now(index, pid, state)
        for c in getattr(step, "changes", ()):
            if editable(c.type_chain) and (index, c.piece_id) not in seen:
                rec = state.pieces.get(c.piece_id)
                place = self._place(state, rec) if rec is not None else None
                seen[(index, c.piece_id)] = (c.type_chain, c.new_state, place, c.old_state)
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                self._seen_now(index, pid, state)

    def _removed_place(self, pid: str, rec) -> str | None:
        """How where a removed piece was hides it (None with ``reveal``): a private map's, or
        a face-down deck's."""
        if self.reveal:
            return None
        return "invisible" if rec.map is not None and rec.map in self.private else (
            "mask" if pid in self._face_down else None)

    def _seen_now(self, index: int, pid: str, state) -> None:
        if (index, pid) in self.seen:
            return
        rec = state.pieces.get(pid)
        self.seen[(index, pid)] = None if rec is None else (
            rec.piece.encode_type(), rec.piece.encode_state(), self._place(state, rec), None)

    def _as_added(self, add: "tuple[str, str] | None") -> "tuple[str, str, str | None, str | None] | None":
        """What :attr:`seen` keeps of a piece as a step's add made it (None: no add)."""
        if add is None:
            return None
        t, st = add
        place = None
        if not self.reveal and self.private:
            try:
                where = Piece(t, st).position()[0]
            except Exception:   # a malformed piece: no map read  # noqa: BLE001
                where = None
            place = "invisible" if where is not None and where in self.private else None
        return (t, st, place, None)

    def listed(self, step: int, pid: str) -> tuple[str, bool] | None:
        """The name of a piece the integrity lists at ``step`` as the other players saw it then,
        and whether it was concealed (by its owner, or by where it was; a value set on a piece
        concealed before or after it: concealed); None for a stack; ``("", False)`` for a piece
        the replay did not note."""
        got = self.seen.get((step, pid), ())
        if got is None:
            return None
        if not got:
            return ("", False)
        t, st, place, before = got
        # keyed on what the look depends on: not where the piece stands (its BasicPiece's map
        # and x, y: a unit moved keeps its name; where it stands counts through ``place``)
        key = (self.reveal, t, _unplaced(t, st), place, _unplaced(t, before) if before is not None else None)
        named = self.looks.get(key)
        if named is None:
            try:
                named = self._name(Piece(t, st), place)
                if before is not None and not named[1]:
                    was = self._name(Piece(t, before), place)
                    if was[1]:
                        named = was
            except Exception:   # a malformed piece: named by its id alone  # noqa: BLE001
                named = ("", False)
            if len(self.looks) > 100_000:
                self.looks.clear()
            self.looks[key] = named
        return named

    def note(self, step, state) -> None:
        """After ``step`` ran (``state``: the live game): what its moves' pieces are called now,
        if an undo takes the step back (the replay pairs undos before a step is delivered)."""
        if getattr(step, "undone_by", None) is None:
            return
        removed, added = getattr(step, "deleted", ()), getattr(step, "created", ())
        if not (step.moves or removed or added):
            return
        names = self.names.setdefault(step.index, {})
        hexes = self.hexes.setdefault(step.index, [])
        # the pieces it removed, as they were (stacks have no record), and those it added
        for pid, rec, is_removed in [(p, self._records.get(p), True) for p in removed] + [
                (p, state.pieces.get(p), False) for p in added]:
            if rec is None or pid in names:
                continue
            place = self._removed_place(pid, rec) if is_removed else self._place(state, rec)
            names[pid], concealed = self._name(rec.piece, place)
            if concealed:
                self.secret.setdefault(step.index, set()).add(pid)
        for mv in step.moves:
            pids = mv.members if mv.is_stack else [mv.piece_id]
            for pid in pids:
                if pid not in names:
                    rec = state.pieces.get(pid)
                    names[pid], concealed = self._name(rec.piece, self._place(state, rec)) if rec is not None \
                        else ("", False)
                    if concealed:
                        self.secret.setdefault(step.index, set()).add(pid)
            hidden = bool(pids) and all(names[pid] == SECRET_NAMES[HIDDEN] for pid in pids)
            hexes.append(WITHHELD if hidden else self._hex(mv.new))

    def _place(self, state, rec) -> str | None:
        """How where the piece is hides it (None with ``reveal``)."""
        if self.reveal:
            return None
        return place_concealment(state, rec, self.private)

    def _name(self, piece, place: str | None = None) -> tuple[str, bool]:
        """The piece's name as the other players see it, and whether it is concealed."""
        try:
            look = look_of(piece, self.prototypes, self.reveal, place)
        except Exception:   # a malformed piece: named by its id alone  # noqa: BLE001
            return "", False
        if look.concealed == "invisible" or look.name == MASKED:
            return SECRET_NAMES[look.name if look.concealed == "mask" else HIDDEN], True
        if look.concealed == "mask":          # the mask's own name, marked as one
            return f"{look.name.strip()} (masked)", True
        return look.name.strip(), False

    def _add_place(self, type_chain: str, state_chain: str) -> str | None:
        """``Main Map 3923``: where an add command's state puts the piece (its map and hex)."""
        try:
            pos = Piece(type_chain, state_chain).position()
        except Exception:   # a malformed piece: no place  # noqa: BLE001
            return None
        if pos[0] is None:
            return None
        return " ".join(p for p in (pos[0], self._hex(pos)) if p)

    def _hex(self, pos) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        try:
            return self.locate(pos[0], pos[1], pos[2])
        except (ValueError, ZeroDivisionError, OverflowError):
            return None

    def pieces_of(self, step, added_at: dict[str, str] | None = None) -> list[str]:
        """``removal of 19 NZ (1700000000002)``, ``add of …``: the pieces a step an undo took
        back removed or added, by the names noted (a concealed piece: its secret name, no id);
        ``added_at``: where the step's own move put a piece it added (``… on Normandy 3923``), else
        where its add command placed it (a palette drop writing only ``+/``)."""
        names = self.names.get(step.index, {})
        secret: set[str] | frozenset[str] = self.secret.get(step.index, frozenset())
        placed = {pid: (typ, state) for pid, (typ, state) in _adds(step, {
            pid for pid in getattr(step, "created", ()) if pid not in (added_at or {}) and pid not in secret
            and names.get(pid) is not None}).items()}
        out = []
        for what, ids in (("removal", getattr(step, "deleted", ())), ("add", getattr(step, "created", ()))):
            for pid in ids:
                name = names.get(pid)
                if name is None:
                    continue                  # a stack, or a piece the replay never held
                who = name if pid in secret else f"{name} ({pid})" if name else pid
                at = None
                if what == "add":
                    at = (added_at or {}).get(pid) or (self._add_place(*placed[pid]) if pid in placed else None)
                out.append(f"{what} of {who} on {at}" if at else f"{what} of {who}")
        return out

    def moves_of(self, step) -> list[dict]:
        """The step's moves, JSON-ready, with names and hexes (empty names where none was noted)."""
        names = self.names.get(step.index, {})
        hexes = self.hexes.get(step.index, [])
        secret: set[str] | frozenset[str] = self.secret.get(step.index, frozenset())
        return [move_json(mv, names, hexes[i] if i < len(hexes) else None, secret)
                for i, mv in enumerate(step.moves)]


def _unplaced(type_chain: str, state_chain: str) -> str:
    """``state_chain`` without its BasicPiece's map and x, y (what :func:`look_of` does not
    read), when the chain is canonical and that state plain (else as it is)."""
    try:
        i = state_tail(state_chain, Piece(type_chain, state_chain).count)
    except Exception:   # a malformed piece: kept whole  # noqa: BLE001
        return state_chain
    if i is None:
        return state_chain
    basic = state_chain[i:].split(";", 3)
    if len(basic) < 3:
        return state_chain
    return state_chain[:i] + (basic[3] if len(basic) == 4 else "")


def _adds(step, ids: set[str]) -> dict[str, tuple[str, str]]:
    """piece id → (type chain, state chain) of the first add of each of ``ids`` in ``step``'s
    commands (stacks left out)."""
    out: dict[str, tuple[str, str]] = {}
    command = getattr(step, "command", None)
    for node in (command.walk() if command is not None else ()):
        if "+/" not in node.text:
            continue
        cmd = node.typed()
        while isinstance(cmd, Log):
            cmd = cmd.inner
        if isinstance(cmd, AddPiece) and cmd.id in ids and cmd.id not in out and not cmd.is_stack:
            out[cmd.id] = (cmd.type, cmd.state)
    return out


def move_json(mv, names: dict[str, str], hex_label: str | None, secret: "set[str] | frozenset[str]" = frozenset()) -> dict:
    """One move of an undone step: ``id`` (the replay's piece or stack id; "" for a piece in
    ``secret``, one concealed), ``stack``, ``name`` (the piece's, or "stack of …" its pieces'),
    ``members`` (a stack's pieces: ``id``, ``name``), ``map`` and ``hex`` (its label on the map's
    grid, or null) it went to."""
    members = [{"id": "" if pid in secret else pid, "name": names.get(pid, "")} for pid in mv.members] \
        if mv.is_stack else []
    pid = "" if not mv.is_stack and mv.piece_id in secret else mv.piece_id
    if hex_label == WITHHELD:             # pieces their owner hid: where they went is not seen
        return {"id": pid, "stack": mv.is_stack, "name": stack_name([m["name"] for m in members])
                if mv.is_stack else names.get(mv.piece_id, ""), "members": members, "map": WITHHELD, "hex": None}
    if mv.is_stack:
        name = stack_name([m["name"] or m["id"] for m in members]) if any(m["name"] for m in members) else ""
    else:
        name = names.get(mv.piece_id, "")
    return {"id": pid, "stack": mv.is_stack, "name": name, "members": members,
            "map": mv.new[0], "hex": hex_label if hex_label is not None else mv.new_label}


def stack_name(names: list[str]) -> str:
    """``stack of 746, 3/8/4`` (at most :data:`MAX_STACK_NAMES` names, then "…")."""
    if not names:
        return "stack"
    shown = ", ".join(names[:MAX_STACK_NAMES])
    return f"stack of {shown}" + (", …" if len(names) > MAX_STACK_NAMES else "")


def move_text(m: dict) -> str:
    """``move of 746 (1168285083512) to Normandy 3428``: the name and id (none for a concealed
    piece), then map and hex."""
    if m["name"]:
        who = f"{m['name']} ({m['id']})" if m["id"] else m["name"]
    else:
        who = f"stack {m['id']}" if m["stack"] else m["id"]
    where = " ".join(p for p in (m["map"], m["hex"]) if p) if m["map"] else "off the map"
    return f"move of {who} to {where}"
