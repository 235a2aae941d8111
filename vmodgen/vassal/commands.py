"""The ESC-separated command tree of a save or log (FORMATS.md §4.3).

``encode(c) = SE(ESC)[own(c), encode(sub1), encode(sub2), ...]``: a node's text is the
first token, its sub-commands the others, recursively. :func:`parse_tree` turns the
``savedGame`` text into :class:`Command` nodes and :func:`encode_tree` turns them back
into the identical text (a node whose text is not in VASSAL's canonical form keeps its
raw text, so even odd input round-trips). Typed views of each node's text are in
:mod:`.typed` (:func:`Command.typed`).

Nesting is limited to :data:`vmodgen.limits.MAX_COMMAND_DEPTH`; deeper input gives a
:class:`~vmodgen.errors.LimitError`, never a ``RecursionError``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

from .. import limits
from ..errors import LimitError
from .codec import decode, decode_checked, decode_pieces, encode_value

__all__ = ["ESC", "Command", "parse_tree", "parse_tree_pieces", "encode_tree"]

ESC = "\x1b"


class Command:
    """One node: its own text and its sub-commands (executed in pre-order)."""

    __slots__ = ("text", "subs", "_raw", "_typed")

    def __init__(self, text: str, subs: list["Command"] | None = None) -> None:
        self.text = text
        self.subs: list[Command] = subs if subs is not None else []
        self._raw: str | None = None   # exact text when not canonical (round trip)
        self._typed: _Typed | None = None

    # -- structure -------------------------------------------------------------------
    def walk(self) -> Iterator["Command"]:
        """This node and every descendant, pre-order (VASSAL's execution order)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            if node.subs:              # most nodes are leaves: no reversed view made for them
                stack.extend(reversed(node.subs))

    def encode(self) -> str:
        return encode_tree(self)

    def typed(self):
        """The typed view of :attr:`text` (see :mod:`vmodgen.vassal.typed`), cached."""
        if self._typed is None:
            text = self.text
            got = _TYPED.get(text)
            if got is None:
                got = _parse_command(text)
                _remember(text, got)
            self._typed = got
        return self._typed

    def __repr__(self) -> str:
        head = _safe_text(self.text)
        if len(head) > 60:
            head = head[:57] + "..."
        return f"Command({head!r}, subs={len(self.subs)})"


#: typed views by command text, shared across files (a chain of logs repeats the same
#: commands: every log opens with the whole game state). Typed views are never edited in
#: place (``blank_passwords`` edits a fresh ``parse_command``, not these). Bounded in characters.
_TYPED: dict[str, _Typed] = {}
_TYPED_CHARS = [0]
MAX_TYPED_CHARS = 32_000_000


def _remember(text: str, typed: _Typed) -> None:
    if _TYPED_CHARS[0] + len(text) > MAX_TYPED_CHARS:
        _TYPED.clear()
        _TYPED_CHARS[0] = 0
        if len(text) > MAX_TYPED_CHARS:
            return
    _TYPED[text] = typed
    _TYPED_CHARS[0] += len(text)


def split_esc(text: str) -> tuple[list[str], bool]:
    """``decode(text, ESC)`` and whether re-encoding the tokens surely gives ``text``."""
    return decode_checked(text, ESC)


def parse_tree(text: str, path: str | Path | None = None) -> Command:
    """Parse a whole ``savedGame`` text into its command tree."""
    if len(text) > limits.MAX_SAVEDGAME_BYTES:
        raise LimitError(path, f"savedGame text is {len(text)} characters, more than the limit "
                               f"of {limits.MAX_SAVEDGAME_BYTES}")
    commands = text.count(ESC) + 1          # every command but the first follows an ESC
    if commands > limits.MAX_COMMANDS:
        raise LimitError(path, f"savedGame has about {commands} commands, more than the limit of "
                               f"{limits.MAX_COMMANDS} (MAX_COMMANDS)")
    root = _parse(text, 0, path)
    return root


def parse_tree_pieces(pieces: list[str], path: str | Path | None = None) -> Command:
    """:func:`parse_tree` of ``ESC.join(pieces)``, from the text's pieces between ESC characters
    (:func:`~vmodgen.vassal.obfuscation.deobfuscate_pieces`): the same tree, without building
    the whole text when it splits sparsely (a save: a few thousand commands)."""
    n = len(pieces) - 1
    size = sum(map(len, pieces)) + n
    if size > limits.MAX_SAVEDGAME_BYTES:
        raise LimitError(path, f"savedGame text is {size} characters, more than the limit "
                               f"of {limits.MAX_SAVEDGAME_BYTES}")
    if n + 1 > limits.MAX_COMMANDS:
        raise LimitError(path, f"savedGame has about {n + 1} commands, more than the limit of "
                               f"{limits.MAX_COMMANDS} (MAX_COMMANDS)")
    if n == 0 or n * 64 > size or not any("\\" in p for p in pieces):
        return parse_tree(ESC.join(pieces), path)     # split as decode_checked splits it
    tokens, suspect = decode_pieces(pieces, ESC)
    text: list[str] = []

    def whole() -> str:
        if not text:
            text.append(ESC.join(pieces))
        return text[0]
    canonical = not suspect or encode_value(tokens, ESC) == whole()
    return _node(tokens, canonical, whole, 0, path)


def _parse(text: str, depth: int, path: str | Path | None) -> Command:
    if depth > limits.MAX_COMMAND_DEPTH:
        raise LimitError(path, f"commands nested deeper than {limits.MAX_COMMAND_DEPTH} levels")
    if ESC not in text:
        if len(text) > limits.MAX_LINE_BYTES:
            raise LimitError(path, f"one command is {len(text)} characters long, more than the "
                                   f"limit of {limits.MAX_LINE_BYTES}")
        # a leaf, unless quoting makes the decoded token differ from the text
        if text[:1] == "'":
            tokens = decode(text, ESC)
            if tokens[0] != text:
                node = Command(tokens[0])
                node._raw = text
                return node
        return Command(text)
    tokens, canonical = split_esc(text)
    return _node(tokens, canonical, lambda: text, depth, path)


def _node(tokens: list[str], canonical: bool, text: Callable[[], str], depth: int,
          path: str | Path | None) -> Command:
    """The node of a text holding an ESC, from its tokens (``text()`` gives the text)."""
    if len(tokens) == 1 and tokens[0] == text():
        return Command(tokens[0])
    head = tokens[0]
    if depth + 1 > limits.MAX_COMMAND_DEPTH:
        subs = [_parse(tok, depth + 1, path) for tok in tokens[1:]]
    else:
        # plain leaves (the vast majority) built here, without a call each
        line = limits.MAX_LINE_BYTES
        subs = [Command(tok) if ESC not in tok and tok[:1] != "'" and len(tok) <= line
                else _parse(tok, depth + 1, path) for tok in tokens[1:]]
    if ESC in head:
        # the first token is itself a compound (never written by VASSAL): keep it verbatim
        _parse(head, depth + 1, path)  # still enforce the depth limit on it
    node = Command(head, subs)
    if not canonical or not subs:
        node._raw = text()
    return node


def encode_tree(node: Command) -> str:
    """The text of ``node`` and its sub-commands, as VASSAL encodes it."""
    return _encode(node, 0)


def _encode(node: Command, depth: int) -> str:
    if node._raw is not None:
        return node._raw
    if not node.subs:
        return node.text
    if depth > limits.MAX_COMMAND_DEPTH:
        raise LimitError(None, f"commands nested deeper than {limits.MAX_COMMAND_DEPTH} levels")
    parts = [node.text]
    for sub in node.subs:
        parts.append(_encode(sub, depth + 1))
    value = encode_value(parts, ESC)
    return "" if value is None else value


def invalidate(node: Command) -> None:
    """Forget cached raw text and typed views after ``node`` was edited in place."""
    node._raw = None
    node._typed = None


from .typed import _Typed, parse_command as _parse_command, safe_text as _safe_text  # noqa: E402
