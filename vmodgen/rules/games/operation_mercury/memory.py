"""Operation Mercury: the facts carried from one phase end to the next (``RuleSet.remember``) and
the ``[state]`` keys a position file states them with. Rules read history only from
``pos.memory`` (a :class:`.carried.MercuryMemory`, whose fields are the ``om_*`` keys and
``supply_previous``) and the free state from ``pos.state``.

``[state]`` keys (the audit writes the memory's: the ``om_*`` ones and ``supply_previous``; a
position file may state any of them):

* ``time = "am" | "pm" | "night"``: the time of the turn; default from the turn number
  (``(turn - 1) % 3``: GT1 = 20 AM, GT14 = 24 PM, spec §1).
* ``om_arrivals = {unit = {turn = 3, how = "airlanded", hex = "W4415"}}``: units that arrived this
  turn. ``how``: ``paradrop`` (a unit that left a wave box, first, second or reserve, in any arrival
  phase the tracker shows, 6.11, with ``from`` its box; or any unit placed in the German Paradrop
  Phase), ``amphibious`` (Amphibious Landing Phase), ``unloaded`` (Naval Unloading Phase, onto a hex
  or into an off-map box), ``steamer`` (a unit that changed hex in the Naval Unloading Phase: the
  coastal steamer, 17.52), ``airlanded`` (a unit entering the map in the German Movement Phase, 6.51,
  from a box that is no wave box; ``hex`` is its airfield, and the audit adds
  ``held`` (German units held every airfield hex at the phase start), ``cap`` and ``cut`` (the
  airfield's capacity then and the rule that cut it, "6.55", "6.56" or "")). Unloaded and steamer
  arrivals carry ``ezoc`` (their hex was in enemy ZOC at the end of the Naval Unloading Phase) and
  steamer arrivals ``enemy_near`` (an enemy unit within 1 hex of a steamer port then; ``enemy_names``, ``enemy_ids``: they), paradrop
  arrivals ``fire`` (a fire marker on the unit at the end of the Paradrop Phase, or of the phase
  the drop was seen in when that is later, named by ``fire_phase``; a drop seen before the
  Paradrop Phase gets it at that phase end, where SoP IV.A.4 places the markers), amphibious and
  unloaded arrivals into an off-map box ``held`` (enemy units held the box at that phase end, 4.57).
  ``hex`` is where the unit stood at that phase end: for a paradrop or landing, after drift (the
  target hex is not recorded, 6.12, 17.24). Only this turn's entries are kept.
  The statuses ``paradropped``, ``landed``, ``unloaded``, ``steamer`` and ``airlanded`` on a unit
  state the same fact.
* ``om_fatigued = ["G1", ...]``: units fatigued at the end of the previous phase (5.28, 9.76).
* ``om_final_fire = ["A-156-AA", ...]``: units under a Final Fire marker at the end of the previous
  phase (11.11: they may not move; a unit that moves under First Fire flips it to Final Fire).
* ``om_status_unknown = {om_fatigued = ["G1"]}``: units whose entry in ``om_fatigued`` or
  ``om_final_fire`` is unknown: a file that does not start where the previous one ended (steps
  missing) starts them otherwise than the list says (:mod:`...core.gap_status`); 9.71, 7.14, 9.76,
  5.28 and 11.11 are named not judged for them. Cleared at the next phase end.
* ``om_offmap_start = ["A7", ...]``: Allied units that began the game in an off-map box or in
  Alexandria (4.61); recorded at the first phase end of turn 1.
* ``om_sca_released = 4``: the turn in which a German unit ended its Movement Phase in or beside
  the Suda Command Area (4.64): from then on its limits are lifted.
* ``om_refused = {turn = 3, segment = "german", units = ["A1"]}``: units that refused combat in
  that player segment's Combat Refusal Phase (7.42c).
* ``om_hq_lost = {HQ = {sector = "sector-retimo", turn = 5, replacement = false}}``: HQs
  eliminated, the sector where they died and whether the lost one was already a replacement
  (13.52).
* ``om_militia_off = ["M1"]``: Greek militia eliminated and not yet back (13.63-13.64).
* ``supply_previous = {german = {sector-retimo = "short"}}``: the levels at the end of the
  previous Supply Phase (15.15, 15.26, 15.27).
* ``om_displaced = {B23 = {turn = 5, phase = "german-combat-refusal", from = "W4314", to = "W4315"}}``:
  ground units whose hex changed between the ends of the previous phase and a phase that is not a
  Movement Phase (refusal, reaction, retreat, advance: the audit tracks no moves there; not a
  Combat Phase whose drags the audit followed as retreats and advances, :func:`followed`). Only
  this turn's entries are kept.
* ``om_end_hexes = {B23 = "W4314"}``: where each unit stood at the last phase end (or at the start
  of the audit's first file, :func:`begin`): the next phase end compares with it, across files.
* ``om_last_end = {turn = 1, phase = "german-combat"}``: the turn and phase of the last phase end
  the record holds (6.11: a wave box left after this turn's Paradrop Phase is judged only once a
  phase end of this turn at or after it shows the tracker was not lagging a turn behind).
* ``om_night_missions = {turn = 3, units = ["G-Ju88-1"]}``: air units put into a mission box of the
  Air Operations Display in that Night turn (12.15): one still there at a later phase end of the
  turn flew its mission at night, it did not stay from the last turn (12.23a).
* ``om_first_roll = {turn = 5, phase = "german-combat", hexes = {B23 = "W4314"}}``: a log's Combat
  Phase the audit saw begin (``RuleSet.combat_rolls``), and where each unit stood at its first die
  roll (``hexes`` absent: no roll yet). A unit retreats once per Combat Phase (9.13), so a drag
  after a roll is measured from that hex (9.61; :func:`first_roll_hexes`). ``closed = {B23 =
  [["W4314", "W4313"]]}``: each unit's drags the audit closed (:func:`retreats_closed`). ``unknown = {B23 =
  "prev"}``: units that moved since that roll outside the phase (``prev``: the tracker sent back,
  then forward into it again) or in play no file holds (``gap``: a file missing between two): the
  hexes no longer tell the phase for them (:func:`first_roll_unknown`; an older record's list
  gives no reason). ``lost = {B23 = "W4315"}``: the phase's first roll may have been in such a
  gap, before any roll recorded: no hexes are recorded for the phase, and the units placed
  differently in the gap are measured from where the file before it left them.
* ``om_arrival_unknown = {turn = 1, units = [...], why = "..."}``: an audit that starts at or after
  the turn's first arrival phase without an earlier file cannot tell which of these units arrived
  that turn; the arrival-turn rules are not judged for them (``RuleSet.not_judged``).
"""
from __future__ import annotations

