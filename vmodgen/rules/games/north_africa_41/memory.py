"""North Africa '41: rules that depend on what happened before this position, and the rules of
single steps of the player turn (Initial, Recovery, Delay Phases).

History is carried in ``pos.memory`` (a :class:`.carried.NA41Memory`: the audit fills it from
:meth:`remember` at each phase end; a position file states its fields as ``[state]`` keys of the
same names). Each rule reading a field does nothing when it holds nothing (``None``), so a
position without history is never judged on facts it does not state.

``[state]`` keys (all optional; all but ``na41_comando_supremo`` and ``na41_rommel_ready`` are the
memory's fields):

* ``na41_retreat_overstack = {"2020" = "allied"}``: hexes a retreat (12.1.4; tag-along 27.3.2;
  disengagement 27.5.4) left over the stacking limit, and the side that must fix it by the end of
  its next Movement Phase. :func:`remember` records them at the end of Combat and Movement Phases
  (Auto-DS and Full Retreat retreats happen in Movement Phases) and drops them once fixed or
  once the deadline has been judged.
* ``na41_status_before = {A = ["oos"], B = ["full_retreat"], C = []}``: the markers each listed
  unit carried at the end of the previous phase (of ``oos``, ``oos_red``, ``disrupted``,
  ``full_retreat``, ``replacement``). Units not listed are not compared.
* ``na41_delay_before = {"2020" = "axis"}``: delay markers on the map at the end of the previous
  phase (hex → owner), to tell a marker placed in this Delay Phase from an older one (24.3.1).
* ``na41_extended_moved = ["A"]``: units that used extended movement in the Movement Phase of
  this player turn (2.3.2: they may not attack in the Combat Phase). Recorded from the move modes
  of a movement-phase position; the audit does not know move modes, so it records "unknown"
  (None), and an attack in the Combat Phase after it is not judged against 2.3.2.
* ``na41_fort_owner = {"2021" = "axis"}``: the side owning each fort marker on the map (complete or
  Under Construction) whose owner
  the position does not state (a log never does): :func:`remember` records it when the marker is
  first seen, as the side of the units in its hex then, else (an empty hex) the phasing side of the
  Movement Phase it appeared in (9.5.3: a fort is started in the phasing player's Movement Phase,
  in or next to his combat units); a marker that leaves its hex is forgotten (9.5.6, 9.5.7 read it).
* ``na41_last_held = {"3138" = "allied"}``: the last side to occupy or pass through each city,
  airfield and port since the record began (16.3.4 「都市、飛行場、港湾を占めるか又は通過した最後の
  プレイヤーがそれを支配します」): the holder of such a hex, empty now, whose control the position does
  not state. :func:`remember` records the hexes units stand on at each phase end and those their
  recorded moves entered (a hex only a filled-in path crosses is not); a hex both sides entered in
  one phase, in an order not recorded, is forgotten; a gap between files forgets them all.
* ``na41_forts_building = ["2021"]``: the hexes whose fortification marker showed its Under
  Construction side at the end of the previous phase (9.5.4 reads it: a fort complete at the end of
  its owner's Initial Phase was completed there only if it was under construction before).
* ``na41_comando_supremo = true``: the Axis has the Comando Supremo marker in effect (8.4.1).
* ``na41_rommel_ready = true``: the Rommel marker still shows its Ready side: his +2 MP (18.5)
  went to no stack this turn, so a German move over its MA is judged without it; ``false``: he was
  used this turn (back in the display, whom he joined not shown): a German mechanized move over its
  MA by at most his +2 is not judged. Unstated: only a Rommel marker on the move's path shows him
  with the stack.
* ``na41_boxed_before = {A = "eliminated", B = "surrender-left"}``: the units in the Eliminated
  Box, the Remnant Display or a half of the Surrender Box at the end of the previous phase (box
  ids: ``na41_return_boxes`` "eliminated, remnant-display"; ``na41_surrender_boxes``
  "surrender-left, surrender-right").

Steps of the player turn are told from the phase id or name: a phase whose id or name holds
"initial", "recovery" or "delay" (parameters ``na41_initial_phase``, ``na41_recovery_phase``,
``na41_delay_phase``), and the Supply Attrition Phase by "supply-attrition" (``na41_attrition_phase``).
These rules need the position to name its phase.
"""
from __future__ import annotations

from typing import Final

from ....errors import InputError
from ....positions.model import Position, UnitState
from ....positions.spelling import norm
from ...base import EVERY_PHASE_END, MOVEMENT_END, Rule, When
from ...core.moves import label
from ...core.board import Board
from ...core.stacking import fmt
from ...core.zoc import NONE
from . import control
from .carried import BUILDING, FORT, NA41Memory, na41
from .units import NorthAfrica41Units


P = "NA41"
RETREAT_OVERSTACK: Final = "na41_retreat_overstack"
STATUS_BEFORE: Final = "na41_status_before"
DELAY_BEFORE: Final = "na41_delay_before"
EXTENDED_MOVED: Final = "na41_extended_moved"
COMANDO = "na41_comando_supremo"
ROMMEL_READY = "na41_rommel_ready"
BOXED_BEFORE: Final = "na41_boxed_before"
FORT_OWNER: Final = "na41_fort_owner"
LAST_HELD: Final = "na41_last_held"
FORTS_BUILDING: Final = "na41_forts_building"
TRACKED = ("oos", "oos_red", "disrupted", "full_retreat", "replacement")
TRANSPORT = (("rail", "5.9.1", "rail"), ("naval_transport", "21.1.5", "naval transport"),
             ("air_transport", "18.7.6", "air transport"))


