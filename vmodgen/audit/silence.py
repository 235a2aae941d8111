"""Plain sentences for the cases where an audit would otherwise look clean while it checked
little or nothing: no unit recognised, no phase read (turns inferred instead), a binding's chat
patterns that stop matching, moves made out of phase, undone moves. They go to the coverage
section of every report (``coverage.messages``)."""
from __future__ import annotations

from pathlib import Path

from .by_hand import unpaired_sentence
from .coverage import (CARRIED, COMBAT_PHASE, FROM_BOX, NO_PHASE, OFF_MAP, OUT_OF_PHASE, PUT_BACK, TAKEN_BACK, UNDONE,
                       out_of_phase_kind)

#: a file with at least this many unit moves and no phase announcement matched in it is said
#: to be read with a stale phase
STALE_MOVES = 20


def silence_messages(results: list, b, rules) -> tuple[list[str], list[str]]:
    """What the files' coverage says was not judged, in sentences: (warnings, the others);
    a warning says that little or nothing could be judged at all."""
    out: list[str] = []
    warn: list[str] = []
    if not results:
        return warn, out
    names = ", ".join(Path(r.path).name for r in results[:6]) + (", ..." if len(results) > 6 else "")
    units = sum(n for r in results for n in r.coverage.units_by_side.values())
    pieces = max(r.coverage.pieces for r in results)
    if rules and units == 0:
        warn.append(f"No piece of {names} was recognised as a unit of {b.game.name} ({pieces} piece(s)): "
                   "nothing could be judged. Is this the module the game was played with, and does the "
                   "binding describe its pieces?")
    steps = sum(r.coverage.steps for r in results)
    known = sum(r.coverage.steps_phase_known for r in results)
    inferred = sum(len(r.coverage.inferred_turn_ends) for r in results)
    if rules and steps and known == 0:
        if inferred:
            out.append(f"No phase could be read (phase source: {b.phase_source}): each player's turn was "
                       "inferred from who moves (the player VASSAL records on each step), and stacking was "
                       f"judged at the end of each player's run of moves ({inferred} time(s)). Moves were not "
                       "judged as moves (ZOC, movement allowance): that needs the phase.")
        elif b.phase_source == "player":
            # the roster's sides of the players who moved name no side of the binding (another
            # module's log, or [[side]] players that do not match the roster)
            spec = getattr(b, "spec", None)
            named = sorted({p for s in getattr(spec, "sides", ()) for p in s.players})
            seated = any(r.integrity is not None and r.integrity.seats for r in results)
            out.append("No phase could be read (phase source: player): no step was made by a player the files' "
                       "roster seats at a side the binding names ([[side]] players: "
                       f"{', '.join(named) or 'none'}){'' if seated else ' (the files have no roster)'}: only the "
                       "rules that need no phase were checked.")
        else:
            out.append(f"No phase could be read (phase source: {b.phase_source}) and the log names no "
                       "player on its moves to infer turns from: only the rules that need no phase were "
                       "checked.")
    elif rules and known < steps:
        out.append(f"The phase was known at {known} of {steps} step(s); at the others only the rules that "
                   "need no phase were checked" + (f", and stacking at the end of each player's run of moves "
                                                   f"({inferred} time(s), turns inferred from who moves)"
                                                   if inferred else "") + ".")
    elif rules and inferred:
        out.append("While the phase stayed where the moving units do not move (was the turn tracker left "
                   "behind?), each player's run of moves was taken as that player's turn: stacking was "
                   f"judged at its end ({inferred} time(s)).")
    if rules and b.phase_source == "chat":
        out += _stale_chat(results)
    total = {r: sum(f.coverage.not_judged.get(r, 0) for f in results)
             for r in (NO_PHASE, OUT_OF_PHASE, OFF_MAP, UNDONE, TAKEN_BACK, PUT_BACK)}
    if rules and total[UNDONE]:
        out.append(f"{total[UNDONE]} unit move(s) were taken back with Undo (or were an undo's own inverse "
                   "moves): not judged, never a finding.")
    if rules:
        out += _started_mid_phase(results, b)
    if rules and total[TAKEN_BACK]:
        out.append(f"{total[TAKEN_BACK]} unit move(s) taken back by hand, not judged: each unit was dragged back, "
                   "within its phase, to a hex it stood on earlier in that phase, with no roll or other change "
                   "in between (or a later drag of the unit started there by VASSAL's record while the replay "
                   "had it elsewhere: an undo the log lost); the unit's move counts from there. Listed in the "
                   "integrity section (taken back by hand).")
    unpaired = unpaired_sentence([(r.path, r.coverage.unpaired_by_hand) for r in results])
    if unpaired is not None:
        out.append(unpaired)
    carried = sum(f.coverage.not_judged.get(CARRIED, 0) for f in results)
    if rules and carried:
        out.append(f"{carried} unit move(s) were made by a Mat the unit lay on (VASSAL moves a Mat's cargo with "
                   "it): no move by hand, not judged as the unit's own; its own moves in the phase count from "
                   "where the Mat put it.")
    cut = [(r.path, m) for r in results for m in r.coverage.carried_after_moving]
    if rules and cut:
        out.append(mat_carry_sentence(cut))
    if rules and total[PUT_BACK]:
        out.append(f"{total[PUT_BACK]} unit drag(s) ended on the hex they started from, by units that had not "
                   "left that hex in their phase (picked up and put back, e.g. to change the stack's order): "
                   "no moves, not judged.")
    strays = [(r.path, m) for r in results for m in r.coverage.stray_drags]
    if rules and strays:
        # the first drag of a unit its owner did not mask or hide is named (the others are named in
        # the list, as an opponent sees them)
        shown = [(p, m) for p, m in strays if "_concealed" not in m]
        example = (f" (first: {Path(shown[0][0]).name} step {shown[0][1]['step']}, {shown[0][1]['unit']} at "
                   f"{shown[0][1]['replay']} in the replay, {shown[0][1]['recorded']} in the recorder's VASSAL)"
                   if shown else "")
        out.append(f"{len(strays)} drag(s) started where the replay did not have the unit: the drag's recorded "
                   f"old position is in another hex, not one the unit stood on earlier in its phase{example}. "
                   "Judged from where the replay had the unit; listed in the coverage (started_elsewhere).")
    drifts = [(r.path, m) for r in results for m in r.coverage.arrival_drags]
    if rules and drifts:
        p, m = drifts[0]
        out.append(f"{len(drifts)} unit drag(s) on the map were made, in a phase where units arrive, by units that "
                   f"had arrived in it (first: {Path(p).name} step {m['step']}, {m['unit']} {m['from']} → {m['to']} "
                   f"in {m['phase']}): read as part of the arrival (a paradrop's drift, a landing's scatter), "
                   "counted off-map, not judged as moves. Where a drift ends follows a die roll and a diagram the "
                   "log does not tie to the unit: not checked; the unit's moves count from where it ended.")
    placed: dict[str, int] = {}
    for r in results:
        for k, v in r.coverage.placed.items():
            placed[k] = placed.get(k, 0) + v
    if rules and placed:
        out.append(f"{sum(placed.values())} unit drag(s) on the map were made in phases the binding declares as "
                   "placing units ([[phase]] moves = \"placement\": "
                   + ", ".join(f"{k} {v}" for k, v in placed.items()) + "): taken as placements (a drop's "
                   "scatter, a landing), not judged as moves and not counted as unjudged. That is the binding's "
                   "word, not checked: a unit that moved in such a phase is not reported.")
    if rules and total[OUT_OF_PHASE] and b.phase_source == "turn tracker":
        out += _out_of_phase(results, total[OUT_OF_PHASE])
    return warn, out


