"""Invasion: Malta states the rules end at once: a beachhead marker with an enemy combat unit on its
coastal hex (16.46), an "M" activation after the "M" HQ was eliminated (17.43), an air mission on
a Night turn (11.23), an Axis Control marker under Allied combat units (3.11, 19.11), an Attack Target
marker left at the Combat Phase's end (13.13). Functions of the rule set (``rs``) and the board; the rule list is in
:mod:`.ruleset`.

Readings:

* 16.46 「敵の戦闘ユニットが、侵攻ヘクスが示す沿岸ヘクスに進入したら、海岸橋頭堡マーカーを取り去る」:
  the marker is read on the coastal hex (as 6.31 and 16.41 read it); at a phase end no marker
  lies on a hex holding an enemy combat unit: one of a side of the game other than the Axis (a
  piece of a log whose side is unknown, side "", is nobody's enemy). Removing it at will is legal.
* 17.43 「「M」HQが除去されたら、活性化能力が失われてプレイに復帰できない」: with ``[state] active =
  "M"`` the "M" formation's HQ (a unit of kind ``hq`` of formation M) must not stand in an
  eliminated box (``im_eliminated_boxes``). An M HQ absent from the position is not known to be
  eliminated (it may not have arrived): nothing is found.
* 11.23 「航空ユニットは、夜間ターン中に任務を実施できない」: on a Night turn no air unit stands on a
  map hex (a CAS mission placed on an HQ, 11.52). One in a mission box (``im_air_mission_boxes``)
  may be waiting there from an earlier turn (11.13 B 「爆撃ボックス内の全航空ユニットは、爆撃ボックス
  内に留まる」): whether it was sent this Night turn is not in the position, so it is listed as not
  judged, never found. Ju88's one mission a day
  (flag ``one_mission_per_day``) needs the AM turn's missions, which a position does not hold: on
  a PM turn it is listed as not judged.
* 11.14 「嵐天候。全ての航空任務、航空輸送 [15.7]、落下傘降下 [15.12] は禁じられる」 (5.22): as
  11.23 at Night, no air unit on a map hex in a Storm turn (after its Weather Phase); one in a
  mission box: not judged.
* 3.11 「連合軍の戦闘ユニットによって最後に占められた、占領された、通過されたヘクスは、連合軍
  プレイヤーにとって友軍である。枢軸軍プレイヤーのみが支配マーカーを持つ」, 19.11 「枢軸軍ユニット
  によって最後に支配された位置を指定するため、枢軸軍支配マーカーを使用する」: at a phase end an
  ``axis-control`` marker does not lie on a hex Allied combat units hold (they last occupied it: it
  is Allied-friendly), save a drift-combat hex (both sides there, 15.6). A hex an Axis unit holds
  without the marker is not found: the marker designates the places the Axis last held that
  matter (victory locations, forts), not every hex.
* 19.21, 19.22, 4.22 (sudden death): at a Weather Phase end past GT1 (the board of the last turn's
  end) the Axis controls none of its scenario's sudden-death hexes (``im_sudden_death_hexes``):
  else the game ended a turn ago. The scenario is the kit's one the position reader resolved, else
  a "Scenario N" in free text; with neither, every listed hex on the map counts (the island tells
  the scenarios apart: 2933 and 3131 are Malta's, 2706 Leros'). Control: an Axis combat unit alone there, or an ``axis-control``
  marker with no Allied combat unit.
"""
from __future__ import annotations


from ...core.board import Board
from ...core.moves import label
from .units import sheets_in_play
from .carried import ATTACK_TARGET

P = "IM"


def _boxes(value: object) -> set[str]:
    """The box ids of a comma-separated parameter value."""
    return {b.strip() for b in str(value or "").split(",") if b.strip()}


def _held_by_enemy(rs, board: Board, marker: str, *, skip=lambda h: False) -> list[tuple[str, list]]:
    """(hex, the Allied combat units in it) for each hex holding the Axis ``marker`` that Allied
    combat units stand in (``skip``: hexes the rule leaves out)."""
    foes = set(board.enemies(str(rs.param("im_supply_side"))))
    out = []
    for h, mk in sorted(board.pos.hex_markers.items()):
        if marker not in mk or skip(h):
            continue
        held = [u for u in board.units(h) if u.side in foes and rs.combat(u)]
        if held:
            out.append((h, held))
    return out