# ---- phases ---------------------------------------------------------------------------------------
def step(rs: NorthAfrica41Units, pos: Position) -> str:
    """The step of the player turn a position is in: movement, combat, supply (by phase kind),
    initial, recovery, delay (by the phase's id or name), else ""."""
    ph = pos.phase_info
    if ph is None:
        return ""
    if ph.kind in ("movement", "combat", "supply"):
        return ph.kind
    text = f"{ph.id} {ph.name}".lower()
    if ph.kind == "reinforcement" and not ph.side:
        return "preparation"
    for name in ("initial", "recovery", "delay"):
        if str(rs.param(f"na41_{name}_phase")).lower() in text:
            return name
    return ""


def oos_state(u: UnitState) -> str:
    return "oos_red" if u.has("oos_red") else "oos" if u.has("oos") else ""


#: the face a unit shows, kept with its markers: "reduced" (an ASU's Depleted side, 17.1.4: its back
#: face, or the status ``depleted``, both recorded as "reduced")
FACE = "reduced"


def depleted(u: UnitState) -> bool:
    return u.reduced or u.has("depleted")


def tracked(u: UnitState) -> list[str]:
    return [s for s in TRACKED if u.has(s)] + ([FACE] if depleted(u) else [])


# ---- validation -----------------------------------------------------------------------------------
def validate(rs: NorthAfrica41Units, pos: Position) -> None:
    st, src = rs.stated(pos), pos.source or None
    sides = set(rs.game.sides)

    def hex_side_table(key: str) -> None:
        v = st.get(key)
        if v is None:
            return
        if not isinstance(v, dict):
            raise InputError(src, f"[state] {key} must be a table of hex = side, like {{\"2020\" = \"allied\"}}")
        for h, s in v.items():
            if not pos.map.has_hex(h) and h not in pos.map.boxes:
                raise InputError(src, f"[state] {key}: '{h}' is not a hex of the map")
            if not isinstance(s, str) or s not in sides:
                raise InputError(src, f"[state] {key}: {s!r} (for {h}) is not a side "
                                      f"(known: {', '.join(sorted(sides))})")
    hex_side_table(RETREAT_OVERSTACK)
    hex_side_table(DELAY_BEFORE)
    hex_side_table(FORT_OWNER)
    hex_side_table(LAST_HELD)
    v = st.get(STATUS_BEFORE)
    if v is not None:
        if not isinstance(v, dict):
            raise InputError(src, f"[state] {STATUS_BEFORE} must be a table of unit = [markers], like "
                                  "{A = [\"oos\"], B = []}")
        for uid, marks in v.items():
            if not isinstance(marks, list) or not all(isinstance(m, str) for m in marks):
                raise InputError(src, f"[state] {STATUS_BEFORE}: the markers of '{uid}' must be a list of names")
            for m in marks:
                if m.replace("-", "_") not in (*TRACKED, FACE):
                    raise InputError(src, f"[state] {STATUS_BEFORE}: unknown marker '{m}' for '{uid}' "
                                          f"(known: {', '.join(TRACKED)}, and the face {FACE})")
    v = st.get(FORTS_BUILDING)
    if v is not None and (not isinstance(v, list) or not all(isinstance(h, str) and pos.map.has_hex(h) for h in v)):
        raise InputError(src, f"[state] {FORTS_BUILDING} must be a list of hexes of the map, like [\"2021\"]")
    v = st.get(EXTENDED_MOVED)
    if v is not None and (not isinstance(v, list) or not all(isinstance(x, str) for x in v)):
        raise InputError(src, f"[state] {EXTENDED_MOVED} must be a list of unit ids, like [\"A\", \"B\"]")
    v = st.get(BOXED_BEFORE)
    if v is not None:
        if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
            raise InputError(src, f"[state] {BOXED_BEFORE} must be a table of unit = box, like {{A = \"eliminated\"}}")
        for uid, box in v.items():
            if box not in pos.map.boxes:
                raise InputError(src, f"[state] {BOXED_BEFORE}: '{box}' (for '{uid}') is not a box of the map")
    for key in (COMANDO, ROMMEL_READY):
        v = st.get(key)
        if v is not None and not isinstance(v, bool):
            raise InputError(src, f"[state] {key} must be true or false, not {v!r}")


def before_status(pos: Position) -> dict[str, set[str]] | None:
    v = na41(pos).na41_status_before
    if not isinstance(v, dict):
        return None
    return {uid: {m.replace("-", "_") for m in marks} for uid, marks in v.items() if isinstance(marks, list)}


# ---- memory -----------------------------------------------------------------------------------------
def remember(rs: NorthAfrica41Units, before: Position | None, after: Position, memory: NA41Memory) -> None:
    memory.na41_status_before = {u.id: tracked(u) for u in after.units}
    watched = removal_boxes(rs)
    memory.na41_boxed_before = {u.id: u.hex for u in after.units if u.hex in watched}
    withdrawn = set(ids_of(rs, "na41_withdrawn_box"))
    memory.na41_withdrawn_before = sorted(u.id for u in after.units if u.hex in withdrawn)
    memory.na41_delay_before = {h: mk["delay"] for h, mk in after.hex_markers.items() if "delay" in mk and mk["delay"]}
    kind, side = after.phase_kind, after.side
    # 2.3.2: a log never says a move's mode (``moves_announced`` False): who used extended movement is
    # unknown there (None), not "nobody"
    memory.na41_extended_moved = (([u.id for u in after.units if u.mode == "extended" and u.moved]
                                   if after.moves_announced else None) if kind == "movement" else [])
    memory.na41_fort_owner = fort_owners(rs, before, after, memory.na41_fort_owner or {})
    memory.na41_last_held = control.last_held(rs, after, control.record(rs, after))
    memory.na41_forts_building = sorted(h for h, mk in after.hex_markers.items() if BUILDING in mk)
    carried = dict(na41(after).na41_retreat_overstack or {})
    if kind == "movement" and side:
        carried = {h: s for h, s in carried.items() if s != side}       # judged at this phase end
    board = rs.board(after)
    old = {u.id: u.hex for u in before.units} if before is not None else {}
    for u in after.units:
        retreated = u.mode == "retreat" or u.has("retreated")
        if not retreated and kind in ("combat", "movement") and u.side != side and u.id in old:
            retreated = old[u.id] != u.hex and board.is_hex(old[u.id])
        if retreated and board.is_hex(u.hex):
            h = rs.stacking_hex(board, u.hex)
            if rs.hex_points(board, h, u.side) > rs.stacking_limit():
                carried[h] = u.side
    carried = {h: s for h, s in carried.items() if rs.hex_points(board, h, s) > rs.stacking_limit()}
    memory.na41_retreat_overstack = carried


