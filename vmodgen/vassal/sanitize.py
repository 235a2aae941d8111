"""Remove player passwords from a save or log, wherever VASSAL stores the player id.

VASSAL 3.x uses the player's password as the player id and writes it in:

* ``PLAYER`` / ``PYREMOVE`` commands (the first field) and the last field of ``M/`` moves;
* ``UNMASK`` commands (the players allowed to unmask, ``ObscurableOptions``);
* ``PNOTE`` (private notes: the owner) and ``SNOTE`` (secret notes: the owner);
* the state of every trait :mod:`.traits` marks ``SECRET_STATE`` (Mask ``obs;``: who
  obscured it, and the allowed ids of its options; Invisible ``hide;``: who hid it;
  Restricted access ``restrict;``: the owner), in ``+/`` pieces and ``D/`` changes alike,
  at any depth of the trait chain and of the command tree.

Each id becomes ``""``. A ``D/`` whose piece was never added (no ``+/`` for its id) is
cleaned by value: any state element equal to an id found elsewhere is blanked. The copy
keeps only VASSAL's own zip entries (:data:`VASSAL_ENTRIES`), each with its time in the original
(when VASSAL wrote it), and says what it is in the archive's comment (:data:`SANITIZED_MARK`):
``vmodgen integrity`` names such a copy for what it is (packed again, its passwords blanked by
sanitize) rather than as a file packed again by an unknown program with empty seats.
"""
from __future__ import annotations

from pathlib import Path

from .. import limits
from ..errors import InputError, LimitError
from .chains import MAX_CHAIN, TAB, join_chain, split_chain, split_first, split_state_chain, trait_id
from .codec import decode, decode_checked, encode
from .commands import Command, encode_tree, invalidate
from .typed import blank_passwords

__all__ = ["sanitize_tree", "sanitize_text", "sanitize_save", "sanitized_save_bytes", "VASSAL_ENTRIES", "SECRET_IDS"]

#: the zip entries VASSAL writes in a save or log; others are not copied
VASSAL_ENTRIES = ("savedGame", "savedata", "moduledata")
#: the start of the zip comment of a copy sanitize wrote (VASSAL ignores an archive's comment);
#: anyone can write it, so it names the copy, it proves nothing about its play
SANITIZED_MARK = b"vmodgen sanitize: a copy with the player passwords blanked"


def _secret_ids() -> frozenset[str]:
    from .traits import _CLASSES
    return frozenset(tid for tid, cls in _CLASSES.items() if cls.SECRET_STATE)


#: trait IDs whose state holds a player id (one source of truth: ``Trait.SECRET_STATE``)
SECRET_IDS = _secret_ids()


def _strip_log(text: str) -> tuple[str, str]:
    prefix = ""
    while text.startswith("LOG\t"):
        prefix += "LOG\t"
        text = text[4:]
    return prefix, text


def _blank_trait_state(tid: str, state: str, found: set[str]) -> str:
    """The state of a secret trait with its player ids emptied (ids added to ``found``)."""
    if tid == "obs;":
        tokens = decode(state, ";")
        if not tokens:
            return state
        if tokens[0] != "null":
            found.add(tokens[0])
            tokens[0] = ""
        if len(tokens) > 1 and tokens[1]:
            opts = decode(tokens[1], "|")
            for i in range(2, len(opts)):
                found.add(opts[i])
                opts[i] = ""
            tokens[1] = encode(opts, "|")
        return encode(tokens, ";")
    if tid == "hide;":
        if state == "null":
            return state
    found.add(state)
    return ""


def _blank_state_chain(type_chain: str, state: str, found: set[str]) -> str:
    """``state`` (aligned with ``type_chain``) with every secret trait's player id emptied."""
    types = split_chain(type_chain)
    ids = [trait_id(t) for t in types]
    if not SECRET_IDS.intersection(ids):
        return state
    states = split_state_chain(state, len(types))
    changed = False
    for i, tid in enumerate(ids):
        if tid in SECRET_IDS and states[i] not in ("", "null"):
            new = _blank_trait_state(tid, states[i], found)
            if new != states[i]:
                states[i] = new
                changed = True
    return join_chain(states) if changed else state


def _blank_by_value(state: str, secrets: set[str]) -> str:
    """A state chain of unknown type with every element equal to a known id emptied (also an
    element whose first ``;`` token is one: a Mask state)."""
    elements: list[str] = []
    rest: str | None = state
    while rest is not None:
        if len(elements) > MAX_CHAIN:
            raise LimitError(None, f"a piece state has more than {MAX_CHAIN} elements")
        first, rest = split_first(rest)
        elements.append(first)
    changed = False
    for i, e in enumerate(elements):
        if e in secrets:
            elements[i] = ""
            changed = True
        elif ";" in e:
            t = decode(e, ";")
            if t and t[0] in secrets:
                t[0] = ""
                elements[i] = encode(t, ";")
                changed = True
    return join_chain(elements) if changed else state


