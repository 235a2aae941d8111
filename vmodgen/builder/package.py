"""The ``.vmod`` zip's bytes: deterministic (fixed entry times, sorted entries after the
build file). The builder writes them with the files beside them in one atomic step
(:func:`vmodgen.safeio.write_files_atomic`)."""
from __future__ import annotations

import zipfile

FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def zip_bytes(entries: dict[str, bytes], first: tuple[str, ...] = ("moduledata", "buildFile.xml")) -> bytes:
    """``entries`` as a DEFLATED zip; ``first`` entries lead, the rest follow sorted."""
    import io
    order = [n for n in first if n in entries] + sorted(n for n in entries if n not in first)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[name])
    return buf.getvalue()

