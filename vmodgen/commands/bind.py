"""``vmodgen bind MODULE.vmod (--rules generic | --game KIT) [--log FILE]... [-o B.toml]``: write a
starter binding file for a module vmodgen did not build, and say what could not be inferred."""
from __future__ import annotations

import click

from .paths import FILE, OUTPUT, STDIO


@click.command()
@click.argument("module", type=FILE)
@click.option("--rules", "rules", type=click.Choice(["generic"]), help="Configure the generic rule set.")
@click.option("--game", "game", help="A kit (bundled id, folder or game.toml) whose roster the pieces are.")
@click.option("--log", "logs", multiple=True, type=FILE,
              help="A save or log played with the module (hex labels it uses give the board's extent; phases its players announce in chat give the [[phase]] tables); repeat for each file.")
@click.option("-o", "--output", "output", type=OUTPUT, help="Write the binding here ('-': standard output, the default).")
@click.option("--check", "check", type=FILE,
              help="Check an existing binding file against the module instead.")
def command(module: str, rules: str | None, game: str | None, logs: tuple[str, ...], output: str | None,
            check: str | None) -> int:
    """Write a starter binding (TOML) for MODULE: sides, piece classes, the hex map and rule
    parameters it can infer, with what it could not infer listed on stderr.

    \b
    Examples:
      vmodgen bind Kassala.vmod --rules generic --log game1.vlog -o kassala.toml
      vmodgen bind Kassala.vmod --check kassala.toml        # after editing it
      vmodgen bind crete.vmod --game operation-mercury      # another module of a bundled game
    The format: docs/binding-format.md."""
    from ..binding.starter import generic_starter, kit_starter
    from ..errors import printable
    from ..safeio import refuse_overwrite, write_text_atomic
    from ..vassal.module import read_module
    if not check and bool(rules) == bool(game):
        raise click.UsageError("give --rules generic or --game KIT (one of them)")
    mod = read_module(module)
    if check:
        from ..binding.file import describe, load_binding
        b = load_binding(check, mod)
        d = describe(b)
        click.echo(printable(f"{check}: {hexes_counted(b, mod)}, palette pieces: "
                             + ", ".join(f"{k} {v}" for k, v in sorted(d["pieces"].items()))
                             + f"; phases: {', '.join(d['phases']) or 'none'}"))
        for note in b.notes():
            click.echo(f"note: {printable(note)}")
        return 0
    if output == STDIO:
        output = None
    if output:
        refuse_overwrite(output, [module, *logs] + ([game] if game else []))
    if game:
        from ..model.kit import load_kit
        st = kit_starter(mod, load_kit(game), game, logs)
    else:
        st = generic_starter(mod, logs)
    if output:
        write_text_atomic(output, st.text)
        click.echo(printable(f"{output}: starter binding for '{mod.name}'"))
    else:
        click.echo(st.text, nl=False)
    for line in st.inferred:
        click.echo(f"inferred: {printable(line)}", err=True)     # names from the module
    for line in st.missing:
        click.echo(f"not inferred: {printable(line)}", err=True)
    return 0


def hexes_counted(b, mod) -> str:
    """The binding's hexes, saying what is counted: the kit's map; the rectangle ``[map]
    extent`` names; or, read from the image of the binding's own board (on its own map), the
    hexes whose centre lies on it or one pixel off an edge where no other board of the map's
    set-up lies (:func:`~vmodgen.binding.generic_map.centre_on_board`, the test the extent read
    from the image uses) -- where VASSAL can put a piece on the board (``Map.snapTo`` snaps to the
    nearest hex centre and moves a point one pixel off the board back onto its edge when no board
    is there) -- and the rectangle of
    raw columns and rows holding them, which on a staggered grid also holds hexes whose centre
    is off the image."""
    from ..binding.generic_map import GridMapData, board_box, centre_on_board, open_margin
    m = b.map
    n = len(m.hex_ids())
    if not isinstance(m, GridMapData):
        return f"{n} hexes (the kit's map)"
    raws = {hid: (h.line, h.pos) for hid in m.hex_ids() if (h := m.raw(hid)) is not None}
    if not raws:
        return f"{n} hexes"
    lo, hi = min(raws, key=raws.__getitem__), max(raws, key=raws.__getitem__)
    if b.spec.extent is not None:
        return f"{n} hexes (in the rectangle [map] extent names, {lo} ... {hi})"
    own = mod.maps.get(getattr(b, "board_map", None))
    board = own.boards.get(getattr(b, "board_name", None)) if own is not None else None
    size = board.size if board is not None else None
    if size is None:
        return f"{n} hexes ({lo} ... {hi})"
    w, h = size
    x0, y0, x1, y1 = board_box(size)
    centres = [c for c in map(m.center, raws) if c is not None]
    open_point = open_margin(own, b.board_name)
    on = sum(1 for x, y in centres if x0 <= x <= x1 and y0 <= y <= y1 and centre_on_board(x, y, size, open_point))
    edge = "its edge" if open_point is None else "an edge no other board of the map's set-up adjoins"
    return (f"{on} hexes with their centre on the board image or one pixel off {edge} ({w}x{h} px: centres "
            f"at x -1 ... {w}, y -1 ... {h}, where VASSAL's snap puts a piece on the board" + (f"; the rectangle read from it, {lo} ... {hi}, holds {n}: {n - on} with the centre off "
                           "the image" if on != n else f", {lo} ... {hi}")
            + "; the printed map may be smaller: [map] extent = [\"first\", \"last\"] narrows it)")
