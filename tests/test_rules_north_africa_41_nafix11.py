"""North Africa '41, round nafix11: 16.3.4's control read by every rule from one function
(:mod:`vmodgen.rules.games.north_africa_41.control`), seeded from a scenario's set-up."""
from __future__ import annotations

from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41 import control
from vmodgen.rules.games.north_africa_41.carried import NA41Memory

AIRFIELDS = {"3212": "Benina", "3629": "Martuba", "3041": "Gambut", "2750": "Sidi Barrani", "2264": "Fuka"}


def _at(scenario: str, turn: int, phase: str, units: str = ""):
    named = f'scenario = "{scenario}"\n' if scenario else ""
    p = position(f'[position]\ngame = "north-africa-41"\n{named}turn = {turn}\nphase = "{phase}"\n' + units)
    return p, ruleset_for(p.game)


def test_crusader_set_up_gives_the_airfields_of_s3_1():
    """S3.1 「枢軸軍プレイヤーは、ベニナ、マトラバ、ガンブート、クレタ島で開始します。連合軍プレイヤーは、その他の
    ２つで開始します」: at S3's start (turn 17, the Allied Initial Phase of impulse 1, S3.2) with no unit on
    them, Benina 3212, Martuba 3629 and Gambut 3041 are Axis, Sidi Barrani 2750 and Fuka 2264 Allied; no
    longer unknown to the 16.3.4 what-if. Tobruk (3138, a port), empty, stays unknown: the set-up card
    is not in the text."""
    p, rs = _at("S3", 17, "i1-allied-initial")
    board = rs.board(p)
    assert {h: control.side_of(rs, board, h) for h in AIRFIELDS} == {
        "3212": "axis", "3629": "axis", "3041": "axis", "2750": "allied", "2264": "allied"}
    unknown = control.unknown_holders(rs, board)
    assert "3138" in unknown and not set(AIRFIELDS) & set(unknown)


def test_enter_rommel_set_up_gives_every_airfield_to_the_allies():
    """S1.1 「飛行場マーカー：全６枚（クレタを含む）は、連合軍沿岸海輸修正ボックス内で開始します」 (22.2.2: the
    markers count the airfields each side controls; S2.1 as S1.1): at S1's and S2's start (turn 1, the
    Axis Initial Phase of impulse 3) all five map airfields are Allied."""
    for scenario in ("S1", "S2"):
        p, rs = _at(scenario, 1, "i3-axis-initial")
        board = rs.board(p)
        assert {control.side_of(rs, board, h) for h in AIRFIELDS} == {"allied"}, scenario


def test_set_up_control_only_at_the_scenarios_start_and_only_where_nothing_is_recorded():
    """Later in the scenario, or a position naming no scenario (a log never names one), the set-up
    says nothing of who holds an airfield now: Gambut empty is unknown. A record (``[state]
    na41_last_held``) stands over the set-up."""
    for scenario, turn in (("S3", 18), ("", 17)):
        p, rs = _at(scenario, turn, "i1-allied-initial")
        assert "3041" in control.unknown_holders(rs, rs.board(p)), (scenario, turn)
    p, rs = _at("S3", 17, "i1-allied-initial", '[state]\nna41_last_held = {"3041" = "allied"}\n')
    assert control.side_of(rs, rs.board(p), "3041") == "allied"


def test_a_record_begun_at_the_set_up_starts_from_it():
    """The first phase end of a record begun at S3's set-up records the set-up's airfields with what
    the phase's units did: 3 Aufkl passing through Gambut (3041) keeps it Axis; Sidi Barrani stays
    Allied."""
    p, rs = _at("S3", 17, "i1-allied-initial",
                '[[units]]\nunit = "3 Aufkl"\nhex = "3042"\nprevious = "3040"\npath = ["3040", "3041", "3042"]\n')
    memory = NA41Memory()
    rs.remember(None, p, memory)
    held = memory.na41_last_held or {}
    assert held.get("3041") == "axis" and held.get("2750") == "allied" and held.get("3212") == "axis"


def _judge(text: str, rule: str) -> tuple[list[str], str]:
    p = position(text)
    rs = ruleset_for(p.game)
    found = [f.rule for f in rs.check(p) if f.rule == rule]
    return found, rs.take_not_judged().get(rule, "")


FULL_RETREAT = ('[position]\ngame = "north-africa-41"\nturn = 6\nphase = "Impulse 1: Allied Movement Phase"\nat = "during"\n'
                '[[hexes]]\nhex = "2020"\nterrain = "Clear"\n[[hexes]]\nhex = "2021"\nterrain = "City"\n'
                '[[units]]\nunit = "24/9 Aus"\nhex = "2022"\nprevious = "2020"\npath = ["2020", "2021", "2022"]\n'
                'status = ["Full Retreat"]\n')


