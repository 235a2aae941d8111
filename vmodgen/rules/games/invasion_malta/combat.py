"""Invasion: Malta moves outside the Movement Phase: retreat (13.3-13.4), advance after combat
(13.5) and Reaction (9.2). Mixed into :class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

Choices (each a parameter where players could read the rule either way):

* 13.32: a retreat is counted in hexes entered along the path (no path: the distance). A unit
  named in a declared attack (``[[attacks]] units``) is an attacker and retreats 1 or 2 hexes; a
  unit retreating out of a declared defender hex retreats exactly ``defender_retreat_hexes`` (2);
  with no attack declared, only the maximum is checked.
* 13.41 / 13.35: an alternative is a retreat of the same length over legal hexsides and hexes
  (no enemy unit, no sea, no hex entered twice). Friendly units negate the enemy ZOC for retreat
  (13.42), so only *empty* enemy-ZOC hexes need "no alternative".
* 15.65 「漂流戦闘から退却していないユニットのZOCを通過して退却しているときは、敵ZOCを通過しての退却から
  損失を適用しない。退却しているユニットは、その敵ZOC内のカラの陸上ヘクスへ退却できる」: a retreat
  from a drift combat (its first hex holds a unit that paradropped in this activation, the retreating
  unit or an enemy) may end in an empty hex in the ZOC of the enemy units that stayed in that hex
  (13.43 then holds only for the other enemy units' ZOC). It is still an enemy ZOC (「その敵ZOC」):
  the disruption of 13.45 D, which is no loss, stays. 「どちらか又は両陣営のユニットは、漂流戦闘の
  ヘクス内へ又は通過して退却できる」: a retreat may enter or cross a drift-combat hex (no 13.34); it
  keeps the priorities (「[13.45d] の優先度に従って」, read as 13.35's): the drift hex, holding enemy
  units, is a hex in enemy ZOC, second to one outside it.
* 9.3 (optional rule, judged as in play): a retreat in the Combat Declaration Phase is a combat
  refusal (9.33 A: declared and resolved when the attack is declared, before the Reaction). Only
  the Allies refuse (9.3); from a hex under a declared attack (9.31; no attack in the position:
  not judged), every unit of the hex with it (9.31); each of current ER ``combat_refusal_er_min``
  (5) or more, none disrupted, none of MA 0, no KOMR unit (its id or name holds "KOMR") in
  ``im_combat_refusal_komr_scenarios`` (1, 2) (9.32); never through an empty enemy-ZOC hex (9.34,
  reported instead of 13.41 and 13.45); never out of a drift combat (9.35).
* 9.23 (spec §11 #23): the MP a reacting unit needs to enter the defender hex include the enemy-
  ZOC +1 of 8.21 (``im_reaction_zoc_cost = true``), since 8.21 defines the cost of entering a hex.
* 9.23 / 13.55 (spec P-S7, inferred): a reaction may not enter a hex that already holds units
  under an Excess marker (``im_reaction_into_excess = false``).
"""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.moments import entered, timed_hexes
from ...core.moves import label
from ...core.board import Board
from ..before_advances import before_advances
from ...core.stacking import fmt
from ...core import gap_status
from .carried import status_before
from .supply import InvasionMaltaSupply

P = "IM"