def check_beachhead_enemy(rs, board: Board) -> list:
    """16.46: a beachhead marker goes when an enemy combat unit enters its coastal hex."""
    return [rs.finding(board, f"{P} 16.46", "supply", f"The beachhead marker on {h} lies with the enemy combat "
                       f"unit {rs.names(enemy)}; the marker is removed when an enemy combat unit enters its "
                       "coastal hex.", [h], enemy)
            for h, enemy in _held_by_enemy(rs, board, "beachhead")]


def check_m_hq(rs, board: Board) -> list:
    """17.43: no "M" activation once the "M" HQ is eliminated."""
    active = board.pos.state.get("active")
    if not isinstance(active, str) or active.upper() != "M":
        return []
    dead = _boxes(rs.param("im_eliminated_boxes"))
    gone = [u for u in board.pos.units if u.unit.formation.upper() == "M" and board.unit_kind(u) == "hq"
            and u.hex in dead]
    return [rs.finding(board, f"{P} 17.43", "movement", f"The \"M\" Activation Marker is played while {label(u)} is in "
                       f"{u.hex}; once the \"M\" HQ is eliminated its activation is lost and the marker removed.",
                       [], [u]) for u in gone]


def _air_on_missions(rs, board: Board) -> list:
    """The air units on a mission: on a map hex, or in a mission box (``im_air_mission_boxes``)."""
    missions = _boxes(rs.param("im_air_mission_boxes"))
    return [u for u in board.pos.units if board.unit_kind(u) == "air" and (u.hex in missions or board.is_hex(u.hex))]


def _no_missions(rs, board: Board, air: list, rule: str, turn: str, why: str) -> list:
    """``rule``: no air mission in a ``turn`` (a Night turn, a Storm turn): one on a map hex is found,
    one in a mission box may wait there from an earlier turn (11.13 B): not judged."""
    for u in air:
        if not board.is_hex(u.hex):
            rs.not_judged(rule, f"{label(u)} is in {u.hex} in {turn}: whether it was sent on this mission now or "
                          "waits there from an earlier turn (11.13 B) is not in the position")
    return [rs.finding(board, rule, "movement", f"{label(u)} is on a mission ({u.hex}) in {turn}; {why}.", [u.hex], [u])
            for u in air if board.is_hex(u.hex)]


def check_night_missions(rs, board: Board) -> list:
    """11.23: air units fly no mission on a Night turn."""
    air = _air_on_missions(rs, board)
    time = rs.known_time(board, f"{P} 11.23") if air else None
    if time == "pm":
        for u in air:
            if "one_mission_per_day" in u.unit.flags:
                rs.not_judged(f"{P} 11.23", f"{label(u)} flies one mission a day: whether it flew in this day's AM "
                              "turn is not in the position")
    if time != "night":
        return []
    return _no_missions(rs, board, air, f"{P} 11.23", "a Night turn", "air units fly no missions at Night")


def check_storm_missions(rs, board: Board) -> list:
    """11.14, 5.22: no air mission in a Storm turn, after its Weather Phase (a Storm Night's air
    units are 11.23's finding, one finding an aircraft)."""
    if board.pos.phase == "weather":
        return []
    air = _air_on_missions(rs, board)
    if not air or rs.known_weather(board, f"{P} 11.14") != "storm":
        return []
    if rs.known_time(board, f"{P} 11.23") == "night":
        return []
    return _no_missions(rs, board, air, f"{P} 11.14", "a Storm turn", "Storm weather forbids every air mission")