def fort_owners(rs: NorthAfrica41Units, before: Position | None, pos: Position,
                known: dict[str, str]) -> dict[str, str]:
    """9.5.3, 9.5.7: the owner of each fort marker of ``pos``, on either face (complete or Under
    Construction), whose owner is not stated: as ``known`` (recorded when it was first seen), else
    the one side of the units in its hex, else, for a marker that appeared in this Movement Phase
    (``before``, the last phase end, had none in its hex) in an empty hex, the phasing side (only he
    starts forts then, in or next to his own combat units). A marker with no ``before`` to tell (the
    start of a record) may be older: unknown. Unknown: left out."""
    board = rs.board(pos)
    out: dict[str, str] = {}
    for h in pos.hex_markers:
        stated = [o for o in (board.marker_owner(h, face) for face in (FORT, BUILDING)) if o is not None]
        if not stated or all(stated):
            continue
        if h in known:
            out[h] = known[h]
            continue
        sides = {x.side for x in board.units(h) if not rs.marker(x)}
        if len(sides) == 1:
            out[h] = sides.pop()
        elif not sides and pos.phase_kind == "movement" and pos.side and before is not None \
                and all(rs.board(before).marker_owner(h, face) is None for face in (FORT, BUILDING)):
            out[h] = pos.side
    return out


# ---- rules -----------------------------------------------------------------------------------------
def rules(rs: NorthAfrica41Units) -> list[Rule]:
    return [
        Rule(f"{P} 12.1.4", "stacking", MOVEMENT_END, lambda b: check_retreat_overstack(rs, b),
             "a retreat overstack is fixed by the end of the owner's next Movement Phase"),
        Rule(f"{P} 16.1", "supply", EVERY_PHASE_END, lambda b: check_oos_changes(rs, b),
             "OOS markers change only in the owner's Supply Phase"),
        Rule(f"{P} 17.1.4", "movement", EVERY_PHASE_END, lambda b: check_asu_flips(rs, b),
             "a Depleted ASU flips to Ready only in its owner's Movement or Supply Phase, in Good Order"),
        Rule(f"{P} 13.1.2", "zoc", EVERY_PHASE_END, lambda b: check_status_origin(rs, b),
             "Disrupted and Full Retreat markers come from retreats (or voluntary Full Retreat)"),
        # at phase ends: a departed unit's marker is deleted a drag later in a log
        Rule(f"{P} 13.2.3", "zoc", EVERY_PHASE_END, lambda b: check_noncombat_status(rs, b),
             "non-combat units are always in Good Order"),
        Rule(f"{P} 13.4", "zoc", When(("other",)), lambda b: check_recovery(rs, b),
             "recovery outside enemy ZOC; Replacement markers removed"),
        Rule(f"{P} 21.1.5", "movement", When(("admin",)), lambda b: check_initial(rs, b),
             "rail, air and naval transport markers removed in the own Initial Phase"),
        Rule(f"{P} 24.3.4", "movement", When(("other",)), lambda b: check_delay(rs, b),
             "delay markers: mandatory removal and placement"),
        Rule(f"{P} 19.4.1", "movement", When(("admin",)), lambda b: check_returns(rs, b),
             "units back from the Eliminated Box: where they arrive"),
        Rule(f"{P} 12.5.2", "movement", When(("reinforcement",)), lambda b: check_surrender_box(rs, b),
             "the Surrender Box advances in the Preparation Phase"),
        # not at Movement and Combat Phase ends: a unit may surrender in both
        Rule(f"{P} 12.5.3", "movement", When(("reinforcement", "admin", "other", "supply")),
             lambda b: check_surrender_entry(rs, b),
             "units surrender in a retreat or combat (12.5.1), at will in their own Movement Phase (12.5.3) or "
             "to isolation attrition in their own Supply Phase (16.5.4)"),
    ]


def check_asu_flips(rs: NorthAfrica41Units, board: Board) -> list:
    """17.1.4 「良好統制のASUsは、SPと共にスタックしたら準備面に裏返すことができ、その SP は取り去られます。これは、
    所有しているプレイヤーの移動フェイズ（補給ポイント又は ASU が未だ移動していなければ）又は自軍補給フェイズに発生
    できます」: an ASU Depleted at the last phase end (``na41_status_before`` holds its face, "reduced")
    and Ready now was flipped in this phase: only in its owner's Movement or Supply Phase, and only
    in Good Order (now and before). The SP it spent is gone and not recorded (not judged); in a
    Movement Phase an ASU that moved may have flipped after moving (not judged)."""
    pos = board.pos
    before = before_status(pos)
    if before is None or not pos.phase:
        return []
    out = []
    for u in pos.units:
        was = before.get(u.id)
        if was is None or FACE not in was or depleted(u) or not rs.is_(u, "na41_asu") \
                or u.hex in removal_boxes(rs):               # a face in the Eliminated or Surrender Box means nothing
            continue
        when = step(rs, pos)
        if when not in ("movement", "supply") or pos.side != u.side:
            out.append(rs.finding(board, f"{P} 17.1.4", "movement", f"{label(u)} went from its Depleted to its Ready "
                                  f"side in {pos.phase}; an ASU flips to Ready only in its owner's Movement or Supply "
                                  "Phase.", [u.hex], [u]))
        elif {"disrupted", "full_retreat"} & (set(was) | {s for s in ("disrupted", "full_retreat") if u.has(s)}):
            out.append(rs.finding(board, f"{P} 17.1.4", "movement", f"{label(u)} went from its Depleted to its Ready "
                                  "side, but only a Good Order ASU flips to Ready.", [u.hex], [u]))
        elif when == "movement" and u.previous:
            rs.not_judged(f"{P} 17.1.4", f"{label(u)} moved and flipped to Ready in {pos.phase}; it may flip only "
                                         "before it (or the SP) moves, and the order is not recorded")
        else:
            rs.not_judged(f"{P} 17.1.4", f"{label(u)} flipped to Ready by spending an SP stacked with it; which SP "
                                         "was removed is not recorded")
    return out


