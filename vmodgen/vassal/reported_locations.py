"""Does the module given read a file's positions as the module it was played with did?

VASSAL writes a move report into the log with each drag (the map's ``moveToFormat``, by default
``$pieceName$ moves $previousLocation$ -> $location$ *``), naming the location as the module
that was running read it. Where the module given reads another label at the same drop point,
its boards were re-gridded, renumbered or swapped since the file was played: every position of
the file then reads wrong. This compares the two for every step that moves one piece and reports
it once, without replaying the file.

A module whose Global Options turn move reports off (``autoReport="Never"``, The Longest Day) writes
none; VASSAL 3.x still keeps, in the state of every piece it moved, the name it gave the point the
piece left (``BasicPiece`` properties ``OldLocationName``, ``OldMap``, ``OldX``, ``OldY``, set by
``PieceMover.setOldProperties``): :func:`compare_recorded_names` compares those instead, in saves
as in logs.
"""
from __future__ import annotations

import html
import re

from ..hexes.vassal_zones import label_is_known, label_is_translatable
from .codec import decode
from .module import Module
from .replay import split_steps
from .savefile import SaveFile
from .typed import ChangePiece, Chat, Log, MovePiece, Undo

DEFAULT_FORMAT = "$pieceName$ moves $previousLocation$ -> $location$ *"
#: the suffix of a map's saved board layout command (``<map>BoardPicker\t<board>\t...``)
PICKER = "BoardPicker"
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


def _with_boards(save: SaveFile, module: Module) -> tuple[list, list]:
    """The file's saved state and steps (:func:`split_steps`), the module's boards set as that
    state lays them out."""
    head, steps = split_steps(save.tree)
    for node in head:
        for sub in _flat(node):
            if "BoardPicker" in sub.text:
                module.apply_board_command(sub.text)
    return head, steps


def compare_reports(save: SaveFile, module: Module) -> tuple[int, list[tuple[int, str, str, str]]]:
    """``(steps compared, mismatches)``: each mismatch ``(step, piece name or id, reported
    location, location the module reads)``, for steps that move exactly one piece and carry one
    move report of the map moved to. The module's boards are set as the file's saved state sets
    them."""
    return _compare_reports(_with_boards(save, module)[1], module)


def _compare_reports(steps: list, module: Module) -> tuple[int, list[tuple[int, str, str, str]]]:
    """:func:`compare_reports` of a file's steps, the module's boards already set."""
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
        if read is None or not reported or reported == HIDDEN_LOCATION or reported in OFFBOARD_NAMES \
                or not _comparable(module, new_map, m.new_x, m.new_y):
            continue
        compared += 1
        if reported != read.strip():
            bad.append((k, m.id, reported, read.strip()))
    return compared, bad


#: the properties VASSAL 3.x keeps in a moved piece's BasicPiece state (``key;value`` pairs after
#: its map, x, y, ...), in one state: nothing of another piece, trait or command (no tab, no
#: backslash, no line or command break)
_OLD_KEYS = ("OldLocationName", "OldMap", "OldX", "OldY")
_STATE_ENDS = "\t\\/\n\x1b"
_OLD_MARK = ";OldLocationName;"


def _old_states(text: str) -> list[str]:
    """Each run of ``text`` between state ends (tab, backslash, slash, line or command break) that
    holds an ``OldLocationName``, found from the marker outwards (the regular expression
    ``[^ends]*;OldLocationName;[^ends]*`` gave the same, but tried at every point of every run it
    took time quadratic in a run's length: 0.7 s of the four TLD logs' audit)."""
    out: list[str] = []
    pos = 0
    while (i := text.find(_OLD_MARK, pos)) >= 0:
        start = max(text.rfind(c, pos, i) for c in _STATE_ENDS) + 1 or pos
        ends = [j for j in (text.find(c, i) for c in _STATE_ENDS) if j >= 0]
        pos = min(ends) if ends else len(text)
        out.append(text[start:pos])
    return out


def recorded_names(text: str) -> dict[tuple[str, int, int], str]:
    """``(map, x, y)`` → the location name VASSAL gave that point when a piece left it, from the
    ``Old*`` properties of every BasicPiece state in ``text`` (a save's or log's command text)."""
    out: dict[tuple[str, int, int], str] = {}
    for chunk in _old_states(text):
        tokens = chunk.split(";")
        got: dict[str, str] = {}
        for i in range(len(tokens) - 1):
            if tokens[i] in _OLD_KEYS and tokens[i] not in got:
                got[tokens[i]] = tokens[i + 1]
        try:
            key = (got["OldMap"], int(got["OldX"]), int(got["OldY"]))
        except (KeyError, ValueError):
            continue
        if got["OldLocationName"] and key[0]:
            out.setdefault(key, got["OldLocationName"])
    return out


