"""The shape every rule set shares: rules that know their moment, a check over one position, and
the helpers (parameters, unit values, ZOC, supply) the game modules build on."""
from __future__ import annotations

import difflib
import re
import types
import typing
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Callable, ClassVar, Generic, Iterable, NamedTuple, TypeVar

from ..errors import InputError
from ..model.game import Game, Phase
from ..positions.model import Position, UnitState
from .core.board import Board
from .core.movement import MoveModel
from .core.select import Selector
from .core.tracker_lag import Lag, Wanted, ahead, lag_of, one_phase, repeats
from .core.zoc import ZocField, merged
from .finding import Breach, Finding, at_its_hexes


@dataclass(frozen=True)
class When:
    """When a rule applies. ``kinds``: the phase kinds (``sequence.phases[].kind``) at which it
    is checked, () = every phase. ``at``: "end" = at the end of such a phase (a position with
    ``at = "end"``), "any" = at every snapshot. ``own``: only in phases of the side concerned
    (the phasing side). ``moves``: the rule reads units' moves. A position with no phase is
    checked against every rule: it stands for "a checkpoint of every rule"."""
    kinds: tuple[str, ...] = ()
    at: str = "end"
    own: bool = False
    #: the rule reads units' moves (previous hex, path): the audit has them inside movement
    #: phases only (and for retreats and advances in combat phases)
    moves: bool = False

    def applies(self, pos: Position) -> bool:
        if not pos.phase:
            return True
        if self.at == "end" and pos.at != "end":
            return False
        return not self.kinds or pos.phase_kind in self.kinds

    def describe(self) -> str:
        where = "every phase" if not self.kinds else " or ".join(f"{k} phase" for k in self.kinds)
        return ("at the end of " if self.at == "end" else "during ") + where


EVERY_PHASE_END = When()
ALWAYS = When(at="any")
MOVEMENT_END = When(("movement",))
SUPPLY = When(("supply",))
MOVES = When(at="any", moves=True)


class Judged(Enum):
    """What a rule reads, which says when the audit judges it besides its :class:`When` moment:
    at a phase end that records facts, and when a record (the last file of a chain, a single
    save) ends before the phase end the rule is judged at (:mod:`vmodgen.audit.pending`)."""
    #: whatever the position holds at its moment (moves, memory, the phase): judged there only;
    #: a record that ends before that moment names it not judged
    POSITION = "position"
    #: only the units standing at its moment (which unit, where, which side up, statuses) and the
    #: rule set's parameters, never moves, memory nor the phase: a record that ends before that
    #: moment keeps the verdict of the last phase end it was judged at when none of these changed
    #: since (a stacking limit); when some did, it is named not judged, with how many changed
    STATE = "state"
    #: only facts recorded at earlier phase ends (``Position.memory``), complete once recorded: a
    #: record that ends before the phase end it is judged at judges it on its final position
    RECORD = "record"
    #: what :meth:`RuleSet.remember` records at a phase end (an arrival), besides its moment: the
    #: audit checks it once more on that phase end's position with the memory just written, so
    #: its findings stand at the phase where it happened, not at the first step of the next one
    REMEMBERED = "remembered"


@dataclass(frozen=True)
class Rule:
    id: str                                    # "NA41 4.4.1"
    kind: str                                  # stacking, zoc, supply, movement
    when: When
    check: Callable[[Board], Iterable[Finding]]
    title: str = ""
    #: what the rule reads, and so when it is judged besides ``when`` (:class:`Judged`)
    judged: Judged = Judged.POSITION
    #: what one breach of the rule is (:class:`~.finding.Breach`): the one key the audit reports,
    #: withdraws and carries a finding of this rule by (``finding.wherever_they_stand``: once per
    #: unit while it stands, wherever it moves)
    breach: Callable[[Any], Breach] = at_its_hexes


#: statuses every rule set understands (a rule set adds its own in ``statuses``; a kit's marker
#: ids are accepted too)
COMMON_STATUSES = frozenset({"disrupted", "oos", "oos_red", "fatigued", "dispersed", "excess", "full_retreat",
                             "paradropped", "arrived", "depleted", "replacement", "transport"})

#: the kinds of names a rule set reads from the map and the units (``names_read``)
NAME_KINDS = ("terrain", "hexside", "line", "feature", "unit_type", "movement_class")

#: terrain names that are water in an inline game (a kit says which of its terrains are)
WATER_TERRAIN = frozenset({"sea", "water", "all_sea", "all_water"})


class Trial(NamedTuple):
    """A mode a player may use without announcing it, tried on a logged move: its name in
    messages, a function judging the move in that mode (no finding = legal), and its id in a
    finding's ``details`` ("" = the name)."""
    name: str
    judge: Callable[[], list[Finding]]
    key: str = ""


