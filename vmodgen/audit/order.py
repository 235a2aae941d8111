"""The files of a chain: which module they were played with, and in which order they go.

Files given in plain name order (a shell glob) are audited in natural name order (``turn2``
before ``turn10``), files given in another order as given; the order is then checked
against the files' own save dates (VASSAL's ``savedata``) and against their seams (each file
should start where the previous one ended, better than where any other file ended)."""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import InputError

#: seams are compared between every two files up to this many files (n² comparisons)
MAX_SEAM_FILES = 60


def natural_key(path: str) -> tuple:
    """``turn10.vlog`` after ``turn2.vlog``: digit runs compare as numbers (then the whole
    name, so the order is total)."""
    name = Path(path).name
    parts = re.split(r"(\d+)", name.lower())
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts if p) + ((2, 0, path),)


def natural_sorted(paths: list[str]) -> list[str]:
    return sorted(paths, key=natural_key)


def play_order(paths: list[str]) -> list[str]:
    """The order to audit ``paths`` in: files given in plain name order (what a shell glob
    gives: ``turn1 turn10 turn2``) go in natural name order; any other order was chosen by the
    user and is kept (the order check still says when it looks wrong)."""
    if list(paths) == sorted(paths, key=lambda p: (str(Path(p).parent), Path(p).name)) or list(paths) == sorted(paths):
        return natural_sorted(paths)
    return list(paths)


def check_module(path: str, logged: str, module_name: str, force: bool) -> str | None:
    """Refuse a file whose own metadata names another module than the one given (an
    :class:`InputError`), unless ``force``; the sentence to report when forced, or None."""
    if not logged or not module_name or logged.strip() == module_name.strip():
        return None
    if not force:
        raise InputError(path, f"was played with the module '{logged}' (its own metadata), not "
                               f"'{module_name}': give the module it was played with, or --force")
    return (f"{path} was played with the module '{logged}' (its own metadata), not '{module_name}': "
            "audited anyway (--force); its pieces may not be read as this game's units.")


def _placed(snapshot: dict) -> tuple[frozenset, frozenset]:
    """``(piece id, position)`` of every piece a snapshot places on a map point (a piece off
    every map at (0, 0) counts as absent, as :func:`_position_diff` says), and those ids."""
    none = (None, 0, 0)
    pairs = frozenset((pid, e[0]) for pid, e in snapshot.get("pieces", {}).items() if e[0] != none)
    return pairs, frozenset(pid for pid, _ in pairs)


def _placed_diff(a: tuple[frozenset, frozenset], b: tuple[frozenset, frozenset]) -> int:
    """Pieces placed differently in two :func:`_placed` sets: the ids of either, less those
    placed alike in both."""
    return len(a[1]) + len(b[1]) - len(a[1] & b[1]) - len(a[0] & b[0])


def _position_diff(end: dict, start: dict) -> int:
    """Pieces placed differently at the end of one file and the start of another."""
    return _placed_diff(_placed(end), _placed(start))


#: said once after the doubts about the order, in the warnings
ORDER_CONSEQUENCE = ("The files may not be in play order: what a file carries over from the one audited before it "
                     "(the continuity check, and the rules' memory of earlier turns) was read in the order "
                     "audited. Give the files in play order with --keep-order.")


def order_messages(results: list, given: list[str] | None) -> tuple[list[str], list[str]]:
    """Sentences about the order of the files: (what was done, e.g. the natural name order;
    doubts: the files' save dates or seams say another order). Both empty when it looks right."""
    info: list[str] = []
    paths = [r.path for r in results]
    if given is not None and list(given) != paths:
        info.append("The files were audited in natural name order (" + ", ".join(Path(p).name for p in paths)
                    + "), not in the plain name order they were given in (--keep-order keeps it).")
    return info, order_doubts(results)


def order_doubts(results: list) -> list[str]:
    """Sentences saying the files may not be in play order (their save dates run backwards, or
    a file ends where another starts clearly better than where the next one starts)."""
    out: list[str] = []
    paths = [r.path for r in results]
    if len(results) < 2:
        return out
    dates = []
    for r in results:
        try:
            dates.append(int(r.date_saved))
        except (TypeError, ValueError):
            dates.append(0)
    if all(d > 0 for d in dates) and dates != sorted(dates):
        by_date = [Path(p).name for _, p in sorted(zip(dates, paths))]
        out.append("By their own save dates the files were saved in the order " + ", ".join(by_date)
                   + ": the order audited may be wrong.")
    if len(results) <= MAX_SEAM_FILES:
        out += _seam_messages(results, [Path(p).name for p in paths])
    return out


def _seam_messages(results: list, names: list[str]) -> list[str]:
    """Each file should start where the one before it ended, better than where any other file
    ended: name the seams where another file fits clearly better."""
    out = []
    memo: dict[tuple[int, int], int] = {}
    ends: dict[int, tuple[frozenset, frozenset]] = {}
    starts: dict[int, tuple[frozenset, frozenset]] = {}

    def diff(x: int, y: int) -> int:
        if (x, y) not in memo:
            if x not in ends:
                ends[x] = _placed(results[x].end)
            if y not in starts:
                starts[y] = _placed(results[y].start)
            memo[(x, y)] = _placed_diff(ends[x], starts[y])
        return memo[(x, y)]

    def better(best: int, cur: int) -> bool:
        return best < cur and (best == 0 or 2 * best <= cur)
    for i in range(len(results) - 1):
        cur = diff(i, i + 1)
        if cur == 0:
            continue
        others = [(diff(i, j), j) for j in range(len(results)) if j not in (i, i + 1)]
        best, j = min(others) if others else (cur, i + 1)
        if better(best, cur):
            out.append(f"{names[i]} ends where {names[j]} starts ({best} piece(s) placed differently), "
                       f"better than where the next file audited, {names[i + 1]}, starts ({cur}): "
                       "the order audited may be wrong.")
        elif better(diff(i + 1, i), cur):
            out.append(f"{names[i + 1]} ends where {names[i]} starts ({diff(i + 1, i)} piece(s) placed "
                       f"differently), better than {names[i]} ends where {names[i + 1]} starts ({cur}): "
                       f"{names[i + 1]} probably goes before {names[i]}.")
    return out
