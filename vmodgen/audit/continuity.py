"""Chain continuity: each file of a play-by-email chain should start where the previous one
ended. Every piece whose position or state differs is reported; nothing here fails an audit."""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import cast

from ..binding.pieces import state_key
from ..vassal.piece import Piece
from .model import ContinuityIssue


def _where(entry) -> str:
    pos, label = entry[0], entry[1]
    if pos[0] is None:
        return "off the map"
    return f"{pos[0]} {label}" if label else f"{pos[0]} ({pos[1]},{pos[2]})"


def _name(entry) -> str:
    if entry[4]:
        return entry[4]
    try:
        return Piece(entry[3], entry[2]).name
    except Exception:       # an unreadable chain  # noqa: BLE001
        return "?"


def compare(before_name: str, before: dict, after_name: str, after: dict) -> list[ContinuityIssue]:
    out: list[ContinuityIssue] = []
    a, b = before["pieces"], after["pieces"]
    # the pieces that differ at all (most of a seam's pieces are equal entries: skipped at once)
    differ = [pid for pid, x in a.items() if b.get(pid) != x]
    differ += [pid for pid in b if pid not in a]
    for pid in sorted(differ):
        x, y = a.get(pid), b.get(pid)
        if x is None:
            out.append(ContinuityIssue(before_name, after_name, "added", pid, _name(y), "absent", _where(y)))
            continue
        if y is None:
            out.append(ContinuityIssue(before_name, after_name, "missing", pid, _name(x), _where(x), "absent"))
            continue
        if x[0] != y[0]:
            out.append(ContinuityIssue(before_name, after_name, "moved", pid, _name(x), _where(x), _where(y)))
        if x[2] != y[2] and state_key(x[2]) != state_key(y[2]) and not _same_but_position(x, y):
            diff = _prop_diff(x, y)
            if diff:
                was = "; ".join(f"{k}={v[0]}" for k, v in diff.items())
                now = "; ".join(f"{k}={v[1]}" for k, v in diff.items())
                out.append(ContinuityIssue(before_name, after_name, "changed", pid, _name(x), was, now))
            elif x[0] == y[0]:
                out.append(ContinuityIssue(before_name, after_name, "changed", pid, _name(x),
                                           "state as saved", "a different state (no property differs)"))
    hid_a, hid_b = before.get("concealed"), after.get("concealed")
    if hid_a or hid_b:              # the pieces their owner masked or hid, on either side of the seam
        for c in out:
            x, y = (hid_a or {}).get(c.piece), (hid_b or {}).get(c.piece)
            if x is not None or y is not None:
                c.concealed = (x, y)
    for tid in sorted(before["turns"].keys() | after["turns"].keys()):
        s, t = before["turns"].get(tid, ""), after["turns"].get(tid, "")
        if s != t:         # as the tracker shows it, when the module says how
            s = before.get("turn_text", {}).get(tid) or s
            t = after.get("turn_text", {}).get(tid) or t
            out.append(ContinuityIssue(before_name, after_name, "turn", "", tid, s or "(initial)", t or "(initial)"))
    return out


def _unlogged(key: str) -> bool:
    """Persistent properties a log cannot carry: the ``Old*`` ones VASSAL sets on every move
    (logs record them as ``LOG\tnull``) and ``ClickedX``/``ClickedY``, which a key or menu
    command sets through a ``SetPersistentPropertyCommand`` that has no encoder (VASSAL never
    logs or sends it: the recorder's save has the new click point, the log's replay the old)."""
    return key.startswith("Old") or key in ("ClickedX", "ClickedY")


def _basic_key(t) -> tuple:
    """A BasicPiece state without its place and without the properties no log carries
    (:func:`_unlogged`): a replay cannot know them."""
    from ..vassal.codec import decode
    tokens = decode(t.state, ";")
    props = {k: v for k, v in t.persistent().items() if not _unlogged(k)}
    return (tokens[3] if len(tokens) > 3 else "", sorted(props.items()))


