"""What one file tells about its own integrity, gathered while it is replayed: its rolls (and
which were undone), its undos, who sat at which side, and which module and VASSAL wrote it.
A player's password is hashed here and never kept in clear."""
from __future__ import annotations

import datetime as _dt
import hashlib
import re
from html import unescape
from dataclasses import dataclass, field
from typing import Iterable, Protocol

from ..vassal.chat_text import plain_chat
from ..vassal.typed import Log, MutableProperty, Player
from ..vassal.undo import UNDO_CHAT, marks_undo, speaker, speaker_typed
from ..vassal.dice import read_roll
from ..vassal.cut import cut_short
from .archive import archive_doubts, sanitized_copy
from .dice import Roll, sides_of
from .editable import EDITABLE as _EDITABLE, editable
from .naming import WITHHELD, PieceNames, move_text
from .side_change import switched_sides
from .typed_rolls import typed_roll, typed_roll_own  # noqa: F401  (the readers of typed rolls)


def undecodable_sentence(save) -> str | None:
    """What to say of a save whose text has bytes that are not UTF-8 (read as VASSAL reads them:
    :func:`~vmodgen.vassal.obfuscation.decode_text`), or None."""
    where = getattr(save, "undecodable", None)
    if where is None:
        return None
    return (f"its text has bytes that are not UTF-8, the first {where}: VASSAL plays the file with a "
            "replacement character (\ufffd) for each, and so was it read here; VASSAL writes UTF-8, so another "
            "program wrote or changed those bytes")


class StepLike(Protocol):
    """What the facts read of a replay step (read-only: a Step, or a test's stand-in)."""
    @property
    def index(self) -> int: ...
    @property
    def command(self) -> object: ...
    @property
    def moves(self) -> list: ...
    @property
    def chat(self) -> list: ...

    @property
    def chat_text(self) -> list[str]: ...


@dataclass(frozen=True)
class Seat:
    """A PLAYER command: ``name`` took ``side`` (step 0: in the file's starting roster)."""
    step: int
    name: str
    side: str
    password_key: str = field(repr=False)   # a salted hash, only ever compared
    empty_password: bool = False
    removed: bool = False
    #: a removal's step's side-change chat line (:func:`.side_change.switched_sides`): the name
    #: it gives and the side it says was left; None when the step has none
    switched_from: tuple[str, str] | None = None


@dataclass(frozen=True)
class UndoRecord:
    """An undo step and what it took back."""
    step: int
    player: str
    took_back: tuple[int, ...]
    what: tuple[str, ...]
    #: how the log shows it is an undo (:func:`undo_evidence`)
    evidence: str = ""
    #: the moves it took back, JSON-ready (:func:`vmodgen.integrity.naming.move_json`: ids,
    #: names, map and hex), each with the ``step`` it was in
    moves: tuple[dict, ...] = ()


