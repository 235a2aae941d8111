"""A counter layout as data: where the unit ID, the size mark, the symbol and each printed value
go on a face, with fonts and colours. A kit's ``[layout]`` table in ``game.toml`` holds one (on
top of a bundled layout, ``base``); the bundled layouts keep theirs in
``vmodgen/render/layouts/<name>.toml`` in the same form. Documented in ``docs/kit-format.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import overload

Box = tuple[float, float, float, float]

#: the layouts vmodgen draws (``vmodgen/render/layouts/``); a kit naming another is refused
KNOWN_LAYOUTS = ("generic", "operation-mercury", "invasion-malta", "north-africa-41")

#: the named boxes of a face, in fractions of the counter side (x0, y0, x1, y1)
BOX_NAMES = {
    "id": "the printed unit ID (the roster's short_name, else its name)",
    "size": "the NATO size mark (XX, III, ...)",
    "symbol": "the unit-type symbol, or the unit's own art with art = \"symbol\"",
    "row": "the line of main values along the bottom (4-3-4)",
    "left": "a value left of the symbol",
    "right": "a value right of the symbol",
    "band": "the formation colour band",
    "nozoc": "the white band of a unit that exerts no ZOC",
    "illustrative": "the small \"i\" of a face with illustrative values",
}
#: colour roles a layout may set (a "#rrggbb" or a CSS colour name); "" = the nationality's
COLOR_ROLES = {
    "label": "the unit ID",
    "values": "the printed values",
    "outline": "the counter's edge",
}
ART_MODES = ("face", "symbol")


@dataclass(frozen=True)
class LayoutData:
    """One counter layout. Every field is optional in TOML; absent ones keep the base's."""
    base: str = "generic"                      # the bundled drawing code it extends
    boxes: tuple[tuple[str, Box], ...] = ()
    row: tuple[str, ...] = ()                  # field ids on the bottom row, in this order
    left: tuple[str, ...] = ()                 # field ids for the left box (the first one present)
    right: tuple[str, ...] = ()                # field ids for the right box (the first one present)
    superscript: tuple[str, ...] = ()          # field ids printed small after the row's first value
    hide: tuple[str, ...] = ()                 # field ids never printed
    bold: bool = True                          # font of the ID and values
    colors: tuple[tuple[str, str], ...] = ()   # role → colour
    art: str = "face"                          # where a unit's own image goes: the whole face or the symbol box
    #: the kit's own font, ``path#digest`` ("" = the bundled DejaVu): the digest makes a changed
    #: file another cache key
    font_file: str = ""

    @overload
    def box(self, name: str, default: Box) -> Box: ...
    @overload
    def box(self, name: str, default: None = None) -> Box | None: ...

    def box(self, name: str, default: Box | None = None) -> Box | None:
        return next((b for k, b in self.boxes if k == name), default)

    def need(self, name: str) -> Box:
        """The box every layout of its kind has (the id, size and symbol boxes, the value boxes)."""
        found = self.box(name)
        if found is None:
            raise KeyError(f"the counter layout has no '{name}' box")
        return found

    def color(self, role: str, default: str) -> str:
        return next((c for k, c in self.colors if k == role), "") or default

    def over(self, other: "LayoutData | None", given: frozenset[str] = frozenset()) -> "LayoutData":
        """This layout with the keys ``given`` in ``other`` (a kit's table) put over it."""
        if other is None:
            return self
        out = self
        for key in given:
            if key == "boxes":
                boxes = dict(self.boxes)
                boxes.update(dict(other.boxes))
                out = replace(out, boxes=tuple(boxes.items()))
            elif key == "colors":
                colors = dict(self.colors)
                colors.update(dict(other.colors))
                out = replace(out, colors=tuple(colors.items()))
            else:
                out = replace(out, **{key: getattr(other, key)})
        return out


#: the keys of a ``[layout]`` table: (type, default, meaning)
LAYOUT_KEYS = {
    "base": ("text", "the game's counter_layout", f"the bundled layout drawn underneath: {', '.join(KNOWN_LAYOUTS)}"),
    "boxes": ("table of [x0, y0, x1, y1]", "the base's", "where each part goes, in fractions of the counter side: "
              + "; ".join(f"{k} ({v})" for k, v in BOX_NAMES.items())),
    "row": ("list of field ids", "the base's", "the values along the bottom, in this order; other printed fields follow"),
    "left": ("list of field ids", "the base's", "the value left of the symbol: the first of these the counter has"),
    "right": ("list of field ids", "the base's", "the value right of the symbol: the first of these the counter has"),
    "superscript": ("list of field ids", "the base's", "a value printed small after the row's first value (range)"),
    "hide": ("list of field ids", "[]", "fields never printed"),
    "font": ("text", "\"bold\"", "\"bold\" or \"regular\" (the bundled DejaVu Sans Condensed)"),
    "font_file": ("path", "none", "your own TrueType/OpenType font inside the kit, for every text drawn "
                  "(counters, boards, boxes, the print sheet) instead of DejaVu: one with the glyphs your "
                  "names need (Japanese, Chinese...); relative to game.toml; at most 32 MB, and one the "
                  "print sheet can embed (with its OS/2, post and name tables: the kit's check says so)"),
    "colors": ("table of colours", "{}", "colour per role: " + "; ".join(f"{k} ({v})" for k, v in COLOR_ROLES.items())),
    "art": ("text", "\"face\"", "where a unit's own image goes: \"face\" (the whole counter) or \"symbol\" (the symbol box)"),
}
