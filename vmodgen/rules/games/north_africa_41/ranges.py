"""North Africa '41 ranges (17.3, 19.3.1): how far an SP, MSU or ASU may be from a unit it supplies
in an attack, and how far a replacement may be from the unit it rebuilds. Both are measured with
the overland procedure of the line of supply (16.3.2): off-road jebel and rough count 2, no marsh,
no all-sea hexside, no escarpment except next to the tracing unit, no enemy-occupied or
enemy-controlled hex, an enemy ZOC only in the first hex (friendly units cancel it), at most 2
desert hexes in a row; there is no road leg.

* Attack supply (8.5.1, 8.5.2, 17.1.3, 17.3): an ``[[attacks]]`` entry of a North Africa '41
  position names the SP, MSU or ASU that gives it attack supply as ``hq``. The supplier must be
  within its range of at least one attacking unit (the range: an ASU's printed ``range``; an SP
  alone ``sp_range`` 3, with an ASU the ASU's range, 17.2.1; an MSU ``msu_range`` 5, 17.2.4). An
  ASU gives it only in Good Order (13.1) and Ready, or stacked with an SP that it spends instead
  (17.1.3); an OOS ASU still does (17.1.5). A German or Italian ASU supplies only an attack with a
  unit of its own nationality (8.5.2; Wehrmacht and Luftwaffe are both German, 2.3.4). An ASU
  with no printed range, or a supplier in an off-map box, is *not judged* (never judged legal).
  The attack is read as declared: the ASU shows the face it had before it paid.
* Replacements (19.3.1, 19.3.2, 19.2.3): ``[state] na41_replacements = {R1 = "X1"}`` names, for
  each replacement used in this Initial Phase, the unit it rebuilt. The replacement stands where
  it was used (its ``previous`` when it is back in a box). The unit is in Good Order (13.1.1) and
  either in the same off-map box as the replacement or within ``replacement_range_hexes`` (5) of
  it overland; it is of the replacement's nationality; no unit takes two replacements in one
  Initial Phase; a tank replacement rebuilds a tank but not a Matilda (a heavy tank replacement,
  the back of one, rebuilds any tank), an infantry replacement any infantry type, recon or 88mm
  Flak (19.2.3, 19.2.5). A unit back from the Eliminated Box (``na41_boxed_before``) is placed in
  the hex of the replacement it uses instead (19.4.1; the Corps HQ there: ``memory.check_returns``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Final

from ....errors import InputError
from ....positions.model import Position, UnitState
from ...base import ALWAYS, Rule, When
from ...core import supply as sup
from ...core.board import Board
from ...core.moves import label
from ...core.stacking import fmt
from .carried import na41
from .supply import trace_rules
from .units import NorthAfrica41Units

P = "NA41"
REPLACEMENTS: Final = "na41_replacements"
GERMAN = frozenset({"wehrmacht", "luftwaffe"})


def rules(rs: NorthAfrica41Units) -> list[Rule]:
    return [Rule(f"{P} 17.3", "supply", ALWAYS, lambda b: check_attack_supply(rs, b),
                 "attack supply within range (8.5.1, 17.3)"),
            Rule(f"{P} 19.3.1", "supply", When(("admin",)), lambda b: check_replacements(rs, b),
                 "replacements within 5 hexes of the unit they rebuild (19.3)")]


def within(rs: NorthAfrica41Units, board: Board, side: str, target: str, points: float) -> dict[str, float]:
    """Hex → cost of the cheapest overland path (16.3.2, no road leg) of at most ``points`` from
    a unit of ``side`` in that hex to ``target`` (17.3, 19.3.1)."""
    rules_ = replace(trace_rules(rs, board, side), budget=points, road_step=None, road_enter=None)
    return sup.trace_costs(board, [target], rules_)


def _nation(u: UnitState) -> str:
    n = u.unit.nationality or ""
    return "german" if n in GERMAN else n


#: 19.2.4: the Allied infantry replacement is British or Indian, at its owner's choice (the kit's
#: one "British/Indian Inf Repl" counter)
BRITISH_INDIAN = frozenset({"british", "indian"})


def _rebuilds(rs: NorthAfrica41Units, r: UnitState) -> frozenset[str]:
    """The nations a replacement may rebuild (19.3.2: its own; Wehrmacht and Luftwaffe are one
    German nation, so a German infantry replacement rebuilds an 88mm Flak, 19.2.3; a British or
    Indian infantry replacement either, 19.2.4)."""
    n = _nation(r)
    if n in BRITISH_INDIAN and rs.sel("na41_infantry_replacement").matches(rs.game, r):
        return BRITISH_INDIAN
    return frozenset({n})


def supplier_range(rs: NorthAfrica41Units, board: Board, s: UnitState) -> tuple[str, float | None]:
    """What ``s`` is (asu, sp, msu, or "" for none of them) and its range (None: not printed)."""
    asu = rs.sel("na41_asu")
    if asu.matches(rs.game, s):
        r = s.number("range", -1)
        return "asu", (None if r < 0 else r)
    if rs.is_(s, "na41_msu") or (s.unit.type == str(rs.param("na41_msu_truck_type")) and s.reduced):
        return "msu", rs.num("msu_range")
    if rs.is_(s, "na41_sp"):
        with_asu = [x for x in board.units(s.hex, s.side) if asu.matches(rs.game, x)]
        if with_asu:
            r = with_asu[0].number("range", -1)
            return "sp", (None if r < 0 else r)
        return "sp", rs.num("sp_range")
    return "", None


def check_attack_supply(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    out: list = []
    asu_sel, sp_sel = rs.sel("na41_asu"), rs.sel("na41_sp")
    for atk in pos.attacks:
        if not atk.hq:
            continue
        s = pos.unit(atk.hq)
        units = [u for u in (pos.unit(uid) for uid in atk.units) if u is not None]
        if s is None or not units:
            continue
        what, rng = supplier_range(rs, board, s)
        if not what or all(u.side != s.side for u in units):
            out.append(rs.finding(board, f"{P} 8.5.1", "supply", f"{label(s)} gives attack supply to the attack on "
                                  f"{atk.hex}, but only a friendly SP, MSU or ASU can (8.5.1, 17.3).", [s.hex], [s]))
            continue
        if s.has("naval_transport"):
            # 21.1.5: a unit under a naval transport marker is used for nothing (attack, attack supply,
            # replacement) until the marker comes off
            out.append(rs.finding(board, f"{P} 21.1.5", "supply", f"{label(s)} carries a naval transport marker and "
                                  f"gives no attack supply (to the attack on {atk.hex}) until it is removed.",
                                  [s.hex], [s]))
        if what == "asu":
            if s.has("disrupted") or s.has("full_retreat"):
                out.append(rs.finding(board, f"{P} 17.1.3", "supply", f"{label(s)} is not in Good Order and gives no "
                                      f"attack supply (to the attack on {atk.hex}).", [s.hex], [s]))
            spent = [x for x in board.units(s.hex, s.side) if sp_sel.matches(rs.game, x)]
            if (s.reduced or s.has("depleted")) and not spent:
                out.append(rs.finding(board, f"{P} 17.1.3", "supply", f"{label(s)} is Depleted, with no SP in its hex, "
                                      f"and gives no attack supply (to the attack on {atk.hex}).", [s.hex], [s]))
            nat = _nation(s)
            if nat in ("german", "italian") and not any(_nation(u) == nat for u in units):
                out.append(rs.finding(board, f"{P} 8.5.2", "supply", f"{label(s)} is {nat.capitalize()} and supplies "
                                      f"only an attack with a {nat.capitalize()} unit; none attacks {atk.hex}.",
                                      [s.hex, atk.hex], [s]))
        if rng is None:
            rs.not_judged(f"{P} 17.3", f"{s.id} has no printed range ('range'), so whether the attack on {atk.hex} is "
                          "within its range is not judged")
            continue
        if not board.is_hex(s.hex):
            rs.not_judged(f"{P} 17.3", f"{s.id} is in {s.hex}, off the map: its range to the attack on {atk.hex} "
                          "is not judged")
            continue
        reach = within(rs, board, s.side, s.hex, rng)
        if not any(board.is_hex(u.hex) and u.hex in reach for u in units):
            out.append(rs.finding(board, f"{P} 17.3", "supply",
                                  f"{label(s)} in {s.hex} has a range of {fmt(rng)} ({what}), but no unit attacking "
                                  f"{atk.hex} ({rs.names(units)}) traces an overland path of {fmt(rng)} hex points or "
                                  "fewer to it (16.3.2): the attack has no attack supply (8.5.1).",
                                  [s.hex, atk.hex], [s, *units]))
    return out


# ---- replacements (19) ----------------------------------------------------------------------------
def validate(rs: NorthAfrica41Units, pos: Position) -> None:
    v = rs.stated(pos).get(REPLACEMENTS)
    if v is None:
        return
    src = pos.source or None
    if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
        raise InputError(src, f"[state] {REPLACEMENTS} must be a table of replacement = unit, like {{R1 = \"X1\"}}")
    for rid, uid in v.items():
        for x in (rid, uid):
            if pos.unit(x) is None:
                raise InputError(src, f"[state] {REPLACEMENTS}: '{x}' is not a unit of the position")


def _fits(rs: NorthAfrica41Units, r: UnitState, u: UnitState) -> str:
    """19.2.3, 19.2.5: why replacement ``r`` cannot rebuild ``u`` ("" when it can)."""
    tank_r, inf_r = rs.sel("na41_tank_replacement"), rs.sel("na41_infantry_replacement")
    if tank_r.matches(rs.game, r):
        if not rs.tank(u):
            return "a tank replacement rebuilds tank units only (19.2.3)"
        if rs.is_(u, "na41_matilda") and not r.reduced:
            return "a Matilda takes only a heavy tank replacement, the back of a tank replacement (19.2.5)"
    elif inf_r.matches(rs.game, r):
        if not rs.is_(u, "na41_infantry_replaceable"):
            return "an infantry replacement rebuilds infantry types, recon and 88mm Flak only (19.2.3)"
    return ""


def _replacement_box(rs: NorthAfrica41Units, place: str) -> str:
    """19.3.3: 「撤退又は予備ボックス内のユニットをナイル・デルタ・ボックス内に位置するものとして扱います」:
    the Withdrawn box (``na41_withdrawn_box``) and the Reserve (``na41_replacement_base_boxes``) count
    as the Nile Delta for replacements."""
    from .memory import ids_of
    boxes = {*ids_of(rs, "na41_replacement_base_boxes"), *ids_of(rs, "na41_withdrawn_box")}
    return str(rs.param("na41_rail_base")) if place in boxes else place


def check_replacements(rs: NorthAfrica41Units, board: Board) -> list:
    from .memory import step
    pos = board.pos
    used = rs.stated(pos).get(REPLACEMENTS)
    if not isinstance(used, dict) or step(rs, pos) != "initial":
        return []
    out: list = []
    most = rs.num("replacement_range_hexes")
    seen: dict[str, str] = {}
    boxed = na41(pos).na41_boxed_before
    back = {x.strip() for x in str(rs.param("na41_return_boxes")).split(",") if x.strip()}
    for rid, uid in used.items():
        r, u = pos.unit(rid), pos.unit(uid)
        if r is None or u is None:
            continue
        name = label(u)
        at = r.previous if (r.previous and not board.is_hex(r.hex)) else r.hex
        if uid in seen:
            out.append(rs.finding(board, f"{P} 19.3.2", "supply", f"{name} takes two replacements ({seen[uid]}, {rid}) "
                                  "in one Initial Phase; the most is one.", [u.hex], [u]))
        seen.setdefault(uid, rid)
        nations = _rebuilds(rs, r)
        if _nation(u) not in nations:
            out.append(rs.finding(board, f"{P} 19.3.2", "supply", f"{rid} is a {r.unit.nationality} replacement and "
                                  f"rebuilds only {' or '.join(sorted(nations))} units, not {name} ({u.unit.nationality}).",
                                  [u.hex], [u, r]))
        if rs.is_(u, "na41_asu") or u.unit.type == str(rs.param("na41_msu_truck_type")):
            # 19.1.2: 「トラックとASUsは、補充を使用しません」 (they are replaced for 1 RP)
            out.append(rs.finding(board, f"{P} 19.1.2", "supply", f"{rid} rebuilt {name}, but trucks and ASUs use no "
                                  "replacements (19.1.2: one is replaced for 1 Resource Point).", [u.hex], [u, r]))
            continue
        why = _fits(rs, r, u)
        if why:
            out.append(rs.finding(board, f"{P} 19.2.3", "supply", f"{rid} rebuilt {name}, but {why}.", [u.hex], [u, r]))
        if u.has("disrupted") or u.has("full_retreat"):
            out.append(rs.finding(board, f"{P} 13.1.1", "supply", f"{name} is not in Good Order and takes no "
                                  f"replacement (19.3.1).", [u.hex], [u]))
        if (boxed or {}).get(uid) in back and board.is_hex(u.hex):
            # 19.4.1: a unit back from the Eliminated Box (or the Remnant Display) arrives in the hex
            # that holds the replacement it uses (with a Corps HQ: memory.check_returns)
            if u.hex != at:
                out.append(rs.finding(board, f"{P} 19.4.1", "supply", f"{name} came back from the Eliminated Box "
                                      f"to {u.hex} with the replacement {rid}, which is in {at}; it arrives in the "
                                      "replacement's hex.", [u.hex, at], [u, r]))
            continue
        if not board.is_hex(u.hex) or not board.is_hex(at):
            if _replacement_box(rs, u.hex) != _replacement_box(rs, at):
                out.append(rs.finding(board, f"{P} 19.3.1", "supply", f"{name} in {u.hex} took the replacement {rid} "
                                      f"in {at}: off the map both must be in the same box.", [u.hex], [u, r]))
            continue
        if u.hex not in within(rs, board, u.side, at, most):
            out.append(rs.finding(board, f"{P} 19.3.1", "supply", f"{name} in {u.hex} took the replacement {rid} in "
                                  f"{at}, but no overland path (16.3.2) of {fmt(most)} hexes or fewer joins them.",
                                  [u.hex, at], [u, r]))
    return out