@dataclass
class FileFacts:
    path: str
    module_name: str = ""
    module_version: str = ""
    vassal_version: str = ""
    date_saved: str = ""
    recorder: str = ""
    steps: int = 0
    rolls: list[Roll] = field(default_factory=list)
    undos: list[UndoRecord] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    moves_by_player: dict[str, int] = field(default_factory=dict)
    #: the steps of each player's moves counted in :attr:`moves_by_player` (a seat may change
    #: within the file: which seat made a move is read at its step)
    move_steps: dict[str, list[int]] = field(default_factory=dict)
    #: unit moves taken back by hand (filled by the audit: vmodgen.audit.takeback); None when no
    #: rules ran (a take-back is a unit, a hex and a phase: replaying alone cannot tell)
    taken_back: list[dict] | None = None
    #: chat lines that look like a die roll in a form no dice button's format reads, as
    #: (step, the line without its HTML): :func:`looks_like_roll`
    unread_rolls: list[tuple[int, str]] = field(default_factory=list)
    #: rolls whose chat line differs from the ``<button>_result`` property the same press set:
    #: (step, button, the chat's values, the property's value)
    roll_mismatches: list[tuple[int, str, tuple[int, ...], str]] = field(default_factory=list)
    #: rolls in a DiceButton's default report with no press of that button in their step (no
    #: ``<button>_result`` set; VASSAL 3.2 and later): (step, button, values)
    rolls_without_press: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)
    #: pieces put on the board or removed during the file (steps no undo took back), JSON-ready:
    #: ``step``, ``player``, ``what`` ("added"/"removed"), ``id`` ("" for a concealed piece), ``name``
    pieces_changed: list[dict] = field(default_factory=list)
    #: values a player set on a piece (a Dynamic Property, a Property Sheet, a Text Label):
    #: ``step``, ``player``, ``id`` ("" for a concealed piece), ``name``, ``trait``, ``property``,
    #: ``old``, ``new`` (withheld for a concealed piece)
    edits: list[dict] = field(default_factory=list)
    #: moves of units whose side the audit knows (``unit_sides``), JSON-ready: ``step``,
    #: ``player``, ``side`` (the unit's), ``id`` ("" for a concealed unit), ``name``
    side_moves: list[dict] = field(default_factory=list)
    #: whether the audit knew the side of some unit (``unit_sides``): else :attr:`side_moves` and
    #: :attr:`put_back` were not looked for (``vmodgen integrity`` runs no rules; a module without
    #: a binding has no units)
    sides_known: bool = False
    #: what in the file's zip container says it is not as VASSAL wrote it (:mod:`.archive`)
    archive: list[str] = field(default_factory=list)
    #: why the file reads as cut short (:func:`vmodgen.vassal.cut.cut_short`): also one of
    #: :attr:`archive`, and a warning of the audit (play after the cut is missing)
    cut: str | None = None
    #: the file says ``vmodgen sanitize`` wrote it (:func:`.archive.sanitized_copy`): its seats'
    #: passwords were blanked by that copy, not chosen empty by the players
    sanitized: bool = False
    #: why the file's text is not all UTF-8, and where (:func:`undecodable_sentence`): also one of
    #: :attr:`archive`, and a warning of the audit
    undecodable: str | None = None
    #: die rolls a player typed in chat ("I rolled 6"; steps no undo took back): (step, player,
    #: the line as typed, the values it claims): :func:`typed_roll`
    typed_rolls: list[tuple[int, str, str, tuple[int, ...]]] = field(default_factory=list)
    #: units removed and a piece of the same name added later by the same player (not by an
    #: undo): :func:`put_back`
    put_back: list[dict] = field(default_factory=list)
    #: pieces one step took off and put another piece in their place (a Replace With trait, or a
    #: Place Marker and a Delete in one key command): :func:`replacements`; JSON-ready: ``step``,
    #: ``player``, ``old_id``, ``old_name``, ``new_id``, ``new_name`` (ids "" for concealed
    #: pieces). The pieces of a replacement are not in :attr:`pieces_changed`
    replaced: list[dict] = field(default_factory=list)
    #: where this file starts in the file before it when not at its end (set by the audit's
    #: order check, ``vmodgen.audit.order``): "after step 10 of a.vlog's 17", or ""
    starts_at: str = ""


#: one salt per process: hashes are compared within a run and never shown or stored
_SALT = hashlib.sha256(str(id(object())).encode()).digest()


def password_key(player_id: str) -> str:
    return hashlib.sha256(_SALT + player_id.encode("utf-8", "replace")).hexdigest()


def typed_claim(text: str, claims: dict[str, tuple | None] | None) -> tuple[str, tuple[int, ...]] | None:
    """:func:`typed_roll` of ``text``, kept in ``claims`` (None: not kept): the lines of one
    file, which the audit's reading of each step's rolls and these facts both ask."""
    if claims is None:
        return typed_roll(text)
    try:
        return claims[text]
    except KeyError:
        got = claims[text] = typed_roll(text)
        return got


