"""Trait chains: the nested TAB encoding of a piece's type and state (FORMATS.md §3.2).

``chain = SE(TAB)[outermost, SE(TAB)[next, ...[piece;...]]]``: the separator after
element ``j`` is a TAB preceded by exactly ``j`` backslashes. :func:`split_chain` /
:func:`split_state_chain` split a chain in one linear pass (falling back to VASSAL's
level-by-level decoding for anything not in canonical form); :func:`join_chain` nests
elements back.
"""
from __future__ import annotations

from typing import Iterable

from ..errors import InputError, LimitError
from .codec import decode, encode_value

__all__ = ["TAB", "split_first", "split_chain", "split_state_chain", "join_chain", "trait_id"]

TAB = "\t"
_BASIC_PREFIXES = ("piece;", "deck;")
MAX_CHAIN = 10_000   # traits in one piece (a hostile chain cannot run away)


# ----------------------------------------------------------------------------------------
# chains
def _unq(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token


def split_first(text: str) -> tuple[str, str | None]:
    """``decode(text, TAB)`` limited to what VASSAL reads: the first token and the second
    (``None`` when there is none; tokens after the second are ignored, as in Java).

    Uses ``str.find``/``str.replace`` instead of a token loop: chains of 30 traits decode
    level by level in linear C-speed passes.
    """
    pos = text.find(TAB)
    while pos > 0 and text[pos - 1] == "\\":
        pos = text.find(TAB, pos + 1)
    if pos < 0:
        return _unq(text.replace("\\\t", TAB) if "\\\t" in text else text), None
    first = text[:pos]
    if "\\\t" in first:
        first = first.replace("\\\t", TAB)
    rest = text[pos + 1:]
    n_tab = rest.count(TAB)
    if n_tab:
        n_esc = rest.count("\\\t")
        if n_esc != n_tab or rest[0] == TAB:
            # a further unescaped TAB: let the general decoder find the second token
            tokens = decode(text, TAB)
            return tokens[0], tokens[1]
        rest = rest.replace("\\\t", TAB)
    return _unq(first), _unq(rest)


def _fast_split(text: str, count: int | None) -> list[str] | None:
    """One linear pass over the TABs: separator ``j`` is the first TAB after separator
    ``j-1`` preceded by exactly ``j`` backslashes (VASSAL's nesting). ``None`` when the
    text is not in canonical form (quotes, stray TABs): the caller then decodes level by
    level. ``count`` given = a state chain of that many elements, else a type chain."""
    seps = _fast_seps(text, count)
    if seps is None:
        return None
    return _cut(text, count, seps)


def state_tail(text: str, count: int) -> int | None:
    """Where the innermost element of a state chain of ``count`` elements starts, when
    the chain is canonical, has all its separators and that element is plain (non-empty,
    no TAB, no backslash, no quote at either end): then ``join_chain`` of the elements
    with a plain innermost ``e`` is ``text[:i] + e``. ``None`` otherwise."""
    if count < 2:
        return None
    seps = _fast_seps(text, count)
    if seps is None or len(seps) != count - 1:
        return None
    i = seps[-1][1]
    if not _plain(text[i:]):
        return None
    return i


def _plain(element: str) -> bool:
    return (element != "" and TAB not in element and "\\" not in element
            and element[0] != "'" and element[-1] != "'")


def _fast_seps(text: str, count: int | None) -> list[tuple[int, int]] | None:
    """The separators of a canonical chain, each ``(start of its backslash run, position after
    its TAB)``; ``None`` when the text is not canonical (see :func:`_fast_split`). Hops from TAB
    to TAB with ``str.find`` and counts each TAB's backslashes backwards (runs are disjoint: each
    character is looked at once; a regex scan of every character cost twice as much)."""
    seps: list[tuple[int, int]] = []
    j = 0
    done = count is None and text.startswith(_BASIC_PREFIXES)
    end = text.find(TAB)
    while end >= 0:
        a = end                       # the start of the backslash run before this TAB
        while a and text[a - 1] == "\\":
            a -= 1
        run = end - a
        start = end + 1
        if done:
            if run < j:
                return None
        elif run == j:
            seps.append((a, start))
            j += 1
            c = text[start:start + 1]
            if c == "'":
                return None
            if c == "\\":
                # only the backslash run of the next separator (an empty element) is safe
                k = start
                while text[k:k + 1] == "\\":
                    k += 1
                if text[k:k + 1] != TAB or k - start != j:
                    return None
            done = (j >= count - 1) if count is not None else text.startswith(_BASIC_PREFIXES, start)
        elif run < j:
            return None
        end = text.find(TAB, start)
    if text[:1] in ("'", "\\"):
        return None
    return seps


def _cut(text: str, count: int | None, seps: list[tuple[int, int]]) -> list[str]:
    out: list[str] = []
    prev = 0
    for j, (sep_start, sep_end) in enumerate(seps):
        element = text[prev:sep_start]
        pattern = "\\" * (j + 1) + TAB
        if TAB in element:
            element = element.replace(pattern, TAB)
        out.append(element)
        prev = sep_end
    last = text[prev:]
    k = len(seps)
    if TAB in last:
        if count is None:
            leaf = not text.startswith(_BASIC_PREFIXES, prev) and last != "stack"
        else:
            leaf = k < count - 1
        if leaf:
            last = last.replace("\\" * (k + 1) + TAB, TAB)
        elif k:
            last = last.replace("\\" * k + TAB, TAB)
    out.append(last)
    if count is not None:
        out.extend([""] * (count - len(out)))
    return out


def split_chain(text: str) -> list[str]:
    """The type elements of a chain, outermost first (the BasicPiece, if any, last). A module's
    few type chains and prototypes are split again and again: the last splits are remembered."""
    got = _SPLITS.get(text)
    if got is None:
        fast = _fast_split(text, None)
        split = _slow_split_chain(text) if fast is None else fast
        if len(split) > MAX_CHAIN + 1:
            raise _too_long()
        if len(text) <= 4_000:              # real chains are far shorter; the memo stays small
            if len(_SPLITS) >= 4096:
                _SPLITS.clear()
            _SPLITS[text] = tuple(split)
        return split
    return list(got)


_SPLITS: dict[str, tuple[str, ...]] = {}


def _too_long() -> InputError:
    """The chain limit (no file here: callers add theirs with ``InputError.at``)."""
    return LimitError(None, f"piece has more than {MAX_CHAIN} traits")


def _slow_split_chain(text: str) -> list[str]:
    out: list[str] = []
    while True:
        if text.startswith(_BASIC_PREFIXES) or text == "stack":
            out.append(text)
            return out
        first, rest = split_first(text)
        out.append(first)
        if rest is None:
            return out
        if len(out) > MAX_CHAIN:
            raise _too_long()
        text = rest


def split_state_chain(text: str, count: int) -> list[str]:
    """The ``count`` state elements aligned with a type chain (missing ones are ``""``)."""
    if count <= 1:
        return [text]
    key = (text, count)
    got = _STATE_SPLITS.get(key)
    if got is None:
        fast = _fast_split(text, count)
        got = tuple(fast if fast is not None else _slow_split_state(text, count))
        if len(text) <= CACHED_STATE_MAX:   # a log repeats its pieces' states: the last splits are remembered
            if len(_STATE_SPLITS) >= 16_384:
                _STATE_SPLITS.clear()
            _STATE_SPLITS[key] = got
    return list(got)


_STATE_SPLITS: dict[tuple[str, int], tuple[str, ...]] = {}
#: the longest state chain a cache keeps (here, and ``piece._TAILS``): a command may be up to
#: ``limits.MAX_LINE_BYTES``, and a cache of such texts would hold them all for the whole audit
CACHED_STATE_MAX = 8_000


def _slow_split_state(text: str, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count - 1):
        first, rest = split_first(text)
        out.append(first)
        text = rest if rest is not None else ""
    out.append(text)
    return out


def join_chain(elements: Iterable[str]) -> str:
    """Encode elements (outermost first) as VASSAL nests them: ``SE(TAB)[e0, join(rest)]``.

    Plain elements (no TAB, backslash or quote) take one pass: separator ``j`` is a TAB after
    ``j`` backslashes. Level-by-level encoding would rescan the whole tail at each level, which
    is cubic in the number of elements (a prototype expansion of 1,000 traits)."""
    items = list(elements)
    if not items:
        return ""
    if not any(("\t" in e or "\\" in e or "'" in e) for e in items):
        parts = [items[0]]
        for j, e in enumerate(items[1:]):
            parts.append("\\" * j + TAB)
            parts.append(e)
        return "".join(parts)
    text = items[-1]
    for element in reversed(items[:-1]):
        text = encode_value([element, text], TAB) or ""
    return text


def trait_id(type_element: str) -> str:
    """The factory key of a type element: text up to and including the first ``;``."""
    i = type_element.find(";")
    return type_element if i < 0 else type_element[:i + 1]
