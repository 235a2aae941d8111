"""A binding: how the pieces, points and turn tracker of one VASSAL module map onto a kit's game,
units, hexes and phases, so the auditor can turn replayed log steps into rule positions.

The auditor (:mod:`vmodgen.audit`) only ever talks to a :class:`Binding`:

* ``binding.game`` / ``binding.map``: the kit's :class:`~vmodgen.model.game.Game` and
  :class:`~vmodgen.model.mapdata.MapData` the rules run against; ``binding.kit_id`` the kit id
  (None when the binding builds its own game); ``binding.source`` says in words where the
  binding came from (shown in reports).
* ``unit_for(piece)`` → ``(Unit, reduced)`` or None (a marker, a map decoration, an unknown piece).
* ``markers_for(piece)`` → the marker/status ids a non-unit piece stands for (``{"oos"}``,
  ``{"disrupted"}``...). The auditor gives them to every unit at the same location (same map
  point or, when the point has a hex, the same hex) as that unit's ``status``, and records
  them in ``Position.hex_markers`` for the hex (owner side "" ).
* ``unit_status(piece)`` → statuses a unit piece carries itself (a layer showing "OOS"...);
  default none.
* ``hex_for(map_name, x, y, label)`` → the kit hex ID (or off-map box id) of a map point;
  ``label`` is VASSAL's own location text for the point (``module.locate``), may be None.
  None = off the game map (unit not in play, not checked).
* ``phase_for(step, state)`` → ``(turn, phase_id)`` after ``step`` (None for the starting
  position) given the replayed :class:`~vmodgen.vassal.replay.GameState` ``state``; None = not
  known. ``phase_id`` must be an id of ``game.sequence.phases``; ``turn`` may be None.
  It is called in play order, once per step, over every file of one audit (a binding that
  reads chat may remember what it saw; :meth:`reset` is called before the first file).
  With ``--jobs`` the files are replayed in separate processes: each gets its own binding,
  and ``phase_for`` of a file's first position then sees only that file's history.
* ``phase_source``: "turn tracker", "chat" or "none". With "none" the auditor checks only the
  rules that need no phase (``When(at="any")``) and says so in its report.
* ``player_side(name)`` → the game side a VASSAL player side name belongs to (statistics).

:class:`KitBinding` is the automatic binding of a module built by ``vmodgen build``: its unit
pieces carry Marker properties (``vmodgen_kit``, ``unit_id``...), a Step layer (level 2 =
reduced), one map per sheet named after the sheet with the kit's hex IDs as grid labels, an
"Off-map boxes" map whose zones are the boxes' names, and a turn tracker "Turn" whose counter
level is the turn and whose list level names the phases in sequence order. Other modules get a
``FileBinding`` (:mod:`vmodgen.binding.file`, a TOML file the user writes).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from ..errors import InputError
from ..model.game import Game
from ..model.mapdata import MapData
from ..model.unit import Unit

if TYPE_CHECKING:      # imported for annotations only
    from ..model.kit import Kit
    from ..vassal.module import Module
    from ..vassal.replay import GameState, PieceRecord, Step

__all__ = ["Binding", "KitBinding", "ReplayOnlyBinding", "KIT_PROPERTY", "PHASE_SOURCES", "find_kit_id", "step_level"]

#: Marker property naming the kit of a vmodgen-built piece (see builder/pieces.py)
KIT_PROPERTY = "vmodgen_kit"
PHASE_SOURCES = ("turn tracker", "chat", "none")


class Binding(ABC):
    """What the auditor needs to read a module's pieces as a game's units (module docstring)."""

    game: Game
    map: MapData
    kit_id: str | None = None
    phase_source: str = "none"
    source: str = ""

    @abstractmethod
    def unit_for(self, piece: "PieceRecord") -> tuple[Unit, bool] | None:
        """The unit a piece is and whether its reduced side shows; None = not a unit."""

    def markers_for(self, piece: "PieceRecord") -> frozenset[str]:
        """Marker/status ids a non-unit piece gives the units at its location."""
        return frozenset()

    def unit_status(self, piece: "PieceRecord") -> frozenset[str]:
        """Statuses a unit piece shows itself (a layer, a property)."""
        return frozenset()

    @abstractmethod
    def hex_for(self, map_name: str | None, x: int, y: int, label: str | None) -> str | None:
        """The kit hex ID or box id of a map point; None = not on the game map."""

    @abstractmethod
    def phase_for(self, step: "Step | None", state: "GameState") -> tuple[int | None, str] | None:
        """(turn, phase id) after ``step`` (None = the starting position); None = unknown."""

    def reset(self) -> None:
        """Forget what earlier steps told (called before the first file of an audit)."""

    def phase_context(self) -> object:
        """What the binding carries from one file to the next to read the phase (the turn and
        phase the last chat line told); None when each file tells its own (a turn tracker)."""
        return None

    def set_phase_context(self, context: object) -> None:
        """Continue from :meth:`phase_context` of the previous file (a parallel audit)."""

    def read_chat(self, lines: list[str]) -> None:
        """Take in a file's chat lines as :meth:`phase_for` would, step after step (the
        pre-scan of a parallel audit); only a binding that reads the phase from chat cares."""

    def take_observations(self) -> dict:
        """What the binding noticed while reading pieces (for :meth:`notes`), handed over and
        forgotten: a parallel audit gathers them from every worker with :meth:`add_observations`."""
        return {}

    def add_observations(self, obs: dict, source: str = "") -> None:
        """Add what :meth:`take_observations` gave for the file ``source`` (in file order)."""

    def player_side(self, name: str) -> str | None:
        """The game side id of a VASSAL player side name (exact id or name, any case)."""
        low = name.strip().lower()
        for side in self.game.sides.values():
            if low in (side.id.lower(), side.name.lower()):
                return side.id
        return None

    def notes(self) -> list[str]:
        """Sentences for the report about what this binding could not read."""
        return []

    def warnings(self) -> list[str]:
        """Sentences for the top of the report (and stderr) about what makes the audit doubtful:
        pieces whose saved type differs from the module given (a log played with another version)."""
        return []


def step_level(props: dict[str, str]) -> int:
    """The Step layer's level (1 = front) from a piece's properties."""
    try:
        return int(props.get("Step_Level", "1") or "1")
    except ValueError:
        return 1


def find_kit_id(module: "Module") -> str | None:
    """The kit id a vmodgen-built module names (``vmodgen_kit`` in its prototypes or pieces)."""
    from ..vassal.piece import Piece
    from ..vassal.typed import AddPiece, parse_command
    texts = list(module.prototypes.values()) + [s.definition for s in module.piece_slots]
    for text in texts:
        if KIT_PROPERTY not in text:
            continue
        cmd = parse_command(text)
        if isinstance(cmd, AddPiece):
            kit = Piece(cmd.type, cmd.state).properties().get(KIT_PROPERTY)
            if kit:
                return kit
    return None


class KitBinding(Binding):
    """The automatic binding of a vmodgen-built module (see the module docstring)."""

    phase_source = "turn tracker"

    def __init__(self, module: "Module", kit: "Kit") -> None:
        from ..builder.boxes import MAP_NAME
        from ..vassal.turns import levels_from_module
        self.module = module
        self.kit = kit
        self.game = kit.game
        self.map = kit.map
        self.kit_id = kit.id
        self.source = f"kit '{kit.id}' ({kit.path}), named by the module's pieces"
        self.box_map = MAP_NAME
        self.sheet_maps = {s.name: s.id for s in kit.map.sheets.values()}
        self.box_names = {b.name: b.id for b in kit.map.boxes.values()}
        self.box_names.update({b.id: b.id for b in kit.map.boxes.values()})
        self.phase_ids = {}
        for p in kit.game.sequence.phases:
            self.phase_ids[p.name.replace(",", ";")] = p.id
            self.phase_ids.setdefault(p.name, p.id)
        self.marker_ids = {}
        for m in kit.game.markers.values():
            self.marker_ids[m.id.lower()] = m.id
            self.marker_ids[m.name.lower()] = m.id
            if m.text:
                self.marker_ids.setdefault(m.text.lower(), m.id)
        self.tracker = None
        self.tracker_id = ""
        for i, t in enumerate(module.turn_trackers):
            if self.tracker is None or t.name == "Turn":
                self.tracker, self.tracker_id = t, f"TurnTracker{i}"
        self.levels = levels_from_module(self.tracker.levels) if self.tracker is not None else []
        if self.tracker is None:
            self.phase_source = "none"
        self._units: dict[str, Unit | None] = {}
        from .saved_type import SavedTypes
        #: units whose saved values differ from this module's, and unit ids the kit lacks
        self.saved_types = SavedTypes()
        #: (unit id, saved Marker values) → the unit as saved
        self._as_saved: dict[tuple, Unit] = {}
        self._kept: dict[tuple, tuple[str, ...]] = {}

    # -- pieces --
    def unit_for(self, piece: "PieceRecord") -> tuple[Unit, bool] | None:
        props = piece.properties()
        uid = props.get("unit_id")
        if not uid or props.get(KIT_PROPERTY, self.kit_id) != self.kit_id:
            return None
        unit = self.kit.unit(uid)
        if unit is None:
            self.saved_types.unknown.setdefault(uid, piece.name)
            return None
        unit = self._as_saved_unit(unit, props)
        return unit, unit.two_sided and step_level(props) >= 2

    def _as_saved_unit(self, unit: Unit, props: dict[str, str]) -> Unit:
        """The unit as the piece's saved type has it (VASSAL plays the saved type, not the
        palette's): the kit's unit when they agree (vmodgen.binding.saved_type)."""
        from .saved_type import UNSHOWN, saved_differences, unit_as_saved
        diffs = saved_differences(self.game, unit, props)
        if not diffs:
            return unit
        key = (unit.id, tuple(diffs))
        got = self._as_saved.get(key)
        if got is None:
            got, kept = unit_as_saved(self.game, unit, diffs)
            self._as_saved[key] = got
            self._kept[key] = tuple(kept)
        if any(d[0] not in UNSHOWN for d in diffs):     # only a sourcing note changed: nothing to warn of
            self.saved_types.differing.setdefault(unit.id, (unit.name, tuple(diffs), self._kept[key]))
        return got

    def take_observations(self) -> dict:
        return self.saved_types.take()

    def add_observations(self, obs: dict, source: str = "") -> None:
        self.saved_types.add(obs)

    def warnings(self) -> list[str]:
        return self.saved_types.warnings(self.kit_id)

    def markers_for(self, piece: "PieceRecord") -> frozenset[str]:
        props = piece.properties()
        if props.get("unit_id"):
            return frozenset()
        out = set()
        for key in ("marker", "status"):
            for v in (props.get(key) or "").split(","):
                if v.strip().lower() in self.marker_ids:
                    out.add(self.marker_ids[v.strip().lower()])
        name = (piece.name or "").strip().lower()
        if name in self.marker_ids:
            out.add(self.marker_ids[name])
        return frozenset(out)

    def unit_status(self, piece: "PieceRecord") -> frozenset[str]:
        props = piece.properties()
        out = set()
        for v in (props.get("status") or "").split(","):
            if v.strip():
                out.add(self.marker_ids.get(v.strip().lower(), v.strip()))
        return frozenset(out)

    # -- places --
    def hex_for(self, map_name: str | None, x: int, y: int, label: str | None) -> str | None:
        if map_name is None or label is None:
            return None
        label = label.strip()
        if map_name == self.box_map:
            return self.box_names.get(label)
        sheet = self.sheet_maps.get(map_name)
        if sheet is None:
            return None
        if self.map.has_hex(label) or self.map.location_exists(label):
            return label
        return None

    # -- turn and phase --
    def phase_for(self, step: "Step | None", state: "GameState") -> tuple[int | None, str] | None:
        if self.tracker is None:
            return None
        tstate = state.turns.get(self.tracker_id)
        if tstate is None:
            # no TURN command yet: the tracker shows its initial state (first turn, first phase)
            tstate = next(iter(state.turns.values()), "") if len(state.turns) <= 1 else ""
        from ..vassal.turns import turn_display
        shown = turn_display(self.levels, tstate)
        if len(shown.values) < 2:
            return None
        try:
            turn: int | None = int(shown.values[0][1])
        except ValueError:
            turn = None
        phases = self.game.sequence.phases
        idx = _list_index(tstate)
        names = self.levels[0].sublevels[0].items if self.levels and self.levels[0].sublevels else []
        if idx is not None and len(names) == len(phases) and 0 <= idx < len(phases):
            return turn, phases[idx].id          # by position: phase names need not be unique
        pid = self.phase_ids.get(shown.values[1][1])
        return (turn, pid) if pid else None


def _list_index(state: str) -> int | None:
    """The current item of the list level inside the counter level of a vmodgen tracker state."""
    from ..vassal.codec import decode
    top = decode(state, "|") if state else []
    if len(top) < 2:
        return 0 if not state else None
    counter = decode(top[1], ";")
    if len(counter) < 5:
        return 0
    sub = decode(counter[4], ";")
    try:
        return int(sub[0]) if sub else 0
    except ValueError:
        return None


class ReplayOnlyBinding(Binding):
    """No game: every piece is "not a unit". The audit then only replays, checks continuity and
    counts statistics (used when a module has no binding yet)."""

    phase_source = "none"

    def __init__(self, module: "Module | None" = None) -> None:
        self.game = Game("none", "(no game: replay and continuity only)")
        self.map = MapData("none", "(no map)")
        self.kit_id = None
        self.source = "none: replay and continuity only"

    def unit_for(self, piece: "PieceRecord") -> tuple[Unit, bool] | None:
        return None

    def hex_for(self, map_name: str | None, x: int, y: int, label: str | None) -> str | None:
        return None

    def phase_for(self, step: "Step | None", state: "GameState") -> tuple[int | None, str] | None:
        return None

    def notes(self) -> list[str]:
        return ["No binding: the files were replayed and their continuity checked, but no rule was checked."]


def load_bundled_or_path(kit_id: str, spec: str | None) -> "Kit":
    """The kit a module names (``kit_id``): ``spec`` (a user's kit) or the bundled kit of that id."""
    from ..model.kit import bundled_kits, load_kit
    if spec:
        kit = load_kit(spec)
    elif kit_id in bundled_kits():
        kit = load_kit(kit_id)
    else:
        raise InputError(None, f"the module was built from kit '{kit_id}', which is not bundled: "
                               "name the kit with --game")
    return kit
