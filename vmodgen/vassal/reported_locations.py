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
from typing import Callable

from ..hexes.vassal_zones import label_is_known, label_is_translatable, translated_labels
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


class FileWalk:
    """A file's command tree as the fit checks read it, split (:func:`split_steps`), flattened and
    its board commands found once: each check walked the whole tree on its own, five walks a file
    (speed18b). ``module``: whose maps' names tell a board command (:func:`_board_commands`; its
    board layouts do not matter)."""

    __slots__ = ("head", "steps", "boards", "head_picks")

    def __init__(self, save: SaveFile, module: Module) -> None:
        head, steps = split_steps(save.tree)
        is_board = _board_commands(module)
        #: the saved state's commands, pre-order
        self.head = [sub for node in head for sub in _flat(node)]
        #: each step's commands, pre-order
        self.steps = [_flat(node) for node in steps]
        #: each step's board commands: their indices in its commands
        self.boards = [tuple(i for i, sub in enumerate(subs) if is_board(sub.text)) for subs in self.steps]
        #: the saved state's commands that name a board picker: set before anything is read
        self.head_picks = [sub.text for sub in self.head if PICKER in sub.text]


def _with_boards(walk: FileWalk, module: Module) -> None:
    """The module's boards set as the file's saved state lays them out."""
    for text in walk.head_picks:
        module.apply_board_command(text)


def _board_commands(module: Module) -> Callable[[str], bool]:
    """A test whether a command is a ``[LOG\t]<map>BoardPicker\t...`` of one of the module's maps,
    looked for only where a map's name can end (a piece's long state is not searched)."""
    names = module.maps
    reach = max(map(len, names), default=0) + len(PICKER)

    def test(text: str) -> bool:
        at = 4 if text.startswith("LOG\t") else 0
        i = text.find(PICKER, at, at + reach)
        return i >= 0 and (text[at:i] in names or any(text.startswith(n + PICKER, at) for n in names))
    return test


def _apply_board(text: str, module: Module) -> None:
    """Apply a step's ``<map>BoardPicker`` command (a log can change a map's boards midway, as
    VASSAL's own tour does: each step's points then read on the boards laid out at that step)."""
    module.apply_board_command(text[4:] if text.startswith("LOG\t") else text)


def compare_reports(save: SaveFile, module: Module) -> tuple[int, list[tuple[int, str, str, str]]]:
    """``(steps compared, mismatches)``: each mismatch ``(step, piece name or id, reported
    location, location the module reads)``, for steps that move exactly one piece and carry one
    move report of the map moved to. The module's boards are set as the file's saved state sets
    them, then changed as its steps change them; the module's boards are left as they were."""
    compared, bad, _ = report_counts(save, module)
    return compared, bad


def report_counts(save: SaveFile, module: Module,
                  walk: FileWalk | None = None) -> tuple[int, list[tuple[int, str, str, str]], int]:
    """:func:`compare_reports` and the number of one-piece moves whose step carries a line that
    looks like its move report (a chat line starting with ``*``, as VASSAL starts one, naming the
    point left or reached as the module names it) that no report format of the module (nor a
    translation it holds) reads: written in another wording (another version of the module, a
    language it has no translation for). ``walk``: the file's :class:`FileWalk` for ``module``, when
    made already."""
    restore = module.board_layouts()
    try:
        return _compare_reports(walk or FileWalk(save, module), module)
    finally:
        restore()


def _compare_reports(walk: FileWalk, module: Module) -> tuple[int, list[tuple[int, str, str, str]], int]:
    _with_boards(walk, module)
    patterns: dict[tuple[str, str], list[re.Pattern]] = {}
    compared = unread = 0
    bad: list[tuple[int, str, str, str]] = []
    for k, (subs, boards) in enumerate(zip(walk.steps, walk.boards), start=1):
        if compared >= MAX_COMPARED:
            break
        moves, chats = [], []
        undo = False
        for i, sub in enumerate(subs):
            text = sub.text
            if boards and i in boards:
                _apply_board(text, module)
                continue
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
            patterns[(new_map, which)] = _report_patterns(module, new_map, which)
        pats = patterns[(new_map, which)]
        found = [g for g in (_first_match(pats, c) for c in chats) if g is not None]
        if not found and pats and any(c.startswith("*") and _names_move(module, m, c) for c in chats):
            unread += 1
        if len(found) != 1:
            continue
        reported = found[0].group("location").strip()
        read = module.locate(new_map, m.new_x, m.new_y)
        if read is None or not reported or reported == HIDDEN_LOCATION or reported in OFFBOARD_NAMES \
                or not _comparable(module, new_map, m.new_x, m.new_y):
            continue
        compared += 1
        if not _agrees(module, new_map, m.new_x, m.new_y, reported, read):
            bad.append((k, m.id, reported, read.strip()))
    return compared, bad, unread


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


