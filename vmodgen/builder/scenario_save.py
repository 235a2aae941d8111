"""A scenario's predefined setup: a VASSAL save with every unit at its set-up location, in the
form VASSAL 3.7 was seen to load (``golden/vassal-run/HexTest.vmod``'s ``scenario1.vsav``: no
version-check token, stacks on layer 0), written by :mod:`vmodgen.vassal.setup`."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Kit, Scenario
from ..vassal.piece_defs import chain
from ..vassal.setup import SetupPiece, scenario_text as save_text
from .pieces import PieceDef

FIRST_ID = 1_700_000_000_000      # piece ids: VASSAL uses millisecond timestamps; any unique numbers do


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
    return save_text(setup, boards={m: [(b, 0, 0)] for m, b in boards}, version_check=False, layer="0",
                     first_stack_id=FIRST_ID + 1_000_000)