def _same_but_position(x, y) -> bool:
    """Whether two state chains differ only in the BasicPiece's own map and coordinates (old
    VASSAL versions leave stale ones in pieces inside stacks; the stack holds the position) or
    in its ``Old*`` properties."""
    from ..vassal.traits import BasicPiece
    try:
        a, b = Piece(x[3], x[2]).traits, Piece(y[3], y[2]).traits
    except Exception:       # noqa: BLE001
        return False
    if len(a) != len(b):
        return False
    for t, u in zip(a, b):
        if isinstance(t, BasicPiece):
            if _basic_key(t) != _basic_key(u):
                return False
        elif t.state != u.state and _version_free(t) != _version_free(u):
            return False
    return True


def _version_free(t) -> str:
    """A trait's state as VASSAL 3.8 reads it: a Movement Trail saved by 3.7 lacks the last
    field 3.8 writes (its point count, the default 3.8 reads), so a file opened and saved again
    in the other version holds the same trail in another form (FORMATS.md §8.2)."""
    from ..vassal.trait_forms import VERSIONED_IDS, canonical_state
    if not t.type.startswith(VERSIONED_IDS):
        return t.state
    try:
        return canonical_state(t.type, t.state, "3.8")
    except (ValueError, KeyError):    # an unreadable trail: compare it as written
        return t.state


def _prop_diff(x, y) -> dict[str, tuple[str | None, str | None]]:
    """Properties that differ, position excluded (a password never appears in properties)."""
    try:
        p = Piece(x[3], x[2]).properties()
        q = Piece(y[3], y[2]).properties()
    except Exception:       # an unreadable chain: say only that the state differs  # noqa: BLE001
        return {"state": ("…", "… (differs)")}
    skip = {"CurrentX", "CurrentY", "CurrentMap", "CurrentBoard", "CurrentZone", "LocationName"}
    out = {k: (p.get(k), q.get(k)) for k in sorted(p.keys() | q.keys())
           if p.get(k) != q.get(k) and k not in skip and not _unlogged(k)}
    return out


#: where a piece off every map stands (VASSAL's null map at (0, 0)): no placement
NOWHERE = (None, 0, 0)
#: the number :class:`Placements` gives a piece standing NOWHERE (left out of its sets)
OFF = -1
#: a snapshot entry's position
_place = itemgetter(0)


class Placements:
    """The one definition of "placed differently" between two snapshots: each piece a snapshot
    places on a map point as a numbered ``(piece id, position)`` pair, the numbers shared by
    every snapshot read through this object (a piece off every map at (0, 0) counts as absent).
    Sets of numbers intersect without hashing the pairs' tuples again at every comparison: the
    order check compares every two files of a chain."""

    def __init__(self) -> None:
        self.numbers: dict[tuple, int] = {}     # (piece id, position) → its number (OFF: off every map)
        self.owner: list[str] = []              # number → its piece id

    def of(self, snapshot: dict) -> tuple[frozenset[int], frozenset[str]]:
        """The numbered pairs of ``snapshot`` and the ids of the pieces it places."""
        numbers = self.numbers
        pieces = snapshot.get("pieces", {})
        # the pairs numbered before (most pieces stand where an earlier snapshot had them), looked
        # up in one pass; a pair off every map is numbered OFF
        got = list(map(numbers.get, zip(pieces, map(_place, pieces.values()))))
        if None in got:
            owner = self.owner
            for i, (pid, e) in enumerate(pieces.items()):
                if got[i] is None:          # (a snapshot holds each pair once)
                    at = e[0]
                    if at == NOWHERE:
                        n = OFF
                    else:
                        n = len(owner)
                        owner.append(pid)
                    got[i] = numbers[(pid, at)] = n
        placed = frozenset(cast(list[int], got))     # (every pair numbered now)
        if OFF in placed:
            return placed - {OFF}, frozenset(compress(pieces, map(OFF.__ne__, got)))
        return placed, frozenset(pieces)

    @staticmethod
    def count(a: tuple[frozenset[int], frozenset[str]], b: tuple[frozenset[int], frozenset[str]]) -> int:
        """How many pieces :meth:`differ` gives (each piece has one pair per snapshot, so the
        pairs placed alike are as many as their pieces)."""
        return len(a[1]) + len(b[1]) - len(a[1] & b[1]) - len(a[0] & b[0])

    def differ(self, a: tuple[frozenset[int], frozenset[str]],
               b: tuple[frozenset[int], frozenset[str]]) -> frozenset[str]:
        """The ids of the pieces either places, less those placed alike in both."""
        owner = self.owner
        return (a[1] | b[1]) - {owner[n] for n in a[0] & b[0]}

    @staticmethod
    def placed(a: dict, b: dict) -> frozenset[str]:
        """:meth:`differ` of the snapshots ``a`` and ``b`` themselves, without numbering them: a
        piece either places (off every map at (0, 0) counts as absent) whose place is not the
        same in both. One pass over each, for a pair compared once (a seam)."""
        pa, pb = a.get("pieces", {}), b.get("pieces", {})
        out = []
        for pid, e in pa.items():
            at = e[0]
            if at != NOWHERE:
                f = pb.get(pid)
                if f is None or f[0] != at:
                    out.append(pid)
        for pid, f in pb.items():
            at = f[0]
            if at != NOWHERE:
                e = pa.get(pid)
                if e is None or e[0] != at:
                    out.append(pid)
        return frozenset(out)


