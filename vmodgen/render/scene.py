"""A map with its pieces, drawn the way VASSAL draws them: each counter centred on its hex,
the pieces of a stack one on the other with the module's ``StackMetrics`` offsets (each piece
``sep_x`` right of and ``sep_y`` above the one below it), every piece drawn in full (the
modules set no blank colour). The picture of a scenario's set-up for the README, the help page
and anyone without VASSAL at hand."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..hexes.grid import Hex
from ..model import Kit, Scenario
from .board import board_layout, render_board
from .counters import render_counter


@dataclass(frozen=True)
class StackLook:
    """VASSAL's unexpanded-stack offsets (``StackMetrics`` ``unexSepX``/``unexSepY``)."""
    sep_x: int
    sep_y: int


def stack_look(counter_px: int) -> StackLook:
    """The offsets the builder writes into every map's ``StackMetrics`` for ``counter_px``
    counters: about a tenth of a counter, so a stack of four stays inside its hex and every
    piece's edge shows."""
    return StackLook(max(2, round(counter_px * 0.08)), max(3, round(counter_px * 0.12)))


def stack_positions(x: int, y: int, n: int, look: StackLook) -> list[tuple[int, int]]:
    """Where VASSAL draws the ``n`` pieces of an unexpanded stack at (x, y), bottom first
    (``StackMetrics.getContents``/``nextPosition`` for pieces of one size)."""
    return [(x + i * look.sep_x, y - i * look.sep_y) for i in range(n)]


def render_scene(kit: Kit, scenario: Scenario, sheet_id: str, counter_px: int,
                 crop: tuple[int, int, int, int] | None = None) -> Image.Image:
    """The board of ``sheet_id`` with the units ``scenario`` sets up on it; ``crop`` in board pixels."""
    layout = board_layout(kit.map, sheet_id)
    board = render_board(kit.game, kit.map, sheet_id, layout=layout).convert("RGB")
    look = stack_look(counter_px)
    stacks: dict[str, tuple[Hex, list]] = {}
    for p in scenario.setup:
        found = kit.map.sheet_of(p.location)
        if found is None or found[0].id != sheet_id:
            continue
        stacks.setdefault(p.location, (found[1], []))[1].append(kit.unit(p.unit))
    draw = ImageDraw.Draw(board)
    for at, units in stacks.values():
        cx, cy = layout.center(at)
        for unit, (x, y) in zip(units, stack_positions(round(cx), round(cy), len(units), look)):
            face = render_counter(kit.game, unit, "front", counter_px)
            x0, y0 = x - counter_px // 2, y - counter_px // 2
            board.paste(face, (x0, y0))
            draw.rectangle((x0, y0, x0 + counter_px - 1, y0 + counter_px - 1), outline=(0, 0, 0))
    return board.crop(crop) if crop else board
