"""Invasion: Malta's bombardment targets (10.13, 10.22, 10.23, 10.24), judged at the end of the Ground
Sequence's Bombardment Phase from the artillery that turned Fired in it (not in ``prev_fired``) and
the declared attacks. A function of the rule set (``rs``) and the board; the rule list is in
:mod:`.ruleset`.

Readings:

* 10.13 「射程をカウントしているとき、砲兵ユニットによって占められたヘクスをカウントしないが、目標ヘクス
  はカウントする」: a target is at most ``range`` hexes away (the map distance).
* 10.22 「砲撃されるヘクスは、戦闘中の防御側ヘクス又は攻撃側ヘクスのどちらかであることが可能」, 10.23
  「非活性プレイヤーは、防御側ヘクスに隣接する敵占有ヘクスのみを砲撃できる」: the active player's
  artillery bombards a declared attack's defender hex, the inactive player's an enemy-occupied hex
  next to one (an attacker's hex, or its ``previous`` when it stands in an eliminated box now).
* 10.24 「イギリス軍砲兵ユニットは、侵攻ヘクス、飛行場ヘクス、隣接した友軍ユニットを持たない侵攻矢印
  地点の沿岸ヘクスに砲撃を実施できる。これらのヘクスについては、宣言された戦闘は要求されない」: British
  artillery (Allied, not ``italian-allied``) may also bombard an enemy-occupied invasion or airfield
  hex, or a coastal hex next to an invasion hex with no Allied unit next to it, in either
  player's activation (16.33C: the Allies bombard the invaders in the Axis activation).
* 10.22 「あるヘクスは…フェイズ毎に一度のみである」 with 10.24 「2つまでのドイツ軍又はイタリア軍の砲兵
  ユニットは、砲撃を実施するために統合できる」「4つまでのイギリス軍砲兵ユニットは…統合できる」: each
  target takes one bombardment a phase, so the units that fired must share the targets within
  their reach at most ``axis_artillery_per_attack_max`` German or Italian (Italians of either
  side) and ``british_artillery_per_attack_max`` British units a hex (a matching; air units added
  by CAS are not counted, 10.24). 16.33C 「以下の追加ユニット [10.27の例外] は、侵攻ユニットを砲撃でき、
  又は砲撃に統合できる：射程内の沿岸砲兵ユニット」 is read as adding coast artillery to a bombardment
  of invaders beyond the four: a coast artillery unit with an invasion hex in reach is not counted.
* The count is judged only when every fired unit's possible targets are known (declared attacks,
  the activation, no attacker or enemy lost off the map without ``previous``): a target left out
  would make a legal fire look like one too many. Otherwise 10.24 is named not judged.
* Bombardment removes steps (10.28D), so a target may be empty at the phase end: an attacker's or
  an exception hex whose units all went to an eliminated box without a recorded ``previous``
  leaves a unit with no target in reach not judged, never found. Without declared attacks only
  the British exception hexes are known: a unit with none in reach is not judged.
* Not judged: 10.24's "same formation as the lead unit" (the lead unit is not recorded; 9.13
  judges that an active unit may lead), AA (10.27, 11.33: :mod:`.memory`), coast artillery
  without a range (10.43: it never bombards, 16.24).
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .carried import status_before

P = "IM"
#: the Ground Sequence's Bombardment Phase (10.1)
BOMBARDMENT = "bombardment"


def _british(rs, u) -> bool:
    """An Allied unit that is not one of Scenario 4's Allied Italians (2.22A)."""
    return u.side != str(rs.param("im_supply_side")) and u.unit.nationality not in ("italian", "italian-allied")


def _exception_targets(rs, board: Board, side: str, foes: set[str]) -> set[str]:
    """10.24: the enemy-occupied invasion, airfield and arrow-coastal hexes British artillery may
    bombard without a declared combat."""
    out = set()
    for h in _occupied(board, foes):
        t = board.terrain(h)
        if t in ("invasion", "airfield") or "airfield" in board.features(h):
            out.add(h)
        elif "coastal" in board.features(h) and any(board.terrain(n) == "invasion" for n in board.neighbours(h)) \
                and not any(board.occupied_by(n, side) for n in board.neighbours(h)):
            out.add(h)
    return out