from ....errors import InputError
from ....positions.model import Position, UnitState
from ...core import gap_status
from .carried import MercuryMemory, mercury
from .places import airfield_capacity, airfield_hexes, mission_boxes, steamer_enemies, steamer_ports

#: the first phase of the turn in which units arrive (4.18, 6.1, 17.3): a record that starts at or
#: after it without an earlier file cannot tell which units on the map already arrived this turn
FIRST_ARRIVAL_PHASE = "amphibious-landing"
HOW = ("paradrop", "amphibious", "unloaded", "steamer", "airlanded")
#: the phase kinds in which units arrive (are placed): a unit's ``previous`` is then where it came from
ARRIVAL_KINDS = frozenset({"reinforcement", "naval"})
#: unit status → arrival kind
STATUS_HOW = {"paradropped": "paradrop", "landed": "amphibious", "unloaded": "unloaded", "steamer": "steamer",
              "airlanded": "airlanded"}
TIMES = ("am", "pm", "night")

#: phase ids of the kit's sequence (counters/operation-mercury/game.toml)
STEAMER_SIDE = "allied"          # 17.51: the coastal steamer is the Allied player's
PARADROP, AMPHIBIOUS, UNLOADING, GERMAN_MOVE = "german-paradrop", "amphibious-landing", "naval-unloading", \
    "german-movement"
#: the phases a unit leaving a wave box is read as a paradrop in: the German Paradrop Phase, and the
#: arrival phases around it (6.11: a wave box's units paradrop, whatever phase the tracker shows). A
#: log's drop two presses of Next from the Paradrop Phase (the Amphibious Landing Phase) is still
#: read as one here, and is an OM 6.11 finding for its phase (the tracker-lag policy, omlag25:
#: ``OperationMercuryStacking._left_a_wave_box``)
DROP_PHASES = frozenset({AMPHIBIOUS, UNLOADING, PARADROP, GERMAN_MOVE})


#: ``[state] time`` as a reader writes it, any capitals: the turn track's AM, PM and Night, and the
#: rulebook's 夜間 (「夜間ゲーム・ターン」, 3.2)
TIME_WORDS = {"am": "am", "pm": "pm", "night": "night", "夜間": "night"}


def stated_time(value: object) -> str | None:
    """``[state] time`` read as "am", "pm" or "night"; None for any other value."""
    return TIME_WORDS.get(value.strip().casefold()) if isinstance(value, str) else None


def turn_time(turn: int) -> str:
    """The time of a game turn (3.2: two day turns and a Night turn a day, GT1 = 20 May AM; every
    scenario keeps the turn track's numbering, 14.0: Scenario 2 plays GT2-9, 20 PM to 22 Night)."""
    return TIMES[(turn - 1) % 3]


def time_of_day(pos: Position) -> str | None:
    """"am", "pm" or "night": ``[state] time`` or the turn number (3.2); None when unknown."""
    t = stated_time(pos.state.get("time"))
    if t is not None:
        return t
    if pos.turn is None:
        return None
    return turn_time(pos.turn)


def followed(pos) -> bool:
    """Whether the audit followed the drags of the Combat Phase ``pos`` ends (or is in) as retreats
    and advances, judged step by step (``combat_moves_in``; a log's position: its moves' modes
    are not announced): its hex changes are then not recorded in ``om_displaced`` too."""
    return pos.phase.endswith("-combat") and not pos.moves_announced


def segment(phase: str) -> str:
    """The player segment of a phase id ("german-combat" → "german"), "" for the others."""
    for s in ("german", "allied"):
        if phase.startswith(s + "-"):
            return s
    return ""