@dataclass(frozen=True)
class Seam:
    """What differs in the pieces' places between the ``end`` of one file and the ``start`` of
    the next (:func:`seam`): worked out once per seam and shared by the audit of the next file
    (the rule set's ``placed_between``), the parallel audit's re-run test and the order check."""
    #: the ids of the pieces placed differently (:class:`Placements`)
    placed: frozenset[str]
    #: side → how many of its units are among them (a piece of no known side counts as ``?``
    #: when the snapshots do not say which pieces are units; with ``sides`` known, a piece of no
    #: side is a marker: left out)
    by_side: dict[str, int]
    #: whether the snapshots say the pieces' sides
    known: bool
    #: the units among them: their piece ids and the unit labels the snapshots give (what
    #: findings name)
    units: frozenset[str]
    #: the two snapshots compared (the same objects): a seam kept with a file is its own
    end: dict = field(compare=False, repr=False)
    start: dict = field(compare=False, repr=False)

    @property
    def count(self) -> int:
        """How many pieces are placed differently."""
        return len(self.placed)

    def of(self, end: dict, start: dict) -> bool:
        """Whether this is the seam between these very snapshots."""
        return self.end is end and self.start is start


def seam(end: dict, start: dict, places: Placements | None = None) -> Seam:
    """The :class:`Seam` between the end ``end`` of one file and the start ``start`` of the next
    (``places``: numbering shared with other comparisons; without it the two are compared
    directly, :meth:`Placements.placed`)."""
    placed = (places.differ(places.of(end), places.of(start)) if places is not None
              else Placements.placed(end, start))
    pa, pb = end.get("pieces", {}), start.get("pieces", {})
    known = "sides" in end or "sides" in start
    sides = {**end.get("sides", {}), **start.get("sides", {})}
    by_side: dict[str, int] = {}
    units: set[str] = set()
    for pid in placed:
        side = sides.get(pid) or ("" if known else "?")
        if side:
            by_side[side] = by_side.get(side, 0) + 1
        if pid in sides or not known:
            units.add(pid)
            units.update(e[4] for e in (pa.get(pid), pb.get(pid)) if e is not None and len(e) > 4 and e[4])
    return Seam(placed, by_side, known, frozenset(units), end, start)


def chain_seam(results: list, i: int) -> Seam:
    """The seam before file ``i`` of a chain of file results (``end``, ``start`` and ``seam``
    attributes): the one the file's audit kept (``seam``) when it is between these snapshots,
    else worked out now and kept with the file."""
    a, b = results[i - 1].end, results[i].start
    got = getattr(results[i], "seam", None)
    if got is None or not got.of(a, b):
        got = seam(a, b)
        try:
            results[i].seam = got
        except AttributeError:      # a read-only stand-in: not kept
            pass
    return got