def _occupied(board: Board, sides: set[str]) -> set[str]:
    """The map hexes holding ground units of ``sides``."""
    return {u.hex for u in board.pos.units if u.side in sides and board.is_hex(u.hex)
            and board.unit_kind(u) not in ("air", "naval", "marker")}


def range_to(board: Board, a: str, b: str) -> int:
    """The distance from ``a`` to ``b`` for a range (bombardment, 11.2; AA fire at drops, 11.36); a hex
    of another island is out of every range."""
    d = board.distance(a, b)
    return 10 ** 6 if d is None else d


def _where(board: Board, u) -> str | None:
    """The hex an attacker attacked from: where it stands, else the map hex it left."""
    if board.is_hex(u.hex):
        return u.hex if u.mode not in ("advance", "retreat") or not u.previous else u.previous
    return u.previous if u.previous and board.is_hex(u.previous) else None


def _fits(options: dict[str, list[str]], cap: int) -> list[str]:
    """The units (of ``options``: unit id -> target hexes) left over when each hex takes at most
    ``cap`` of them (augmenting paths over ``cap`` slots a hex)."""
    slots: dict[tuple[str, int], str] = {}

    def place(uid: str, seen: set[tuple[str, int]]) -> bool:
        for h in options[uid]:
            for k in range(cap):
                s = (h, k)
                if s in seen:
                    continue
                seen.add(s)
                if s not in slots or place(slots[s], seen):
                    slots[s] = uid
                    return True
        return False

    return [uid for uid in sorted(options) if not place(uid, set())]


def turned_fired(rs, board: Board) -> list | None:
    """The units on the map Fired now that were not at the phase start (``prev_fired``): in the
    Bombardment Phase, the artillery that bombarded and the AA that fired at bombarding air units
    (10.14, 10.27); None when the units Fired before are not recorded."""
    was, gap = status_before(rs.memory(board.pos), "prev_fired")
    if was is None:
        return None
    return [u for u in board.pos.units if u.id not in was | gap and board.is_hex(u.hex) and rs.fired(board, u)]


def shows_a_bombardment(rs, board: Board) -> bool:
    """Whether ``board``'s position, in a Bombardment Phase, shows that phase played: a unit turned
    Fired in it (:func:`turned_fired`). The tracker's lag then counts the phase, which is empty only
    when there is nothing to bombard (review rv-m23 item 4)."""
    return board.pos.phase == BOMBARDMENT and bool(turned_fired(rs, board))