def arrivals(rs, pos: Position) -> dict[str, dict]:
    """Unit id → {how, hex, turn} for the units that arrived this turn: the statuses on units first,
    then ``[state] om_arrivals`` entries of this turn (or of any turn when the position has none)."""
    out: dict[str, dict] = {}
    rec = mercury(pos).om_arrivals or {}
    if isinstance(rec, dict):
        for uid, r in rec.items():
            if isinstance(r, dict) and (pos.turn is None or r.get("turn") in (None, pos.turn)):
                out[uid] = r
    placing = pos.phase_kind in ARRIVAL_KINDS
    for u in pos.units:
        for st, how in STATUS_HOW.items():
            if u.has(st):
                # in the arrival phase itself the unit stands where it arrived (``previous`` is where
                # it came from: a box, the other steamer port); later, ``previous`` is that hex
                out[u.id] = {"how": how, "hex": u.hex if placing or not u.previous else u.previous,
                             "turn": pos.turn}
                if placing and u.previous:
                    out[u.id]["from"] = u.previous
    if pos.phase == UNLOADING:
        # an Allied unit that changed map hex in the Naval Unloading Phase came by the coastal steamer,
        # the only way from port to port (17.52), as :func:`remember` reads a log: status or not
        for u in pos.units:
            if u.id not in out and steamer_trip(pos, u, u.previous):
                out[u.id] = {"how": "steamer", "hex": u.hex, "turn": pos.turn, "from": u.previous}
    if pos.phase in DROP_PHASES:
        # a unit placed from a holding box (not an off-map box) arrives as :func:`remember` reads a
        # log, with or without the status: from a wave box, or in the Paradrop Phase, by paradrop
        # (6.11: every unit of the wave boxes lands by the paradrop procedure; 4.58, 6.12d), in the
        # German Movement Phase a German unit by airlanding (6.51); ``from`` marks the move as the
        # arrival itself
        waves = drop_boxes(rs)
        returns = return_boxes(rs)
        for u in pos.units:
            src = u.previous
            if u.id in out or not src or src == u.hex or src not in pos.map.boxes or _offmap_box(pos, src) \
                    or src in returns:
                continue
            placed = _on_map(pos, u.hex) or _offmap_box(pos, u.hex)
            if placed and (src in waves or pos.phase == PARADROP):
                out[u.id] = {"how": "paradrop", "hex": u.hex, "turn": pos.turn, "from": src}
            elif placed and pos.phase in (AMPHIBIOUS, UNLOADING):
                # as :func:`remember` reads a log: from a holding box (Alexandria, Athens, a convoy's
                # display) in the Amphibious Landing or Naval Unloading Phase, status or not
                how = landing_how(rs, u) if pos.phase == AMPHIBIOUS else "unloaded"
                out[u.id] = {"how": how, "hex": u.hex, "turn": pos.turn, "from": src}
            elif airlands(pos, u) and pos.moves_announced:
                # (a position file: a log's steps take the landing from the memory, at the phase end)
                out[u.id] = {"how": "airlanded", "hex": landing_hex(pos, u) or u.hex, "turn": pos.turn, "from": src}
    return out


#: the phase each way of arriving is made in (SoP: II Amphibious Landing, III Naval Unloading, IV
#: German Paradrop)
HOW_PHASE = {"paradrop": PARADROP, "amphibious": AMPHIBIOUS, "unloaded": UNLOADING, "steamer": UNLOADING}


def arrival_move(rs, pos: Position, u: UnitState) -> dict | None:
    """``u``'s arrival record when its move in this phase is the arrival itself: from where it came
    (``from`` is its ``previous``), a box (a wave box's drop seen in a phase next to the Paradrop
    Phase, 6.11) or, from a map hex (a drift, the steamer's other port), in the phase of that way of
    arriving. None for any other move, such as a unit that landed earlier this turn moving on."""
    if pos.phase_kind not in ARRIVAL_KINDS:
        return None
    a = arrivals(rs, pos).get(u.id)
    if a is None or a.get("from") != u.previous:
        return None
    if _on_map(pos, u.previous) and HOW_PHASE.get(str(a.get("how"))) != pos.phase:
        return None
    return a


def landing_how(rs, u: UnitState) -> str:
    """How a unit placed from a holding box in the Amphibious Landing Phase arrived: by amphibious
    landing, but under the optional No Naval Game rules (21.0) an Allied unit comes by convoy, whose
    arrival 21.14 resolves in that phase (「強襲上陸フェイズ中、各船団について…上陸を解決する」) and
    which unloads by 17.37 (21.14a 「到着したら、連合軍プレイヤーはルール17.37に従ってユニットを揚陸
    する」): an unloading, bound by 21.13."""
    return "unloaded" if u.side == "allied" and rs.param("no_naval_game") else "amphibious"


def _fired(u: UnitState) -> bool:
    """Whether ``u`` carries a fire marker (11.11)."""
    return any(u.has(f) for f in ("first_fire", "final_fire", "fire"))


def wave_turns(rs) -> dict[str, int | None]:
    """6.11: the first- and second-wave boxes (``om_wave_boxes``) and the turn each paradrops on
    (None: the set-up card's turn)."""
    waves: dict[str, int | None] = {}
    for pair in str(rs.param("om_wave_boxes")).split(","):
        if ":" in pair:
            box, when = (x.strip() for x in pair.split(":", 1))
            waves[box] = int(when) if when.isdecimal() else None
    return waves


def drop_boxes(rs) -> set[str]:
    """6.11 ('編成カードの第一波、第二波、予備波の区画内に列記されたユニットのみが、落下傘降下によって島に
    着地できる…これら区画内の全ユニットが落下傘降下手順を使用して着地する'): the first-, second- and
    reserve-wave boxes (``om_wave_boxes``, ``om_reserve_wave_box``), whose units all land by the
    paradrop procedure."""
    return set(wave_turns(rs)) | {str(rs.param("om_reserve_wave_box"))}


