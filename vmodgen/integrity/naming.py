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

from ..vassal.concealment import place_concealment
from ..vassal.looks import HIDDEN, MASKED, look_of
from ..vassal.piece import Piece

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
    #: :meth:`put_name` by ``(type, state)`` text: shared by the files one auditor reads (give
    #: only PieceNames of the same module the same dict; ``reveal`` is part of the key)
    put_names: dict[tuple[bool, str, str], tuple[str, bool]] = field(default_factory=dict)

    def note(self, step, state) -> None:
        """After ``step`` ran (``state``: the live game): what its moves' pieces are called now,
        if an undo takes the step back (the replay pairs undos before a step is delivered)."""
        if getattr(step, "undone_by", None) is None or not step.moves:
            return
        names = self.names.setdefault(step.index, {})
        hexes = self.hexes.setdefault(step.index, [])
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

    def name_as_put(self, piece, type_text: str) -> tuple[str, bool]:
        """The name of a piece as it was put on the board (``piece`` from its ``+/id/type/state``;
        ``type_text`` its type) and whether it is concealed: on a private map it is a hidden
        piece, and one that can be masked is a masked piece (it may lie in a face-down deck,
        which its own command does not say), unless ``reveal``."""
        if not self.reveal:
            if piece.position()[0] in self.private:
                return SECRET_NAMES[HIDDEN], True
            protos = self.prototypes or {}
            if "obs;" in type_text or any("obs;" in protos.get(n, "") for n in _prototype_names(type_text)):
                name, concealed = self._name(piece)
                return (name, True) if concealed else (SECRET_NAMES[MASKED], True)
        return self._name(piece)

    def put_name(self, type_text: str, state_text: str) -> tuple[str, bool]:
        """:meth:`name_as_put` of the piece a ``+/id/type/state`` puts on the board, remembered by
        its text (a chain's files open with mostly the same pieces). Raises as :class:`Piece` does
        on a malformed piece."""
        key = (self.reveal, type_text, state_text)
        got = self.put_names.get(key)
        if got is None:
            got = self.name_as_put(Piece(type_text, state_text), type_text)
            if len(self.put_names) > 100_000:
                self.put_names.clear()
            self.put_names[key] = got
        return got

    def _hex(self, pos) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        try:
            return self.locate(pos[0], pos[1], pos[2])
        except (ValueError, ZeroDivisionError, OverflowError):
            return None

    def moves_of(self, step) -> list[dict]:
        """The step's moves, JSON-ready, with names and hexes (empty names where none was noted)."""
        names = self.names.get(step.index, {})
        hexes = self.hexes.get(step.index, [])
        secret: set[str] | frozenset[str] = self.secret.get(step.index, frozenset())
        return [move_json(mv, names, hexes[i] if i < len(hexes) else None, secret)
                for i, mv in enumerate(step.moves)]


def _prototype_names(type_text: str) -> list[str]:
    """The prototypes a piece's type names (``prototype;NAME``), one level deep."""
    out = []
    k = type_text.find("prototype;")
    while k >= 0:
        end = len(type_text)
        for stop in ("\t", "\\"):
            j = type_text.find(stop, k)
            if 0 <= j < end:
                end = j
        out.append(type_text[k + len("prototype;"):end])
        k = type_text.find("prototype;", end)
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
