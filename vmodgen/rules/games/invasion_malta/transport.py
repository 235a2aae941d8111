"""Invasion: Malta sea and air transport limits: no unit leaves the island by air, nor flies from
airfield to airfield (15.78); no unit goes from port to port, back to its set-up card, or by sea in
a Storm (16.16). Functions of the rule set (``rs``) and the board; the rule list is in
:mod:`.ruleset`.

Readings (the book: 15.78 「ユニットは、航空輸送によってマルタ島を離れることができず、マルタ島上の
飛行場から飛行場へと移動できない」; 16.16 「港から港へ移動する・任意にセット・アップ・カードへ戻る・
嵐の天候中に海上輸送を実施する」 are barred):

* 15.78: a combat unit whose ``previous`` is a map hex and which stands in an air box
  (``im_air_entry_boxes``, ``im_air_transport_boxes``) left the map by air; in the Airborne
  Operations Phase a combat unit that went from one airfield (an airfield area, else the hex) to
  another flew between them (no ground move happens in that phase). Leros has no airfield (15.7
  note), so the island named is Malta in practice; any map hex is judged.
* 16.16: the sea boxes are ``im_sea_boxes`` (the port-entry and convoy boxes). A combat unit with
  ``previous`` on the map standing in a sea box went back to the card; a unit carrying ``landed``
  (placed this phase by port entry or invasion) whose ``previous`` is another map hex with a port
  sailed from port to port; a ``landed`` unit that came from a sea box in a Storm (``[state]
  weather``; the weather of the turn if the kit fixes it) made a sea transport in a Storm.
* 16.23 「単一の組織活性化は、同時に1つのみの船団を活性化できる」: the units carrying ``landed``
  that came from the convoy boxes (``im_convoy_boxes``) come, for each side, from one box.
* 16.32 「嵐の天候中：・強襲上陸は認められない・すでに侵攻ゾーン遅延ボックス又は使用可能ボックス内に
  あるユニットは、そこに留まる」: the weather is rolled once a turn (5.1), so on a Storm turn no unit
  is invading (on an invasion hex in its activation's Movement to Combat Phase, 16.33) and none
  lands on a coastal hex from an invasion hex (an advance whose ``previous`` is an invasion hex).
  Where the book fixes the weather (Good on GT1, every turn of Scenarios 2 and 3) a stated Storm
  is not the weather.
* 18.32 「防材は、枢軸軍ユニットの港揚陸、強襲上陸…を妨げる。いったん防材が破壊されたら、これらは使用
  できる」: a boom is a map line of kind ``harbor_boom``; its port is a port hex within
  ``im_boom_port_hexes`` (2) of the line (the kit's harbours are illustrative and it draws no
  harbour area; a port near two booms is behind both). It stands
  until its box (the line's name as an id plus ``-box``: ``portolago-boom-box``) holds the
  ``harbor-boom-destroyed`` marker. An Axis unit carrying ``landed`` on a port behind a standing
  boom landed through it. Allied units are not hindered.
* 18.33: at the end of a Reset Phase an Axis combat unit on a land hex at an end of a standing
  boom destroys it: the box must then hold the marker.
"""
from __future__ import annotations

from ...core.board import Board
from .carried import entered_from
from ...core.moments import timed_hexes
from ...core.moves import label
from ...core.tracker_lag import Lag, from_tracker, one_phase
from .returns import friendly_hex
from .carried import ANOTHER_ACTIVATION

P = "IM"
MOVEMENT = "movement"


def _boxes(value: object) -> set[str]:
    """The box ids of a comma-separated parameter value."""
    return {b.strip() for b in str(value or "").split(",") if b.strip()}


def _airfield(rs, board: Board, h: str) -> str:
    """The airfield a hex belongs to: its airfield area, else the hex itself ("" off an airfield)."""
    if not rs.on_airfield(board, h):
        return ""
    return next((a for a in board.areas(h) if board.map.areas[a].kind == "airfield"), h)


