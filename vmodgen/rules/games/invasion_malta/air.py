"""Invasion: Malta air units on the map (11.4, 11.5): where an air unit may stand on a map hex and
how many fly one mission. Functions of the rule set (``rs``) and the board; the rule list is in
:mod:`.ruleset`. Night turns are 11.23's (:mod:`.lapses`): no air unit flies then.

Readings:

* 11.42 「爆撃ボックスから航空ユニットを移し、砲爆撃されるヘクス上に2つまでを置く」: in the
  Strategic Segment's Bombardment Phase (``strategic-bombardment``) an air unit on a map hex is on
  a bombardment mission: at most ``air_units_per_target_hex_max`` (2) on one hex.
* 11.52 「航空ユニットが不透明容器から引かれたとき、友軍の非混乱状態ドイツ軍HQの上にそれを置く。
  航空ユニットは、イタリア軍HQに割り当てることができない。望むだけ多くの航空ユニットを、HQに
  割り当てることができる」 and 11.53 (in the Combat Phase it moves from the HQ onto a defender hex):
  in any other phase an air unit on a map hex stands on the hex of a friendly German HQ (any
  number of them) or on a declared attack's defender hex (a CAS mission). On a hex whose HQs are
  Italian only: found. On a hex with no HQ and no declared attack: found, except in the Ground
  Sequence's Bombardment, Reaction and Combat Phases of a position that declares no attack (the
  mission's attack is not in the position: not judged). On a German HQ in the Weather, Air Readiness
  or AA Reset Phase (before the turn's first draw): found, 「ターンからターンへとHQs上に留まってはならない」. The HQ is non-disrupted when the air unit
  is placed: judged at the end of the Draw phase only (a combat may disrupt the HQ later). When
  neither the position nor its kit's roster has a German HQ (the bundled kit has only the Italian
  ones: the German HQs of the book's formations, Ramcke, KG Ost..., are not in it), no air unit
  can be where 11.52 puts it: where they stand is not judged (11.42 and 11.54 still are).
* 11.54 「2つまでの航空ユニットが、同じCAS任務を実施できる」「防御側ヘクスは、CAS 航空ユニットを
  保持するHQ の統率範囲内になければならない」「ドイツ軍のCAS は、イタリア軍ユニットによる攻撃を
  支援できない」: on a declared attack's defender hex at most ``cas_air_units_per_mission_max`` (2)
  air units; a German air unit never supports an attack that holds an Italian attacker (reading:
  any Italian attacker makes it an attack by Italian units); when the attack names its ``hq``, that
  HQ is German (11.52), the defender hex within ``hq_range_axis_hexes`` (9, 17.13: counted
  from the HQ's hex, the target hex included) of it, and some attacker of the HQ's formation, to lead
  the attack (「先導（地上）ユニットが、CAS を提供しているHQ と同じ組織のユニット」, 17.12).
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from ...core.tracker_lag import from_tracker
from .carried import ARMY_FORMATIONS

P = "IM"
#: the phases in which a CAS mission's air units stand on the defender hex of an attack declared
#: earlier in the activation (4.21 steps 5-7)
MISSION_PHASES = ("bombardment", "reaction", "combat")
#: the Strategic Segment's phases before the turn's first draw (4.21 A: 天候, 航空準備, 砲爆撃—航空と海上のみ,
#: AAリセット; then B's draws): no air unit has been drawn onto an HQ yet this turn, and 11.52「航空ユニットは、
#: ターンからターンへとHQs上に留まってはならない」. An 11.42 bombardment mission in that Bombardment Phase is
#: judged as a mission before this (review rv-t25 item 7: the phase was left out)
BEFORE_DRAWS = ("weather", "air-readiness", "strategic-bombardment", "aa-reset")


def _air(rs, board: Board) -> dict[str, list]:
    """The Axis air units on map hexes, by hex (the Allies have none: the rules speak of German
    HQs and Axis missions)."""
    axis = str(rs.param("im_supply_side"))
    out: dict[str, list] = {}
    for u in board.pos.units:
        if board.unit_kind(u) == "air" and board.is_hex(u.hex) and u.side == axis:
            out.setdefault(u.hex, []).append(u)
    return out


def _stand(us: list) -> str:
    return "stands" if len(us) == 1 else "stand"


#: the nationalities of German units
GERMAN = ("german", "wehrmacht", "luftwaffe")


def _german(u) -> bool:
    return u.unit.nationality.lower() in GERMAN


def german_hq_known(board: Board) -> bool:
    """Whether the position or its kit's roster has a German HQ (11.52's air units stand on one)."""
    kinds = board.game.unit_types
    units = [u.unit for u in board.pos.units] + list(board.pos.roster.values())
    return any((t := kinds.get(u.type)) is not None and t.kind == "hq"
               and u.nationality.lower() in GERMAN for u in units)


def check_air_units(rs, board: Board) -> list:
    """11.42, 11.52, 11.54: air units on map hexes."""
    pos = board.pos
    out: list = []
    air = _air(rs, board)
    if not air or rs.known_time(board, f"{P} 11.23") == "night":
        return out                                  # 11.23 judges Night turns
    if pos.phase == "strategic-bombardment":
        # an air unit on its own side's German HQ is on no target: it stayed from the last turn,
        # judged by 11.52 below (review rv-t25 item 7); every other one bombards (11.42)
        on_hq = {h: us for h, us in air.items()
                 if any(_german(x) and board.unit_kind(x) == "hq" and x.side in {u.side for u in us}
                        for x in board.units(h))}
        most = int(rs.num("air_units_per_target_hex_max"))
        for h, us in sorted(air.items()):
            if h in on_hq:
                continue
            if len(us) > most:
                out.append(rs.finding(board, f"{P} 11.42", "movement", f"{len(us)} air units bombard {h} "
                                      f"({rs.names(us)}); at most {most} air units fly a bombardment mission "
                                      "against one hex.", [h], us))
        air, attacks = on_hq, {}
    else:
        attacks = {a.hex: a for a in pos.attacks}
    germans = german_hq_known(board)
    unplaced = []
    for h, us in sorted(air.items()):
        a = attacks.get(h)
        if a is not None:
            out += _mission(rs, board, h, us, a, germans)
            continue
        if not germans:
            unplaced.append(f"{rs.names(us)} in {h}")
            continue
        hqs = [x for x in board.units(h) if board.unit_kind(x) == "hq" and x.side in {u.side for u in us}]
        german = [x for x in hqs if _german(x)]
        if german:
            if pos.phase in BEFORE_DRAWS and not from_tracker(pos):
                # round rulepos31: before, an air unit left on a German HQ into the next turn passed; a
                # log's tracker may lead the drag that clears the HQ by a step: not judged there
                out.append(rs.finding(board, f"{P} 11.52", "movement", f"{rs.names(us)} {_stand(us)} on the HQ "
                                      f"{rs.names(german)} in {h} in the {pos.phase} phase, before any draw of the "
                                      "turn: air units do not stay on HQs from turn to turn (11.52).", [h], us))
            elif pos.phase in BEFORE_DRAWS:
                rs.not_judged(f"{P} 11.52", f"{rs.names(us)} on the HQ {rs.names(german)} in {h} in the {pos.phase} "
                                            "phase: in a log the drag that clears the HQ may follow the tracker a step, so "
                                            "whether it stayed from the last turn is not judged")
            elif pos.phase == "draw" and all(x.has("disrupted") for x in german):
                out.append(rs.finding(board, f"{P} 11.52", "movement", f"{rs.names(us)} {_stand(us)} on the disrupted "
                                      f"HQ {rs.names(german)} in {h}; a drawn air unit goes on a non-disrupted German "
                                      "HQ.", [h], us))
        elif hqs:
            out.append(rs.finding(board, f"{P} 11.52", "movement", f"{rs.names(us)} {_stand(us)} on the Italian HQ "
                                  f"{rs.names(hqs)} in {h}; air units are assigned to German HQs only.", [h], us))
        elif not pos.attacks and pos.phase in MISSION_PHASES:
            rs.not_judged(f"{P} 11.52", f"{rs.names(us)} in {h}: with no declared attack in the position, whether "
                                        "it flies a CAS mission onto that defender hex (11.53) is not known")
        else:
            out.append(rs.finding(board, f"{P} 11.52", "movement", f"{rs.names(us)} {_stand(us)} in {h}, on no German HQ "
                                  "and on no declared attack's defender hex; an air unit on the map is assigned to a "
                                  "German HQ (11.52) or flies a mission onto a defender hex (11.53).", [h], us))
    if unplaced:
        rs.not_judged(f"{P} 11.52", f"{'; '.join(unplaced)}: neither the position nor its kit's roster has a German "
                                    "HQ, which air units are assigned to, so where they stand is not judged")
    return out


def _mission(rs, board: Board, h: str, us: list, a, germans: bool = True) -> list:
    """11.54 (and 11.52 for the HQ an attack names, when a German HQ is known: ``germans``) for the
    air units on the defender hex ``h``."""
    out = []
    most = int(rs.num("cas_air_units_per_mission_max"))
    if len(us) > most:
        out.append(rs.finding(board, f"{P} 11.54", "movement", f"{len(us)} air units ({rs.names(us)}) support the "
                              f"attack on {h}; at most {most} air units fly one CAS mission.", [h], us))
    italians = [x for x in map(board.pos.unit, a.units) if x is not None and rs.is_(x, "im_italian")]
    german = [u for u in us if _german(u)]
    if german and italians:
        out.append(rs.finding(board, f"{P} 11.54", "movement", f"German CAS ({rs.names(german)}) supports the attack "
                              f"on {h}, which Italian units make ({rs.names(italians)}); German CAS never supports an "
                              "attack by Italian units.", [h], german))
    hq = board.pos.unit(a.hq) if a.hq else None
    if hq is not None and board.is_hex(hq.hex):
        if not _german(hq) and not germans:
            rs.not_judged(f"{P} 11.52", f"the CAS on {h} comes from {label(hq)}: neither the position nor its kit's "
                                        "roster has a German HQ, which air units are assigned to")
        elif not _german(hq):
            out.append(rs.finding(board, f"{P} 11.52", "movement", f"The CAS on {h} comes from {label(hq)}, which is "
                                  "not German; air units are assigned to German HQs only.", [h, hq.hex], [hq, *us]))
        far = board.distance(hq.hex, h)
        reach = int(rs.num("hq_range_axis_hexes"))
        if far is not None and far > reach:
            out.append(rs.finding(board, f"{P} 11.54", "movement", f"The CAS on {h} comes from {label(hq)} in "
                                  f"{hq.hex}, {far} hexes away; the defender hex lies within the HQ's command range "
                                  f"({reach} hexes, 17.13).", [h, hq.hex], [hq, *us]))
        # 11.54「先導（地上）ユニットが、CAS を提供しているHQ と同じ組織のユニット」 (17.12): some attacker of the
        # HQ's formation may lead; none, a finding (round rulepos31; before, any formation passed)
        attackers = [x for x in map(board.pos.unit, a.units) if x is not None]
        # an army unit receives CAS within the HQ's command range (11.54 「軍ユニットは、CAS ユニットを持つHQ の
        # 統率範囲内にあるとCASを受けることができる」; review rv-t25 item 2): no formation asked of it
        army = any(x.unit.formation in ARMY_FORMATIONS for x in attackers)
        if hq.unit.formation and attackers and not army and all(x.unit.formation != hq.unit.formation
                                                                for x in attackers):
            out.append(rs.finding(board, f"{P} 11.54", "movement", f"The CAS on {h} comes from {label(hq)} of formation "
                                  f"'{hq.unit.formation}', but no attacker ({rs.names(attackers)}) is of that formation; "
                                  "the lead unit is of the formation of the HQ providing the CAS (11.54, 17.12).",
                                  [h, hq.hex], [hq, *us]))
    return out
