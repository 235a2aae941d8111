"""A disk cache of counter images, keyed by a hash of everything that draws them: the layout
and drawing-code versions, the resolved face (colours, values, symbol, flags, label) and the
pixel size. A rebuild redraws only the faces whose content changed.

Entries are PNG files ``<folder>/<k[:2]>/<k>.png``; the PNG encoding has no timestamp, so an
entry's bytes are the same whether it was drawn now or read back.
"""
from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

from PIL import Image

from ..model.game import Game, Marker
from ..model.unit import Unit
from ..errors import InputError
from ..safeio import user_cache_dir, write_bytes_atomic
from .counters import DEFAULT_PX, layout_version, render_spec
from .face import FaceSpec, face_spec, marker_spec

MAX_ENTRY_BYTES = 16 * 1024 * 1024


def png_bytes(image: Image.Image) -> bytes:
    """PNG bytes with no metadata (deterministic)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=6)
    return buf.getvalue()


def spec_key(spec: FaceSpec, px: int) -> str:
    """The cache key of one face at ``px``."""
    text = f"{layout_version(spec.layout)}|{int(px)}|{spec!r}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class CounterCache:
    """Counter PNGs on disk. ``folder`` defaults to ``$VMODGEN_CACHE``, else the user's cache
    (``~/.cache/vmodgen/counters``, :func:`vmodgen.safeio.user_cache_dir`): never the current folder."""

    def __init__(self, folder: str | Path | None = None) -> None:
        env = os.environ.get("VMODGEN_CACHE")
        self.folder = Path(folder) if folder is not None else (Path(env) if env else user_cache_dir("counters"))
        self.hits = 0
        self.misses = 0

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.png"

    def spec_png(self, spec: FaceSpec, px: int = DEFAULT_PX) -> bytes:
        """The PNG of a resolved face, from the cache or drawn (and stored)."""
        key = spec_key(spec, px)
        p = self.path(key)
        try:
            if p.stat().st_size <= MAX_ENTRY_BYTES:
                data = p.read_bytes()
                if data.startswith(b"\x89PNG\r\n\x1a\n"):
                    self.hits += 1
                    return data
        except OSError:
            pass
        self.misses += 1
        data = png_bytes(render_spec(spec, px))
        try:
            write_bytes_atomic(p, data)
        except (OSError, InputError):
            pass            # a read-only or full disk only costs the next build a redraw
        return data

    def counter_png(self, game: Game, unit: Unit, side: str = "front", px: int = DEFAULT_PX) -> bytes:
        return self.spec_png(face_spec(game, unit, side), px)

    def marker_png(self, game: Game, marker: Marker, px: int = DEFAULT_PX, side: str = "front") -> bytes:
        return self.spec_png(marker_spec(game, marker, side), px)

    def counter(self, game: Game, unit: Unit, side: str = "front", px: int = DEFAULT_PX) -> Image.Image:
        """The face as an image (decoded from the cached PNG)."""
        with Image.open(io.BytesIO(self.counter_png(game, unit, side, px))) as im:
            return im.convert("RGB")