def check_targets(rs, board: Board) -> list:
    """10.13, 10.22, 10.23, 10.24: each unit that bombarded this phase had a target in range that
    its side may bombard, and the targets took no more units than may combine."""
    pos = board.pos
    if pos.phase != BOMBARDMENT:
        return []
    new = turned_fired(rs, board)
    for u in pos.units:
        if u.id in status_before(rs.memory(pos), "prev_fired")[1] and board.is_hex(u.hex) and rs.fired(board, u) \
                and rs.artillery(u) and not rs.is_(u, "im_aa"):
            rs.gap_unknown(u, f"{P} 10.24", "was on its Fired side")
    pool = new if new is not None else [u for u in pos.units if board.is_hex(u.hex) and rs.fired(board, u)]
    fired = [u for u in pool if rs.artillery(u) and not rs.is_(u, "im_aa") and u.value("range") is not None]
    if not fired:
        return []
    if new is None:
        rs.not_judged(f"{P} 10.24", f"whether {rs.names(fired)} bombarded this phase needs the units already Fired "
                      "before it (prev_fired): without them a Fired marker may be an earlier phase's")
        return []
    active = rs.activation_side(board)
    dead = {b.strip() for b in str(rs.param("im_eliminated_boxes") or "").split(",") if b.strip()}
    by_id = {u.id: u for u in pos.units}
    defenders = {a.hex for a in pos.attacks}
    out: list = []
    groups: dict[tuple[str, str], dict[str, list[str]]] = {}
    # The 10.24 cap matches units to targets: it is sound only when every fired unit's targets are
    # all known; otherwise a legal fire at an unlisted hex would look like one too many.
    unknown: list[str] = []
    for u in fired:
        foes = set(board.enemies(u.side))
        occupied = _occupied(board, foes)
        lost = [x for x in pos.units if x.side in foes and x.hex in dead and not (x.previous and board.is_hex(x.previous))]
        allowed: set[str] = set()
        if _british(rs, u):
            allowed |= _exception_targets(rs, board, u.side, foes)
        if pos.attacks and active is not None:
            if u.side == active:
                allowed |= defenders
            else:
                attackers = [by_id[i] for a in pos.attacks for i in a.units if i in by_id]
                # An attacker off the map (not in an eliminated box) left no hex to read.
                lost += [x for x in attackers if _where(board, x) is None and x not in lost]
                allowed |= {h for h in (_where(board, x) for x in attackers) if h} | {
                    h for h in occupied if any(board.adjacent(h, d) for d in defenders)}
        why = ("the declared attacks" if not pos.attacks else "whose activation it is" if active is None
               else f"the map hex of {rs.names(lost)} (off the map now, no previous hex recorded)" if lost else "")
        if why:
            unknown.append(why)
        rng = int(u.value("range") or 0)
        reach = sorted(h for h in allowed if range_to(board, u.hex, h) <= rng)
        if reach:
            cls = "british" if _british(rs, u) else "axis"
            # 16.33C: coast artillery joins a bombardment of invaders as an addition to 10.24's units.
            capped = [h for h in reach if not (rs.is_(u, "im_coast_artillery") and board.terrain(h) == "invasion")]
            if capped == reach:
                groups.setdefault((u.side, cls), {})[u.id] = reach
            continue
        if why or not allowed:
            why = why or "a hex it may bombard, and none is known"
            rs.not_judged(f"{P} 10.24", f"whether {label(u)}, which bombarded, had a target in range (10.13, 10.22, "
                          f"10.23) needs {why}")
            continue
        near = sorted(h for h in occupied if range_to(board, u.hex, h) <= rng)
        if not near:
            far = min(allowed, key=lambda h: (range_to(board, u.hex, h), h))
            d = board.distance(u.hex, far)
            where = f"{d} hexes away, its own hex not counted" if d is not None else "on another island"
            out.append(rs.finding(board, f"{P} 10.13", "movement", f"{label(u)} bombarded from {u.hex}, but every hex it "
                                  f"may bombard is beyond its range of {rng} (the nearest, {far}, is {where}).",
                                  [u.hex, far], [u]))
        else:
            rule, whom = ((f"{P} 10.22", "a declared attack's defender hex") if u.side == active else
                          (f"{P} 10.23", "an enemy-occupied hex next to a defender hex"))
            extra = " (or, British, an invasion, airfield or arrow coastal hex)" if _british(rs, u) else ""
            out.append(rs.finding(board, rule, "movement", f"{label(u)} bombarded from {u.hex}, but no hex within its "
                                  f"range of {rng} is {whom}{extra}.", [u.hex], [u]))
    for (side, cls), options in sorted(groups.items()):
        cap = int(rs.num("british_artillery_per_attack_max" if cls == "british" else "axis_artillery_per_attack_max"))
        if len(options) <= cap:
            continue
        if unknown:
            rs.not_judged(f"{P} 10.24", f"how many of {rs.names([by_id[i] for i in sorted(options)])} combined on a "
                          f"hex (10.22, 10.24) needs every hex they may have bombarded, and that needs {unknown[0]}")
            continue
        left = _fits(options, cap)
        if left:
            units = [by_id[i] for i in sorted(options)]
            hexes = sorted({h for hs in options.values() for h in hs})
            who = "British" if cls == "british" else "German or Italian"
            out.append(rs.finding(board, f"{P} 10.24", "movement", f"{rs.names(units)} bombarded this phase, and the "
                                  f"hexes they could bombard are {', '.join(hexes)}; a hex is bombarded once a phase "
                                  f"(10.22) and at most {cap} {who} artillery units combine (10.24), so "
                                  f"{len(left)} of them had no bombardment to fire in.",
                                  hexes, units))
    return out
