"""The files of a chain: which module they were played with, and in which order they go.

Files given in plain name order (a shell glob) are audited in natural name order (``turn2``
before ``turn10``), files given in another order as given; the order is then checked
against the files' own save dates (VASSAL's ``savedata``) and against their seams (each file
should start where the previous one ended, better than where any other file ended)."""
from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

from ..errors import InputError
from ..model.game import SequenceOfPlay
from ..vassal.savefile import max_save_file_bytes
from .continuity import Placements, _name, chain_seam
from .history import match

#: seams are compared between every two files up to this many files (n² comparisons)
MAX_SEAM_FILES = 60


def natural_key(path: str) -> tuple:
    """``turn10.vlog`` after ``turn2.vlog``: digit runs compare as numbers (then the whole
    name, so the order is total)."""
    name = Path(path).name
    parts = re.split(r"(\d+)", name.lower())
    return tuple((0, int(p), "") if p.isdecimal() else (1, 0, p) for p in parts if p) + ((2, 0, path),)


def natural_sorted(paths: list[str]) -> list[str]:
    return sorted(paths, key=natural_key)


def play_order(paths: list[str]) -> list[str]:
    """The order to audit ``paths`` in: files given in plain name order (what a shell glob
    gives: ``turn1 turn10 turn2``) go in natural name order; any other order was chosen by the
    user and is kept (the order check still says when it looks wrong)."""
    if list(paths) == sorted(paths, key=lambda p: (str(Path(p).parent), Path(p).name)) or list(paths) == sorted(paths):
        return natural_sorted(paths)
    return list(paths)


def verb(judged: bool) -> str:
    """What was done with the files, in the sentences about them: "audited" (rules judged), or
    "read" (integrity, replay: no rule judged)."""
    return "audited" if judged else "read"


def check_module(path: str, logged: str, module_name: str, force: bool, judged: bool = True) -> str | None:
    """Refuse a file whose own metadata names another module than the one given (an
    :class:`InputError`), unless ``force``; the sentence to report when forced (``judged``: rules
    judged the files, :func:`verb`), or None."""
    if not logged or not module_name or logged.strip() == module_name.strip():
        return None
    if not force:
        raise InputError(path, f"was played with the module '{logged}' (its own metadata), not "
                               f"'{module_name}': give the module it was played with, or --force")
    return (f"{path} was played with the module '{logged}' (its own metadata), not '{module_name}': "
            f"{verb(judged)} anyway (--force); its pieces may not be read as this game's units.")


#: said once after the doubts about the order, in the warnings
ORDER_CONSEQUENCE = ("The files may not be in play order: what a file carries over from the one audited before it "
                     "(the continuity check, and the rules' memory of earlier turns) was read in the order "
                     "audited. Give the files in play order with --keep-order.")


#: said once after the doubts about a seam no order explains (a branch, a missing file)
SEAM_CONSEQUENCE = ("Across a seam that does not close, what a file carries over from the one audited before it (the "
                    "continuity check, and the rules' memory of earlier turns) was read from play that is not the "
                    "play the next file continues: findings just after it may rest on moves no file holds.")


#: the kinds of :func:`order_messages`' doubts: the files' order, a branch (two files played from
#: one position), a seam no order explains (a missing file, moves outside any file), and what a
#: doubt means for the rules judged (said to the audit's reader only)
ORDER, BRANCH, SEAM, FOR_RULES = "order", "branch", "seam", "for rules"