def test_full_retreat_reads_the_recorded_holder_of_a_city():
    """13.3.2 「敵支配下の港湾、飛行場、陣地、都市のヘクス…へ進入できません」 with 16.3.4 「都市、飛行場、港湾を
    占めるか又は通過した最後のプレイヤーがそれを支配します」: 24/9 Aus in Full Retreat passes through the empty
    City 2021, control not stated. The record says the Axis last held it: a finding (before: read as
    nobody's, passed); the Allies: legal; nothing recorded: no finding (read as before)."""
    def with_record(side: str | None) -> str:
        return FULL_RETREAT + (f'[state]\nna41_last_held = {{"2021" = "{side}"}}\n' if side else "")
    assert _judge(with_record("axis"), "NA41 13.3.2")[0] == ["NA41 13.3.2"]
    assert _judge(with_record("allied"), "NA41 13.3.2")[0] == []
    assert _judge(with_record(None), "NA41 13.3.2")[0] == []


def test_full_retreat_after_its_side_retook_the_city_this_phase():
    """The same move with the record saying the Axis held 2021, but another Allied unit (4/2 NZ) passed
    through it in this Movement Phase (16.3.4: Allied once it did). The moves' order is not recorded:
    the Full Retreat unit may have come after it, so no finding; its own passage does not count."""
    text = (FULL_RETREAT + '[[units]]\nunit = "4/2 NZ"\nhex = "2023"\nprevious = "2019"\n'
            'path = ["2019", "2020", "2021", "2022", "2023"]\n[state]\nna41_last_held = {"2021" = "axis"}\n')
    assert _judge(text, "NA41 13.3.2")[0] == []


NAVAL = ('[position]\ngame = "north-africa-41"\nturn = 3\nphase = "i1-axis-movement"\n'
         '[[hexes]]\nhex = "3210"\ncontrol = "axis"\n'
         '[[units]]\nunit = "Brescia"\nhex = "3210"\nprevious = "3138"\nstatus = ["naval_transport"]\n')


def test_naval_transport_reads_the_holder_of_the_port_sailed_from_at_the_phase_start():
    """21.1.4 「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾（27.4）のみを使用できます」: Brescia sailed
    from Tobruk (3138, control not stated) to Benghazi (Axis). Brescia stood in Tobruk when the phase
    began, so the Axis held it then (16.3.4: the last side to occupy it), whatever the record before
    says: legal, nothing named. (Round nafix11 read the record with Brescia's own presence aside: the
    Allies in the record made a finding, nothing recorded made it not judged; round na22 reads the
    port at the phase start, as for the port of landing.)"""
    for state in ('[state]\nna41_last_held = {"3138" = "allied"}\n', '[state]\nna41_last_held = {"3138" = "axis"}\n', ""):
        assert _judge(NAVAL + state, "NA41 21.1.4") == ([], ""), state


def test_one_enemy_zoc_hex_is_allowed_where_no_retreat_avoids_it():
    """12.1.3 #3 「不可能であれば…退却の１ヘクスは EZOC へ進入できます」: Axis A retreats 2219 -> 2119 -> 2118 through
    2119, in the ZOC of Allied B (2020). On an open map 2-hex paths from 2219 entering no enemy ZOC exist:
    NA41 12.1.3 naming the other path. With sea in every hex next to 2219 or 2118 but 2119, 2118 and 2019
    (in B's ZOC), each 2-hex retreat enters 2119 or 2019: the one EZOC hex is allowed, no finding."""
    from na41_util import H, al, ax, rules_of, table
    from vmodgen.rules.core.board import Board
    a = ax("A", "2118", previous="2219", path=["2219", "2119", "2118"], mode="retreat")
    open_map = H + al("B", "2020") + a
    found = [f for f in findings_of(open_map) if f.rule == "NA41 12.1.3"]
    assert len(found) == 1 and "enters none" in found[0].message and "2119" in found[0].hexes
    board = Board(position(open_map))
    near = {h for h in board.neighbours("2219") + board.neighbours("2118")} - {"2219", "2119", "2118", "2019"}
    sea = "".join(table("hexes", hex=h, terrain="sea") for h in sorted(near))
    assert rules_of(open_map + sea, "NA41") == []


def findings_of(text: str):
    p = position(text)
    return ruleset_for(p.game).check(p)


def test_port_capacity_serves_the_units_the_owner_left_unmarked_whatever_their_order():
    """16.2 「ある港湾が補給を提供できるユニットの数は、その現行海上輸送許容量の二倍に一致します。各友軍補給フェイズ中、
    所有しているプレイヤーは、どのユニットが補給下でどれがそうでないかを決定できます」: the port in 1302 (capacity 1)
    supplies 2 of A, B, C, cut off from the base. The owner marked one OOS: that one is out of supply
    and the other two are in, whichever it is and in whatever order the units are listed (before: the
    two first by id were served, so a marked A read as tracing and an unmarked C as not). No mark: two
    of the three are served, the same two in any listing order."""
    from itertools import permutations
    from na41_util import S, ax, table
    from rules_util import status
    port = table("hexes", hex="1302", features=["port"], control="axis", capacity=1)
    where = {"A": "1201", "B": "1202", "C": "1203"}
    for marked in ("A", "B", "C", None):
        seen = set()
        for order in permutations("ABC"):
            units = "".join(ax(u, where[u], **({"status": ["oos"]} if u == marked else {})) for u in order)
            st = status(S + port + units, "axis")
            seen.add(tuple(sorted(st.items())))
            if marked:
                assert st[marked] == "none" and sorted(st.values()) == ["none", "port", "port"], (marked, order)
        assert len(seen) == 1, marked