class InvasionMaltaCombat(InvasionMaltaSupply):
    """Retreat, advance and reaction checks (needs the rule set's unit classes, ``zoc`` and
    ``move_model``)."""

    # ---- roles in a declared combat --------------------------------------------------------
    @staticmethod
    def _role(board: Board, u: UnitState) -> str:
        """"attacker", "defender" or "" (no declared attack says)."""
        for a in board.pos.attacks:
            if u.id in a.units:
                return "attacker"
        for a in board.pos.attacks:
            if u.previous == a.hex:
                return "defender"
        return ""

    def _crossable(self, board: Board, u: UnitState, a: str, b: str) -> str:
        """Why ``u`` may not retreat or advance a→b (8.35, 13.34), or ""."""
        feats = board.hexside(a, b)
        if "sea" in feats or board.is_water(b):
            return f"{b} lies across a sea hexside or in the sea"
        if "cliff" in feats and not (self.commando(u) and not u.has("disrupted")):
            return f"the hexside {a}|{b} is a cliff"
        return ""

    def move_zoc(self, board: Board, side: str) -> set[str]:
        """The enemy ZOC moves meet, with the units that advanced after combat where they stood
        before: a retreat comes before the advance into the hex it emptied (13.5)."""
        return self.enemy_zoc(before_advances(self, board), side)

    # ---- retreat (13.3-13.4) ---------------------------------------------------------------
    def _other_advances(self, board: Board, u: UnitState, start: str) -> set[str]:
        """The enemy units that advanced after another combat than the one ``u`` retreated from
        ``start``: not listed in an ``[[attacks]]`` entry on ``start`` (nor in one with ``u``) and
        not advancing into ``start`` first (an advance enters the hex its defender vacated, 13.5)."""
        own = {x for a in board.pos.attacks if a.hex == start or u.id in a.units for x in a.units}
        out = set()
        for x in board.pos.units:
            if x.mode != "advance" or not x.previous or x.side == u.side or x.id in own:
                continue
            first = x.path[1] if x.path and len(x.path) > 1 else x.hex
            if first != start:
                out.add(x.id)
        return out

    def check_retreat(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """13.3-13.4 with 13.5: a retreat comes before its own combat's advance. Combats are resolved
        one after another (13.38, 13.51 「次の戦闘解決の前に」) in an order no position records, so
        another combat's advance may come before or after it: the retreat is judged both ways, and a
        rule found one way only is named not judged. A unit dragged off the map (the Eliminated
        box, 17.43) was eliminated, not retreated: nothing to judge."""
        if not board.is_hex(u.hex):
            return []
        path = tuple(u.path or ((u.previous, u.hex) if u.previous else ()))
        others = self._other_advances(board, u, path[0]) if path else set()
        first = self._retreat_verdict(board, u, ez, before_advances(self, board))
        if not others:
            return first
        done = before_advances(self, board, lambda x: x.id not in others)
        after = self._retreat_verdict(board, u, self.enemy_zoc(done, u.side), done)
        both = {f.rule for f in first} & {f.rule for f in after}
        for rule in sorted({f.rule for f in first} ^ {f.rule for f in after}):
            self.not_judged(rule, f"{label(u)} retreated {' → '.join(path)} while {', '.join(sorted(others))} "
                            "advanced after another combat; whether that advance came before this retreat decides "
                            "the verdict, and the order of combats is not recorded (13.38, 13.51)")
        return [f for f in after if f.rule in both]

    def _retreat_verdict(self, board: Board, u: UnitState, ez: set[str], before: Board, role: str = "",
                         unsure: dict[bool, set[str]] | None = None) -> list:
        """One retreat's findings, with the enemy units standing as on ``before`` and their ZOC ``ez``
        (``role``: "attacker" or "defender" when known otherwise than by a declared attack). The
        units that left ``u``'s hex with it are no friends already in a hex (13.36): one combat's
        stack retreats together. Where two combats may have been fought out of that hex
        (:meth:`_combats_from_one_hex`) and such a unit entered a hex of ``u``'s route before ``u``,
        it may have retreated from the other combat and be such a friend: the retreat is judged
        both ways, and a rule found one way only is named not judged under 13.36 (im23; before,
        the stack reading alone gave a verdict). ``unsure``, when given, receives the rules found
        only when they retreated with it (``unsure[False]``: broken unless they fought another
        combat) and those found only when they are such friends (``unsure[True]``: broken if they
        did; rv-o25: before, one set, read as the first)."""
        read: set[str] = set()
        own = self._retreat_verdict_with(board, u, ez, before, role, mates=False)
        start = u.path[0] if u.path else u.previous
        if not self._combats_from_one_hex(board, u, start, role):
            return own
        other = self._retreat_verdict_with(board, u, ez, before, role, mates=True, read=read)
        found = {False: {f.rule for f in own} - {f.rule for f in other},
                 True: {f.rule for f in other} - {f.rule for f in own}}
        if not found[False] and not found[True]:
            return own
        if unsure is not None:
            for k in found:
                if found[k]:
                    unsure.setdefault(k, set()).update(found[k])
        # the units of the hex that entered a hex the verdict read (its route, the alternatives
        # 13.35/13.41 weigh) before it (rv-o25: before, the route only; imfix25: before, every
        # unit that left the hex, in no time order)
        came = {x.id for h in {*(u.path or (start, u.hex))[1:], *read}
                for x in self._friends_before(board, u, h, mates=True)}
        mates = [x for x in board.pos.units if x is not u and x.side == u.side and x.moved and x.previous == start
                 and self.combat(x)]
        mates = [x for x in mates if x.id in came] or mates
        self.not_judged(f"{P} 13.36", f"{label(u)} retreated {' → '.join(u.path or (start or '', u.hex))} after "
                        f"{self.names(mates)}, which left {start} too: {start} borders more than one enemy hex, so "
                        "they may have fought another combat than its own and be friendly units already in the "
                        "hex (13.36), or retreated with it; a log does not record which units attacked which hex "
                        f"(9.1), and {self.turns_on_13_36(found)}")
        both = {f.rule for f in own} & {f.rule for f in other}
        return [f for f in own if f.rule in both]

    def _combats_from_one_hex(self, board: Board, u: UnitState, start: str | None, role: str) -> bool:
        """Whether ``u`` and other units that retreated out of ``start`` may have fought two combats
        from it (9.1: the attackers of one hex may attack different defender hexes): ``u`` retreats
        as an attacker (a log's attacker, :meth:`_advance_or_retreat`; a defender hex is attacked as
        a whole), no declared attack says (a position's attacks tell the combats apart, and a
        position orders no moves: no unit that moved counts as a friend there), and enemy combat
        units stood in two hexes or more next to ``start`` at the phase start (``prev_hexes``, else a
        unit's ``previous``, else its hex if it did not move): combats are declared in the Combat
        Declaration Phase before it (9.11 「戦闘宣言フェイズ中、活性プレイヤーは望む全ての戦闘を宣言する」),
        and the Reaction Movement Phase between only moves units into defender hexes (9.23), never
        out of one (9.25 「すでに防御側ヘクス内にいない」), so the enemy hexes at the phase start hold
        every defender hex, and an enemy unit that retreated or advanced next to ``start`` later in
        the phase was no defender of a combat out of it. An enemy hex next to it need not have been
        attacked, so this says "may". Attack Target markers do not tell the combats apart: they
        mark defender hexes, not attackers, and each comes off as its combat is resolved (13.13)."""
        if role != "attacker" or board.pos.attacks or not start or not board.is_hex(start):
            return False
        memory = self.memory(board.pos)
        prev = memory.prev_hexes or {}
        sides = memory.prev_sides or {}
        near = set(board.neighbours(start))
        present = {x.id: x for x in board.pos.units}
        # a unit gone since (eliminated in an earlier combat) is known by its side only: it counts
        enemy = {h for uid, h in prev.items() if h in near and uid not in present
                 and sides.get(uid, u.side) != u.side}
        for x in board.pos.units:
            if x.side != u.side and self.combat(x):
                at_start = prev.get(x.id) or (x.previous if x.moved else x.hex)
                if at_start in near:
                    enemy.add(at_start)
        return len(enemy) > 1

    @staticmethod
    def turns_on_13_36(found: dict[bool, set[str]]) -> str:
        """What the retreat breaks in each reading of 13.36 (:meth:`_retreat_verdict`'s ``unsure``)."""
        parts = [f"it breaks {', '.join(sorted(found[False]))} unless they fought another combat"
                 if found.get(False) else "",
                 f"it breaks {', '.join(sorted(found[True]))} if they did" if found.get(True) else ""]
        return "; ".join(p for p in parts if p)

    def _retreat_verdict_with(self, board: Board, u: UnitState, ez: set[str], before: Board, role: str,
                              mates: bool, read: set[str] | None = None) -> list:
        """:meth:`_retreat_verdict` with the units that left ``u``'s hex counted as friends already in
        a hex (``mates``) or not; ``read`` receives the hexes whose friends it asked about."""
        path = tuple(u.path or ((u.previous, u.hex) if u.previous else ()))
        zero = self.zero_ma_in_combat(board, u)
        if self.orange(u) or zero:
            why = "an orange-circle unit" if self.orange(u) else \
                "an out-of-supply armour unit (MA 0)" if self.armour(u) and u.has("oos") else \
                "disrupted, its MA halved to 0 (3.83, 8.15)" if self.disrupted_to_zero(u) else "a 0-MA unit"
            return [self.finding(board, f"{P} 13.37", "movement", f"{label(u)} retreated, but it is {why}: such a unit "
                                 "is eliminated instead of retreating (13.37, 14.23, 6.15).", [u.hex], [u])]
        if zero is None:
            self.disruption_unknown(u, f"{P} 13.37", "retreated", board)
        if len(path) < 2:
            return []
        out = []
        for a, b in zip(path, path[1:]):
            why = self._crossable(board, u, a, b)
            if why:
                return [self.finding(board, f"{P} 13.34", "movement", f"{label(u)} retreated {a} → {b}: {why}, "
                                     "which its movement may not cross.", [b], [u])]
            if any(x.side != u.side and self.combat(x) for x in before.units(b)) and not self.drift_hex(board, b):
                return [self.finding(board, f"{P} 13.34", "movement", f"{label(u)} retreated into {b}, which holds "
                                     "enemy units.", [b], [u])]
        n = len(path) - 1 if u.path else (board.distance(path[0], path[-1]) or 0)
        role = role or self._role(board, u)
        most = int(self.num("attacker_retreat_hexes_max") if role == "attacker" else
                   self.num("defender_retreat_hexes"))
        # a retreat dragged hex by hex is short, and stands where it stands, until it is finished
        # (Position.retreats_open): its length, its end and its route are judged then (too long
        # and through an enemy unit or a cliff at once)
        done = not board.pos.retreats_open
        if n > most or (done and role == "defender" and n < most):
            need = (f"exactly {most}" if role == "defender" else f"1 to {most}" if role == "attacker"
                    else f"at most {most}")
            out.append(self.finding(board, f"{P} 13.32", "movement", f"{label(u)} retreated {n} hex(es) "
                                    f"({' → '.join(path)}); a{'n ' + role if role == 'attacker' else ' ' + role if role else ''} "
                                    f"unit retreats {need}.", [u.hex], [u], hexes_retreated=n))
        def friends(h: str) -> bool:
            if read is not None:
                read.add(h)
            return self._friend_before(board, u, h, mates)
        refusal = board.pos.phase == "combat-declaration"
        if refusal:
            out += self._check_refusal(board, u, path, ez, friends)
        if done and u.hex in ez and not friends(u.hex) and not self._drift_zoc_only(board, u, path[0]):
            return out + [self.finding(board, f"{P} 13.43", "zoc", f"{label(u)} ended its retreat in enemy ZOC at "
                                       f"{u.hex} without a friendly unit there.", [u.hex], [u])]
        through = [h for h in path[1:-1] if h in ez and not friends(h)]
        if refusal and through:
            return out
        if u.path and done:
            alts = self._retreat_paths(board, u, path[0], len(path) - 1, ez, friends)
            if through and any(not p[1] for p in alts):
                out.append(self.finding(board, f"{P} 13.41", "zoc", f"{label(u)} retreated through enemy ZOC at "
                                        f"{', '.join(through)} although a retreat of the same length avoiding empty "
                                        "enemy-ZOC hexes existed.", through, [u]))
            elif (u.hex in ez or self.drift_hex(board, u.hex)) and not through \
                    and any(not p[1] and p[0] not in ez for p in alts):
                out.append(self.finding(board, f"{P} 13.35", "zoc", f"{label(u)} ended its retreat in enemy ZOC at "
                                        f"{u.hex} although a hex outside enemy ZOC could be reached first "
                                        "(retreat priority).", [u.hex], [u]))
        if done and through and not u.has("disrupted"):
            out.append(self.finding(board, f"{P} 13.45", "zoc", f"{label(u)} retreated through enemy ZOC at "
                                    f"{', '.join(through)} and must end disrupted.", through, [u]))
        return out

    def zero_ma_in_combat(self, board: Board, u: UnitState) -> bool | None:
        """Whether ``u``, which changed hex in a combat phase, had MA 0 then (:meth:`zero_ma`). Its
        Disrupted marker may be that combat's (a d result, 3.82; 13.45D 「結果にかかわらず、敵 ZOC を
        通過して退却している全てのユニットは、退却の完了時に混乱状態になる」): a disruption halving its
        MA to 0 counts only when ``prev_disrupted`` shows it at the previous phase end; None when only
        that disruption could make it 0 and no such record says."""
        if self.zero_ma(u, disruption=False) or not self.disrupted_to_zero(u):
            return self.zero_ma(u, disruption=False)
        was, unknown = status_before(self.memory(board.pos), "prev_disrupted")
        return None if was is None or u.id in unknown else u.id in was

    def disruption_unknown(self, u: UnitState, rule: str, did: str, board: Board | None = None) -> None:
        """Name ``rule`` not judged for ``u``, which ``did`` (retreated, changed hex) disrupted, its MA halved
        to 0, with no record of its marker before its combat (:meth:`zero_ma_in_combat`; ``board``:
        the position, to say when the record is unknown after a gap)."""
        gap = board is not None and u.id in status_before(self.memory(board.pos), "prev_disrupted")[1]
        self.not_judged(rule, f"{label(u)} {did} and is disrupted, its MA halved to 0 (3.83, 8.15); it had MA 0 "
                        "then only if it was disrupted before its combat, and the marker may be this combat's "
                        "(a d result, 3.82; a retreat through enemy ZOC, 13.45D): " + (
                            f"{gap_status.UNKNOWN_WHY}; [state] status_unknown" if gap else
                            "the position does not say ([state] prev_disrupted)"))

    @staticmethod
    def _friend_before(board: Board, u: UnitState, h: str, mates: bool = False) -> bool:
        """Whether a friendly unit stood in ``h`` before ``u`` entered it (:meth:`_friends_before`)."""
        return bool(InvasionMaltaCombat._friends_before(board, u, h, mates))

    @staticmethod
    def _friends_before(board: Board, u: UnitState, h: str, mates: bool = False) -> list[UnitState]:
        """The friendly units that stood in ``h`` before ``u`` entered it (13.36 「他の友軍ユニットが
        すでにヘクス内にあると」, 13.42): one that did not move this phase, or, where a log orders the
        moves (``UnitState.times``), one that entered ``h`` at an earlier moment than ``u`` (an
        advance or a retreat of another combat that came first). The units of ``u``'s own stack do
        not count: those that left the hex ``u`` stood in at the phase start, dragged with it or one
        by one, by whatever route (imnafix24: before, only along its very path, so how the stack
        was dragged decided), unless ``mates``: read as having fought another combat out of that hex
        (:meth:`_retreat_verdict`); in a position, which orders no moves, no unit that moved counts."""
        path = u.path or ()
        mine = entered(u, path.index(h)) if h in path else entered(u, len(path))
        out = []
        for x in board.units(h):
            if x.side != u.side or x is u:
                continue
            if not x.moved:
                out.append(x)
                continue
            if x.previous == u.previous and not mates:
                continue
            theirs = x.times[-1] if x.times is not None and timed_hexes(x) is not None else None
            if mine is not None and theirs is not None and theirs < mine:
                out.append(x)
        return out

    def _drift_start(self, board: Board, u: UnitState, start: str) -> bool:
        """Whether ``u`` leaves ``start`` out of a drift combat: it, or an enemy unit that stayed there,
        paradropped in this activation (status, or ``[state] dropped``)."""
        ids = self.memory(board.pos).dropped
        dropped = set(ids) if isinstance(ids, list) else set()
        return any(x.has("paradropped") or x.id in dropped
                   for x in [u, *(x for x in board.units(start) if x.side != u.side)])

    def _check_refusal(self, board: Board, u: UnitState, path: tuple, ez: set[str], friends) -> list:
        """9.3-9.35: a retreat in the Combat Declaration Phase is a combat refusal."""
        start, out = path[0], []

        def find(rule: str, why: str, hexes: list[str]) -> None:
            out.append(self.finding(board, rule, "movement", f"{label(u)} refused combat in {start} "
                                    f"(a retreat in the Combat Declaration Phase), but {why}.", hexes, [u]))
        if u.side == str(self.param("im_supply_side")):
            find(f"{P} 9.31", "only the Allied player may refuse combat (9.3)", [start])
            return out
        if not board.pos.attacks:
            self.not_judged(f"{P} 9.31", f"{label(u)} refused combat in {start}: no declared attack in the "
                                         "position says whether the hex was under an Attack Target marker")
        elif start not in {a.hex for a in board.pos.attacks}:
            find(f"{P} 9.31", f"no declared attack targets {start}", [start])
        if self._drift_start(board, u, start):
            find(f"{P} 9.35", "combat refusal is not allowed in a drift combat", [start])
        stayed = [x for x in board.units(start) if x.side == u.side and x.previous is None and self.combat(x)]
        if stayed:
            find(f"{P} 9.31", f"{self.names(stayed)} stayed in {start}: a combat refusal retreats every unit of the hex",
                 [start])
        group = [x for x in board.pos.units if x.side == u.side and x.mode == "retreat"
                 and (x.path[0] if x.path else x.previous) == start] + stayed
        low = self.num("combat_refusal_er_min")
        komr = {s.strip().lower().lstrip("s") for s in str(self.param("im_combat_refusal_komr_scenarios")).split(",")}
        through = [h for h in path[1:-1] if h in ez and not friends(h)]
        if any(x.has("disrupted") for x in group) and not through:   # else it may be the retreat's (13.45 D)
            find(f"{P} 9.32", f"a defending unit of {start} is disrupted", [start])
        elif self.er(u) < low:
            find(f"{P} 9.32", f"its current ER is {fmt(self.er(u))}, below {fmt(low)}", [start])
        if self.zero_ma(u, disruption=not through):   # a disruption through enemy ZOC may be the retreat's
            find(f"{P} 9.32", "it has MA 0", [start])
        barred = self.scenario_in(board.pos, komr - {""}) if "KOMR" in f"{u.id} {u.unit.name}".upper() else False
        if barred:
            find(f"{P} 9.32", f"Maltese (KOMR) units may not refuse combat in Scenario {self.scenario_no(board.pos)}",
                 [start])
        elif barred is None:
            self.not_judged(f"{P} 9.32", f"{label(u)} is Maltese (KOMR) and refused combat, which Scenarios "
                            f"{', '.join(sorted(komr - {''}))} bar; {self._unnamed(board.pos)}")
        if through:
            find(f"{P} 9.34", f"it retreated through enemy ZOC at {', '.join(through)}; a combat refusal needs a retreat "
                 "route free of enemy ZOC", through)
        return out

    def _drift_zoc_only(self, board: Board, u: UnitState, start: str) -> bool:
        """15.65: ``u`` retreats from the drift combat in ``start`` and its end hex lies in enemy ZOC
        only through the enemy units that stayed there."""
        if not self._drift_start(board, u, start):
            return False
        stayed = [x for x in board.units(start) if x.side != u.side]
        key = f"without the drift units of {start}"
        rest = board.memo.get(key)
        if not isinstance(rest, Board):
            rest = board.memo[key] = self.board(board.pos.with_units([x for x in board.pos.units
                                                                      if x not in stayed]))
        return u.hex not in self.move_zoc(rest, u.side)

    def _retreat_paths(self, board: Board, u: UnitState, start: str, n: int, ez: set[str], friends) -> list:
        """(end hex, passed an empty enemy-ZOC hex) for every legal retreat of ``n`` hexes whose end
        is not an empty enemy-ZOC hex (13.43)."""
        out = []

        def go(path: list[str], dirty: bool) -> None:
            a = path[-1]
            if len(path) == n + 1:
                if not (a in ez and not friends(a)):
                    out.append((a, dirty))
                return
            for b in board.neighbours(a):
                if b in path or self._crossable(board, u, a, b):
                    continue
                if any(x.side != u.side and self.combat(x) for x in board.units(b)):
                    continue
                last = len(path) == n
                go(path + [b], dirty or (not last and b in ez and not friends(b)))
        if n <= 3:
            go([start], False)
        return out

    # ---- advance after combat (13.5) -------------------------------------------------------
    def check_advance(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """13.52: only an attacker that took part advances (13.53: a defender never does); 13.53:
        one hex, into the vacated defender hex, never by orange-circle or 0-MA units; 8.35: across
        no prohibited hexside; 13.55: never into excess stacking; 13.54: enemy ZOC is ignored.
        A log's move of the attacker's unit may as well be an attacker retreat: it is judged both
        ways (:meth:`_advance_or_retreat`). A unit dragged off the map (the Eliminated box, 17.43)
        was eliminated, not advanced."""
        if not board.is_hex(u.hex):
            return []
        if not board.pos.attacks:
            self.not_judged(f"{P} 13.52", "which units took part in which attack is not recorded (no declared attacks: "
                            "never in a log), so whether an advancing unit was an attacker of the hex it entered "
                            "(13.52 「その戦闘に参加した攻撃ユニットのみが前進でき」) is not known")
        advance = self._advance_verdict(board, u)
        either = self._advance_or_retreat(board, u, ez, advance)
        return advance if either is None else either

    def _advance_verdict(self, board: Board, u: UnitState) -> list:
        """``u``'s move read as an advance after combat: its findings."""
        out = []
        held = [x for x in board.units(u.hex) if x.side != u.side and self.combat(x)]
        if held and self.drift_hex(board, u.hex):
            # elsewhere a hex shared with the enemy is 8.14's finding; a drift combat hex is the one
            # exception to 8.14, and only for the landing (15.41): no advance enters it (15.61)
            out.append(self.finding(board, f"{P} 13.53", "movement", f"{label(u)} advanced into {u.hex}, a drift "
                                    f"combat hex that still holds enemy combat units ({self.names(held)}); an "
                                    "advance enters the hex its defender vacated, and only the paradropped units "
                                    "fight a drift combat (8.14, 15.61).", [u.hex], [u]))
        if self.orange(u) or self.zero_ma(u):
            out.append(self.finding(board, f"{P} 13.53", "movement", f"{label(u)} advanced after combat, but "
                                    "orange-circle and 0-MA units may not advance.", [u.hex], [u]))
        if (board.distance(u.previous or u.hex, u.hex) or 0) > int(self.num("advance_hexes")) or \
                (u.path and len(u.path) > 2):
            out.append(self.finding(board, f"{P} 13.53", "movement", f"{label(u)} advanced {u.previous} → {u.hex}; "
                                    "an advance is one hex.", [u.hex], [u]))
        elif u.previous and board.is_hex(u.previous):
            why = self._crossable(board, u, u.previous, u.hex)
            if why:
                out.append(self.finding(board, f"{P} 8.35", "movement", f"{label(u)} advanced {u.previous} → "
                                        f"{u.hex}: {why}.", [u.hex], [u]))
        if board.pos.attacks:
            mine = [a for a in board.pos.attacks if u.id in a.units]
            if not mine and any(a.hex == u.previous for a in board.pos.attacks):
                out.append(self.finding(board, f"{P} 13.53", "movement", f"{label(u)} advanced out of {u.previous}, "
                                        "a defender hex of a declared attack; a defending unit does not advance.",
                                        [u.hex], [u]))
            elif not mine:
                out.append(self.finding(board, f"{P} 13.52", "movement", f"{label(u)} advanced but took part in no "
                                        "declared attack.", [u.hex], [u]))
            elif all(a.hex != u.hex for a in mine):
                out.append(self.finding(board, f"{P} 13.53", "movement", f"{label(u)} advanced into {u.hex}, which is "
                                        f"not the defender hex it attacked ({', '.join(a.hex for a in mine)}).",
                                        [u.hex], [u]))
        total = self.stack_points(board.units(u.hex, u.side))
        if total > self.stacking_limit():
            out.append(self.finding(board, f"{P} 13.55", "stacking", f"{label(u)} advanced into {u.hex}, which then "
                                    f"holds {fmt(total)} SP: an advance may not end in excess stacking.",
                                    [u.hex], board.units(u.hex, u.side)))
        return out

    def _advance_or_retreat(self, board: Board, u: UnitState, ez: set[str], advance: list) -> list | None:
        """A log's drag of the attacker's unit in the Combat Phase judged as an advance (``advance``:
        its findings) and as an attacker retreat, or None when it is an advance only. An advance
        enters the hex the defender vacated (13.53 「防御側がカラにしたヘクス内へ」), while an attacker
        retreats 1 or 2 hexes in any direction (13.31, 13.32), also through a hex another combat
        emptied earlier, and a log records neither the attack, nor its result, nor the order of
        combats (13.38). So the move is found only when it is illegal both ways (one finding,
        under the advance's rule, naming both; a retreat breaking a rule in each reading of 13.36 is
        illegal as a retreat); illegal one way only, the rules it breaks there and
        13.32/13.53 are named not judged once it is finished (``Position.retreats_open``). Entering a hex no enemy unit stood in at the phase start
        (``prev_hexes``; a unit gone since counts when ``prev_sides`` says it was an enemy: it may
        have been eliminated there) is no advance. A landing from an invasion hex (16.33E: it
        advances onto the coastal hex, unopposed at the phase end) and a position stating its moves
        or its attacks are advances only."""
        start = u.path[0] if u.path else u.previous
        if board.pos.moves_announced or board.pos.attacks or not start or not board.is_hex(start) \
                or board.terrain(start) == "invasion":
            return None
        if any(x.side != u.side and self.combat(x) for x in board.units(u.hex)) and not self.drift_hex(board, u.hex):
            return []      # sharing a hex with the enemy is 8.14's finding, whichever the move was
        # (a drift combat hex is no 8.14 finding: an advance may not end there, a retreat may, 15.65)
        memory = self.memory(board.pos)
        prev = memory.prev_hexes
        sides = {**(memory.prev_sides or {}), **{x.id: x.side for x in board.pos.units}}
        first = u.path[1] if u.path and len(u.path) > 1 else u.hex
        if isinstance(prev, dict) and not any(
                h == first and sides.get(uid, u.side) != u.side for uid, h in prev.items()):
            advance = advance + [self.finding(
                board, f"{P} 13.53", "movement", f"{label(u)} advanced {start} → {first}, a hex no enemy unit stood "
                "in at the phase start; an advance enters the hex its defender vacated.", [first], [u])]
        unsure: dict[bool, set[str]] = {}
        retreat = self._retreat_verdict(board, u, ez, before_advances(self, board), role="attacker", unsure=unsure)
        route = " → ".join(u.path or (start, u.hex))
        if advance and retreat:
            told = "; ".join(f.message.rstrip(".") for f in (advance[0], retreat[0]))
            return [self.finding(board, advance[0].rule, "movement", f"{label(u)} moved {route} in the Combat Phase, "
                                 f"illegal as an advance and as an attacker retreat alike: {told}.",
                                 list(dict.fromkeys([*advance[0].hexes, *retreat[0].hexes])), [u])]
        if advance and len(unsure) == 2 and not board.pos.retreats_open:
            # a rule broken in each reading of 13.36 (rv-o25): which one turns on the unrecorded
            # combats, but no reading makes the move legal (review rv-u25 item 3: before, not judged)
            return [self.finding(board, advance[0].rule, "movement", f"{label(u)} moved {route} in the Combat Phase, "
                                 f"illegal as an advance and as an attacker retreat alike: "
                                 f"{advance[0].message.rstrip('.')}; as an attacker retreat, "
                                 f"{self.turns_on_13_36(unsure)} (13.36: whether the units of its hex that came "
                                 "first fought another combat).", list(dict.fromkeys([*advance[0].hexes, u.hex])), [u])]
        if (advance or retreat) and not board.pos.retreats_open:
            # (a move still open may go on with its next drag: judged as it ends)
            broken, legal = ("an advance", "an attacker retreat") if advance else ("an attacker retreat", "an advance")
            told = f"{broken} ({(advance or retreat)[0].message.rstrip('.')})"
            verdict = f"legal as {legal}, not as {told}"
            if advance and unsure:
                # the retreat was judged both ways (13.36): legal one way only (imfix25: before, this
                # said "legal as an attacker retreat" while the 13.36 entry said it may not be; rv-o25:
                # before, always "only if they fought another combat")
                legal += (f" only if the units of its hex that came first fought another combat (13.36; else it "
                          f"breaks {', '.join(sorted(unsure[False]))})" if unsure.get(False) else
                          f" only if the units of its hex that came first did not fight another combat (13.36; "
                          f"if they did, it breaks {', '.join(sorted(unsure[True]))})")
                verdict = f"legal as {legal}, not as {told}"
            why = (f"{label(u)} moved {route} in the Combat Phase: {verdict}; a log, recording neither the attack "
                   "nor its result, does not tell them apart (13.32, 13.53)")
            for rule in sorted({f"{P} 13.32", f"{P} 13.53", *(r for v in unsure.values() for r in v),
                                *(f.rule for f in advance + retreat)}):
                self.not_judged(rule, why)
        return []

    # ---- reaction (9.2) --------------------------------------------------------------------
    def check_reaction(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """9.22-9.25: one unit per defender hex moves one hex into the adjacent defender hex of a
        declared attack, from a hex not in enemy ZOC (friendly units do not negate it here) nor
        itself a defender hex, with
        the MP to enter it, across no prohibited hexside, within the stacking limit."""
        out = []
        prev = u.previous or u.hex
        if (board.distance(prev, u.hex) or 0) != 1:
            out.append(self.finding(board, f"{P} 9.23", "movement", f"{label(u)} reacted from {u.previous} to "
                                    f"{u.hex}, which is not adjacent.", [u.hex], [u]))
        elif board.is_hex(prev):
            model = self.move_model(board, u, ez)
            c = model.cost(prev, u.hex)
            if c is None:
                prob = model.prohibited(prev, u.hex)
                out.append(self.finding(board, prob.rule, "movement", f"{label(u)} reacted {prev} → {u.hex}: "
                                        f"{prob.message}.", [u.hex], [u]))
            else:
                need = c + (model.extra(prev, u.hex, 0) if self.param("im_reaction_zoc_cost") else 0)
                if need > self.allowance(board, u) + 1e-9:
                    out.append(self.finding(board, f"{P} 9.23", "movement", f"{label(u)} reacted into {u.hex}, which "
                                            f"costs {fmt(need)} MP to enter; it has {fmt(self.allowance(board, u))}.",
                                            [u.hex], [u], cost=need))
        if board.pos.attacks and all(a.hex != u.hex for a in board.pos.attacks):
            out.append(self.finding(board, f"{P} 9.2", "movement", f"{label(u)} reacted into {u.hex}, which is not "
                                    "the defender hex of a declared attack.", [u.hex], [u]))
        elif not board.pos.attacks:
            self.not_judged(f"{P} 9.2", "no declared attack is recorded, so whether a reacting unit entered a "
                                        "defender hex is unknown")
        # 7.14 A6, 9.21: reaction is the inactive player's move in the Reaction Movement Phase
        if board.pos.phase and board.pos.phase != "reaction":
            out.append(self.finding(board, f"{P} 9.2", "movement", f"{label(u)} reacted in the "
                                    f"{board.pos.phase_name}; "
                                    "units react only in the Reaction Movement Phase.", [u.hex], [u]))
        elif self.activation_side(board) == u.side:
            out.append(self.finding(board, f"{P} 9.2", "movement", f"{label(u)} reacted in its own side's "
                                    "activation; only the inactive player's units react.", [u.hex], [u]))
        if board.is_hex(u.hex) and self.drift_hex(board, u.hex):
            # 15.62 「以下は、認められない。：…連合軍予備移動」: no reaction joins a drift combat (and its
            # hex, shared with the enemy, is the 8.14 exception for the landing alone, 15.41)
            out.append(self.finding(board, f"{P} 15.62", "movement", f"{label(u)} reacted into {u.hex}, a drift "
                                    "combat hex; no Allied reaction is allowed in a drift combat.", [u.hex], [u]))
        if u.previous in ez:
            out.append(self.finding(board, f"{P} 9.25", "zoc", f"{label(u)} reacted from {u.previous}, which is in "
                                    "enemy ZOC.", [u.previous], [u]))
        elif u.previous and any(a.hex == u.previous for a in board.pos.attacks):
            # 9.25 「すでに防御側ヘクス内にいない」: found apart from the enemy ZOC (a fort hex, 3.25, or
            # an attack from no-ZOC units leaves a defender hex out of every enemy ZOC)
            out.append(self.finding(board, f"{P} 9.25", "movement", f"{label(u)} reacted out of {u.previous}, itself "
                                    "the defender hex of a declared attack; a unit already in a defender hex does "
                                    "not react.", [u.previous], [u]))
        others = [x for x in board.units(u.hex, u.side) if x is not u and x.mode == "reaction" and x.previous]
        if others and min(x.id for x in others) < u.id:
            pass                                   # reported once, on the first reacting unit
        elif others:
            out.append(self.finding(board, f"{P} 9.22", "movement", f"{self.names([u] + others)} all reacted into "
                                    f"{u.hex}; only one unit may react into a defender hex.", [u.hex], [u] + others))
        total = self.stack_points(board.units(u.hex, u.side))
        if total > self.stacking_limit() and total - self.sp(u) <= self.stacking_limit():
            out.append(self.finding(board, f"{P} 9.23", "stacking", f"{label(u)} reacted into {u.hex}, which then "
                                    f"holds {fmt(total)} SP, more than {fmt(self.stacking_limit())}.", [u.hex], [u]))
        elif total > self.stacking_limit() and not self.flag("im_reaction_into_excess"):
            out.append(self.finding(board, f"{P} 9.23", "stacking", f"{label(u)} reacted into {u.hex}, which already "
                                    f"holds {fmt(total - self.sp(u))} SP with units under an Excess Stacking marker.",
                                    [u.hex], [u]))
        return out