def check_air_exit(rs, board: Board) -> list:
    """15.78: no unit leaves the map by air transport, and none flies from airfield to airfield."""
    air = _boxes(rs.param("im_air_entry_boxes")) | _boxes(rs.param("im_air_transport_boxes"))
    out = []
    for u in board.pos.units:
        if not u.previous or not rs.combat(u) or not board.is_hex(u.previous):
            continue
        if u.hex in air:
            out.append(rs.finding(board, f"{P} 15.78", "movement", f"{label(u)} went from {u.previous} on the map "
                                  f"to the air box {u.hex}; no unit leaves the island by air transport.",
                                  [u.previous], [u]))
        elif board.pos.phase == "airborne" and board.is_hex(u.hex) and u.mode not in ("retreat", "advance"):
            a, b = _airfield(rs, board, u.previous), _airfield(rs, board, u.hex)
            if a and b and a != b:
                out.append(rs.finding(board, f"{P} 15.78", "movement", f"{label(u)} flew from the airfield at "
                                      f"{u.previous} to the one at {u.hex} in the Airborne Operations Phase; air "
                                      "transport never moves a unit from airfield to airfield on the island.",
                                      [u.previous, u.hex], [u]))
    return out


def check_sea_moves(rs, board: Board) -> list:
    """16.16: no port-to-port move, no return to the set-up card, no sea transport in a Storm; 16.23:
    one convoy an activation; 16.22: one convoy, one invasion zone (a unit leaving a Delay box for the
    map: check_invasion_placements)."""
    sea = _boxes(rs.param("im_sea_boxes"))
    out = _one_convoy(rs, board)
    for u in board.pos.units:
        if not u.previous or not rs.combat(u):
            continue
        if u.hex in sea and board.is_hex(u.previous):
            out.append(rs.finding(board, f"{P} 16.16", "movement", f"{label(u)} went from {u.previous} on the map "
                                  f"back to {u.hex}; a unit never returns to its set-up card at will.",
                                  [u.previous], [u]))
        elif rs.landed(board, u) and board.is_hex(u.hex) and board.is_hex(u.previous) and u.previous != u.hex \
                and "port" in board.features(u.previous) and "port" in board.features(u.hex):
            out.append(rs.finding(board, f"{P} 16.16", "movement", f"{label(u)} landed at the port {u.hex} from the "
                                  f"port {u.previous}; units never move from port to port by sea.",
                                  [u.previous, u.hex], [u]))
        elif rs.landed(board, u) and u.previous in sea and board.is_hex(u.hex) \
                and rs.known_weather(board, f"{P} 16.16") == "storm":
            out.append(rs.finding(board, f"{P} 16.16", "movement", f"{label(u)} landed at {u.hex} from {u.previous} "
                                  "in a Storm; no sea transport is made in Storm weather (the units stay in their "
                                  "box).", [u.hex], [u]))
    return out


def _one_convoy(rs, board: Board) -> list:
    """16.23: the units landed this phase from convoy boxes come, for each side, from one convoy."""
    convoys = _boxes(rs.param("im_convoy_boxes"))
    by_side: dict[str, dict[str, list]] = {}
    for u in board.pos.units:
        if rs.landed(board, u) and u.previous in convoys and board.is_hex(u.hex):
            by_side.setdefault(u.side, {}).setdefault(u.previous, []).append(u)
    out = _one_zone(rs, board, convoys) + _convoy_turn(rs, board, convoys)
    for side, boxes in sorted(by_side.items()):
        if len(boxes) > 1:
            units = [u for us in boxes.values() for u in us]
            out.append(rs.finding(board, f"{P} 16.23", "movement", f"{rs.names(units)} landed from {len(boxes)} "
                                  f"convoys ({', '.join(sorted(boxes))}); a formation activation activates one "
                                  "convoy at a time.", sorted({u.hex for u in units}), units))
    return out


