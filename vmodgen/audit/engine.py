"""Replay one log through the rules: each step becomes a position; the rules due at that moment
run (those of the current phase during it, those of the phase just ended when the tracker
moves on); a violation is reported once while it lasts.

Moves within a movement phase build each unit's path (hex at the phase start, then every hex
a logged drag put it in), so the ZOC entry/stop rules see it. A path with a jump between hexes
that are not neighbours (a long drag) is handed to the rules as "from the phase-start hex to
here" without a path; for a unit without a movement allowance the jump is filled in with a
shortest path instead, and the move rules report only what rests on hexes the log records
(``UnitState.guessed``: a rule first broken at a guessed hex is reported at the first recorded
hex that breaks it, if any). A unit's moves in a phase are one move: a rule it breaks is
reported once, though the hex it is broken at changes from step to step, and though the phase
goes on in the next file (a file starting in the phase the last one ended in, each unit where
its move had reached: :class:`MoveCarry`) or comes back by Undo or the tracker's Prev; a drag
back to a hex the unit held before such a seam takes the stops since back (a take-back,
audit/takeback.py, whatever came between when the leg withdrawn began before the seam). With a turn
tracker (or a combat phase the log's own die roll started, ``[[phase]] starts = "roll"``), moves
in a combat phase that has a phasing side are advances (that side's units) and retreats (the
other side's), which the retreat and advance rules check. A drag that ends on the hex it started
from, of a unit that had not left that hex in the phase (the stack's order changed), is no move
in any phase (coverage: put back on its hex).

The moment of each drag is kept (:attr:`FileAuditor._clocks`, ``UnitState.times``): for a path
one hex a step (the pieces one step moves share its moment), for the ends of drags over several
hexes (a unit stood on the hexes between at no other unit's moment), across a seam or a return by
Undo or Prev (:class:`MoveCarry` carries them, renumbered before the drags that follow) and
through a take-back after a lost undo, so a rule of the order of moves (IM 3.33) judges them. One breach a move rule and a position rule of
the same rule number both see at one step (a unit entering a hex it may not share) is one
finding, the move's (:func:`merge_same_breach`).

Undo (the replay pairs it: ``Step.undone_by``, ``undo``, ``inverse_of``): a step taken back, an
undo and its inverse commands are never a finding and their moves are on no path. With no
phase to judge moves in (none read, or a tracker left where the moving units do not move),
each player's run of moves (``Step.player``) ends when another player moves: stacking is judged
there. What was judged and what not (and why) is counted in :class:`Coverage`.

At each phase end the rule set records what later rules need (``RuleSet.remember``); the
auditor carries it to later positions and files, and a file can start from another process's
context (``FileAuditor.run(..., context=)``) for a parallel audit. At a file's start the rule set
sees where it starts (``RuleSet.begin``); every position gets the state the rule set derives from
the turn track (``RuleSet.derive``: time of day, weather); a position from a log says its moves'
modes are unknown (``Position.moves_announced``). What a rule set could not judge for want of a
precondition comes back as ``FileAudit.not_judged`` (rule id → why).
"""
from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..errors import InputError
from ..binding.base import Binding
from ..integrity import FileFacts, file_facts
from ..integrity.blank_movers import credit_blank_movers
from ..integrity.naming import PieceNames
from ..model.game import Phase
from ..positions.model import Position
from ..rules.base import Judged, Memory, Rule, RuleSet
from ..rules.finding import Breach, Finding, at_its_hexes, of_hexes, one_move
from ..rules.core.board import neighbour_table
from ..vassal.concealment import private_map_ids
from ..vassal.module import Module
from ..vassal.replay import Replay, ReplayVisitor, Step, iter_log
from ..vassal.replay import chat_lines  # noqa: F401  (the audit runner reads it here)
from ..vassal.savefile import SaveFile
from ..vassal.turns import tracker_states
from ..vassal.gamestate import GameState
from .coverage import (CARRIED, COMBAT_PHASE, FROM_BOX, MAX_LISTED, NO_PHASE, OFF_MAP, OUT_OF_PHASE, PLACED, PUT_BACK, TAKEN_BACK, UNDONE,
                       Coverage, player_of, takes_back, undone_by)
from ..binding.chat_phases import typed_text
from . import duplicates as dup
from . import same_breach
from . import takeback as tbk
from .model import AuditFinding
from ..rules import illustrative
from .concealment import stronger
from .continuity import Seam, seam as seam_between
from .module_fit import file_fit
from .near_enemy import NearEnemies
from .pending import Pending, StateJudged, at_end as pending_at_end, phase_end_words, unit_marks
from .history import StepHistory
from .rolled import step_rolled
from .unrolled import UnrolledCombatMoves
from .by_hand import ByHand, status_markers
from .positions import PositionBuilder
from .stats import FileStats, file_stats


@dataclass
class FileAudit:
    """Everything one file gave: findings, statistics, its first and last state for continuity."""
    path: str
    findings: list[AuditFinding]
    stats: FileStats
    start: dict
    end: dict
    steps: int
    warnings: list[str] = field(default_factory=list)
    final_active: set = field(default_factory=set)
    phases_seen: int = 0
    phase_unknown_steps: int = 0
    #: (step, turn, phase id) where the phase changed (step 0: the starting phase)
    timeline: list = field(default_factory=list)
    #: "log" when written by VASSAL's logger: LOG commands after ``end_save`` (the file's content,
    #: not its step count: a log whose steps decode to nothing is still a log; VASSAL itself loads
    #: a file holding only ``LOG\tnull`` as a loaded game, not as a log to step through), else "save"
    kind: str = "save"
    module_name: str = ""
    vassal_version: str = ""
    #: what the rule set could not judge in this file (sentences for the report's notes)
    notes: list[str] = field(default_factory=list)
    #: what carries over from the previous file (the binding's phase context, the rule set's
    #: memory) as this file started and as it ended: a parallel audit checks they chain up
    start_context: tuple = (None, {}, None)
    end_context: tuple = (None, {}, None)
    #: what the file's own saved boards and move reports say against the module given
    #: (:func:`.module_fit.file_fit`: sentences for the report's warnings)
    module_doubts: list[str] = field(default_factory=list)
    #: what the binding noticed reading this file's pieces (Binding.take_observations)
    observations: dict = field(default_factory=dict)
    #: what was judged and what not (steps, moves, units per side): the report's coverage
    coverage: Coverage = field(default_factory=Coverage)
    #: rule id → why the rule set could not judge it in this file (its precondition cannot be
    #: derived from the log); filled by the rule set's ``take_not_judged`` when it has one
    not_judged: dict[str, str] = field(default_factory=dict)
    #: the rule a Mat's carry after moves by hand leaves not judged (``ALLOWANCE_RULE``, else the
    #: move check's), "" when no move rule is checked: the chain names it once, from all files' carries
    mat_rule: str = ""
    #: rule key → the violations still standing at the file's end, for the rules checked in it
    #: (a violation still standing in a later file is not reported again)
    final_by_rule: dict[str, set] = field(default_factory=dict)
    #: the save's own date (VASSAL's savedata dateSaved, ms since the epoch), "" when absent
    date_saved: str = ""
    #: rolls, undos, seats and versions of the file (vmodgen.integrity.FileFacts)
    integrity: FileFacts | None = None
    #: unit moves taken back by hand (vmodgen.audit.takeback): JSON-ready records
    taken_back: list[dict] = field(default_factory=list)
    #: piece id → side of the units the binding knows (for the integrity's seats: who moved whose units)
    unit_sides: dict[str, str] = field(default_factory=dict, repr=False)
    #: the seam before this file (the pieces placed differently since the file audited before
    #: it ended: :func:`.continuity.seam`), when the audit knew that file's end; None if not
    seam: Seam | None = field(default=None, repr=False)
    #: the phase the file starts in (None: unknown), and, when the auditor was asked to note
    #: them (:attr:`FileAuditor.note_start_hexes`), the hex of each piece at its start: what
    #: a :class:`MoveCarry` from the file before would be put back on (:meth:`MoveCarry.usable`)
    start_phase: tuple | None = None
    start_hexes: dict[str, str | None] | None = field(default=None, repr=False)
    #: a unit that became two pieces: a piece added during the file that another piece already
    #: is (:mod:`.duplicates`: sentences for the report's warnings)
    doubles: list[str] = field(default_factory=list)
    #: the judgments still waiting for the end of the phase this file ends in (:mod:`.pending`):
    #: made or named not judged when this is the last file (between files the next one judges them)
    pending: Pending = field(default_factory=Pending, repr=False)
    #: where the pieces and trackers stood after each step (:mod:`.history`): where the next
    #: file of a chain starts, if not at this one's end
    history: StepHistory | None = field(default=None, repr=False)
    #: drags in a combat phase before any die roll in it (:mod:`.unrolled`: sentences for the
    #: report's warnings)
    unrolled: list[str] = field(default_factory=list)
    #: rule key → where each ``Judged.STATE`` rule was last judged in this file (its last phase
    #: end of the rule's): a later file that reaches no such phase end reads it (:func:`.pending.across_files`)
    state_judged: dict[str, StateJudged] = field(default_factory=dict, repr=False)
    #: the findings of the retreats still open as the file ends in a combat phase, judged where
    #: they stand: the chain's (.run.assemble) unless the next file goes on with them
    retreat_end: list[AuditFinding] = field(default_factory=list)
    #: rule id → why, of :attr:`not_judged`: named by that same closing, dropped with it
    retreat_end_not_judged: dict[str, str] = field(default_factory=dict)
    #: whether the file starts with a retreat of the file before still open (its moves carried)
    goes_on_retreat: bool = False


class Stream(ReplayVisitor):
    """A save/log replayed once, step by step, through the replay's visitor interface (without
    keeping a second copy of the start): iterate it for ``(k, step, state)``; afterwards
    :attr:`steps`, :attr:`players` (as of the start) and :attr:`warnings` are filled in."""

    def __init__(self, save: SaveFile, apply_boards, warnings: list[str], stacking=None) -> None:
        self.save = save
        self.apply = apply_boards
        self.stacking = stacking        # the module: stacking off on a map, pieces that never stack
        self.warnings = warnings
        self.steps: list[Step] = []
        self.players: list[tuple[str, str]] = []
        #: the last position as VASSAL saves it (what the next file of a chain starts from)
        self.saved_state: GameState | None = None
        #: names and hexes of the pieces of undone steps and of the pieces the integrity lists
        #: (added, removed, values set, moved), for the integrity report (set by the caller)
        self.names: PieceNames | None = None

    def start(self, state) -> None:
        self.players = list(state.players)
        if self.names is not None:
            self.names.begin(state)

    def visit_step(self, step: Step, state) -> None:
        self.steps.append(step)
        if self.names is not None:     # what the integrity lists, as the replay sees it now
            self.names.visit(step, state)

    def saved(self, state) -> None:
        self.saved_state = state

    def __iter__(self):
        return iter_log(self.save, self, apply_boards=self.apply, warnings=self.warnings,
                        stacking=self.stacking)


#: shortest paths a → b, layer by layer: each hex with its predecessors on them
_Dag = list[list[tuple[str, list[str]]]]
#: a drag over more hexes than this is not filled in with a shortest path
MAX_DRAG = 30


def _states(rp):
    if isinstance(rp, Stream):
        yield from rp
        return
    for k, state in rp.states():
        yield k, (rp.steps[k - 1] if k else None), state


def rule_key(rule: Rule) -> str:
    return f"{rule.id}|{rule.title}|{rule.kind}"


def checks_moves(rule: Rule) -> bool:
    """A rule that reads units' moves (previous hex, path; ``When.moves``, as ``MOVES`` says):
    those exist only in movement phases (and combat phases, for retreats and advances)."""
    return rule.when.moves


def needs_phase(rule: Rule) -> bool:
    return rule.when.at != "any" or bool(rule.when.kinds) or checks_moves(rule)



def file_kind(rp: "Replay | Stream") -> str:
    """"log" when VASSAL's logger wrote it (:attr:`SaveFile.is_log`: LOG commands after
    ``end_save``); a replay without its file: by its steps."""
    save = getattr(rp, "save", None)
    if isinstance(save, SaveFile):
        return "log" if save.is_log else "save"
    return "log" if rp.steps else "save"