def file_facts(save, steps: Iterable[StepLike], *, recorder: str = "",
               module_sides: dict[str, int] | None = None, names: PieceNames | None = None,
               module_formats: dict[str, str] | None = None,
               unit_sides: dict[str, str] | None = None,
               claims: dict[str, tuple | None] | None = None) -> FileFacts:
    """The facts of one replayed file. ``save``: its :class:`~vmodgen.vassal.savefile.SaveFile`;
    ``steps``: its replayed steps (with ``undone_by``/``undoes``/``player`` where the replay
    paired undos); ``module_sides``: faces per die of the module's dice buttons by name;
    ``names``: the names and hexes noted while replaying (without them pieces go by id);
    ``module_formats``: the report format of each dice button by name, for the buttons whose
    chat line is not VASSAL's default (a roll whose format names no player is the step's player's);
    ``unit_sides``: piece id → side of the units the audit's binding knows (who moved whose units);
    ``claims``: this file's typed claims read so far, by text (:func:`typed_claim`)."""
    steps = list(steps)
    names = names if names is not None else PieceNames()
    facts = FileFacts(save.path, save.module_name, save.module_version, save.vassal_version,
                      _date(save), recorder, len(steps))
    facts.sides_known = bool(unit_sides)
    if getattr(save, "container", "") == "zip":
        facts.archive = archive_doubts(save.path, save.savedata.date_saved if save.savedata else "")
        facts.sanitized = sanitized_copy(save.path)
    facts.undecodable = undecodable_sentence(save)
    if facts.undecodable is not None:
        facts.archive = [*facts.archive, facts.undecodable]
    facts.cut = cut_short(save.tree)
    if facts.cut is not None:
        facts.archive = [*facts.archive, facts.cut]
    presses = _sets_dice_properties(save.vassal_version)
    by_index = {s.index: s for s in steps}
    step_of_node = {id(s.command): s.index for s in steps}
    for sub in save.tree.subs:
        k = step_of_node.get(id(sub), 0)
        for node in (sub.walk() if sub.subs else (sub,)):
            text = node.text
            # (a "+/" is a piece, never a player: the opening's thousands of pieces not searched)
            if text.startswith("+/") or ("PLAYER\t" not in text and "PYREMOVE\t" not in text):
                continue
            cmd = node.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, Player):
                left_said = _switched_from(by_index[k].chat_text) if cmd.removed and k in by_index else None
                facts.seats.append(Seat(k, cmd.name, cmd.side, password_key(cmd.player_id),
                                        cmd.player_id == "", cmd.removed, left_said))
    for step in steps:
        who = getattr(step, "player", None) or recorder
        undone = getattr(step, "undone_by", None) is not None
        results = _result_properties(step.command) if step.chat_text else {}
        for text in step.chat_text:
            r = read_roll(text, module_formats)
            if r is None:
                plain = looks_like_roll(text)
                if plain:
                    facts.unread_rolls.append((step.index, plain))
                claim = typed_claim(text, claims) if not undone else None
                if claim is not None:
                    facts.typed_rolls.append((step.index, speaker(text) or who or "", *claim))
                continue
            player, button, values = r
            player = player or who or ""
            sides = sides_of(button, module_sides)
            assumed = False
            if sides is None and values and max(values) <= 6:
                sides, assumed = 6, True
            facts.rolls.append(Roll(save.path, step.index, player, button, tuple(values), sides,
                                    undone, assumed))
            said = results.get(button + "_result")
            if said is not None and said.strip() and _ints(said) not in (tuple(values), (sum(values),)):
                # (a button that reports its total sets the total: its format may still show each die)
                facts.roll_mismatches.append((step.index, button, tuple(values), said))
            elif said is None and presses and _default_report(text, button) \
                    and not any(k.endswith("_result") for k in results):
                # (a press sets <its name>_result; a translated module's report shows another name)
                facts.rolls_without_press.append((step.index, button, tuple(values)))
        if not undone and not getattr(step, "undo", False) and getattr(step, "inverse_of", None) is None:
            for what, ids in (("added", getattr(step, "created", ())), ("removed", getattr(step, "deleted", ()))):
                facts.pieces_changed += [{"step": step.index, "player": who or "", "what": what, "id": pid, "name": "",
                                          _PID: pid} for pid in ids]
            for c in getattr(step, "changes", ()):
                facts.edits += _value_edits(c, step.index, who or "")
        undoes = tuple(getattr(step, "undoes", ()) or ())
        if undoes or getattr(step, "undo", False):
            taken = [by_index[k] for k in undoes if k in by_index]
            facts.undos.append(UndoRecord(step.index, who or "", undoes,
                                          tuple(describe(t, names, module_formats) for t in taken),
                                          undo_evidence(step, save.vassal_version),
                                          tuple({"step": t.index, **m} for t in taken for m in names.moves_of(t))))
        elif step.moves and not undone and getattr(step, "inverse_of", None) is None and who:
            facts.moves_by_player[who] = facts.moves_by_player.get(who, 0) + len(step.moves)
            facts.move_steps.setdefault(who, []).append(step.index)
            for mv in step.moves if unit_sides else ():
                for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                    if unit_sides is not None and pid in unit_sides:
                        facts.side_moves.append({"step": step.index, "player": who, "side": unit_sides[pid],
                                                 "id": pid, "name": ""})
    if facts.pieces_changed or facts.side_moves or facts.edits:
        _name_pieces(facts.pieces_changed + facts.side_moves + facts.edits, names)
        facts.edits = [e for e in facts.edits if e.get("name") is not None]
        for e in facts.edits:
            if not e["id"] and e.get("name") is not None:    # concealed: what it holds is not seen
                e["old"] = e["new"] = "(withheld)"
        facts.pieces_changed = [p for p in facts.pieces_changed if p.get("name") is not None]
        facts.side_moves = [p for p in facts.side_moves if p.get("name") is not None]
        changed = facts.pieces_changed
        facts.replaced, facts.pieces_changed = replacements(changed)
        readable = put_back_items(changed)
        for p in changed:
            p.pop(_PID, None)
        facts.put_back = put_back(readable, unit_sides or {})
    return facts