def _convoy_turn(rs, board: Board, convoys: set[str]) -> list:
    """16.21 「これらは、そのターンの前には使用不能」: a convoy leaves its box no sooner than its turn,
    which the scenario's set-up card gives. A roster unit set up in the box for the position's kit
    scenario has its turn (the roster's arrival, else the scenario's first turn: Scenario 4's Convoy
    1 on GT1, 16.24 example); any other unit leaving a convoy box has a turn the position cannot
    show, named not judged. Positions naming a kit scenario only: a log names none and its boxes
    hold what its module set up."""
    pos = board.pos
    out: list = []
    sc = pos.scenario_data
    if sc is None or pos.turn is None:
        return out
    for u in pos.units:
        if u.previous not in convoys or u.hex in convoys:
            continue
        if u.unit.setup.get(pos.scenario) != u.previous:
            rs.not_judged(f"{P} 16.21", f"{label(u)} left {board.place_name(u.previous)}: on which turn that convoy becomes available is "
                          "on the scenario's set-up card, which the rulebook text lacks")
            continue
        due = u.unit.arrival.get(pos.scenario, u.unit.arrival.get("", sc.first_turn))
        if pos.turn < due:
            card = " (the kit's set-up, illustrative)" if u.unit.is_illustrative(f"setup:{pos.scenario}") else ""
            out.append(rs.finding(board, f"{P} 16.21", "movement", f"{label(u)} left {board.place_name(u.previous)} on GT{pos.turn}, but "
                                  f"its convoy becomes available on GT{due}{card}; no convoy is used before its turn.",
                                  [u.hex] if board.is_hex(u.hex) else [], [u]))
    return out


def _zone(board: Board, place: str) -> str:
    """The invasion zone (an ``invasion-zone`` area id) an invasion hex lies in or an invasion zone's
    box belongs to (its id starts with the zone's: ``leros-iz-east-available``); "" for other places."""
    zones = [a.id for a in board.map.areas.values() if a.kind == "invasion-zone"]
    if board.is_hex(place):
        return next((z for z in zones if place in board.map.areas[z].hexes), "")
    return next((z for z in zones if place.startswith(z + "-")), "")


def _one_zone(rs, board: Board, convoys: set[str]) -> list:
    """16.21, 16.22A (D for the Allies): a convoy goes to one invasion zone, so the units that left
    one convoy box this phase reach one zone's invasion hexes or boxes. A unit that left for a port
    or elsewhere names no zone and is not compared."""
    by_box: dict[str, dict[str, list]] = {}
    for u in board.pos.units:
        if u.previous in convoys and (zone := _zone(board, u.hex)):
            by_box.setdefault(u.previous, {}).setdefault(zone, []).append(u)
    out = []
    for box, zones in sorted(by_box.items()):
        if len(zones) > 1:
            units = [u for us in zones.values() for u in us]
            out.append(rs.finding(board, f"{P} 16.22", "movement", f"{rs.names(units)} left the convoy box {box} for "
                                  f"{len(zones)} invasion zones ({', '.join(sorted(zones))}); a convoy is assigned to "
                                  "one invasion zone and its units move together as one convoy (16.21, 16.22A).",
                                  sorted({u.hex for u in units}), units))
    return out


def entry_source(rs, board: Board, place: str | None) -> str:
    """Where a unit entering the map by sea came from: "card" (a set-up card box of
    ``im_sea_boxes``), "delay" (a zone's Delay box, ``im_delay_boxes``), "available" (a zone's other
    box), else ""."""
    if not place or not board.is_box(place):
        return ""
    if place in _boxes(rs.param("im_sea_boxes")):
        return "card"
    if not _zone(board, place):
        return ""
    return "delay" if place in _boxes(rs.param("im_delay_boxes")) else "available"


