"""What Invasion: Malta carries from one phase end to the next (the ``[state]`` keys documented in
:mod:`.memory` and :mod:`.conditions`), and the constants the package's modules share
(``OPERATIONS``, ``ANOTHER_ACTIVATION``, ``ATTACK_TARGET``, ``CUP``, ``HQ_COMPANY_FLAG``): the
package's leaf, importing none of its modules, so any of them may import it without a cycle."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ....positions.model import Position, UnitState
from ...base import Memory
from ...core import gap_status

#: the kit's flag of an Allied battalion's infantry company labelled "HQ", with no HQ function (17.1 note)
HQ_COMPANY_FLAG = "hq_label_only"
#: the kit's Attack Target marker, on a defender hex (9.14, 11.36)
ATTACK_TARGET = "attack-target"

#: the segment of the sequence of play an activation's phases are in (4.21 B), repeated per Activation Marker
OPERATIONS = "Operations"
#: why a log's tracker inside the Operations Segment is no distance from a phase of it (the
#: rule set's ``REPEATED_SEGMENT``), for the rules' messages
ANOTHER_ACTIVATION = ("the tracker may stand in an earlier activation's phases: the Operations Segment is played "
                      "once per Activation Marker (4.21 B.3) and the kit's turn tracker runs it once a turn")

#: the box Activation Markers are drawn from (7.13)
#: the formation of army units, which belong to no division (7.24; a unit naming none is one)
ARMY_FORMATIONS = ("", "army")
CUP = "cup"


@dataclass
class MaltaMemory(Memory):
    """Where units stood and what they carried at the previous phase end; the arrivals. ``None``:
    not recorded (the rules that compare with the previous phase end are then not judged)."""
    prev_hexes: dict[str, str] | None = None
    #: the side of each unit of ``prev_hexes``: a unit gone since (deleted, eliminated) is known
    #: to be an enemy only by it
    prev_sides: dict[str, str] | None = None
    prev_oos: list[str] | None = None
    prev_reduced: list[str] | None = None
    #: units that carried a Disrupted marker then (a retreat's marker may be its own combat's, 3.82, 13.45D)
    prev_disrupted: list[str] | None = None
    #: units whose marker at the previous phase end is unknown, by the list it would be in
    #: (``prev_oos``, ``prev_reduced``, ``prev_disrupted``): the next file started with them
    #: carrying otherwise than that list says, after steps no file holds (a seam with a gap)
    status_unknown: dict[str, list[str]] | None = None
    prev_activated: list[str] | None = None
    #: units in a hex whose Activation marker may be theirs or a stack-mate's then (7.22: one
    #: unit's marker; a log gives it to the hex)
    prev_activation_unknown: list[str] | None = None
    #: units under an Activation marker (theirs or a stack-mate's) at the end of this Ground
    #: Sequence's Draw phase: markers from an earlier activation of the turn (7.22, 17.42)
    marked_at_draw: list[str] | None = None
    prev_airheads: list[str] | None = None
    #: a Beachhead or Airhead marker stood on a map hex at some phase end read so far: the players
    #: use the supply-source markers (6.31, 15.21, 16.41), so a map without one has no source
    source_markers_seen: bool | None = None
    prev_fired: list[str] | None = None
    dropped: list[str] | None = None
    #: drops made under a tracker showing a phase before the Airborne Operations Phase (a log's
    #: lagging tracker): added to ``dropped`` at that phase's end (15.16)
    dropped_early: list[str] | None = None
    paradropped: list[str] | None = None
    arrived: list[str] | None = None
    air_entry_turn: int | None = None
    arrival_unknown: list[str] | None = None
    arrival_unknown_why: str | None = None
    #: Axis combat units on the map where a file starts during an Airborne Operations Phase (or
    #: placed there between files): they may have dropped in it before the file (15.2), which
    #: the phase end cannot tell; cleared at that phase end
    drop_unseen: list[str] | None = None
    #: the Axis units that left a paradrop box (``paradrop_boxes``: not the air-transport one, 15.75)
    #: for a map hex in the phase just ended: in a log, drops the tracker one phase behind put in
    #: that phase (15.34)
    air_left_prev: list[str] | None = None
    #: the hexes under an Attack Target marker at the end of this Ground Sequence's Combat
    #: Declaration Phase, kept through the phases a log's tracker may show ahead of it: a marker
    #: placed after it is on time only if the tracker ran ahead (12.12)
    declared_targets: list[str] | None = None
    #: whether this Ground Sequence's Bombardment Phase showed a bombardment (a unit turned Fired in
    #: it, :func:`.bombardment.shows_a_bombardment`), kept to its Combat Phase: the tracker's lag
    #: then counts that phase, played, not empty (review rv-m23 item 4)
    bombardment_shown: bool | None = None
    #: the hexes under an Attack Target marker at the last Combat Phase end (a 13.13 lapse, found
    #: there) still under one at every phase end since, up to the next Combat Declaration Phase's
    #: end: such a marker is no new declaration (9.13); None: not recorded
    targets_left: list[str] | None = None
    #: the Activation Marker played in this turn's last Draw phase (the AM that left the cup and
    #: the Activation Pools then: ``"am-7"``), None when none was seen leaving them (7.13, 7.15;
    #: the audit's reading)
    drawn: str | None = None
    #: the AMs still in the cup and the pools after that draw, one entry per marker (4.41: a
    #: formation may have more than one): the draw names the active formation or sector only
    #: while they are the same (an AM leaving them later is a draw the tracker did not show, or
    #: one in a file not given)
    drawn_with: list[str] | None = None
    #: the sides whose units moved or entered the map in this Ground Sequence's Naval Transport,
    #: Airborne Operations and Movement Phases, the active player's (7.14 注釈 3): the attacker of
    #: its Combat Phase when no AM drawn says it (:mod:`.attacker`)
    ground_movers: list[str] | None = None
    #: the AMs in the cup and pools when this turn's phases before the Operations Segment ended
    #: (and at its phase ends since),
    #: while the log may show the turn in the segment's first pass (:mod:`.first_pass`); None: it
    #: does not (a step back, a second activation's AM, after the segment); []: no AM there to show it
    pass_ams: list[str] | None = None
    #: the turn and phase of the last phase end (:mod:`.first_pass`)
    pass_turn: int | None = None
    pass_phase: str | None = None


def status_before(memory: MaltaMemory, key: str) -> tuple[set[str] | None, set[str]]:
    """The units of ``key`` (``prev_oos``, ``prev_reduced``, ``prev_disrupted``) at the previous
    phase end (None: not recorded) and those whose entry is unknown (``status_unknown``)."""
    return gap_status.status_before(memory, key, "status_unknown")


def entered_from(prev: dict[str, str] | None, u: UnitState) -> str | None:
    """Where ``u`` stood before this phase: ``prev_hexes`` (history) when it records the unit, else
    the unit's own ``previous`` (a position's move record), else None."""
    if isinstance(prev, dict) and u.id in prev:
        return prev[u.id]
    return u.previous


def undrawn_ams(pos: Position) -> Counter[str]:
    """7.13, 7.15: the Activation Markers not yet played: those in the cup and in the Activation
    Pools (boxes whose id holds ``activation-pool``), counted: a formation may have more than one
    AM (4.41), and a draw of one of two leaves the other in the cup."""
    held: Counter[str] = Counter()
    for box, mk in pos.hex_markers.items():
        if box == CUP or "activation-pool" in box:
            held.update({m: pos.marker_count(box, m) for m in mk if m.startswith("am-")})
    return held
