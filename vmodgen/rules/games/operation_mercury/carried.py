"""What Operation Mercury carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....positions.model import Position
from ...base import Memory, carried
from ...core.tracker_lag import Lag, Wanted


@dataclass
class MercuryMemory(Memory):
    """Arrivals, fatigue, releases, refusals, losses and where units stood at the last phase end.
    ``None``: nothing recorded."""
    om_arrivals: dict[str, dict[str, Any]] | None = None
    om_fatigued: list[str] | None = None
    om_offmap_start: list[str] | None = None
    om_sca_released: int | None = None
    om_refused: dict[str, Any] | None = None
    om_hq_lost: dict[str, Any] | None = None
    om_militia_off: list[str] | None = None
    supply_previous: dict[str, dict[str, Any]] | None = None
    om_displaced: dict[str, Any] | None = None
    om_end_hexes: dict[str, str] | None = None
    om_arrival_unknown: dict[str, Any] | None = None
    om_final_fire: list[str] | None = None
    om_last_end: dict[str, Any] | None = None
    om_night_missions: dict[str, Any] | None = None
    om_first_roll: dict[str, Any] | None = None
    #: units whose entry in ``om_fatigued`` or ``om_final_fire`` is unknown, by that list: the next
    #: file started with them carrying otherwise than it says, after steps no file holds
    #: (:mod:`...core.gap_status`); cleared at the next phase end
    om_status_unknown: dict[str, list[str]] | None = None

    @classmethod
    def refusal(cls, key: str, value: object) -> str | None:
        """As :meth:`Memory.refusal`; ``om_last_end`` must also be ``{turn = 3, phase = "..."}`` (a turn
        of the game, if given, and a phase id: rv-b22w item 5, before ``{turn = 2}`` was accepted;
        rv-d22 item 4, before ``turn = 0`` was accepted and read as a Night turn)."""
        if key == "om_last_end" and isinstance(value, dict) and not (
                isinstance(value.get("phase"), str) and set(value) <= {"turn", "phase"}
                and ("turn" not in value or _game_turn(value["turn"]))):
            return (f'[state] om_last_end must be {{turn = 3, phase = "german-combat"}} (a turn of at least 1), '
                    f'not {value!r}')
        return super().refusal(key, value)


def _game_turn(turn: object) -> bool:
    """Whether ``turn`` is a game turn as ``[position] turn`` takes one: a whole number of at least 1."""
    return isinstance(turn, int) and not isinstance(turn, bool) and turn >= 1


def mercury(pos: Position) -> MercuryMemory:
    """What was carried to ``pos`` (nothing recorded, when it carries no Operation Mercury memory)."""
    return carried(pos, MercuryMemory)


def came_from(pos: Position, u) -> str | None:
    """Where ``u`` stood before this phase's moves: its ``previous``, else the previous phase end
    (``om_end_hexes``). A log's replay gives a ``previous`` only in the phases where units move, and
    there only to the moving side's units: the other phases' moves (the Air Unit Allocation, Port
    Refit and naval phases) are seen from the phase end before."""
    ends = mercury(pos).om_end_hexes
    return u.previous or (ends.get(u.id) if isinstance(ends, dict) else None)


def last_phase_end(pos: Position) -> tuple[int | None, str] | None:
    """The turn and phase of the last recorded phase end (``om_last_end``), else of the phase before
    ``pos``'s in the sequence (the last of the turn before, at its first); None when neither is known,
    or when ``om_last_end`` is stated but malformed (not a table, a phase no sequence id, a turn no
    whole number): every rule reading it then reads the last phase end as unknown alike (rv-b22w
    item 5: before, ``{turn = 2}`` read as phase "None", 9.71 and 12.23 each read it their own way)."""
    ids = [p.id for p in pos.game.sequence.phases]
    last = mercury(pos).om_last_end
    if last is not None:
        turn = last.get("turn") if isinstance(last, dict) else None
        phase = last.get("phase") if isinstance(last, dict) else None
        if phase not in ids or not (turn is None or _game_turn(turn)):
            return None
        return turn, str(phase)
    if pos.phase not in ids:
        return None
    at = ids.index(pos.phase)
    return (pos.turn if at > 0 or pos.turn is None else pos.turn - 1), ids[at - 1]


def _played(rs, pos: Position, wanted: Wanted) -> Wanted:
    """``wanted`` but for the phases the rule set finds empty at ``pos`` (:func:`may_lag`)."""
    empty = rs.empty_phases(pos)
    return wanted if not empty else (lambda t, p: p not in empty and wanted(t, p))


def may_lag(rs, pos: Position, wanted: Wanted) -> bool:
    """In a log, whether what is seen at ``pos`` may belong to a phase ``wanted`` names: ``pos`` is in
    one or within the tracker's lag of one (``RuleSet.lag``, :mod:`.core.tracker_lag`: Next pressed
    late or early), or the last recorded phase end (:func:`last_phase_end`: the tracker set past
    phases, not pressed through them) is one, or is unknown. The one window of OM's rules on the
    policy (9.71, 12.23, 12.31). A phase the rule set finds empty at ``pos`` (``RuleSet.empty_phases``:
    the Naval Segment with no naval game) is never a wanted one: nothing in it is played, so no combat
    is resolved in its Amphibious Landing Phase (9.71) and no air unit searches in its First Naval
    Combat Phase (12.23) (omfix27: the empty phases the tracker's lag passes free would otherwise bring
    such a phase within a press of most of the turn's first half)."""
    played = _played(rs, pos, wanted)
    if rs.lag(pos, played) is not Lag.OUT:
        return True
    last = last_phase_end(pos)
    return last is None or played(*last)


def recorded_end_reason(rs, pos: Position, wanted: Wanted) -> str:
    """When :func:`may_lag` holds only by its last-recorded-phase-end leg (the tracker's lag itself is
    :attr:`Lag.OUT`: the tracker set past phases, not pressed), the clause naming that phase end for a
    rule's message; "" when the tracker's lag holds (the message then names the tracker), or when
    may_lag does not hold (review rv-p25 item 5: before, such messages said "the tracker within a
    phase of it" of a tracker three phases on)."""
    played = _played(rs, pos, wanted)
    if rs.lag(pos, played) is not Lag.OUT:
        return ""
    last = last_phase_end(pos)
    if last is None:
        return "no phase end is recorded before it, so the tracker may have been set there from any phase"
    if not played(*last):
        return ""
    turn, phase = last
    name = next((p.name for p in pos.game.sequence.phases if p.id == phase), phase)
    of = f" of turn {turn}" if turn is not None else ""
    return f"the last recorded phase end is the {name}{of}, so the tracker was set past phases, not pressed through them"
