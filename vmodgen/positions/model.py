"""A game-neutral position: units in hexes (or boxes) with their status, markers on hexes, the
turn, the phase and the side moving; for a move check, a unit's previous hex and optional path.

Positions never hold VASSAL pixels or XML. The replayer (audit) builds them from logs; the
position-file loader (:mod:`vmodgen.positions.load`) builds them from TOML.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from ..model.game import Game, Phase
from ..model.mapdata import MapData
from ..model.unit import Unit, Value

#: no aliases: a unit state whose rule set declares none ('-' and '_' still spell one status)
NO_ALIASES: Mapping[str, tuple[str, ...]] = {}


@dataclass
class UnitState:
    """One unit on the board: where it is, which side is up, its status and its last move."""
    unit: Unit
    hex: str                                   # a hex ID or an off-map box id
    reduced: bool = False
    status: frozenset[str] = frozenset()       # disrupted, fatigued, oos, excess, ... and marker ids
    previous: str | None = None                # the hex it moved from (move check)
    path: tuple[str, ...] | None = None        # previous .. hex, inclusive
    mode: str = "move"                         # how it moved; each rule set declares its ``modes``
    line: int = 0                              # line of the position file, for messages
    #: status → the other names that stand for it: the ``status_aliases`` of the rule set of the
    #: position this state belongs to (whoever builds the position hands them in)
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: NO_ALIASES, repr=False, compare=False)
    #: where its recorded drags ended, previous .. hex, when they are not one hex apart (no
    #: ``path``): the move must pass through each, in order
    stops: tuple[str, ...] | None = None
    #: the indices of ``path`` hexes no recorded drag ended on (a shortest path the audit filled
    #: a long drag in with): the move rules report nothing that rests on them alone
    guessed: frozenset[int] = frozenset()
    #: the moment each hex of ``path`` was entered (numbers that grow with the order of the drags;
    #: the start hex -1, held since before the move), when the maker knows the order of the moves
    #: (a log); None: unknown (a position file), the moves of different units are not ordered
    times: tuple[int, ...] | None = None
    #: the unit's id and side, copied once (rules read them very often)
    id: str = field(init=False, repr=False, compare=False)
    side: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.id = self.unit.id
        self.side = self.unit.side

    def value(self, field_id: str, default: Value = None) -> Value:
        v = self.unit.value(field_id, self.reduced)
        return default if v is None else v

    def number(self, field_id: str, default: float = 0) -> float:
        v = self.value(field_id)
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) else default

    def has(self, status: str) -> bool:
        """Whether the unit carries ``status`` ('-' and '_' are the same; the names its rule set
        declares as aliases of ``status`` (:attr:`aliases`), such as Invasion: Malta's
        ``excess-stacking`` for ``excess``, answer for it)."""
        if status in self.status:
            return True
        for name in (status.replace("_", "-"), status.replace("-", "_"), *self.aliases.get(status, ())):
            if name in self.status:
                return True
        return False

    @property
    def moved(self) -> bool:
        return self.previous is not None and (self.previous != self.hex or bool(self.path and len(self.path) > 1))


@dataclass
class Attack:
    """A declared attack: the defending hex, the attacking units and the HQ chosen, if any."""
    hex: str
    units: tuple[str, ...] = ()
    hq: str = ""
    line: int = 0
    kind: str = ""                             # "maneuver", "assault", ... as the game names them
    result: str = ""                           # the combat result, as the game's table names it ("DR2"...)


@dataclass
class Position:
    game: Game
    map: MapData
    units: list[UnitState] = field(default_factory=list)
    turn: int | None = None
    phase: str = ""                            # a phase id of game.sequence, "" = unspecified
    side: str = ""                             # the side moving ("phasing"), "" = unspecified
    at: str = "end"                            # "end" of the phase, or "during" it
    #: markers on hexes: hex -> {marker id: owning side or ""} (fort, control, beachhead, ...)
    hex_markers: dict[str, dict[str, str]] = field(default_factory=dict)
    #: hex -> side that controls it (ports, airfields, cities), as the position states it
    control: dict[str, str] = field(default_factory=dict)
    #: hex -> number (current port capacity, ...)
    capacity: dict[str, int] = field(default_factory=dict)
    attacks: list[Attack] = field(default_factory=list)
    #: free game state a rule set reads (sector supply levels, interdiction, scenario...)
    state: dict[str, Any] = field(default_factory=dict)
    #: what the rule set carried to this position from earlier phase ends (its
    #: ``vmodgen.rules.base.Memory``; a position file states its fields in ``[state]``); None =
    #: nothing carried. Rules read it through their rule set (``RuleSet.memory``)
    memory: object | None = None
    scenario: str = ""
    #: the kit's scenario (``vmodgen.model.scenario.Scenario``) whose id ``scenario`` names; None for
    #: an inline game, a name the kit does not have, or a log (rule sets may read its turns and sheets)
    scenario_data: Any = None
    source: str = ""                           # the file it came from, for messages
    #: whether each unit's move ``mode`` is stated (a position file); False in a log, where a
    #: move never says which allowance it used, so rule sets try the modes a player may use
    #: without announcing them before calling a move illegal
    moves_announced: bool = True
    #: a log's combat phase, while a defender's retreat may still go on with its next drag (no
    #: attacker's move, die roll or phase end has closed it): what holds only of a finished
    #: retreat (the hex it ends in) waits for the audit's judgment at the close
    retreats_open: bool = False
    #: a log's combat phase whose open retreats and advances the phase's end or the file's end
    #: closed, not a die roll or an attacker's move: nothing of the combat came after them, and a
    #: tracker left behind would read the next phase's moves so
    retreats_closed_at_end: bool = False
    #: whether ``phase`` is a log's or save's turn tracker's, which players may click late or early
    #: (:mod:`vmodgen.rules.core.tracker_lag`), not a position file's stated (exact) one
    phase_from_tracker: bool = False
    #: hex → units there in the order of ``units``, when the maker has one at hand (the audit
    #: keeps it up to date step by step); a Board builds it otherwise. Read-only.
    by_hex: dict[str, list[UnitState]] | None = field(default=None, repr=False, compare=False)
    #: with ``by_hex``: side → a version; two positions with the same version of a side hold the
    #: same units of that side in the same hexes and states (only ``previous``/``path`` may differ)
    side_versions: dict[str, tuple] | None = field(default=None, repr=False, compare=False)
    #: with ``by_hex``: the hexes holding units of more than one side
    mixed_hexes: frozenset[str] | None = field(default=None, repr=False, compare=False)
    #: (the ``units`` list, its units with a previous hex in its order) when the maker has them at
    #: hand (the audit): read :attr:`movers`
    _movers: tuple[list[UnitState], list[UnitState]] | None = field(default=None, init=False, repr=False,
                                                                     compare=False)
    #: with ``_movers``: (an earlier :attr:`movers` list, the states added to it, the states taken
    #: out of it), when the maker knows that every other state of :attr:`movers` is one of that
    #: list's, by identity and in the same order: read :attr:`movers_delta`
    _delta: tuple[list[UnitState], list[UnitState], list[UnitState]] | None = field(
        default=None, init=False, repr=False, compare=False)
    #: ``file:line: ...`` for each name of an inline game that no rule reads (``vmodgen check``
    #: lists them)
    ignored: list[str] = field(default_factory=list, repr=False, compare=False)
    #: unit id → (kind, name shown) of the units their owner masked or hid (VASSAL's Mask and
    #: Invisible traits), when the maker knows them (the audit: vmodgen.audit.concealment); the
    #: rules never read it (they judge the real units), the reports name those units by it
    concealed: dict[str, tuple[str, str]] | None = field(default=None, repr=False, compare=False)
    #: the kit's roster (unit id → unit) when the position names a kit (a position file): the units
    #: the game has beside those placed, for a rule that asks whether the kit has such a unit at all
    roster: Mapping[str, Unit] = field(default_factory=dict, repr=False, compare=False)
    #: hex -> {marker id: how many pieces carry it there} where more than one does (a cup holding
    #: two Activation Markers of one formation, IM 4.41); a marker of ``hex_markers`` absent here is one
    marker_counts: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def movers(self) -> list[UnitState]:
        """The units with a previous hex (a move to judge), in the order of ``units``: the list
        the maker handed over with this very ``units`` list (:meth:`set_movers`), else found."""
        m = self._movers
        if m is not None and m[0] is self.units:
            return m[1]
        return [u for u in self.units if u.previous is not None]

    @property
    def movers_delta(self) -> tuple[list[UnitState], list[UnitState], list[UnitState]] | None:
        """(``base``, ``added``, ``removed``): :attr:`movers` is the list ``base`` (an earlier
        position's :attr:`movers`) with the states ``removed`` taken out and the states ``added``
        put in, the others the very same objects in the same order (what a rule may keep of its
        verdicts on ``base``); None when the maker does not say."""
        m = self._movers
        return self._delta if m is not None and m[0] is self.units else None

    def set_movers(self, movers: list[UnitState],
                   delta: tuple[list[UnitState], list[UnitState], list[UnitState]] | None = None) -> None:
        """Hand over :attr:`movers` for the current ``units`` list (which must not change since),
        and optionally how it differs from an earlier one (:attr:`movers_delta`)."""
        self._movers = (self.units, movers)
        self._delta = delta

    def with_units(self, units: list[UnitState]) -> "Position":
        """This position with ``units`` in place of its units (moved or changed), without the
        maker's indexes of the old ones (``by_hex``, ``side_versions``, ``mixed_hexes``, the movers):
        a Board reads the new units, never the old units' index."""
        return replace(self, units=units, by_hex=None, side_versions=None, mixed_hexes=None)

    @property
    def phase_info(self) -> Phase | None:
        return self.game.sequence.phase(self.phase) if self.phase else None

    @property
    def phase_name(self) -> str:
        """The phase's name for a message (its id when the game's sequence does not know it)."""
        p = self.phase_info
        return p.name if p else self.phase

    @property
    def phase_kind(self) -> str:
        p = self.phase_info
        return p.kind if p else ""

    def unit(self, unit_id: str) -> UnitState | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def on_map(self, u: UnitState) -> bool:
        return self.map.has_hex(u.hex)

    def markers_at(self, hex_id: str) -> dict[str, str]:
        return self.hex_markers.get(hex_id, {})

    def marker_count(self, hex_id: str, marker: str) -> int:
        """How many pieces carry ``marker`` in ``hex_id`` (a hex or box): 0 when none."""
        if marker not in self.hex_markers.get(hex_id, {}):
            return 0
        return self.marker_counts.get(hex_id, {}).get(marker, 1)

    def enemy_of(self, side: str) -> list[str]:
        return [s for s in self.game.sides if s != side]


def position_of(kit, placements, *, turn: int | None = None, phase: str = "", side: str = "", at: str = "end",
                hex_markers: dict | None = None, control: dict | None = None, state: dict | None = None,
                aliases: Mapping[str, tuple[str, ...]] = NO_ALIASES) -> Position:
    """A position of a loaded kit (what the replayer builds for each log step).

    ``placements``: :class:`UnitState` objects, or ``(unit_id, hex)`` /
    ``(unit_id, hex, {"reduced": ..., "status": [...], "previous": ..., "path": [...], "mode": ...})``.
    The side defaults to the phase's side; ``aliases``: the rule set's status aliases. An unknown
    unit id raises ``InputError``."""
    from ..errors import InputError
    units = []
    for p in placements:
        if isinstance(p, UnitState):
            units.append(p)
            continue
        uid, hexid, *rest = p
        opts = rest[0] if rest else {}
        unit = kit.unit(uid)
        if unit is None:
            raise InputError(None, f"unit '{uid}' is not in the roster of {kit.game.id}")
        path = opts.get("path")
        units.append(UnitState(unit, hexid, bool(opts.get("reduced", False)), frozenset(opts.get("status", ())),
                               opts.get("previous") or (path[0] if path else None),
                               tuple(path) if path else None, opts.get("mode", "move"), aliases=aliases))
    pos = Position(kit.game, kit.map, units, turn, phase, side, at, dict(hex_markers or {}), dict(control or {}),
                   state=dict(state or {}))
    pos.roster = {u.id: u for u in kit.units}
    if not pos.side and pos.phase_info is not None:
        pos.side = pos.phase_info.side
    return pos
