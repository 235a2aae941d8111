"""Invasion: Malta's active player read from a log: whose Activation Marker is played, and so who
attacks in the Combat Phase, which the sequence gives no side. Used by
:class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

The book: 7.14 「地上シークエンス」 is run for the AM played; 9.11 「戦闘宣言フェイズ中、活性プレイヤーは
望む全ての戦闘を宣言する」 (the active player attacks); 7.14 注釈 3 「非活性組織のユニットは、移動できない
[例外：9.2]」 (only the active player's units move, but in the Reaction Movement Phase). So the
attacker of a Combat Phase is, in this order:

* the side of the AM the log shows played (``MaltaMemory.drawn``, 7.13, 7.15: a formation or "M":
  the Axis; an Allied sector: the Allies), while the cup and the pools hold what they held after
  that draw;
* else the one side whose units moved or entered the map in the Naval Transport, Airborne
  Operations and Movement Phases of this Ground Sequence (``MaltaMemory.ground_movers``; GT1's first
  activation, 7.12, draws no AM: the Axis formations land and move);
* else unknown: the phase's drags are not judged as retreats and advances, and the audit says so.
"""
from __future__ import annotations

from ....positions.model import Position
from .carried import MaltaMemory, undrawn_ams

#: the Ground Sequence's phases in which only the active player's units move (7.14 A1-A3)
ACTIVE_MOVES = ("naval-transport", "airborne", "movement")


def played_am(memory: MaltaMemory, pos: Position | None) -> tuple[str | None, str]:
    """The AM the log shows played in this Ground Sequence (``"am-7"``), or None and why not ("" when
    no draw was seen): the AM seen leaving the cup and pools at the last Draw phase, while they hold
    the same AMs as then (``pos``: the position now; None: not compared)."""
    drawn = memory.drawn
    if not (isinstance(drawn, str) and drawn.startswith("am-")):
        return None, ""
    if pos is not None and sorted(undrawn_ams(pos).elements()) != (memory.drawn_with or []):
        return None, (f"{drawn} was drawn in the last Draw phase seen, but the AMs in the cup and the Activation "
                      "Pools changed since: another AM was played without a Draw phase on the turn tracker (or in "
                      "a file not given)")
    return drawn, ""


def movers(prev: dict[str, str], after: Position) -> set[str]:
    """The sides of the units standing on a map hex at ``after`` that stood elsewhere at the previous
    phase end (``prev``: unit → hex or box; a unit absent from it was placed since)."""
    return {u.side for u in after.units if after.map.has_hex(u.hex) and prev.get(u.id) != u.hex}


def remember_movers(prev: dict[str, str], after: Position, memory: MaltaMemory, operations: bool) -> None:
    """Record who moved at the end of ``after``'s phase: added up over the active player's phases,
    forgotten at a Draw phase's end (a new Ground Sequence) and outside the Operations Segment
    (``operations``: the phase belongs to it)."""
    if after.phase in ACTIVE_MOVES:
        memory.ground_movers = sorted(set(memory.ground_movers or ()) | movers(prev, after))
    elif after.phase in ("draw", "reset") or not operations:
        memory.ground_movers = None


def attacker(memory: MaltaMemory, pos: Position | None, side_of_am) -> tuple[str, str]:
    """(the attacking side of this Ground Sequence's Combat Phase, "") or ("", why it is unknown);
    ``side_of_am``: formation or sector id → side."""
    am, why = played_am(memory, pos)
    if am is not None:
        return side_of_am(am[3:]), ""
    moved = memory.ground_movers or []
    if len(moved) == 1:
        return moved[0], ""
    seen = why or "no Activation Marker was seen drawn for this Ground Sequence"
    if moved:
        return "", (f"{seen}, and units of both sides ({', '.join(moved)}) moved in its Naval Transport, Airborne "
                    "Operations and Movement Phases, where only the active player's units move (7.14)")
    return "", f"{seen}, and no unit moved in its Naval Transport, Airborne Operations or Movement Phase"