def _step_names(subs: list) -> dict[tuple[str, int, int], str]:
    """The names a log's running module gave in one of its steps (its commands ``subs``): only
    those a move of that step wrote.

    VASSAL sets a piece's ``Old*`` properties when it moves (``PieceMover.setOldProperties``) and
    every ``D/`` carries the piece's whole state, so a flip, a rotation or an Undo of a piece last
    moved in an earlier session repeats the name an older module gave. A name counts when its
    ``D/`` (new state) is in a step (no Undo) with an ``M/`` whose old map and point are the ones
    named: the move that wrote it."""
    changes: list[str] = []
    left: set[tuple[str, int, int]] = set()
    for sub in subs:
        text = sub.text
        if text.startswith(("UNDO", "LOG\tUNDO")):
            return {}
        if not (text.startswith(("M/", "D/")) or text.startswith(("LOG\tM/", "LOG\tD/"))):
            continue
        cmd = sub.typed()
        while isinstance(cmd, Log):
            cmd = cmd.inner
        if isinstance(cmd, Undo):
            return {}
        if isinstance(cmd, MovePiece) and cmd.old_map:
            left.add((cmd.old_map, cmd.old_x, cmd.old_y))
        elif isinstance(cmd, ChangePiece):
            changes.append(cmd.new_state)
    if not left:
        return {}
    return {key: named for key, named in recorded_names("\n".join(changes)).items() if key in left}


#: What VASSAL names a point on no board (``Map.offboard`` in its i18n bundles, each language
#: it ships: the name a player's VASSAL wrote depends on the player's language)
OFFBOARD_NAMES = frozenset(("offboard", "Offboard", "Fuera del tablero", "En dehors du plateau", "fuori mappa",
                            "\u76e4\u5916", "Weg van het bord", "poza plansz\u0105",
                            "\u573a\u5916\uff08offboard\uff09"))


def _comparable(module: Module, map_name: str, x: int, y: int) -> bool:
    """Whether the module's label of the point can be compared: on a board whose size is known (a
    lone board with no image is taken to reach without limit right and below, where VASSAL knew its
    size and said "offboard"), by formats naming no game property (VASSAL reads its value then),
    translated ones included."""
    info = module.maps.get(map_name)
    placed = info.board_at(x, y) if info is not None else None
    if placed is None or placed.board.size is None:
        return False
    grid = placed.board.grid
    translations = module.translations.values if module.translated else None
    return grid is None or label_is_known(grid, *placed.board_point(x, y), translations)


def _first_match(patterns: list[re.Pattern], text: str) -> re.Match | None:
    for p in patterns:
        got = p.search(text)
        if got is not None:
            return got
    return None


def _report_patterns(module: Module, map_name: str, which: str) -> list[re.Pattern]:
    """The regexes of a map's move report format: its own and each translation's (a player's
    VASSAL in that language wrote the translated one)."""
    info = module.maps[map_name]
    own = info.attributes.get(which, DEFAULT_FORMAT) or ""
    formats = [own] + sorted(module.translations.values(info.kind, map_name, which) - {own}) \
        if module.translated else [own]
    return [p for p in map(report_pattern, formats) if p is not None]


def _names(module: Module, map_name: str, x: int, y: int, read: str) -> set[str]:
    """What VASSAL may name the point: the module's label ``read`` and, when the module holds
    translations, what a player's VASSAL in one of its languages names it: a Zone's, Region's or
    Deck's translated name (``Localization.translate``); stripped."""
    names = {read.strip()}
    if not module.translated:
        return names
    info = module.maps[map_name]
    deck = info.deck_at(x, y)
    if deck is not None:
        return names | {v.strip() for v in module.translations.alternatives("DrawPile", deck, "name", deck)}
    placed = info.board_at(x, y)
    grid = placed.board.grid if placed is not None else None
    if placed is None or grid is None:
        return names
    bx, by = placed.board_point(x, y)
    if not label_is_translatable(grid, bx, by):
        return names
    return names | {v.strip() for v in translated_labels(grid, bx, by, module.translations.alternatives)}


def _agrees(module: Module, map_name: str, x: int, y: int, named: str, read: str) -> bool:
    """Whether ``named`` (what VASSAL wrote) is one of the names VASSAL may give the point (:func:`_names`)."""
    return named.strip() in _names(module, map_name, x, y, read)