def begin(rs: NorthAfrica41Units, start: Position, memory: NA41Memory) -> None:
    """At the start of a file: a unit whose markers or face differ from what the last phase end
    recorded changed in the gap before this file (a flip, a marker placed, with no move: the seam
    compares places only), so it stands as this file starts it, and no rule (17.1.4's flip, 16.1's
    marker colour) blames this file's phase for it; likewise a fort marker no longer Under
    Construction (9.5.4). Nothing differs where the file starts as the last one ended."""
    before = memory.na41_status_before
    if before is not None:
        for u in start.units:
            if u.id in before and sorted(before[u.id]) != sorted(now := tracked(u)):
                before[u.id] = now
    if memory.na41_forts_building is not None:
        memory.na41_forts_building = [h for h in memory.na41_forts_building
                                      if BUILDING in start.hex_markers.get(h, {})]


def placed_between(rs: NorthAfrica41Units, start: Position, units: set[str], memory: NA41Memory) -> None:
    """Units placed differently since the last file ended (a missing file, moves with no log
    running): their markers and boxes stand, for the next phase end, as this file starts them,
    so what changed in the gap is not read as done in this file's phase (a marker placed, a unit
    back from the Eliminated Box). The other units keep what the last phase end recorded."""
    moved = [u for u in start.units if u.id in units]
    if not moved:
        return
    memory.na41_last_held = None            # whatever the gap's moves passed through is not recorded
    if memory.na41_status_before is not None:
        memory.na41_status_before.update({u.id: tracked(u) for u in moved})
    if memory.na41_boxed_before is not None:
        watched = removal_boxes(rs)
        for u in moved:
            if u.hex in watched:
                memory.na41_boxed_before[u.id] = u.hex
            else:
                memory.na41_boxed_before.pop(u.id, None)
    if memory.na41_withdrawn_before is not None:
        withdrawn = set(ids_of(rs, "na41_withdrawn_box"))
        memory.na41_withdrawn_before = sorted(set(memory.na41_withdrawn_before) - {u.id for u in moved}
                                              | {u.id for u in moved if u.hex in withdrawn})


def ids_of(rs: NorthAfrica41Units, name: str) -> list[str]:
    """The ids a comma-separated box or hex parameter names."""
    return [x.strip() for x in str(rs.param(name)).split(",") if x.strip()]


def _surrender(rs: NorthAfrica41Units) -> list[str]:
    return ids_of(rs, "na41_surrender_boxes")


def removal_boxes(rs: NorthAfrica41Units) -> set[str]:
    """The boxes of units out of play: the Eliminated Box, the Remnant Display, the Surrender Box."""
    return set(ids_of(rs, "na41_return_boxes")) | set(_surrender(rs))


def taken_out_boxes(rs: NorthAfrica41Units) -> set[str]:
    """The boxes a unit is put in from the map, not moved to: :func:`removal_boxes` and the
    Withdrawn Units box (20.3 「マップ上のどこにあるかにかかわらず、それを取り上げて」, ``na41_withdrawn_box``)."""
    return removal_boxes(rs) | set(ids_of(rs, "na41_withdrawn_box"))


def check_returns(rs: NorthAfrica41Units, board: Board) -> list:
    """19.4.1-19.4.2, at the end of the phasing player's Initial Phase (where replacements are
    used, 19.3): a unit that was in the Eliminated Box or the Remnant Display (``na41_boxed_before``)
    and is now on the map stands with a friendly Good Order Corps HQ in full supply (German and
    Italian units: of their own nationality), never next to an enemy combat unit; trucks and
    Corps HQs return only to a base box."""
    pos = board.pos
    old = na41(pos).na41_boxed_before
    if step(rs, pos) != "initial" or not pos.side or not isinstance(old, dict):
        return []
    back = set(ids_of(rs, "na41_return_boxes"))
    hq_sel = rs.sel("na41_corps_hq")
    out, supply = [], None
    for u in board.side_units(pos.side):
        if old.get(u.id) not in back or u.hex in back or not board.is_hex(u.hex):
            continue
        why: list[tuple[str, str]] = []
        if hq_sel.matches(rs.game, u) or u.unit.type == str(rs.param("na41_msu_truck_type")):
            why.append(("19.4.2", "trucks and Corps HQs return to a base box (19.4.2)"))
        else:
            hqs = [x for x in board.units(u.hex, u.side) if hq_sel.matches(rs.game, x) and x is not u
                   and not (x.has("disrupted") or x.has("full_retreat"))]
            if u.unit.nationality in ("wehrmacht", "luftwaffe", "italian"):
                ital = u.unit.nationality == "italian"
                hqs = [x for x in hqs if (x.unit.nationality == "italian") == ital]
            if hqs and supply is None:
                supply = rs.supply_status(board.pos, u.side)
            if not any((supply or {}).get(x.id) in ("full", "box") for x in hqs):
                why.append(("19.4.1", "it is not with a friendly Good Order Corps HQ of its nationality in full supply (19.4.1)"))
        near = [x for n in board.neighbours(u.hex) for x in board.units(n) if x.side != u.side and rs.combat(x)]
        if near:
            why.append(("19.4.2", f"it is next to enemy combat units ({rs.names(near)}) (19.4.2)"))
        if why:                                     # the finding names its first reason's rule
            out.append(rs.finding(board, f"{P} {why[0][0]}", "movement", f"{label(u)} came back from the Eliminated "
                                  f"Box to {u.hex}, but " + "; ".join(w for _, w in why) + ".", [u.hex], [u]))
    return out


