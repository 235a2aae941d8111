"""Replay one log through the rules: each step becomes a position; the rules due at that moment
run (those of the current phase during it, those of the phase just ended when the tracker
moves on); a violation is reported once while it lasts.

Moves within a movement phase build each unit's path (hex at the phase start, then every hex
a logged drag put it in; an undone drag is cut off the path), so the ZOC entry/stop rules see
it. A path with a jump between hexes that are not neighbours (a long drag) is handed to the
rules as "from the phase-start hex to here" without a path. With a turn tracker, moves in a
combat phase that has a phasing side are advances (that side's units) and retreats (the other
side's), which the retreat and advance rules check.

At each phase end the rule set records what later rules need (``RuleSet.remember``); the
auditor carries it to later positions and files, and a file can start from another process's
context (``FileAuditor.run(..., context=)``) for a parallel audit.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..errors import InputError
from ..binding.base import Binding
from ..rules.base import Rule, RuleSet
from ..rules.core.board import neighbour_table
from ..vassal.module import Module
from ..vassal.replay import Replay, Step
from ..vassal.savefile import SaveFile
from ..vassal.turns import tracker_states
from .model import AuditFinding
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
    module_name: str = ""
    vassal_version: str = ""
    #: what the rule set could not judge in this file (sentences for the report's notes)
    notes: list[str] = field(default_factory=list)
    #: what carries over from the previous file (the binding's phase context, the rule set's
    #: memory) as this file started and as it ended: a parallel audit checks they chain up
    start_context: tuple = (None, {})
    end_context: tuple = (None, {})
    #: what the binding noticed reading this file's pieces (Binding.take_observations)
    observations: dict = field(default_factory=dict)


class Stream:
    """A save/log replayed once, step by step (what :func:`vmodgen.vassal.replay.replay` does,
    without keeping a second copy of the start): iterate it for ``(k, step, state)``; afterwards
    :attr:`steps`, :attr:`players` (as of the start) and :attr:`warnings` are filled in."""

    def __init__(self, save: SaveFile, apply_boards, warnings: list[str]) -> None:
        self.save = save
        self.apply = apply_boards
        self.warnings = warnings
        self.steps: list[Step] = []
        self.players: list[tuple[str, str]] = []

    def __iter__(self):
        from ..vassal.replay import GameState
        root = self.save.tree
        state = GameState()
        runner = _runner_class()(state, None, self.apply, self.warnings)
        runner.execute(root.typed(), root.text)
        head, pending = split_steps(root)
        for sub in head:
            runner.run(sub)
        self.players = list(state.players)
        yield 0, None, state
        for node in pending:
            step = Step(len(self.steps) + 1, node)
            runner.step = step
            runner.run(node)
            step.turn_state = dict(state.turns)
            self.steps.append(step)
            yield step.index, step, state
        runner.step = None


def split_steps(root) -> tuple[list, list]:
    """The top-level commands that build the starting position (everything up to ``end_save``
    and the bare commands right after it), and those that are the log's steps."""
    head, steps = [], []
    after_end = False
    for sub in root.subs:
        if not after_end:
            head.append(sub)
            if sub.text == "end_save":
                after_end = True
        elif sub.text.startswith("LOG\t") or steps:
            steps.append(sub)
        else:
            head.append(sub)
    return head, steps


def chat_lines(save: SaveFile) -> list[str]:
    """Every chat line of the file's steps, in order, as the replay gives them to the binding
    (``Step.chat_text``), without replaying: the phase a chat-reading binding ends a file in."""
    import html

    from ..vassal.typed import Chat, Log
    out = []
    for node in split_steps(save.tree)[1]:
        for sub in (node.walk() if node.subs else (node,)):
            if "CHAT" not in sub.text:
                continue
            cmd = sub.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, Chat):
                out.append(html.unescape(cmd.text))
    return out


_RUNNER = None