def check_invasion_placements(rs, board: Board) -> list:
    """Where and when a unit enters the map from the sea. 16.23-16.24D: an arriving convoy's units go
    to the zone's Available box (delayed steps to its Delay box); 16.33A 「移動フェイズ中、ユニットを使用可能
    ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」 and 16.14 「侵攻ゾーン使用可能ボックスからの…港
    指定ヘクス上に置くことができる…自軍移動フェイズの終了時にこれらを置く」: from the Available box a unit goes
    in the Movement Phase onto an invasion hex of that zone (16.31: the invasion hexes are the zone) or
    onto a port (16.14; the kit draws no port into a zone, so any port is accepted). 16.26: a delayed
    unit goes from the Delay box to the Available box in the Transport Phase, never straight onto the
    map (an Allied unit on an invasion hex: ``check_water``, IM 16.3).

    A unit's move names its box as ``previous``; the hex it was placed on is the first of its route
    after that box (:func:`entry_hex`: a log's drag stops, a position's path), so a unit placed on
    an invasion hex of its zone and dragged on is judged by the move check (16.33E), and one dragged
    from the box straight to another hex is judged here (imfix13; before, a log's was named not
    judged). 16.14 「自軍移動フェイズの終了時にこれらを置く。これらは、次の自軍活性化中に港ヘクスから
    移動できる」: a unit placed on a port by port entry does not move on in that phase. A unit straight
    from its set-up card onto a port in the Movement Phase is read as the whole activation (Naval
    Transport Phase to the Available box, then port entry); in the Naval Transport Phase, before
    any Movement Phase, it skipped the Available box and the phase (16.14 for a port, 16.33A
    elsewhere). A log's phase is the turn tracker's, which may lag the pieces, and a log's
    ``previous`` is the box at the phase start, not every box passed: there a placement outside the
    Movement Phase and a Delay box unit reaching the map are named not judged. With no move recorded
    (``previous`` unset: a log's phase whose drags it does not track), the unit's hex at the phase
    end is not the hex it was placed on: a hex next to an invasion hex of its zone, which a landing
    reaches, is named not judged (imfix14, :func:`_landed_unseen`)."""
    pos, out = board.pos, []
    prev = rs.memory(pos).prev_hexes
    for u in pos.units:
        # where the unit stood at the phase start: its move's, else (a phase whose drags are not
        # tracked as moves, the Naval Transport Phase's in a log) the previous phase end's
        was = u.previous or entered_from(prev, u)
        src = entry_source(rs, board, was)
        if not src or not board.is_hex(u.hex) or not rs.combat(u):
            continue
        # a log's phase is the tracker's, which may lag the pieces; a place read from the previous
        # phase end is as uncertain (a position file's stated move is not)
        logged = not pos.moves_announced or not u.previous
        at = entry_hex(board, u)
        port = "port" in board.features(at)
        invasion = board.terrain(at) == "invasion"
        rule = f"{P} 16.14" if port and not invasion else f"{P} 16.33"
        box = board.place_name(was or "")
        zone = _zone(board, was or "")
        on = _moved_on(u, at) if port and not invasion else []
        if on:
            out.append(rs.finding(board, f"{P} 16.14", "movement", f"{label(u)} was placed on the port {at} from "
                                  f"{box} (port entry) and moved on to {on[0]} in the same phase; port-entry units are "
                                  "placed at the end of the Movement Phase and move from the port in their next "
                                  "activation (16.14).", [at, on[0]], [u]))
        if src == "delay":
            if logged:
                rs.not_judged(rule, f"{label(u)} went from {box} to {at} in the {pos.phase or 'unnamed'} phase "
                              "the turn tracker names: a delayed unit goes to the Available box in the Transport "
                              "Phase first (16.26), and a log records where a unit stood at the phase start, not "
                              "whether it passed through the Available box then")
                continue
            why = ("a delayed unit moves from the Delay box to the Available box first (16.26), and from there "
                   + ("onto the port at the end of a Movement Phase (16.14)" if rule.endswith("16.14")
                      else "onto the zone's hexes in a Movement Phase (16.33A)"))
        elif src == "available" and not port and _zone(board, at) != zone and _landed_unseen(board, u, at, zone):
            # no move recorded (a log's phase whose drags it does not track): ``at`` is where the unit
            # stands at the phase end, not the hex it was placed on, which may have been an invasion
            # hex of its zone it went on from (16.33E)
            rs.not_judged(rule, f"{label(u)} went from {box} to {at} in the {pos.phase or 'unnamed'} phase, whose "
                          "moves the record does not give: the hex it was placed on (an invasion hex of its zone it "
                          "then left, 16.33E, or this one) is unknown")
            continue
        elif src == "available" and not port and _zone(board, at) != zone:
            where = f"an invasion hex of {_zone(board, at)}" if _zone(board, at) else "a hex that is " \
                "neither an invasion hex of that zone nor a port"
            why = (f"units leave a zone's Available box for an invasion hex of that zone (16.33A) or a port "
                   f"(16.14) only, not {where}"
                   + ("; an invader reaches the coast from its invasion hex in the Combat Phase (16.33E)"
                      if not _zone(board, at) else ""))
        elif src == "card" and pos.phase == "naval-transport":
            if logged:
                rs.not_judged(rule, f"{label(u)} went from {box} to {at} in the Naval Transport Phase the turn "
                              "tracker names (a log records no move in that phase: where it stood at the phase start "
                              "is read from the previous phase end); a convoy reaches its Available box then "
                              "(16.24D) and is placed from there in the Movement Phase, and the tracker may lag the "
                              "pieces")
                continue
            why = ("a convoy's units arrive in the zone's Available box (16.24D) and are placed from there "
                   + ("on the port at the end of the Movement Phase (16.14)" if rule.endswith("16.14")
                      else "in the Movement Phase (16.33A)"))
        elif src == "available" and pos.phase not in ("", "movement"):
            what = "port entry is made at the end of the Movement Phase (16.14)" if rule.endswith("16.14") \
                else "invaders are placed from the Available box in the Movement Phase (16.33A)"
            if logged and (not from_tracker(pos) or rs.lag_of_phase(pos, pos.turn, MOVEMENT) is Lag.MAYBE):
                again = rs.lag_repeats(pos, one_phase(pos.turn, MOVEMENT))
                rs.not_judged(rule, f"{label(u)} left {box} in the {pos.phase_name} the turn tracker names; "
                              f"{what}, and " + (ANOTHER_ACTIVATION if again
                                                 else "the tracker may be a phase off the pieces"))
                continue
            why = f"{what}, not the {pos.phase_name}" + (
                f"; the turn tracker is two phases or more off it ({rs.empty_phases_named(pos)}), more than a "
                "tracker pressed late or early" if from_tracker(pos) else "")
        else:
            continue
        out.append(rs.finding(board, rule, "movement", f"{label(u)} went from {box} to {at}; {why}.",
                              [at], [u]))
    return out + _landing_condition_groups(rs, board)


