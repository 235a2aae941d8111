"""Whether a save or log was cut short: VASSAL writes the whole command tree at once, so a file
whose text stops before ``end_save``, or inside its last command, was cut (an incomplete copy,
packed again) and the play after the cut is missing (FORMATS.md §4.3, §4.4).

A cut inside a command shows by its structure, not by guessing at its content: a recognised
command (``M/``, ``+/``, ``D/``, ``TURN``...) that no longer reads as one; a piece state with
fewer trait states than the piece's type has traits (VASSAL writes one per trait); a turn
tracker's state with fewer fields than the same tracker wrote earlier in the file; a chat line
that stops inside what VASSAL writes around the words: the speaker (``Chatter.formatChat``:
``&lt;NAME&gt; - `` in 3.x, ``<NAME> - `` before), an entity or a tag of a report, a dice report's
``*** ... ***`` (when the file's other reports of the same button close so: the report format is
the module's), or no text at all (``Chatter.send`` sends none). A cut inside a player's words
cannot be told from a shorter line (VASSAL sends them as typed: not trimmed, not escaped, nothing
after them) and is not reported. A text ending in an odd
run of backslashes is no sign: VASSAL writes a chat unchanged (``Chatter.encode``: ``C:\\games\\``)
and quotes no last token for a trailing backslash (``SequenceEncoder.append``); a cut at an
escape inside a piece's state shows as a missing trait state.
"""
from __future__ import annotations

import re

from ..errors import InputError
from .chains import split_chain
from .commands import Command
from .typed import (AddPiece, ChangePiece, Chat, Log, MovePiece, MutableProperty, TurnState, Unknown,
                    parse_command)

__all__ = ["cut_short", "ends_inside_a_command"]

#: command texts VASSAL writes that :func:`~vmodgen.vassal.typed.parse_command` reads whole
_KNOWN_PREFIXES = ("M/", "+/", "D/", "UNDO\t", "MutableProperty\t")
#: the heads of the commands VASSAL writes (a text that is a proper start of one was cut there)
_HEADS = ("M/", "+/", "D/", "-/", "CHAT", "TURN", "UNDO\t", "PLAYER\t", "PYREMOVE\t", "LOG\t",
          "MutableProperty\t", "GlobalProperty\t", "SETUP_STACK\t", "UNMASK\t")


#: a typed chat's speaker before the player's words (``Chatter.formatChat``), behind an undo's mark
_SPEAKER = r"(?:\* UNDO: )?(?:<[^<>]*>|&lt;(?:(?!&gt;).)*&gt;)"
_TYPED_HEAD = re.compile(_SPEAKER + " - ")
#: the speaker written and what follows it cut: "<Joel>", "&lt;Joel&gt; -"
_SPEAKER_ONLY = re.compile(_SPEAKER + "(?: -?)?$")
#: a speaker's name, an entity or a tag (of a report's format) that stops before its end:
#: "&lt;Jo", "&l", "*** d6 = 4 *** <Jo", "<b"
_OPEN_MARKUP = re.compile(r"&lt;(?!.*&gt;)|&(?:l|lt|g|gt|a|am|amp|q|qu|quo|quot|#\d*)?$|<(?:[A-Za-z/(][^<>]*)?$")


def _cut_chat(text: str, tree: Command | None = None, last: Command | None = None) -> str | None:
    """Why a chat line's text reads as stopping inside what VASSAL writes around the words, or
    None (a player's words may end anywhere). ``tree``: the file, whose other dice reports say
    whether the line's button writes the default ``*** … ***`` (``last``: the line's own node)."""
    if not text:
        return "a chat line with no text (VASSAL sends none)"
    if _TYPED_HEAD.match(text):
        return None
    if _SPEAKER_ONLY.match(text):
        return "a chat line stops after its speaker, before the words"
    if _OPEN_MARKUP.search(text):
        return "a chat line stops inside a name, an entity or a tag"
    if text.startswith("*** ") and text.count("***") < 2 and tree is not None and _closes_with_stars(tree, text, last):
        return "a dice report stops before its closing '***'"
    return None


def _closes_with_stars(tree: Command, text: str, last: Command | None) -> bool:
    """Whether the file's other reports of the same dice button (the same text up to its " = ",
    or, cut before it, beginning with ``text``) close with '***' -- VASSAL's default report
    format, ``*** $name$ = $result$ *** <$playerName$>`` -- all of them, and there is one. A
    button's report format is the module's to set (``** $name$: $result$``, ``*** $name$ =
    $result$`` without closing stars, mostly in 2.x/3.1 modules): a line of the file's own shape
    is whole, and with no other report of the button the shape is not known."""
    head = text[: text.index(" = ") + 3] if " = " in text else text
    seen = False
    for node in tree.walk():
        if node is last or "CHAT" not in node.text:
            continue
        cmd = parse_command(_unwrap(node.text))
        while isinstance(cmd, Log) and cmd.inner is not None:
            cmd = cmd.inner
        if isinstance(cmd, Chat) and cmd.text.startswith(head):
            if cmd.text.count("***") < 2:
                return False
            seen = True
    return seen


def _last_leaf(node: Command) -> Command:
    while node.subs:
        node = node.subs[-1]
    return node


def _unwrap(text: str) -> str:
    while text.startswith("LOG\t"):
        text = text[4:]
    return text


def _fields(state: str) -> int:
    """Separators in a state at any nesting depth (a cut state has fewer than a whole one)."""
    return sum(state.count(c) for c in ";|,\t")


