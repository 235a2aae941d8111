"""What a kit's author should hear although the kit is valid: things the module will not show
as the author wrote them. ``vmodgen validate`` and ``vmodgen build`` print each as a warning.

- text the bundled font cannot draw (Japanese or Chinese unit IDs, box and place names): the
  counters and boards leave those characters out rather than print empty boxes;
- units of two or more steps with no back values: their counters have no reduced side to flip to;
- back images of units with no back values: such a counter has no reduced side to show them;
- files in the kit's ``images`` folder the build does not draw (a typo in a unit id or in
  ``_back``): such a counter silently gets the layout's drawing instead of the art."""
from __future__ import annotations

from pathlib import Path

from ..model.art import EXTENSIONS, art_path
from ..model.kit import Kit
from ..render.face import unit_label
from ..render.layout_data import game_layout
from ..render.text import has_glyph, use_font

#: at most this many places are named per warning (the rest counted)
SHOWN = 6


def missing_glyphs(text: str) -> str:
    """The characters of ``text`` the bundled font lacks, each once, in order."""
    out: list[str] = []
    for ch in text:
        if not ch.isspace() and ch not in out and not has_glyph(ch):
            out.append(ch)
    return "".join(out)


def _listed(items: list[str]) -> str:
    more = len(items) - SHOWN
    return "; ".join(items[:SHOWN]) + (f"; and {more} more" if more > 0 else "")


def glyph_warnings(kit: Kit) -> list[str]:
    """One warning per kind of printed text (unit IDs, markers, map names) with characters the
    font cannot draw (the bundled DejaVu, or the kit's ``[layout] font_file``)."""
    layout = game_layout(kit.game)
    with use_font(layout.font_file):
        return _glyph_warnings(kit, "your font_file" if layout.font_file else "DejaVu Sans")


def _glyph_warnings(kit: Kit, font_name: str) -> list[str]:
    warnings: list[str] = []
    own_face = game_layout(kit.game).art == "face"
    units = []
    for u in kit.units:
        if u.art[0] and own_face and (u.back is None or u.art[1]):
            continue                      # its own art is the whole counter: the ID is not printed
        label = unit_label(u)
        lost = missing_glyphs(label)
        if lost:
            units.append(f"line {u.line}: {u.id} '{label}' ({lost})")
    if units:
        warnings.append(
            f"{_kit_file(kit, 1)}: {len(units)} counter ID(s) have characters the counter font ({font_name}) "
            f"cannot draw; the counters and the print sheet leave them out: {_listed(units)}. "
            f"Name a font that has them in [layout] font_file, give those units a short_name the font "
            f"draws (the piece keeps its name in VASSAL), or their own counter image (docs/kit-format.md).")
    markers = [f"{m.id} '{printed}' ({lost})" for m in kit.game.markers.values()
               for printed in dict.fromkeys((m.name, m.text or m.name))     # its name on top, its text large
               if (lost := missing_glyphs(printed))]
    if markers:
        warnings.append(
            f"{kit.path}: {len(markers)} marker text(s) print characters the counter font cannot draw, "
            f"left out on the counter: {_listed(markers)}. Give each a 'text' the font draws.")
    for file, texts in ((_kit_file(kit, 2), _map_texts(kit)), (kit.path, _side_texts(kit))):
        names = [f"{what} '{name}' ({lost})" for what, name in texts if (lost := missing_glyphs(name))]
        if names:
            warnings.append(
                f"{file}: {len(names)} name(s) drawn on the boards have characters the font "
                f"cannot draw, left out of the pictures (VASSAL's own menus and reports show them in "
                f"full): {_listed(names)}.")
    return warnings


def _kit_file(kit: Kit, index: int) -> Path:
    """The kit's roster (1) or map file (2): :func:`~vmodgen.model.kit.load_kit` lists them so."""
    return Path(kit.files[index]) if len(kit.files) > index else kit.path


def _map_texts(kit: Kit) -> list[tuple[str, str]]:
    """The names of the map file the boards draw (terrain names are drawn nowhere)."""
    m = kit.map
    out = [("map", m.name)]
    out += [(f"sheet {s.id}", s.name) for s in m.sheets.values()]
    out += [("place", p.name) for p in m.places]
    out += [(f"box {b.id}", b.name) for b in m.boxes.values()]
    return out


def _side_texts(kit: Kit) -> list[tuple[str, str]]:
    """The side names (game.toml) the boards draw: on the boxes that belong to a side."""
    boxes = kit.map.boxes.values()
    return [(f"side {s.id}", s.name) for s in kit.game.sides.values() if any(b.side == s.id for b in boxes)]


def step_warnings(kit: Kit) -> list[str]:
    """Units of several steps whose counter has no back (no ``back.<field>`` value: a back image
    alone makes no reduced side, :func:`art_warnings` names it)."""
    flat = [f"line {u.line}: {u.id} ({u.steps} steps)" for u in kit.units if u.steps > 1 and not u.two_sided]
    if not flat:
        return []
    return [f"{_kit_file(kit, 1)}: {len(flat)} unit(s) have several steps but no back.<field> value, so "
            f"their counters have no reduced side (Ctrl+F does nothing): {_listed(flat)}. Give the back's "
            f"values, or steps = 1 if the game marks a step loss another way."]


def _resolved(path: str | Path) -> Path:
    return Path(path).resolve()


def used_images(kit: Kit) -> set[Path]:
    """The image files the build draws (resolved): each unit's front, the back of each unit with
    a reduced side, each sheet's scan."""
    used = {_resolved(art_path(u.art[0])) for u in kit.units if u.art[0]}
    used |= {_resolved(art_path(u.art[1])) for u in kit.units if u.art[1] and u.two_sided}
    used |= {_resolved(s.image.file) for s in kit.map.sheets.values() if s.image is not None}
    return used


def art_warnings(kit: Kit) -> list[str]:
    """Back images of units with no reduced side, and files in the kit's images folder the
    build does not draw."""
    warnings: list[str] = []
    one_sided = [u for u in kit.units if u.art[1] and not u.two_sided]
    if one_sided:
        backs = [f"line {u.line}: {u.id} ({Path(art_path(u.art[1])).name})" for u in one_sided]
        warnings.append(
            f"{_kit_file(kit, 1)}: {len(backs)} unit(s) have a back image but no back.<field> value, so "
            f"their counters have no reduced side and the image is not used: {_listed(backs)}. Give "
            f"the back's values (a back image shows the reduced side; it does not make one).")
    if kit.game.images_dir:
        folder = Path(kit.game.images_dir)
        skip = used_images(kit) | {_resolved(art_path(u.art[1])) for u in one_sided}     # named above
        stray = sorted(p.name for p in folder.iterdir()
                       if p.is_file() and p.suffix.lower() in EXTENSIONS and _resolved(p) not in skip)
        if stray:
            warnings.append(
                f"{folder}: {len(stray)} image(s) are no unit's front or back and no sheet's scan, so "
                f"they are not used: "
                f"{', '.join(stray[:SHOWN * 2])}{' ...' if len(stray) > SHOWN * 2 else ''}. A unit's "
                f"images are <unit id>.png (front) and <unit id>_back.png (back), the id exactly as "
                f"in the roster (letter case too).")
    return warnings


def kit_warnings(kit: Kit) -> list[str]:
    """Every warning for ``kit``: text the font cannot draw, units of several steps with no back,
    images the build does not draw."""
    return glyph_warnings(kit) + step_warnings(kit) + art_warnings(kit)