#: the piece's own id on an item of :attr:`FileFacts.pieces_changed` while it is read (the listed
#: ``id`` of a concealed piece is withheld): dropped before the items are handed out
_PID = "_pid"


def replacements(pieces: list[dict]) -> tuple[list[dict], list[dict]]:
    """``(replacements, the other items)`` of ``pieces`` (:attr:`FileFacts.pieces_changed`, in
    step order, each step's added pieces before its removed ones). VASSAL's Replace With
    (``Replace.replacePiece``, 3.7.26 and 3.8.0-beta1 alike) is one key command, so one step: the
    new piece's ``AddPiece`` (``PlaceMarker.placeMarker``, where the old one stands), then the old
    piece's ``RemovePiece``. A step that added as many pieces as it removed is read so: its k-th
    removed piece became its k-th added one (a Global Key Command replacing several pieces adds
    and removes them in that order). A step that added more or fewer than it removed (a Clone, a
    Delete, a Place Marker alone) replaced nothing; a piece a step added and removed again is no
    replacement of itself (read by its own id, ``_pid``, when the listed one is withheld)."""
    out: list[dict] = []
    used: set[int] = set()
    for a, r in _replacement_pairs(pieces):
        new, old = pieces[a], pieces[r]
        out.append({"step": old["step"], "player": old["player"], "old_id": old["id"], "old_name": old["name"],
                    "new_id": new["id"], "new_name": new["name"]})
        used.update((a, r))
    return out, [p for i, p in enumerate(pieces) if i not in used]


def put_back_items(pieces: list[dict]) -> list[dict]:
    """The items of ``pieces`` (as :func:`replacements` reads them) :func:`put_back` reads: all but
    the replacements', and yet the old piece of a replacement by a piece of another name, as a
    removal (a unit replaced by a marker, then added back from the palette: eliminated and
    brought back). A replacement by a piece of its own name (a step loss by Replace With) stays
    out: the unit is still there."""
    drop: set[int] = set()
    for a, r in _replacement_pairs(pieces):
        drop.add(a)
        if pieces[a]["name"] == pieces[r]["name"]:
            drop.add(r)
    return [p for i, p in enumerate(pieces) if i not in drop]


def _replacement_pairs(pieces: list[dict]) -> list[tuple[int, int]]:
    """(index of the added piece, index of the removed piece it replaced) of each replacement
    :func:`replacements` reads in ``pieces``."""
    by_step: dict[int, list[int]] = {}
    for i, p in enumerate(pieces):
        by_step.setdefault(p["step"], []).append(i)
    out: list[tuple[int, int]] = []
    for idx in by_step.values():
        own = {i: pieces[i].get(_PID, pieces[i]["id"]) for i in idx}
        both = {own[i] for i in idx if pieces[i]["what"] == "added"} & \
            {own[i] for i in idx if pieces[i]["what"] == "removed"}
        added = [i for i in idx if pieces[i]["what"] == "added" and own[i] not in both]
        removed = [i for i in idx if pieces[i]["what"] == "removed" and own[i] not in both]
        if not added or len(added) != len(removed):
            continue
        out += zip(added, removed)
    return out