def _landed_unseen(board: Board, u, at: str, zone: str) -> bool:
    """Whether ``u``, from its zone's Available box at the phase start and on ``at`` (outside the
    zone) at its end, may have been placed on an invasion hex of ``zone`` and landed from it
    (16.33A, then 16.33E) unseen: no move recorded (no ``previous``: a log's phase whose drags it
    does not track as moves; a log's phase-end position states no ``moves_announced`` to tell it
    from a file) outside a Movement Phase (whose drags a log always tracks, and where no landing
    happens), with ``at`` next to an invasion hex of the zone, the only hexes a landing reaches
    (imnafix22: before, any hex in any phase)."""
    if u.previous or board.pos.phase_kind == "movement":
        return False
    return any(board.terrain(n) == "invasion" and _zone(board, n) == zone for n in board.neighbours(at))


def entry_hex(board: Board, u) -> str:
    """The map hex ``u`` was placed on from the box it stood in at the phase start (``previous``): the
    first hex of its route (a log's drag stops, a position's path) when the route starts in that
    box, else its hex (one drag from the box, or no route)."""
    way = u.path or u.stops
    if way and len(way) > 1 and way[0] == u.previous and board.is_hex(way[1]):
        return way[1]
    return u.hex


def _moved_on(u, entry: str) -> list[str]:
    """The hexes ``u``'s route entered after ``entry``, the hex it was placed on from its box."""
    way = u.path or u.stops
    return [h for h in way[2:] if h != entry] if way and len(way) > 2 and way[0] == u.previous else []