def _step_names(steps: list) -> dict[tuple[str, int, int], str]:
    """The names a log's running module gave in its own steps: only those a move of that step wrote.

    VASSAL sets a piece's ``Old*`` properties when it moves (``PieceMover.setOldProperties``) and
    every ``D/`` carries the piece's whole state, so a flip, a rotation or an Undo of a piece last
    moved in an earlier session repeats the name an older module gave. A name counts when its
    ``D/`` (new state) is in a step (no Undo) with an ``M/`` whose old map and point are the ones
    named: the move that wrote it."""
    out: dict[tuple[str, int, int], str] = {}
    for node in steps:
        changes: list[str] = []
        left: set[tuple[str, int, int]] = set()
        undo = False
        for sub in _flat(node):
            text = sub.text
            if text.startswith(("UNDO", "LOG\tUNDO")):
                undo = True
                break
            if not (text.startswith(("M/", "D/")) or text.startswith(("LOG\tM/", "LOG\tD/"))):
                continue
            cmd = sub.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, Undo):
                undo = True
                break
            if isinstance(cmd, MovePiece) and cmd.old_map:
                left.add((cmd.old_map, cmd.old_x, cmd.old_y))
            elif isinstance(cmd, ChangePiece):
                changes.append(cmd.new_state)
        if undo or not left:
            continue
        for key, named in recorded_names("\n".join(changes)).items():
            if key in left:
                out.setdefault(key, named)
    return out


#: What VASSAL names a point on no board (``Map.offboard`` in its i18n bundles, each language
#: it ships: the name a player's VASSAL wrote depends on the player's language)
OFFBOARD_NAMES = frozenset(("offboard", "Offboard", "Fuera del tablero", "En dehors du plateau", "fuori mappa",
                            "\u76e4\u5916", "Weg van het bord", "poza plansz\u0105",
                            "\u573a\u5916\uff08offboard\uff09"))


def _comparable(module: Module, map_name: str, x: int, y: int) -> bool:
    """Whether the module's label of the point can be compared: on a board whose size is known (a
    lone board with no image is taken to reach without limit right and below, where VASSAL knew its
    size and said "offboard"), by formats naming no game property (VASSAL reads its value then),
    and, when the module has translations, not a Zone's, Region's or Deck's name (a player's VASSAL
    wrote the translated one: ``Localization.translate``)."""
    info = module.maps.get(map_name)
    placed = info.board_at(x, y) if info is not None else None
    if placed is None or placed.board.size is None:
        return False
    grid = placed.board.grid
    if grid is None:
        return True
    point = placed.board_point(x, y)
    if module.translated and (info is not None and info.deck_at(x, y) is not None
                              or label_is_translatable(grid, *point)):
        return False
    return label_is_known(grid, *point)


def compare_names(names: dict[tuple[str, int, int], str], module: Module) -> tuple[int, int]:
    """``(points compared, points named otherwise)`` of kept names against the module's labels:
    no hidden point, no "offboard", no point on a board of unknown size (nothing to compare)."""
    compared = bad = 0
    for (map_name, x, y), named in names.items():
        if named == HIDDEN_LOCATION or named.strip() in OFFBOARD_NAMES:
            continue
        read = module.locate(map_name, x, y)
        if read is None or not _comparable(module, map_name, x, y):
            continue
        compared += 1
        bad += named.strip() != read.strip()
    return compared, bad


def compare_recorded_names(save: SaveFile, module: Module) -> tuple[int, int]:
    """``(points compared, points named otherwise)``: the names a log's moves wrote
    (:func:`_step_names`) against the labels the module given reads at the same points, its
    boards set as the file's saved state sets them."""
    _, steps = _with_boards(save, module)
    return compare_names(_step_names(steps), module)


def compare_saved_names(save: SaveFile, module: Module) -> tuple[int, int]:
    """The same for the names kept in the file's saved state: written whenever each piece last
    moved, by whatever module version ran then (an earlier session, the designer's set-up), so no
    proof against the module given."""
    return _compare_saved_names(_with_boards(save, module)[0], module)


def _compare_saved_names(head: list, module: Module) -> tuple[int, int]:
    """:func:`compare_saved_names` of a file's saved state, the module's boards already set."""
    return compare_names(recorded_names("\n".join(sub.text for node in head for sub in _flat(node))), module)


