"""Tiny modules shaped like a foreign one, written in a test: the palette of slots, the
prototypes and the zip with a plain map image (shared by the foreign-module tests)."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

from vmodgen.vassal.piece_defs import basic_piece, definition, prototype


def xml_text(text: str) -> str:
    """``text`` escaped for an XML attribute or element body."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def palette(slots: dict[str, list[tuple[str, str]]], widget: str, image=lambda gpid, name: f"{gpid}.png") -> tuple[str, int]:
    """The palette folders (``widget``: ``ListWidget``, ``PanelWidget``...) of ``slots`` (folder →
    (piece name, prototype name or "")), each piece a prototype then a basic piece with its own
    gpid; returns (the folders' XML, the last gpid)."""
    gpid, folders = 0, []
    for folder, pieces in slots.items():
        inner = []
        for name, proto in pieces:
            gpid += 1
            traits = ([prototype(proto)] if proto else []) + [basic_piece(image(gpid, name), name, gpid)]
            inner.append(f'<VASSAL.build.widget.PieceSlot entryName="{xml_text(name)}" gpid="{gpid}" height="60" '
                         f'width="60">{xml_text(definition(traits))}</VASSAL.build.widget.PieceSlot>')
        folders.append(f'<VASSAL.build.widget.{widget} entryName="{folder}">{"".join(inner)}'
                       f"</VASSAL.build.widget.{widget}>")
    return "".join(folders), gpid


def prototypes(protos: dict[str, str]) -> str:
    """The PrototypeDefinition elements of ``protos`` (name → definition)."""
    return "".join(f'<VASSAL.build.module.PrototypeDefinition description="" name="{n}">{xml_text(d)}'
                   "</VASSAL.build.module.PrototypeDefinition>" for n, d in protos.items())


def write_module(path: Path, build: str, size: tuple[int, int] = (600, 500)) -> Path:
    """A .vmod at ``path`` holding ``build`` and a plain ``images/map.png`` of ``size``."""
    from PIL import Image
    png = io.BytesIO()
    Image.new("RGB", size, (220, 210, 180)).save(png, "PNG")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", build)
        z.writestr("images/map.png", png.getvalue())
    return path


def uncomment_player_turns(text: str) -> str:
    """A starter binding's text with its commented-out ``[turns] source = "player"`` block taken
    in, in place of ``source = "none"`` (what a player does after reading the comment)."""
    start = text.index("# [turns]\n")
    end = text.index("\n\n", start)
    block = "\n".join(ln[2:] if ln.startswith("# ") else ln.lstrip("#") for ln in text[start:end].splitlines())
    return text[:start].replace('[turns]\nsource = "none"\n', "") + block + text[end:]
