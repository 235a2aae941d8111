"""``python -m vmodgen.kitdoc``: write ``docs/kit-format.md`` (the kit reference) from the
loaders' own schema (:mod:`vmodgen.model.schema`) and vocabularies, with a picture of every unit
symbol in ``docs/img/symbols/``. ``tests/test_kit_reference.py`` fails when the committed reference
differs from what this writes."""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from .model.layout import BOX_NAMES, COLOR_ROLES, KNOWN_LAYOUTS
from .model.schema import REQUIRED, TABLES
from .model.vocab import BASE_SYMBOLS, MODIFIERS

DOC = Path("docs") / "kit-format.md"
SYMBOL_DIR = Path("docs") / "img" / "symbols"
SYMBOL_SIZE = (60, 40)

INTRO = """\
# The kit format

A *kit* is one game's data: `game.toml` (the game), a roster CSV (one row per counter), a map
(`map.toml` and one terrain CSV per sheet) and `scenarios.toml`. `vmodgen new DIR` writes a
small complete kit to start from; `vmodgen validate DIR` lists every fault with its file and
line (`--json` for tools); `vmodgen build DIR` makes the module, the print sheets and checks
them. `game.toml` names the other files by paths relative to itself. Both also print a
`warning:` (exit code unchanged) for what a valid kit will not show as written: text the bundled
font (DejaVu Sans) cannot draw, such as Japanese or Chinese counter IDs, box, place, sheet or
side names, which the counters and boards leave out (VASSAL's own menus, reports and piece names show
them in full: name a font that has them in `[layout] font_file`, or give such units a `short_name`
the bundled font draws, or their own art), units of two
or more `steps` with no back values (no reduced side to flip to; a back image alone makes none,
and is named as unused), and images in the `images` folder the build does not draw (no unit's
front or back, no sheet's scan).

This page is generated from the loaders' own schema (`vmodgen/model/schema.py`) by
`python -m vmodgen.kitdoc`; a test fails when it is out of date. A key marked *required* must be
given; the others take the default shown. Colours are `"#rrggbb"` or a CSS colour name
(`"navy"`, `"darkolivegreen"`). CSV files may separate cells
with `,`, `;` or a tab (the header row decides); a cell holding the separator is quoted.
"""

ART = """\
## A unit's own art

Give a unit its own counter image in either of two ways:

- **a folder of images named by unit id**, as VASSAL's Mass Piece Loader takes them: set
  `images = "art"` in `[game]` and put `art/<id>.png` (the front) and `art/<id>_back.png` (the
  back) there; `.png`, `.jpg` and `.gif` are read (the extension in any letter case); characters a file name cannot hold
  (`/ \\ : * ? " < > |`) are written `_`, so the unit `III/100` is `art/III_100.png`;
- **roster columns** `image` and `back_image`, paths relative to the roster.

With `art = "face"` (the default of `[layout]`) the image is the whole counter, fitted into the
square; with `art = "symbol"` it takes the place of the unit-type symbol and the layout prints the
ID and values around it. A unit without an image is drawn by the layout (an image in the folder
whose name is no unit's id, letter case included, is named in a warning). A back image shows a
unit's reduced side: give the back's values too, or the counter has none and the image is unused. Images are checked when
the kit loads (readable, at most 4096 x 4096 pixels and 16 MB); a changed image rebuilds the module.
Every image a kit names (these, the `images` folder, a map's scan) must lie inside the kit (the
folder of `game.toml`; a map's scan: the folder of `map.toml`), links followed: a kit cannot read a
picture from elsewhere on the disk into a module. Art shared by several kits lives in a folder
the user who builds names in the environment variable `VMODGEN_ART_ROOTS` (several separated as
in `PATH`), e.g. `VMODGEN_ART_ROOTS=../shared-art vmodgen build my-game/`; a kit cannot set it.
"""

