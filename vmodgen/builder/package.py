"""Writing the ``.vmod`` zip: deterministic (fixed entry times, sorted entries after the
build file) and atomic (a temporary file renamed over the target)."""
from __future__ import annotations

import zipfile
from pathlib import Path

from ..safeio import atomic_output

FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def write_zip(path: str | Path, entries: dict[str, bytes], first: tuple[str, ...] = ("moduledata", "buildFile.xml")) -> None:
    """Write ``entries`` as a DEFLATED zip; ``first`` entries lead, the rest follow sorted."""
    order = [n for n in first if n in entries] + sorted(n for n in entries if n not in first)
    with atomic_output(path, "wb") as fh:
        with zipfile.ZipFile(fh, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
            for name in order:
                info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, entries[name])


def save_zip_bytes(saved_game: bytes, savedata: bytes, moduledata: bytes) -> bytes:
    """A ``.vsav`` as bytes: savedGame, savedata, moduledata (FORMATS.md §4.1)."""
    import io
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in (("savedGame", saved_game), ("savedata", savedata), ("moduledata", moduledata)):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()