#: why a check of the boxes' units before this phase is not judged: nothing recorded them (a log's
#: first phase: the record starts at its end; a position file states them)
UNRECORDED_BOXES = ("is not recorded (a log records it from the end of its first phase on; a position file "
                    "needs [state] na41_boxed_before)")


def check_surrender_box(rs: NorthAfrica41Units, board: Board) -> list:
    """12.5.2, 3.1 A.4: in the Preparation Phase surrendered units advance one half of the Surrender
    Box: from the left half to the right, from the right half to the Eliminated Box."""
    pos = board.pos
    old = na41(pos).na41_boxed_before
    if step(rs, pos) != "preparation":
        return []
    halves = _surrender(rs)
    if len(halves) != 2:
        return []
    if not isinstance(old, dict):
        boxed = [u for u in pos.units if u.hex in set(halves) | set(ids_of(rs, "na41_return_boxes")[:1])]
        if boxed:
            rs.not_judged(f"{P} 12.5.2", f"where {rs.names(boxed)} stood before the Preparation Phase (the Surrender "
                                         f"Box advances one half) {UNRECORDED_BOXES}")
        return []
    left, right = halves
    elim = ids_of(rs, "na41_return_boxes")[:1]
    out = []
    for u in pos.units:
        was = old.get(u.id)
        want = right if was == left else (elim[0] if elim else None) if was == right else None
        if want is None or u.hex == want:
            continue
        out.append(rs.finding(board, f"{P} 12.5.2", "movement", f"{label(u)} was in {was} and is in {u.hex} after the "
                              f"Preparation Phase; the Surrender Box advances it to {want}.", [u.hex], [u]))
    return out


def _may_surrender(kind: str, side: str, u: UnitState) -> bool:
    """Whether ``u`` may enter the Surrender Box in a phase of ``kind`` (a step) and ``side``:
    in a Movement or Combat Phase (12.5.1 retreat or combat, 8.9 Automatic DS, 12.5.3 at will), or
    in its owner's Supply Phase (16.5.4: 「孤立損耗によって除去されたユニットを、降伏ボックス内に置きます」;
    not the sideless Supply Attrition Phase, 25.1, which eliminates nothing)."""
    return kind in ("movement", "combat") or (kind == "supply" and side == u.side)


def _previous_phase(pos: Position) -> tuple[str, str] | None:
    """(step kind, side) of the phase before ``pos``'s in the sequence of play (None: the first or
    an unknown phase)."""
    phases = pos.game.sequence.phases
    i = next((i for i, p in enumerate(phases) if p.id == pos.phase), 0)
    if i == 0:
        return None
    p = phases[i - 1]
    return (p.kind, p.side or "")


def check_surrender_entry(rs: NorthAfrica41Units, board: Board) -> list:
    """12.5.1, 12.5.3, 16.5.4: a unit enters the Surrender Box (its left half) only by surrendering:
    in a retreat or combat (a Combat Phase, or a Movement Phase's automatic DS, 8.9), at will in its
    owner's Movement Phase, or lost to isolation attrition in its owner's Supply Phase (16.5.4). A
    unit newly there at the end of any other phase (Initial, Recovery, Delay, Preparation, the
    enemy's Supply Phase) surrendered when no rule lets it. "Newly" needs ``na41_boxed_before``:
    without it the units there are listed as not judged (each may have been there all along). In a
    log (moves not announced) a surrendered unit is often dragged to the box after Next: one new
    at the end of the phase right after one where it could surrender is not judged."""
    pos = board.pos
    halves = _surrender(rs)
    when = step(rs, pos)
    if not halves or when in ("", "movement", "combat"):
        return []
    there = [u for u in pos.units if u.hex == halves[0]]
    old = na41(pos).na41_boxed_before
    if not isinstance(old, dict):
        if there:
            rs.not_judged(f"{P} 12.5.3", f"when {rs.names(there)} entered {halves[0]} (a unit surrenders only in a "
                                         "Movement or Combat Phase or to isolation in its own Supply Phase) "
                                         f"{UNRECORDED_BOXES}")
        return []
    side = pos.side or ""
    before = None if pos.moves_announced else _previous_phase(pos)
    out, late = [], []
    for u in there:
        if old.get(u.id) in removal_boxes(rs) or _may_surrender(when, side, u):
            continue
        if before is not None and _may_surrender(before[0], before[1], u):
            late.append(u)
            continue
        out.append(rs.finding(board, f"{P} 12.5.3", "movement", f"{label(u)} entered {u.hex} in {pos.phase}; a unit "
                              "surrenders only in a retreat or combat (12.5.1), at will in its owner's Movement "
                              "Phase (12.5.3) or to isolation attrition in its owner's Supply Phase (16.5.4).",
                              [u.hex], [u]))
    if late:
        rs.not_judged(f"{P} 12.5.3", f"{rs.names(late)} entered {halves[0]} by the end of {pos.phase}, right after a "
                                     "phase in which they could surrender: a log does not tell a surrender dragged "
                                     "to the box after Next from one made in this phase")
    return out


def check_retreat_overstack(rs: NorthAfrica41Units, board: Board) -> list:
    """12.1.4: a hex a retreat left overstacked must be within the limit at the end of its owner's
    next Movement Phase; then every unit over the limit is eliminated."""
    carried = na41(board.pos).na41_retreat_overstack
    if not isinstance(carried, dict):
        return []
    out = []
    for h, side in sorted(carried.items()):
        if board.pos.side and side != board.pos.side:
            continue
        mine = rs.hex_units(board, h, side)
        pts = rs.stack_points(mine)
        if pts > rs.stacking_limit():
            out.append(rs.finding(board, f"{P} 12.1.4", "stacking",
                                  f"{h} was left overstacked by a retreat and still holds {fmt(pts)} stacking points "
                                  f"of {rs.side_name(side)} units at the end of their owner's next Movement Phase "
                                  f"(limit {fmt(rs.stacking_limit())}): every unit over the limit is eliminated "
                                  f"({rs.names(mine)}).", [h], mine, points=pts, limit=rs.stacking_limit()))
    return out