def _runner_class():
    """The replay interpreter, with one difference: a ``D/`` whose BasicPiece state names no map
    ("null", as VASSAL 3.0/3.1 wrote for every piece inside a stack: the TLD logs) leaves a
    stacked piece where it is, as the next file of such chains confirms."""
    global _RUNNER
    if _RUNNER is None:
        from ..vassal.replay import _Runner

        class AuditRunner(_Runner):
            def change(self, cmd) -> None:
                rec = self.s.pieces.get(cmd.id)
                if rec is None or cmd.id in self.s.stacks or rec.stack is None or rec.map is None:
                    return super().change(cmd)
                keep = rec.position
                super().change(cmd)
                if rec.piece.position()[0] is None and rec.stack is None:
                    stack = None
                    for sid in self.index.get(keep, ()):
                        stack = self.s.stacks.get(sid)
                        if stack is not None:
                            break
                    rec.position = keep
                    if stack is not None:
                        stack.members.append(cmd.id)
                        rec.stack = stack.id
        _RUNNER = AuditRunner
    return _RUNNER


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


class FileAuditor:
    """Audits one file with a binding, a module and a rule set."""

    def __init__(self, binding: Binding, module: Module | None, ruleset: RuleSet) -> None:
        self.binding = binding
        self.module = module
        self.rs = ruleset
        from ..binding.base import ReplayOnlyBinding
        self.rules = [] if isinstance(binding, ReplayOnlyBinding) else ruleset.rules()
        self.cache: dict = {}          # piece readings, shared by the files this auditor reads
        self.points: dict = {}         # map point → label and hex, shared while the boards stay
        #: facts the rule set carries from one phase end to the next (RuleSet.remember), across files
        self.memory: dict = {}
        self._last_end = None          # the position at the end of the last phase seen
        self._paths_ok: dict[tuple[str, ...], bool] = {}   # path → all map hexes, each next to the last

    def run(self, save: SaveFile, name: str, context: tuple | None = None) -> FileAudit:
        """Audit one file in a single pass over its commands. ``context``: continue from
        another process's file (its ``end_context``) instead of this auditor's last file."""
        if context is not None:
            self.binding.set_phase_context(context[0])
            self.memory = copy.deepcopy(context[1])
        start = (self.binding.phase_context(), copy.deepcopy(self.memory))
        self._last_end = None          # remember() never looks across files: the same in parallel
        warnings: list[str] = []
        apply = self.module.apply_board_command if self.module is not None else None
        try:
            fa = self.run_replay(Stream(save, apply, warnings), name, warnings)
        except InputError as exc:       # a limit met while replaying (a BoardPicker) names the file
            raise exc.at(save.path or name) from None
        fa.module_name = save.module_name
        fa.vassal_version = save.vassal_version
        fa.start_context = start
        fa.end_context = (self.binding.phase_context(), copy.deepcopy(self.memory))
        fa.observations = self.binding.take_observations()
        return fa

    def run_replay(self, rp: "Replay | Stream", name: str, warnings: list[str] | None = None) -> FileAudit:
        b = self.binding
        game = b.game
        builder = PositionBuilder(b, self.module, self.cache, self.points)
        findings: list[AuditFinding] = []
        active: dict[str, set] = {}
        start_snapshot: dict = {}
        prev_pos = None
        prev_phase: tuple | None = None
        phase_start_hex: dict[str, str] = {}
        paths: dict[str, list[str]] = {}
        phases_seen = 0
        unknown = 0
        first_eval: dict[str, bool] = {}
        pos_version = -1
        cur_pos = None
        timeline: list = []
        # combat-phase moves are retreats and advances only where the phase is known for sure
        # (a turn tracker) and has a phasing side (the attacker): a phase read from chat lags
        # (TLD's landings fall in "combat" phases), and a combat phase of both sides (IM) cannot
        # tell the attacker's advance from the defender's retreat
        combat_moves = self.rs.combat_moves and b.phase_source == "turn tracker"

        def emit(rule: Rule, pos, found, step_no: int, at: str) -> None:
            rk = rule_key(rule)
            keys = {}
            for f in found:          # the key AuditFinding.key will have, without building it yet
                keys.setdefault((f.rule, f.kind, tuple(sorted(f.hexes)), tuple(sorted(f.units))), f)
            before = active.get(rk, set())
            is_first = rk not in first_eval
            first_eval.setdefault(rk, True)
            for k, f in keys.items():
                if k not in before:
                    af = self._finding(f, pos, name, step_no, at)
                    af.details["from_start"] = is_first
                    findings.append(af)
            active[rk] = set(keys)

        def check(pos, rules: list[Rule], step_no: int, at: str) -> None:
            board = self.rs.board(pos)
            for rule in rules:
                emit(rule, pos, list(rule.check(board)), step_no, at)

        for k, step, state in _states(rp):
            changed = builder.update(state, step)
            if k == 0:
                start_snapshot = snapshot(state, builder)
            ph = b.phase_for(step, state)
            if ph is None:
                unknown += 1
            if ph != prev_phase or k == 0:
                timeline.append((k, ph[0] if ph else None, ph[1] if ph else ""))
            # the phase before this step has ended: its end-of-phase rules see the last position
            # (not when the tracker went back: an undone or corrected advance ends no phase)
            if prev_phase is not None and ph != prev_phase and prev_pos is not None:
                phases_seen += 1
                if not (step is not None and step.undo) and not self._backwards(prev_phase, ph):
                    end_pos = prev_pos
                    end_pos.at = "end"
                    end_pos.state = {**self.memory, **end_pos.state}
                    due = [r for r in self.rules if r.when.at == "end" and r.when.applies(end_pos)]
                    check(end_pos, due, k, "end")
                    if self.rules:
                        self.rs.remember(self._last_end, end_pos, self.memory)
                        self._last_end = end_pos
                phase_start_hex.clear()
                paths.clear()
                pos_version = -1
            # moves of this step, within a movement phase
            phase_info = game.sequence.phase(ph[1]) if ph else None
            kind = phase_info.kind if phase_info is not None else ""
            moving = kind == "movement" or (kind == "combat" and combat_moves and bool(phase_info.side))
            if step is not None and moving and step.moves:
                # a movement phase moves the phasing side's units; in a combat phase the phasing
                # side advances and the other side retreats
                self._track_moves(step, builder, phase_start_hex, paths,
                                  only=phase_info.side if kind == "movement" else "")
            if ph is not None:
                turn, phase = ph
                side = phase_info.side if phase_info else ""
                if changed or pos_version != builder.version or cur_pos is None or prev_phase != ph:
                    moves = self._moves(phase_start_hex, paths, builder,
                                        phase_info.side if kind == "combat" else None) if moving else None
                    cur_pos = builder.position(turn=turn, phase=phase, side=side, at="during",
                                               moves=moves, source=name)
                    if self.memory:
                        cur_pos.state = dict(self.memory)
                    due = [r for r in self.rules if r.when.at == "any" and r.when.applies(cur_pos)]
                    check(cur_pos, due, k, "during")
                    pos_version = builder.version
            else:
                if changed or cur_pos is None or prev_phase is not None:
                    cur_pos = builder.position(turn=None, phase="", side="", at="during", source=name)
                    due = [r for r in self.rules if not needs_phase(r)]
                    check(cur_pos, due, k, "during")
            prev_pos = cur_pos
            prev_phase = ph
        end_snapshot = snapshot(state, builder)
        final_active = set().union(*active.values()) if active else set()
        players = rp.players if isinstance(rp, Stream) else rp.initial.players
        stats = file_stats(rp.steps, players, builder_sides(builder, state, rp.steps))
        take = getattr(self.rs, "take_notes", None)
        notes = list(take()) if take is not None and self.rules else []
        return FileAudit(name, findings, stats, start_snapshot, end_snapshot, len(rp.steps),
                         list(warnings or rp.warnings), final_active, phases_seen, unknown, timeline,
                         notes=notes)

    def _backwards(self, old: tuple, new: tuple | None) -> bool:
        """Whether the tracker moved back (an earlier turn, or an earlier phase of the turn)."""
        if new is None:
            return False
        ids = [p.id for p in self.binding.game.sequence.phases]

        def key(ph: tuple) -> tuple[int, int]:
            return (ph[0] if ph[0] is not None else 0, ids.index(ph[1]) if ph[1] in ids else -1)
        if old[0] is None or new[0] is None:
            return key((0, new[1])) < key((0, old[1])) and old[0] == new[0]
        return key(new) < key(old)

    # ---- moves ---------------------------------------------------------------------------
    def _track_moves(self, step: Step, builder: PositionBuilder, start: dict[str, str],
                     paths: dict[str, list[str]], only: str = "") -> None:
        """Follow the moves of this step (with ``only``, of that side's units only)."""
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                v = builder.views.get(pid)
                if v is None or v.unit is None or (only and v.unit.side != only):
                    continue
                old_hex = builder.hex_of_point(mv.old)
                new_hex = v.hex
                if pid not in start:
                    if old_hex is None:
                        continue            # entering the map: not a move the rules can check
                    start[pid] = old_hex
                    paths[pid] = [old_hex]
                path = paths[pid]
                if new_hex is None:
                    continue
                if step.undo and new_hex in path:
                    del path[path.index(new_hex) + 1:]
                elif path[-1] != new_hex:
                    path.append(new_hex)

    def _moves(self, start: dict[str, str], paths: dict[str, list[str]], builder: PositionBuilder,
               attacker: str | None = None) -> dict[str, tuple]:
        """piece id → (hex at the phase start, path or None[, mode]): with ``attacker`` (a combat
        phase) the attacker's units advance and the others retreat."""
        out: dict[str, tuple] = {}
        for pid, s in start.items():
            path = paths.get(pid) or [s]
            v = builder.views.get(pid)
            if v is None or v.hex is None:
                continue
            if path[-1] != v.hex:
                path = path + [v.hex]
            t = tuple(path)
            mv = (s, t if self._adjacent_path(t) else None)
            if attacker is not None:
                mv += ("advance" if v.unit is not None and v.unit.side == attacker else "retreat",)
            out[pid] = mv
        return out

    def _neighbours(self, h: str) -> list[str]:
        """Neighbours of a map hex (the table the rules' boards share)."""
        table = neighbour_table(self.binding.map)
        nb = table.get(h)
        if nb is None:
            nb = table[h] = self.binding.map.neighbours(h)
        return nb

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
        return AuditFinding(file, step_no, pos.turn if pos.turn is not None else f.turn, pos.phase,
                            phase.name if phase else "", pos.side, at, f.rule, f.kind, f.message,
                            tuple(f.hexes), tuple(f.units), tuple(names), scene, dict(f.details))


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
    for pid, rec in state.pieces.items():
        pos = rec.position
        label = builder.locate(*pos) if pos[0] is not None else None
        v = views.get(pid)
        uid = _unit_label(v.unit, pid) if v is not None and v.unit is not None else None
        pieces[pid] = (pos, label, rec.piece.encode_state(), rec.piece._type, uid)
    # a tracker no TURN command has set yet shows its first turn and phase
    known = {f"TurnTracker{i}": "" for i in range(len(builder.module.turn_trackers))} if builder.module else {}
    texts = {tid: e["text"] for tid, e in tracker_states({**known, **state.turns}, builder.module).items()
             if e.get("text")}
    return {"pieces": pieces, "turns": dict(state.turns), "turn_text": texts}


def _unit_label(unit, pid: str) -> str:
    """How continuity names a unit: its roster id, or, where the unit has no id of its own (a
    generic binding names it after its piece), its name and that id."""
    return f"{unit.name} ({unit.id})" if unit.id == pid and unit.name and unit.name != unit.id else unit.id