def order_messages(results: list, given: list[str] | None, sequence: SequenceOfPlay | None = None,
                   judged: bool = True
                   ) -> tuple[list[str], list[tuple[str, str]], dict[int, set[str]], list[int]]:
    """Sentences about the order of the files: (what was done, e.g. the natural name order;
    doubts: the files' save dates or seams say another order, a branch, a missing file, each
    kind followed once by what it means for the audit; the index of each file after a seam no
    order explains → the units placed differently there, by piece id and by the unit label the
    snapshots give; the index of each file after a seam whose play is in no file given: a file
    missing, or moves made with no log running, :func:`_gaps`); each doubt as (its kind: :data:`ORDER`, :data:`BRANCH`, :data:`SEAM`,
    :data:`FOR_RULES`; the sentence). All empty when it looks right. ``sequence``: the game's sequence of play,
    to tell whose file is missing by the phases the turn tracker passed between two files;
    ``judged``: whether rules were judged (a branch is then judged from the file it starts
    from, :func:`branch_points`; a replay judges nothing and says nothing of it)."""
    info: list[str] = []
    paths = [r.path for r in results]
    if given is not None and list(given) != paths:
        info.append(f"The files were {verb(judged)} in natural name order (" + ", ".join(Path(p).name for p in paths)
                    + "), not in the plain name order they were given in (--keep-order keeps it).")
    said, unplayed = _doubts(results, sequence, judged)
    doubts = [(kind, m) for kind, m, _ in said]
    if any(kind == ORDER for kind, _, _ in said):
        doubts.append((FOR_RULES, judged_order(paths, branched=judged and any(kind == BRANCH for kind, _, _ in said))))
        doubts.append((FOR_RULES, ORDER_CONSEQUENCE))
    if any(kind == SEAM for kind, _, _ in said):
        doubts.append((FOR_RULES, SEAM_CONSEQUENCE))
    gaps = {i: set(chain_seam(results, i).units) for _, _, i in said if i is not None}
    return info, doubts, gaps, unplayed


def judged_order(paths: list[str], branched: bool = False) -> str:
    """The sentence naming the order the files were judged in (said when that order is in doubt:
    each file's moves were judged going on from the file before it in this order, but a file
    that starts a branch, judged from the file it starts from: ``branched``)."""
    return ("The files were judged in this order: " + ", ".join(Path(p).name for p in paths)
            + (" (each going on from the one before it, but a file that starts a branch: from the end of the "
               "file it starts from)." if branched else " (each going on from the one before it)."))


def order_doubts(results: list, sequence: SequenceOfPlay | None = None) -> list[str]:
    """Sentences saying the files may not be in play order (their save dates run backwards, or
    a file ends where another starts clearly better than where the next one starts), that two
    files were played from the same position (a branch), that a file is given twice, or that
    a seam does not close (a file between them may be missing, or a side moved outside any file)."""
    return [m for _, m, _ in _doubts(results, sequence)[0]]


def _doubts(results: list, sequence: SequenceOfPlay | None = None, judged: bool = True
            ) -> tuple[list[tuple[str, str, int | None]], list[int]]:
    """:func:`order_doubts`, each sentence with its kind, :data:`ORDER` (what the order audited
    carries over may be wrong), :data:`BRANCH` (two files played from one position) or
    :data:`SEAM` (a seam no order explains), and the index of the file after the seam it names
    (None: no one seam); and the index of the file after each seam whose play no file holds."""
    out: list[tuple[str, str, int | None]] = []
    unplayed: list[int] = []
    paths = [r.path for r in results]
    if len(results) < 2:
        return out, unplayed
    dates = []
    for r in results:
        try:
            dates.append(int(r.date_saved))
        except (TypeError, ValueError):
            dates.append(0)
    if all(d > 0 for d in dates) and dates != sorted(dates):
        by_date = [Path(p).name for _, p in sorted(zip(dates, paths))]
        out.append((ORDER, "By their own save dates the files were saved in the order " + ", ".join(by_date)
                    + f": the order {verb(judged)} may be wrong.", None))
    repeats, again = _repeated_files(paths)
    out += [(ORDER, m, None) for m in repeats]
    if len(results) <= MAX_SEAM_FILES:
        names = [Path(p).name for p in paths]
        seams = _Seams(results)
        branches, forked = _branches(seams, names, again, judged)
        stepped, mid = _earlier_steps(results, names, again, skip=forked, judged=judged)
        said, explained = _seam_messages(seams, names, skip=forked | mid, judged=judged)
        # a branch is judged from the file it starts from (run._follow_branches): no seam to say
        out += [(BRANCH, m, None) for m, _ in branches] + [(SEAM, m, i) for m, i in stepped]
        out += [(ORDER, m, None) for m in said]
        gaps, unplayed = _gaps(results, names, again, said=forked | mid, sequence=sequence, judged=judged,
                               ordered=explained)
        out += gaps
    return out, unplayed


