"""Blank player passwords in a save or log (``PLAYER`` playerId, ``M/`` playerId).

VASSAL stores the player's password as the player id in ``PLAYER`` commands and in the
last field of every ``M/`` (move) command, so sharing a save leaks it.
"""
from __future__ import annotations

from pathlib import Path

from .. import limits
from ..errors import InputError, LimitError
from .commands import Command, encode_tree, invalidate
from .savefile import read_save, rewrite_save
from .typed import blank_passwords

__all__ = ["sanitize_tree", "sanitize_text", "sanitize_save"]


def sanitize_tree(root: Command) -> int:
    """Blank every password in the tree in place; returns how many commands changed."""
    return _sanitize(root, 0)


def _sanitize(node: Command, depth: int) -> int:
    if depth > limits.MAX_COMMAND_DEPTH:
        raise LimitError(None, f"commands nested deeper than {limits.MAX_COMMAND_DEPTH} levels")
    changed = 0
    if "PLAYER\t" in node.text or "PYREMOVE\t" in node.text or "M/" in node.text:
        new = blank_passwords(node.text)
        if new != node.text:
            node.text = new
            changed += 1
    for sub in node.subs:
        changed += _sanitize(sub, depth + 1)
    if changed:
        invalidate(node)   # an ancestor's raw text would hide the change
    return changed


def sanitize_text(text: str) -> tuple[str, int]:
    """The command text with passwords blanked, and the number of commands changed."""
    from .commands import parse_tree
    root = parse_tree(text)
    count = sanitize_tree(root)
    return (encode_tree(root) if count else text), count


def sanitize_save(source: str | Path, target: str | Path) -> int:
    """Write ``target``: a copy of ``source`` with every password blanked (atomic; the
    source is never modified). Returns the number of commands changed."""
    if Path(target).resolve() == Path(source).resolve():
        raise InputError(target, "output would overwrite the input; choose another name")
    save = read_save(source)
    try:
        text, count = sanitize_text(save.text)
    except InputError as exc:
        raise exc.at(source)
    rewrite_save(source, target, text)
    return count