def _landing_condition_groups(rs, board: Board) -> list:
    """16.33B 「上陸状況表の結果は、個別ではなく、グループとして侵攻ヘクス上のユニットに適用する」: the
    Landing Condition result (NE, D, -1, -2) falls on an invasion hex's units as a group, so in the
    Movement Phase the units placed on one invasion hex from an Available box (where nothing
    disrupts them) are all disrupted or none. The roll itself is not judged: the rulebook does not
    print the Landing Condition Table (a chart named but absent from the text), so even a roll a
    log shows gives no result to compare; only a split group contradicts every result. On the scenario's first turn (or an unknown one) a unit may
    have been disrupted before it was placed (4.13 「いくつかのユニットは混乱状態で開始するかもしれない」,
    and 3.84 removes the marker only in a Recovery Phase), so there a split group is named not judged.
    In a log a Disrupted marker covers its whole hex, so a split group does not arise there."""
    pos = board.pos
    if pos.phase not in ("", "movement"):
        return []
    sc = pos.scenario_data
    first = pos.turn is None or pos.turn == (sc.first_turn if sc is not None else rs.game.sequence.first_turn)
    out = []
    for h, us in sorted(board.at.items()):
        if not board.is_hex(h) or board.terrain(h) != "invasion":
            continue
        placed = [u for u in us if u.previous and board.is_box(u.previous) and _zone(board, u.previous)
                  and not u.previous.endswith("-delay")]
        hit = [u for u in placed if u.has("disrupted")]
        if hit and len(hit) < len(placed):
            spared = [u for u in placed if u not in hit]
            split = (f"On the invasion hex {h} {rs.names(hit)} {'is' if len(hit) == 1 else 'are'} disrupted and "
                     f"{rs.names(spared)} not, all placed this phase")
            if first:
                rs.not_judged(f"{P} 16.33", f"{split}; on the scenario's first turn a unit may have started "
                              "disrupted (4.13), so the split need not contradict the group result (16.33B)")
                continue
            out.append(rs.finding(board, f"{P} 16.33", "movement", f"{split}; the Landing Condition result falls on "
                                  "the hex's units as a group (16.33B).", [h], placed))
    return out


def check_port_friendly(rs, board: Board) -> list:
    """16.13 「船団から到着しているユニットは、友軍の港へ上陸できる」: a unit arriving by sea (from a box of
    ``im_sea_boxes``, or, as 16.14 has it, from an invasion zone's Available box; from its Delay box
    too, which check_invasion_placements also finds) lands at a port hex only when the port is
    friendly to its side. 3.11: a hex last occupied, held or passed through by Axis combat units is
    Axis-friendly (read as 18.27's hospitals are: an Axis Control marker, ``control`` or another
    Axis combat unit there), one last so by Allied units Allied-friendly. An Axis landing at a port
    that shows none of these is found where the position states the port Allied (``control``) or an
    Allied combat unit stands on it (the last to occupy it, 3.11: im23); else an Axis unit may have
    passed through it unrecorded, and 16.13 is named not judged. A log states no ``control`` and the
    bundled kit's sea boxes are all Axis, so before im23 a log's 16.13 was never a finding: an
    Allied unit on the port was named not judged too. The port is the hex the unit landed on, the
    first of its route out of the box (:func:`entry_hex`, as 16.14 and 16.33 read it), not the hex it
    stands on now (im22: one that went on from the port was judged by that hex). An Allied unit on it
    counts only if it stood there before the landing (:func:`_held_before`; imfix25: before, one that
    came later in the phase made the landing a finding)."""
    axis = str(rs.param("im_supply_side"))
    out = []
    for u in board.pos.units:
        if not entry_source(rs, board, u.previous) or not board.is_hex(u.hex) or not rs.combat(u):
            continue
        at = entry_hex(board, u)
        if "port" not in board.features(at) or friendly_hex(rs, board, at, u, axis):
            continue
        held = board.pos.control.get(at)
        prev = rs.memory(board.pos).prev_hexes
        allied = [x for x in board.units(at) if x.side != axis and rs.combat(x) and _held_before(x, u, prev)]
        if u.side == axis and held in (None, "", axis) and not allied:
            rs.not_judged(f"{P} 16.13", f"{label(u)} came by sea to the port {at}, which shows no Axis Control "
                          "marker, no control and no other Axis or Allied combat unit: whether Axis units held or "
                          "passed through it last (3.11), making it a friendly port, is not recorded")
            continue
        why = f": the Allied combat unit(s) {rs.names(allied)} occupy it, the last to occupy it" \
            if u.side == axis and allied else ""
        out.append(rs.finding(board, f"{P} 16.13", "movement", f"{label(u)} came by sea from "
                              f"{board.place_name(u.previous or '')} to the port {at}, which is not friendly to its "
                              f"side{why} (3.11); units arriving by convoy land at a friendly port only.",
                              [at], [u]))
    return out