class FileAuditor:
    """Audits one file with a binding, a module and a rule set."""

    def __init__(self, binding: Binding, module: Module | None, ruleset: RuleSet) -> None:
        self.binding = binding
        self.module = module
        self.rs = ruleset
        from ..binding.base import ReplayOnlyBinding
        self.rules = [] if isinstance(binding, ReplayOnlyBinding) else ruleset.rules()
        ruleset.states_fixed = True    # PositionBuilder makes a new unit state for every change
        #: which illustrative values a verdict read (vmodgen.rules.illustrative); None when the kit
        #: or binding has none (nothing to say, nothing to compute)
        self.annotator = illustrative.annotator_for(ruleset, binding)
        self.cache: dict = {}          # piece readings, shared by the files this auditor reads
        self.points: dict = {}         # map point → label and hex, shared while the boards stay
        self.looks: dict = {}          # PieceNames.looks: pieces named by their look, for every file
        #: facts the rule set carries from one phase end to the next (RuleSet.remember), across files
        self.memory: Memory = ruleset.new_memory()
        #: name the pieces of undone steps in full (``--reveal-hidden``), not as an opponent sees them
        self.reveal_hidden = False
        self._last_end: Position | None = None   # the position at the end of the last phase seen
        #: rule key → where each ``Judged.STATE`` rule was last judged in the file being audited
        self._state_judged: dict[str, StateJudged] = {}
        self._paths_ok: dict[tuple[str, ...], bool] = {}   # path → all map hexes, each next to the last
        self._turn_texts: dict[tuple, str] = {}            # tracker states → what the trackers show
        #: the rule set derives state from the positions (RuleSet.derive is overridden)
        self._derives = bool(self.rules) and type(ruleset).derive is not RuleSet.derive
        self._begins = bool(self.rules) and type(ruleset).begin is not RuleSet.begin
        #: the rule set is told of a combat phase's beginning and first roll (RuleSet.combat_rolls)
        self._rolls = bool(self.rules) and type(ruleset).combat_rolls is not RuleSet.combat_rolls
        #: the rule set forgets where units stood when a file does not start where the last ended
        self._gaps = bool(self.rules) and type(ruleset).placed_between is not RuleSet.placed_between
        self._resumes = bool(self.rules) and type(ruleset).resumed_after_gap is not RuleSet.resumed_after_gap
        #: the phase the last file ended in (None: unknown, or no file yet): a next file starting at
        #: another is no continuation of it (:meth:`RuleSet.resumed_after_gap`)
        self._end_phase: tuple | None = None
        #: the snapshot of the end of the file audited before (None: none, or not this auditor's)
        self._before: dict | None = None
        #: the seam before the file being audited (:func:`.continuity.seam`), once worked out
        self._seam: Seam | None = None
        #: the seam before the next file :meth:`run` audits, when its caller knows it already
        self.known_seam: Seam | None = None
        #: note each file's pieces' hexes at its start (``FileAudit.start_hexes``): a parallel
        #: audit's worker, whose file may go on with moves another process carries
        self.note_start_hexes = False
        #: (path, side) → the path's drags filled in with shortest paths (or None), the enemies'
        #: version it was last worked out or confirmed at, the hexes it read and which of them were next to enemies
        self._filled: dict[tuple, tuple] = {}
        self._dags: dict[tuple[str, str], _Dag | None] = {}  # (a, b) → the hexes on its shortest paths
        #: (a, b) → the hexes strictly between a and b on its shortest paths
        self._dag_hexes: dict[tuple[str, str], frozenset] = {}
        #: (a, b, those of them next to enemies) → the shortest path chosen
        self._segments: dict[tuple, tuple[str, ...]] = {}
        #: the hexes next to each side's units, with a version per side (what filled drags depend on)
        self._near = NearEnemies(self._neighbours, self._on_map)
        #: piece id → (view, path, (side, enemies' version) or None, route, inferred entry): the
        #: last route :meth:`_moves` found for it, valid while these inputs stay the same
        self._route_memo: dict[str, tuple] = {}
        #: :meth:`_moves`'s answer, kept up to date per change, and its inputs besides the
        #: pieces' views and paths (attacker, mode)
        self._mv_out: dict[str, tuple] = {}
        self._mv_key: tuple | None = None
        #: side → the pieces whose entry filled a drag in by that side's enemies' hexes, and
        #: the enemies' versions they were read at
        self._mv_live: dict[str, set[str]] = {}
        self._mv_sides: dict[str, tuple] = {}
        #: piece id → (unit id, its ``inferred`` entry): set again at every call
        self._mv_got: dict[str, tuple] = {}
        #: the piece ids whose entry the last :meth:`_moves` may have changed (None: any)
        self.mv_changed: set[str] | None = None
        #: pieces the steps re-read since the last :meth:`_moves` (new views, maybe new paths);
        #: None: every piece (a new file, phase or board)
        self._mv_dirty: set[str] | None = None
        #: (message, hexes, units, their filled-in routes) → whether a finding is on record
        #: (piece id, step) → why that unit move of the current phase was not judged (a reason of
        #: the coverage, or PLACED), its out_of_phase entry and its phase (PLACED) or its kind out
        #: of phase (COMBAT_PHASE, FROM_BOX or ""): a take-back by hand moves it
        self._counted: dict[tuple[str, int], tuple[str, dict | None, str]] = {}
        #: piece ids of the units that left their hex in the current phase (a drag of one of the
        #: others that ends on the hex it started from is no move: PUT_BACK)
        self._left: set[str] = set()
        #: units that arrived on the map in this phase (from off the map, in a phase where units arrive)
        self._arrived: set[str] = set()
        #: the moves of the phase the last file ended in (:class:`MoveCarry`): the next file,
        #: starting in the same phase, goes on with them (a move saved mid-phase and continued)
        self._carry: MoveCarry | None = None
        #: piece id → how many hexes of its path a :class:`MoveCarry` put back (the stops of its
        #: move before the seam, or before the Undo or Prev): handed to the take-back tracker
        self._carried: dict[str, int] = {}
        #: unit ids a take-back cut back to a stop before the seam (:meth:`_take_back`): their
        #: move findings so far are no longer "this move's" (a break after the cut is news)
        self._untold: set[str] = set()
        #: piece id → (hex, moment) for each hex of its path in the current phase: when the drag
        #: that put it there was made (a count of drags, growing through the file; the start hex
        #: -1: held since before). Only drags followed here give moments: a path another way made
        #: (a take-back by hand, moves carried across a seam) has none past where the two agree,
        #: and its moments are unknown (``UnitState.times`` None)
        self._clocks: dict[str, list[tuple[str, int]]] = {}
        self._tick = 0

    def run(self, save: SaveFile, name: str, context: tuple | None = None,
            before: dict | None = None) -> FileAudit:
        """Audit one file in a single pass over its commands. ``context``: continue from
        another process's file (its ``end_context``; ``before``: its ``end`` snapshot, if known)
        instead of this auditor's last file. (:attr:`known_seam`: the seam between ``before``
        and this file as another process read the file, if known: not worked out again.)"""
        self._seam, self.known_seam = self.known_seam, None
        if context is not None:
            self._before = before
            self._end_phase = None      # (another process's file: only the seam tells a gap)
            self.binding.set_phase_context(context[0])
            self.memory = copy.deepcopy(context[1])
            self._carry = context[2] if len(context) > 2 else None
        start = (self.binding.phase_context(), copy.deepcopy(self.memory), self._carry)
        self._last_end = None          # remember() never looks across files: the same in parallel
        self._state_judged = {}        # (a state rule's verdict of a file before: pending.across_files)
        # on the tree the replay parses anyway (parsed once, and never every file's at once)
        doubts, warnings = file_fit(name, save, self.module) if self.module is not None else ([], [])
        apply = self.module.apply_board_command if self.module is not None else None
        stream = Stream(save, apply, warnings, self.module)
        if self.module is not None:
            stream.names = PieceNames(self.module.locate, self.module.prototypes, self.reveal_hidden,
                                      private_map_ids(self.module), looks=self.looks)
        else:
            stream.names = PieceNames(reveal=self.reveal_hidden, looks=self.looks)
        try:
            fa = self.run_replay(stream, name, warnings)
        except InputError as exc:       # a limit met while replaying (a BoardPicker) names the file
            raise exc.at(save.path or name) from None
        fa.module_doubts = doubts
        fa.integrity = file_facts(save, stream.steps, recorder=fa.stats.recorder,
                                  module_sides=self.module.dice_sides if self.module is not None else None,
                                  module_formats=self.module.dice_formats if self.module is not None else None,
                                  names=stream.names, unit_sides=fa.unit_sides, claims=self._claims)
        for t in fa.taken_back:
            t["player"] = t["player"] or fa.stats.recorder or ""
        fa.integrity.taken_back = fa.taken_back if self.rules else None
        fa.module_name = save.module_name
        fa.vassal_version = save.vassal_version
        fa.date_saved = save.savedata.date_saved if save.savedata is not None else ""
        fa.start_context = start
        fa.end_context = (self.binding.phase_context(), copy.deepcopy(self.memory), self._carry)
        fa.seam = self._seam
        fa.observations = self.binding.take_observations()
        return fa

    def run_replay(self, rp: "Replay | Stream", name: str, warnings: list[str] | None = None) -> FileAudit:
        b = self.binding
        game = b.game
        builder = PositionBuilder(b, self.module, self.cache, self.points, self.rs.status_aliases)
        findings: list[AuditFinding] = []
        active: dict[str, set] = {}
        start_snapshot: dict = {}
        start_phase: tuple | None = None
        start_hexes: dict[str, str | None] | None = None
        prev_pos: Position | None = None
        prev_phase: tuple | None = None
        phase_start_hex: dict[str, str] = {}
        paths: dict[str, list[str]] = {}
        self._clocks = {}
        phases_seen = 0
        unknown = 0
        first_eval: dict[str, bool] = {}
        pos_version = -1
        cur_pos: Position | None = None
        timeline: list = []
        # combat-phase moves are retreats and advances only where the phase is known for sure
        # (a turn tracker, or the log's own die roll: [[phase]] starts = "roll") and has a phasing
        # side (the attacker): a phase read from chat lags
        # (TLD's landings fall in "combat" phases), and a combat phase of both sides (IM) cannot
        # tell the attacker's advance from the defender's retreat unless the rule set reads the
        # attacker from the record (RuleSet.combat_attacker)
        tracker_phases = b.phase_source == "turn tracker"
        cov = Coverage(illustrative_known=self.annotator is not None)
        no_allowance = self._no_allowance_field()
        #: unit id → (the path judged for a drag over several hexes, a shortest one filled in;
        #: the indices of its hexes no drag ended on: ``UnitState.guessed``, which the move rules
        #: report nothing on)
        inferred: dict[str, tuple] = {}
        #: (rule, units) → the finding reported for it in this phase's moves: a unit's moves in a
        #: phase are one move, which gets one finding per rule it breaks, though the hex the rule
        #: is broken at changes from step to step (a unit carried along, a guess filled in again);
        #: (rule, hexes, part) for a breach of hexes whichever units (finding.one_move)
        told: dict[tuple, AuditFinding | None] = {}
        #: (rule, hexes, part) of ``told`` told in the file before (its value None) → the units its
        #: finding named (MoveCarry.named)
        told_named: dict[tuple, tuple[str, ...]] = {}

        def named_of(told: dict) -> dict[tuple, tuple[str, ...]]:
            """What a carry keeps of the breaches of hexes told (:attr:`MoveCarry.named`)."""
            return {key: f.units if f is not None else told_named.get(key, ()) for key, f in told.items()
                    if of_hexes(key)}

        #: the file's end closes the retreats and advances still open: a break of a breach of hexes
        #: already told is not added to its finding (the record stops mid-advance), it is its own
        closing_file = False
        # an undone step, an undo and an undo's inverse commands are no one's violation: what
        # they show is never reported (and does not count as standing: it was taken back)
        suppress = False
        inferred_end = ""              # "" or the player whose run of moves an end check closes
        run_player = ""                # inferred turns: the player who moved last
        run_phase: tuple | None = None  # the phase of that player's last move
        run_inferred = False           # that player's run of moves is judged by inference
        run_steps = 0                  # the steps of that run so far (counted once it is judged)
        takebacks = tbk.TakeBackTracker()   # drags back by hand (audit/takeback.py)
        #: (turn, phase) → the moves of a phase left, for a return to it by Undo or Prev
        left_moves: dict[tuple, MoveCarry] = {}
        #: (turn, phase) of the combat phases whose first roll in this file the rule set was told of
        rolls_told: set[tuple] = set()
        taken: list[dict] = []
        self._counted.clear()
        self._left.clear()
        self._arrived.clear()
        self._carried = {}
        self._mv_dirty = None

        #: each breach reported in this file → its finding (a breach standing on is added to it)
        reported: dict[Breach, AuditFinding] = {}
        by_key = {rule_key(r): r for r in self.rules}

        #: the additions to standing breaches made by the check under way in finish_retreats (given
        #: there the step of their units' own drags); None outside it
        closing_adds: list[dict] | None = None

        def join(old: AuditFinding | None, f: Finding, pos, step_no: int, at: str) -> None:
            """``f``, found again of the breach ``old`` reported, adds what ``old`` does not name."""
            if old is not None and same_breach.adds(old, f.hexes, f.units):
                entry = same_breach.note(old, self._finding(f, pos, name, step_no, at))
                if entry is not None and closing_adds is not None:
                    closing_adds.append(entry)

        def emit(rule: Rule, pos, found, step_no: int, at: str) -> None:
            rk = rule_key(rule)
            keys: dict[Breach, Finding] = {}
            for f in found:          # the breach each is (AuditFinding.key, without building it yet)
                keys.setdefault(rule.breach(f), f)
            before = active.get(rk, set())
            if suppress and at == "during":
                # what an undone step or an undo shows is nobody's violation, and what stood
                # before it still stands (the end of the phase before it is the position before
                # the step: judged as usual)
                return
            is_first = rk not in first_eval
            first_eval.setdefault(rk, True)
            move = at == "during" and checks_moves(rule)
            for k, f in keys.items():
                if k in before:        # standing: at new hexes or with new units, named in it
                    join(reported.get(k), f, pos, step_no, at)
                    continue
                carried_on: list[str] | None = None
                if move and one_move(k) in told:
                    old = told[one_move(k)]
                    if not k.units and k != at_its_hexes(f):
                        # a breach of hexes whichever units: it went on while no unit its finding
                        # named left the hexes (one that left may have brought them back within the
                        # limit: then a new breach, rv-k23 item 9, never a lost one)
                        named = old.units if old is not None else told_named.get(one_move(k), ())
                        if set(named) <= set(f.units) and not closing_file:
                            if old is not None:
                                join(old, f, pos, step_no, at)
                                continue
                            # told in the file before: what joined it is its addition there (run.assemble)
                            carried_on = [u for u in f.units if u not in named]
                            if not carried_on:
                                continue
                    else:
                        if k != at_its_hexes(f):    # a breach its rule declares: what joined it is named in it
                            join(old, f, pos, step_no, at)     # (None: told in the file before)
                        continue       # this move broke the rule at an earlier step: reported then
                af = self._finding(f, pos, name, step_no, at)
                if carried_on is not None:
                    names = dict(zip(af.units, af.unit_names))
                    af.details["went_on"] = [{"step": step_no, "hexes": [], "units": carried_on,
                                              "unit_names": [names[u] for u in carried_on]}]
                    af.details["goes_on_before"] = True
                af.breach = k
                af.details["from_start"] = is_first
                filled = [inferred[u][0] for u in f.units if u in inferred]
                if filled and checks_moves(rule):
                    af.details["path_inferred"] = list(filled[0])
                    af.message += (" (a drag over several hexes: judged at the hexes where the log's "
                                   "drags ended)")
                if inferred_end:
                    af.phase_name = f"{inferred_end}'s moves (turn inferred)"
                    af.details["turn_inferred"] = inferred_end
                findings.append(af)
                reported[k] = af
                if move:
                    told[one_move(k)] = af
            active[rk] = set(keys)

        def restore_reported(dropped: list[AuditFinding]) -> list[Rule]:
            """After a take-back withdrew ``dropped``: a breach still standing is the finding of it
            left in the file (an addition then joins that one, rv-k23 item 3), or, with none left
            and withdrawn for resting on a withdrawn drag, its rule, to report it again as it stands
            (its key taken out of the standing set: rv-k23 item 5). Returns those rules."""
            standing = {k for keys in active.values() for k in keys}
            again: dict[str, Rule] = {}
            for f in dropped:
                k = f.key
                if reported.get(k) is not f:
                    continue
                rest = next((e for e in reversed(findings) if e.key == k), None)
                if rest is not None:
                    reported[k] = rest
                    continue
                del reported[k]
                if k in standing and not k.units and f.at == "during":
                    for rk, keys in active.items():
                        if k in keys:
                            keys.discard(k)
                            again.setdefault(rk, by_key[rk])
            return list(again.values())

        def check(pos, rules: list[Rule], step_no: int, at: str) -> None:
            board = self.rs.board(pos)
            lo = len(findings)
            for rule in rules:
                emit(rule, pos, list(rule.check(board)), step_no, at)
            if at == "during" and len(findings) - lo > 1:
                merge_same_breach(findings, lo, {id(f) for f in told.values()})

        def close_run(pos, step_no: int) -> None:
            """Moves with no phase to judge them in (none known, or the tracker left in a phase
            where those units do not move): the end of a player's run of moves is the end of
            that player's turn as far as the log shows; judge stacking there, in the position
            with no phase (every side's stacking counts)."""
            nonlocal inferred_end, run_steps
            due = [r for r in self.rules if r.kind == "stacking" and needs_phase(r) and not checks_moves(r)]
            if pos is None:
                return
            # the coverage counts the steps of runs judged so, not of runs a phase end closed
            cov.steps_turn_inferred += run_steps
            run_steps = 0
            pos = copy.copy(pos)
            pos.phase, pos.side, pos.at = "", "", "end"
            inferred_end = run_player
            try:
                check(pos, due, step_no, "end")
            finally:
                inferred_end = ""
            cov.inferred_turn_ends.append({"step": step_no, "player": run_player})

        #: (step, position) of the last check of a combat phase's position with a defender's retreat
        #: or an attacker's advance still open (``Position.retreats_open``): judged again as
        #: finished when it closes
        open_retreat: tuple[int, Position] | None = None

        def finish_retreats(at_end: bool = False) -> None:
            """The retreats and advances of the last open position, closed (an attacker's move,
            a die roll; ``at_end``: the phase end, or the file's end for :func:`.run.assemble` to
            keep or drop, ``Position.retreats_closed_at_end``):
            the move rules judge them as finished, each at the step of its own last drag (a
            retreat or advance dragged hex by hex ends where its last drag ended, not at each drag
            before it)."""
            nonlocal open_retreat, suppress, closing_adds
            if open_retreat is None:
                return
            at_step, pos = open_retreat
            open_retreat = None
            done = copy.copy(pos)
            done.retreats_open = False
            done.retreats_closed_at_end = at_end
            due = [r for r in self.rules if checks_moves(r) and r.when.at == "any" and r.when.applies(done)]
            self.rs.forget_verdicts()      # a verdict kept for the open retreat is not the finished one's
            # the closing step may be an undo (a redo that ends the phase) but the retreat it
            # closes was made before it and stands: judged as usual
            was, suppress = suppress, False
            lo = len(findings)
            closing_adds = []
            try:
                check(done, due, at_step, "during")
            finally:
                suppress = was
                added, closing_adds = closing_adds, None
            self.rs.forget_verdicts()
            # each retreat at its own last drag (the step that gave its path the length it has in
            # that position), not at the last step checked; so is each unit added to a standing
            # breach (one of a drag of several, the others dragged back: the drag's step, rv-q25)
            # (a one-hex move may come with no path: its previous hex and its hex)
            lengths = {u.id: len(u.path or ()) or 2 for u in pos.units if u.path or u.previous}

            def last_drag(units) -> int | None:
                steps = [drag_steps[uid][lengths[uid]] for uid in units
                         if uid in lengths and lengths[uid] in drag_steps.get(uid, {})]
                return max(steps) if steps else None

            for af in findings[lo:]:
                af.step = last_drag(af.units) or af.step
            for entry in added:
                if entry["units"]:
                    entry["step"] = last_drag(entry["units"]) or entry["step"]

        #: unit id → path length → the step of the drag that gave the unit's path that length in
        #: this combat phase (an undo cuts the path back to a length an earlier drag gave)
        drag_steps: dict[str, dict[int, int]] = {}

        #: (step, position) of the last die roll in the combat phase under way: every combat before
        #: it is complete in the record (its retreats and advances made), for a file ending in it
        settled: tuple[int, Position] | None = None
        goes_on = False                # the file starts with a retreat of the file before open
        doubles: list[str] = []        # a unit that became two pieces (vmodgen.audit.duplicates)
        seconds = dup.SecondPieces(builder)
        by_hand = ByHand(b.map, self.reveal_hidden, status_markers(self.rs), self._backwards)   # (.by_hand)
        self._typed = None             # the last chat line a player typed: (step, text)
        #: chat line → the roll a player typed in it (.rolled; read again by the file's facts)
        self._claims: dict[str, tuple | None] = {}
        history = StepHistory()
        formats = self.module.dice_formats if self.module is not None else None
        unrolled = UnrolledCombatMoves(self.reveal_hidden)
        for k, step, state in _states(rp):
            rolled = step_rolled(step, formats, self._claims)   # its chat reports a die roll (one definition: .rolled)
            by_hand.before(step, builder)
            changed = builder.update(state, step)
            history.note(k, state, builder.touched if k else None)
            seconds.note(state, builder.touched)
            if step is not None and step.chat:
                typed = [t for t in map(typed_text, step.chat_text) if t and t.strip()]
                if typed:
                    self._typed = (k, typed[-1].strip())
            if k and step is not None and step.created and undone_by(step) is None and not takes_back(step):
                doubles += [dup.sentence(Path(name).name, k, *d, reveal=self.reveal_hidden)
                            for d in seconds.found(state, step.created)]
            self._note_touched(builder.touched)
            self._note_changes(builder, changed, k == 0 or step.boards)
            ph = b.phase_for(step, state)
            if k == 0:
                start_snapshot = snapshot(state, builder)
                start_phase = ph
                if self.note_start_hexes:
                    start_hexes = {pid: v.hex for pid, v in builder.views.items()}
                carry, self._carry = self._carry, None
                if carry is not None and ph is not None and carry.phase == ph:
                    # the file starts in the phase the last one ended in: its moves go on
                    # (a drag back to a stop before the seam is a take-back: the stops go to the
                    # tracker once step 0 is checked, with what stands at the file's start)
                    self._carried = carry.restore(builder, phase_start_hex, paths, told, self._left,
                                                  self._clocks, self._tick + 1, told_named)
                    self._tick += carry.moments() + 1
                if self._before is not None:   # the seam, once: the order check reads it too
                    sm = self._seam
                    # (a seam another process read: the same file, read again here)
                    self._seam = (dataclasses.replace(sm, start=start_snapshot)
                                  if sm is not None and sm.end is self._before else
                                  seam_between(self._before, start_snapshot))
                moved = set(self._seam.units) if self._gaps and self._seam is not None else set()
                # steps missing before the file: pieces placed differently, or the tracker elsewhere
                # (the same turn and phase at both ends: no phase end lies in the gap, and what the
                # memory holds from the last phase end still stands: review rv-u25 item 1)
                differs = self._end_phase is None or ph is None or ph != self._end_phase
                gap = self._resumes and self._seam is not None and differs and (
                    self._seam.count > 0 or None not in (self._end_phase, ph))
                if self._begins or moved or gap:   # where the file starts, for what happened before it
                    start_pos = builder.position(turn=ph[0] if ph else None, phase=ph[1] if ph else "",
                                                 side="", at="during", source=name)
                    if self._begins:
                        self.rs.begin(start_pos, self.memory)
                    if moved:          # placed differently since the last file ended: not this file's moves
                        self.rs.placed_between(start_pos, moved, self.memory)
                    if gap:
                        self.rs.resumed_after_gap(start_pos, self.memory)
            if ph is None:
                unknown += 1
            back = step is not None and takes_back(step)
            suppress = step is not None and (back or undone_by(step) is not None)
            if step is not None:
                cov.steps += 1
                if ph is not None:
                    cov.steps_phase_known += 1
            if ph != prev_phase or k == 0:
                timeline.append((k, ph[0] if ph else None, ph[1] if ph else ""))
                cov.runs.append({"start": k, "turn": ph[0] if ph else None, "phase": ph[1] if ph else "",
                                 "steps": 0, "sides": {}})
            cov.runs[-1]["steps"] += 1
            # the phase before this step has ended: its end-of-phase rules see the last position
            # (not when the tracker went back: an undone or corrected advance ends no phase; nor
            # at a tracker's advance a later Undo takes back: VASSAL's Undo sets the tracker's old
            # state again, BasicLogger.undo, and the phase goes on. An Undo that takes back an
            # Undo of a Next makes the Next again: forward, it ends the phase. A Prev right after
            # a Next, no step between, is the same correction as an Undo (Step.corrected_by). A phase read from
            # chat stays where the line put it, though VASSAL's Undo does write a retraction,
            # ``* UNDO: <line>`` (TLD file 2, 840 -> 841): the binding never reverts a chat
            # phase, and reverting it there would lose TLD's stacking findings at file 2 step 840)
            began = False                  # the tracker moved on into this step's phase
            if prev_phase is not None and ph != prev_phase and prev_pos is not None:
                phases_seen += 1
                undo_back = step is not None and step.undo and not step.redo
                taken_back = step is not None and (undo_back or (
                    (undone_by(step) is not None or step.corrected_by is not None)
                    and b.phase_source == "turn tracker"))
                if not taken_back and not self._backwards(prev_phase, ph):
                    finish_retreats(at_end=True)
                    began = True
                    cov.phase_ends += 1
                    end_pos = prev_pos
                    end_pos.at = "end"
                    end_pos.memory = self.memory.snapshot()
                    due = [r for r in self.rules if r.when.at == "end" and r.when.applies(end_pos)]
                    check(end_pos, due, k, "end")
                    states = [r for r in due if r.judged is Judged.STATE]
                    if states:         # for a file that ends before the next phase end (pending.py)
                        ended = game.sequence.phase(prev_phase[1])
                        last = StateJudged(unit_marks(end_pos), phase_end_words(
                            end_pos, ended.name if ended is not None else "", name), prev_phase, k)
                        for r in states:
                            self._state_judged[rule_key(r)] = last
                    if self.rules:
                        self.rs.remember(self._last_end, end_pos, self.memory)
                        self._last_end = end_pos
                        # what that phase end recorded (an arrival) is judged at that phase end
                        recheck = [r for r in self.rules if r.judged is Judged.REMEMBERED
                                   and r.when.at == "any" and r.when.applies(end_pos)]
                        if recheck:
                            recorded = copy.copy(end_pos)
                            recorded.memory = self.memory.snapshot()
                            check(recorded, recheck, k, "end")
                elif not taken_back and self.rules:
                    self.rs.went_back(self.memory)     # Prev or a jump back, not a correction
                # the phase left keeps its moves for a return to it (an undone Next, Prev)
                if phase_start_hex:
                    left_moves[prev_phase] = MoveCarry.of(prev_phase, phase_start_hex, paths, told, self._left,
                                                          self._clocks, named_of(told))
                else:
                    left_moves.pop(prev_phase, None)
                # an Undo, or a tracker sent back (within known turns: _backwards)
                undone = undo_back
                back_in = ph is not None and (undone or self._backwards(prev_phase, ph))
                again = left_moves.get(ph) if back_in and ph is not None else None
                if back_in:
                    # a phase end judged and then taken back: its verdict read a position that
                    # stood, but the words say the phase went on (pending.py names it)
                    for rk, sj in list(self._state_judged.items()):
                        if sj.phase == ph and not sj.undone:
                            self._state_judged[rk] = sj.taken_back(
                                k, "an Undo" if undone else "the tracker sent back")
                settled = None
                phase_start_hex.clear()
                paths.clear()
                self._clocks.clear()
                inferred.clear()
                told.clear()
                told_named.clear()
                drag_steps.clear()
                takebacks.reset()
                self._counted.clear()
                self._left.clear()
                self._arrived.clear()
                self._carried = {}
                if again is not None:
                    # back in a phase by Undo or Prev: its moves so far go on (one move per unit)
                    self._carried = again.restore(builder, phase_start_hex, paths, told, self._left,
                                                  self._clocks, self._tick + 1, told_named)
                    self._tick += again.moments() + 1
                    for key in [key for key, f in told.items() if f is None and of_hexes(key)]:
                        # a breach of hexes told in this file: its finding goes on (rv-k23 item 6)
                        told[key] = next((f for f in reversed(findings) if one_move(f.key) == key), None)
                    self._carry_stops(takebacks, builder, paths, active)
                self._mv_dirty = None
                pos_version = -1
            # moves of this step, within a movement phase
            phase_info = game.sequence.phase(ph[1]) if ph else None
            phase_side = phase_info.side if phase_info is not None else ""
            # what drags on the map are in this phase (the binding's [[phase]] moves, else by kind)
            drags = phase_info.unit_moves if phase_info is not None else "none"
            if drags == "combat" and not phase_side and phase_info is not None:
                # a combat phase of whichever player is active (IM): the attacker as the record shows it
                phase_side = self.rs.combat_attacker(phase_info, self.memory, cur_pos)
            moving = drags == "movement" or (drags == "combat" and bool(phase_side) and phase_info is not None
                                             and self.rs.combat_moves_in(phase_info) and (
                tracker_phases or phase_info.moves == "combat" or phase_info.starts == "roll"))
            unrolled.note(k, step, rolled, ph, phase_info, moving, suppress, builder)
            doubles += by_hand.note(name, k, step, state, builder, ph, phase_info, suppress, rolled)
            judged = off = 0
            if step is not None and step.moves:
                judged, off = self._count_moves(step, state, builder, cov, ph, phase_info, moving, suppress,
                                                no_allowance)
            # moves no phase judges (none known, or the tracker left in a phase where those units
            # do not move): a player's turn is inferred from who moves. Another player moving so
            # while the phase stayed the same ends the last player's run of moves: judge it
            mover = player_of(step) if (judged or off) and not suppress else ""
            if mover and self.rules and (ph is None or b.phase_source == "turn tracker"):
                off_only = bool(off) and not judged
                if run_player and mover != run_player and off_only and run_phase == ph:
                    close_run(prev_pos, k - 1)
                if not (mover == run_player and run_phase == ph):
                    run_steps = 0          # another player's run, or the tracker moved on: a new run
                run_inferred = off_only or (mover == run_player and run_inferred and run_phase == ph)
                run_player, run_phase = mover, ph
            if run_player and run_phase == ph and step is not None:
                # a step of the run (a tracker moved on ends it: that phase's own end judges it,
                # and none of its steps counts as judged by an inferred turn)
                run_steps += 1
            if self._rolls and ph is not None and moving and drags == "combat" and not suppress and (
                    began or rolled and ph not in rolls_told):
                # the phase's beginning, and the first roll of it this file shows (RuleSet.combat_rolls;
                # a beginning again, after the tracker went back, may start a new record: its roll is news)
                if began:
                    rolls_told.discard(ph)
                if rolled:
                    rolls_told.add(ph)
                self.rs.combat_rolls(builder.position(turn=ph[0], phase=ph[1], side=phase_side, at="during",
                                                      source=name), self.memory, bool(rolled))
            if step is not None and moving and drags == "combat" and not suppress and (step.chat or step.moves):
                closed_drags: dict[str, tuple[str, str]] = {}
                closed = self._close_retreats(step, builder, phase_start_hex, paths, phase_side, rolled, closed_drags)
                if closed_drags and ph is not None:
                    self.rs.retreats_closed(ph[0], ph[1], closed_drags, self.memory)
                if closed or rolled:       # (a roll also ends the advances before it: OM 9.81)
                    finish_retreats()
                for key in [key for key in told if closed & set(key[1])]:
                    del told[key]          # a closed retreat's break was its own: the next retreat's is news
            if step is not None and moving and step.moves and not suppress:
                # a movement phase moves the phasing side's units; in a combat phase the phasing
                # side advances and the other side retreats
                self._track_moves(step, builder, phase_start_hex, paths,
                                  only=phase_side if drags == "movement" else "", cov=cov)
                if drags == "combat":
                    for pid in changed:
                        v = builder.views.get(pid)
                        if pid in paths and v is not None and v.unit is not None:
                            drag_steps.setdefault(v.unit.id, {})[len(paths[pid])] = k
            elif step is not None and moving and step.undo and not step.undoes:
                # an undo the replay could not pair: cut the paths back to where it leaves them
                self._track_moves(step, builder, phase_start_hex, paths,
                                  only=phase_side if drags == "movement" else "")
            back_now = self._take_backs(step, k, builder, changed, takebacks, active, suppress,
                                        phase_start_hex, paths, inferred, cov, no_allowance,
                                        ((phase_side or "*") if drags == "movement" else "*") if moving else "",
                                        rolled)
            if self._untold:
                # stops before the seam taken back: what the file before told of the units' moves
                # no longer keeps a later break of the same rule from being reported
                for key in [key for key in told if set(key[1]) & self._untold]:
                    del told[key]
                self._untold.clear()
            if cur_pos is not None:    # a unit masked or unmasked changes no rule position: noted here
                cur_pos.concealed = builder.concealed_units()
            if ph is not None:
                turn, phase = ph
                side = phase_info.side if phase_info else ""
                if changed or pos_version != builder.version or cur_pos is None or prev_phase != ph:
                    moves = self._moves(phase_start_hex, paths, builder,
                                        phase_side if drags == "combat" else None,
                                        no_allowance, inferred) if moving else None
                    cur_pos = builder.position(turn=turn, phase=phase, side=side, at="during",
                                               moves=moves, moved=self.mv_changed if moving else None,
                                               source=name)
                    cur_pos.memory = self.memory.snapshot()
                    cur_pos.concealed = builder.concealed_units()
                    if moves is not None:
                        cur_pos.moves_announced = False
                        cur_pos.retreats_open = drags == "combat"
                    if self._derives:
                        self.rs.derive(cur_pos, self._turn_text(state))
                    due = [r for r in self.rules if r.when.at == "any" and r.when.applies(cur_pos)]
                    check(cur_pos, due, k, "during")
                    pos_version = builder.version
                    if not suppress:       # (an undone step's position is nobody's retreat)
                        open_retreat = (k, cur_pos) if cur_pos.retreats_open and any(
                            u.mode in ("retreat", "advance") for u in cur_pos.units) else None
                        if k == 0:
                            goes_on = bool(self._carried) and open_retreat is not None
            else:
                if changed or cur_pos is None or prev_phase is not None:
                    cur_pos = builder.position(turn=None, phase="", side="", at="during", source=name)
                    cur_pos.concealed = builder.concealed_units()
                    due = [r for r in self.rules if not needs_phase(r)]
                    check(cur_pos, due, k, "during")
            if k == 0 and self._carried:
                self._carry_stops(takebacks, builder, paths, active)
            if (cur_pos is not None and phase_info is not None and phase_info.kind == "combat" and not suppress
                    and self.rules and rolled):
                settled = (k, cur_pos)     # the combats before this roll are complete (pending.py)
            if back_now:
                dropped = self._withdraw(back_now, findings, active, taken, rp, name, ph,
                                         phase_info, builder.concealed_units())
                gone = {id(f) for f in dropped}
                for key in [key for key, f in told.items() if id(f) in gone]:
                    del told[key]      # withdrawn with its steps: the unit's next break is news
                rejudge = restore_reported(dropped)
                if rejudge and cur_pos is not None:
                    check(cur_pos, rejudge, k, "during")
            prev_pos = cur_pos
            prev_phase = ph
            for pid in (builder.units if k == 0 or step.boards else
                        changed | builder.reconcealed if builder.reconcealed else changed):
                v = builder.units.get(pid)
                if v is not None and v.unit is not None:
                    # concealed now (the builder's current reading: a unit's view outlives an unmasking)
                    seen = pid not in builder.concealed
                    (cov.units if seen else cov.units_concealed).setdefault(v.unit.side, set()).add(pid)
        suppress = False
        # (the carry before the retreats are judged: a next file going on with them judges them)
        self._carry = (MoveCarry.of(prev_phase, phase_start_hex, paths, told, self._left, self._clocks,
                                    named_of(told))
                       if prev_phase is not None and phase_start_hex else None)
        # a file ending inside a combat phase: its open retreats judged where they stand, kept
        # aside for the chain (a next file in the same phase may go on with them)
        lo = len(findings)
        earlier = self.rs.take_not_judged() if self.rules else {}
        closing_file = True
        finish_retreats(at_end=True)
        closing_file = False
        retreat_end = findings[lo:]
        del findings[lo:]
        # and what that closing named not judged: a next file going on with the retreats judges them
        retreat_end_not_judged = {k: v for k, v in self.rs.take_not_judged().items() if k not in earlier} \
            if self.rules else {}
        for rule_id, why in {**earlier, **retreat_end_not_judged}.items():
            self.rs.not_judged(rule_id, why)
        same_breach.name_additions(findings)
        cov.unpaired_by_hand = by_hand.unpaired    # (.by_hand: pairs a binding with no kit cannot make)
        if run_inferred and run_player and run_phase == prev_phase:
            close_run(prev_pos, len(rp.steps))
        saved = rp.saved_state if isinstance(rp, Stream) else None
        end_snapshot = snapshot(saved if saved is not None else state, builder)
        self._before = end_snapshot
        self._end_phase = prev_phase
        cov.pieces = len(state.pieces)
        final_active = set().union(*active.values()) if active else set()
        players = rp.players if isinstance(rp, Stream) else rp.initial.players
        unit_sides = builder_sides(builder, state, rp.steps)
        by_seat = credit_blank_movers(rp.steps, players, unit_sides)
        stats = file_stats(rp.steps, players, unit_sides, name,
                           formats=self.module.dice_formats if self.module is not None else None)
        stats.moves_by_seat = by_seat
        # what waits for the end of the phase the file ends in (used when it is the last file)
        final = prev_pos if prev_phase is not None and prev_pos is not None and prev_pos.phase else None
        if final is not None:
            final = copy.copy(final)
            final.memory = self.memory.snapshot()
        last_info = game.sequence.phase(prev_phase[1]) if prev_phase is not None else None
        kind = file_kind(rp)
        cov.logs = 1 if kind == "log" else 0
        pending = pending_at_end(final, self.rules, self.rs, active, rule_key, self._finding,
                                 last_info.name if last_info is not None else "", name, len(rp.steps),
                                 self._state_judged, settled, self._last_end, kind=kind)
        take = getattr(self.rs, "take_notes", None)
        notes = list(take()) if take is not None and self.rules else []
        fa = FileAudit(name, findings, stats, start_snapshot, end_snapshot, len(rp.steps),
                         list(warnings or rp.warnings), final_active, phases_seen, unknown, timeline,
                         notes=notes, coverage=cov, not_judged=self._not_judged(),
                         mat_rule=self._mat_rule(),
                         final_by_rule={rk: set(v) for rk, v in active.items()}, taken_back=taken,
                         unit_sides=unit_sides, start_phase=start_phase, start_hexes=start_hexes,
                         doubles=doubles, pending=pending, history=history, state_judged=dict(self._state_judged),
                         unrolled=unrolled.sentences(name, timeline, game.sequence))
        fa.kind = kind
        fa.retreat_end = retreat_end
        fa.retreat_end_not_judged = retreat_end_not_judged
        fa.goes_on_retreat = goes_on
        return fa

    def _no_allowance_field(self) -> str | None:
        """The unit field a rule set reads the movement allowance from, when it has one
        (the generic rules' ``movement_field``)."""
        return self.rs.allowance_field()

    def _count_moves(self, step: Step, state, builder: PositionBuilder, cov: Coverage, ph, phase_info: Phase | None,
                     moving: bool, suppress: bool, no_allowance: str | None) -> tuple[int, int]:
        """Count this step's unit moves in the coverage: judged, placed (a phase whose binding
        says its drags place units), or not judged and why. Returns (moves judged, moves not
        judged for want of a phase where the unit moves)."""
        judged = off = 0
        drags = phase_info.unit_moves if phase_info is not None else "none"
        side = phase_info.side if phase_info is not None else ""
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                v = builder.views.get(pid)
                if v is not None and v.lazy and builder.hex_of_point(mv.old) is not None:
                    v = builder.resolve(state, pid)          # a unit that left the map
                if v is None or v.unit is None:
                    continue
                cov.moves_seen += 1
                if not suppress:
                    sides = cov.runs[-1]["sides"]
                    sides[v.unit.side] = sides.get(v.unit.side, 0) + 1
                old_hex = builder.hex_of_point(mv.old)
                put_back = old_hex is not None and old_hex == v.hex and pid not in self._left
                if not suppress and not put_back:
                    self._left.add(pid)
                if suppress:
                    cov.skip(UNDONE)
                elif put_back:
                    # picked up and put back on the hex it has not left in the phase (the stack's
                    # order changed): no move, in any phase
                    cov.skip(PUT_BACK)
                elif mv.carried_by is not None:
                    cov.skip(CARRIED)      # moved with the Mat it lies on: the Mat's move, not its own
                    if (phase_info is not None and phase_info.takes_arrivals and old_hex is not None
                            and not self._on_map(old_hex) and v.hex is not None and self._on_map(v.hex)):
                        self._arrived.add(pid)     # carried out of a box: its drift is the arrival's
                elif old_hex is None or v.hex is None or not self._on_map(v.hex) or (
                        not self._on_map(old_hex) and phase_info is not None and phase_info.takes_arrivals):
                    # into a box (a removal), or out of one in a phase where units arrive (a
                    # paradrop, a landing, a reinforcement): not a move on the map. An arrival in
                    # another phase is listed below as made out of the phase
                    cov.skip(OFF_MAP)
                    if old_hex is not None and not self._on_map(old_hex) and v.hex is not None and self._on_map(v.hex):
                        self._arrived.add(pid)
                elif (phase_info is not None and phase_info.takes_arrivals and pid in self._arrived
                      and v.hex is not None and self._on_map(v.hex) and self.rs.arrival_drifts(phase_info)):
                    # dragged on the map again in the phase it arrived in: its drift or scatter
                    # (OM 6.2, a landing's drift), part of the arrival; not a move out of the phase
                    cov.skip(OFF_MAP)
                    if len(cov.arrival_drags) < MAX_LISTED:
                        cov.arrival_drags.append({"step": step.index, "unit": v.unit.name or v.unit.id,
                                                  "from": old_hex, "to": v.hex, "phase": phase_info.name})
                elif ph is None:
                    cov.skip(NO_PHASE)
                    off += 1
                elif drags == "placement" and self._on_map(old_hex) and (not side or v.unit.side == side):
                    # the binding says this phase places units (a drop's scatter, a landing)
                    assert phase_info is not None
                    cov.place(phase_info.name)
                    self._counted[(pid, step.index)] = (PLACED, None, phase_info.name)
                elif not moving or (drags == "movement" and side and v.unit.side != side):
                    # in a combat phase whose drags the rule set does not judge as moves: a
                    # retreat, an advance, a landing (IM 16.33E) or a tracker run past the
                    # movement phase; counted and listed apart from the others (marked so)
                    # from an off-map box onto the map in a phase that takes no arrivals: a
                    # return from the Eliminated box, a reinforcement placed early (FROM_BOX)
                    kind = (COMBAT_PHASE if drags == "combat" else
                            FROM_BOX if not self._on_map(old_hex) and self._on_map(v.hex) else "")
                    cov.out_of_phase_drag(kind)
                    off += 1
                    entry = None
                    if cov.listed_out_of_phase(kind) < MAX_LISTED:
                        entry = {"step": step.index, "unit": v.unit.name or v.unit.id, "side": v.unit.side,
                                 "from": old_hex, "to": v.hex, "phase": phase_info.name if phase_info else ph[1]}
                        if kind == COMBAT_PHASE:
                            entry["combat_phase"] = True
                        elif kind == FROM_BOX:
                            entry["from_box"] = True
                        if v.concealed is not None:      # named as an opponent sees it in the report
                            entry["_concealed"] = [*v.concealed, v.unit.id]
                        cov.out_of_phase.append(entry)
                    if not kind and cov.chat_before_out_of_phase is None and self._typed is not None:
                        cov.chat_before_out_of_phase = {"step": self._typed[0], "text": self._typed[1][:160]}
                    if kind == COMBAT_PHASE and cov.chat_before_combat_drag is None and self._typed is not None:
                        cov.chat_before_combat_drag = {"step": self._typed[0], "text": self._typed[1][:160]}
                    self._counted[(pid, step.index)] = (OUT_OF_PHASE, entry, kind)
                else:
                    cov.moves_judged += 1
                    judged += 1
                    if self.annotator is not None and old_hex is not None:
                        illustrative.count_move(cov, self.annotator, self.binding.map, pid, step.index, v, old_hex)
                    if no_allowance and not _number(v.unit.value(no_allowance, v.reduced)):
                        cov.moves_judged_without_allowance += 1
                        m = self.binding.map
                        if (old_hex != v.hex and m.has_hex(old_hex) and m.has_hex(v.hex)
                                and v.hex not in self._neighbours(old_hex)):
                            cov.long_drags_judged += 1
        return judged, off

    def _unjudged_taken_back(self, tb: "tbk.TakeBack", pid: str, cov: Coverage) -> None:
        """A take-back by hand in a known phase that does not judge the unit's moves: the drags
        it withdrew were counted as made out of phase (or as placements); they count as taken
        back instead (the unit is back where it stood in the phase), and leave the list of moves
        out of phase. With no phase known there is no phase to be back in: left as they were."""
        for s in tb.withdrawn_steps:
            why, entry, phase = self._counted.pop((pid, s), ("", None, ""))
            if why == PLACED:
                cov.place(phase, -1)
            elif why == OUT_OF_PHASE:
                cov.out_of_phase_drag(phase, -1)
            else:
                continue
            cov.skip(TAKEN_BACK)
            if entry is not None:
                cov.out_of_phase[:] = [e for e in cov.out_of_phase if e is not entry]

    def _not_judged(self) -> dict[str, str]:
        """What the rule set could not judge in this file: the rules whose precondition a log
        never records and those whose precondition this file did not tell (a Mat's carry: the
        chain's, :attr:`FileAudit.mat_rule`)."""
        if not self.rules:
            return {}
        ids = {r.id for r in self.rules}
        out = {k: v for k, v in self.rs.LOG_PRECONDITIONS.items() if k in ids}
        for k, v in self.rs.take_not_judged().items():
            out.setdefault(k, v)
        for k, v in self.rs.POSITION_FILE_ONLY.items():     # (a reason of this file's situation first)
            if k in ids:
                out.setdefault(k, v)
        for k, v in self.rs.NOT_MODELLED.items():
            out.setdefault(k, v)
        return dict(sorted(out.items()))

    def _mat_rule(self) -> str:
        """The rule named not judged where a Mat carried a unit that had moved by hand in its phase:
        the rule the sum would judge, the allowance's, not the move check's own (ZOC) rule; "" when
        no move rule is checked."""
        check = getattr(self.rs, "check_moves", None)
        move_rule = next((r.id for r in self.rules if check is not None and r.check == check), None)
        return "" if move_rule is None else self.rs.ALLOWANCE_RULE or move_rule

    def _turn_text(self, state) -> str:
        """What the module's turn trackers show now (turn and phase names), for ``RuleSet.derive``."""
        key = tuple(sorted(state.turns.items()))
        got = self._turn_texts.get(key)
        if got is None:
            module = self.module
            known = {f"TurnTracker{i}": "" for i in range(len(module.turn_trackers))} if module else {}
            got = " ".join(e["text"] for _, e in sorted(tracker_states({**known, **state.turns}, module).items())
                           if e.get("text"))
            if len(self._turn_texts) > 10_000:
                self._turn_texts.clear()
            self._turn_texts[key] = got
        return got

    def _backwards(self, old: tuple, new: tuple | None) -> bool:
        """Whether the tracker moved back (an earlier turn, or an earlier phase of the turn).
        With no turn known an earlier phase is as likely the next turn's (the sequence wraps):
        not a move back, so the phase left ends and its end-of-phase rules run."""
        if new is None or old[0] is None or new[0] is None:
            return False
        ids = [p.id for p in self.binding.game.sequence.phases]

        def key(ph: tuple) -> tuple[int, int]:
            return (ph[0], ids.index(ph[1]) if ph[1] in ids else -1)
        return key(new) < key(old)

    # ---- moves ---------------------------------------------------------------------------
    def _track_moves(self, step: Step, builder: PositionBuilder, start: dict[str, str],
                     paths: dict[str, list[str]], only: str = "", cov: Coverage | None = None) -> None:
        """Follow the moves of this step (with ``only``, of that side's units only), and the
        moment of each (:attr:`_clocks`); ``cov`` is told of carries that cut a unit's path."""
        clocks = self._clocks
        # one moment a step: the pieces of one drag (a stack dropped onto another writes one
        # command per member) entered their hexes together
        self._tick += 1
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                v = builder.views.get(pid)
                if v is None or v.unit is None or (only and v.unit.side != only):
                    continue
                old_hex = builder.hex_of_point(mv.old)
                new_hex = v.hex
                if mv.carried_by is not None and new_hex is not None:
                    # carried by a Mat (not judged as its own move): its own moves in the phase
                    # count from where the Mat put it. The rules judge a path of drags by hand,
                    # which a carry breaks: the hand moves before it are not summed with those
                    # after (the coverage names it)
                    before = paths.get(pid)
                    if cov is not None and before is not None and len(before) > 1 \
                            and len(cov.carried_after_moving) < MAX_LISTED:
                        cov.carried_after_moving.append({"step": step.index, "unit": v.unit.name or v.unit.id,
                                                         "from": before[0], "to": before[-1],
                                                         **({"_concealed": True} if v.concealed is not None
                                                            else {})})
                    start[pid], paths[pid], clocks[pid] = new_hex, [new_hex], [(new_hex, -1)]
                    continue
                if pid not in start:
                    if old_hex is None or old_hex == new_hex:
                        continue            # entering the map, or put back on its hex: no move
                    start[pid] = old_hex
                    paths[pid] = [old_hex]
                    clocks[pid] = [(old_hex, -1)]
                path = paths[pid]
                if new_hex is None:
                    continue
                if step.undo and new_hex in path:
                    del path[path.index(new_hex) + 1:]
                elif path[-1] != new_hex:
                    # (a drag back by hand, to a hex held before the seam too, is cut by
                    # _take_back, when the take-back tracker reads it as one)
                    path.append(new_hex)
                    self._clock_append(pid, path, self._tick)

    def _clock_append(self, pid: str, path: list[str], tick: int) -> None:
        """Give the hex just added to ``path`` its moment ``tick``: the unit's moments are cut
        back to the part of the path they still agree with (a path cut since: an undo, a
        take-back); a path whose earlier hexes have no moments keeps none."""
        c = self._clocks.get(pid)
        if c is None:
            return
        n = len(path) - 1
        if len(c) > n:
            del c[n:]
        if len(c) == n and all(h == c[i][0] for i, h in enumerate(path[:n])):
            c.append((path[n], tick))
        else:
            del self._clocks[pid]

    def _times(self, pid: str, route: tuple[str, ...]) -> tuple[int, ...] | None:
        """The moment each hex of ``route`` was entered (:attr:`_clocks`), or None when they are
        not all known."""
        c = self._clocks.get(pid)
        if c is None or len(c) < len(route) or any(c[i][0] != h for i, h in enumerate(route)):
            return None
        return tuple(c[i][1] for i in range(len(route)))

    def _close_retreats(self, step: Step, builder: PositionBuilder, start: dict[str, str],
                        paths: dict[str, list[str]], attacker: str, rolled: bool,
                        drags: dict[str, tuple[str, str]] | None = None) -> set[str]:
        """Close the defenders' retreats of a combat phase (each was judged at its own steps) once
        the attacker's units move (the advance after combat) or a die roll resolves another
        combat (the next attack, a breakthrough combat: NA41 15.2.7). Otherwise each later
        position judges them again with what stands then: the hex a defender retreated through,
        entered since by the advancing attacker, would read as a retreat into an enemy unit. A
        defender dragged again afterwards makes a new retreat from where it stands. The
        attacker's advance path goes on across both (a breakthrough goes on advancing: 15.2.6),
        though the caller judges the advances open before a roll as finished there, like the
        retreats (``finish_retreats``: OM 9.81, an advance is made before the next combat). A unit
        may be made to retreat twice in one Combat Phase (NA41 12.3, 12.5.1). ``rolled``: the
        step reports a die roll (:func:`.rolled.step_rolled`). Returns the unit ids whose retreats
        it closed; ``drags`` gets each one's (hex it began in, hex it ended in)."""
        close = any((v := builder.views.get(pid)) is not None and v.unit is not None and v.unit.side == attacker
                    for mv in step.moves for pid in (mv.members if mv.is_stack else [mv.piece_id]))
        if not close and not rolled:
            return set()
        closed: set[str] = set()
        for pid in list(start):
            v = builder.views.get(pid)
            if v is None or v.unit is None or v.unit.side == attacker:
                continue
            closed.add(v.unit.id)
            if drags is not None and v.hex and start[pid] != v.hex:
                drags[v.unit.id] = (start[pid], v.hex)
            del start[pid]
            paths.pop(pid, None)
            if self._mv_dirty is not None:
                self._mv_dirty.add(pid)
        return closed

    def _note_touched(self, touched: set[str] | None) -> None:
        """Add the pieces a step re-read to :attr:`_mv_dirty` (None: every piece). A method of
        its own: in :meth:`run_replay`, which sets the attribute to None, a type checker (and
        so compiled code) would take it for None here."""
        if touched is None:
            self._mv_dirty = None
        elif self._mv_dirty is not None:
            self._mv_dirty |= touched

    def _moves(self, start: dict[str, str], paths: dict[str, list[str]], builder: PositionBuilder,
               attacker: str | None = None, no_allowance: str | None = None,
               inferred: dict[str, tuple] | None = None) -> dict[str, tuple]:
        """piece id → (hex at the phase start, path or None[, mode, stops, guessed, times]; times:
        the moment each path hex was entered, when the drags were followed): with ``attacker`` (a
        combat phase) the attacker's units advance and the others retreat. A path with a drag over
        several hexes is None (the rules look for a route within the allowance), except for a
        unit without a movement allowance (``no_allowance``: the field): then a shortest path
        fills the drag in (recorded in ``inferred``), so that its ZOC entries are judged.

        Worked out per change, not per call: the answer is the last call's dict, updated for
        the pieces the steps re-read since (:attr:`_mv_dirty`: a new view, maybe a new path)
        and for the filled-in drags whose enemies' hexes changed; the other entries stay the
        same objects (the whole dict again after a new file, phase or board)."""
        enemies: dict[str, tuple] = {}         # side → its enemies' versions (fixed during this call)
        memo = self._route_memo
        views = builder.views
        mode = (no_allowance, inferred is not None)
        out = self._mv_out
        live = self._mv_live
        got_of = self._mv_got
        dirty = self._mv_dirty
        self._mv_dirty = set()
        if self._mv_key != (attacker, mode):
            self._mv_key = (attacker, mode)
            dirty = None

        def enemy_key(side: str) -> tuple:
            key = enemies.get(side)
            if key is None:
                key = enemies[side] = self._near.key(side)
            return key

        def entry(pid: str, s: str) -> tuple | None:
            path = paths.get(pid) or [s]
            v = views.get(pid)
            if v is None or v.hex is None:
                return None
            t = tuple(path) if path[-1] == v.hex else (*path, v.hex)
            route: tuple[str, ...] | None = None
            # the route of the last call, while its inputs stay (view, path, enemies' version)
            m = memo.get(pid)
            if m is not None and m[0] is v and m[1] == t and m[2] == mode and (
                    m[3] is None or m[3][1] == enemy_key(m[3][0])):
                route = m[4]
            else:
                need = got = None
                if self._adjacent_path(t):
                    route = t
                elif no_allowance and inferred is not None and v.unit is not None and not _number(
                        v.unit.value(no_allowance, v.reduced)):
                    side = v.unit.side
                    key = enemy_key(side)
                    need = (side, key)
                    route = self._fill_path(t, builder, side, key)
                    if route is not None:
                        # the same route as before (only enemies elsewhere moved): the same entry
                        got = m[5] if m is not None and m[5] is not None and m[5][0] is route and \
                            m[1] == t else (route, _guessed(t, route))
                memo[pid] = m = (v, t, mode, need, route, got)
            if m[3] is not None:               # read the enemies' hexes: looked at again when they change
                live.setdefault(m[3][0], set()).add(pid)
            if m[5] is not None and inferred is not None and v.unit is not None:
                got_of[pid] = (v.unit.id, m[5])   # findings name units by unit id
            guessed = m[5][1] if m[5] is not None else frozenset()
            ends = self._times(pid, t)         # the moment each drag end was entered, if followed
            if attacker is not None:
                # the moments order a retreat against an advance of an earlier combat (OM 9.81)
                how = "advance" if v.unit is not None and v.unit.side == attacker else "retreat"
                # (one drag over several hexes: its two ends' moments, as for a move)
                times = None if ends is None else ends if route == t or (route is None and len(t) == 2) \
                    else None if route is None else _route_times(route, guessed, ends)
                return (s, route, how, None, guessed, times) if times is not None else (s, route, how, None, guessed)
            if route is None and len(t) > 2:
                # the drags' ends, to be passed through in order
                return (s, None, "move", t, frozenset(), ends) if ends is not None else (s, None, "move", t)
            if route is None:                  # one drag over several hexes: its ends' moments
                return (s, None, "move", None, frozenset(), ends) if ends is not None else (s, route)
            times = ends if route == t else _route_times(route, guessed, ends) if ends is not None else None
            if times is not None:
                return (s, route, "move", None, guessed, times)
            return (s, route, "move", None, guessed) if guessed else (s, route)

        def forget(pid: str) -> None:
            got_of.pop(pid, None)
            for pids in live.values():
                pids.discard(pid)

        def same_route(pid: str) -> bool:
            """Whether the entry of ``pid``, in question only because its enemies' hexes changed
            (the piece was not re-read since: its view, start, path and moments are the same),
            fills its drags in with the very same route now: then the entry stands as it is."""
            m = memo.get(pid)
            s = start.get(pid)
            v = views.get(pid)
            last = out.get(pid)
            h = v.hex if v is not None else None
            if m is None or m[3] is None or s is None or h is None or m[0] is not v or last is None \
                    or last[0] != s:
                return False
            path = paths.get(pid) or [s]
            t = tuple(path) if path[-1] == h else (*path, h)
            if m[1] != t or m[2] != mode:
                return False
            side = m[3][0]
            key = enemy_key(side)
            if self._fill_path(t, builder, side, key) is not m[4]:
                return False
            memo[pid] = (v, t, mode, (side, key), m[4], m[5])
            return True

        if dirty is None:
            out = self._mv_out = {}
            live.clear()
            got_of.clear()
            todo: Iterable[str] = start
            self.mv_changed = None
        else:
            redo = set(dirty)
            for side, pids in live.items():
                if pids and enemy_key(side) != self._mv_sides.get(side):
                    # (an entry whose route stays is not worked out again, nor is its unit's
                    # state with its move: the builder is told only of the others)
                    redo.update(pid for pid in pids if pid not in dirty and not same_route(pid))
            todo = sorted(redo)
            self.mv_changed = redo
        for pid in todo:
            forget(pid)
            s = start.get(pid)
            e = entry(pid, s) if s is not None else None
            if e is None:
                out.pop(pid, None)
            else:
                out[pid] = e
        self._mv_sides = {side: enemy_key(side) for side, pids in live.items() if pids}
        if inferred is not None:
            # by piece id, so two pieces of one unit give the same answer whatever order the
            # incremental calls left got_of in (a call from scratch fills it in start's order)
            for pid in sorted(got_of):
                uid, got = got_of[pid]
                inferred[uid] = got
        return out

    def _take_backs(self, step: Step | None, k: int, builder: PositionBuilder, changed: set[str],
                    tracker: "tbk.TakeBackTracker", active: dict[str, set], suppress: bool,
                    start: dict[str, str], paths: dict[str, list[str]], inferred: dict[str, tuple],
                    cov: Coverage, no_allowance: str | None, judged_side: str,
                    rolled: bool) -> list["tbk.TakeBack | tbk.Stray"]:
        """Feed this step's unit drags to the take-back tracker (audit/takeback.py); for each
        drag back by hand, cut the unit's path to the hex it returned to (none left: it never
        moved) and count its withdrawn moves as not judged. ``judged_side``: "" when this
        phase judges no moves, "*" when it judges every side's, else the side it judges. A drag
        whose recorded old hex is not where the replay had the unit is a lost undo (a take-back
        with ``lost``, then the drag) or a stray (counted in ``cov``, returned to be named in
        the findings of its step). ``rolled``: the step's chat reports a die roll (the caller's
        :func:`.rolled.step_rolled`, read once a step)."""
        if step is None or suppress:
            return []
        if step.undo:                          # an undo the replay could not pair
            for mv in step.moves:
                for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                    v = builder.views.get(pid)
                    tracker.cut(pid, v.hex if v is not None else None)
            return []
        if rolled:
            tracker.consequence(k)            # a die roll (button or typed: .rolled) resolves
        moved = {pid for mv in step.moves for pid in (mv.piece_id, *mv.members)}
        if any(pid not in moved for pid in changed):
            tracker.consequence(k)            # a unit or marker removed, placed, flipped, ...
        if not step.moves:
            return []
        out: list[tbk.TakeBack | tbk.Stray] = []
        fed = False
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                v = builder.views.get(pid)
                if v is None or v.unit is None:
                    continue
                if not fed:
                    tracker.player(k, player_of(step))
                    fed = True
                uid = v.unit.id
                old = builder.hex_of_point(mv.old)
                memo = frozenset(key for keys in active.values() for key in keys if _of_unit(key, uid, old))
                who = dict(unit=uid, name=v.unit.name or uid, side=v.unit.side, player=player_of(step))
                lost = tracker.recorded(k, pid, old, v.hex, **who)
                back = tracker.drag(k, pid, old, v.hex, before=memo, **who)
                judged = bool(judged_side) and (judged_side == "*" or v.unit.side == judged_side)
                if isinstance(lost, tbk.Stray):      # judged as the replay shows it: counted, named
                    if judged:
                        cov.stray_drags.append({"step": k, "unit": who["name"], "replay": lost.replay,
                                                "recorded": lost.recorded,
                                                **({"_concealed": [*v.concealed, uid]} if v.concealed else {})})
                        out.append(lost)
                    lost = None
                for tb in (lost, back):
                    if tb is not None:
                        self._take_back(tb, pid, v, judged, out, paths, start, inferred, cov, no_allowance)
        return out

    def _carry_stops(self, takebacks: "tbk.TakeBackTracker", builder: PositionBuilder,
                     paths: dict[str, list[str]], active: dict[str, set]) -> None:
        """Hand the moves a seam carried over (:attr:`_carried`) to the take-back tracker, each
        with its unit's violations standing now (the file's start, or the return to the phase)."""
        for pid in self._carried:
            v = builder.views.get(pid)
            uid = v.unit.id if v is not None and v.unit is not None else pid
            here = paths[pid][-1] if paths[pid] else None
            takebacks.carry(pid, paths[pid], frozenset(key for keys in active.values() for key in keys
                                                        if _of_unit(key, uid, here)))

    def _take_back(self, tb: "tbk.TakeBack", pid: str, v, judged: bool, out: list["tbk.TakeBack | tbk.Stray"],
                   paths: dict[str, list[str]], start: dict[str, str], inferred: dict[str, tuple], cov: Coverage,
                   no_allowance: str | None) -> None:
        """Cut the unit's path for one take-back and count its withdrawn moves as not judged."""
        uid = v.unit.id
        out.append(dataclasses.replace(tb, judged=True) if judged else tb)
        if not judged:
            self._unjudged_taken_back(tb, pid, cov)
        if judged:
            path = paths.get(pid)
            n = len(tb.hexes)
            if path is not None and tb.lost:
                # the drag from the hex returned to is on the path: cut before it
                head = path[:-1] if path[-1] == v.hex else path
                if tb.returned_to in head:
                    i = len(head) - 1 - head[::-1].index(tb.returned_to)
                    del path[i + 1:]
                    path.append(v.hex)
                    c = self._clocks.get(pid)
                    if c is not None and len(c) > i and all(c[j][0] == h for j, h in enumerate(path[:i + 1])):
                        # the stops kept keep their moments; the drag just read is this moment
                        del c[i + 1:]
                        c.append((v.hex, self._tick))
                    else:
                        self._clocks.pop(pid, None)
            elif path is not None:
                if tuple(path[-n:]) == tb.hexes:
                    del path[len(path) - n + 1:]
                elif tb.returned_to in path:
                    del path[path.index(tb.returned_to) + 1:]
                if len(path) == 1:     # back where the phase found it: it never moved
                    del paths[pid]
                    start.pop(pid, None)
            inferred.pop(uid, None)
            if tb.carried:
                # stops before the seam taken back (what the file before reported on them
                # stands, in its report): the unit's next break is news
                self._untold.add(uid)
            moves = len(tb.withdrawn_steps)
            cov.moves_judged -= moves
            for s in tb.withdrawn_steps:
                cov.illustrative_moves.pop((pid, s), None)
            cov.skip(TAKEN_BACK, moves)
            if no_allowance and not _number(v.unit.value(no_allowance, v.reduced)):
                cov.moves_judged_without_allowance -= moves
                cov.long_drags_judged -= sum(
                    1 for a, b in tb.withdrawn_hops
                    if self.binding.map.has_hex(a) and self.binding.map.has_hex(b)
                    and b not in self._neighbours(a))

    def _withdraw(self, found: list["tbk.TakeBack | tbk.Stray"], findings: list[AuditFinding], active: dict[str, set],
                  taken: list[dict], rp, name: str, ph, phase_info,
                  concealed: dict | None = None) -> list[AuditFinding]:
        """After the return's step was checked: drop the findings the take-backs withdraw
        (:func:`takeback.withdrawn`; returned) and list each take-back for the integrity section;
        name a stray drag's start in the findings of its step (:func:`takeback.name_strays`).
        ``concealed``: unit id → concealment of the units their owner masked or hid now."""
        tbk.name_strays(findings, [b for b in found if isinstance(b, tbk.Stray)])
        backs = [b for b in found if not isinstance(b, tbk.Stray)]
        if not backs:
            return []
        first = min(tb.first for tb in backs)
        lo = len(findings)
        while lo and findings[lo - 1].step >= first:
            lo -= 1
        standing = set().union(*active.values()) if active else set()
        gone = tbk.withdrawn(findings[lo:], backs, standing)
        dropped = [findings[lo + i] for i in sorted(gone)]
        if gone:
            findings[lo:] = [f for i, f in enumerate(findings[lo:]) if i not in gone]
        same_breach.take_back(findings, backs)
        steps = rp.steps
        for tb in backs:
            legs = [steps[s - 1] for s in tb.steps[:-1] if 0 < s <= len(steps)]
            ret = steps[tb.step - 1] if 0 < tb.step <= len(steps) and not tb.lost else None
            inv = tbk.inverse_of(ret, legs) if ret is not None else None
            taken.append({"file": name, "step": tb.step, "steps": list(tb.withdrawn_steps), "unit": tb.unit,
                          "unit_name": tb.name, "side": tb.side, "player": tb.player, "hexes": list(tb.hexes),
                          "turn": ph[0] if ph else None,
                          "phase": (phase_info.name if phase_info is not None else ph[1]) if ph else "",
                          "judged_phase": tb.judged, "inverse_of": inv[0] if inv else None, "restores": inv[1] if inv else [],
                          **({"lost_undo": True, "consequence": tb.consequence or None} if tb.lost else {}),
                          **({"before_seam": True} if tb.carried else {}),
                          "withdrawn_findings": [{"step": f.step, "rule": f.rule, "message": f.message,
                                                  **({"_concealed": f.concealed_kinds()}
                                                     if f.concealed and f.concealed_kinds() else {})}
                                                 for f in dropped if tb.unit in f.units or f.step in tb.steps],
                          **({"_concealed": [*concealed[tb.unit], tb.unit]} if concealed and tb.unit in concealed
                             else {})})
        return dropped

    def _note_changes(self, builder: PositionBuilder, changed, everything: bool) -> None:
        """Follow the units that changed (what the hexes next to enemies depend on)."""
        if everything:
            self._near.reset(builder.units)
        else:
            self._near.update(changed, builder.units)

    def _fill_path(self, path: tuple[str, ...], builder: PositionBuilder, side: str,
                   enemies: tuple | None = None) -> tuple[str, ...] | None:
        """``path`` with each drag between hexes that are not neighbours replaced by a shortest
        path on the map, the one through the fewest hexes next to other sides' units; None when
        a hex is off the map or a drag is longer than :data:`MAX_DRAG` hexes. ``enemies``:
        ``NearEnemies.key`` of ``side``, when the caller has it.

        Remembered by path and side with the hexes the answer read (those between the ends of
        each filled-in drag: :meth:`_shortest` reads no others) and which of them were next to
        enemies: while those stay the same the answer (the same tuple) stands, whatever enemies
        moved elsewhere on the map; an unchanged enemies' version saves even that comparison."""
        if enemies is None:
            enemies = self._near.key(side)
        key = (path, side)
        memo = self._filled.get(key)
        if memo is not None:
            got, seen, read, near_read = memo
            if seen == enemies:
                return got
            if not read or near_read == self._near.hexes(side, enemies).intersection(read):
                self._filled[key] = (got, enemies, read, near_read)
                return got
        got, read, near_read = self._filled_in(path, side, enemies)
        if len(self._filled) > 10_000:
            self._filled.clear()
        self._filled[key] = (got, enemies, read, near_read)
        return got

    def _filled_in(self, path: tuple[str, ...], side: str, enemies: tuple
                   ) -> tuple[tuple[str, ...] | None, frozenset[str], set[str]]:
        """:meth:`_fill_path` worked out: (the answer, the hexes it read, those of them next to
        enemies); no hexes read when the answer is None (it is None whatever the enemies)."""
        m = self.binding.map
        if not all(m.has_hex(h) for h in path):
            return None, frozenset(), set()
        near_enemy = self._near.hexes(side, enemies)
        out = [path[0]]
        read: frozenset[str] = frozenset()
        for a, b in zip(path, path[1:]):
            if b in self._neighbours(a):
                out.append(b)
                continue
            got = self._shortest(a, b, near_enemy)
            if got is None:
                return None, frozenset(), set()
            seg, between = got
            read |= between
            out += seg[1:]
        return tuple(out), read, near_enemy.intersection(read)

    def _shortest(self, a: str, b: str, near_enemy: set[str]) -> tuple[tuple[str, ...], frozenset[str]] | None:
        """A shortest path a → b through map hexes, with the fewest hexes in ``near_enemy``
        between its ends, and the hexes between its ends on any shortest path (what the choice
        read of ``near_enemy``); None beyond :data:`MAX_DRAG` hexes."""
        try:
            dag = self._dags[(a, b)]
        except KeyError:
            dag = self._dags[(a, b)] = self._shortest_dag(a, b)
        if dag is None:
            return None
        between = self._dag_hexes.get((a, b))
        if between is None:
            if len(self._dag_hexes) > 20_000:
                self._dag_hexes.clear()
            between = self._dag_hexes[(a, b)] = frozenset(h for layer in dag for h, _ in layer) - {b}
        # the answer depends only on which of the hexes between the ends are next to enemies
        key = (a, b, frozenset(near_enemy.intersection(between)))
        got = self._segments.get(key)
        if got is not None:
            return got, between
        best: dict[str, tuple[int, str | None]] = {a: (0, None)}
        for layer in dag:
            for h, preds in layer:
                c, p = min((best[p][0], p) for p in preds)
                best[h] = (c + (1 if h in near_enemy and h != b else 0), p)
        seg = [b]
        while seg[-1] != a:
            pred = best[seg[-1]][1]
            assert pred is not None            # only ``a`` has none, and the walk stops there
            seg.append(pred)
        seg.reverse()
        if len(self._segments) > 50_000:
            self._segments.clear()
        got = self._segments[key] = tuple(seg)
        return got, between

    def _shortest_dag(self, a: str, b: str) -> _Dag | None:
        """The hexes on the shortest paths a → b, layer by layer, each with its predecessors on
        them: ``[[(hex, [pred, ...]), ...], ...]``; None beyond :data:`MAX_DRAG` hexes. One
        breadth-first search from ``a`` (stopping at ``b``'s distance), then a sweep back from
        ``b`` through the hexes one step nearer ``a`` each time: those are the hexes on a
        shortest path (hex adjacency is symmetric)."""
        on_map = self.binding.map.index
        table = neighbour_table(self.binding.map)
        neighbours = self._neighbours

        def nb(h: str) -> list[str]:
            got = table.get(h)
            return got if got is not None else neighbours(h)
        dist = self._near_search(a, b, nb, on_map)
        if dist is None:
            dist = {a: 0}
            frontier = [a]
            d = 0
            while frontier and b not in dist:
                if d >= MAX_DRAG:
                    return None
                d += 1
                nxt = []
                for h in frontier:
                    for n in nb(h):
                        if n not in dist and n in on_map:
                            dist[n] = d
                            nxt.append(n)
                frontier = nxt
            if b not in dist:
                return None
        total = dist[b]
        on = {b}
        layer = [b]
        for d in range(total - 1, -1, -1):
            back = {p for h in layer for p in nb(h) if dist.get(p) == d}
            on |= back
            layer = list(back)
        layers: _Dag = [[] for _ in range(total)]
        for h in sorted(on):
            d = dist[h]
            if d:
                layers[d - 1].append((h, [p for p in nb(h) if p in on and dist[p] == d - 1]))
        if len(self._dags) > 20_000:
            self._dags.clear()
        return layers

    def _near_search(self, a: str, b: str, nb, on_map) -> dict[str, int] | None:
        """A breadth-first search from ``a`` that keeps only the hexes ``n`` reached in ``d``
        steps with ``d`` + the grid distance from ``n`` to ``b`` within a bound (the grid
        distance from ``a`` to ``b``, then one more at a time, a few times): every hex on a
        shortest path is kept, with its true distance from ``a``, and a hex one step nearer
        ``a`` than such a hex, next to it, is on a shortest path too; so the sweep back from
        ``b`` finds what a full search finds. None when ``b`` is not reached that way (the
        caller searches in full)."""
        m = self.binding.map
        lbs: dict[str, int] = {}

        def lb(h: str) -> int:
            got = lbs.get(h)
            if got is None:
                got = lbs[h] = m.distance(h, b) or 0
            return got
        start = lb(a)
        for bound in range(start, min(start + 3, MAX_DRAG) + 1):
            dist = {a: 0}
            frontier = [a]
            d = 0
            while frontier and b not in dist:
                d += 1
                nxt = []
                for h in frontier:
                    for n in nb(h):
                        if n not in dist and n in on_map and d + lb(n) <= bound:
                            dist[n] = d
                            nxt.append(n)
                frontier = nxt
            if b in dist:
                return dist
        return None

    def _neighbours(self, h: str) -> list[str]:
        """Neighbours of a map hex (the table the rules' boards share)."""
        table = neighbour_table(self.binding.map)
        nb = table.get(h)
        if nb is None:
            nb = table[h] = self.binding.map.neighbours(h)
        return nb

    def _on_map(self, h: str) -> bool:
        """Whether ``h`` is a hex of the game map (not an off-map box)."""
        return self.binding.map.has_hex(h)

    def _adjacent_path(self, path: tuple[str, ...]) -> bool:
        got = self._paths_ok.get(path)
        if got is None:
            m = self.binding.map
            got = all(m.has_hex(h) for h in path) and all(b in self._neighbours(a) for a, b in zip(path, path[1:]))
            if len(self._paths_ok) > 100_000:
                self._paths_ok.clear()
            self._paths_ok[path] = got
        return got

    # ---- findings ------------------------------------------------------------------------
    def _finding(self, f, pos, file: str, step_no: int, at: str) -> AuditFinding:
        game = self.binding.game
        phase = game.sequence.phase(pos.phase) if pos.phase else None
        names = []
        by_id = getattr(pos, "_audit_by_id", None)
        if by_id is None:
            by_id = {}
            for u in pos.units:
                by_id.setdefault(u.id, u)
            pos._audit_by_id = by_id
        for uid in f.units:
            us = by_id.get(uid)
            names.append(us.unit.name if us is not None else uid)
        near = set(f.hexes)
        m = self.binding.map
        for h in list(near):
            if m.has_hex(h):
                for n in self._neighbours(h):
                    near.add(n)
                    near.update(self._neighbours(n) if m.has_hex(n) else ())
        scene = tuple((u.id, u.hex, u.reduced, u.unit.name, u.side) for u in pos.units if u.hex in near)
        # the units of the finding and of its picture that their owner masked or hid at this step
        hid = pos.concealed
        concealed = ({uid: hid[uid] for uid in (*f.units, *f.by, *(e[0] for e in scene)) if uid in hid}
                     if hid else {})
        by = self._concealed_zoc(f, pos, by_id) if hid and f.kind == "zoc" else ()
        by += tuple(u for u in f.by if u in hid and u not in by) if hid else ()
        return AuditFinding(file, step_no, pos.turn if pos.turn is not None else f.turn, pos.phase,
                            phase.name if phase else "", pos.side, at, f.rule, f.kind, f.message,
                            tuple(f.hexes), tuple(f.units), tuple(names), scene, dict(f.details),
                            by=by, concealed=concealed,
                            illustrative=self.annotator.inputs_of(f, pos) if self.annotator is not None else ())

    def _concealed_zoc(self, f, pos, by_id) -> tuple[str, ...]:
        """The units their owner masked or hid whose ZOC alone reaches a hex of a ZOC finding
        (the rule set's :meth:`~vmodgen.rules.base.RuleSet.enemy_field` of its units' side: who
        exerts one and where it reaches): the finding tells of them (VASSAL shows an opponent no
        hidden unit and no masked unit's side), so the report conceals it as one naming them. A
        hex in the ZOC of an unconcealed enemy too is explained by what the opponent sees; an
        enemy beside it that exerts no ZOC there explains nothing."""
        sides = {by_id[u].side for u in f.units if u in by_id and by_id[u].side}
        hid = pos.concealed
        board = self.rs.board(pos)
        try:
            fields = [self.rs.enemy_field(board, side) for side in sorted(sides)]
        except NotImplementedError:
            return ()                   # (no ZOC in this rule set: no ZOC finding to conceal)
        out: list[str] = []
        for h in f.hexes:
            sources = {u.id: u for field in fields for u in field.units(h)}
            if sources and all(uid in hid for uid in sources):
                out += [uid for uid in sources if uid not in out]
        return tuple(out)