def _started_mid_phase(results: list, b) -> list[str]:
    """The first file starts inside a phase in which units move (a save or a log made mid-phase,
    the earlier files not given) and units of the phasing side moved in that phase before it ended
    (the runs of that phase, not the file's later phases): the moves made in it before the
    first file are in no file, so each unit's move counts from where the first file has it (a unit
    that had moved already may have gone further than its allowance). Said, not guessed."""
    start = results[0].start_phase
    info = b.game.sequence.phase(start[1]) if start and start[1] else None
    if info is None or info.unit_moves != "movement":
        return []
    moved = 0
    for run in (run for r in results for run in r.coverage.runs):
        if (run["turn"], run["phase"]) != tuple(start):
            break                       # the phase ended: what moved after it is no matter here
        moved += sum(n for side, n in run["sides"].items() if not info.side or side == info.side)
    if not moved:
        return []
    turn = f" (turn {start[0]})" if start[0] is not None else ""
    return [f"{Path(results[0].path).name} starts inside {info.name}{turn}, a phase in which units move: moves made "
            "in it before that file are in no file given, so each unit's move in it is judged from where that file "
            "has the unit (one that had moved already may have gone further than its allowance). Give the earlier "
            "files of the phase to judge them whole."]


def _out_of_phase(results: list, total: int) -> list[str]:
    """The moves not judged for being made in a phase where the units do not move, a sentence
    for each kind: drags in a combat phase (marked ``combat_phase``: retreats, advances, landings,
    or a tracker pressed past the movement phase), drags from an off-map box onto the map
    (``from_box``: returns, reinforcements, an arrival ahead of the tracker) and the others (was
    the tracker advanced?), each with its first example; the counts are the coverage's, not the
    lists' (capped per kind)."""
    every = [(r.path, m) for r in results for m in r.coverage.out_of_phase]
    # counted, not read from the list (capped per kind)
    combat = sum(r.coverage.out_of_phase_count(COMBAT_PHASE) for r in results)
    boxed = sum(r.coverage.out_of_phase_count(FROM_BOX) for r in results)
    out = []

    def first(which: str) -> str:
        shown = [(p, m) for p, m in every if "_concealed" not in m and out_of_phase_kind(m) == which]
        if not shown:
            return ""
        p, m = shown[0]
        return f" (first: {Path(p).name} step {m['step']}, {m['unit']} {m['from']} → {m['to']} in {m['phase']})"
    if total - combat - boxed > 0:
        said = next(((r.path, r.coverage.chat_before_out_of_phase) for r in results
                     if r.coverage.chat_before_out_of_phase), None)
        chat = (f" The last line a player typed in chat before the first such move of {Path(said[0]).name} (step "
                f"{said[1]['step']}): \"{said[1]['text']}\". A phase announced in chat is not read where the turn "
                "tracker gives the phase." if said else "")
        out.append(f"{total - combat - boxed} unit move(s) were made while the turn tracker showed a phase in which "
                   f"those units do not move{first('')}: they were not judged as moves. Was the tracker advanced? "
                   f"They are listed in the coverage (out_of_phase).{chat}")
    if boxed:
        out.append(f"{boxed} unit drag(s) from an off-map box onto the map were made in a phase the game does not "
                   f"mark as one where units arrive{first(FROM_BOX)}: a return (e.g. from the Eliminated box with a "
                   "replacement), a reinforcement placed in another phase, or an arrival made with the tracker not "
                   "yet advanced to the arrival phase. Not judged as moves; a rule of the "
                   "game on such returns judges them as returns. They are listed in the coverage (out_of_phase, "
                   "marked from_box).")
    if combat:
        said = next(((r.path, r.coverage.chat_before_combat_drag) for r in results
                     if r.coverage.chat_before_combat_drag), None)
        chat = (f" The last line a player typed in chat before the first such drag of {Path(said[0]).name} (step "
                f"{said[1]['step']}): \"{said[1]['text']}\" (a phase announced in chat is not read where the turn "
                "tracker gives the phase: a move announced there with the tracker left in the combat phase is "
                "read as a retreat or an advance)." if said else "")
        out.append(f"{combat} unit drag(s) were made in a combat phase whose drags are not judged as moves"
                   f"{first(COMBAT_PHASE)}: a retreat, an advance after combat or a landing from an invasion hex, or a "
                   "move made with the tracker pressed past the movement phase or left in the combat phase. They "
                   f"are listed in the coverage (out_of_phase, marked combat_phase).{chat}")
    return out


