"""A unit's own counter images: a roster's ``image``/``back_image`` columns, or the kit's
``images`` folder with files named by unit id the way VASSAL's Mass Piece Loader takes them
(``<id>.png`` for the front, ``<id>_back.png`` for the back; ``.png``, ``.jpg``, ``.gif``)."""
from __future__ import annotations

import hashlib
import io
import os
import re
from functools import lru_cache
from pathlib import Path

from PIL import Image

from ..errors import InputError, LimitError
from ..safeio import read_bytes

MAX_ART_BYTES = 16 * 1024 * 1024
MAX_ART_SIDE = 4096
EXTENSIONS = (".png", ".jpg", ".jpeg", ".gif")
BACK_SUFFIXES = ("_back", "-back")
#: folders (separated as in PATH) outside a kit from which its images may also be read: art
#: several kits share. Set by the user who builds, never by the kit (a kit from a stranger cannot
#: widen it to read the builder's own pictures into a module the builder then shares)
ART_ROOTS_ENV = "VMODGEN_ART_ROOTS"


def art_roots() -> list[Path]:
    """The folders :data:`ART_ROOTS_ENV` names, resolved."""
    return [Path(p).resolve() for p in os.environ.get(ART_ROOTS_ENV, "").split(os.pathsep) if p.strip()]


def outside_kit(path: Path, *homes: Path) -> str | None:
    """Why the image ``path`` may not be read, or None: it must lie (links followed) inside one of
    ``homes`` (the kit's folder, the folder of the file naming it) or a folder of
    :data:`ART_ROOTS_ENV`."""
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        return f"'{path}' cannot be resolved"
    for home in (*homes, *art_roots()):
        try:
            if real.is_relative_to(home.resolve()):
                return None
        except (OSError, RuntimeError):
            continue
    shown = ", ".join(str(h) for h in homes)
    return (f"'{path}' lies outside the kit ({shown}); images are read only from inside the kit "
            f"or from a folder named in the environment variable {ART_ROOTS_ENV} (art shared by kits)")


def file_stem(unit_id: str) -> str:
    """The file name (without extension) an image of ``unit_id`` has: characters no file name
    may hold (``/ \\ : * ? " < > |``) read as ``_``."""
    return re.sub(r'[/\\:*?"<>|]', "_", unit_id)


def find_art(folder: Path, unit_id: str, back: bool = False) -> Path | None:
    """The image of ``unit_id`` (its back with ``back``) in ``folder``, or None. The id and
    suffix are matched exactly, the extension in any letter case (``N1.png``, ``N1.PNG``,
    ``N1.Png``), in the order of :data:`EXTENSIONS`."""
    stem = file_stem(unit_id)
    for suffix in (BACK_SUFFIXES if back else ("",)):
        for ext in EXTENSIONS:
            for name in (stem + suffix + ext, stem + suffix + ext.upper()):
                p = folder / name
                if p.is_file():
                    return p
            for name in _images_of(folder).get((stem + suffix, ext), ()):
                if (folder / name).is_file():
                    return folder / name
    return None


def _images_of(folder: Path) -> dict[tuple[str, str], list[str]]:
    """``folder``'s image files as (stem, lower-case extension) -> names (listed once per
    change of the folder: a roster of a thousand units looks it up three thousand times)."""
    try:
        return _listing(str(folder), folder.stat().st_mtime_ns)
    except (OSError, ValueError):
        return {}


@lru_cache(maxsize=8)
def _listing(folder: str, _stamp: int) -> dict[tuple[str, str], list[str]]:
    out: dict[tuple[str, str], list[str]] = {}
    for name in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(name)
        if ext.lower() in EXTENSIONS:
            out.setdefault((stem, ext.lower()), []).append(name)
    return out


def art_key(path: Path) -> str:
    """``path#digest`` of a readable image no larger than the limits (``InputError`` otherwise):
    the digest makes a changed image a new cache entry."""
    data = read_bytes(path, MAX_ART_BYTES, "counter image")
    try:
        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            if w > MAX_ART_SIDE or h > MAX_ART_SIDE:
                raise LimitError(path, f"counter image of {w}x{h} pixels is larger than "
                                       f"{MAX_ART_SIDE}x{MAX_ART_SIDE}")
            im.load()
    except LimitError:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
        raise InputError(path, f"not a readable image: {e}") from None
    return f"{path}#{hashlib.sha256(data).hexdigest()[:16]}"


def art_path(key: str) -> str:
    return key.rsplit("#", 1)[0]