@dataclass(frozen=True)
class MoveCarry:
    """The moves of a phase as one file ended in it (or as a player left it): each moving unit's
    hex at the phase start and its path, the (rule, units) a move finding was reported for, the
    units that left their hex. A file starting in that phase (or the player coming back to it by
    Undo or Prev) goes on with them: a unit's moves in a phase stay one move, judged whole and
    reported once per rule, across the seam."""
    phase: tuple
    start: tuple[tuple[str, str], ...]
    paths: tuple[tuple[str, tuple[str, ...]], ...]
    told: frozenset
    left: frozenset
    #: piece id → the moment each hex of its path was entered (:attr:`FileAuditor._clocks`), for
    #: the paths whose moments were followed: the moves go on in order across the seam
    clocks: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    #: for each (rule, hexes, part) of :attr:`told` (a breach of hexes whichever units), the units its
    #: finding named: a later break of it that names them all goes on in that finding, across the seam
    named: tuple[tuple[tuple, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, phase: tuple, start: dict[str, str], paths: dict[str, list[str]], told: dict,
           left: set[str], clocks: dict[str, list[tuple[str, int]]] | None = None,
           named: dict[tuple, tuple[str, ...]] | None = None) -> "MoveCarry":
        # (a unit's moments may run past its path, cut since by an undo: only the part it keeps)
        kept = tuple(sorted((p, tuple(c[:len(paths[p])])) for p, c in (clocks or {}).items()
                            if p in paths and tuple(h for h, _ in c[:len(paths[p])]) == tuple(paths[p])))
        return cls(phase, tuple(sorted(start.items())), tuple(sorted((p, tuple(h)) for p, h in paths.items())),
                   frozenset(told), frozenset(left), kept, tuple(sorted((named or {}).items())))

    def usable(self, phase: tuple | None, hex_of: Callable[[str], str | None]) -> set[str]:
        """The pieces whose moves :meth:`restore` puts back in a file (or a return by Undo or
        Prev) that starts in ``phase`` with each piece on the hex ``hex_of`` gives: those still
        where their path ended, in the phase the moves were made in; none in another phase
        (then the carry changes nothing)."""
        if phase != self.phase:
            return set()
        return {pid for pid, path in self.paths if path and hex_of(pid) == path[-1]}

    def restore(self, builder: PositionBuilder, start: dict[str, str], paths: dict[str, list[str]],
                told: dict, left: set[str], clocks: dict[str, list[tuple[str, int]]] | None = None,
                now: int = 0, named: dict[tuple, tuple[str, ...]] | None = None) -> dict[str, int]:
        """Put the moves back, for the units still where their path ended (a unit placed
        elsewhere at the seam starts again: the continuity check names it). Returns piece id →
        the length of the path put back. With ``clocks``, the moments of the paths put back go
        there too, renumbered in their order from ``now`` on (before every drag after the seam,
        whichever process numbered them: ``now`` is the next moment the caller gives, and it
        moves past them by :meth:`moments`)."""
        views = builder.views
        ok = self.usable(self.phase, lambda pid: views[pid].hex if pid in views else None)
        for pid, path in self.paths:
            if pid in ok:
                paths[pid] = list(path)
        if clocks is not None:
            order = self._order()
            for pid, c in self.clocks:
                if pid in ok:
                    clocks[pid] = [(h, -1 if t < 0 else now + order[t]) for h, t in c]
        start.update((pid, h) for pid, h in self.start if pid in ok)
        units = {u.id for u in (builder.views[pid].unit for pid in ok) if u is not None}
        here = {views[pid].hex for pid in ok}
        # a unit's move findings, and the breaches of hexes whichever units where a unit stands on
        keys = [key for key in self.told if set(key[1]) & (here if of_hexes(key) else units)]
        told.update((key, None) for key in keys)
        if named is not None:
            named.update((key, units_named) for key, units_named in self.named if key in keys)
        left.update(pid for pid in self.left if pid in ok)
        return {pid: len(paths[pid]) for pid in ok}

    def _order(self) -> dict[int, int]:
        """Each moment of the carried paths (past their start) → its rank among them."""
        return {t: i for i, t in enumerate(sorted({t for _, c in self.clocks for _, t in c if t >= 0}))}

    def moments(self) -> int:
        """How many moments :meth:`restore` numbers (the caller's next moment moves past them)."""
        return len(self._order())


def _guessed(drags: tuple[str, ...], route: tuple[str, ...]) -> frozenset[int]:
    """The indices of ``route`` (``drags``, the hexes the log's drags ended on, with shortest
    paths filled in between them) that no drag ended on. A filled-in segment never holds the
    hex it leads to, so each drag end is the next hex of ``route`` equal to it."""
    out = []
    j = 0
    for i, h in enumerate(route):
        while 0 < j < len(drags) and drags[j] == drags[j - 1]:
            j += 1                             # a drag that ended where it began: one hex of the route
        if j < len(drags) and h == drags[j]:
            j += 1
        else:
            out.append(i)
    return frozenset(out)


def _route_times(route: tuple[str, ...], guessed: frozenset[int], ends: tuple[int, ...]) -> tuple[int, ...] | None:
    """The moments of a route a shortest path filled in (:func:`_guessed`), from those of the
    drags' ends (``ends``): a hex no drag ended on was passed in the drag that reached the next
    drag end, and has that drag's moment (the unit stood in it at no other unit's moment)."""
    out: list[int] = [0] * len(route)
    j = len(ends)
    nxt = None
    for i in range(len(route) - 1, -1, -1):
        if i not in guessed:
            j -= 1
            if j < 0:
                return None
            nxt = ends[j]
        if nxt is None:
            return None
        out[i] = nxt
    return tuple(out) if j == 0 else None


def _of_unit(key: Breach, uid: str, hex_: str | None) -> bool:
    """Whether the unit ``uid`` standing on ``hex_`` is part of the breach ``key``: named by it, or
    on its hexes for a breach of hexes whichever units (:func:`~vmodgen.rules.finding.at_the_hexes`,
    which names no unit: a unit joining or leaving it is part of it while there)."""
    return uid in key.units or (not key.units and hex_ is not None and hex_ in key.hexes)


def merge_same_breach(findings: list[AuditFinding], lo: int, moves: set[int]) -> None:
    """One finding for one breach seen two ways at one step (``findings[lo:]``, this step's
    new ones): a move finding (``moves``: ids of the findings of rules that read moves) and a
    finding of the same rule on the same hex naming the mover too, of a rule that reads the
    position (IM 3.33: a tank entering a hex another tank holds breaks the one-armour limit
    the moment it enters; IM 8.14: a unit entering an enemy-held hex). The player reads the
    move finding: it names the unit that broke the rule, its path and the step it entered;
    the other finding's units and sentence are added to it (``details["same_breach"]``), and
    it stays standing in the audit (not reported again while it lasts)."""
    new = findings[lo:]
    drop: set[int] = set()
    for mv in new:
        if id(mv) not in moves:
            continue
        for other in new:
            if (other is mv or id(other) in moves or id(other) in drop or other.rule != mv.rule
                    or set(other.hexes) != set(mv.hexes) or not set(other.units) & set(mv.units)):
                continue
            drop.add(id(other))
            extra = [(u, n) for u, n in zip(other.units, other.unit_names) if u not in mv.units]
            mv.units = (*mv.units, *(u for u, _ in extra))
            mv.unit_names = (*mv.unit_names, *(n for _, n in extra))
            mv.message += f" The same breach at this step: {other.message}"
            mv.details["same_breach"] = {"rule": other.rule, "kind": other.kind, "message": other.message}
            if other.concealed:
                mv.concealed = {**other.concealed, **mv.concealed}
    if drop:
        findings[lo:] = [f for f in new if id(f) not in drop]


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def builder_sides(builder: PositionBuilder, state=None, steps=()) -> dict[str, str]:
    """piece id → side of the units the builder knows; with the final ``state``, also of the
    pieces the ``steps`` moved while off the game map (read now)."""
    out = {pid: v.unit.side for pid, v in builder.views.items() if v.unit is not None}
    if state is not None:
        for step in steps:
            for mv in step.moves:
                for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                    if pid not in out:
                        v = builder.views.get(pid)
                        if v is not None and v.lazy:
                            v = builder.resolve(state, pid)
                            if v is not None and v.unit is not None:
                                out[pid] = v.unit.side
    return out


def snapshot(state, builder: PositionBuilder) -> dict:
    """What continuity compares: pieces (position, label, state, type, unit id) and tracker
    states. Piece names are decoded only for the pieces that differ."""
    pieces = {}
    views = builder.views
    # one object per type chain (shared by the snapshots of an audit): a snapshot pickles (--jobs) small
    types: dict[str, str] = builder.type_names
    labels: dict[tuple, str | None] = {}    # map point → label, for this snapshot
    locate = builder.locate
    # piece id → (type, state, position, unit, entry, type after the state's encoding, concealment
    # by its owner): a piece the last snapshot saw so (a file's end and the next file's start
    # mostly hold the same pieces) is not read again
    memo = builder.snapshot_memo
    if len(memo) > 200_000:
        memo.clear()
    if len(types) > 50_000:
        types.clear()
    concealed = {}                  # piece id → concealment, of the pieces their owner masked or hid
    read = builder.concealment
    # or that a private map window or a face-down deck hides (whoever owns them)
    private = private_map_ids(builder.module)
    by_place = builder.concealment_by_place if private or any(st.deck for st in state.stacks.values()) else None
    for pid, rec in state.pieces.items():
        pos = rec.position
        v = views.get(pid)
        unit = v.unit if v is not None else None
        piece = rec.piece
        t = piece._type
        st = piece.encode_state()
        m = memo.get(pid)
        if m is not None and m[3] is unit and m[2] == pos and m[1] == st and m[0] == t and m[5] == piece._type:
            entry, hid = m[4], m[6]
        else:
            if pos[0] is None:
                label = None
            else:
                try:
                    label = labels[pos]
                except KeyError:
                    label = labels[pos] = locate(*pos)
            uid = _unit_label(unit, pid) if unit is not None else None
            entry = (pos, label, st, types.setdefault(t, t), uid)
            hid = read(piece)
            memo[pid] = (t, st, pos, unit, entry, piece._type, hid)
        pieces[pid] = entry
        if by_place is not None and (hid is None or hid[0] != "invisible"):
            hid = stronger(hid, by_place(state, rec, private))
        if hid is not None:
            concealed[pid] = (*hid, v.unit.id if v is not None and v.unit is not None else pid)
    # a tracker no TURN command has set yet shows its first turn and phase
    known = {f"TurnTracker{i}": "" for i in range(len(builder.module.turn_trackers))} if builder.module else {}
    texts = {tid: e["text"] for tid, e in tracker_states({**known, **state.turns}, builder.module).items()
             if e.get("text")}
    # the side of each unit (the chain's order check tells whose pieces a seam moved)
    sides = {pid: v.unit.side for pid, v in views.items() if v.unit is not None and pid in state.pieces}
    out = {"pieces": pieces, "turns": dict(state.turns), "turn_text": texts, "sides": sides}
    if concealed:
        out["concealed"] = concealed
    return out


def _unit_label(unit, pid: str) -> str:
    """How continuity names a unit: its roster id, or, where the unit has no id of its own (a
    generic binding names it after its piece), its name (the piece id is printed beside it)."""
    return unit.name if unit.id == pid and unit.name else unit.id
