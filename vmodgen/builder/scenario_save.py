"""A scenario's predefined setup: a VASSAL save with every unit at its set-up location, in the
form VASSAL 3.7 was seen to load (``golden/vassal-run/HexTest.vmod``'s ``scenario1.vsav``: no
version-check token, stacks on layer 0), written by :mod:`vmodgen.vassal.setup`."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Kit, Scenario
from ..vassal.codec import encode
from ..vassal.piece_defs import chain
from ..vassal.setup import SetupPiece, scenario_text as save_text
from .pieces import PieceDef

FIRST_ID = 1_700_000_000_000      # piece ids: VASSAL uses millisecond timestamps; any unique numbers do
#: the id VASSAL gives a module's (only) turn tracker: its state command is ``TURN<id>\t<state>``
TRACKER_ID = "TurnTracker0"


def tracker_state(turn: int, phase_index: int | None = None, phases: int = 0) -> str:
    r"""A vmodgen tracker's state (a turn counter over a list of ``phases`` phase names), as
    VASSAL 3.7's ``TurnTracker.getState`` writes it: ``0|turn;0;false;-1;phase\;0\;0\;true,...``."""
    counter = [str(turn), "0", "false", "-1"]
    if phase_index is not None:
        counter.append(encode([str(phase_index), "0", "0", ",".join(["true"] * max(phases, 1))], ";"))
    return "0|" + encode(counter, ";")


@dataclass(frozen=True)
class MapPoint:
    map_name: str
    board_name: str
    x: int
    y: int


def scenario_text(kit: Kit, scenario: Scenario, pieces: dict[str, PieceDef], gpids: dict[str, int],
                  where: dict[str, MapPoint], boards: list[tuple[str, str]]) -> str:
    """The ``savedGame`` command text. ``where`` maps each placed unit id to its map point;
    ``boards`` lists (map name, board name) for the board-picker commands."""
    setup = []
    for n, placement in enumerate(scenario.setup):
        point = where.get(placement.unit)
        if point is None:
            continue
        piece = pieces[placement.unit]
        states = [t.state for t in piece.traits]
        states[-1] = f"null;0;0;{gpids[placement.unit]};0"
        setup.append(SetupPiece(str(FIRST_ID + n), chain([t.type for t in piece.traits]), chain(states),
                                point.map_name, point.x, point.y))
    components = []
    if scenario.first_turn != kit.game.sequence.first_turn:     # the tracker starts at the game's first turn
        phases = len(kit.game.sequence.phases)
        state = tracker_state(scenario.first_turn, 0 if phases else None, phases)
        components.append(f"TURN{TRACKER_ID}\t{state}")
    return save_text(setup, boards={m: [(b, 0, 0)] for m, b in boards}, version_check=False, layer="0",
                     first_stack_id=FIRST_ID + 1_000_000, components=components)
