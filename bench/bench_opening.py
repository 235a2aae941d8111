"""Where the opening of a log (its ~4,400 ``+/`` commands) still costs, in a chain and cold.

    python bench/bench_opening.py [--repeat N] [--cold K]

Three parts, each on the public TLD logs (VASSAL 2.9.8: :mod:`vmodgen.vassal.vassal2`):

* **seams**: at each real seam (log 1 → 2, 2 → 3, 3 → 4), how many ``+/`` texts of the next
  opening the memos already hold from the previous file's opening (``commands._TYPED``,
  ``vassal2._ADDS``: a piece the previous file left alone), how many are what the previous
  file's end saves (``saved_commands``) without being in its opening (pieces it moved or
  changed), and how many are new to both. Counts, no clock.
* **chain**: the opening of log 2 as a chain reads it (a new tree, every text already in the
  memos): the typed views' lookups, the one pass's parts (the objects it builds, by kind), the
  whole ``Vassal2Runner._load``, the merge finder's index built by the first step, ``release``.
  Thread time, best of ``--repeat`` fresh trees, the collector tuned as the CLI tunes it.
* **cold**: the same opening of log 1 in a new process (what ``inspect`` of one file pays):
  the typed parse of every command, the type and state chains split, the rest of what
  ``_load`` reads of each ``+/`` (``_add_fields``). Best of ``--cold`` processes.
"""
from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.cli import GC_THRESHOLD  # noqa: E402
from vmodgen.vassal import chains, interpreter, vassal2  # noqa: E402
from vmodgen.vassal.commands import Command  # noqa: E402
from vmodgen.vassal.gamestate import GameState, PieceRecord, StackRecord  # noqa: E402
from vmodgen.vassal.piece import Piece, type_elements  # noqa: E402
from vmodgen.vassal.replay import final_state, runner_for, split_steps  # noqa: E402
from vmodgen.vassal.savefile import SaveFile, read_save  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"


def log(i: int) -> SaveFile:
    return read_save(str(CORPUS / f"tld_game_0606-{i}.log"))


def opening(save: SaveFile) -> Command:
    """The container of ``+/`` commands a save or log opens with."""
    return next(h for h in split_steps(save.tree)[0] if not h.text and h.subs)


def end_commands(save: SaveFile) -> set[str]:
    """The ``+/`` texts VASSAL would save at the file's end (the replay's ``saved_commands``)."""
    root = save.tree
    runner = runner_for(save.vassal_version)(GameState(), None, None, [], None, None)
    runner.execute(root.typed(), root.text)
    head, nodes = split_steps(root)
    for node in head:
        runner.run(node)
    runner.in_steps = True
    for node in nodes:
        runner.run(node)
    saved = getattr(runner, "saved_commands", None)
    return set(saved()) if saved is not None else set()


def seams() -> None:
    print("seams: the next opening's +/ texts")
    for i in (1, 2, 3):
        before, after = log(i), log(i + 1)
        opened = {sub.text for sub in opening(before).subs}
        ended = end_commands(before)
        texts = [sub.text for sub in opening(after).subs]
        held = sum(t in opened for t in texts)
        end_only = sum(t in ended and t not in opened for t in texts)
        print(f"  {i} -> {i + 1}: {len(texts)} +/; held by the memos {held} ({100 * held / len(texts):.0f} %); "
              f"the previous end's, not its opening's {end_only}; new to both {len(texts) - held - end_only}")