def put_back(pieces: list[dict], unit_sides: dict[str, str]) -> list[dict]:
    """A unit removed, and a piece of the same name added later by the same player (either piece
    a unit of ``unit_sides``: a removed piece is no longer there to be read): the unit eliminated and brought back, which only a replacement rule allows,
    or a deletion taken back by hand. Each removal pairs with the first such addition."""
    out = []
    used: set[int] = set()
    for i, p in enumerate(pieces):
        if p["what"] != "removed" or not p["name"]:
            continue
        for j in range(i + 1, len(pieces)):
            q = pieces[j]
            if (j not in used and q["what"] == "added" and q["name"] == p["name"] and q["player"] == p["player"]
                    and (p["id"] in unit_sides or q["id"] in unit_sides)):
                used.add(j)
                out.append({"name": p["name"], "player": p["player"], "removed_step": p["step"],
                            "removed_id": p["id"], "added_step": q["step"], "added_id": q["id"]})
                break
    return out


def _value_edits(change, step: int, player: str) -> list[dict]:
    """What a ``D/`` changed in a piece's Dynamic Properties, Property Sheets and Text Labels
    (the values a player types or steps in play; a flip, a step loss by Layer, the ``Moved``
    mark are not such values): one item per trait whose state differs."""
    if not editable(change.type_chain):
        return []
    from ..vassal.piece import Piece
    try:
        old, new = Piece(change.type_chain, change.old_state).traits, Piece(change.type_chain, change.new_state).traits
    except Exception:   # an unreadable piece: its edits are not listed  # noqa: BLE001
        return []
    out = []
    for a, b in zip(old, new):
        kind = next((v for k, v in _EDITABLE.items() if a.type.startswith(k)), None)
        if kind is None or a.state == b.state:
            continue
        prop = next(iter(a.properties()), "") if kind != "Property Sheet" else ""
        show = (lambda t: t.label) if kind == "Text Label" else (lambda t: t.state.replace("~", ", "))
        out.append({"step": step, "player": player, "id": change.piece_id, "name": "", "trait": kind,
                    "property": prop, "old": show(a), "new": show(b)})
    return out


def _name_pieces(items: list[dict], names: PieceNames) -> None:
    """Name the pieces added, removed, given values or moved as the replay saw them at their
    step (:meth:`PieceNames.listed`: as an opponent saw them then, a piece its owner masked or
    hid named only as such, its id withheld); a stack's name is None (VASSAL adds and removes
    stacks as pieces gather and part: dropped by the caller)."""
    for it in items:
        got = names.listed(it["step"], it["id"])
        if got is None:                 # a stack: named None, dropped by the caller
            it["name"] = None
            continue
        it["name"], concealed = got
        if concealed:
            it["id"] = ""


def _result_properties(command: object) -> dict[str, str]:
    """The new values of the module properties a step sets (``MutableProperty``): a DiceButton
    (VASSAL 3.3 and later) sets ``<name>_result`` to the dice it reports (``$result$``) in the
    same command as its chat line, so a line edited afterwards no longer matches it."""
    out: dict[str, str] = {}
    walk = getattr(command, "walk", None)
    for node in (walk() if walk is not None else ()):
        if "MutableProperty\t" not in getattr(node, "text", ""):
            continue
        cmd = node.typed()
        while isinstance(cmd, Log):
            cmd = cmd.inner
        if isinstance(cmd, MutableProperty):
            out[cmd.name] = cmd.new
    return out


def _sets_dice_properties(version: str) -> bool:
    """Whether VASSAL ``version`` sets a DiceButton's ``<name>_result`` property in the same
    command as its report (3.2 and later; 2.x does not)."""
    m = re.match(r"\s*(\d+)\.(\d+)", version or "")
    return m is not None and (int(m.group(1)), int(m.group(2))) >= (3, 2)


def _default_report(text: str, button: str) -> bool:
    """Whether ``text`` is a DiceButton's report in VASSAL's default format (``*** 2d6 = 3,4 ***
    <Joel>``): not VASL's ``*** (DR) ...``, not a SpecialDiceButton's ``[face]``, not a module's
    own format."""
    t = text.strip()
    return t.startswith(f"*** {button} =") and "[" not in t.split("***")[1]


def _ints(text: str) -> tuple[int, ...] | None:
    try:
        return tuple(int(t) for t in text.split(","))
    except ValueError:
        return None