def regridded(compared: int, bad: int) -> bool:
    """Whether names a file's own moves wrote say the module given is re-gridded: most of them
    disagree (a zone renamed since names a few points otherwise, not a board)."""
    return compared > 0 and 2 * bad > compared


def names_warning(path: str, compared: int, bad: int) -> str | None:
    """The sentence for a report's warnings when most names the file's own moves wrote disagree
    with the module given; no label is quoted (a hidden piece's point would be)."""
    if not regridded(compared, bad):
        return None
    return (f"{path} holds no move report of VASSAL's to compare (a save has none; some modules write none), but "
            f"{bad} of {compared} map "
            "point(s) its pieces left in this file's moves are named otherwise in the file (VASSAL keeps the name it "
            "gave each point a piece left, OldLocationName) than the module given reads them: its boards were "
            "re-gridded, renumbered or swapped since the file was played, so this file's positions read wrong with it "
            "(and what is judged from them cannot be trusted): give the module it was played with.")


def names_note(path: str, compared: int, bad: int, saved: bool) -> str | None:
    """An advisory sentence (no doubt about the module) when some kept names disagree: too few of
    the file's own moves' names, or names kept in its saved state (``saved``)."""
    if not bad or (not saved and regridded(compared, bad)):
        return None
    whose = "its saved pieces were last moved" if saved else "some of its moves were made"
    return (f"{path}: {whose} with a module that named {bad} of {compared} map point(s) otherwise than the module "
            "given reads them (VASSAL's OldLocationName): an older version of the module, a renamed zone, a "
            "re-gridded board or a translation; not enough to doubt the module given.")


def mismatch_warning(path: str, compared: int, bad: list[tuple[int, str, str, str]]) -> str | None:
    """The sentence for a report's warnings, or None when every compared report agreed."""
    if not bad:
        return None
    shown = "; ".join(f"step {k}: reported {r}, read {g}" for k, _, r, g in bad[:3])
    return (f"{path}: {len(bad)} of {compared} move reports VASSAL wrote name another location than the module "
            f"given reads at the same point ({shown}{'; ...' if len(bad) > 3 else ''}): its boards were re-gridded, "
            "renumbered or swapped since the file was played, so this file's positions read wrong with it (and "
            "what is judged from them cannot be trusted): give the module it was played with.")


def missing_boards(path: str, save: SaveFile, module: Module) -> str | None:
    """The sentence to report when the file's saved board layout (``<map>BoardPicker`` in its
    saved state) names a board the module given does not have on that map, or None."""
    head, _ = split_steps(save.tree)
    lost: dict[str, set[str]] = {}
    for node in head:
        for sub in (node.walk() if node.subs else (node,)):
            if PICKER + "\t" not in sub.text:
                continue
            tokens = decode(sub.text, "\t")
            if not tokens or not tokens[0].endswith(PICKER):
                continue
            info = module.maps.get(tokens[0][:-len(PICKER)])
            if info is None:
                continue                 # a map the module lacks: missing_maps says it
            for i in range(1, len(tokens), 3):
                name = decode(tokens[i], "/")[0] if tokens[i] else ""
                if name and name not in info.boards:
                    lost.setdefault(info.name, set()).add(name)
    if not lost:
        return None
    shown = "; ".join(f"map '{m}': {', '.join(repr(b) for b in sorted(names))} (its boards: "
                      f"{', '.join(repr(b) for b in list(module.maps[m].boards)[:6])})" for m, names in sorted(lost.items()))
    return (f"{path} lays out board(s) the module given does not have ({shown}): renamed, removed or swapped since "
            "the file was played? VASSAL silently leaves such a board out, so the pieces on it have no location "
            "and are not judged.")


def grid_sentences(path: str, save: SaveFile, module: Module) -> tuple[str | None, str | None]:
    """Whether the module given reads the file's points as the module it was played with named
    them, as ``(warning, note)``, each a sentence or None, from one comparison of each kind (the
    audit and ``inspect`` say both).

    The warning (a doubt about the module) from VASSAL's move reports, else (none to read: a
    module that writes none, a save) from the names the file's own moves kept. The note
    (:func:`names_note`, advisory) only when no move report was compared: from the names the
    file's moves wrote when too few disagree, else, when its moves wrote none, from the names kept
    in its saved state."""
    head, steps = _with_boards(save, module)
    compared, bad_reports = _compare_reports(steps, module)
    if compared:
        return mismatch_warning(path, compared, bad_reports), None
    compared, bad = compare_names(_step_names(steps), module)
    warning = names_warning(path, compared, bad)
    if compared:
        return warning, names_note(path, compared, bad, saved=False)
    return warning, names_note(path, *_compare_saved_names(head, module), saved=True)
