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


#: the package of a board's grid elements in a buildFile
GRID = "VASSAL.build.module.map.boardPicker.board."


def hex_board_build(name: str, version: str, roster: list[str], protos: dict[str, str],
                    slots: dict[str, list[tuple[str, str]]]) -> str:
    """The buildFile of a module named ``name`` (``version``, built with VASSAL 3.7.5): the player
    roster ``roster``, the prototypes ``protos`` (name → definition), one map "Main Map" of one
    board "Inland" (``images/map.png``) with a sideways hex grid numbered H01..., and a piece
    window of ``slots`` in panels (:func:`palette`, an image per gpid)."""
    panels, gpid = palette(slots, "PanelWidget")
    entries = "".join(f"<entry>{xml_text(e)}</entry>" for e in roster)
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.5" name="{xml_text(name)}" nextPieceSlotId="{gpid + 1}" version="{version}">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PlayerRoster>{entries}</VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.PrototypesContainer>{prototypes(protos)}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Inland" reversible="false">
<{GRID}HexGrid dx="75" dy="87" x0="0" y0="40" sideways="true" snapTo="true">
<{GRID}mapgrid.HexGridNumbering first="H" sep="" hType="A" hLeading="1" hOff="1" vType="N" vLeading="1" vOff="0" locationFormat="$gridLocation$"/>
</{GRID}HexGrid></VASSAL.build.module.map.boardPicker.Board>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.TabWidget entryName="pieces">{panels}</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""


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
