"""Operation Mercury's phases a player passes without a click when the game leaves them nothing to do
(``RuleSet.empty_phases``, :mod:`..core.tracker_lag`): the tracker's lag does not count a press onto
them. Each from the Japanese sequence of play (プレイのシークエンス), read per position (review rv-p25
item 1: before, OM named none, so a press onto a phase the book lets be empty made a finding "two
phases off" where the policy says one):

* the Evacuation Determination Phase before ``evacuation_first_turn`` (SoP I.C 「撤収判定フェイズ
  （24PMに開始する）」, 20.11);
* the Naval Segment (SoP III 「海上ゲームと共にプレイしているときにのみ実行する」) when no naval game is
  played: the position holds no naval unit (16.15: Scenarios 1-3 have none, 23.2 「本質的にシナリオ #3
  と同じだが、補給と海上のルールが有効になる」). Under the optional No Naval Game rules (21.0, rule
  ``no_naval_game``) convoys still arrive in the Amphibious Landing Phase (21.14, 21.32), unload
  (21.14a, 17.37) and go back up the Athens track in the Port Refit Phase (SoP III.A.4), so only the
  naval movement and combat phases are empty there;
Not the German Paradrop Phase, though the book plays it only 「ドイツ軍が落下傘降下ユニットであるターンの
み」 (SoP IV.A): what the position shows is the moment after a drag, and the drop that drag makes is the
phase's play; with the wave boxes read after it, the last unit's drop would empty the phase it was made
in and count the tracker on any phase back to the Air Unit Allocation Phase one press from it."""
from __future__ import annotations

from ....positions.model import Position
from .movement import NAVAL

EVACUATION = "evacuation-determination"
#: SoP III, the Naval Segment, A-G
NAVAL_SEGMENT = frozenset({"port-refit", "allied-naval-movement", "first-naval-combat", "german-naval-movement",
                           "second-naval-combat", "amphibious-landing", "naval-unloading"})
#: the Naval Segment's phases the No Naval Game rules (21.0) still play: convoys (21.14, 21.32-21.34)
CONVOY_PHASES = frozenset({"port-refit", "amphibious-landing", "naval-unloading"})


def empty_phases(rs, pos: Position) -> frozenset[str]:
    """The phases of ``pos``'s turn the book lets be empty there (the module docstring)."""
    empty: set[str] = set(rs.EMPTY_PHASES)
    if pos.turn is not None and pos.turn < rs.num("evacuation_first_turn"):
        empty.add(EVACUATION)
    if not any(NAVAL.matches(pos.game, u) for u in pos.units):
        empty |= NAVAL_SEGMENT - CONVOY_PHASES if rs.param("no_naval_game") else NAVAL_SEGMENT
    return frozenset(empty)
