"""Counter faces: ``render_counter(game, unit, side, px)`` and ``render_marker(game, marker, px)``.

The layout is chosen by ``game.counter_layout`` (``operation-mercury`` → ``layouts/operation_mercury.py``
drawing with the data of ``layouts/operation-mercury.toml`` and the kit's ``[layout]`` table;
an unknown name is refused). A layout module has ``VERSION``, ``regions(spec)`` (fractional
boxes: one per printed field id, plus ``id``, ``symbol``, ``size`` and, where printed, ``band``
and ``nozoc``) and ``draw(face, spec)``. A unit's own image (``spec.art``) is the whole face
with ``art = "face"`` and the symbol with ``art = "symbol"``.
"""
from __future__ import annotations

import importlib
import math
from types import ModuleType

from PIL import Image

from ..model.game import Game, Marker
from ..model.layout import KNOWN_LAYOUTS
from ..model.unit import Unit
from .art import paste_art
from .face import (CORE_VERSION, ILLUSTRATIVE_BOX, Face, FaceSpec, background_of, draw_illustrative_mark, face_spec,
                   marker_regions, marker_spec)
from .symbols import SYMBOLS_VERSION
from .text import use_font


MM_PER_INCH = 25.4
DEFAULT_PX = 75
MIN_PX, MAX_PX = 8, 2000

_LAYOUTS: dict[str, ModuleType] = {}


def layout_module(name: str) -> ModuleType:
    """The layout module for ``game.counter_layout`` ("" = ``generic``); an unknown name raises
    ``KeyError`` (the kit loader refuses it first, with its file and line)."""
    name = name or "generic"
    if name not in KNOWN_LAYOUTS:
        raise KeyError(f"unknown counter layout '{name}' (known: {', '.join(KNOWN_LAYOUTS)})")
    key = name.replace("-", "_")
    mod = _LAYOUTS.get(key)
    if mod is None:
        mod = importlib.import_module(f"{__package__}.layouts.{key}")
        _LAYOUTS[key] = mod
    return mod


def layout_version(name: str) -> str:
    """Everything about the drawing code a face depends on (part of the cache key)."""
    return f"{layout_module(name).VERSION}/core{CORE_VERSION}/sym{SYMBOLS_VERSION}"


def counter_px(game: Game, dpi: float) -> int:
    """The counter's side in pixels at ``dpi`` (its printed size is ``game.counter_size_mm``)."""
    return max(MIN_PX, round(game.counter_size_mm / MM_PER_INCH * dpi))


def _check_px(px: int) -> int:
    px = int(px)
    if not MIN_PX <= px <= MAX_PX:
        raise ValueError(f"counter size {px} px is outside {MIN_PX}..{MAX_PX}")
    return px


def render_spec(spec: FaceSpec, px: int = DEFAULT_PX) -> Image.Image:
    """Draw a resolved face (RGB, ``px`` x ``px``), with its layout's font."""
    with use_font(spec.geometry.font_file):
        return _render_spec(spec, px)


def _render_spec(spec: FaceSpec, px: int) -> Image.Image:
    px = _check_px(px)
    mod = layout_module(spec.layout)
    face = Face(px, getattr(mod, "background", background_of)(spec))
    if spec.full_art and spec.kind != "marker":
        paste_art(face.image, spec.art, (0, 0, face.S, face.S))
        draw_illustrative_mark(face, spec, spec.geometry.box("illustrative", ILLUSTRATIVE_BOX))
        face.rect((0, 0, 1, 1), outline=spec.geometry.color("outline", "#000000"), width=0.8)
        return face.finish()
    mod.draw(face, spec)
    return face.finish()


#: the units of a vector face's side (fine enough that rounded line widths match the PNGs)
VECTOR_UNITS = 1000


def vector_spec(spec: FaceSpec):
    """A resolved face as vector drawing (:class:`~vmodgen.render.vector.VectorDraw`, a
    ``VECTOR_UNITS`` square), drawn by the same layout code as :func:`render_spec`."""
    with use_font(spec.geometry.font_file):
        return _vector_spec(spec)


def _vector_spec(spec: FaceSpec):
    mod = layout_module(spec.layout)
    face = Face(VECTOR_UNITS, getattr(mod, "background", background_of)(spec), vector=True)
    if spec.full_art and spec.kind != "marker":
        paste_art(face.image, spec.art, (0, 0, face.S, face.S))
        draw_illustrative_mark(face, spec, spec.geometry.box("illustrative", ILLUSTRATIVE_BOX))
        face.rect((0, 0, 1, 1), outline=spec.geometry.color("outline", "#000000"), width=0.8)
        return face.draw
    mod.draw(face, spec)
    return face.draw


def render_counter(game: Game, unit: Unit, side: str = "front", px: int = DEFAULT_PX,
                   dpi: float | None = None) -> Image.Image:
    """One face of ``unit``: ``side`` is "front" or "back" (the reduced side; for a one-sided
    unit, the blank back). With ``dpi``, ``px`` is the game's true counter size at that dpi."""
    if dpi is not None:
        px = counter_px(game, dpi)
    return render_spec(face_spec(game, unit, side), px)


def render_marker(game: Game, marker: Marker | str, px: int = DEFAULT_PX, side: str = "front") -> Image.Image:
    """A marker of ``game.markers`` (by object or id)."""
    if isinstance(marker, str):
        if marker not in game.markers:
            raise KeyError(f"unknown marker '{marker}'")
        marker = game.markers[marker]
    return render_spec(marker_spec(game, marker, side), px)


def face_regions(spec: FaceSpec, px: int = DEFAULT_PX) -> dict[str, tuple[int, int, int, int]]:
    """The layout's regions of a face in pixels of a ``px`` image: (x0, y0, x1, y1), x1/y1 excluded."""
    out = {}
    regions = marker_regions(spec) if spec.kind == "marker" else layout_module(spec.layout).regions(spec)
    for k, (x0, y0, x1, y1) in regions.items():
        bx0, by0 = min(px - 1, max(0, math.floor(x0 * px))), min(px - 1, max(0, math.floor(y0 * px)))
        out[k] = (bx0, by0, max(bx0 + 1, min(px, math.ceil(x1 * px))), max(by0 + 1, min(px, math.ceil(y1 * px))))
    return out


def value_boxes(game: Game, unit: Unit, side: str = "front", px: int = DEFAULT_PX) -> dict[str, tuple[int, int, int, int]]:
    """Where each printed field's value is drawn (field id → pixel box), plus the named regions
    ``id``, ``symbol``, ``size``, ``band``, ``nozoc`` when the face has them."""
    return face_regions(face_spec(game, unit, side), px)


def marker_boxes(game: Game, marker: Marker, px: int = DEFAULT_PX, side: str = "front") -> dict[str, tuple[int, int, int, int]]:
    """Where a marker's text (and name) are drawn, in pixels of a ``px`` image."""
    return face_regions(marker_spec(game, marker, side), px)