def return_boxes(rs) -> set[str]:
    """The boxes returning units are placed from (``om_militia_box``, 13.63; ``om_hq_replacement_box``,
    13.52): such a placement is a return, judged by its own rule, never an arrival, whatever the phase."""
    return {str(rs.param("om_militia_box")), str(rs.param("om_hq_replacement_box"))}


def steamer_trip(pos: Position, u: UnitState, prev: str | None) -> bool:
    """Whether ``u``'s move from ``prev``, in the Naval Unloading Phase, is read as a coastal steamer
    trip: a map hex to another by an Allied unit (17.51: 「連合軍プレイヤーは連合軍沿岸汽船を介して…移動させる
    ことができる」) that ends in one of the steamer's ports (17.52: 「イラクリオン（ヘクス E3136）とスーダ
    （ヘクス W4031）の小港間でのみ機能する」; whether it started in the other, 「移動させるユニットは、どちらか
    のヘクスで開始しなければならず」, is judged on the trip, naming where it sailed from). A move that ends
    in neither port (from one to the hex beside it, or from neither), and a German unit's, is no
    trip: a move out of its phase (4.0)."""
    if u.side != STEAMER_SIDE or not prev or prev == u.hex or not (_on_map(pos, prev) and _on_map(pos, u.hex)):
        return False
    return u.hex in steamer_ports(pos.game)


def airlands(pos: Position, u: UnitState) -> bool:
    """Whether ``u``'s move is an airlanding (6.51): a German unit that came onto the map in the
    German Movement Phase from a box that is not an off-map box (the airlanding groups)."""
    src = u.previous
    return pos.phase == GERMAN_MOVE and u.side == "german" and _on_map(pos, u.hex) and src is not None \
        and src in pos.map.boxes and not _offmap_box(pos, src)


def airfields(pos: Position) -> list[str]:
    """The map's airfield hexes (6.5)."""
    return sorted(h for h, info in pos.map.hexes.items() if "airfield" in info.features and pos.map.has_hex(h))


def landing_hex(pos: Position, u: UnitState) -> str | None:
    """The airfield hex a unit that entered the map in the German Movement Phase airlanded on
    (6.51): the first map hex of its recorded path (or of the hexes its recorded drags ended on,
    ``stops``: a log's drag from the box is no one-hex step); without one, the hex it stands on
    when that is an airfield, else (it moved on after landing, 6.54) the nearest airfield hex;
    None when the map has none."""
    seq = u.path or u.stops
    if seq and len(seq) >= 2 and _on_map(pos, seq[1]):
        return seq[1]
    fields = airfields(pos)
    if u.hex in fields or not fields or not _on_map(pos, u.hex):
        return u.hex if u.hex in fields else None
    return min(fields, key=lambda x: (pos.map.distance(x, u.hex) or 99, x))


def _on_map(pos: Position, h: str | None) -> bool:
    return h is not None and pos.map.has_hex(h)


def _offmap_box(pos: Position, h: str | None) -> bool:
    b = pos.map.boxes.get(h or "")
    return b is not None and b.kind == "offmap"


def begin(rs, start: Position, memory: MercuryMemory) -> None:
    """A file with no earlier file in the audit (no ``om_end_hexes``) starts from where its pieces
    stand: those hexes stand in for the previous phase end, so the units that come from a box or
    from off the map during the file are seen arriving. A file that starts at or after the turn's
    first arrival phase (:data:`FIRST_ARRIVAL_PHASE`) cannot tell which of the ground units already
    on the map or in a box arrived earlier in that turn, unless their own state says so (a
    ``paradropped``, ``landed``... status): ``om_arrival_unknown`` lists them for that turn and the
    arrival-turn rules are not judged for them."""
    if memory.om_end_hexes is not None:
        return
    memory.om_end_hexes = {u.id: u.hex for u in start.units}
    ids = [p.id for p in start.game.sequence.phases]
    if start.turn is None or start.phase not in ids or FIRST_ARRIVAL_PHASE not in ids \
            or ids.index(start.phase) < ids.index(FIRST_ARRIVAL_PHASE):
        return
    known = arrivals(rs, start)
    units = sorted(u.id for u in start.units if rs.ground(u) and u.id not in known
                   and (_on_map(start, u.hex) or _offmap_box(start, u.hex)))
    name = start.phase_name
    memory.om_arrival_unknown = {
        "turn": start.turn, "units": units,
        "why": f"the audit starts in turn {start.turn}, {name}, with no earlier file: which units already arrived "
               "that turn (paradrop, landing, unloading, airlanding) is unknown"}


def status_lists(rs, pos: Position) -> dict[str, list[str]]:
    """The ground units of ``pos`` fatigued (``om_fatigued``) and under a Final Fire marker
    (``om_final_fire``)."""
    ground = [u for u in pos.units if rs.ground(u)]
    return {"om_fatigued": sorted(u.id for u in ground if rs.fatigued(u)),
            "om_final_fire": sorted(u.id for u in ground if u.has("final_fire"))}


def resumed_after_gap(rs, start: Position, memory: MercuryMemory) -> None:
    """A file that does not start where the previous one ended: a unit it starts fatigued, or
    under Final Fire, otherwise than ``om_fatigued``/``om_final_fire`` say changed in the missing
    steps: its entry is unknown (``om_status_unknown``) until the next phase end."""
    gap_status.forget_contradicted(memory, status_lists(rs, start), "om_status_unknown")