def check_attack_targets(rs, board: Board) -> list:
    """13.13 「各戦闘を解決するに連れて、攻撃目標マーカーを取り去る」: at the end of the Combat Phase every
    combat is resolved, so no Attack Target marker (the kit's ``attack-target``) is left."""
    pos = board.pos
    if pos.phase != "combat" or pos.at != "end":
        return []
    hexes = sorted(h for h, mk in pos.hex_markers.items() if ATTACK_TARGET in mk and board.is_hex(h))
    return [rs.finding(board, f"{P} 13.13", "movement", f"An Attack Target marker still lies on {h} at the end of the "
                       "Combat Phase; each comes off as its combat is resolved (13.13).", [h]) for h in hexes]


def check_axis_control(rs, board: Board) -> list:
    """3.11, 19.11: no Axis Control marker on a hex Allied combat units hold."""
    held_hexes = _held_by_enemy(rs, board, "axis-control", skip=lambda h: not board.is_hex(h) or rs.drift_hex(board, h))
    return [rs.finding(board, f"{P} 19.11", "supply", f"The Axis Control marker on {h} lies under the Allied combat "
                       f"unit(s) {rs.names(held)}; the hex is friendly to the side whose combat units last occupied "
                       "it (3.11), so the marker comes off.", [h], held)
            for h, held in held_hexes]


def _sudden_death_hexes(rs, pos) -> dict[str, str]:
    """19.21, 19.22: hex -> its rule id, for the scenario's number; every listed hex when the
    position names no scenario number (the island tells which scenarios a hex is of: the other
    island's hexes are not on the map)."""
    n = rs.scenario_no(pos) or None
    out = {}
    for item in str(rs.param("im_sudden_death_hexes") or "").split(","):
        scn, _, h = item.strip().partition(":")
        if h and (n is None or scn.strip() == n):
            out[h.strip()] = f"{P} 19.22" if scn.strip() == "4" else f"{P} 19.21"
    return out


def check_sudden_death(rs, board: Board) -> list:
    """19.21, 19.22, 4.22: no turn is played after the Axis controlled a sudden-death hex at a
    turn's end. Nothing moves between the Victory Conditions Phase and the next Weather Phase, so
    at a Weather Phase end past the first turn the board is the last turn's end: an Axis combat unit
    alone in the hex, or an ``axis-control`` marker with no Allied combat unit (3.11, 19.11)."""
    pos = board.pos
    turn = pos.turn
    first = pos.scenario_data.first_turn if pos.scenario_data is not None else rs.game.sequence.first_turn
    if pos.phase != "weather" or turn is None or turn <= first:
        return []
    axis = str(rs.param("im_supply_side"))
    hexes = _sudden_death_hexes(rs, pos)
    if not hexes:
        rs.not_judged(f"{P} 19.21", f"the scenario '{pos.scenario}' has no sudden-death hex in the rule set's "
                      "list (im_sudden_death_hexes)")
    out = []
    for h, rule in sorted(hexes.items()):
        if not board.is_hex(h):
            continue
        here = [u for u in board.units(h) if rs.combat(u)]
        if any(u.side != axis for u in here):
            continue
        held = [u for u in here if u.side == axis]
        if held or "axis-control" in pos.hex_markers.get(h, {}):
            why = f"{rs.names(held)} held it" if held else "the Axis Control marker on it shows the Axis held it last"
            out.append(rs.finding(board, rule, "supply", f"GT{turn} is played, but at the end of "
                                  f"GT{turn - 1} the Axis controlled the sudden-death hex {h} ({why}): the Axis won "
                                  "then and the game ended (4.22).", [h], held))
    return out


def _island_sheets(rs, board: Board) -> tuple[set[str], str]:
    """16.24A: the map sheets of a rulebook scenario the kit has no scenario data for
    (``im_scenario_sheets``), and how messages name it; an empty set when the position names no
    scenario number or the parameter gives none for it."""
    n = rs.named_scenario_no(board.pos)
    if not n:
        return set(), ""
    return rs.scenario_sheets().get(n, set()) & set(board.map.sheets), f"Scenario {n}"


