"""Compare vmodgen's replay of a log with real VASSAL's, step by step (the oracle of
``/work/vassal-oracle``, its README): run ``vassal37 replay MODULE LOG --report R.txt`` (or
``vassal38``), then

    python tools/vassal_step_compare.py MODULE LOG R.txt [--names] [--labels] [--max N]

The number of steps must be VASSAL's (``STEPS|n``; a report without that line is refused:
exit 2). Every ``POS|k|..`` line VASSAL wrote (a piece that appeared, moved, changed name or stack after
step k) is checked against ``vmodgen inspect LOG --module MODULE --step k`` (as an observer sees it, as the oracle
replays by default; ``--reveal``: ``--reveal-hidden``, for a replay with ``--player``):
the piece's map, point and stack (in a stack or alone; VASSAL's stack ids are new each run, so a
stack is matched by its members), and with ``--names`` its name, with ``--labels`` its location
label; every ``GONE|k|id`` must be gone (or on no map). At the end every ``FINAL|PIECE`` and
``FINAL|STACK`` line is checked the same way, stacks by their members in order. Prints one line
per difference and a summary; exits 1 if any. Nothing from the oracle is written into the
project.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.errors import InputError  # noqa: E402
from vmodgen.vassal.inspecting import inspect_save  # noqa: E402
from vmodgen.vassal.looks import MASKED  # noqa: E402
from vmodgen.vassal.module import read_module  # noqa: E402


class ReportError(ValueError):
    """A report that is not a replay report of the oracle (one line for stderr)."""


def read_report(path: Path) -> tuple[dict[int, list[list[str]]], dict[int, list[str]], list[list[str]],
                                     list[list[str]], int]:
    """(POS lines by step, GONE ids by step, FINAL|PIECE lines, FINAL|STACK lines, the number of
    steps VASSAL's Step button goes through), lines split on ``|``. A report with no
    ``STEPS|`` line (not a ``replay`` report, or one cut short) raises :class:`ReportError`."""
    pos: dict[int, list[list[str]]] = {}
    gone: dict[int, list[str]] = {}
    pieces, stacks = [], []
    steps = None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ReportError(f"{path}: cannot read the report ({e.__class__.__name__})") from None
    for n, line in enumerate(text.splitlines(), 1):
        f = line.split("|")
        if f[0] == "STEPS":
            if len(f) < 2 or not f[1].isdigit():
                raise ReportError(f"{path}: line {n}: STEPS| without a number")
            steps = int(f[1])
        elif f[0] == "POS":
            pos.setdefault(int(f[1]), []).append(f)
        elif f[0] == "GONE":
            gone.setdefault(int(f[1]), []).append(f[2])
        elif f[:2] == ["FINAL", "PIECE"]:
            pieces.append(f)
        elif f[:2] == ["FINAL", "STACK"]:
            stacks.append(f)
    if steps is None:
        raise ReportError(f"{path}: no STEPS| line (not a 'vassal37 replay' report, or cut short)")
    return pos, gone, pieces, stacks, steps


def _ours(log: Path, module, step: int | None, reveal: bool) -> tuple[dict[str, dict], dict[str, list[str]]]:
    """vmodgen's pieces by id (every piece revealed, to match by id) and stacks' members; unless
    ``reveal``, a piece its owner masked or hid is named as the other players see it (VASSAL's
    ``getName`` then gives the mask's name, or nothing; a card in a face-down deck keeps its own
    name)."""
    got = inspect_save(log, module, step=step, reveal_hidden=True)
    pieces = {p["id"]: p for p in got["pieces"]}
    if not reveal:
        for pid, p in pieces.items():
            if p.get("hidden_by_owner") == "invisible":
                pieces[pid] = dict(p, name="")     # Hideable.getName: nothing, to the others
        seen = inspect_save(log, module, step=step, reveal_hidden=False)["pieces"]
        shown = [p for p in got["pieces"] if "invisible" not in (p.get("hidden_by_owner"), p.get("hidden_by_place"))]
        for mine, theirs in zip(shown, [p for p in seen if p.get("map") is not None]):
            if mine.get("hidden_by_owner") == "mask" and \
                    (mine["map"], mine["x"], mine["y"]) == (theirs["map"], theirs["x"], theirs["y"]):
                pieces[mine["id"]] = dict(mine, name=theirs["name"])
    return pieces, {s["id"]: s["members"] for s in got["stacks"]}


def _same_name(p: dict, vname: str) -> bool:
    """Whether VASSAL's name is vmodgen's for this piece. Two ways of writing the same look are
    the same: a Mask whose "name when masked" is VASSAL's default ``?`` (or empty) is vmodgen's
    ``(masked)`` (``looks.mask_name``); and to the player who masked or hid a piece VASSAL's
    ``getName`` appends the mask's name or the Invisible trait's command in brackets
    (``Obscurable.getName``: ``name(?)``, ``Hideable.getName``: ``name(Hide)``), where vmodgen
    (``--reveal-hidden``) names the piece itself."""
    ours = p.get("name")
    if ours == vname:
        return True
    if not p.get("hidden_by_owner"):
        return False
    if ours == MASKED and vname in ("?", ""):
        return True
    return bool(ours) and vname.startswith(f"{ours}(") and vname.endswith(")")


def _compare_piece(where: str, pid: str, vmap: str, vx: str, vy: str, vlabel: str, vname: str,
                   vparent: str, ours: dict[str, dict], members_of: dict[str, list[str]],
                   vassal_members: dict[str, list[str]] | None, names: bool, labels: bool) -> list[str]:
    p = ours.get(pid)
    if p is None or p.get("map") is None:
        return [f"{where} {pid} ({vname}): VASSAL has it on {vmap} at {vx},{vy}; vmodgen has it "
                + ("nowhere" if p is None else "on no map")]
    out = []
    if (p["map"], str(p["x"]), str(p["y"])) != (vmap, vx, vy):
        out.append(f"{where} {pid} ({vname}): VASSAL {vmap} {vx},{vy}, vmodgen {p['map']} {p['x']},{p['y']}")
    stack = p.get("stack")
    if (vparent == "null") != (stack is None):
        out.append(f"{where} {pid} ({vname}): VASSAL {'alone' if vparent == 'null' else 'in a stack'}, "
                   f"vmodgen {'alone' if stack is None else 'in stack ' + stack}")
    elif vassal_members is not None and vparent != "null" and stack is not None:
        theirs, mine = vassal_members.get(vparent), members_of.get(stack)
        if theirs is not None and mine != theirs:
            out.append(f"{where} {pid} ({vname}): VASSAL's stack {theirs}, vmodgen's {mine}")
    if names and not _same_name(p, vname):
        out.append(f"{where} {pid}: VASSAL names it {vname!r}, vmodgen {p.get('name')!r}")
    if labels and vlabel != "offboard" and (p.get("hex") or "") != vlabel:
        out.append(f"{where} {pid} ({vname}): VASSAL's location {vlabel!r}, vmodgen's {p.get('hex')!r}")
    return out


def compare(module_path: Path, log: Path, report: Path, names: bool = False, labels: bool = False,
            reveal: bool = False) -> tuple[list[str], int]:
    """The differences, and how many piece lines were compared."""
    pos, gone, final_pieces, final_stacks, steps = read_report(report)
    module = read_module(module_path)
    diffs: list[str] = []
    count = 0
    ours_steps = inspect_save(log, module, step=0)["steps"]
    if ours_steps != steps:
        diffs.append(f"VASSAL replays {steps} steps, vmodgen {ours_steps}")
    for k in sorted(set(pos) | set(gone)):
        ours, members_of = _ours(log, module, k, reveal)
        for f in pos.get(k, []):
            count += 1
            diffs += _compare_piece(f"step {k}:", f[2], f[3], f[4], f[5], f[6], f[7], f[8].removeprefix("parent="),
                                    ours, members_of, None, names, labels)
        for pid in gone.get(k, []):
            count += 1
            p = ours.get(pid)
            if p is not None and p.get("map") is not None:
                diffs.append(f"step {k}: {pid} ({p.get('name')}): gone in VASSAL, vmodgen has it on {p['map']}")
    ours, members_of = _ours(log, module, None, reveal)
    vassal_members = {f[2]: [m for m in f[7].split(",") if m] for f in final_stacks}
    for f in final_pieces:
        count += 1
        parent = next((x for x in f[8:] if x.startswith("parent=")), "parent=null").removeprefix("parent=")
        diffs += _compare_piece("end:", f[2], f[3], f[4], f[5], f[6], f[7], parent, ours, members_of,
                                vassal_members, names, labels)
    on_maps = {f[2] for f in final_pieces}
    for pid, p in ours.items():
        if p.get("map") is not None and pid not in on_maps and pid not in members_of:
            diffs.append(f"end: {pid} ({p.get('name')}): vmodgen has it on {p['map']} at {p['x']},{p['y']}; "
                         "VASSAL has it on no map")
    return diffs, count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("module", type=Path)
    ap.add_argument("log", type=Path)
    ap.add_argument("report", type=Path)
    ap.add_argument("--names", action="store_true", help="also compare piece names")
    ap.add_argument("--labels", action="store_true", help="also compare location labels (not 'offboard')")
    ap.add_argument("--reveal", action="store_true",
                    help="vmodgen names hidden pieces as their owner sees them (VASSAL replayed with --player)")
    ap.add_argument("--max", type=int, default=40, help="print at most this many differences")
    args = ap.parse_args(argv)
    try:
        diffs, count = compare(args.module, args.log, args.report, args.names, args.labels, args.reveal)
    except (ReportError, InputError) as e:    # a missing or unreadable module, log or report
        print(f"error: {e}", file=sys.stderr)
        return 2
    for d in diffs[:args.max]:
        print(d)
    print(f"{len(diffs)} differences in {count} piece lines compared")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
