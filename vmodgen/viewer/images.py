"""Module images as ``data:`` URIs for the page: counters as stored, boards within a size limit
(a board larger than :data:`BOARD_MAX_SIDE` pixels or :data:`BOARD_MAX_BYTES` is downscaled and
stored as JPEG; the page stretches it back over the board's full size)."""
from __future__ import annotations

import base64
import io

from ..errors import InputError
from ..vassal.module import Module

BOARD_MAX_SIDE = 4096
BOARD_MAX_BYTES = 1_500_000
COUNTER_MAX_BYTES = 200_000
_MIME = {b"\x89PNG": "image/png", b"GIF8": "image/gif", b"\xff\xd8\xff": "image/jpeg", b"RIFF": "image/webp"}


def _mime(data: bytes, name: str) -> str | None:
    for magic, mime in _MIME.items():
        if data.startswith(magic):
            return mime
    if name.lower().endswith(".svg") or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        return "image/svg+xml"
    return None


def _uri(data: bytes, mime: str) -> str:
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def _read(module: Module, name: str) -> bytes | None:
    entry = module.image_entry(name)
    if entry is None:
        return None
    try:
        return module.read_entry(entry)
    except (InputError, KeyError):
        return None


def counter_uri(module: Module, name: str) -> str | None:
    """A piece image as stored (re-encoded as PNG when large or in a format browsers lack)."""
    data = _read(module, name)
    if data is None:
        return None
    mime = _mime(data, name)
    if mime is not None and len(data) <= COUNTER_MAX_BYTES:
        return _uri(data, mime)
    return _reencode(data, max_side=256, jpeg=False)


def board_uri(module: Module, name: str) -> str | None:
    """A board image within the size limit (module docstring)."""
    data = _read(module, name)
    if data is None:
        return None
    mime = _mime(data, name)
    if mime == "image/svg+xml" and len(data) <= BOARD_MAX_BYTES:
        return _uri(data, mime)
    try:
        from PIL import Image
        with Image.open(io.BytesIO(data)) as im:
            small = mime is not None and len(data) <= BOARD_MAX_BYTES and max(im.size) <= BOARD_MAX_SIDE
    except Exception:   # an image Pillow cannot read: the browser may  # noqa: BLE001
        return _uri(data, mime) if mime else None
    if small and mime is not None:
        return _uri(data, mime)
    return _reencode(data, max_side=BOARD_MAX_SIDE, jpeg=True)


def _reencode(data: bytes, max_side: int, jpeg: bool) -> str | None:
    from PIL import Image
    try:
        with Image.open(io.BytesIO(data)) as im:
            im.load()
            img = im.convert("RGBA")
    except Exception:   # unreadable: left out, the piece is drawn as a labelled box  # noqa: BLE001
        return None
    scale = min(1.0, max_side / max(img.size))
    if scale < 1.0:
        img = img.resize((max(1, int(img.width * scale)), max(1, int(img.height * scale))), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    if jpeg:
        bg = Image.new("RGB", img.size, "white")
        bg.paste(img, mask=img.getchannel("A"))
        bg.save(buf, format="JPEG", quality=80, optimize=True)
        return _uri(buf.getvalue(), "image/jpeg")
    img.save(buf, format="PNG", optimize=True)
    return _uri(buf.getvalue(), "image/png")