def _no_scenario_fits(rs, board: Board) -> list:
    """4.12 with 16.24A, a position naming no scenario: every scenario is played on one island's
    chart, so units and markers on both charts are a moment of none (a position file only: a
    log's module may keep pieces not in play on a board, :meth:`scenario_choices`)."""
    pos = board.pos
    used = sheets_in_play(pos)
    if rs.phase_logged(pos) or not pos.moves_announced or len(used) < 2 \
            or any(used <= s for s in rs.scenario_sheets().values()):
        # (a log: ``moves_announced`` is False only in its phases whose drags are moves; im22: a
        # marker parked on the other island in its Naval Transport Phase was an IM 4.12 finding)
        return []
    names = ", ".join(board.map.sheets[s].name or s for s in sorted(used))
    where = sorted({u.hex for u in pos.units if board.is_hex(u.hex)} | {h for h, m in pos.hex_markers.items()
                                                                       if m and board.is_hex(h)})
    return [rs.finding(board, f"{P} 4.12", "movement", f"The position's units and markers stand on the maps of "
                       f"{names}, and no scenario uses them all (16.24A: Scenarios 1-3 are played on Malta, 4 on "
                       "Leros); it names no scenario, so none can be this moment's.", where,
                       [u for u in pos.units if board.is_hex(u.hex)])]


def _off_island(rs, board: Board, used: set[str], title: str) -> list:
    """4.12: the units and markers on a map sheet the scenario ``title`` (on ``used``) does not use."""
    pos, out = board.pos, []

    def sheet(h: str):
        got = board.map.sheet_of(h) if board.is_hex(h) else None
        return got[0] if got is not None and got[0].id not in used else None
    units: dict[str, list] = {}
    marked: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for u in pos.units:
        if (s := sheet(u.hex)) is not None:
            units.setdefault(s.id, []).append(u)
            names[s.id] = s.name or s.id
    for h in sorted(pos.hex_markers):
        if pos.hex_markers[h] and (s := sheet(h)) is not None:
            marked.setdefault(s.id, []).append(h)
            names[s.id] = s.name or s.id
    for sid in sorted(names):
        what = ([rs.names(units[sid])] if sid in units else []) + \
               ([f"the markers of {', '.join(marked[sid])}"] if sid in marked else [])
        out.append(rs.finding(board, f"{P} 4.12", "movement", f"{' and '.join(what)}: on the {names[sid]} map, which "
                              f"{title} does not use (16.24A: Scenarios 1-3 are played on Malta, 4 on Leros).",
                              sorted({u.hex for u in units.get(sid, [])} | set(marked.get(sid, []))),
                              units.get(sid, [])))
    return out


def check_scenario_bounds(rs, board: Board) -> list:
    """4.12 with 16.24A (「シナリオ1、2、3（マルタ島）…シナリオ4（レロス島）」): a kit scenario is played on its
    island's map, so no unit or marker of the position stands on the other's; 4.22: its turns end
    with the scenario's last, which the scenario book gives and the rulebook text lacks, so a turn
    past a kit scenario's illustrative last turn is named not judged (a turn past one the kit
    states as the book's is found). A rulebook scenario the kit lacks ("Scenario 1") is played on
    the maps of a kit scenario of its island (:func:`_island_sheets`); a position naming no
    scenario fits one only when its pieces stand on one island (:func:`_no_scenario_fits`; a log
    names none: no island is guessed from the pieces)."""
    pos, sc = board.pos, board.pos.scenario_data
    if sc is None:
        used, title = _island_sheets(rs, board)
        if used and len(board.map.sheets) > 1:
            return _off_island(rs, board, used, title)
        return [] if title else _no_scenario_fits(rs, board)
    out = _off_island(rs, board, set(sc.sheets), sc.name) if sc.sheets and len(board.map.sheets) > 1 else []
    if pos.turn is not None and sc.last_turn is not None and pos.turn > sc.last_turn:
        if sc.illustrative:
            rs.not_judged(f"{P} 4.22", f"whether GT{pos.turn} is past the last turn of {sc.name}: the scenario book "
                          f"is not in the rulebook text and the kit's last turn ({sc.last_turn}) is illustrative")
        else:
            out.append(rs.finding(board, f"{P} 4.22", "movement", f"GT{pos.turn} is played, but {sc.name} ends with "
                                  f"GT{sc.last_turn}."))
    return out