def _fewer_parts(state: str, type_chain: str) -> bool:
    """Whether a piece's state chain splits into fewer elements than its type chain (VASSAL
    writes one state per trait). Both split by nesting level (:func:`~.chains.split_chain`): a
    Place Marker or Replace trait carries a whole piece definition inside its type, whose TABs
    are no traits of this piece. A chain too long to split is not judged here."""
    try:
        return len(split_chain(state)) < len(split_chain(type_chain))
    except InputError:
        return False


def cut_short(tree: Command) -> str | None:
    """Why the file of command tree ``tree`` reads as cut short, in a sentence, or None."""
    subs = tree.subs
    if not any(sub.text == "end_save" for sub in subs) and tree.text != "end_save":
        # VASSAL (2.x too) writes it after the starting position of every save and log
        return ("its saved game has no 'end_save' (VASSAL writes one into every save and log): the "
                "file was cut short or not written by VASSAL; play it held after the cut is missing")
    if not subs:
        return None
    if subs[-1].text == "end_save":
        return None
    why = ends_inside_a_command(tree)
    if why is None:
        return None
    step = len(subs) - 1 - next((i for i, sub in enumerate(subs) if sub.text == "end_save"), -1)
    where = f"its last step ({step})" if step > 0 else "its last command"
    return (f"{where} ends inside a command ({why}): VASSAL writes every command whole, so the file "
            f"was cut short (an incomplete copy packed again?); play it held after the cut is missing")


def ends_inside_a_command(tree: Command) -> str | None:
    """Why the last top-level command (or step) of ``tree`` reads as stopping inside a command,
    in a few words, or None (whatever comes before it, ``end_save`` or not)."""
    subs = tree.subs
    if not subs:
        return None
    last = subs[-1]
    if (not last.subs and len(last.text) < 4 and "LOG\t".startswith(last.text)
            and len(subs) > 1 and subs[-2].text.startswith("LOG\t")):
        why: str | None = "a step that stops at its 'LOG' mark"
    else:
        leaf = _last_leaf(last)
        why = _cut_command(_unwrap(leaf.text), tree, leaf)
    return why


def _cut_command(text: str, tree: Command, last: Command | None = None) -> str | None:
    cmd = parse_command(text)
    while isinstance(cmd, Log) and cmd.inner is not None:
        cmd = cmd.inner
    if isinstance(cmd, Unknown):
        if text and any(head != text and head.startswith(text) for head in _HEADS):
            return f"'{text}' is the start of a command's name"
        if text.startswith(_KNOWN_PREFIXES):
            return f"'{text[:2]}' does not read as a whole command"
        if text.startswith("TURN") and "\t" not in text and _has_earlier(tree, text, "\t"):
            return "a turn tracker's state stops inside the tracker's name"
        return None
    if isinstance(cmd, Chat):
        return _cut_chat(cmd.text, tree, last)
    if isinstance(cmd, MovePiece) and cmd.player_id is None and _has_player_moves(tree):
        return "a move lacks the player field every other move of the file has"
    if isinstance(cmd, MutableProperty) and not cmd.has_container and _has_containers(tree):
        return "a property change lacks the container id every other one of the file has"
    if isinstance(cmd, AddPiece) and not cmd.is_stack:
        if _fewer_parts(cmd.state, cmd.type):
            return f"piece {cmd.id}'s state has fewer parts than its type has traits"
        return None
    if isinstance(cmd, ChangePiece):
        type_chain = _type_of(tree, cmd.id)
        if type_chain is not None:
            for state in (cmd.new_state, cmd.old_state):
                if state is not None and _fewer_parts(state, type_chain):
                    return f"piece {cmd.id}'s state has fewer parts than its type has traits"
        return None
    if isinstance(cmd, TurnState):
        before = _earlier_turn_state(tree, cmd.tracker_id)
        if before is not None and _fields(cmd.state) < _fields(before):
            return f"turn tracker {cmd.tracker_id}'s state has fewer fields than it had before"
    return None


def _type_of(tree: Command, piece_id: str) -> str | None:
    """The type chain the file's last ``+/`` of ``piece_id`` gives, or None."""
    head = f"+/{piece_id}/"
    found: str | None = None
    for node in tree.walk():
        text = _unwrap(node.text)
        if text.startswith(head):
            cmd = parse_command(text)
            if isinstance(cmd, AddPiece):
                found = cmd.type
    return found


def _earlier_turn_state(tree: Command, tracker_id: str) -> str | None:
    """The first state of turn tracker ``tracker_id`` in the file (its whole form), or None."""
    head = f"TURN{tracker_id}\t"
    for node in tree.walk():
        text = _unwrap(node.text)
        if text.startswith(head):
            return text[len(head):]
    return None


def _has_earlier(tree: Command, head: str, then: str) -> bool:
    """Whether a command of the file starts with ``head`` followed (later) by ``then``."""
    for node in tree.walk():
        text = _unwrap(node.text)
        if text.startswith(head) and then in text[len(head):]:
            return True
    return False


def _has_containers(tree: Command) -> bool:
    """Whether a property change of the file carries its container id (VASSAL 3.2 and later
    write it into every one; 3.0/3.1 into none)."""
    for node in tree.walk():
        text = _unwrap(node.text)
        if text.startswith("MutableProperty\t"):
            cmd = parse_command(text)
            if isinstance(cmd, MutableProperty) and cmd.has_container:
                return True
    return False


def _has_player_moves(tree: Command) -> bool:
    """Whether a move of the file carries its player field (VASSAL 3.x writes it into every move)."""
    for node in tree.walk():
        text = _unwrap(node.text)
        if text.startswith("M/"):
            cmd = parse_command(text)
            if isinstance(cmd, MovePiece) and cmd.player_id is not None:
                return True
    return False