def _stale_chat(results: list) -> list[str]:
    """Files read from chat in which no phase announcement matched although units moved:
    the binding's patterns most likely stopped matching (the wording changed)."""
    out = []
    last = None                                    # (file, step, turn, phase) of the last match
    for r in results:
        runs = r.coverage.runs
        changes = runs[1:]
        moves = sum(n for x in runs for n in x["sides"].values())
        if not changes and runs and moves >= STALE_MOVES:
            ph = runs[0]
            since = (f"the last one matched: {Path(last[0]).name} step {last[1]}" if last
                     else "none matched before it")
            out.append(f"{Path(r.path).name}: the binding's chat patterns matched no phase announcement in "
                       f"its {r.coverage.steps} step(s) ({moves} unit moves) from step 1 on ({since}): every "
                       f"step was read as {ph['phase'] or 'no phase'}"
                       f"{' of turn ' + str(ph['turn']) if ph['turn'] is not None else ''}. The players "
                       "probably announced the phases in other words here: extend the binding's chat "
                       "patterns ([turns] and [[phase]] in the binding file).")
        for x in changes:
            last = (r.path, x["start"], x["turn"], x["phase"])
    return out


def mat_carry_sentence(cut: list[tuple[str, dict]]) -> str:
    """The one sentence for units a Mat carried after they had moved by hand in their phase
    (``cut``: (file, the coverage's ``carried_after_moving`` entry)): the coverage's message and
    the why of the allowance rule named not judged. What the Mat stands for (a ship, a transport
    display) is the module's: no rulebook says whether its carry counts against the allowance."""
    shown = [(p, m) for p, m in cut if "_concealed" not in m]       # a concealed unit's route withheld
    first = (f" (first: {Path(shown[0][0]).name} step {shown[0][1]['step']}, {shown[0][1]['unit']}, moved "
             f"{shown[0][1]['from']} → {shown[0][1]['to']} before it)" if shown else
             f" (first: {Path(cut[0][0]).name} step {cut[0][1]['step']})")
    return (f"{len(cut)} time(s) a Mat carried a unit that had moved by hand in its phase{first}: its moves by "
            "hand before and after the carry are not summed against its movement allowance (what the Mat "
            "stands for is the module's, not the rulebook's): not judged together.")