@dataclass
class Memory:
    """What a rule set carries from one phase end to the next (:meth:`RuleSet.remember` writes
    it, :meth:`RuleSet.begin` at a file's start): the audit carries it from phase to phase and
    from file to file and hands each position a snapshot (``Position.memory``), where the rules
    read it as attributes (:meth:`RuleSet.memory`). Each game extends it with typed fields and
    defaults (``None`` = not known: nothing recorded yet); a position file states a field as a
    ``[state]`` key of the same name. The generic rule set carries nothing."""

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The fields, in order (the ``[state]`` keys a position file may state them by)."""
        return tuple(f.name for f in fields(cls))

    def snapshot(self) -> "Memory":
        """A copy for one position (the values are shared: :meth:`RuleSet.remember` replaces a
        field's value, it never changes one in place). What ``copy.copy`` makes of a dataclass
        instance, without its generic protocol (asked at every judged position)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def stated(self) -> dict[str, Any]:
        """Field → value for the fields that hold something (not ``None``), as ``[state]`` says them."""
        return {k: v for k, v in vars(self).items() if v is not None}

    @classmethod
    def refusal(cls, key: str, value: object) -> str | None:
        """Why ``value`` cannot be field ``key`` (its declared type), or None when it can."""
        hint = typing.get_type_hints(cls)[key]
        if _fits(value, hint):
            return None
        return f"[state] {key} must be {_describe(hint)}, not {value!r}"


def _fits(value: object, hint: Any) -> bool:
    """Whether ``value`` (read from TOML) has the type ``hint`` (None, int, str, bool, float,
    list[...], dict[..., ...], unions, Any)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(_fits(v, args[0]) for v in value) if args else isinstance(value, list)
    if origin is dict:
        return isinstance(value, dict) and (not args or all(_fits(k, args[0]) and _fits(v, args[1])
                                                            for k, v in value.items()))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, hint)


def _describe(hint: Any) -> str:
    """``hint`` in words, for a message ("a list of texts", "a table like {name = text}")."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(a) for a in args if a is not type(None))
    if origin is list:
        return f"a list of {_word(args[0])}s" if args else "a list"
    if origin is dict:
        return f"a table like {{name = {_word(args[1])}}}" if args else "a table"
    return {int: "a whole number", str: "a text", bool: "true or false", float: "a number"}.get(hint, "any value")


def _word(hint: Any) -> str:
    """The bare name of a value of type ``hint`` ("text", "table", "whole number")."""
    origin = typing.get_origin(hint)
    if origin is dict:
        return "table"
    if origin is list:
        return "list"
    return {int: "whole number", str: "text", bool: "true or false", float: "number"}.get(hint, "value")


#: the memory type of a rule set (a :class:`Memory` a game extends)
M = TypeVar("M", bound=Memory)


def carried(pos: Position, memory_type: type[M]) -> M:
    """What was carried to ``pos``: its memory when it is a ``memory_type``, else nothing yet."""
    m = pos.memory
    return m if isinstance(m, memory_type) else memory_type()


class RuleSet(Generic[M]):
    """The hooks every rule set answers, and the skeletons they share: ``rules()`` lists the
    rules; ``check(position)`` runs those whose moment the position is at. The generic rule set
    (:class:`vmodgen.rules.generic.GenericRules`) answers the hooks from its parameters; each game
    subclasses it. A rule set sets ``id`` (the ``game.ruleset`` name) and ``prefix``, and
    declares what a position may say to it: ``statuses`` (and ``status_aliases``), move
    ``modes``, the names it reads (``KIT`` or :meth:`names_read`) and its memory
    (``memory_type``)."""
    id = "base"
    prefix = "GEN"
    #: statuses this rule set reads besides :data:`COMMON_STATUSES`
    statuses: frozenset[str] = frozenset()
    #: status → the other names that stand for it (the marker ids of the rule set's kit); a
    #: position file may spell a status so, and the unit states of this rule set's positions
    #: answer to them (:meth:`UnitState.has`). None here: '-' and '_' are the same anyway
    status_aliases: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: how a unit may have moved (a position's ``mode``)
    modes: frozenset[str] = frozenset({"move", "retreat", "advance"})
    #: the bundled kit whose names (terrain, hexside features, roads, point features, unit types,
    #: movement classes) the rules are written against; "" = none (the generic set reads the
    #: names its parameters give)
    KIT: str = ""
    #: parameter name → (default, description with its rule): every parameter the rule set reads
    #: (the generic set's, which a game extends); :meth:`param` reads no other
    PARAMS: ClassVar[dict[str, tuple[object, str]]] = {}
    #: the families of parameters named after something of the kit (``move_cost_<terrain>``):
    #: regular expressions; such a parameter has no default (absent = None)
    PATTERNS: ClassVar[tuple[str, ...]] = ()
    #: parameter name → description with its rule: the rulebook's numbers a kit records for the
    #: players (the module's help page lists them) that no rule reads; a kit may set them, a
    #: position gains nothing by it
    RECORDED: ClassVar[dict[str, str]] = {}
    #: where the rule set's parameters are listed, for a message refusing an unknown one
    PARAMS_DOC: ClassVar[str] = ""
    #: parameters of :attr:`PARAMS` (inherited) that no rule of this rule set reads, its own rules
    #: replacing the ones that would: a kit or a position setting one is refused
    NOT_TAKEN: ClassVar[frozenset[str]] = frozenset()
    #: whether a kit or a position setting a parameter the rule set does not take
    #: (:meth:`unknown_param`) is refused
    REFUSES_UNKNOWN_PARAMS: ClassVar[bool] = True
    #: parameter name → the only values it takes (a parameter not named here: any of its kind)
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(self, game: Game) -> None:
        self.game = game
        self._selectors: dict[str, Selector] = {}
        #: rule id → why it could not be judged (its precondition unknown), since the last take
        self._not_judged: dict[str, str] = {}
        #: rule id → what its kept reason is about (:meth:`not_judged`'s ``about``), since the last take
        self._not_judged_about: dict[str, str | None] = {}
        #: rule id → what the position says that is no verdict (a game's end by an automatic
        #: victory), since the last take: a note, never a partial check
        self._rule_notes: dict[str, str] = {}
        #: (unit, its state, :meth:`move_context`) → (the unit, its move's findings): see check_moves
        self._verdicts: dict[tuple, tuple] = {}
        #: id of a unit state → (the state, (side, mode), its context, its move's findings, what
        #: :meth:`_surroundings` says it read or None): the last verdict on that very state, kept
        #: only while :attr:`states_fixed`
        self._by_state: dict[int, tuple] = {}
        #: the positions judged hold unit states that are never changed in place (a new state
        #: object for every change, as the audit's positions do), nor the unit lists of their
        #: ``by_hex`` (a new list for a hex whose units change): :meth:`check_moves` may keep a
        #: verdict by the state's identity and its context, or its surroundings' lists. False
        #: (the default): by value
        self.states_fixed = False
        #: the last walk of :meth:`check_moves` over every mover: (the movers list, (side, mode) →
        #: its move context, the movers' findings in order, ids of the states with findings);
        #: None when a context was None or states may change in place
        self._walked: tuple[list[UnitState], dict[tuple[str, str], tuple | None], list[Finding], set[int]] | None \
            = None
        #: hex → (its unit list, the ``counts`` asked, the sides of the units it counts): what
        #: :func:`~vmodgen.rules.core.moves.enemy_sharing` read of a hex's list, kept only while
        #: :attr:`states_fixed` (the very same list holds the very same states)
        self._sharing: dict[str, tuple] = {}

    # ---- parameters ------------------------------------------------------------------------
    @classmethod
    def patterned(cls, name: str) -> bool:
        """Whether ``name`` is of one of the families :attr:`PATTERNS` declares."""
        return any(re.fullmatch(p, name) for p in cls.PATTERNS)

    @classmethod
    def unknown_param(cls, name: str) -> str | None:
        """Why a kit or a position may not set ``name`` (no parameter of this rule set, with the
        nearest one it takes when one is close; or one its own rules replace: :attr:`NOT_TAKEN`),
        or None when it may."""
        listed = f" ({cls.listed()})" if cls.listed() else ""
        if name in cls.NOT_TAKEN:
            return f"rule parameter '{name}' of the generic rule set is read by no rule of the {cls.id} rule set{listed}"
        if name in cls.PARAMS or name in cls.RECORDED or cls.patterned(name):
            return None
        taken = [k for k in [*cls.PARAMS, *cls.RECORDED] if k not in cls.NOT_TAKEN]
        near = difflib.get_close_matches(name, taken, n=1, cutoff=0.75)
        return (f"unknown rule parameter '{name}' for the {cls.id} rule set" + (f"; did you mean '{near[0]}'?" if near else "")
                + listed)

    @classmethod
    def wrong_value(cls, name: str, value: object) -> str | None:
        """Why ``value`` cannot be parameter ``name`` (not of its default's kind, negative, not
        one of its :attr:`CHOICES`), or None when it can: the kit loader and the rule set's own
        check ask this, so a kit is refused by ``vmodgen validate`` naming its own file."""
        default = cls.PARAMS.get(name, (None,))[0]
        if isinstance(default, bool) and not isinstance(value, bool):
            return f"rule parameter '{name}' must be true or false, not {value!r}"
        is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if isinstance(default, (int, float)) and not isinstance(default, bool) and not is_number:
            return f"rule parameter '{name}' must be a number, not {value!r}"
        if is_number and value < 0:     # type: ignore[operator]
            return f"rule parameter '{name}' may not be negative ({value})"
        allowed = cls.CHOICES.get(name)
        if allowed is not None and value not in allowed:
            return f"rule parameter '{name}' must be one of {', '.join(allowed)}, not {value!r}"
        return None

    @classmethod
    def listed(cls) -> str:
        """Where a reader finds the parameters, for a message refusing an unknown one."""
        return f"its parameters: {cls.PARAMS_DOC}" if cls.PARAMS_DOC else ""

    def param(self, name: str) -> Any:
        """The value of parameter ``name`` in this rule set's game (:meth:`param_of`)."""
        return self.param_of(self.game, name)

    @classmethod
    def param_of(cls, game: Game, name: str) -> Any:
        """The value of parameter ``name`` in ``game``: the game's (its kit's or position's
        ``[rules]``), else its declared default (:attr:`PARAMS`; None for one of
        :attr:`PATTERNS`), for code that holds a game but not the rule set. Reading a name the
        rule set does not declare is a fault of the rule set (LookupError)."""
        if name in cls.PARAMS:
            return game.rules.get(name, cls.PARAMS[name][0])
        if cls.patterned(name):
            return game.rules.get(name)
        raise LookupError(f"{cls.__name__} reads rule parameter '{name}', which its PARAMS do not declare")

    def num(self, name: str) -> float:
        v = self.param(name)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise InputError(None, f"rule parameter '{name}' must be a number, not {v!r}")
        return v

    def flag(self, name: str) -> bool:
        v = self.param(name)
        if not isinstance(v, bool):
            raise InputError(None, f"rule parameter '{name}' must be true or false, not {v!r}")
        return v

    def sel(self, name: str) -> Selector:
        s = self._selectors.get(name)
        if s is None:
            s = Selector(str(self.param(name) or ""), f"rule parameter '{name}'")
            self._selectors[name] = s
        return s

    def is_(self, u: UnitState, name: str) -> bool:
        return self.sel(name).matches(self.game, u)

    # ---- what a position may say --------------------------------------------------------------
    def known_statuses(self) -> frozenset[str]:
        """Every status this rule set reads (a kit's marker ids are accepted besides)."""
        return COMMON_STATUSES | self.statuses

    def names_read(self) -> dict[str, frozenset[str]] | None:
        """The names, by kind (:data:`NAME_KINDS`), that give a map or a unit a meaning to these
        rules, for positions of an inline game (a kit game's names are the kit's). None = the
        names of :attr:`KIT`; the generic set answers from its parameters."""
        return None

    # ---- the game's mechanisms: one signature each, answered by every game -----------------
    def stacking_limit(self) -> float:
        """The most a side may stack in one hex, in the game's measure."""
        raise NotImplementedError(f"{type(self).__name__} has no stacking limit")

    def stack_points(self, units: list[UnitState]) -> float:
        """What ``units`` (one side's, in one hex) count toward :meth:`stacking_limit`."""
        raise NotImplementedError(f"{type(self).__name__} counts no stacking points")

    def zoc(self, board: Board, side: str) -> ZocField:
        """The zone of control ``side``'s units exert: who projects one and where it reaches."""
        raise NotImplementedError(f"{type(self).__name__} has no zones of control")

    def enemy_field(self, board: Board, side: str) -> ZocField:
        """The zone of control of ``side``'s enemies, merged: full and limited, with its sources."""
        enemies = board.enemies(side)
        return merged([self.zoc(board, e) for e in enemies], ",".join(enemies))

    def enemy_zoc(self, board: Board, side: str) -> set[str]:
        """The hexes in the zone of control of ``side``'s enemies (those of :meth:`enemy_field`)."""
        return self.enemy_field(board, side).hexes()

    def allowance_field(self) -> str | None:
        """The unit field holding the movement allowance, when a unit may lack one (the audit then
        fills a drag over several hexes in with a shortest path and hands the move rules the
        indices of the guessed hexes, ``UnitState.guessed``, which they must not report on
        alone: :func:`~.core.movement.walk_all` honours them); None = the rule set gives every
        unit its allowance (:meth:`allowance`)."""
        return None

    def allowance(self, board: Board, u: UnitState) -> float:
        """The movement points ``u`` has for the move it made (its printed MA unless the rules
        change it); infinite when unknown (the points are then not checked)."""
        return u.number("movement", float("inf"))

    #: move modes that spend no movement points (a move in them needs no allowance)
    MODES_WITHOUT_MP: ClassVar[frozenset[str]] = frozenset({"retreat", "advance"})

    def stacking_field(self) -> str | None:
        """The unit field whose number the stacking limit counts (None: it counts no points)."""
        return "stacking"

    def counts_for_stacking(self, board: Board, u: UnitState) -> bool:
        """Whether ``u`` is a unit the stacking limit counts (ground units and HQs on the map)."""
        return board.unit_kind(u) in ("ground", "hq") and board.is_hex(u.hex)

    def needs_stacking_value(self, board: Board, u: UnitState) -> bool:
        """Whether the stacking limit reads ``u``'s printed stacking value (a gap when missing)."""
        return self.counts_for_stacking(board, u)

    def gaps(self, pos: Position) -> list[str]:
        """What of ``pos`` the rules could not judge for want of a unit's printed value: a move
        without a movement allowance (its points are not checked, :meth:`allowance`), a unit the
        stacking limit counts without a stacking value (it counts 0). ``vmodgen check`` reports
        them as partial, never as a plain "legal"."""
        board = self.board(pos)
        mv, sf = self.allowance_field() or "movement", self.stacking_field()
        out: list[str] = []
        for u in pos.units:
            if board.unit_kind(u) not in ("ground", "hq"):
                continue
            if u.previous and u.mode not in self.MODES_WITHOUT_MP and u.value(mv) is None:
                out.append(f"{u.id} moved {u.previous} → {u.hex} without a movement allowance ('{mv}'): the "
                           "movement points of its move were not checked")
            if sf and self.needs_stacking_value(board, u) and u.value(sf) is None:
                out.append(f"{u.id} in {u.hex} has no stacking value ('{sf}'): it counted 0 toward the stacking "
                           "limit")
        return out

    def move_model(self, board: Board, u: UnitState, ez: Any, with_zoc: bool = True) -> MoveModel:
        """What a step of ``u``'s move costs and where it must stop (``ez``: the enemy ZOC, as
        the game's :meth:`zoc` gives it; ``with_zoc=False``: the same without the ZOC rules)."""
        raise NotImplementedError(f"{type(self).__name__} has no move model")

    # ---- the move check: one skeleton; a game answers its hooks --------------------------
    def check_moves(self, board: Board) -> list[Finding]:
        """Every unit's move at this position: :meth:`moves_preamble` first (checks of the moves
        taken together), then, for each unit that moved (``Position.movers``: the loop is as long
        as the moves, not the units) and that :meth:`judges_move`, its move
        (:meth:`check_unit_move`) against the enemy ZOC :meth:`move_zoc` gives for its side;
        remembered by the unit's state and :meth:`move_context` when the rule set gives one.
        When the position says how its movers differ from those of the last call
        (``Position.movers_delta``) and every context is the same, only the states added are
        judged (:meth:`_moves_since`)."""
        zocs: dict[str, Any] = {}

        def ez_of(side: str) -> Any:
            if side not in zocs:
                zocs[side] = self.move_zoc(board, side)
            return zocs[side]

        out = self.moves_preamble(board, ez_of)
        movers = board.pos.movers
        # with states never changed in place, the last verdict on the very same state object
        kept = self._by_state if self.states_fixed else None
        if kept is not None:
            same = self._moves_since(board, movers, ez_of, kept)
            if same is not None:
                out += same
                return out
        contexts: dict[tuple[str, str], tuple | None] = {}
        judges = self.judges_move
        verdict = self._move_verdict
        found: list[Finding] = []
        wrong: set[int] = set()                # ids of the states with findings
        for u in movers:                       # the units with a previous hex, in the units' order
            if not judges(board, u):
                continue
            sm = (u.side, u.mode)
            try:
                ctx = contexts[sm]
            except KeyError:
                ctx = contexts[sm] = self.move_context(board, u.side, u.mode)
            got = verdict(board, u, sm, ctx, ez_of, kept)
            if got:
                found += got
                wrong.add(id(u))
        self._walked = (movers, contexts, found, wrong) \
            if kept is not None and None not in contexts.values() else None
        out += found
        return out

    def _move_verdict(self, board: Board, u: UnitState, sm: tuple[str, str], ctx: tuple | None,
                      ez_of: Callable[[str], Any], kept: dict[int, tuple] | None) -> list[Finding]:
        """The findings of ``u``'s move (``sm``: its side and mode, ``ctx``: their
        :meth:`move_context`): kept for the very same state (``kept``, by identity) and context,
        remembered by the state's value and context, else judged."""
        if kept is not None and ctx is not None:
            last = kept.get(id(u))
            # (the state, its (side, mode), the context, the findings, its surroundings): the
            # entry holds the state, so its id is not reused while the entry lives
            if last is not None and last[0] is u:
                if ctx == last[2]:
                    return last[3]
                near = last[4]
                if near is not None and self._same_surroundings(board, u, near):
                    kept[id(u)] = (u, sm, ctx, last[3], near)
                    return last[3]
        if ctx is None:
            return self.check_unit_move(board, u, ez_of(u.side))
        # the unit by identity (the entry holds it: its id is not reused while the entry
        # lives; a roster unit never changes), its state by value (a state may be changed)
        key = (id(u.unit), u.hex, u.reduced, u.status, u.previous, u.path, u.stops, u.guessed, u.times, u.mode, ctx)
        verdicts = self._verdicts
        hit = verdicts.get(key)
        if hit is None:
            if len(verdicts) > 50_000:
                verdicts.clear()
            hit = verdicts[key] = (u.unit, self.check_unit_move(board, u, ez_of(u.side)))
        if kept is not None:
            if len(kept) > 50_000:
                kept.clear()
            kept[id(u)] = (u, sm, ctx, hit[1], self._surroundings(board, u))
        return hit[1]

    def _surroundings(self, board: Board, u: UnitState) -> tuple | None:
        """What :meth:`move_surroundings` says ``u``'s verdict reads, with the unit lists of its
        hexes as this position holds them (by identity: a position's lists are never changed,
        the audit's index copies one before changing it), or None."""
        got = self.move_surroundings(board, u)
        if got is None:
            return None
        key, hexes = got
        at = board.at
        return key, hexes, tuple([at.get(h) for h in hexes])

    def _same_surroundings(self, board: Board, u: UnitState, near: tuple) -> bool:
        """Whether ``near`` (:meth:`_surroundings` at an earlier verdict) holds at this position:
        the same key, and the very same unit list (or none) in each of its hexes."""
        got = self.move_surroundings(board, u)
        if got is None or got[0] != near[0] or got[1] != near[1]:
            return False
        at = board.at
        for h, units in zip(near[1], near[2]):
            if at.get(h) is not units:
                return False
        return True

    def _moves_since(self, board: Board, movers: list[UnitState], ez_of: Callable[[str], Any],
                     kept: dict[int, tuple]) -> list[Finding] | None:
        """The movers' findings without walking them all: when ``movers`` is the list of the last
        call (its ``Position.movers_delta`` says which states were added and taken out), every
        :meth:`move_context` of that call is the same now, no state taken out had findings and
        none added has any, the findings are those of the last call (the states added are judged,
        and kept). None: walk every mover (anything else, or a finding that changes)."""
        walked = self._walked
        delta = board.pos.movers_delta
        if walked is None or delta is None or delta[0] is not walked[0]:
            return None
        last_movers, last_contexts, found, wrong = walked
        _, added, removed = delta
        if wrong and any(id(u) in wrong for u in removed):
            return None
        contexts: dict[tuple[str, str], tuple | None] = {}
        for sm, ctx in last_contexts.items():
            now = self.move_context(board, sm[0], sm[1])
            if now is None or now != ctx:
                return None
            contexts[sm] = now
        judges = self.judges_move
        for u in added:
            if not judges(board, u):
                continue
            sm = (u.side, u.mode)
            ctx = contexts.get(sm)
            if ctx is None:
                ctx = contexts[sm] = self.move_context(board, u.side, u.mode)
                if ctx is None:
                    return None
            if self._move_verdict(board, u, sm, ctx, ez_of, kept):
                return None                    # a new finding: its place is in the movers' order
        self._walked = (movers, contexts, found, wrong)
        return found

    def move_context(self, board: Board, side: str, mode: str) -> tuple | None:
        """Everything besides a unit's own state (its unit, hex, side up, statuses, previous hex,
        path and mode) that :meth:`check_unit_move` reads to judge the move of a unit of
        ``side`` made in ``mode`` at this position, as a key: the same key, the same findings
        (remembered, not judged again). None (the default) = judge every time. A rule set answers only when it can say it cheaply and
        fully (the enemy units' versions, the moment...); whatever else it reads it must
        forget with :meth:`forget_verdicts`."""
        return None

    def move_surroundings(self, board: Board, u: UnitState) -> tuple[tuple, tuple[str, ...]] | None:
        """What the verdict on ``u``'s move reads besides the unit's own state, when the rule set
        can say it locally: (a key of everything but the units on the board (the moment, the
        enemy ZOC as a value...), the hexes whose units it reads). The same key and the same
        units, in the same states, in each of those hexes: the same findings, whatever
        :meth:`move_context` says of the units elsewhere (:meth:`check_moves` keeps the verdict).
        None (the default): the verdict may read any unit."""
        return None

    def forget_verdicts(self) -> None:
        """Forget the move verdicts :meth:`check_moves` remembered."""
        self._verdicts.clear()
        self._by_state.clear()
        self._sharing.clear()
        self._walked = None

    def move_zoc(self, board: Board, side: str) -> Any:
        """The enemy ZOC the moves of ``side``'s units meet, in the form :meth:`move_model` reads
        (default :meth:`enemy_zoc`)."""
        return self.enemy_zoc(board, side)

    def moves_preamble(self, board: Board, ez_of: Callable[[str], Any]) -> list[Finding]:
        """Findings about the moves taken together, before each unit's (``ez_of(side)``: the
        enemy ZOC of ``side``)."""
        return []

    def judges_move(self, board: Board, u: UnitState) -> bool:
        """Whether ``u`` (which has a previous hex) is a unit whose move these rules judge: from
        the unit's own state alone (:meth:`check_moves` keeps the answer while the state is the
        same object)."""
        return True

    def check_unit_move(self, board: Board, u: UnitState, ez: Any) -> list[Finding]:
        """One unit's move, by its mode: a retreat, an advance, a reaction (when the rule set
        knows that mode), else a move (:meth:`check_move`), which, found illegal as logged, is
        tried in the modes a player need not announce (:meth:`unannounced`)."""
        if u.mode == "retreat":
            return self.check_retreat(board, u, ez)
        if u.mode == "advance":
            return self.check_advance(board, u, ez)
        if u.mode == "reaction" and "reaction" in self.modes:
            return self.check_reaction(board, u, ez)
        got = self.check_move(board, u, ez)
        if got and u.mode == "move" and not board.pos.moves_announced:
            got = self.unannounced(board, u, ez, got)
        return got

    def check_move(self, board: Board, u: UnitState, ez: Any) -> list[Finding]:
        """The findings of a move ``u`` made in its own movement (any mode but retreat, advance
        and reaction)."""
        return []

    def unannounced_trials(self, board: Board, u: UnitState, ez: Any) -> list[Trial]:
        """The modes a player may use without announcing them, for a logged move, in the order
        they are tried."""
        return []

    def unannounced(self, board: Board, u: UnitState, ez: Any, found: list[Finding]) -> list[Finding]:
        """A logged move (``Position.moves_announced`` False, mode "move") whose normal reading
        gives ``found``, tried under each of :meth:`unannounced_trials`: legal under one of them →
        no finding; otherwise ``found``, saying which modes were tried (:meth:`tried_too`)."""
        trials = self.unannounced_trials(board, u, ez)
        if not trials:
            return found
        for t in trials:
            if not t.judge():
                return []
        return self.failed_trials(board, u, self.tried_too(found, trials))

    def failed_trials(self, board: Board, u: UnitState, found: list[Finding]) -> list[Finding]:
        """``found`` (illegal under every unannounced trial, :meth:`tried_too`'s wording) as this
        game reports it: a game whose trial failed on a unit value may name the units it read."""
        return found

    def tried_too(self, found: list[Finding], trials: list[Trial]) -> list[Finding]:
        """``found``, each saying that the move is not legal under any of ``trials`` either."""
        names = " or ".join(t.name for t in trials)
        return [Finding(f.rule, f.kind, f"{f.message.rstrip()} It is not legal as {names} either (a move the player "
                        "need not announce).", f.hexes, f.units, f.turn, f.phase,
                        {**f.details, "tried": [t.key or t.name for t in trials]}, f.part) for f in found]

    def check_retreat(self, board: Board, u: UnitState, ez: Any) -> list[Finding]:
        """The findings of a retreat ``u`` made (``mode = "retreat"``)."""
        return []

    def check_advance(self, board: Board, u: UnitState, ez: Any) -> list[Finding]:
        """The findings of an advance after combat ``u`` made (``mode = "advance"``)."""
        return []

    def check_reaction(self, board: Board, u: UnitState, ez: Any) -> list[Finding]:
        """The findings of a reaction move ``u`` made (``mode = "reaction"``)."""
        return []

    # ---- checking --------------------------------------------------------------------------
    def rules(self) -> list[Rule]:
        return []

    def validate_position(self, pos: Position) -> None:
        """Refuse a position this rule set cannot read (raise InputError)."""

    def check(self, pos: Position) -> list[Finding]:
        board = self.board(pos)
        out: list[Finding] = []
        for rule in self.rules():
            if rule.when.applies(pos):
                out.extend(rule.check(board))
        return out

    def board(self, pos: Position) -> Board:
        return Board(pos)

    def finding(self, board: Board, rule: str, kind: str, message: str, hexes: Iterable[str] = (),
                units: Iterable[UnitState | str] = (), *, part: str = "", by: Iterable[UnitState | str] = (),
                **details) -> Finding:
        ids = tuple(u if isinstance(u, str) else u.id for u in units)
        named = tuple(u if isinstance(u, str) else u.id for u in by)
        return Finding(rule, kind, message, tuple(hexes), ids, board.pos.turn, board.pos.phase, details, part, named)

    # ---- unit descriptions -------------------------------------------------------------------
    @staticmethod
    def names(units: Iterable[UnitState]) -> str:
        return ", ".join(f"{u.unit.name} ({u.id})" if u.unit.name != u.id else u.id for u in units)

    def side_name(self, side: str) -> str:
        s = self.game.sides.get(side)
        return s.name if s else side

    # ---- the turn tracker's lag (core/tracker_lag.py) -----------------------------------------
    #: phase ids a player may pass without a click when there is nothing to do in them (the book
    #: lets them be empty): the tracker's lag does not count them (:mod:`.core.tracker_lag`)
    EMPTY_PHASES: frozenset[str] = frozenset()
    #: the segment of the sequence of play (a phase's ``segments``) a turn plays more than once while
    #: the kit's tracker runs it once; "" = none: a log's tracker inside it is no distance from a
    #: phase of it (:mod:`.core.tracker_lag`)
    REPEATED_SEGMENT: str = ""

    @property
    def repeated_phases(self) -> tuple[str, ...]:
        """The ids of the phases of :attr:`REPEATED_SEGMENT`, in sequence order."""
        if not self.REPEATED_SEGMENT:
            return ()
        return tuple(p.id for p in self.game.sequence.phases if self.REPEATED_SEGMENT in p.segments)

    def repeated_at(self, pos: Position) -> tuple[str, ...]:
        """:attr:`repeated_phases` where ``pos`` may be in a later pass of them; () where the log
        shows it in its turn's first pass (a game's rule set tells)."""
        return self.repeated_phases

    def empty_phases(self, pos: Position) -> frozenset[str]:
        """The phases the tracker's lag does not count at ``pos``: :attr:`EMPTY_PHASES`, which the
        book lets be empty on every turn, and those a game's rule set finds the book lets be empty in
        this position (a phase whose play the book makes optional there)."""
        return self.EMPTY_PHASES

    def empty_phases_named(self, pos: Position) -> str:
        """The clause a rule's message gives for the empty phases the tracker's lag does not count at
        ``pos``, built from :meth:`empty_phases` and the phases' names ("" when none)."""
        empty = self.empty_phases(pos)
        names = [p.name for p in self.game.sequence.phases if p.id in empty]
        if not names:
            return ""
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        return f"an empty {listed} passed without a click not counted"

    def lag(self, pos: Position, wanted: Wanted) -> Lag:
        """Whether ``pos`` is in a phase ``wanted`` names, within a log's tracker lag of one, or
        out of it (:func:`.core.tracker_lag.lag_of`, with this game's empty and repeated phases)."""
        return lag_of(pos, wanted, self.empty_phases(pos), self.repeated_at(pos))

    def lag_of_phase(self, pos: Position, turn: int | None, phase: str) -> Lag:
        """:meth:`lag` for one phase of turn ``turn`` (None: any turn's)."""
        return self.lag(pos, one_phase(turn, phase))

    def lag_repeats(self, pos: Position, wanted: Wanted) -> bool:
        """Whether :meth:`lag`'s :attr:`Lag.MAYBE` is only because the tracker stands in this game's
        repeated phases with a wanted one (which pass of them the play is in is unknown), not within
        the tracker's lag of one: a rule's message says which."""
        return repeats(pos, wanted, self.repeated_at(pos)) and lag_of(pos, wanted, self.empty_phases(pos)) is Lag.OUT

    def lag_ahead(self, phase: str, pos: Position | None = None) -> list[str]:
        """The phases after ``phase`` a log's tracker may show while the play is still in it
        (:func:`.core.tracker_lag.ahead`, with this game's empty phases: at ``pos``, :meth:`empty_phases`;
        without it, :attr:`EMPTY_PHASES`, every phase it may show on some turn)."""
        empty = self.EMPTY_PHASES if pos is None else self.empty_phases(pos)
        return ahead([p.id for p in self.game.sequence.phases], phase, empty)

    # ---- history ----------------------------------------------------------------------------
    #: whether the audit hands the moves made in a combat phase to the move rules, as advances
    #: (the phasing side) and retreats (the other side); a rule set that judges them itself,
    #: from what :meth:`remember` records, says False
    combat_moves: bool = True

    def arrival_drifts(self, phase: Phase) -> bool:
        """Whether a unit dragged on the map again in the phase it arrived in (from an off-map box)
        is drifting or scattering, part of its arrival and no move (OM 6.2's drift after a drop),
        in ``phase``; a rule set whose arrivals do not drift in some phase says False there, and
        those drags are judged as moves (or listed as out of phase)."""
        return True

    def combat_attacker(self, phase: Phase, memory: M, pos: Position | None) -> str:
        """The attacking side of the combat phase ``phase``, which the sequence gives no side (a
        phase of whichever player is active), from what the record shows so far (``memory``, and
        ``pos``: the position now, None before the first): its units' drags are advances and the
        other side's retreats. "" when the record does not show it (the default): the drags are
        listed, not judged."""
        return ""

    def combat_moves_in(self, phase: Phase) -> bool:
        """Whether the audit hands the drags of the combat phase ``phase`` to the move rules as
        advances and retreats (:attr:`combat_moves`, for every combat phase unless a rule set
        tells its phases apart)."""
        return self.combat_moves

    def retreats_closed(self, turn: int | None, phase: str, drags: dict[str, tuple[str, str]], memory: M) -> None:
        """The defenders' drags of a log's combat phase (``turn``, ``phase``) the audit closed at a
        die roll or an attacker's move (``drags``: unit id → (the hex the drag began in, the hex it
        ended in)), for rules that measure a retreat dragged on after such a close. Never called
        for an undone step. Nothing by default."""

    def combat_rolls(self, pos: Position, memory: M, rolled: bool) -> None:
        """The die rolls of a log's combat phase whose drags the audit hands over as advances and
        retreats (:meth:`combat_moves_in`), for rules that tell a drag before the phase's first
        combat from one after it: called when the audit sees such a phase begin (``rolled``
        False: no roll yet; ``pos``, its first position) and at the first die roll a file shows in
        it (``rolled`` True; ``pos``, the position at that step: each unit where it stood when the
        first combat was resolved). A file that starts inside the phase gets no call at its start:
        what earlier files of the chain told ``memory`` stands, and a rule set that finds no
        record of the phase's beginning there does not know whether a roll came before the file
        (its first roll then is no sure first of the phase). Nothing by default."""
    #: the type of what :meth:`remember` carries (a :class:`Memory` the game extends)
    memory_type: ClassVar[type[Memory]] = Memory
    #: the fields of :attr:`memory_type` (documented with the game's rules): the audit carries
    #: them from one phase end to the next, a position file states them in ``[state]``
    MEMORY_KEYS: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "MEMORY_KEYS" not in vars(cls):
            cls.MEMORY_KEYS = cls.memory_type.keys()

    def new_memory(self) -> M:
        """Nothing carried yet: the memory at the start of a record."""
        return typing.cast(M, self.memory_type())

    def memory(self, pos: Position) -> M:
        """What was carried to ``pos`` (nothing, when the position has no memory of this rule set)."""
        return typing.cast(M, carried(pos, self.memory_type))

    def read_memory(self, pos: Position) -> None:
        """A position file: its ``[state]`` keys that are fields of :attr:`memory_type` become
        ``pos.memory`` (checked by :meth:`check_memory` once the rule set validated them)."""
        keys = set(self.memory_type.keys())
        mem = self.new_memory()
        for k in [k for k in pos.state if k in keys]:
            setattr(mem, k, pos.state.pop(k))
        pos.memory = mem

    def check_memory(self, pos: Position) -> None:
        """Refuse a memory field a position file states with a value of the wrong type."""
        mem = self.memory(pos)
        for k, v in mem.stated().items():
            why = mem.refusal(k, v)
            if why is not None:
                raise InputError(pos.source or None, why)

    def stated(self, pos: Position) -> dict[str, Any]:
        """``pos.state`` and the memory fields that hold something, by key (what a position file's
        ``[state]`` said: the validators read it)."""
        return {**pos.state, **self.memory(pos).stated()}

    def went_back(self, memory: M) -> None:
        """A log's tracker sent back (Prev or a jump back, not an Undo or a correction of a Next):
        what ``memory`` carries that holds only while the tracker steps forward (none here)."""

    def remember(self, before: Position | None, after: Position, memory: M) -> None:
        """At the end of a phase, record in ``memory`` the facts later rules need (a hex left
        overstacked by a retreat, the phase a marker was placed in...). ``before`` is the
        position at the end of the previous phase (None at the start of a record), ``after``
        the one at the end of this phase, whose ``memory`` is a snapshot of the carried one.
        Rules read these facts from ``pos.memory`` only (:meth:`memory`), so a position file
        can state them."""

    def begin(self, start: Position, memory: M) -> None:
        """At the start of a file, before its first phase end: ``start`` is the position the file
        starts in (its phase, if known; possibly the middle of a phase), ``memory`` what earlier
        files carried (:meth:`new_memory` for the first file of a record). A rule set records in
        ``memory`` what it needs to tell, at its first phase end, what happened before the file
        (the pieces' own states) and what it cannot know."""

    def placed_between(self, start: Position, units: set[str], memory: M) -> None:
        """At the start of a file that does not start where the previous file ended, after
        :meth:`begin`: ``units`` (piece ids and unit ids) stand elsewhere than where that file
        left them: they moved in play no file holds (a missing file, moves made with no log
        running). A rule set forgets what ``memory`` says of where they stood, so that no rule
        judges the gap as a move made in this file (``start`` is the position the file starts in)."""

    def resumed_after_gap(self, start: Position, memory: M) -> None:
        """At the start of a file that does not start where the previous file ended (a piece
        placed differently, or the tracker at another phase: steps are missing, and phase ends may
        be among them), after :meth:`placed_between`: what ``memory`` says the pieces carried at
        the previous phase end may be stale. A rule set forgets it where ``start`` (the position
        the file starts in) differs from it, so that no rule judges the gap's changes, nor a
        phase end no file holds, as this file's."""

    def derive(self, pos: Position, turn_text: str = "") -> None:
        """Fill ``pos.state`` (``pos.memory`` holds the carried memory) with the state the audit
        derives rather than reads: the time of day, the weather... ``turn_text``: what the turn
        tracker shows (its turn and phase names). Keys a position file states are never
        overwritten."""

    # ---- not judged ------------------------------------------------------------------------
    #: rule id → why a log never gives what the rule needs (a declared attack, the active
    #: formation, supply levels the players worked out): the audit lists these as not judged;
    #: a position file that states them is judged
    LOG_PRECONDITIONS: dict[str, str] = {}
    #: rule id → why no rule of the set judges it at all (a die roll's modifiers, a procedure on a
    #: display the kit does not model): the audit of a log or save names each not judged, so a
    #: player sees what was not checked
    NOT_MODELLED: dict[str, str] = {}
    #: rule id → why a log never judges it, though a log may show its situation (a marker a log's
    #: players may place a step after the tracker): judged in position files only. A log names it
    #: not judged where it shows that situation, with its own reason, else with this one; a log that
    #: ends before a phase end does not say it is judged there
    POSITION_FILE_ONLY: dict[str, str] = {}
    #: rule id of :attr:`LOG_PRECONDITIONS` → what of it a log still judges (a branch of its check
    #: that needs nothing a log lacks): such a rule is listed checked in a VASSAL file's report
    #: besides being named not judged; the others (and :attr:`POSITION_FILE_ONLY`'s) are not listed
    #: checked there (:meth:`never_judged_in_a_log`)
    LOG_PARTLY_JUDGED: dict[str, str] = {}
    #: the rule a move beyond its movement allowance breaks (the move model's ``allowance_rule``):
    #: the rule named not judged where the allowance is not summed (a Mat's carry); None: the
    #: move check's own rule
    ALLOWANCE_RULE: str | None = None

    def log_partly_judged(self) -> dict[str, str]:
        """:attr:`LOG_PARTLY_JUDGED` as this rule set's kit reads it: a rule set whose partly judged
        branch runs only under a kit setting leaves the rule out where the kit does not set it."""
        return self.LOG_PARTLY_JUDGED

    def never_judged_in_a_log(self) -> frozenset[str]:
        """The rules no check judges in a log or save (their precondition is never there): a VASSAL
        file's report names them not judged and does not list them checked."""
        return frozenset(self.LOG_PRECONDITIONS).union(self.POSITION_FILE_ONLY) - set(self.log_partly_judged())

    def judged_at_log_end(self, rule_id: str, pos: Position) -> bool:
        """Whether ``rule_id`` is judged at the end of the phase a log ends inside (``pos``, its final
        position, with what was carried to it): not a rule of :attr:`POSITION_FILE_ONLY`. A rule set
        whose rule a log judges at some phase ends only says which here."""
        return rule_id not in self.POSITION_FILE_ONLY

    def not_judged(self, rule_id: str, why: str, about: str | None = None) -> None:
        """Record that ``rule_id`` was not judged because its precondition is unknown (the first
        reason given is kept): never judge on an assumed default. ``about``: the unit an open move's
        reason describes, where the audit judges the move again at each drag: a later reason about
        the same unit replaces its own, so the report names the move as it finally stood; a
        reason about anything else still leaves the first in place."""
        if rule_id not in self._not_judged:
            self._not_judged[rule_id] = why
            self._not_judged_about[rule_id] = about
        elif about is not None and self._not_judged_about.get(rule_id) == about:
            self._not_judged[rule_id] = why

    def unrecorded(self, pos: Position) -> dict[str, str]:
        """Rule id → what the end of ``pos``'s phase would record for that rule to judge at a
        later phase end (a rule judged :attr:`Judged.RECORD`): a record that ends before that phase
        ends never records it, and the audit names the rule not judged. None by default."""
        return {}

    def note(self, rule_id: str, text: str) -> None:
        """Record a note about ``rule_id`` that judges nothing and leaves the check whole: the
        position is an outcome, such as an automatic victory ending the game (the first kept)."""
        self._rule_notes.setdefault(rule_id, text)

    def take_rule_notes(self) -> list[str]:
        """The notes of :meth:`note` as "rule: text", since the last call (and forget them)."""
        out, self._rule_notes = self._rule_notes, {}
        return [f"{rule}: {text}" for rule, text in sorted(out.items())]

    def take_not_judged(self) -> dict[str, str]:
        """Rule id → why it was not judged, since the last call (and forget them)."""
        out, self._not_judged = self._not_judged, {}
        self._not_judged_about = {}
        return dict(sorted(out.items()))

    def supply_status(self, pos: Position, side: str) -> dict[str, str]:
        """Unit id → supply state ("full", "port", "none", ...) for the units of ``side`` that
        need supply; rule sets that trace supply override it."""
        return {}