def _copies(paths: list[str]) -> list[tuple[int, int]]:
    """(index of a copy, index of the file it repeats) for each path given after the same path
    or another path to the same bytes (a file that cannot be read is no copy). No file is read
    whole: files are told apart by their size first (a stat), and only files of the same size
    are hashed, in chunks; a file over the size ``read_save`` accepts is the same only as
    another path to it (reading it says it is too big)."""
    ids: dict[int, tuple] = {}          # index -> (device, inode, size)
    for i, p in enumerate(paths):
        try:
            st = os.stat(p)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            ids[i] = (st.st_dev, st.st_ino, st.st_size)
    inodes_of_size: dict[int, set[tuple]] = {}
    for dev, ino, size in ids.values():
        inodes_of_size.setdefault(size, set()).add((dev, ino))
    digests: dict[tuple, str | None] = {}     # (device, inode) -> hash, each file read once
    seen: dict[tuple, int] = {}
    out = []
    for i, (dev, ino, size) in ids.items():
        key: tuple = ("file", dev, ino)
        if len(inodes_of_size[size]) > 1 and size <= max_save_file_bytes():
            if (dev, ino) not in digests:
                digests[(dev, ino)] = _digest(paths[i])
            if digests[(dev, ino)] is None:
                continue
            key = ("bytes", size, digests[(dev, ino)])
        k = seen.setdefault(key, i)
        if k != i:
            out.append((i, k))
    return out