def placed_between(rs, start: Position, units: set[str], memory: MercuryMemory) -> None:
    """Units placed differently since the last file ended (a missing file, moves with no log
    running) stand, for the next phase end, where this file starts them: their moves in the gap
    are none of this file's (no arrival, advance or move of its phase). Whether the ground units
    among them arrived that turn is unknown, as for a file with no earlier file (:func:`begin`).
    The Combat Phase's first roll (``om_first_roll``) no longer tells where they stood: they are
    unknown to it (``gap``), and a record with no roll yet is marked ``lost`` with where they stood
    before the gap (the phase's first roll may have been in it)."""
    moved = [u for u in start.units if u.id in units]
    ends = memory.om_end_hexes if isinstance(memory.om_end_hexes, dict) else {}
    before = {u.id: ends[u.id] for u in moved if isinstance(ends.get(u.id), str)}
    if isinstance(memory.om_end_hexes, dict):
        memory.om_end_hexes.update({u.id: u.hex for u in moved})
    rolls = memory.om_first_roll
    if isinstance(rolls, dict) and isinstance(rolls.get("hexes"), dict):
        # where they stood at the phase's first roll says nothing of the moves made since in the gap
        _unknown_since_roll(memory, rolls, units, "gap")
    elif isinstance(rolls, dict) and units:
        # the phase's first roll may have been in the gap: no hexes for it, not this file's first
        # roll taken for it; where the moved units stood before the gap is the last known of them
        memory.om_first_roll = {**rolls, "lost": {**before, **(rolls.get("lost") or {})}}
    if start.turn is None:
        return
    known = arrivals(rs, start)
    unknown = sorted(u.id for u in moved if rs.ground(u) and u.id not in known
                     and (_on_map(start, u.hex) or _offmap_box(start, u.hex)))
    if not unknown:
        return
    rec = memory.om_arrival_unknown
    if isinstance(rec, dict) and rec.get("turn") == start.turn:
        rec["units"] = sorted(set(rec.get("units") or ()) | set(unknown))
    else:
        memory.om_arrival_unknown = {
            "turn": start.turn, "units": unknown,
            "why": f"the units were placed differently between two files in turn {start.turn}, in play no "
                   "file holds: which of them arrived that turn (paradrop, landing, unloading, airlanding) is unknown"}


def combat_rolls(start: Position, memory: MercuryMemory, rolled: bool) -> None:
    """``RuleSet.combat_rolls``: a Combat Phase seen to begin (``rolled`` False) is recorded with no
    roll; its first roll (``rolled`` True) records where each unit stands, once, and only in a
    phase seen to begin (a file that started inside the phase with no earlier file's record of it
    cannot tell its first roll: nothing recorded, :func:`first_roll_hexes` says unknown)."""
    rec = memory.om_first_roll
    same = isinstance(rec, dict) and rec.get("turn") == start.turn and rec.get("phase") == start.phase
    if not rolled and (not same or start.turn is None):
        # (with no turn, two beginnings of the phase are two turns' phases: a new record each)
        memory.om_first_roll = {"turn": start.turn, "phase": start.phase}
    elif not rolled and isinstance(rec, dict) and isinstance(rec.get("hexes"), dict):
        # the phase begins again after the tracker went back: the units that stand elsewhere than at
        # its first roll moved since outside it (a reaction made again), or retreated before going back
        hexes = rec["hexes"]
        _unknown_since_roll(memory, rec, {u.id for u in start.units if hexes.get(u.id) not in (None, u.hex)}, "prev")
    elif rolled and same and isinstance(rec, dict) and "hexes" not in rec and "lost" not in rec:
        memory.om_first_roll = {**rec, "hexes": {u.id: u.hex for u in start.units}}


def retreats_closed(turn: int | None, phase: str, drags: dict[str, tuple[str, str]], memory: MercuryMemory) -> None:
    """``RuleSet.retreats_closed``: each closed drag of the phase whose first roll is recorded,
    kept per unit (``om_first_roll`` ``closed``: unit → [[from, to], ...]) for 9.61 to tell one
    2-hex retreat from 1-hex moves (a reaction, a refusal, a retreat) made one after another."""
    rec = memory.om_first_roll
    if not isinstance(rec, dict) or rec.get("turn") != turn or rec.get("phase") != phase:
        return
    old = rec.get("closed")
    closed = {k: list(v) for k, v in old.items()} if isinstance(old, dict) else {}
    for uid, (a, b) in drags.items():
        closed.setdefault(uid, []).append([a, b])
    memory.om_first_roll = {**rec, "closed": closed}


def closed_drag_to(pos: Position, uid: str, end: str) -> tuple[str, str] | None:
    """The last closed drag of ``uid`` in ``pos``'s Combat Phase that ended in ``end``
    (:func:`retreats_closed`), or None when none is recorded."""
    rec = _this_phase(pos)
    closed = rec.get("closed") if rec is not None else None
    drags = closed.get(uid) if isinstance(closed, dict) else None
    for d in reversed(drags if isinstance(drags, list) else []):
        if isinstance(d, (list, tuple)) and len(d) == 2 and d[1] == end:
            return str(d[0]), str(d[1])
    return None


#: why a unit's first-roll hex no longer tells its retreat (``om_first_roll`` ``unknown``)
FIRST_ROLL_UNKNOWN = {
    "prev": "the tracker went back out of the Combat Phase after its first die roll and the unit moved "
            "before the phase began again (a Defender Reaction, 7.41, made again)",
    "gap": "a file is missing after the phase's first die roll and the unit was placed differently "
           "between two files, in play no file holds",
}
#: why no unit's first-roll hex is known though the record saw the phase begin (``lost``)
FIRST_ROLL_LOST = ("a file is missing between two and units were placed differently in play no file holds, "
                   "where the phase's first die roll may have been")