LAYOUT = """\
## Counter layouts

`counter_layout` picks one of the bundled layouts ({layouts}). A `[layout]` table describes your
own on top of one of them (`base`): every key is optional and replaces only what it names. The
bundled layouts are written the same way (`vmodgen/render/layouts/<name>.toml`; their Python
draws the game-specific extras, such as Operation Mercury's efficiency ring). Boxes are
`[x0, y0, x1, y1]` in fractions of the counter side, (0, 0) the top-left corner.

| box | what goes there |
|---|---|
{boxes}

| colour role | what it colours |
|---|---|
{colors}

Colours may be `"#rrggbb"` or a CSS colour name (`"navy"`, `"darkolivegreen"`). Example:

```toml
[layout]
base = "generic"
row = ["attack", "defense", "movement"]   # the values along the bottom, in this order
left = ["stacking"]                      # left of the symbol
right = ["efficiency"]                   # right of the symbol
font = "bold"
art = "symbol"                           # the unit's own image in the symbol box

[layout.boxes]
id = [0.05, 0.04, 0.95, 0.20]
symbol = [0.25, 0.30, 0.75, 0.64]

[layout.colors]
label = "navy"
```

On the module's maps a counter is `counter_px` pixels (default 0.72 of the hex height, so it
stands inside its hex below the printed hex ID); on the print sheet it is `counter_size_mm`.
"""


def _row(*cells: str) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def reference() -> str:
    """The text of ``docs/kit-format.md``."""
    out = [INTRO]
    for file, tables in TABLES.items():
        out.append(f"## {file}\n")
        for table, keys in tables.items():
            out.append(f"### {table}\n" if table != "columns" else "### columns\n")
            out.append(_row("key" if table != "columns" else "column", "type", "default", "meaning"))
            out.append("|---|---|---|---|")
            for k in keys:
                default = "*required*" if k.default == REQUIRED else f"`{k.default}`"
                out.append(_row(f"`{k.name}`", k.type, default, k.meaning))
            out.append("")
    out.append(LAYOUT.format(
        layouts=", ".join(f"`{n}`" for n in KNOWN_LAYOUTS),
        boxes="\n".join(_row(f"`{k}`", v) for k, v in BOX_NAMES.items()),
        colors="\n".join(_row(f"`{k}`", v) for k, v in COLOR_ROLES.items())))
    out.append(ART)
    out.append("## Unit symbols\n")
    out.append("A unit type's `symbol` is one base symbol, then any modifiers joined with `+`: "
               "`infantry+parachute`, `armor+light`, `artillery+motorized`. "
               f"{len(BASE_SYMBOLS)} base symbols and {len(MODIFIERS)} modifiers:\n")
    out += _pictures("base symbol", "picture", sorted(BASE_SYMBOLS), "", "")
    out += _pictures("modifier", "picture (on `infantry`)", sorted(MODIFIERS), "+", "mod-")
    return "\n".join(out)


def _pictures(head: str, picture: str, names: list[str], mark: str, file_prefix: str) -> list[str]:
    """A two-column table of names and their pictures (``img/symbols/<file_prefix><name>.png``)."""
    out = [_row(head, picture, head, picture), "|---|---|---|---|"]
    for i in range(0, len(names), 2):
        cells = []
        for name in names[i:i + 2]:
            cells += [f"`{mark}{name}`", f"![{name}](img/symbols/{file_prefix}{name}.png)"]
        out.append(_row(*(cells + ["", ""])[:4]))
    out.append("")
    return out


def symbol_files() -> dict[str, str]:
    """Picture file name → the symbol key it shows."""
    out = {f"{b}.png": b for b in sorted(BASE_SYMBOLS)}
    out.update({f"mod-{m}.png": f"infantry+{m}" for m in sorted(MODIFIERS)})
    return out


def symbol_picture(symbol: str) -> Image.Image:
    from .render.symbols import draw_symbol
    ss = 4
    w, h = SYMBOL_SIZE
    im = Image.new("RGB", (w * ss, h * ss), (255, 255, 255))
    d = ImageDraw.Draw(im)
    draw_symbol(d, (6 * ss, 5 * ss, (w - 6) * ss, (h - 5) * ss), symbol, color="#000000", fill="#dfe8f0",
                lw=2 * ss)
    return im.reduce(ss)


def write(root: Path) -> None:
    from .safeio import write_bytes_atomic, write_text_atomic
    import io
    write_text_atomic(root / DOC, reference())
    for name, symbol in symbol_files().items():
        buf = io.BytesIO()
        symbol_picture(symbol).save(buf, "PNG", optimize=True)
        write_bytes_atomic(root / SYMBOL_DIR / name, buf.getvalue())


def main(argv: list[str]) -> int:
    """``python -m vmodgen.kitdoc [ROOT]``: write the reference into ROOT (default: this checkout).
    An option (``--help``) is not a folder: it prints the usage instead of writing into ``./--help``."""
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python -m vmodgen.kitdoc [ROOT]   (writes ROOT/docs/kit-format.md and its symbol pictures)",
              file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    write(Path(argv[0]) if argv else Path(__file__).resolve().parents[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