def check_oos_changes(rs: NorthAfrica41Units, board: Board) -> list:
    """16.1, §8: OOS markers are placed, flipped and removed only in their owner's Supply Phase
    (and by the mass OOS of the Supply Attrition Phase, 25.1.1, a supply phase of no side)."""
    pos = board.pos
    before = before_status(pos)
    if before is None or not pos.phase:
        return []
    out = []
    for u in pos.units:
        if u.id not in before or rs.marker(u):
            continue
        old = oos_state_of(before[u.id])
        new = oos_state(u)
        if old == new:
            continue
        if pos.phase_kind == "supply" and (not pos.side or pos.side == u.side):
            continue
        say = {"": "no OOS marker", "oos": "a white OOS marker", "oos_red": "a red OOS marker"}
        out.append(rs.finding(board, f"{P} 16.1", "supply",
                              f"{label(u)} went from {say[old]} to {say[new]} outside its own Supply Phase; OOS "
                              "markers change only in the owner's Supply Phase (or by the mass OOS of 25.1.1).",
                              [u.hex], [u], part="phase"))
    if pos.phase_kind == "supply" and not pos.side:
        if attrition_phase(rs, pos):
            out += mass_oos(rs, board, before)
        elif any(u.id in before and not oos_state_of(before[u.id]) and oos_state(u) for u in pos.units):
            rs.not_judged(f"{P} 25.1.1", f"units were marked out of supply in {pos.phase}, a Supply Phase of no side "
                                         "whose id and name do not say it is the Supply Attrition Phase "
                                         "(na41_attrition_phase)")
    return out


def attrition_phase(rs: NorthAfrica41Units, pos: Position) -> bool:
    """Whether the position's phase is the Supply Attrition Phase (25.1): its id or name holds the
    word ``na41_attrition_phase`` (spaces, '_' and '-' alike)."""
    ph, word = pos.phase_info, norm(str(rs.param("na41_attrition_phase")))
    return ph is not None and bool(word) and (word in norm(ph.id) or word in norm(ph.name or ""))


def mass_oos(rs: NorthAfrica41Units, board: Board, before: dict[str, set[str]]) -> list:
    """25.1.1 「SPsがないか裏返すASUsもなければ、プレイヤーの全ユニットは非補給下でマークされます」: in the
    Supply Attrition Phase a side's units are marked out of supply only when it has no SP and no
    Ready ASU on the map to spend (the roll's sector, else the nearest one), and then all of them:
    a unit of the side newly marked (by ``na41_status_before``) with an SP or Ready ASU on the map,
    or with a unit of the side on the map left unmarked, is a finding."""
    out = []
    needs, sp, asu = rs.sel("na41_supply_units"), rs.sel("na41_sp"), rs.sel("na41_asu")
    for side in rs.game.sides:
        # the Tobruk Holding Box shows units in the Tobruk hex (2.2.4): they are on the map
        mine = [u for u in board.side_units(side) if board.is_hex(rs.stacking_hex(board, u.hex)) and not rs.marker(u)]
        marked = [u for u in mine if u.id in before and not oos_state_of(before[u.id]) and oos_state(u)]
        if not marked:
            continue
        spend = [u for u in mine if sp.matches(rs.game, u)
                 or asu.matches(rs.game, u) and not (u.reduced or u.has("depleted"))]
        left = [u for u in mine if needs.matches(rs.game, u) and not oos_state(u)]
        why = (f"{rs.names(spend)} could be spent instead (an SP removed or an ASU turned Depleted)" if spend else
               f"the marking takes all the side's units, and {rs.names(left)} {'is' if len(left) == 1 else 'are'} "
               "left unmarked" if left else "")
        if why:
            out.append(rs.finding(board, f"{P} 25.1.1", "supply",
                                  f"{rs.names(marked)} {'was' if len(marked) == 1 else 'were'} marked out of supply in the "
                                  f"Supply Attrition Phase, but {why}: units are marked only when the {rs.side_name(side)} "
                                  "side has no SP and no Ready ASU on the map to spend.",
                                  sorted({u.hex for u in marked}), marked))
    return out


def oos_state_of(markers: set[str]) -> str:
    """The OOS marker among a unit's recorded markers ("" none)."""
    return "oos_red" if "oos_red" in markers else "oos" if "oos" in markers else ""


STATES = (("disrupted", "a Disrupted marker"), ("full_retreat", "a Full Retreat marker"))


def marker_of_another(board: Board, u: UnitState, status: str) -> bool:
    """Whether another unit in ``u``'s hex carries ``status`` too: the marker may be that unit's (a log
    gives a marker lying in a hex to every unit there)."""
    return any(x is not u and x.has(status) for x in board.units(u.hex))