def _unknown_since_roll(memory: MercuryMemory, rec: dict, units: set[str], why: str) -> None:
    """``units`` moved since the first roll ``rec`` records, out of the phase (``why``, a key of
    :data:`FIRST_ROLL_UNKNOWN`): unknown to it. The first reason given for a unit is kept."""
    if units:
        memory.om_first_roll = {**rec, "unknown": {**{u: why for u in units}, **_unknown(rec)}}


def _unknown(rec: dict) -> dict[str, str]:
    """The record's unknown units and their reason keys (an older record's list: no reason)."""
    unknown = rec.get("unknown") or {}
    return dict(unknown) if isinstance(unknown, dict) else {str(u): "" for u in unknown}


def _this_phase(pos: Position) -> dict | None:
    rec = mercury(pos).om_first_roll
    if not isinstance(rec, dict) or rec.get("turn") != pos.turn or rec.get("phase") != pos.phase:
        return None
    return rec


def first_roll_hexes(pos: Position) -> dict[str, str] | None:
    """Where each unit stood at the first die roll of ``pos``'s Combat Phase: ``{}`` when the phase
    was seen to begin and no roll came yet; None when not known (the record starts inside the
    phase, or a file missing between two may hold the first roll, :func:`first_roll_lost`; a
    position file). Units moved since the roll out of the phase are in it too: see
    :func:`first_roll_unknown`."""
    rec = _this_phase(pos)
    if rec is None or "lost" in rec:
        return None
    hexes = rec.get("hexes", {})
    return hexes if isinstance(hexes, dict) else None


def first_roll_unknown(pos: Position) -> dict[str, str]:
    """Units of ``pos``'s Combat Phase whose first-roll hex no longer tells their retreat, each with
    why (:data:`FIRST_ROLL_UNKNOWN`)."""
    rec = _this_phase(pos)
    if rec is None:
        return {}
    return {u: FIRST_ROLL_UNKNOWN.get(k, "the unit moved since out of the phase")
            for u, k in _unknown(rec).items()}


def first_roll_lost(pos: Position) -> dict[str, str] | None:
    """When the record saw ``pos``'s Combat Phase begin but a missing file may hold its first roll
    (:data:`FIRST_ROLL_LOST`): where the units placed differently in that gap stood before it;
    None otherwise."""
    rec = _this_phase(pos)
    if rec is None or "lost" not in rec:
        return None
    lost = rec["lost"]
    return dict(lost) if isinstance(lost, dict) else {}


def arrival_unknown(pos: Position) -> tuple[set[str], str]:
    """Units whose arrival this turn is unknown (see :func:`begin`) and why."""
    rec = mercury(pos).om_arrival_unknown
    if not isinstance(rec, dict) or rec.get("turn") != pos.turn:
        return set(), ""
    return set(rec.get("units") or ()), str(rec.get("why", ""))


def _recalled(after: Position, hexes: dict) -> Position:
    """The position at the previous phase end as far as the memory tells it: the units where they
    stood then (a file's first phase end, when that phase end was in the previous file)."""
    from dataclasses import replace
    units = [replace(u, hex=hexes[u.id], previous=None, path=None, mode="move")
             for u in after.units if isinstance(hexes.get(u.id), str)]
    return after.with_units(units)


