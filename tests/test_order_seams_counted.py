"""The order check's seam table (``audit/order.py`` ``_Seams``) counts "placed differently"
between any end and any start as :meth:`Placements.count` does on the two snapshots numbered
alone: the pairs every start holds counted apart, and "placed alike" tested by comparing the
numbered sets. Made-up chains where a shortcut would go wrong: a piece every start holds at one
place that an end holds elsewhere, off every map, or not at all; a piece only some snapshots hold;
ends equal to starts (branches), and a chain where no start is shared by all."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from vmodgen.audit import order
from vmodgen.audit.continuity import NOWHERE, Placements


def _snap(where: dict[str, tuple]) -> dict:
    return {"pieces": {pid: (at, "", "", "", "") for pid, at in where.items()}, "turns": {}}


def _chain(rng: random.Random, files: int, pieces: int, moving: int) -> list[SimpleNamespace]:
    """``files`` files over ``pieces`` pieces, of which ``moving`` move, vanish, go off the map or
    come back between snapshots; some starts are copies of earlier ends (branches) and some
    ends copies of later starts' places (the order doubts)."""
    fixed = {f"p{i}": ("Main", i, 0) for i in range(pieces - moving)}
    places = [("Main", 100 + k, 5) for k in range(6)] + [NOWHERE, ("Other", 0, 0), None]

    def state() -> dict:
        out = dict(fixed)
        for i in range(moving):
            at = rng.choice(places)
            if at is not None:
                out[f"m{i}"] = at
        if fixed and rng.random() < 0.2:    # a fixed piece moved or gone at this snapshot only
            pid = rng.choice(sorted(fixed))
            if rng.random() < 0.5:
                del out[pid]
            else:
                out[pid] = ("Main", 999, 9)
        return out
    ends: list[dict] = []
    out = []
    for k in range(files):
        start = dict(rng.choice(ends)) if ends and rng.random() < 0.3 else (
            dict(ends[-1]) if ends and rng.random() < 0.5 else state())
        end = state() if rng.random() < 0.8 else dict(start)
        ends.append(end)
        out.append(SimpleNamespace(path=f"f{k}.vlog", date_saved="", start=_snap(start), end=_snap(end),
                                   stats=SimpleNamespace(moves_by_side={}), timeline=[]))
    return out


class _Plain(order._Seams):
    """Every count worked out from scratch (a fresh numbering of the two snapshots)."""

    def diff(self, x: int, y: int) -> int:
        places = Placements()
        return Placements.count(places.of(self.results[x].end), places.of(self.results[y].start))

    def same(self, x: int, y: int) -> bool:
        return self.diff(x, y) == 0


@pytest.mark.parametrize("seed", range(40))
def test_counts_and_matches_equal_the_plain_count(seed):
    rng = random.Random(seed)
    results = _chain(rng, rng.randint(2, 9), rng.randint(3, 30), rng.randint(1, 6))
    seams, plain = order._Seams(results), _Plain(results)
    pairs = [(x, y) for x in range(len(results)) for y in range(len(results))]
    rng.shuffle(pairs)                  # in any order: the core and the rests made on first use
    for x, y in pairs:
        assert seams.diff(x, y) == plain.diff(x, y), (x, y)
        assert seams.same(x, y) == (plain.diff(x, y) == 0), (x, y)
    fresh = order._Seams(results)
    for x, y in pairs:                  # "same" asked first: no count made
        assert fresh.same(x, y) == (plain.diff(x, y) == 0), (x, y)


@pytest.mark.parametrize("seed", range(60))
def test_order_sentences_and_branches_equal_the_plain_ones(seed, monkeypatch):
    rng = random.Random(1000 + seed)
    results = _chain(rng, rng.randint(3, 10), rng.randint(3, 25), rng.randint(1, 5))
    said, points = order.order_doubts(results), order.branch_points(results)
    for r in results:
        r.seam = None                   # the plain run works every seam out again
    monkeypatch.setattr(order, "_Seams", _Plain)
    assert order.order_doubts(results) == said
    assert order.branch_points(results) == points


def test_a_branch_and_a_better_fit_are_said():
    """Three files: f2 starts where f0 ended (a branch); f0's end fits f2's start better than
    f1's: both found with the counts of the seam table."""
    a = {"u": ("Main", 1, 1), "v": ("Main", 2, 2), "w": ("Main", 3, 3)}
    b = {**a, "u": ("Main", 5, 5), "v": ("Main", 6, 6)}
    c = {**b, "w": ("Main", 7, 7)}
    files = [SimpleNamespace(path=f"f{k}.vlog", date_saved="", start=_snap(s), end=_snap(e),
                             stats=SimpleNamespace(moves_by_side={}), timeline=[])
             for k, (s, e) in enumerate([(a, b), (b, c), (b, a), (a, a)])]
    assert order.branch_points(files) == [(0, 2)]
    assert any(m.startswith("f1.vlog and f2.vlog both start where f0.vlog ended") for m in order.order_doubts(files))


def _plain_of(snapshot: dict, numbers: dict, owner: list) -> tuple[frozenset, frozenset]:
    """Placements.of piece by piece (its first form): the reference."""
    got, ids = [], []
    for pid, e in snapshot.get("pieces", {}).items():
        if e[0] == NOWHERE:
            continue
        n = numbers.get((pid, e[0]))
        if n is None:
            n = numbers[(pid, e[0])] = len(owner)
            owner.append(pid)
        got.append(n)
        ids.append(pid)
    return frozenset(got), frozenset(ids)


@pytest.mark.parametrize("seed", range(30))
def test_placements_number_as_piece_by_piece(seed):
    """One numbering over a chain's snapshots in turn (pairs seen before, new pairs, pieces off
    every map, a piece off the map in one snapshot and on it in the next): the same pieces
    paired alike as numbering piece by piece, and the same ids."""
    rng = random.Random(5000 + seed)
    results = _chain(rng, rng.randint(1, 8), rng.randint(1, 30), rng.randint(0, 6))
    snaps = [s for r in results for s in (r.start, r.end)] + [{"pieces": {}}, {}]
    places, numbers, owner = Placements(), {}, []
    for s in snaps:
        fast, plain = places.of(s), _plain_of(s, numbers, owner)
        assert fast[1] == plain[1]
        assert {(places.owner[n], n) for n in fast[0]} == {(owner[n], n) for n in plain[0]}
        assert len(fast[0]) == len(fast[1])
    for a in snaps:                     # pairs numbered alike give the same counts
        for b in snaps:
            assert Placements.count(places.of(a), places.of(b)) == Placements.count(
                _plain_of(a, numbers, owner), _plain_of(b, numbers, owner))