def check_status_origin(rs: NorthAfrica41Units, board: Board) -> list:
    """13.1.2, 13.1.3, 13.3.4 at each phase end, with ``na41_status_before``: a combat unit becomes
    Disrupted only by retreating after a combat result (Combat Phases: combat, breakthrough,
    disengagement 27.5.4; a Recovery Phase flips Full Retreat to Disrupted, 13.4); it goes into Full
    Retreat by a DR4/DS result or a second retreat (Combat Phases; an Automatic DS, 8.9, in the
    enemy's Movement Phase, where the unit retreats), or voluntarily in its own Movement Phase
    (13.3.4); a unit of the non-phasing side that retreated in a Movement Phase may have been picked
    up by an Automatic DS retreat (optional 27.3.2: one level more disrupted). In a log the
    non-phasing side's moves are not recorded: its new marker in a Movement Phase is not judged. A
    marker another unit of the hex carries too is not judged (it may be that unit's)."""
    pos = board.pos
    before = before_status(pos)
    if before is None or not pos.phase:
        return []
    kind, out = pos.phase_kind, []
    for u in pos.units:
        was = before.get(u.id)
        if was is None or rs.marker(u) or not rs.combat(u) or not board.is_hex(u.hex):
            continue                                   # in a box (the Eliminated Box...) markers mean nothing
        if u.has("full_retreat") and "full_retreat" not in was and not marker_of_another(board, u, "full_retreat"):
            if kind == "combat" or kind == "movement" and (u.side == pos.side or u.moved):
                continue
            if kind == "movement" and not pos.moves_announced:
                # a log records the phasing side's moves only: an Automatic DS retreat (8.9) is not seen
                rs.not_judged(f"{P} 13.3.4", f"whether {label(u)} retreated in {pos.phase} (an Automatic DS, 8.9, "
                                             "puts it in Full Retreat) is not recorded in a log, which records the "
                                             "phasing side's moves only")
                continue
            out.append(rs.finding(board, f"{P} 13.3.4", "zoc", f"{label(u)} went into Full Retreat in {pos.phase} "
                                  "without retreating there: a unit goes into Full Retreat by a DR4 or DS result or a "
                                  "second retreat (13.1.3: Combat Phases; an Automatic DS, 8.9, in the enemy's Movement "
                                  "Phase), or voluntarily in its own Movement Phase (13.3.4).", [u.hex], [u]))
        elif u.has("disrupted") and not u.has("full_retreat") and not was & {"disrupted", "full_retreat"} \
                and kind != "combat" and not marker_of_another(board, u, "disrupted"):
            if kind == "movement" and u.side != pos.side:
                # 27.3.2 (optional): a unit picked up by a retreat (an Automatic DS's, 8.9, in the enemy's
                # Movement Phase) goes up one disruption level
                if u.moved:
                    continue
                if not pos.moves_announced:
                    rs.not_judged(f"{P} 13.1.2", f"whether {label(u)} retreated in {pos.phase} (picked up by an "
                                                 "Automatic DS retreat, 27.3.2, it becomes Disrupted) is not recorded "
                                                 "in a log, which records the phasing side's moves only")
                    continue
            out.append(rs.finding(board, f"{P} 13.1.2", "zoc", f"{label(u)} became Disrupted in {pos.phase}; a unit "
                                  "becomes Disrupted only by retreating after a combat result (13.1.2), and no "
                                  "player disrupts his own unit at will (13.3.4 allows Full Retreat only).",
                                  [u.hex], [u]))
    return out


def check_noncombat_status(rs: NorthAfrica41Units, board: Board) -> list:
    """13.2.3: 「非戦闘ユニットは、常に良好統制です」: a truck, SP or replacement carries no Disrupted
    or Full Retreat marker (one a combat unit of its hex carries too may be that unit's)."""
    out = []
    for u in board.pos.units:
        if rs.marker(u) or rs.combat(u) or not board.is_hex(u.hex):
            continue
        for status, what in STATES:
            if u.has(status) and not any(x is not u and rs.combat(x) and x.has(status) for x in board.units(u.hex)):
                out.append(rs.finding(board, f"{P} 13.2.3", "zoc", f"{label(u)} is a non-combat unit under {what}; "
                                      "non-combat units are always in Good Order (13.2.3).", [u.hex], [u]))
    return out


def check_recovery(rs: NorthAfrica41Units, board: Board) -> list:
    """13.4, 19.5 at the end of the phasing player's Recovery Phase: his Disrupted and Full Retreat
    units outside enemy ZOC (a limited one counts as ZOC) recover one level: no Full Retreat unit
    is left outside enemy ZOC, and a Disrupted one only if it was in Full Retreat before; no unit
    recovers two levels; every Replacement marker is removed."""
    pos = board.pos
    if step(rs, pos) != "recovery" or not pos.side:
        return []
    before = before_status(pos) or {}
    ez = rs.enemy_field(board, pos.side)
    out = []
    for u in board.side_units(pos.side):
        if rs.marker(u):
            continue
        in_ezoc = board.is_hex(u.hex) and ez.kind(u.hex) != NONE
        was = before.get(u.id)
        if u.has("replacement"):
            out.append(rs.finding(board, f"{P} 19.5", "movement", f"{label(u)} still carries a Replacement marker at "
                                  "the end of the Recovery Phase, which removes them all.", [u.hex], [u]))
        if was is not None and "full_retreat" in was and not (u.has("full_retreat") or u.has("disrupted")):
            out.append(rs.finding(board, f"{P} 13.4", "zoc", f"{label(u)} went from Full Retreat to Good Order in "
                                  "one Recovery Phase; it recovers one level, to Disrupted.", [u.hex], [u]))
        if in_ezoc:
            continue                                   # the Rally table decides (13.5)
        if u.has("full_retreat"):
            out.append(rs.finding(board, f"{P} 13.4", "zoc", f"{label(u)} in {u.hex} is not in enemy ZOC and stays in "
                                  "Full Retreat; it recovers one level (its marker flips to Disrupted).", [u.hex], [u]))
        elif u.has("disrupted") and was is not None and "full_retreat" not in was:
            out.append(rs.finding(board, f"{P} 13.4", "zoc", f"{label(u)} in {u.hex} is not in enemy ZOC and stays "
                                  "Disrupted; it recovers to Good Order.", [u.hex], [u]))
    return out


def check_initial(rs: NorthAfrica41Units, board: Board) -> list:
    """5.9.1, 18.7.6, 21.1.5: the phasing player removes his rail, air and naval transport markers
    in his Initial Phase."""
    pos = board.pos
    if step(rs, pos) != "initial" or not pos.side:
        return []
    out = []
    for u in board.side_units(pos.side):
        for status, rule, what in TRANSPORT:
            if u.has(status):
                out.append(rs.finding(board, f"{P} {rule}", "movement", f"{label(u)} still carries its {what} marker "
                                      "at the end of its own Initial Phase, where it is removed.", [u.hex], [u]))
    return out


