"""``FileBinding``: a binding file (``docs/binding-format.md``) read against a module, for
modules vmodgen did not build.

    binding = load_binding("examples/tld/binding.toml", read_module("tld.vmod"))
    audit(logs, preset=(binding, module))      # or: vmodgen audit --module M --binding B.toml

Two kinds of binding file:

* ``rules = "generic"``: the file *is* the game. Its sides, piece classes (side, stacking value,
  ZOC, movement allowance, kind), hex map (the board's own grid, :mod:`.generic_map`), phases
  and the generic rule parameters make a :class:`~vmodgen.model.game.Game` whose rule set is
  :mod:`vmodgen.rules.generic`. Every piece on the board is its own unit (id = piece id).
* ``game = "<kit>"``: the pieces are a kit's roster units (``[units]`` piece name → unit id,
  written by ``vmodgen bind --game``), on the kit's map (labels → hex IDs), with the kit's rules.

Everything that cannot work is refused with ``file:line`` (exit 2): unknown keys, regexes that
do not compile, negative numbers, a map or board the module lacks, a class that matches no
piece of the module, a rule parameter the generic rules do not know.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..hexes.vassal_grid import HexGrid
from ..model.game import (CounterField, Game, Marker, Named, Phase, SequenceOfPlay, Side, Terrain,
                          UnitType)
from ..model.unit import Unit
from .base import Binding
from .generic_map import (Extent, GridMapData, extent_from_size, grid_map, hex_grid_of, hex_zone_of, open_margin,
                          raw_id, raw_of_label, set_terrain, zone_box)
from .pieces import Facts, SlotIndex, resolve, state_key
from .chat_phases import typed_text, unread_turn
from .tomltext import one_line
from .player_phases import PlayerPhases
from .spec import KINDS, BindingSpec, read_spec

if TYPE_CHECKING:
    from ..model.kit import Kit
    from ..vassal.module import Board, Module
    from ..vassal.replay import GameState, PieceRecord, Step

__all__ = ["FileBinding", "load_binding", "ChatPhases"]


def load_binding(path: str | Path, module: "Module") -> "FileBinding":
    """Read a binding file and check it against ``module`` (InputError with file:line)."""
    return FileBinding(read_spec(path), module)


class ChatPhases:
    """The turn and phase as chat lines tell them (``[turns] source = "chat"``)."""

    def __init__(self, spec: BindingSpec, phase_ids: set[str]) -> None:
        self.turn_re = spec.turn_pattern
        self.phases = [(p.id, pats) for p in spec.phases for pats in p.chat]
        self.start = (spec.start_turn, spec.start_phase or None)
        self.reset()

    def reset(self) -> None:
        self.turn, self.phase = self.start
        #: typed lines read since that name a turn the turn pattern does not read (ignored:
        #: :func:`.chat_phases.unread_turn`)
        self.unread: list[str] = []
        #: the turn pattern read a line a player typed (players announce turns: a line that only
        #: names one is worth a note); else it reads VASSAL's own lines (a turn tracker's), and
        #: what players type of turns is talk
        self.read_typed = False

    def read(self, lines: list[str]) -> None:
        for line in lines:
            if line.startswith("* UNDO"):
                continue
            if self.turn_re is not None:
                m = self.turn_re.search(line)
                if m is None and unread_turn(line, self.turn_re):
                    self.unread.append(line)
                if m and not self.read_typed and typed_text(line) is not None:
                    self.read_typed = True
                if m:
                    # the first group that took part: a pattern may be an alternation
                    # (the turn a player typed | the turn tracker's line)
                    found = next((g for g in m.groups() if g is not None), None)
                    if found is not None:
                        try:
                            self.turn = int(found)
                        except ValueError:
                            pass
            for pid, pat in self.phases:
                if pat.search(line):
                    self.phase = pid
                    break

    def current(self) -> tuple[int | None, str] | None:
        return (self.turn, self.phase) if self.phase else None


class FileBinding(Binding):
    """A binding read from a TOML file (module docstring)."""

    def __init__(self, spec: BindingSpec, module: "Module") -> None:
        self.spec = spec
        self.module = module
        self.path = spec.path
        self.slots = SlotIndex(module)
        self._check_maps()
        self._check_classes()
        self.kit: Kit | None = None
        if spec.game is not None:
            self._init_kit(spec.game)
        else:
            self._init_generic()
        self.phase_source = spec.phase_source if spec.phase_source in ("chat", "player") else "none"
        #: source = "player": the phase each player's step is in (its side's first [[phase]], or
        #: the one its die roll started)
        self._players = PlayerPhases(spec.phases, module.dice_formats)
        self.chat = ChatPhases(spec, {p.id for p in self.game.sequence.phases})
        #: source = "player" with no `turn` pattern: the turn is counted, a new one each time the
        #: sequence of phases starts over (from 1 unless start_turn says otherwise)
        self._count_turns = self.phase_source == "player" and spec.turn_pattern is None
        if self._count_turns and self.chat.start[0] is None:
            self.chat.start = (1, self.chat.start[1])
            self.chat.reset()
        self._phase_order = {p.id: i for i, p in enumerate(self.game.sequence.phases)}
        self._facts: dict[tuple[str, str], tuple[Facts, dict]] = {}
        self._units: dict[tuple, Unit] = {}
        self.unmatched: dict[str, set[str]] = {}       # piece name → ids of such pieces
        self.outside: set[str] = set()
        #: boards of the binding's maps, not among its [map] boards, that pieces stood on (not checked there)
        self.off_boards: set[str] = set()
        #: palette piece's name → saved Marker values that differ from its own
        self.drifted: dict[str, tuple[tuple[str, str, str], ...]] = {}
        #: the turn when the current phase began (source = "player": a turn line since then
        #: means the sequence may start over without counting the turn on)
        self._phase_turn: int | None = None
        #: steps of this file where a side's phase began again with no turn line (turn counted on)
        self.restarts: list[int] = []
        #: (file, step) of every such step, from every file's observations
        self.restarted: list[tuple[str, int]] = []
        #: (step, line) of this file's typed lines that name a turn the turn pattern does not read
        self.turn_unread: list[tuple[int, str]] = []
        #: (file, step, line) of every such line, from every file's observations
        self.turn_unread_in: list[tuple[str, int, str]] = []
        #: a file's turn pattern read a typed line (only then are those lines noted)
        self.turn_read_typed = False
        self._note_module()

    # ---- checking against the module ---------------------------------------------------
    def _err(self, message: str, line: int | None) -> InputError:
        return InputError(self.path, message, line=line)

    def _check_maps(self) -> None:
        spec = self.spec
        for name in spec.maps:
            if name not in self.module.maps:
                raise self._err(f"[map] maps: the module has no map '{name}' (maps: "
                                f"{', '.join(self.module.maps) or 'none'})", spec.lines.get("maps"))
        boards = {b for m in spec.maps for b in self.module.maps[m].boards}
        for b in spec.boards:
            if b not in boards:
                raise self._err(f"[map] boards: no board '{b}' on {', '.join(spec.maps)} (boards: "
                                f"{', '.join(sorted(boards))})", spec.lines.get("boards"))

    def _check_classes(self) -> None:
        for c in self.spec.classes:
            if not any(c.matcher.matches(s.facts)
                       for s in self.slots.iter_slots(c.matcher.folder, c.matcher.piece)):
                raise self._err(f"class '{c.name}' matches no piece of the module "
                                f"({len(self.slots.slots)} palette pieces): check its patterns", c.line)
        reduced = self.spec.reduced
        if reduced is not None and reduced.properties:
            # a name no palette piece carries (a typo) would leave every unit at full strength
            for key in reduced.properties:
                if not any(key in s.facts.properties for s in self.slots.iter_slots()):   # stops at the first
                    raise self._err(f"[pieces] reduced: no piece of the module has a property '{key}' "
                                    "(Marker, dynamic or layer property): check its name",
                                    self.spec.lines.get("reduced"))

    def _note_module(self) -> None:
        self._notes: list[str] = []
        want = self.spec.module_name
        if want and want != self.module.name:
            self._notes.append(f"The binding was written for module '{want}', not '{self.module.name}'.")

    # ---- the hex board -------------------------------------------------------------------
    def _board(self) -> tuple[str, "Board", HexGrid]:
        """The game's hex board: its map, the board and its hex grid."""
        spec = self.spec
        found = []
        for mname in spec.maps:
            for b in self.module.maps[mname].boards.values():
                g = hex_grid_of(b.grid)
                if (not spec.boards or b.name in spec.boards) and g is not None:
                    found.append((mname, b, g))
        if not found:
            raise self._err("[map]: none of the boards of " + ", ".join(spec.maps) + " has a hex grid",
                            spec.lines.get("maps"))
        if len(found) > 1:
            raise self._err("[map]: more than one hex board (" + ", ".join(b.name for _, b, _ in found)
                            + "): name the game board with boards = [\"...\"]", spec.lines.get("maps"))
        return found[0]

    def _rename(self, label: str) -> str | None:
        if self.spec.rename is None:
            return label
        pat, template = self.spec.rename
        m = pat.fullmatch(label)
        return m.expand(template) if m else label

    def _grid_map(self) -> GridMapData:
        spec = self.spec
        mname, board, g = self._board()
        self.board_name, self.board_map = board.name, mname
        self.raw_ids = g.numbering is None
        if spec.extent is not None:
            corners = []
            for lb in spec.extent:
                h = raw_of_label(g, lb)
                if h is None:
                    raise self._err(f"[map] extent: '{lb}' is not a hex label of board '{board.name}'",
                                    spec.lines.get("extent"))
                corners.append(h)
            lines, positions = sorted(h.line for h in corners), sorted(h.pos for h in corners)
            extent = Extent((lines[0], lines[1]), (positions[0], positions[1]))
        else:
            size = board.size
            if size is None:
                raise self._err(f"[map]: the image of board '{board.name}' is not in the module, so its size is "
                                "unknown: state the corner hexes, extent = [\"first\", \"last\"] (vmodgen bind "
                                "--log infers them from logs)", spec.lines.get("map"))
            hz = hex_zone_of(board.grid)       # the hexes are a zone's grid: its bounding box
            extent = extent_from_size(g, size, zone_box(hz) if hz is not None else None,
                                      open_margin(self.module.maps.get(mname), board.name))
        try:
            return grid_map(spec.name, spec.name, g, extent, board.grid, self._rename, spec.default_terrain,
                            what=f"{self.path}: [map]")
        except InputError as exc:
            raise self._err(exc.message, spec.lines.get("map")) from None

    # ---- generic game --------------------------------------------------------------------
    def _init_generic(self) -> None:
        spec = self.spec
        self.map = gm = self._grid_map()
        terrain = {spec.default_terrain: Terrain(spec.default_terrain, spec.default_terrain)}
        for t in spec.terrain:
            terrain[t.id] = Terrain(t.id, t.id, water=t.water)
            hexes = []
            for region in t.hexes:
                got = gm.region(region)
                if not got:
                    raise self._err(f"terrain '{t.id}': '{region}' names no hex of the map", t.line)
                hexes += got
            set_terrain(gm, t.id, hexes)
        sides = {s.id: Side(s.id, s.name) for s in spec.sides}
        markers = {}
        for c in spec.classes:
            mk = c.attrs.get("marker")
            if isinstance(mk, str):
                markers[mk] = Marker(mk, mk)
        phases = tuple(Phase(p.id, p.name, side=p.side, kind=p.kind, moves=p.moves, starts=p.starts) for p in spec.phases)
        game = Game(re.sub(r"[^a-z0-9]+", "-", spec.name.lower()).strip("-") or "binding", spec.name,
                    ruleset="generic", source=f"binding {self.path}",
                    sides=sides, unit_types={k: UnitType(k, k, kind=k) for k in KINDS},
                    fields={"stacking": CounterField("stacking", "Stacking"),
                            "movement": CounterField("movement", "Movement"),
                            "combat": CounterField("combat", "Combat")},
                    terrain=terrain, markers=markers,
                    flags={"no_zoc": Named("no_zoc", "exerts no ZOC")},
                    sequence=SequenceOfPlay(phases=phases))
        game.rules = self._rule_params(gm)
        game.illustrative_rules = frozenset(k for k, v in spec.rule_values.items() if v.assumption)
        self.game = game
        self.kit_id = None
        self.source = f"binding {self.path} (generic rules)"
        self._check_rules()

    def _rule_params(self, gm: GridMapData) -> dict:
        from ..rules import unknown_param       # the registry's answer: one source of truth
        out = {}
        for name, rv in self.spec.rule_values.items():
            refused = unknown_param("generic", name)
            if refused is not None:
                raise self._err(f"[{rv.table}] {rv.key}: {refused}", rv.line)
            value = rv.value
            if isinstance(value, list) and all(isinstance(x, str) for x in value):
                value = ", ".join(value)
            if name.startswith("supply_sources") and isinstance(value, str):
                value = self._expand_edges(gm, value)
            out[name] = value
        return out

    @staticmethod
    def _expand_edges(gm: GridMapData, text: str) -> str:
        terms = []
        for term in (t.strip() for t in text.split(",") if t.strip()):
            kind, _, value = term.partition(":")
            if kind == "edge" and value in ("west", "east", "north", "south"):
                terms += [f"hex:{h}" for h in gm.edge(value)]
            else:
                terms.append(term)
        return ", ".join(terms)

    def _check_rules(self) -> None:
        from ..rules.generic import GenericRules
        try:
            GenericRules(self.game)
        except InputError as exc:
            line = None
            for name, rv in self.spec.rule_values.items():
                if f"'{name}'" in exc.message:
                    line = rv.line
                    msg = exc.message.split(": ", 1)[-1].replace(f"rule parameter '{name}'", f"[{rv.table}] {rv.key}")
                    raise self._err(msg, line) from None
            raise self._err(exc.message, self.spec.lines.get("map")) from None

    # ---- kit game ------------------------------------------------------------------------
    def _init_kit(self, ref: str) -> None:
        """A binding of a module to a kit's game (``game = REF``: a bundled kit id or a path)."""
        from ..model.kit import bundled_kits, load_kit
        spec = self.spec
        local = (self.path.parent / ref)
        kit = load_kit(local if local.exists() else ref) if (local.exists() or ref not in bundled_kits()) \
            else load_kit(ref)
        self.kit = kit
        self.game, self.map, self.kit_id = kit.game, kit.map, kit.id
        self.box_names = {b.name: b.id for b in kit.map.boxes.values()}
        self.box_names.update({b.id: b.id for b in kit.map.boxes.values()})
        self.source = f"binding {self.path} (kit '{kit.id}')"
        mname, board, grid = self._board()         # a hex board must exist
        self.board_name, self.board_map = board.name, mname
        self.raw_ids = grid.numbering is None
        for p in spec.phases:
            if kit.game.sequence.phase(p.id) is None:
                raise self._err(f"phase '{p.id}' is not a phase of kit '{kit.id}' (phases: "
                                f"{', '.join(ph.id for ph in kit.game.sequence.phases)})", p.line)
        for piece, uid in spec.units.items():
            if kit.unit(uid) is None:
                raise self._err(f"[units] '{piece}': kit '{kit.id}' has no unit '{uid}'", spec.unit_lines.get(piece))

    # ---- pieces --------------------------------------------------------------------------
    def facts(self, piece: "PieceRecord") -> tuple[Facts, dict]:
        p = piece.piece
        key = (p._type, state_key(p.encode_state()))     # facts do not depend on the position
        got = self._facts.get(key)
        if got is None:
            f = self.slots.facts(p)
            attrs, _ = resolve(self.spec.classes, f)
            if len(self._facts) > 100_000:
                self._facts.clear()
            got = self._facts[key] = (f, attrs)
        f, attrs = got
        if f.palette_diffs and not attrs.get("ignore") and len(self.drifted) < 10_000:
            self.drifted.setdefault(f.slot.strip() or f.display, f.palette_diffs)   # by palette piece: a flip renames
        return got

    def _reduced(self, f: Facts) -> bool:
        r = self.spec.reduced
        if r is not None:
            return r.matches(f)
        try:
            return int(f.properties.get("Step_Level", "1") or "1") >= 2
        except ValueError:
            return False

    def unit_for(self, piece: "PieceRecord") -> tuple[Unit, bool] | None:
        f, attrs = self.facts(piece)
        if attrs.get("ignore") or attrs.get("marker"):
            return None
        if self.kit is not None:
            return self._kit_unit(f, attrs, piece.id)
        side = attrs.get("side")
        if not side:
            self.unmatched.setdefault(f.display, set()).add(piece.id)
            return None
        kind = str(attrs.get("kind", "ground"))
        flags = set(attrs.get("flags", ()))
        if attrs.get("zoc") is False:
            flags.add("no_zoc")
        front = {"stacking": attrs.get("stacking", 1)}
        for value in ("movement", "combat"):
            if value in attrs:
                front[value] = attrs[value]
        key = (piece.id, f.display, side, kind, tuple(sorted(flags)), tuple(sorted(front.items())),
               attrs.get("movement_class", ""))
        unit = self._units.get(key)
        if unit is None:
            unit = Unit(piece.id, f.display, str(side), "", "", kind, "", flags=frozenset(flags),
                        movement_class=str(attrs.get("movement_class", "")), front=front)
            self._units[key] = unit
        return unit, self._reduced(f)

    def _kit_unit(self, f: Facts, attrs: dict, piece_id: str) -> tuple[Unit, bool] | None:
        kit = self.kit
        if kit is None:                  # asked in kit mode only
            return None
        uid = self.spec.units.get(f.display) or self.spec.units.get(f.name)
        unit = kit.unit(uid) if uid else kit.unit(f.display)
        if unit is None:
            self.unmatched.setdefault(f.display, set()).add(piece_id)
            return None
        return unit, unit.two_sided and self._reduced(f)

    def markers_for(self, piece: "PieceRecord") -> frozenset[str]:
        _, attrs = self.facts(piece)
        mk = attrs.get("marker")
        return frozenset({str(mk)}) if mk and not attrs.get("ignore") else frozenset()

    # ---- places --------------------------------------------------------------------------
    def hex_for(self, map_name: str | None, x: int, y: int, label: str | None) -> str | None:
        if map_name is not None and map_name not in self.spec.maps and self.kit is not None and label:
            return self.box_names.get(label.strip())     # a kit's off-map box, by its name or id
        if map_name is None or map_name not in self.spec.maps:
            return None
        if label is None or self.raw_ids:
            placed = self.module.maps[map_name].board_at(x, y)
            if placed is None or placed.board.name != self.board_name:
                self._off_board(placed)
                return None
            if label is None:
                if not self.raw_ids:
                    return None
                g = hex_grid_of(placed.board.grid)
                if g is None:
                    return None
                bx, by = x - placed.x, y - placed.y
                label = raw_id(g.raw_column(bx, by), g.raw_row(bx, by))
        elif self.spec.boards:
            placed = self.module.maps[map_name].board_at(x, y)
            if placed is None or placed.board.name not in self.spec.boards:
                self._off_board(placed)
                return None
        hid = self._rename(label.strip())
        if hid is None:
            return None
        if self.map.has_hex(hid) or (self.kit is not None and self.map.location_exists(hid)):
            return hid
        if len(self.outside) < 10_000:
            self.outside.add(hid)
        return None

    def _off_board(self, placed) -> None:
        """Note a board of the game map the binding does not name (a log may lay out boards
        midway, as VASSAL's BoardPicker lets it)."""
        if placed is not None and len(self.off_boards) < 100:
            self.off_boards.add(placed.board.name)

    # ---- turn and phase ------------------------------------------------------------------
    def reset(self) -> None:
        self.chat.reset()
        self._phase_turn = self.chat.turn
        self.turn_unread_in = []
        self.turn_read_typed = False

    def phase_context(self) -> object:
        """(turn, phase), and for a phase from who moves the turn the phase began in."""
        if self.phase_source == "none":
            return None
        return (self.chat.turn, self.chat.phase) + ((self._phase_turn,) if self.phase_source == "player" else ())

    def set_phase_context(self, context: object) -> None:
        if self.phase_source != "none" and isinstance(context, tuple):
            self.chat.turn, self.chat.phase = context[:2]
            if len(context) > 2:
                self._phase_turn = context[2]

    def read_chat(self, lines: list[str]) -> None:
        if self.phase_source != "none":
            self.chat.read(lines)
            self.chat.unread = []         # a pre-scan: the audit of the file notes them

    def take_observations(self) -> dict:
        obs = {"unmatched": self.unmatched, "outside": self.outside, "restarts": self.restarts,
               "turn_unread": self.turn_unread, "turn_read_typed": self.chat.read_typed, "drifted": self.drifted,
               "off_boards": self.off_boards}
        self.unmatched, self.outside, self.restarts, self.turn_unread, self.drifted = {}, set(), [], [], {}
        self.off_boards = set()
        self.chat.read_typed = False
        return obs

    def add_observations(self, obs: dict, source: str = "") -> None:
        self.restarted += [(source, k) for k in obs.get("restarts", ())]
        self.turn_unread_in += [(source, k, line) for k, line in obs.get("turn_unread", ())]
        self.turn_read_typed = self.turn_read_typed or bool(obs.get("turn_read_typed"))
        for name, ids in obs.get("unmatched", {}).items():
            self.unmatched.setdefault(name, set()).update(ids)
        for hid in obs.get("outside", ()):
            if len(self.outside) < 10_000:
                self.outside.add(hid)
        for name, diffs in obs.get("drifted", {}).items():
            self.drifted.setdefault(name, diffs)
        for board in obs.get("off_boards", ()):
            if len(self.off_boards) < 100:
                self.off_boards.add(board)

    def warnings(self) -> list[str]:
        """Pieces whose saved Marker values differ from the palette piece they were found by:
        the files were played with another version of the module (VASSAL plays a piece as saved,
        ``GameModule.createPiece``; the binding's classes matched the saved values)."""
        if not self.drifted:
            return []
        from .saved_type import show_differences    # (it imports the kit's piece builder: on use)
        items = sorted(self.drifted.items())
        shown = show_differences([(name, diffs, ()) for name, diffs in items], "module")
        return [f"{len(items)} kind(s) of piece in the files carry other Marker values than the module's palette "
                f"piece they were found by (played with another version of the module: a save keeps each "
                f"piece's type and state, and VASSAL plays the piece as saved): judged as saved. {shown}."]

    def phase_for(self, step: "Step | None", state: "GameState") -> tuple[int | None, str] | None:
        if self.phase_source == "none":
            return None
        if step is None:
            self._players.new_file()
            return self.chat.current()
        turn = self.chat.turn
        if step.chat:
            self.chat.read(step.chat_text)
            if self.chat.unread:          # a turn named, not announced: the turn stays
                self.turn_unread += [(step.index, line) for line in self.chat.unread]
                self.chat.unread = []
        player = self._players.player_of(step) if self.phase_source == "player" else None
        if player:
            phase = self._players.phase_after(step, self._side_of_player(player, state) or "",
                                              self.chat.phase, self.chat.turn != turn,
                                              lambda pid: self._side_of_piece(pid, state), player)
            if phase:
                if self._starts_over(self.chat.phase, phase) and (self._count_turns
                                                                  or self.chat.turn == self._phase_turn):
                    if not self._count_turns:
                        # the turn is read from chat, but the sequence starts over with no turn
                        # line since the last phase began (a turn control not pressed, or its
                        # line comes later): the turn goes on by one, else that phase never ends
                        self.restarts.append(step.index)
                    self.chat.turn = (self.chat.turn or 0) + 1
                if phase != self.chat.phase:      # the turn before this step's own turn line
                    self._phase_turn = turn
                self.chat.phase = phase
        return self.chat.current()

    def _side_of_piece(self, pid: str, state: "GameState") -> str | None:
        piece = state.pieces.get(pid)
        got = self.unit_for(piece) if piece is not None else None
        return got[0].side if got is not None else None

    def _starts_over(self, old: str | None, new: str) -> bool:
        """Whether a step in phase ``new`` after one in ``old`` begins the sequence again (an
        earlier phase of the sequence: the next turn, when nothing else tells the turn)."""
        order = self._phase_order
        return old is not None and old in order and new in order and order[new] < order[old]

    def _side_of_player(self, player: str, state: "GameState") -> str | None:
        """The binding side of the player who made a step: the VASSAL side the roster gives that
        player (an observer or a player the roster lacks: None)."""
        for name, vside in state.players:
            if name == player:
                side = self.player_side(vside)
                if side:
                    return side
        return None

    def player_side(self, name: str) -> str | None:
        low = name.strip().lower()
        for s in self.spec.sides:
            if low in (p.lower() for p in s.players):
                return s.id
        return super().player_side(name)

    def notes(self) -> list[str]:
        out = list(self._notes)
        if self.restarted:
            f, k = self.restarted[0]
            out.append(f"The turn is read from chat ([turns] turn), but {len(self.restarted)} time(s) a side's phase "
                       f"began again with no turn line since the last phase (first: {f + ' ' if f else ''}step {k}; "
                       "the turn control not pressed, or its line comes later): the turn was counted on by one "
                       "there, so that the phase before it ended (its end-of-phase rules ran).")
        if self.turn_unread_in and self.turn_read_typed:
            # only when players announce turns: beside a tracker's pattern a typed turn is talk
            f, k, line = self.turn_unread_in[0]
            text = typed_text(line) or line
            out.append(f"The turn is read from chat ([turns] turn), but {len(self.turn_unread_in)} typed line(s) name a "
                       f"turn without announcing it (first: {f + ' ' if f else ''}step {k}, "
                       f"'{one_line(text)[:80]}'): not read as the turn (the turn stayed). If one announces "
                       "a turn, widen the turn pattern to match it.")
        assumed = self.spec.assumptions
        if assumed:
            long = len(assumed) <= 6
            out.append(f"Assumed, not confirmed ({len(assumed)} setting(s) marked assumption): " + "; ".join(
                f"[{v.table}] {v.key} = {_show(v.value)}" + (f" ({v.source})" if v.source and long else "")
                for v in assumed.values()) + ".")
        if self.unmatched:
            names = sorted(self.unmatched, key=lambda n: (-len(self.unmatched[n]), n))
            out.append(f"{len(names)} kind(s) of piece matched no unit class and were not checked: "
                       + ", ".join(names[:12]) + (" ..." if len(names) > 12 else "") + ".")
        if self.outside:
            out.append(f"{len(self.outside)} label(s) on the game map lie outside the binding's hex map "
                       f"(pieces there were not checked): {', '.join(sorted(self.outside)[:10])}"
                       + (" ..." if len(self.outside) > 10 else "") + ".")
        if self.off_boards:
            named = ", ".join(repr(b) for b in self.spec.boards) or repr(self.board_name)
            out.append(f"Pieces stood on board(s) {', '.join(repr(b) for b in sorted(self.off_boards))} of the game "
                       f"map ({', '.join(self.spec.maps)}), which the binding does not name (its boards: {named}): "
                       "they were not checked there (a board laid out since the game began, or one the binding "
                       "should name in [map] boards).")
        if self.phase_source == "none":
            out.append("The binding reads no phase ([turns] source = \"none\").")
        return out


def _show(v: object) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else repr(v) if isinstance(v, str) else str(v)


def describe(b: FileBinding) -> dict:
    """A summary of what a binding made of its module (for ``vmodgen bind --check`` and tests)."""
    counts: dict[str, int] = {}
    for s in b.slots.slots:
        attrs, _ = resolve(b.spec.classes, s.facts)
        if b.kit is not None and not (attrs.get("ignore") or attrs.get("marker")):
            uid = b.spec.units.get(s.facts.display) or s.facts.display
            key = "unit" if b.kit.unit(uid) is not None else "unmatched"
        else:
            key = ("ignored" if attrs.get("ignore") else "marker" if attrs.get("marker")
                   else str(attrs.get("side") or "unmatched"))
        counts[key] = counts.get(key, 0) + 1
    return {"hexes": len(b.map.hex_ids()), "pieces": counts, "phases": [p.id for p in b.game.sequence.phases]}