def remember(rs, before: Position | None, after: Position, memory: MercuryMemory) -> None:
    """See the module docstring: what each phase end adds to the carried facts."""
    if before is None and isinstance(memory.om_end_hexes, dict):
        before = _recalled(after, memory.om_end_hexes)
    memory.om_end_hexes = {u.id: u.hex for u in after.units}
    turn, phase = after.turn, after.phase
    memory.om_last_end = {"turn": turn, "phase": phase} if turn is not None else None
    ground = [u for u in after.units if rs.ground(u)]
    # arrivals of this turn
    arr = {k: v for k, v in (memory.om_arrivals or {}).items() if isinstance(v, dict) and v.get("turn") == turn}
    ez_boards: dict = {}
    if before is not None:
        was = {u.id: u.hex for u in before.units}
        waves = drop_boxes(rs)
        returns = return_boxes(rs)
        for u in ground:
            prev = was.get(u.id)
            if prev in returns:
                continue            # a return (13.63, 13.52), judged by its own rule, as in arrivals()
            came = not _on_map(after, prev) and not _offmap_box(after, prev)
            placed = _on_map(after, u.hex) or _offmap_box(after, u.hex)
            how = None
            if phase in DROP_PHASES and came and prev in waves and placed:
                # 6.11: every unit of the wave boxes lands by the paradrop procedure, whatever the
                # tracker shows (one phase behind or ahead of the drop); into a box too: 4.58 judges it
                how = "paradrop"
            elif phase == PARADROP and came and placed:
                how = "paradrop"
            elif phase == AMPHIBIOUS and came and placed:
                how = landing_how(rs, u)
            elif phase == UNLOADING and came and placed:
                how = "unloaded"
            elif phase == UNLOADING and steamer_trip(after, u, prev):
                how = "steamer"
            elif phase == GERMAN_MOVE and came and u.side == "german" and _on_map(after, u.hex):
                how = "airlanded"
            if how == "airlanded":
                arr[u.id] = _airlanding(rs, before, after, u, turn)
            elif how:
                arr[u.id] = {"turn": turn, "how": how, "hex": u.hex}
                if how == "paradrop" and prev in waves:
                    arr[u.id]["from"] = prev                   # its wave: 6.11's turn, 6.12b's reserve
                if how == "paradrop" and phase != PARADROP:
                    arr[u.id]["seen"] = phase                  # the tracker at the drop: 11.11 says it read it as one
                if how in ("amphibious", "unloaded") and _offmap_box(after, u.hex):
                    # 4.57: whether enemy units held the box at the landing, not later in the turn
                    arr[u.id]["held"] = any(x.side != u.side and rs.ground(x) for x in after.units if x.hex == u.hex)
                if how in ("unloaded", "steamer") and _on_map(after, u.hex):
                    board = ez_boards.setdefault("board", rs.board(after))
                    ez = ez_boards.setdefault(u.side, rs.enemy_zoc(board, u.side))
                    arr[u.id]["ezoc"] = u.hex in ez            # at the landing, not later in the turn
                if how == "steamer":
                    by_port = steamer_enemies(rs, ez_boards["board"], u)
                    arr[u.id]["enemy_near"] = bool(by_port)
                    if by_port:                                # named in the finding, as they stood then
                        arr[u.id]["enemy_names"] = rs.names(by_port)
                        arr[u.id]["enemy_ids"] = [x.id for x in by_port]   # the finding's ``by``
                if how == "paradrop" and phase not in (AMPHIBIOUS, UNLOADING):
                    # SoP IV.A.4 places the First Fire markers in the Paradrop Phase: a drop seen
                    # before it (tracker behind) is marked at that phase end, below
                    arr[u.id]["fire"] = _fired(u)
                    if phase != PARADROP:
                        arr[u.id]["fire_phase"] = phase    # seen after the Paradrop Phase: judged here
    if phase == PARADROP:
        now = {u.id: u for u in after.units}
        for uid, a in arr.items():
            if a.get("how") == "paradrop" and "fire" not in a and uid in now:
                a["fire"] = _fired(now[uid])
    memory.om_arrivals = arr
    # air units put into a mission box in a Night turn (12.15)
    night = memory.om_night_missions
    put = set(night.get("units") or ()) if isinstance(night, dict) and night.get("turn") == turn else set()
    if before is not None and time_of_day(after) == "night":
        boxes = mission_boxes(rs)
        was = {u.id: u.hex for u in before.units}
        put |= {u.id for u in after.units if u.hex in boxes and was.get(u.id) not in (None, *boxes)}
    memory.om_night_missions = {"turn": turn, "units": sorted(put)} if put else None
    # fatigue (5.28, 9.76) and Final Fire markers (11.11) at this phase end
    for key, ids in status_lists(rs, after).items():
        setattr(memory, key, ids)
    memory.om_status_unknown = None
    # units that began the game off the map or in Alexandria (4.61)
    if memory.om_offmap_start is None and turn == 1:
        memory.om_offmap_start = sorted(
            u.id for u in ground if u.side == "allied" and u.hex in after.map.boxes and
            (after.map.boxes[u.hex].kind == "offmap" or u.hex.startswith("alexandria")))
    # the Suda Command Area release (4.64)
    if phase == GERMAN_MOVE and memory.om_sca_released is None and turn is not None and \
            turn <= rs.num("suda_command_area_one_per_turn_last_turn"):
        area = after.map.areas.get(str(rs.param("om_sca_area")))
        if area is not None:
            near = set(area.hexes)
            for h in area.hexes:
                near.update(after.map.neighbours(h) if after.map.has_hex(h) else ())
            dropped = {k for k, v in arr.items() if v.get("how") == "paradrop"}
            if any(u.side == "german" and u.hex in near and u.id not in dropped and not u.has("paradropped")
                   for u in ground):
                memory.om_sca_released = turn
    # combat refusals (7.42c): the defenders that changed hex in a Combat Refusal Phase
    if before is not None and phase.endswith("combat-refusal"):
        seg = segment(phase)
        was = {u.id: u.hex for u in before.units}
        moved = sorted(u.id for u in ground if u.side != seg and was.get(u.id) not in (None, u.hex))
        memory.om_refused = {"turn": turn, "segment": seg, "units": moved}
    # HQs lost (13.52) and Greek militia off the map (13.63)
    lost = dict(memory.om_hq_lost or {})
    off = set(memory.om_militia_off or [])
    here = {u.id: u for u in after.units if _on_map(after, u.hex) or _offmap_box(after, u.hex)}
    if before is not None:
        for u in before.units:
            if u.id in here or not _on_map(before, u.hex) or not rs.ground(u):
                continue
            if rs.is_(u, "om_hq"):
                sector = next((a for a in _areas(before, u.hex) if before.map.areas[a].kind == "sector"), "")
                lost[u.id] = {"sector": sector, "turn": turn, "replacement": bool(u.reduced or u.has("replacement"))}
            if rs.is_(u, "om_militia"):
                off.add(u.id)
    for uid in list(lost):
        if uid in here:
            del lost[uid]
    memory.om_hq_lost = lost
    memory.om_militia_off = sorted(off - set(here))
    disp = {k: v for k, v in (memory.om_displaced or {}).items() if isinstance(v, dict) and v.get("turn") == turn}
    if before is not None and after.phase_kind == "combat" and not followed(after):
        was = {u.id: u.hex for u in before.units}
        for u in ground:
            prev = was.get(u.id)
            if prev is not None and prev != u.hex and _on_map(after, prev) and _on_map(after, u.hex):
                disp[u.id] = {"turn": turn, "phase": phase, "from": prev, "to": u.hex}
    memory.om_displaced = disp
    if after.phase_kind == "supply" and isinstance(after.state.get("supply"), dict):
        memory.supply_previous = {s: dict(v) for s, v in after.state["supply"].items() if isinstance(v, dict)}