def air_markers(rs: NorthAfrica41Units, board: Board) -> list:
    """At the end of a side's own Delay Phase every strafing and LRDG marker of that side was placed in
    it (those of its previous Delay Phase are removed in it, 18.7.5, 18.8): 18.7.5 a strafing marker
    is not on an own delay marker; 18.8 an LRDG marker is not in or next to enemy units.

    A hex's markers have one owner (a position's ``owner``; a log's are ""): the strafing-on-delay test
    takes the delay marker to be the strafing marker's side's. A strafing marker whose owner is unknown
    is not judged; the LRDG is always the Allied side's (18.8: 連合軍プレイヤーによって…購入), the
    side ``na41_lrdg_hinders`` does not name (as movement cost reads it), whatever its owner."""
    pos = board.pos
    out: list = []
    if not pos.side:
        return out
    lrdg_ours = pos.side != str(rs.param("na41_lrdg_hinders"))
    for h, mk in sorted(pos.hex_markers.items()):
        if "strafing" in mk and not mk["strafing"]:
            rs.not_judged(f"{P} 18.7.5", f"the strafing marker in {h} has no known owner, so whether it was placed "
                                         f"in this Delay Phase (off its own delay marker, in air range) is unknown")
        if mk.get("strafing") == pos.side and mk.get("delay") == pos.side:
            out.append(rs.finding(board, f"{P} 18.7.5", "movement", f"The {rs.side_name(pos.side)} strafing marker "
                                  f"in {h} lies on its own delay marker; a strafing marker may not be placed on one.",
                                  [h]))
        if mk.get("strafing") == pos.side:
            out += strafing_range(rs, board, h)
        if "lrdg" in mk and lrdg_ours:
            near = [u for n in [h] + board.neighbours(h) for u in board.units(n)
                    if u.side != pos.side and not rs.marker(u)]
            if near:
                out.append(rs.finding(board, f"{P} 18.8", "movement", f"The LRDG marker placed in {h} this Delay "
                                      f"Phase is in or next to enemy units ({rs.names(near)}).", [h], near))
    return out


def strafing_range(rs: NorthAfrica41Units, board: Board, h: str) -> list:
    """18.7.5, 18.7.3: a strafing marker lies within air range (16 hexes) of a friendly-controlled
    airfield or an own Corps HQ. The HQ's full supply and Good Order (18.7.3) are not judged: any
    own Corps HQ in range counts."""
    side, most = board.pos.side, rs.num("air_range_hexes")

    def in_range(a: str) -> bool:
        d = board.distance(h, a)
        return d is not None and d <= most
    airfields = [a for a, info in board.map.hexes.items() if "airfield" in board.features(a) and in_range(a)]
    held = {a: control.holder(rs, board, a) for a in airfields}                 # 16.3.4
    if any(held[a] == side for a in airfields) or \
            any(board.is_hex(u.hex) and rs.is_(u, "na41_corps_hq") and in_range(u.hex) for u in board.side_units(side)):
        return []
    if any(held[a] is None for a in airfields):
        rs.not_judged(f"{P} 18.7.5", f"who controls the airfields within {fmt(most)} hexes of the strafing marker in "
                                     f"{h} is not stated nor recorded")
        return []
    return [rs.finding(board, f"{P} 18.7.5", "movement", f"The {rs.side_name(side)} strafing marker in {h} is not "
                       f"within {fmt(most)} hexes (air range, 18.7.3) of a friendly airfield or Corps HQ.", [h])]


def check_delay(rs: NorthAfrica41Units, board: Board) -> list:
    """24.3.4: after the removal roll of every Delay Phase (both players'), a delay marker stacked
    with enemy units (combat or not) is removed. 24.3.1: a delay marker placed in this Delay Phase
    (not on the map at the end of the previous phase, ``na41_delay_before``) is not on or next to
    enemy units or enemy forts, not on or next to another own delay marker, and not in an
    enemy-controlled port or airfield."""
    pos = board.pos
    if step(rs, pos) != "delay":
        return []
    out = []
    delays = {h: mk["delay"] for h, mk in pos.hex_markers.items() if "delay" in mk and mk["delay"]}
    for h, owner in sorted(delays.items()):
        enemy = [u for u in board.units(h) if u.side != owner and not rs.marker(u)]
        if enemy:
            out.append(rs.finding(board, f"{P} 24.3.4", "movement", f"The {rs.side_name(owner)} delay marker in {h} "
                                  f"shares its hex with enemy units ({rs.names(enemy)}) at the end of a Delay Phase; "
                                  "it is removed.", [h], enemy))
    out += air_markers(rs, board)
    old = na41(pos).na41_delay_before
    if not isinstance(old, dict) or not pos.side:
        return out
    for h, owner in sorted(delays.items()):
        if owner != pos.side or old.get(h) == owner:
            continue
        near = [h] + board.neighbours(h)
        why = []
        if any(u.side != owner and not rs.marker(u) for n in near for u in board.units(n)):
            why.append("it is on or next to enemy units")
        if any((board.marker_owner(n, "fort") or owner) != owner for n in near):
            why.append("it is on or next to an enemy fort")
        if any(delays.get(n) == owner for n in board.neighbours(h)):
            why.append("it is next to another of its own delay markers")
        c = control.holder(rs, board, h)                                          # 16.3.4
        if c and c != owner and (board.features(h) & {"port", "airfield"}):
            why.append("it is in an enemy-controlled port or airfield")
        if why:
            out.append(rs.finding(board, f"{P} 24.3.1", "movement", f"The {rs.side_name(owner)} delay marker placed in "
                                  f"{h} this Delay Phase is illegal: {'; '.join(why)}.", [h]))
    return out
