"""Order-of-battle references from a kit or any VASSAL module (HTML, Markdown, CSV, JSON)."""
from .collect import KitOob, ModuleOob, kit_oob, module_oob
from .formats import FORMATS, to_csv, to_html, to_json, to_markdown

__all__ = ["KitOob", "ModuleOob", "kit_oob", "module_oob", "FORMATS", "to_csv", "to_html", "to_json",
           "to_markdown", "write_oob"]

from pathlib import Path

import contextlib
import shutil

from ..safeio import safe_entry_path, write_bytes_atomic, write_text_atomic


def write_oob(oob: KitOob | ModuleOob, fmt: str, target: Path) -> list[Path]:
    """Write the reference as ``fmt`` to ``target`` (Markdown also writes its images in
    ``<stem>_images/`` beside it). Returns the files written."""
    if fmt == "csv":
        text = to_csv(oob)
    elif fmt == "json":
        text = to_json(oob)
    elif fmt == "html":
        text = to_html(oob)
    else:
        folder = target.with_name(target.stem + "_images")
        text, images = to_markdown(oob, folder, folder.name)
        created = not folder.exists()
        written: list[Path] = []
        try:
            for name, data in images.items():
                path = safe_entry_path(folder, name)        # names are safe already: belt and braces
                write_bytes_atomic(path, data)
                written.append(path)
            write_text_atomic(target, text)
        except BaseException:
            # nothing half-done: the images of this run go, and the folder if this run made it
            for path in written:
                with contextlib.suppress(OSError):
                    path.unlink()
            if created:
                shutil.rmtree(folder, ignore_errors=True)
            raise
        return [target] + written
    write_text_atomic(target, text)
    return [target]