def _digest(path: str) -> str | None:
    """The SHA-256 of a file read in chunks (None: it cannot be read)."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    except OSError:
        return None
    return h.hexdigest()


def _same(first: str, p: str) -> str:
    return "given again" if Path(first).resolve() == Path(p).resolve() else f"the same bytes as {Path(first).name}"


def given_once(paths: list[str], judged: bool = True) -> tuple[list[str], list[str]]:
    """``paths`` with each file once (its first place kept: a repeat of the same path, or
    another path to the same bytes, is the same play), and a sentence naming each repeat
    skipped: what the audit and the integrity check read (``judged``: :func:`verb`)."""
    copies = _copies(paths)
    skipped = {i for i, _ in copies}
    said = [f"{Path(paths[i]).name} is {_same(paths[k], paths[i])}: the same play, {verb(judged)} once; the "
            "repeat was skipped." for i, k in copies]
    return [p for i, p in enumerate(paths) if i not in skipped], said


def _repeated_files(paths: list[str]) -> tuple[list[str], set[int]]:
    """The files given more than once (the same path, or another path to the same bytes), when
    results of both were made (the audit skips a repeat: :func:`given_once`): each copy is
    audited again, its findings and moves counted twice. Also the indexes of the copies."""
    copies = _copies(paths)
    out = [f"{Path(paths[i]).name} is {_same(paths[k], paths[i])}: the same play audited twice (its findings, "
           "moves and undos are counted twice). Give each file once." for i, k in copies]
    return out, {i for i, _ in copies}


class _Seams:
    """Pieces placed differently between the end of one file and the start of another, for any
    two files of the chain (each pair worked out once; a file and the next: their
    :func:`~.continuity.chain_seam`, the one the audit worked out).

    Each snapshot is numbered once (:class:`~.continuity.Placements`), when first compared. Whether
    two place their pieces alike is one comparison of their numbered sets (hashed once: two sets
    that differ mostly differ in their hash), so finding which earlier file a start matches
    exactly does not count pieces. A count against the starts leaves out the pairs every start
    holds (the pieces no start places otherwise): those are counted once per end, and each count
    intersects what is left of the two."""

    def __init__(self, results: list) -> None:
        self.results = results
        self.memo: dict[tuple[int, int], int] = {}
        self.ends: dict[int, tuple[frozenset, frozenset]] = {}
        self.starts: dict[int, tuple[frozenset, frozenset]] = {}
        self.places = Placements()      # (piece id, position) → a number, for every snapshot here
        #: the numbered pairs and piece ids every start holds (worked out with the first count)
        self._core: tuple[frozenset, frozenset] | None = None
        #: index → the numbered pairs and ids less the core's; an end's with how many of its
        #: pairs and ids the core holds
        self._rest_starts: dict[int, tuple[frozenset, frozenset]] = {}
        self._rest_ends: dict[int, tuple[frozenset, frozenset, int, int]] = {}

    def __len__(self) -> int:
        return len(self.results)

    def _end(self, x: int) -> tuple[frozenset, frozenset]:
        got = self.ends.get(x)
        if got is None:
            got = self.ends[x] = self.places.of(self.results[x].end)
            hash(got[0])                # kept by the set: later comparisons test it first
        return got

    def _start(self, y: int) -> tuple[frozenset, frozenset]:
        got = self.starts.get(y)
        if got is None:
            got = self.starts[y] = self.places.of(self.results[y].start)
            hash(got[0])
        return got

    def same(self, x: int, y: int) -> bool:
        """Whether the end of file ``x`` places every piece where the start of file ``y`` does
        (:meth:`diff` is 0: each piece has one pair per snapshot, so the same pairs)."""
        if y == x + 1 or (x, y) in self.memo:
            return self.diff(x, y) == 0
        return self._end(x)[0] == self._start(y)[0]

    def diff(self, x: int, y: int) -> int:
        """Pieces placed differently at the end of file ``x`` and the start of file ``y``."""
        got = self.memo.get((x, y))
        if got is None:
            if y == x + 1:
                got = chain_seam(self.results, y).count
            else:
                pairs, ids, in_pairs, in_ids = self._rest_end(x)
                rest_pairs, rest_ids = self._rest_start(y)
                start = self._start(y)
                # Placements.count, the pairs and ids every start holds counted apart
                got = (len(self._end(x)[1]) + len(start[1]) - in_ids - len(ids & rest_ids)
                       - in_pairs - len(pairs & rest_pairs))
            self.memo[(x, y)] = got
        return got

    def _core_sets(self) -> tuple[frozenset, frozenset]:
        if self._core is None:
            starts = [self._start(y) for y in range(len(self.results))]
            self._core = (frozenset.intersection(*(s[0] for s in starts)),
                          frozenset.intersection(*(s[1] for s in starts)))
        return self._core

    def _rest_start(self, y: int) -> tuple[frozenset, frozenset]:
        got = self._rest_starts.get(y)
        if got is None:
            core_pairs, core_ids = self._core_sets()
            pairs, ids = self._start(y)
            got = self._rest_starts[y] = (pairs - core_pairs, ids - core_ids)
        return got

    def _rest_end(self, x: int) -> tuple[frozenset, frozenset, int, int]:
        got = self._rest_ends.get(x)
        if got is None:
            core_pairs, core_ids = self._core_sets()
            pairs, ids = self._end(x)
            inside = pairs & core_pairs, ids & core_ids
            got = self._rest_ends[x] = (pairs - inside[0], ids - inside[1], len(inside[0]), len(inside[1]))
        return got


def branch_points(results: list) -> list[tuple[int, int]]:
    """The branches of the chain (:func:`_branches`): (the index of the file the branch starts
    from, the index of the file that starts the branch), the latter ascending."""
    if len(results) < 3 or len(results) > MAX_SEAM_FILES:
        return []
    _, again = _repeated_files([r.path for r in results])
    seams = _Seams(results)
    out = []
    for y in range(2, len(seams)):
        if y in again or seams.same(y - 1, y):
            continue
        c = _branch_from(seams, y, again)
        if c is not None:
            out.append((c, y))
    return out


def played_before(results: list, points: "list[tuple[int, int]] | None" = None) -> list[int]:
    """The indices of the files the last file goes on from, in play order (the last file's own
    excluded): back from it, each file's predecessor is the file before it, or, for a file
    that starts a branch, the file the branch starts from; the files on an abandoned branch
    (between the fork and the file that starts the other branch) are not among them.
    ``points``: :func:`branch_points` when already known."""
    if not results:
        return []
    start_of = {y: c for c, y in (branch_points(results) if points is None else points)}
    out: list[int] = []
    i = len(results) - 1
    while i > 0:
        i = start_of.get(i, i - 1)
        out.append(i)
    return out[::-1]


def _branch_from(seams: _Seams, y: int, again: set[int]) -> int | None:
    """The earlier file whose end file ``y`` starts at exactly, as the file after that one also
    does (a branch); None when there is none."""
    return next((c for c in range(y - 2, -1, -1) if c not in again and c + 1 not in again
                 and seams.same(c, y) and seams.same(c, c + 1)), None)


def _branches(seams: _Seams, names: list[str], again: set[int], judged: bool = True
              ) -> tuple[list[tuple[str, int]], set[int]]:
    """A file that does not start where the file before it ended but exactly where an earlier
    file ended, whose next file also started there: both were played from the same position (an
    opponent's file started from an older save), so the play of one is not in the other's. (A
    file that changed nothing between them closes both seams: no branch.) Also the seams this
    explains (the index of the file before each seam). ``judged``: rules were judged (how the
    branch was judged is then said)."""
    out: list[tuple[str, int]] = []
    explained: set[int] = set()
    for y in range(2, len(seams)):
        if y in again or seams.same(y - 1, y):
            continue
        c = _branch_from(seams, y, again)
        if c is None:
            continue
        facts = getattr(seams.results[y], "integrity", None)
        if facts is not None:           # the integrity section's seam says it too
            facts.starts_at = f"where {names[c]} ended (a branch: played from an older save, or the same file again)"
        out.append((f"{names[c + 1]} and {names[y]} both start where {names[c]} ended: both were played from "
                    f"that position (a branch: {names[y]} was started from an older save, or from the same file opened again), so the play of "
                    f"{names[c + 1]} is not in {names[y]}'s. The chain forks after {names[c]}; only one branch "
                    f"is the game played on."
                    + (f" {names[y]} and the files after it were judged going on from the end of "
                       f"{names[c]}, where it starts (what the rules remember of the play before it: a unit's move "
                       f"or its arrival this turn), not from {names[y - 1]}." if judged else ""), y))
        explained.add(y - 1)
    return out, explained


def _earlier_steps(results: list, names: list[str], again: "set[int] | frozenset[int]",
                   skip: "set[int] | frozenset[int]", judged: bool = True) -> tuple[list[tuple[str, int]], set[int]]:
    """Seams where the next file starts where the file before stood after an earlier step than
    its last (:func:`.history.match`): its player opened that log, did not step it to its end
    (or stepped back with Undo) and played on, so the steps after it were never seen in the next
    file; or the turn tracker alone was set back to a state it showed at an earlier step. Each
    sentence names the step, what the steps after it did, and the index of the file after the
    seam; also the indexes of the files before the seams said (``skip``, ``again``: as
    :func:`_gaps`; ``judged``: as :func:`_gaps`)."""
    out: list[tuple[str, int]] = []
    done: set[int] = set()
    for i in range(len(results) - 1):
        a, b = results[i], results[i + 1]
        history = getattr(a, "history", None)
        if i + 1 in again or i in skip or history is None or history.steps == 0:
            continue
        if not chain_seam(results, i + 1).count and a.end.get("turns", {}) == b.start.get("turns", {}):
            continue                    # the seam closes
        m = match(history, a.end, b.start)
        if not m.earlier or m.pieces is None:
            continue
        done.add(i)
        A, B = names[i], names[i + 1]
        facts = getattr(b, "integrity", None)
        if facts is not None:           # the integrity section's seam says it too
            facts.starts_at = (f"where {A} stood after step {m.pieces} of its {m.of}" if m.pieces < m.of else
                               f"with the turn tracker as {A} showed it after step {m.tracker} of its {m.of}")
        end_turn, start_turn = _turn_texts(a.end), _turn_texts(b.start)
        if m.pieces < m.of:
            at = (f"after step {m.pieces} of its {m.of}" if m.tracker == m.pieces else
                  f"after step {m.pieces} of its {m.of} (the turn tracker as after step {m.tracker})"
                  if m.tracker is not None else
                  f"after step {m.pieces} of its {m.of} (the turn tracker as at no step of it: {start_turn})")
            lost = "; ".join(_moved(pid, x, y, a.end, b.start) for pid, x, y in m.lost)
            if end_turn != start_turn:
                lost += ("; " if lost else "") + f"the turn tracker {start_turn} → {end_turn}"
            # after step 0: where A began, which is also what a player sees who loads the save A was
            # begun from (the second of two logs both started from one save)
            how = (f"the player of {B} began from the position {A} began from (the save {A} was started from, "
                   f"or {A} opened and not stepped, or stepped back to its start with Undo) and played on"
                   if m.pieces == 0 else
                   f"the player of {B} opened {A}, did not step it to its end (or stepped back with Undo) and "
                   f"played on")
            out.append((f"{B} starts where {A} stood {at}, not at its end: {how}. Steps {m.pieces + 1}-"
                        f"{m.of} of {A} ({lost or 'no piece moved'}) were never seen in {B}, which plays over "
                        + (f"them: they were judged in {A}, and {B} was judged from the position before them."
                           if judged else f"them: they were read in {A}, and {B} from the position before them."),
                        i + 1))
        else:
            # the two look alike in the files: an Undo of a stepped SetTurn restores the state the
            # tracker had when the log was read, which can be any earlier phase (na41-step7-2undo);
            # a Prev pressed by the other player with no log kept (im-prevgap22) also sets it back
            why = (f"either an Undo of a stepped tracker command (after stepping {A}), which sets the tracker not "
                   f"to the phase before that step but to the state it had when the log's command was read "
                   f"(VASSAL's TurnTracker.SetTurn keeps that as its undo), or Prev pressed (or the tracker set "
                   f"by hand) between the files, where no log holds it")
            out.append((f"{B} starts with the pieces where {A} ended, but with the turn tracker set back to "
                        f"what it showed after step {m.tracker} of {A}'s {m.of} ({start_turn}, not {end_turn}): "
                        f"{why}. "
                        + (f"{B}'s moves were judged in the phases its tracker shows." if judged else
                           f"{B}'s moves were read in the phases its tracker shows."), i + 1))
    return out, done


def _turn_texts(snapshot: dict) -> str:
    """The trackers' states as the module shows them (their raw states where it does not say)."""
    turns, texts = snapshot.get("turns", {}), snapshot.get("turn_text", {})
    return ", ".join(texts.get(t) or turns.get(t) or "(initial)" for t in sorted(turns)) or "(initial)"


def _moved(pid: str, was, now, end: dict, start: dict) -> str:
    """``2MG 1604 → 1606``: a piece moved in steps the next file never saw (its hex labels from
    the snapshots that hold those places)."""
    e, s = end.get("pieces", {}).get(pid), start.get("pieces", {}).get(pid)
    entry = e or s
    name = _name(entry) if entry is not None else pid

    def where(pos, snap_entry) -> str:
        if pos is None:
            return "off the map"
        if snap_entry is not None and snap_entry[0] == pos and snap_entry[1]:
            return snap_entry[1]
        return f"{pos[0]} ({pos[1]},{pos[2]})"
    return f"{name} {where(was, s)} → {where(now, e)}"


def _gaps(results: list, names: list[str], again: "set[int] | frozenset[int]" = frozenset(),
          said: "set[int] | frozenset[int]" = frozenset(), sequence: SequenceOfPlay | None = None,
          judged: bool = True, ordered: "set[int] | frozenset[int]" = frozenset()
          ) -> tuple[list[tuple[str, str, int | None]], list[int]]:
    """Seams that do not close and that the order of the files does not explain (``again``: the
    copies of files given before; ``said``: the index of the file before each seam a branch or
    a file played over explains; ``ordered``: the seams the order check named, said there), and
    the index of the file after each seam whose play is in no file given: every seam with units
    placed differently but those explained or copies, however (or whether) it is said here, so
    that the report is partial wherever play went unjudged. What a missing file looks like: units of
    a side that moved in neither file placed differently, or the turn tracker moved on between
    the files. A side moving twice (its movement file, then its combat file) starts its second
    file where its first ended; if only its own units are placed differently, it moved them
    outside any file: no other side's file is missing, but those moves were not judged.
    ``judged``: rules were judged (else the moves outside the files are said to be in no file,
    the integrity check judging no rule)."""
    out: list[tuple[str, str, int | None]] = []
    unplayed: list[int] = []
    unseen = "were not judged" if judged else "are in no file given"
    for i in range(len(results) - 1):
        if i + 1 in again or i in said:
            continue                    # a copy of a file given before, or a seam explained
        a, b = results[i], results[i + 1]
        sm = chain_seam(results, i + 1)
        moved = sm.count
        if not moved:
            continue
        sa = set(getattr(getattr(a, "stats", None), "moves_by_side", {}) or {})
        sb = set(getattr(getattr(b, "stats", None), "moves_by_side", {}) or {})
        by_side, known = sm.by_side, sm.known
        if not by_side:
            continue                    # markers only: the continuity section lists them
        unplayed.append(i + 1)
        if i in ordered:
            continue                    # the order check said it (another file fits better)
        steps = _phase_steps(a, b, sequence)
        tracker = _tracker_moved(a.end, b.start, back=steps is not None and steps[1] < 0)
        if len(sa) == 1 and sa == sb and set(by_side) <= sa and not tracker:
            side = next(iter(sa))
            out.append((SEAM, f"{names[i]} and {names[i + 1]} both hold only {side}'s moves, and {names[i + 1]} does not "
                       f"start where {names[i]} ended: {by_side[side]} of {side}'s own unit(s) placed differently. "
                       f"{side} moved them between the files outside any log (no other side's file is missing); "
                       f"those moves {unseen} (the continuity section lists them).", i + 1))
        elif len(sa) == 1 and sa == sb:
            side = next(iter(sa))
            whose = _whose_file(side, _sides_passed(a, b, sequence))
            # the file between may be one given elsewhere in the list (an order doubt) when any
            # other file holds moves (of either side: a side's second file of a turn fills a
            # gap between its first and a later one); else it is a seam no order explains
            others = any(getattr(getattr(r, "stats", None), "moves_by_side", {})
                         for k, r in enumerate(results) if k not in (i, i + 1))
            out.append((ORDER if others else SEAM,
                        f"{names[i]} and {names[i + 1]} both hold only {side}'s moves, and "
                        f"{names[i + 1]} does not start where {names[i]} ended ({moved} piece(s) placed "
                        f"differently{_whose(by_side, known)}{tracker}): a file between them ({whose}) may be "
                        f"missing; its moves {unseen}.", i + 1))
        elif tracker or not set(by_side) <= (sa | sb):
            out.append((SEAM, f"{names[i + 1]} does not start where {names[i]} ended ({moved} piece(s) placed "
                       f"differently{_whose(by_side, known)}{tracker}): a file between them may be missing; "
                       f"its moves {unseen}.", i + 1))
        else:
            # units of the sides that played in these files, placed differently, the tracker as it
            # was: the play between them (a file's, or moves with no log running) is in no file
            out.append((SEAM, f"{names[i + 1]} does not start where {names[i]} ended ({moved} piece(s) placed "
                       f"differently{_whose(by_side, known)}): a file between them may be missing, or "
                       f"moves were made with no log running; those moves {unseen}.", i + 1))
    return out, unplayed


#: the most phases :func:`_sides_passed` walks (beyond: the seam spans several turns, any side's)
MAX_PASSED = 400


def _sides_passed(a, b, sequence: SequenceOfPlay | None) -> set[str] | None:
    """The sides of the phases a file played between ``a`` and ``b`` would have left: from the
    phase ``a`` ends in up to the phase ``b`` starts in (not that one), by the sequence of play,
    each phase's moving side, "" for a phase of both sides or of neither (IM's Operations Segment,
    whose side the Activation Marker drawn gives). None when a phase is unknown, not in the
    sequence, or ``b`` starts before ``a`` ends."""
    walked = _phase_steps(a, b, sequence)
    if walked is None or sequence is None:
        return None
    i, steps = walked
    if steps < 0 or steps > MAX_PASSED:
        return None
    ids = sequence.phases
    return {ids[(i + n) % len(ids)].side or "" for n in range(steps)}


def _phase_steps(a, b, sequence: SequenceOfPlay | None) -> tuple[int, int] | None:
    """(the index in the sequence of play of the phase ``a`` ends in, how many phases on the
    phase ``b`` starts in lies: below 0 when ``b`` starts before ``a`` ends); None when a phase
    is unknown or not in the sequence."""
    if sequence is None or not getattr(a, "timeline", None):
        return None
    _, t0, p0 = a.timeline[-1]
    start = getattr(b, "start_phase", None)
    if not start:
        return None
    t1, p1 = start
    ids = [p.id for p in sequence.phases]
    if p0 not in ids or p1 not in ids or (t0 is None) != (t1 is None):
        return None
    i, j = ids.index(p0), ids.index(p1)
    if t0 is None:
        return i, (j - i) % len(ids)     # no turn known: the next time that phase comes
    return i, (t1 - t0) * len(ids) + j - i


def _whose_file(side: str, passed: set[str] | None) -> str:
    """Whose the file missing between two files of ``side``'s moves is, as far as the phases the
    turn tracker passed between them tell (``passed``: :func:`_sides_passed`): a side only when
    every phase passed is that side's. The units placed differently do not tell (a combat moves
    the other side's; the continuity section lists them)."""
    if not passed:                      # (unknown, or no phase passed: the tracker did not tell)
        return "one side's file"
    sides = sorted(passed - {""})
    if sides == [side] and "" not in passed:
        return f"{side}'s own: the turn tracker passed only its phases between them"
    if len(sides) == 1 and "" not in passed:
        return f"{sides[0]}'s: the turn tracker passed only {sides[0]}'s phases between them"
    if "" in passed:                    # a phase of both sides or of neither: any may have played
        return "whose is not known: the turn tracker passed phases in which any side may play between them"
    return f"whose is not known: the turn tracker passed phases of {', '.join(sides[:-1])} and {sides[-1]} between them"


def _whose(by_side: dict[str, int], known: bool) -> str:
    if not known:
        return ""
    return ", units of " + ", ".join(f"{side} {n}" for side, n in sorted(by_side.items()))


def _tracker_moved(a: dict, b: dict, back: bool = False) -> str:
    """``; the turn tracker moved on: X → Y`` when a tracker shows another turn or phase at
    the start ``b`` of a file than at the end ``a`` of the one before it, else ""; ``back``: the
    sequence of play puts Y before X (``set back``)."""
    ta, tb = a.get("turns", {}), b.get("turns", {})
    said = []
    for tid in sorted(ta.keys() | tb.keys()):
        if ta.get(tid, "") != tb.get(tid, ""):
            x = a.get("turn_text", {}).get(tid) or ta.get(tid) or "(initial)"
            y = b.get("turn_text", {}).get(tid) or tb.get(tid) or "(initial)"
            said.append(f"{x} → {y}")
    how = "set back" if back else "moved on"
    return (f"; the turn tracker {how}: " + ", ".join(said)) if said else ""


def _seam_messages(seams: _Seams, names: list[str], skip: "set[int] | frozenset[int]" = frozenset(),
                   judged: bool = True) -> tuple[list[str], set[int]]:
    """Each file should start where the one before it ended, better than where any other file
    ended: name the seams where another file fits clearly better (``skip``: seams explained
    otherwise, by the index of the file before them). Also the seams named."""
    out = []
    named: set[int] = set()
    diff = seams.diff

    def better(best: int, cur: int) -> bool:
        return best < cur and (best == 0 or 2 * best <= cur)
    for i in range(len(seams) - 1):
        if i in skip:
            continue
        cur = diff(i, i + 1)
        if cur == 0:
            continue
        others = [(diff(i, j), j) for j in range(len(seams)) if j not in (i, i + 1)]
        best, j = min(others) if others else (cur, i + 1)
        if better(best, cur):
            named.add(i)
            out.append(f"{names[i]} ends where {names[j]} starts ({best} piece(s) placed differently), "
                       f"better than where the next file {verb(judged)}, {names[i + 1]}, starts ({cur}): "
                       f"the order {verb(judged)} may be wrong.")
        elif better(diff(i + 1, i), cur):
            named.add(i)
            out.append(f"{names[i + 1]} ends where {names[i]} starts ({diff(i + 1, i)} piece(s) placed "
                       f"differently), better than {names[i]} ends where {names[i + 1]} starts ({cur}): "
                       f"{names[i + 1]} probably goes before {names[i]}.")
    return out, named