def best(fn: Callable[[], object], repeat: int) -> float:
    """Best thread time of ``fn`` in ms."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        fn()
        times.append(time.thread_time() - start)
    return min(times) * 1000


def chain(repeat: int) -> None:
    for i in (1, 2):
        final_state(log(i))             # the memos as a chain leaves them after logs 1 and 2
    rows: dict[str, list[float]] = {}

    def row(name: str, fn: Callable[[], object]) -> object:
        start = time.thread_time()
        out = fn()
        rows.setdefault(name, []).append((time.thread_time() - start) * 1000)
        return out
    for _ in range(repeat):
        # as a chain reads it: the whole opening first (its views found by text on the way)
        node = opening(log(2))
        runner = vassal2.Vassal2Runner(GameState(), None, None, [], None, None)
        row("the whole _load (the views found, the parts below, the links, the dicts, the records' places)",
            lambda: runner._load(node))
        row("the merge finder's index (built by the first merge of a step)", runner._build_near)
        row("release", runner.release)
        # its parts one by one, on another new tree
        node = opening(log(2))
        row("  typed views (each new text hashed, found in commands._TYPED)",
            lambda: [sub.typed() for sub in node.subs])
        cmds = row("  _opening_adds (views cached now)", lambda: interpreter._opening_adds(node))
        assert isinstance(cmds, list)
        got = row("  _ADDS lookups", lambda: [vassal2._ADDS.get(id(c)) for c in cmds])
        assert isinstance(got, list) and all(g is not None and g[0] is c for g, c in zip(got, cmds))
        pieces = [(c, g) for c, g in zip(cmds, got) if g[1]]
        stacks = [(c, g) for c, g in zip(cmds, got) if not g[1]]
        made = row(f"  Piece x{len(pieces)}", lambda: [Piece(c.type, c.state, None, None, None) for c, _ in pieces])
        assert isinstance(made, list)
        recs = row(f"  PieceRecord x{len(pieces)}", lambda: [PieceRecord(c.id, p) for (c, _), p in zip(pieces, made)])
        assert isinstance(recs, list)
        row(f"  _P x{len(pieces)}", lambda: [vassal2._P(c.id, r, g[5]) for (c, g), r in zip(pieces, recs)])
        row(f"  _S x{len(stacks)}", lambda: [vassal2._S(c.id) for c, _ in stacks])
        row(f"  StackRecord x{len(stacks)}",
            lambda: [StackRecord(c.id, g[3], g[4][0], g[4][1], [], None, deck=False) for c, g in stacks])
        del made, recs
    print(f"chain: log 2's opening, its texts memoised (ms, best of {repeat})")
    for name, times in rows.items():
        print(f"  {min(times):7.2f}  {name}")


def cold() -> None:
    """One cold opening (this process's memos empty): printed as ``name=ms`` pairs."""
    save = log(1)
    root = save.tree
    parts: dict[str, float] = {}
    start = time.thread_time()
    for node in root.walk():
        node.typed()
    parts["typed parse of every command"] = time.thread_time() - start
    cmds = interpreter._opening_adds(opening(save))
    assert cmds is not None
    pieces = [c for c in cmds if c.type != "stack"]
    start = time.thread_time()
    counts = [len(type_elements(c.type)) for c in pieces]
    parts[f"type chains split ({len(pieces)} pieces)"] = time.thread_time() - start
    start = time.thread_time()
    for c, n in zip(pieces, counts):
        chains.split_state_chain(c.state, n)
    parts["state chains split"] = time.thread_time() - start
    start = time.thread_time()
    for c in cmds:
        vassal2._add_fields(c, None)
    parts["the rest of _add_fields (stack states, BasicPiece fields)"] = time.thread_time() - start
    start = time.thread_time()
    final_state(save)
    parts["final_state after them (no module)"] = time.thread_time() - start
    print(";".join(f"{k}={v * 1000:.3f}" for k, v in parts.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--cold", type=int, default=5, help="new processes for the cold opening")
    ap.add_argument("--cold-once", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    gc.set_threshold(GC_THRESHOLD, 20, 100)     # the collector as the CLI tunes it (vmodgen.cli.main)
    if args.cold_once:
        cold()
        return
    seams()
    chain(args.repeat)
    runs: dict[str, list[float]] = {}
    for _ in range(args.cold):
        out = subprocess.run([sys.executable, __file__, "--cold-once"], check=True, capture_output=True,
                             text=True).stdout.strip()
        for pair in out.split(";"):
            name, ms = pair.rsplit("=", 1)
            runs.setdefault(name, []).append(float(ms))
    print(f"cold: log 1's opening in a new process (ms, best of {args.cold})")
    for name, times in runs.items():
        print(f"  {min(times):7.2f}  {name}")


if __name__ == "__main__":
    main()