def _names_move(module: Module, move: MovePiece, line: str) -> bool:
    """Whether a chat line names, as a word of its own, the point ``move`` left or reached as the
    module names it (or a translation of that name): what a move report does in any wording, and
    a Report Action's line ("* Albatros C: Treibstoff -1") does not."""
    for map_name, x, y in ((move.new_map, move.new_x, move.new_y), (move.old_map, move.old_x, move.old_y)):
        read = module.locate(map_name, x, y) if map_name is not None and map_name in module.maps else None
        if map_name is None or read is None:
            continue
        for name in _names(module, map_name, x, y, read) - {"", HIDDEN_LOCATION}:
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", line):
                return True
    return False


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
        bad += not _agrees(module, map_name, x, y, named, read)
    return compared, bad


def compare_recorded_names(save: SaveFile, module: Module, walk: FileWalk | None = None) -> tuple[int, int]:
    """``(points compared, points named otherwise)``: the names a log's moves wrote
    (:func:`_step_names`) against the labels the module given reads at the same points, its
    boards set as the file's saved state sets them (``walk``: see :func:`report_counts`)."""
    restore = module.board_layouts()
    try:
        walk = walk or FileWalk(save, module)
        _with_boards(walk, module)
        compared = bad = 0
        names: dict[tuple[str, int, int], str] = {}      # each point once per board layout
        for subs, boards in zip(walk.steps, walk.boards):
            changes = [subs[i].text for i in boards]
            if changes:           # the names so far were written on the boards laid out until now
                c, b = compare_names(names, module)
                compared, bad, names = compared + c, bad + b, {}
                for text in changes:
                    _apply_board(text, module)
            for key, named in _step_names(subs).items():
                names.setdefault(key, named)
        c, b = compare_names(names, module)
        return compared + c, bad + b
    finally:
        restore()


def compare_saved_names(save: SaveFile, module: Module, walk: FileWalk | None = None) -> tuple[int, int]:
    """The same for the names kept in the file's saved state: written whenever each piece last
    moved, by whatever module version ran then (an earlier session, the designer's set-up), so no
    proof against the module given (``walk``: see :func:`report_counts`)."""
    walk = walk or FileWalk(save, module)
    _with_boards(walk, module)
    return compare_names(recorded_names("\n".join([sub.text for sub in walk.head])), module)


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


def missing_boards(path: str, save: SaveFile, module: Module, walk: FileWalk | None = None) -> str | None:
    """The sentence to report when the file's board layouts (``<map>BoardPicker`` in its saved
    state or, as a log can change them midway, in its steps) name a board the module given does
    not have on that map, or None (``walk``: see :func:`report_counts`)."""
    walk = walk or FileWalk(save, module)
    is_board = _board_commands(module)
    lost: dict[str, set[str]] = {}
    texts = [text for text in walk.head_picks if is_board(text)]      # (a board command names the picker)
    texts += [subs[i].text for subs, boards in zip(walk.steps, walk.boards) for i in boards]
    for text in texts:
        tokens = decode(text[4:] if text.startswith("LOG\t") else text, "\t")
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


def grid_sentences(path: str, save: SaveFile, module: Module,
                   walk: FileWalk | None = None) -> tuple[str | None, str | None]:
    """Whether the module given reads the file's points as the module it was played with named
    them, as ``(warning, note)``, each a sentence or None, from one comparison of each kind (the
    audit and ``inspect`` say both; speed17: each was asked twice).

    The warning (a doubt about the module) from VASSAL's move reports, else (none to read: a
    module that writes none, a save) from the names the file's own moves kept. The note
    (:func:`names_note`, advisory) only when no move report was compared: from the names the
    file's moves wrote when too few disagree, else, when its moves wrote none, from the names kept
    in its saved state; with :func:`unread_note` before it when reports were worded otherwise.
    ``walk``: see :func:`report_counts`."""
    walk = walk or FileWalk(save, module)
    reports, bad_reports, unread = report_counts(save, module, walk)
    if reports:
        return mismatch_warning(path, reports, bad_reports), None
    compared, bad = compare_recorded_names(save, module, walk)
    said = names_note(path, compared, bad, saved=False) if compared else \
        names_note(path, *compare_saved_names(save, module, walk), saved=True)
    unread_said = unread_note(path, unread, module.translated)
    return names_warning(path, compared, bad), " ".join(x for x in (unread_said, said) if x) or None


def unread_note(path: str, unread: int, translated: bool) -> str | None:
    """The sentence when none of a file's move reports could be read with the module's report
    formats (``unread`` of them): their locations were not compared with the module."""
    if not unread:
        return None
    own = "its report formats or a translation it holds" if translated else "its report formats; it holds no translation"
    return (f"{path}: {unread} one-piece move(s) carry a chat line starting with '*' that names the point the piece "
            f"left or reached, as VASSAL's move reports do, but that no wording of the module given reads ({own}): "
            "move reports of another version of the module or of a VASSAL in a language the module given has no "
            "translation for? The locations they name were not compared with the module.")
