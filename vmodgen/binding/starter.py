"""``vmodgen bind``: a starter binding file for a module vmodgen did not build.

* :func:`generic_starter` (``--rules generic``): sides from the module's player roster, unit
  classes by side from a side-like property (a Marker's, a Dynamic Property...: named as VASSAL's
  editor names the trait, :mod:`.trait_names`) or the palette folders (not a folder whose pieces
  show no unit value the starter reads, or are markers: counters a module keeps), kinds (air, naval,
  supply, HQ, markers) from folder and prototype names, the reduced side from the flip layer
  most pieces have, unit values (movement, combat) from properties, piece names or text labels
  (:mod:`.values`, each a guess under a comment saying where), the hex board and its extent, and the
  generic rule defaults, every one marked as an assumption to confirm.
* :func:`kit_starter` (``--game KIT``): the module's pieces matched to the kit's roster by name
  (case, punctuation and unit abbreviations do not matter).

Both return a :class:`Starter`: the TOML text and what could not be inferred.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from ..rules.generic import GenericRules
from . import fuzzy
from .chat_phases import ChatPhase, chat_phases, chat_turn_pattern
from .generic_map import (extent_from_labels, extent_from_size, hex_grid_of, hex_id_at, hex_zone_of, open_margin,
                          raw_id, zone_box)
from .pieces import SlotIndex, SlotInfo
from .tomltext import one_line, q, toml_key
from .trait_names import property_trait, property_words
from .values import Proposal, TraitOf, comment, proposals

if TYPE_CHECKING:
    from ..hexes.vassal_grid import HexGrid
    from ..model.kit import Kit
    from ..vassal.module import Board, Module
    from ..vassal.savefile import SaveFile

SIDE_KEYS = ("side", "faction", "player", "army", "nationality", "nation", "owner", "country")
KIND_WORDS = {
    "air": ("air", "aircraft", "airforce", "airplane", "plane", "planes"),
    "naval": ("naval", "navy", "ship", "ships", "fleet"),
    "supply": ("supply", "supplies"),
    "hq": ("headquarters", "leader", "leaders", "corps", "command"),
    "marker": ("marker", "markers", "counter", "counters", "status", "chit", "chits", "informational"),
}


@dataclass
class Starter:
    text: str
    inferred: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "side"


def esc(text: str) -> str:
    """``re.escape`` without escaping spaces and hyphens (easier to read in a TOML file)."""
    return re.escape(text).replace("\\ ", " ").replace("\\-", "-")


def _alts(values: Iterable[str]) -> str:
    vals = sorted(set(values), key=lambda v: (len(v), v))
    return "^(" + "|".join(esc(v) for v in vals) + ")" if len(vals) > 1 else "^" + esc(vals[0])


# ---- sides ---------------------------------------------------------------------------------
#: player-roster entries that are no side of the game (one player at both sides, or nobody's)
NOT_SIDES = ("solitaire", "solo", "referee", "umpire", "moderator", "observer", "observers", "spectator",
             "gamemaster", "gm", "neutral", "none")


def playing_sides(roster: Iterable[str]) -> tuple[list[str], list[str]]:
    """(sides, roster entries that are no side: ``Solitaire``, ``Referee``...)."""
    sides: list[str] = []
    others: list[str] = []
    for s in roster:
        (others if fuzzy.key(s) in NOT_SIDES else sides).append(s)
    return sides, others


def _key_words(key: str) -> list[str]:
    """The words of a property name: ``Unit Side``, ``unit_side`` and ``UnitSide`` alike."""
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", key)]


@dataclass
class SideProperty:
    """A property whose values name the sides."""
    key: str
    per: dict[str, set[str]]                 # side → the property's values
    guessed: dict[str, set[str]] = field(default_factory=dict)   # values no side name matched


def _side_property(slots: list[SlotInfo], sides: list[str]) -> SideProperty | None:
    """A property whose values name the sides (a key such as ``side``, ``Unit Side``,
    ``Nationality``). When the values name every side but one and the others name none
    (``France``; ``Anglo-Allies``, ``Prussia`` for the roster France / Coalition), those others
    go to the side left, as a guess the starter says it made."""
    best = None
    for s in slots:
        for k in s.facts.properties:
            if not any(w in SIDE_KEYS for w in _key_words(k)):
                continue
            per: dict[str, set[str]] = {}
            loose: set[str] = set()
            hits = 0
            for t in slots:
                v = t.facts.properties.get(k)
                if not v:
                    continue
                side = fuzzy.side_of(v, sides)
                if side:
                    per.setdefault(side, set()).add(v)
                    hits += 1
                else:
                    loose.add(v)
            guessed: dict[str, set[str]] = {}
            left = [sd for sd in sides if sd not in per]
            if per and loose and len(left) == 1:
                guessed = {left[0]: loose}
                per = {**per, left[0]: loose}
            if len(per) >= 2 and (best is None or hits > best[0]):
                best = (hits, SideProperty(k, per, guessed))
        if best is not None:
            break
    return best[1] if best else None


def _folder_candidates(slots: list[SlotInfo], covered: set[int]) -> list[SlotInfo]:
    """The pieces whose side a palette folder may tell: those the side property does not cover,
    less those that nest a marker-named prototype no covered piece nests (a module that gives
    its units the side by a property and files a game marker, built on a ``Marker``
    prototype, in a side's folder: the marker is no unit of that side)."""
    rest = [s for i, s in enumerate(slots) if i not in covered]
    if not covered:
        return rest
    marker_words = KIND_WORDS["marker"]
    unit_protos = {p for i in covered for p in slots[i].facts.prototypes}
    return [s for s in rest
            if not any(fuzzy.key(p) in marker_words and p not in unit_protos for p in s.facts.prototypes)]


NO_SIDE_WORDS = ("generic", "common", "misc", "miscellaneous", "general", "neutral", "game", "other", "others")


def _prototype_folder_sides(slots: list[SlotInfo]) -> list[str]:
    """Side names for a module whose player roster names none (a solitaire game): the palette
    folders, at any depth, most of whose pieces nest a prototype named after the folder (a
    prototype per side: ``German Unit`` in ``Germans``, ``US Unit`` in ``US``), found in at least
    two such folders; a folder that a counter set repeats (``Standard Counters/Germans`` and
    ``Alternate Counters/Germans``) counts once. Folders of markers or of no side (``Generic``)
    are left out. Empty when fewer than two are found."""
    pieces: dict[str, list[SlotInfo]] = {}
    for s in slots:
        for part in (s.facts.folder.split("/")[1:] if s.facts.folder else []):
            pieces.setdefault(part, []).append(s)
    found = []
    for part, ss in pieces.items():
        ws = fuzzy.words(part)
        if not ws or any(w in NO_SIDE_WORDS or w in KIND_WORDS["marker"] for w in ws):
            continue
        n = sum(1 for s in ss if any(fuzzy.matches_side(p, part) for p in s.facts.prototypes))
        if 2 * n > len(ss):
            found.append(part)
    return sorted(found) if len(found) >= 2 else []


def _folder_sides(slots: list[SlotInfo], sides: list[str]) -> dict[str, set[str]]:
    """side → folder prefixes (up to the component that names the side)."""
    out: dict[str, set[str]] = {}
    for s in slots:
        parts = s.facts.folder.split("/") if s.facts.folder else []
        for i, part in enumerate(parts):
            found = fuzzy.side_of(part, sides)
            if found is not None:
                out.setdefault(found, set()).add("/".join(parts[: i + 1]))
                break
    return out


def _folder_part(s: SlotInfo) -> str:
    """The last palette folder of a piece (the one whose name may say its kind)."""
    return s.facts.folder.rsplit("/", 1)[-1] if s.facts.folder else ""


def _says(name: str, words: tuple[str, ...]) -> bool:
    """Whether a folder's name says one of ``words`` (a kind, :data:`KIND_WORDS`)."""
    return bool(name) and any(w in words for w in fuzzy.words(name))


def _unit_kind_named(s: SlotInfo) -> bool:
    """Whether the starter's kind classes (:func:`_kind_classes`) class the piece as a unit of a
    kind (air, naval, supply, hq: not a marker) by its folder's or a prototype's name."""
    return any(_says(_folder_part(s), ws) or any(fuzzy.key(p) in ws for p in s.facts.prototypes)
               for kind, ws in KIND_WORDS.items() if kind != "marker")


def _kind_classes(slots: list[SlotInfo], sided: "set[int] | frozenset[int]" = frozenset()
                  ) -> tuple[list[tuple[str, str, str]], list[tuple[str, int]]]:
    """(kind, 'folder' | 'prototype', regex) for folders/prototypes whose name says a kind; and
    the (prototype, units) kept out: a marker-named prototype that mostly units of a side use (a
    base prototype such as ``Counter`` that every piece nests) would ignore those units."""
    out = []
    kept_out: list[tuple[str, int]] = []
    for kind, ws in KIND_WORDS.items():
        folders, protos = set(), set()
        users: dict[str, list[int]] = {}          # prototype → [pieces using it, units of a side]
        for i, s in enumerate(slots):
            part = _folder_part(s)
            if _says(part, ws):
                folders.add(part)
            for p in s.facts.prototypes:
                if fuzzy.key(p) in ws:
                    protos.add(p)
                    n = users.setdefault(p, [0, 0])
                    n[0] += 1
                    n[1] += i in sided
        if kind == "marker":
            base = sorted((p, n[1]) for p, n in users.items() if 2 * n[1] > n[0])
            kept_out += base
            protos -= {p for p, _ in base}
        if folders and len(folders) == 1:
            out.append((kind, "folder", "(^|/)" + esc(next(iter(folders))) + "$"))
        elif folders:
            out.append((kind, "folder", "(^|/)(" + "|".join(esc(f) for f in sorted(folders)) + ")$"))
        if protos:
            out.append((kind, "prototype", _alts(protos) + "$"))
    return out, kept_out


def _extent_lines(module: "Module", map_name: str, board, g: HexGrid,
                  labels: Iterable[str]) -> tuple[list[str], str | None]:
    size = board.size
    if size is not None:
        hz = hex_zone_of(board.grid)
        box = zone_box(hz) if hz is not None else None
        e = extent_from_size(g, size, box, open_margin(module.maps.get(map_name), board.name))
        first, last = _label(g, e.cols[0], e.rows[0]), _label(g, e.cols[1], e.rows[1])
        where = f", the hexes of its zone '{one_line(hz.name)}'" if box is not None and hz is not None else ""
        return [f"# the board image is {size[0]}x{size[1]} pixels{where}: hexes {one_line(first)} ... "
                f"{one_line(last)} (read from it)"], None
    found = extent_from_labels(g, labels)
    if found is None:
        return (["# extent = [\"FIRST\", \"LAST\"]   # TODO: the board image is not in the module and no log was",
                 "#                                 # given (--log): state the corner hex labels"],
                "the board's extent (no board image, no log): state [map] extent")
    first, last = _label(g, found.cols[0], found.rows[0]), _label(g, found.cols[1], found.rows[1])
    return (["# the board image is not in the module: the smallest rectangle holding every hex label the",
             "# given logs use (assumption: the board may be larger)",
             f"extent = [{q(first)}, {q(last)}]"], None)


def _label(g, col: int, row: int) -> str:
    return hex_id_at(g, col, row) or f"{col},{row}"


def _hex_board(module: "Module") -> "tuple[str, Board, HexGrid] | None":
    """The first board with a hex grid (numbered ones first): its map, the board, its grid."""
    boards = [(mname, b, g) for mname, m in module.maps.items() for b in m.boards.values()
              for g in (hex_grid_of(b.grid),) if g is not None]
    boards.sort(key=lambda mbg: mbg[2].numbering is None)
    return boards[0] if boards else None


def read_logs(paths: Iterable[str]) -> list["SaveFile"]:
    """The saves/logs given with ``--log``, each read once (the map's extent and the chat's
    phases are read from the same files)."""
    from ..vassal.savefile import read_save
    return [read_save(p) for p in paths]


def log_labels(module: "Module", saves: Iterable["SaveFile"], map_name: str) -> set[str]:
    """Every label of ``map_name`` that pieces stand on in the given saves/logs."""
    from ..vassal.replay import replay
    out: set[str] = set()
    for save in saves:
        rp = replay(save, apply_boards=module.apply_board_command, stacking=module)
        for _, state in rp.states():
            for rec in state.pieces.values():
                pos = rec.position
                if pos[0] == map_name:
                    lb = module.locate(*pos)
                    if lb is None:
                        placed = module.maps[map_name].board_at(pos[1], pos[2])
                        g = hex_grid_of(placed.board.grid) if placed is not None else None
                        if placed is not None and g is not None and g.numbering is None:
                            bx, by = pos[1] - placed.x, pos[2] - placed.y
                            lb = raw_id(g.raw_column(bx, by), g.raw_row(bx, by))
                    if lb:
                        out.add(lb)
    return out


def _map_section(module: "Module", logs: list["SaveFile"], starter: Starter) -> list[str]:
    found = _hex_board(module)
    if found is None:
        starter.missing.append("a map with a numbered hex grid (the generic rules need hexes)")
        return ["[map]", "maps = []   # TODO: no map of this module has a numbered hex grid"]
    mname, board, g = found
    lines = ["[map]", f"maps = [{q(mname)}]", f"boards = [{q(board.name)}]"]
    from ..vassal.buildfile import grid_summary
    lines.append(f"# {one_line(grid_summary(g))}" + (": its labels are the hex IDs" if g.numbering is not None else
                 ":\n# hexes are named by raw column and row, CCRR (0712 = column 7, row 12, from 0)"))
    ext, missing = _extent_lines(module, mname, board, g, log_labels(module, logs, mname) if logs else ())
    lines += ext
    if missing:
        starter.missing.append(missing)
    lines.append('default_terrain = "clear"   # terrain is not read from the module: name hexes with [[terrain]]')
    starter.inferred.append(f"game map: map '{mname}', board '{board.name}'")
    return lines


def _rules_section() -> list[str]:
    lines = ["# ---- rules: vmodgen's generic defaults, every one an assumption until you check it against",
             "# the rulebook (then write where the number comes from and drop the assumption mark)."]
    tables: dict[str, list[str]] = {"stacking": [], "zoc": [], "supply": [], "movement": []}
    for name, (default, desc) in GenericRules.PARAMS.items():
        table, _, key = name.partition("_")
        if table not in tables:
            continue
        if isinstance(default, bool):
            val = "true" if default else "false"
        elif isinstance(default, (int, float)):
            val = str(default)
        else:
            val = q(str(default))
        if table == "supply" and key == "range":
            val = "0"
            desc += " (0: not checked until you name supply sources)"
        tables[table].append(f"{key} = {{ value = {val}, assumption = true, source = {q('generic default: ' + desc)} }}")
    for table, rows in tables.items():
        lines += ["", f"[{table}]"] + rows
    return lines


def _side_tables(sides: list[str]) -> list[str]:
    out = []
    for s in sides:
        out += ["[[side]]", f"id = {q(slug(s))}", f"name = {q(s)}", f"players = [{q(s)}]", ""]
    return out


def generic_starter(module: "Module", logs: Iterable[str] = ()) -> Starter:
    """A starter binding with the generic rules (module docstring)."""
    st = Starter("")
    saves = read_logs(logs)
    idx = SlotIndex(module)
    slots = idx.slots
    sides, not_sides = playing_sides(module.sides)
    if len(sides) < 2:
        by_proto = _prototype_folder_sides(slots)
        if by_proto:
            sides = by_proto
            st.missing.append("the sides (the player roster names none): the palette folders whose pieces nest a "
                              f"prototype of the folder's name ({', '.join(sides)}), check them")
        else:
            tops = sorted({s.facts.folder.split("/")[1] for s in slots if s.facts.folder.count("/") >= 1})
            sides = tops[:2] if len(tops) >= 2 else ["Side A", "Side B"]
            st.missing.append("the sides (the player roster names none): named after palette folders or "
                              "placeholders, check them")
    else:
        st.inferred.append(f"sides from the player roster: {', '.join(sides)}")
        if not_sides:
            st.inferred.append(f"not a side of the game: {', '.join(not_sides)} (player roster)")
    lines = [f"# Starter binding for the module '{one_line(module.name)}' (written by vmodgen bind).",
             "# Check every class and every rule number; see docs/binding-format.md.", "",
             "format = 1", 'rules = "generic"', f"name = {q(module.name or 'game')}",
             f"module = {q(module.name)}", ""]
    if not_sides and len(sides) >= 2:
        lines += [f"# The player roster's {', '.join(map(one_line, not_sides))} is no side of the game (one player at",
                  "# both sides, or nobody's): not bound; its moves count for no side.", ""]
    lines += _side_tables(sides)
    lines += _map_section(module, saves, st)
    lines += ["", "# ---- pieces"]
    classes: list[tuple[str, list[str]]] = []
    prop = _side_property(slots, sides)
    named: dict[str, str] = {}

    def trait_of(key: str) -> str:
        """The editor's name of the trait ``key`` is read from (worked out once per key)."""
        if key not in named:
            named[key] = property_trait(slots, key, module.prototypes)
        return named[key]
    covered: set[int] = set()
    if prop is not None:
        prop_key, per = prop.key, prop.per
        for side in sides:
            if side in per:
                guess = prop.guessed.get(side)
                note = ([f"# {', '.join(sorted(map(one_line, guess)))}: no side's name; {one_line(side)} is the only "
                         "side left (a guess: check it)"] if guess else [])
                classes.append((f"{side} units ({property_words(trait_of(prop_key), prop_key, quoted=False)})", note +
                                [f"property = {{ {toml_key(prop_key)} = {q(_alts(per[side]) + '$')} }}",
                                 f"side = {q(slug(side))}"]))
                if guess:
                    st.missing.append(f"the side of the units whose {prop_key} is "
                                      f"{', '.join(sorted(guess))}: guessed {side} (the only side left)")
        st.inferred.append(f"unit sides from the {property_words(trait_of(prop_key), prop_key)}")
        values = {v for vals in per.values() for v in vals}
        covered = {i for i, s in enumerate(slots) if s.facts.properties.get(prop_key) in values}
    folders = _folder_sides(_folder_candidates(slots, covered), sides)
    dropped = _valueless_folders(slots, prop, folders, trait_of)
    for side, prefixes in dropped.items():
        folders[side] -= prefixes
        if not folders[side]:
            del folders[side]
    for side in sides:
        if side in folders:
            classes.insert(0 if prop is None else len(classes), (f"{side} units (palette folders)",
                           [f"folder = {q(_alts(folders[side]) + '(/|$)')}", f"side = {q(slug(side))}"]))
            st.inferred.append(f"{side}: palette folder(s) {', '.join(sorted(folders[side]))}")
    for side, prefixes in dropped.items():
        st.inferred.append(f"not {side} units: palette folder(s) {', '.join(sorted(prefixes))} (their pieces show "
                           "no unit value: markers or counters the module keeps)")
    if prop is not None and folders:
        # a property says more than a folder: put the property classes last (they win)
        classes = [c for c in classes if "palette" in c[0]] + [c for c in classes if "palette" not in c[0]]
    sided = _sided(slots, prop, folders)
    kinds, kept_out = _kind_classes(slots, sided)
    for kind, how, regex in kinds:
        attrs = [f"{how} = {q(regex)}"]
        attrs.append("ignore = true" if kind == "marker" else f"kind = {q(kind)}")
        classes.append((f"{kind} ({how} names)", attrs))
        st.inferred.append(f"{kind}: {how} {regex}")
    why: list[str] = []
    reduced = _reduced_line(slots, why)
    if reduced:
        lines += ["[pieces]", reduced[0], reduced[1]]
        st.inferred.append(f"reduced side: {reduced[1]}")
    st.missing += why
    for name, attrs in classes:
        lines += ["", "[[class]]", f"name = {q(name)}"] + attrs
    for proto, n in kept_out:
        lines += ["", f"# The prototype '{one_line(proto)}' has a marker's name, but it is mostly units of a side",
                  f"# that use it ({n}: a base prototype): no marker class from it."]
        st.inferred.append(f"prototype {proto}: not a marker ({n} unit(s) of a side use it)")
    if dropped:
        lines += [""] + comment("Palette folders named after a side but not bound to it: their pieces show no unit "
                                "value where the units show theirs (markers or counters the module keeps): "
                                + "; ".join(f"{side}: {', '.join(sorted(map(one_line, p)))}"
                                            for side, p in dropped.items()))
    lines += _value_section([s for i, s in enumerate(slots) if i in sided] or slots, st, trait_of)
    kept = {p for p, _ in kept_out}
    unsided = [s for i, s in enumerate(slots) if i not in sided and not any(
        fuzzy.key(p) in KIND_WORDS["marker"] and p not in kept for p in s.facts.prototypes)]
    if unsided:
        groups = sorted({s.facts.folder or "(no folder)" for s in unsided})
        st.missing.append(f"the side of {len(unsided)} palette piece(s) in " + ", ".join(groups[:8])
                          + (" ..." if len(groups) > 8 else ""))
        lines += ["", f"# Could not tell the side of {len(unsided)} palette piece(s), in:"] + \
                 [f"#   {one_line(g)}" for g in groups[:20]]
    lines += ["", "# ---- turn and phase"]
    pattern = next((tp for tp in map(tracker_turn_pattern, module.turn_trackers) if tp), None)
    if module.turn_trackers and pattern is None:
        lines.append("# The module has a turn tracker, but a binding cannot read arbitrary trackers yet:")
    lines += ["# Name the phases and the chat lines that announce them ([[phase]] with chat patterns and",
              '# source = "chat"); or, when each side moves in its own phase, source = "player" with one',
              "# [[phase]] per side (id, side, kind = \"movement\"): a step is in the phase of its player's side",
              '# (a side that moves, then fights with dice: a second [[phase]] of that side, kind = "combat",',
              '# starts = "roll": its player\'s first die roll starts it, and drags after it are advances and',
              '# retreats); or leave "none": only the rules that need no phase are then checked.',
              '# A [[phase]] whose kind is not "movement" may say what its drags are: moves = "placement"',
              '# (a drop\'s scatter, a landing: counted apart, not judged), "combat" or "movement".',
              ]
    announced = _chat_section(saves, sides, pattern, st)
    if announced:
        lines += announced
    else:
        lines += ["[turns]", 'source = "none"', ""]
        st.missing.append("the turn and phase ([turns] source = \"none\")")
    lines += _player_phases_template(sides, bool(module.turn_trackers), pattern, commented_turns=not announced)
    lines += _rules_section()
    st.text = "\n".join(lines) + "\n"
    return st


def tracker_turn_pattern(tracker) -> str | None:
    """A ``[turns] turn`` pattern for the chat line a turn tracker writes when its turn counter
    changes (``reportFormat``, VASSAL's default ``* <$PlayerId$> Turn Updated from $oldTurn$ to
    $newTurn$``), group 1 the new turn; None when its first level is no counter (the turn is
    then no number) or the format does not name ``$newTurn$``. Each ``$property$`` but
    ``$newTurn$`` matches anything, whitespace runs any whitespace (the tracker pads its
    levels), and what comes before the first words is left out (the player's name)."""
    levels = tracker.levels
    if not levels or not levels[0].kind.endswith("CounterTurnLevel"):
        return None
    fmt = tracker.attributes.get("reportFormat", "* <$PlayerId$> Turn Updated from $oldTurn$ to $newTurn$")
    parts = re.split(r"(\$[^$\s]+\$)", fmt)
    if "$newTurn$" not in parts:
        return None
    first = next((i for i, part in enumerate(parts) if re.search(r"[A-Za-z]{2}", part)
                  and not part.startswith("$")), None)
    if first is None or parts.index("$newTurn$") < first:
        return None
    parts = parts[first:]
    parts[0] = re.sub(r"^[^A-Za-z0-9]+", "", parts[0])
    out: list[str] = []
    for part in parts:
        if part == "$newTurn$":
            out.append(r"\s*(-?\d+)")
        elif part.startswith("$") and part.endswith("$") and len(part) > 1:
            out.append(".*?")
        else:
            out.append(r"\s+".join(re.escape(w) for w in re.split(r"\s+", part)))
    text = "".join(out).replace(r"\s+\s*", r"\s+")
    return text if "(" in text else None


def _chat_section(logs: list["SaveFile"], sides: list[str], tracker_pattern: str | None, st: Starter) -> list[str]:
    """``[turns] source = "chat"`` with one ``[[phase]]`` per (side, kind) the logs' chat
    announces (``chat_phases``); empty when the logs announce none (or there are no logs)."""
    if not logs or len(sides) < 2:
        return []
    from ..vassal.replay import chat_lines
    chat = [line for save in logs for line in chat_lines(save)]
    found = chat_phases(chat, sides)
    if not found:
        return []
    phases: dict[tuple[str, str], list[ChatPhase]] = {}
    for ph in found:
        phases.setdefault((ph.side, ph.kind), []).append(ph)
    turn = "|".join(t for t in (chat_turn_pattern(chat), tracker_pattern) if t)
    out = ["# The chat of the log(s) announces phases: each [[phase]] below is made from a line a player",
           "# typed (quoted); check their order and kinds against the rulebook's sequence of play.",
           "[turns]", 'source = "chat"'] + ([f"turn = {q(turn)}"] if turn else []) + [""]
    for (side, kind), phs in phases.items():
        out += ["[[phase]]", f"id = {q(slug(side) + '-' + kind)}", f"name = {q(side + ' ' + kind.title())}",
                f"side = {q(slug(side))}", f"kind = {q(kind)}",
                "chat = [" + ", ".join(q(ph.pattern) for ph in phs) + "]   # "
                + "; ".join(repr(one_line(ph.example)[:60]) for ph in phs), ""]
    st.inferred.append(f"phases from the logs' chat: {', '.join(f'{s} {k}' for s, k in phases)} "
                       "(the chat patterns quote the lines)")
    return out


def _player_phases_template(sides: list[str], tracker: bool, pattern: str | None = None,
                            commented_turns: bool = True) -> list[str]:
    """Commented-out ``source = "player"`` tables, one movement phase per side: with no turn
    tracker, who moves is what a play-by-email log tells of the phase; with a tracker that only
    counts turns, its chat line (``pattern``) gives the turn. No prose line of the block starts
    with a table header, so the block can be uncommented as a whole."""
    if (tracker and pattern is None) or len(sides) < 2:
        return []
    drop = "the [turns] above" if commented_turns else "the [turns] and [[phase]] tables above"
    if pattern is not None:
        out = ["# The module's turn tracker counts turns only (no phases). If each side moves in its own",
               "# turn (a play-by-email game sends one side's moves per file), uncomment this and drop",
               f"# {drop}: the phase of each step is its player's side's; the turn is the one the",
               "# tracker's chat line gives when a player presses it.", "# [turns]", '# source = "player"',
               f"# turn = {q(pattern)}"]
    else:
        out = ["# The module has no turn tracker. If each side moves in its own turn (a play-by-email",
               f"# game sends one side's moves per file), uncomment this and drop {drop}: the",
               "# phase of each step is its player's side's; the turn is counted, a new one each time the",
               "# first side moves again.", "# [turns]", '# source = "player"']
    for s in sides:
        out += ["#", "# [[phase]]", f"# id = {q(slug(s) + '-movement')}", f"# name = {q(s + ' Movement')}",
                f"# side = {q(slug(s))}", '# kind = "movement"']
    return out + [""]


def _value_section(units: list[SlotInfo], st: Starter, trait_of: TraitOf) -> list[str]:
    """``[[class]]`` tables giving units their movement (and combat) values, read from properties,
    piece names or text labels (:mod:`.values`), each group under a comment saying where."""
    found = proposals(units, trait_of)
    lines = ["", "# ---- unit values: guesses read from the module, to confirm against a counter or the rules"]
    if not any(p.field == "movement" for p in found):
        lines += comment("No movement allowance found in the piece names, text labels or piece properties: give "
                         "the unit classes a `movement` (without one a move is judged only for ZOC, enemy units "
                         "and terrain on its path).")
        st.missing.append("the units' movement allowance (not in piece names, labels or properties): "
                          "add `movement` to the classes")
    for p in found:
        lines += [""] + p.comment
        for i, (name, attrs) in enumerate(p.classes):
            lines += ([] if i == 0 else [""]) + ["[[class]]", f"name = {q(name)}"] + attrs
        st.inferred.append(f"{p.field} from {p.where} ({len(p.classes)} class(es), a guess)")
        if p.doubt:
            st.missing.append(p.doubt)
    return lines


def _layer_images(slots: list[SlotInfo], name: str) -> list[int]:
    """How many images the Layer called ``name`` has, in each slot that has one (as the slot
    index read it: ``Facts.layers``); a slot whose definition cannot be read counts for nothing."""
    return [s.facts.layers[name] for s in slots if name in s.facts.layers]


#: words of a layer's name that say it shows a piece's other side (a flip, a step lost)
_FLIP_NAME = re.compile(r"flip|step|reduc|back|damag|loss|deplet|strength|side", re.I)


def _reduced_line(slots: list[SlotInfo], why: list[str] | None = None) -> tuple[str, str] | None:
    """A ``reduced`` line from the layer most unit pieces have (a flip layer): its level at the
    palette tells which level is the back (inactive at the palette: active = reduced). A layer
    whose pieces mostly have one image has no level 2: no back side is guessed from it (a
    highlight that a key turns on, as Flashpoint: South China Sea's cubes have). When several
    layers are on as many pieces (Dreadball's models: Knocked Down, Number, Position, With the
    ball), the one whose name says a flip or a step is taken, else none: the sentence why is
    added to ``why``."""
    counts: dict[str, list[int]] = {}
    for s in slots:
        for k, v in s.facts.properties.items():
            if k.endswith("_Level") and f"{k[:-6]}_Active" in s.facts.properties:
                try:
                    counts.setdefault(k[:-6], []).append(int(v))
                except ValueError:
                    pass
    if not counts:
        return None
    most = max(len(v) for v in counts.values())
    if most < max(2, len(slots) // 10):
        return None
    tied = [n for n, v in counts.items() if len(v) == most]
    if len(tied) > 1:
        named = [n for n in tied if _FLIP_NAME.search(n)]
        if len(named) != 1:
            if why is not None:
                shown = ", ".join(f"'{one_line(n)}'" if n else "an unnamed one" for n in tied[:6])
                why.append(f"the reduced side: {len(tied)} layers are on as many pieces ({shown}"
                           f"{', ...' if len(tied) > 6 else ''}) and {'none' if not named else 'more than one'} "
                           "is named as a flip or step: name the back side's layer in [pieces] reduced")
            return None
        tied = named
    name, levels = tied[0], counts[tied[0]]
    label = f"the layer '{one_line(name)}'" if name else "the unnamed layer"

    def key(suffix: str) -> str:
        return toml_key(name + suffix)
    if sum(1 for lv in levels if lv < 0) > len(levels) / 2:
        return (f"# {label} of {len(levels)} pieces is inactive in the palette: active = the back side (a guess)",
                f"reduced = {{ property = {{ {key('_Active')} = \"true\" }} }}")
    images = _layer_images(slots, name)
    if images and sum(1 for c in images if c < 2) > len(images) / 2:
        return None
    return (f"# {label} of {len(levels)} pieces starts at level 1: level 2 = the back side (a guess)",
            f"reduced = {{ property = {{ {key('_Level')} = \"^[2-9]\" }} }}")


def _in_folder(folder: str, prefix: str) -> bool:
    return folder == prefix or folder.startswith(prefix + "/")


def _valueless_folders(slots: list[SlotInfo], prop: SideProperty | None, folders: dict[str, set[str]],
                       trait_of: TraitOf) -> dict[str, set[str]]:
    """side → the folder prefixes of ``folders`` that hold no unit by the starter's own reading:
    where the units bound so far show a value (:mod:`.values`), a folder none of whose pieces
    shows one, nor carries the side property, is a folder of markers or counters a module keeps
    (C&C Napoleonics' ``GuerillaCount-French`` At-Start stack: a count, not a French unit). Where
    no value is read at all nothing is dropped (nothing tells a unit from a marker), nor is a
    folder a piece of which the starter classes as a unit of a kind by its name (a "French
    Leaders" folder: its leaders are hq units of the French side, though they show no value)."""
    found: list[Proposal] = proposals([slots[i] for i in _sided(slots, prop, folders)] or slots, trait_of)
    if not found:
        return {}

    def unit_like(s: SlotInfo) -> bool:
        return (any(p.shown_by(s.facts) for p in found) or _unit_kind_named(s)
                or (prop is not None and bool(s.facts.properties.get(prop.key))))
    out: dict[str, set[str]] = {}
    for side, prefixes in folders.items():
        for prefix in prefixes:
            inside = [s for s in slots if _in_folder(s.facts.folder, prefix)]
            if inside and not any(unit_like(s) for s in inside):
                out.setdefault(side, set()).add(prefix)
    return out


def _sided(slots: list[SlotInfo], prop: SideProperty | None, folders: dict[str, set[str]]) -> set[int]:
    """Indexes of the slots a side class catches (by the side property or a palette folder)."""
    out = set()
    for i, s in enumerate(slots):
        if prop is not None:
            v = s.facts.properties.get(prop.key)
            if v and any(v in vals for vals in prop.per.values()):
                out.add(i)
                continue
        for prefixes in folders.values():
            if any(_in_folder(s.facts.folder, p) for p in prefixes):
                out.add(i)
                break
    return out


# ---- kit bindings ----------------------------------------------------------------------------
def kit_starter(module: "Module", kit: "Kit", kit_ref: str, logs: Iterable[str] = ()) -> Starter:
    """A starter binding naming the kit's roster unit of each palette piece (module docstring)."""
    st = Starter("")
    saves = read_logs(logs)
    idx = SlotIndex(module)
    candidates = {u.id: u.name for u in kit.units}
    matched: dict[str, str] = {}
    unmatched: list[str] = []
    for s in idx.slots:
        name = s.facts.display
        if name in matched or name in unmatched:
            continue
        uid = fuzzy.best_match(name, candidates)
        if uid is None and s.facts.slot and s.facts.slot != name:
            uid = fuzzy.best_match(s.facts.slot, candidates)
        if uid is not None:
            matched[name] = uid
        else:
            unmatched.append(name)
    used = set(matched.values())
    missing_units = [u.id for u in kit.units if u.id not in used]
    lines = [f"# Starter binding: the pieces of module '{one_line(module.name)}' as units of kit '{kit.id}'",
             "# (written by vmodgen bind --game). Check the [units] table; see docs/binding-format.md.", "",
             "format = 1", f"game = {q(kit_ref)}", f"module = {q(module.name)}", ""]
    lines += _map_section(module, saves, st)
    lines += ["", "[turns]", 'source = "none"   # or "chat" with [[phase]] id = <kit phase id>, chat = [...]', ""]
    lines += ["# piece name = kit unit id", "[units]"]
    for name, uid in matched.items():
        lines.append(f"{q(name)} = {q(uid)}")
    st.inferred.append(f"{len(matched)} piece name(s) matched to kit units")
    if unmatched:
        st.missing.append(f"{len(unmatched)} piece(s) match no unit of the kit: " + ", ".join(unmatched[:15])
                          + (" ..." if len(unmatched) > 15 else ""))
        lines += ["", "# Pieces that match no unit of the kit (markers? add them to [units] if they are units):"]
        lines += [f"#   {one_line(n)}" for n in unmatched[:200]]
    if missing_units:
        st.missing.append(f"{len(missing_units)} kit unit(s) have no piece: " + ", ".join(missing_units[:15])
                          + (" ..." if len(missing_units) > 15 else ""))
        lines += ["", "# Kit units no piece matched:"] + [f"#   {u}" for u in missing_units[:200]]
    st.text = "\n".join(lines) + "\n"
    return st