def _airlanding(rs, before: Position, after: Position, u: UnitState, turn) -> dict:
    """The record of a unit that entered the map in the German Movement Phase: it airlanded on
    :func:`landing_hex`. ``held``, ``cap`` and
    ``cut`` describe that airfield at the start of the phase (``before``), when airlanding happens."""
    fields = airfields(after)
    h = landing_hex(after, u) or u.hex
    rec = {"turn": turn, "how": "airlanded", "hex": h}
    if h in fields:
        board = rs.board(before)
        hexes = airfield_hexes(board, h)
        rec["held"] = all(any(x.side == "german" and rs.ground(x) for x in board.units(x_)) for x_ in hexes)
        cap, cut = airfield_capacity(rs, board, h)
        rec["cap"], rec["cut"] = cap, cut
    return rec


def _areas(pos: Position, h: str) -> list[str]:
    return [a.id for a in pos.map.areas.values() if h in a.hexes]


# ---- [state] validation ----------------------------------------------------------------------
def validate_state(rs, pos: Position) -> None:
    """Refuse ``[state]`` history keys of the wrong shape, with the key in the message."""
    st = rs.stated(pos)
    src = pos.source

    def bad(key: str, want: str):
        return InputError(src, f"[state] {key} must be {want}, not {st.get(key)!r}")

    def ids(key: str) -> None:
        v = st.get(key)
        if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
            raise bad(key, 'a list of unit ids like ["A1", "A2"]')

    def whole(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    t = st.get("time")
    if t is not None and stated_time(t) is None:
        raise bad("time", '"am", "pm" or "night"')
    if t is not None and pos.turn is not None and stated_time(t) != turn_time(pos.turn):
        # 3.2: the turn fixes the time; a position stating both otherwise says two things
        when = turn_time(pos.turn)
        raise InputError(src, f"[state] time {t!r} contradicts turn {pos.turn}, "
                              f"{'an AM' if when == 'am' else 'a PM' if when == 'pm' else 'a Night'} turn "
                              "(3.2: AM, PM and Night, GT1 = 20 May AM): state one of them")
    arr = st.get("om_arrivals")
    if arr is not None:
        if not isinstance(arr, dict):
            raise bad("om_arrivals", '{unit = {turn = 3, how = "airlanded", hex = "W4415"}}')
        for uid, r in arr.items():
            if not isinstance(r, dict) or r.get("how") not in HOW or not isinstance(r.get("hex", ""), str) \
                    or ("turn" in r and not whole(r["turn"])) or not isinstance(r.get("held", False), bool) \
                    or not isinstance(r.get("from", ""), str):
                raise InputError(src, f"[state] om_arrivals.{uid} must be {{turn = 3, how = ..., hex = ...}} with how "
                                      f"one of {', '.join(HOW)} (and optionally held = true/false, from = a box id), not {r!r}")
    for key in ("om_fatigued", "om_offmap_start", "om_militia_off", "om_final_fire"):
        ids(key)
    gap = st.get("om_status_unknown")
    if gap is not None and not (isinstance(gap, dict) and all(
            k in ("om_fatigued", "om_final_fire") and isinstance(v, list) and all(isinstance(x, str) for x in v)
            for k, v in gap.items())):
        raise bad("om_status_unknown", '{om_fatigued = ["G1"]} (om_fatigued or om_final_fire = unit ids)')
    rel = st.get("om_sca_released")
    if rel is not None and not whole(rel):
        raise bad("om_sca_released", "a turn number")
    ref = st.get("om_refused")
    if ref is not None and not (isinstance(ref, dict) and isinstance(ref.get("units", []), list)
                                and all(isinstance(x, str) for x in ref.get("units", []))
                                and ref.get("segment", "german") in ("german", "allied")
                                and ("turn" not in ref or whole(ref["turn"]))):
        raise bad("om_refused", '{turn = 3, segment = "german", units = ["A1"]}')
    lost = st.get("om_hq_lost")
    if lost is not None:
        if not isinstance(lost, dict) or not all(
                isinstance(r, dict) and isinstance(r.get("sector", ""), str) and
                isinstance(r.get("replacement", False), bool) for r in lost.values()):
            raise bad("om_hq_lost", '{HQ = {sector = "sector-retimo", turn = 5, replacement = false}}')
    disp = st.get("om_displaced")
    if disp is not None and not (isinstance(disp, dict) and all(
            isinstance(r, dict) and all(isinstance(r.get(k), str) for k in ("phase", "from", "to"))
            and ("turn" not in r or whole(r["turn"])) for r in disp.values())):
        raise bad("om_displaced", '{B23 = {turn = 5, phase = "german-combat-refusal", from = "W4314", to = "W4315"}}')
    air = st.get("air_resupply")
    if air is not None and not (isinstance(air, str) and pos.map.has_hex(air)):
        raise bad("air_resupply", "the hex of the airfield used for German air resupply (15.25c)")


def unit_steps(u: UnitState) -> int:
    """Steps a unit has now: its printed steps, one fewer when reduced (9.51-9.52)."""
    return max(1, u.unit.steps - (1 if u.reduced else 0))
