"""A scenario's predefined setup: a VASSAL save (``begin_save``, one AddPiece per unit at its
set-up hex, one Stack per occupied point, the board choice, ``end_save``), the form verified to
load in VASSAL 3.7 (FORMATS.md §4.4, ``golden/vassal-run/HexTest.vmod``'s ``scenario1.vsav``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Kit, Scenario
from ..vassal.codec import encode
from ..vassal.piece_defs import chain
from .pieces import PieceDef, placed_state

ESC = "\x1b"
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
    adds: list[str] = []
    stacks: dict[tuple[str, int, int], list[str]] = {}
    next_id = FIRST_ID
    for placement in scenario.setup:
        point = where.get(placement.unit)
        if point is None:
            continue
        piece = pieces[placement.unit]
        pid = str(next_id)
        next_id += 1
        adds.append(encode(["+", pid, type_chain(piece),
                            placed_state(piece, point.map_name, point.x, point.y, gpids[placement.unit])], "/"))
        stacks.setdefault((point.map_name, point.x, point.y), []).append(pid)
    stack_id = FIRST_ID + 1_000_000
    for (map_name, x, y), members in stacks.items():
        adds.append(encode(["+", str(stack_id), "stack",
                            encode([map_name, str(x), str(y), *members, "@@0"], ";")], "/"))
        stack_id += 1
    commands = ["begin_save", encode([""] + adds, ESC)]
    for map_name, board_name in boards:
        commands.append(encode([f"{map_name}BoardPicker", board_name, "0", "0"], "\t"))
    commands.append("end_save")
    return encode(commands, ESC)


def type_chain(piece: PieceDef) -> str:
    return chain([t.type for t in piece.traits])
