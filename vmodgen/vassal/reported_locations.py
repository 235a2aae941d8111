"""Does the module given read a file's positions as the module it was played with did?

VASSAL writes a move report into the log with each drag (the map's ``moveToFormat``, by default
``$pieceName$ moves $previousLocation$ -> $location$ *``), naming the location as the module
that was running read it. Where the module given reads another label at the same drop point,
its boards were re-gridded, renumbered or swapped since the file was played: every position of
the file then reads wrong. This compares the two for every step that moves one piece and reports
it once, without replaying the file.
"""
from __future__ import annotations

import html
import re

from .module import Module
from .replay import split_steps
from .savefile import SaveFile
from .typed import Chat, Log, MovePiece, Undo

DEFAULT_FORMAT = "$pieceName$ moves $previousLocation$ -> $location$ *"
#: steps compared at most per file (a long log says it soon enough)
MAX_COMPARED = 2000


#: What VASSAL writes for both locations of a piece an Invisible trait hides (3.7.26/3.8
#: ``MovementReporter.HiddenMovementReporter.getLocation``): no location, nothing to compare.
HIDDEN_LOCATION = "?"


def report_pattern(fmt: str) -> re.Pattern | None:
    """A regex for a ``moveToFormat``: ``location`` = what ``$location$`` became; None when the
    format does not name the new location."""
    if "$location$" not in fmt:
        return None
    parts = re.split(r"(\$[A-Za-z_][A-Za-z0-9_]*\$)", html.unescape(fmt).strip())
    out: list[str] = []
    named = False                  # the first $location$ is the group; a repeat matches anything
    for p in parts:
        if p == "$location$":
            out.append(r".*?" if named else r"(?P<location>.+?)")
            named = True
        elif p.startswith("$") and p.endswith("$") and len(p) > 2:
            out.append(r".*?")
        else:
            out.append(re.escape(p))
    text = "".join(out)
    last = [p for p in parts if p.strip()][-1]
    if last.startswith("$") and last.endswith("$"):
        text += r"\s*$"      # nothing after the variable: it runs to the end of the line
    return re.compile(r"^(?:\*\s*)?" + text)     # VASSAL writes a report as "* " + the format


def _flat(node) -> list:
    return list(node.walk()) if node.subs else [node]


def compare_reports(save: SaveFile, module: Module) -> tuple[int, list[tuple[int, str, str, str]]]:
    """``(steps compared, mismatches)``: each mismatch ``(step, piece name or id, reported
    location, location the module reads)``, for steps that move exactly one piece and carry one
    move report of the map moved to. The module's boards are set as the file's saved state sets
    them."""
    head, steps = split_steps(save.tree)
    for node in head:
        for sub in _flat(node):
            if "BoardPicker" in sub.text:
                module.apply_board_command(sub.text)
    patterns: dict[tuple[str, str], re.Pattern | None] = {}
    compared = 0
    bad: list[tuple[int, str, str, str]] = []
    for k, node in enumerate(steps, start=1):
        if compared >= MAX_COMPARED:
            break
        moves, chats = [], []
        undo = False
        for sub in _flat(node):
            text = sub.text
            if text.startswith(("UNDO", "LOG\tUNDO")):
                undo = True          # an Undo repeats the report of the move it takes back
                break
            if not (text.startswith("M/") or "CHAT" in text or text.startswith("LOG\t")):
                continue
            cmd = sub.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, MovePiece):
                moves.append(cmd)
            elif isinstance(cmd, Undo):
                undo = True
                break
            elif isinstance(cmd, Chat):
                chats.append(html.unescape(cmd.text))
        if undo or len(moves) != 1 or not chats:
            continue
        m = moves[0]
        if m.new_map is None:
            continue
        new_map = m.new_map
        info = module.maps.get(new_map)
        if info is None:
            continue
        # VASSAL's Map: moveWithinFormat for a move on the same map, moveToFormat from another
        which = "moveWithinFormat" if m.old_map == m.new_map else "moveToFormat"
        if (new_map, which) not in patterns:
            patterns[(new_map, which)] = report_pattern(info.attributes.get(which, DEFAULT_FORMAT) or "")
        pat = patterns[(new_map, which)]
        if pat is None:
            continue
        found = [g for g in (pat.search(c) for c in chats) if g is not None]
        if len(found) != 1:
            continue
        reported = found[0].group("location").strip()
        read = module.locate(new_map, m.new_x, m.new_y)
        if read is None or not reported or reported == HIDDEN_LOCATION:
            continue
        compared += 1
        if reported != read.strip():
            bad.append((k, m.id, reported, read.strip()))
    return compared, bad


def mismatch_warning(path: str, compared: int, bad: list[tuple[int, str, str, str]]) -> str | None:
    """The sentence for a report's warnings, or None when every compared report agreed."""
    if not bad:
        return None
    shown = "; ".join(f"step {k}: reported {r}, read {g}" for k, _, r, g in bad[:3])
    return (f"{path}: {len(bad)} of {compared} move reports VASSAL wrote name another location than the module "
            f"given reads at the same point ({shown}{'; ...' if len(bad) > 3 else ''}): its boards were re-gridded, "
            "renumbered or swapped since the file was played, so this file's positions read wrong with it (and "
            "what is judged from them cannot be trusted): give the module it was played with.")