def _held_before(x, u, prev: dict[str, str] | None) -> bool:
    """Whether ``x``, standing now on the port ``u`` landed on, stood there before ``u`` landed: it
    did not move this phase and stood there at the phase start (``prev``, the memory's
    ``prev_hexes``), or, where a log gives the moments of the moves (``UnitState.times``), it
    entered its hex last earlier than ``u`` entered the port from its box. In a position, which
    orders no moves, a unit that moved may have come after the landing, so it does not count. A
    unit that did not move and is not in ``prev`` counts unless the moves are timed (a log, whose
    ``prev_hexes`` holds every unit then): there it was put on the map in this phase, at a moment
    the log's moves do not order (rv-o25: before, it counted, also when put there after the
    landing)."""
    seq, landed = timed_hexes(u), u.times
    if not x.moved:
        if isinstance(prev, dict) and x.id in prev:
            return prev[x.id] == x.hex
        return not isinstance(prev, dict) or landed is None
    theirs = x.times[-1] if x.times and timed_hexes(x) is not None else None
    if seq is None or landed is None or len(seq) < 2 or seq[0] != u.previous or theirs is None:
        return False
    return theirs < landed[1]


def check_storm_invasion(rs, board: Board) -> list:
    """16.32: no amphibious invasion in Storm weather."""
    units = [u for u in board.pos.units if rs.combat(u) and board.is_hex(u.hex)
             and (rs.invading(board, u) or (u.previous and board.is_hex(u.previous)
                                              and board.terrain(u.previous) == "invasion"
                                              and board.terrain(u.hex) != "invasion"))]
    if not units or rs.known_weather(board, f"{P} 16.32") != "storm":
        return []
    return [rs.finding(board, f"{P} 16.32", "movement", f"{label(u)} "
                       + (f"invades from {u.hex}" if board.terrain(u.hex) == "invasion" else
                          f"landed on {u.hex} from the invasion hex {u.previous}")
                       + " in Storm weather; no amphibious invasion is made in a Storm (the units stay in the "
                       "zone's Delay or Available box).", [u.hex], [u]) for u in units]


BOOM = "harbor_boom"
DESTROYED = "harbor-boom-destroyed"


def _booms(board: Board) -> list[tuple[str, str, tuple[str, ...]]]:
    """The standing booms: (name, box id, hexes) of each ``harbor_boom`` line whose box lacks the marker."""
    out = []
    for line in board.map.lines:
        if line.kind != BOOM:
            continue
        box = "-".join(line.name.lower().replace("'", "").split()) + "-box"
        if DESTROYED not in board.pos.hex_markers.get(box, {}):
            out.append((line.name or box, box, line.hexes))
    return out


def _near(board: Board, h: str, hexes: tuple[str, ...], reach: float) -> bool:
    """Whether ``h`` lies within ``reach`` hexes of one of ``hexes`` (on the same map sheet)."""
    return any(d is not None and d <= reach for d in (board.distance(h, x) for x in hexes))


def check_booms(rs, board: Board) -> list:
    """18.32: no Axis port entry through a standing boom; 18.33: a boom whose land end an Axis combat
    unit holds at the end of the Reset Phase is destroyed (its box holds the marker)."""
    axis = str(rs.param("im_supply_side"))
    out = []
    for name, box, hexes in _booms(board):
        reach = rs.num("im_boom_port_hexes")
        for u in board.pos.units:
            # the hex it landed on, though it went on since (16.14's move; imnafix24)
            at = rs.landing_hex(board, u) if u.side == axis else None
            if at is not None and board.is_hex(at) and "port" in board.features(at) and _near(board, at, hexes, reach):
                out.append(rs.finding(board, f"{P} 18.32", "movement", f"{label(u)} landed at the port {at}, behind "
                                      f"the {name}, which stands (no Harbor Boom Destroyed marker in {box}); a boom "
                                      "stops Axis port entry until it is destroyed.", [at], [u]))
        if board.pos.phase == "reset":
            ends = [h for h in (hexes[0], hexes[-1]) if not board.is_water(h)]
            held = [u for h in ends for u in board.units(h, axis) if rs.combat(u)]
            if held:
                out.append(rs.finding(board, f"{P} 18.33", "movement", f"{rs.names(held)} "
                                      f"{'hold' if len(held) > 1 else 'holds'} {held[0].hex}, an end of the {name}, at "
                                      f"the end of the Reset Phase: the boom is destroyed, so the Harbor Boom "
                                      f"Destroyed marker goes in {box}.", [held[0].hex], held))
    return out