class _Sanitizer:
    """Two passes over the tree: learn piece types and ids, then blank every place."""

    def __init__(self) -> None:
        self.types: dict[str, str] = {}
        self.secrets: set[str] = set()

    def learn(self, text: str) -> None:
        _, body = _strip_log(text)
        if body.startswith("+/"):
            t, _ = decode_checked(body, "/")
            if len(t) >= 3 and t[2] != "stack":
                self.types[t[1]] = t[2]

    def clean(self, text: str) -> str:
        prefix, body = _strip_log(text)
        found: set[str] = set()
        new = body
        if body.startswith(("PLAYER\t", "PYREMOVE\t", "M/")):
            new = _strip_log(blank_passwords(body))[1]
            if body.startswith("M/"):
                t = decode(body, "/")
                if len(t) > 10:
                    found.add(t[10])
            else:
                t = decode(body.partition("\t")[2], "\t")
                if t:
                    found.add(t[0])
        elif body.startswith("UNMASK\t"):
            ids = decode(body[7:], TAB)
            found.update(ids)
            new = "UNMASK\t" + encode([""] * len(ids), TAB) if ids else body
        elif body.startswith("PNOTE\t"):
            new = self._blank_field(body, "PNOTE\t", 0, found)
        elif body.startswith("SNOTE\t"):
            new = self._blank_field(body, "SNOTE\t", 1, found)
        elif body.startswith(("+/", "D/")):
            t, _ = decode_checked(body, "/")
            old = list(t)
            if body.startswith("+/") and len(t) >= 4 and t[2] != "stack":
                t[3] = _blank_state_chain(t[2], t[3], found)
            elif body.startswith("D/") and len(t) >= 3:
                type_chain = self.types.get(t[1])
                for i in range(2, min(len(t), 4)):
                    t[i] = (_blank_state_chain(type_chain, t[i], found) if type_chain is not None
                            else _blank_by_value(t[i], self.secrets))
            if t != old:
                new = encode(t, "/")
        found.discard("")
        found.discard("null")
        self.secrets |= found
        return prefix + new if new != body else text

    @staticmethod
    def _blank_field(body: str, head: str, index: int, found: set[str]) -> str:
        t = decode(body[len(head):], TAB)
        if len(t) > index and t[index]:
            found.add(t[index])
            t[index] = ""
            return head + encode(t, TAB)
        return body


def sanitize_tree(root: Command) -> int:
    """Blank every player id in the tree in place; returns how many commands changed."""
    s = _Sanitizer()
    nodes = list(_walk(root))
    for node in nodes:
        s.learn(node.text)
    for node in nodes:                         # ids first seen in a later command count too
        s.clean(node.text)
    changed = 0
    for node in nodes:
        new = s.clean(node.text)
        if new != node.text:
            node.text = new
            changed += 1
    if changed:
        for node in nodes:
            invalidate(node)       # an ancestor's raw text would hide the change
    return changed


def _walk(root: Command):
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limits.MAX_COMMAND_DEPTH:
            raise LimitError(None, f"commands nested deeper than {limits.MAX_COMMAND_DEPTH} levels")
        yield node
        stack.extend((sub, depth + 1) for sub in reversed(node.subs))


def sanitize_text(text: str) -> tuple[str, int]:
    """The command text with passwords blanked, and the number of commands changed."""
    from .commands import parse_tree
    root = parse_tree(text)
    count = sanitize_tree(root)
    return (encode_tree(root) if count else text), count


#: what sanitize says of a module given as its save (it has no --module to give it to)
MODULE_GIVEN = "sanitize copies a save or log (.vsav, .vlog) without its players' passwords"


def sanitize_save(source: str | Path, target: str | Path, notes: list[str] | None = None) -> int:
    """Write ``target``: a copy of ``source`` with every password blanked and only VASSAL's
    zip entries (atomic; the source is never modified). Returns the number of commands changed;
    ``notes`` gets what the copy changed besides (:func:`sanitized_save_bytes`)."""
    if Path(target).resolve() == Path(source).resolve():
        raise InputError(target, "output would overwrite the input; choose another name")
    from ..safeio import write_bytes_atomic
    data, count = sanitized_save_bytes(source, notes)
    write_bytes_atomic(target, data)
    return count


def sanitized_save_bytes(source: str | Path, notes: list[str] | None = None) -> tuple[bytes, int]:
    """The bytes of ``source`` with every password blanked and only VASSAL's zip entries, and
    the number of commands changed (:func:`sanitize_save` without the file). A text with bytes
    that are not UTF-8 is written with the replacement characters VASSAL reads them as (and
    ``notes`` says so)."""
    from .savefile import read_save, rewritten_save_bytes
    save = read_save(source, instead=MODULE_GIVEN)
    if save.undecodable is not None and notes is not None:
        notes.append(f"{source}: its text has bytes that are not UTF-8, the first {save.undecodable}: the copy "
                     "has a replacement character (\ufffd) for each, as VASSAL reads them")
    try:
        text, count = sanitize_text(save.text)
    except InputError as exc:
        raise exc.at(source)
    return rewritten_save_bytes(source, text, keep=VASSAL_ENTRIES, comment=SANITIZED_MARK), count