_TAG = re.compile(r"<[^<>]*>")
_ROLL_WORD = re.compile(r"\b(?:roll|rolls|rolled|rolling|dice|die|dr|\d*d\d+)\b", re.I)


def _switched_from(chat: list[str]) -> tuple[str, str] | None:
    """(name, side left) of the first side-change line among a step's chat lines."""
    for text in chat:
        said = switched_sides(text)
        if said is not None:
            return said[0], said[1]
    return None


def looks_like_roll(text: str) -> str:
    """``text`` without its HTML when it reads like a die roll (``Alice (French) rolls 2 dice:
    ARTx1 INFx1``, a module's own report), else ``""``. A line a player typed (``<Alice> -
    ...``) is talk, not a roll; ``* UNDO: ...`` is VASSAL's echo of a line an Undo took back."""
    if speaker_typed(text) or text.startswith(UNDO_CHAT):
        return ""                       # talk, or an Undo's echo of a line (its roll is undone)
    plain = " ".join(_TAG.sub(" ", unescape(text)).split())
    return plain if _ROLL_WORD.search(plain) else ""


#: what tells an undo from the drag back by hand that writes the same commands (VASSAL before 3.4)
UNDO_EVIDENCE = {
    "marked": "marked as an undo (UNDO→true, VASSAL 3.4 and later)",
    "undo chat": "its chat line reads '* UNDO: …', which only Undo writes",
    "restores state": "it restores pieces' states as well, which a drag does not write",
    "moves only": ("it only moves pieces back: VASSAL before 3.4 writes an Undo of a drag and a drag "
                   "back by hand to the same point alike, so this may be either"),
    "other": "the inverse commands of the step it took back",
}


def undo_evidence(step: StepLike, vassal_version: str) -> str:
    """A key of :data:`UNDO_EVIDENCE`: what in the log says that ``step`` (paired as an undo)
    is one. Before VASSAL 3.4 an undo is only the inverse commands of the step it takes back; a
    step that only moves pieces back is the same as a drag back by hand (``vassal/undo.py``)."""
    if marks_undo(vassal_version):
        return "marked"
    if any(t.startswith(UNDO_CHAT) for t in step.chat_text):
        return "undo chat"
    if getattr(step, "changes", None) or getattr(step, "created", None) or getattr(step, "deleted", None):
        return "restores state"
    return "moves only" if step.moves else "other"


def describe(step: StepLike, names: PieceNames | None = None,
             formats: dict[str, str] | None = None) -> str:
    """A short account of a step, for the undo list: its pieces by name and id, where they went
    by map and hex (``names``: as noted while replaying; without them by id and map);
    ``formats``: the module's dice buttons' own report formats (a roll in one is a roll)."""
    parts = []
    for text in step.chat_text:
        r = read_roll(text, formats)
        if r:
            parts.append(f"roll {r[1]} = {','.join(map(str, r[2]))}")
        elif text.strip():
            t = plain_chat(text).strip()       # a module's HTML report, as the chat shows it
            parts.append(f"chat \"{t[:60]}{'…' if len(t) > 60 else ''}\"")
    names = names or PieceNames()
    # a palette drop onto a piece writes the new piece's ``+/`` and its ``M/`` onto that piece:
    # one event, the add, told where it went (a concealed piece, id "", is not folded)
    created = set(getattr(step, "created", ()))
    added_at: dict[str, str] = {}
    for m in names.moves_of(step):
        if m["id"] in created and not m["stack"] and m["map"] and m["map"] != WITHHELD:
            added_at[m["id"]] = " ".join(p for p in (m["map"], m["hex"]) if p)
        else:
            parts.append(move_text(m))
    parts += names.pieces_of(step, added_at)
    n_changes = len(getattr(step, "changes", ()))
    if n_changes:
        parts.append(f"{n_changes} piece change(s)")
    if getattr(step, "turns", None):
        parts.append("turn tracker change")
    return "; ".join(parts) or "a step with no visible effect"


def _date(save) -> str:
    raw = save.savedata.date_saved if getattr(save, "savedata", None) else ""
    if raw.isdigit():
        try:
            return _dt.datetime.fromtimestamp(int(raw) / 1000, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        except (OverflowError, OSError, ValueError):
            return ""
    return ""
