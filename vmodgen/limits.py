"""Safety limits on every reader, in one place. ``docs/limits.md`` is generated from this module
(:func:`markdown_tables`; ``python -m vmodgen.limits`` prints them, and a test fails when the
document drifts).

A file past one of these is refused with :class:`vmodgen.errors.LimitError`: exit code 2 and one
line naming the file and the limit. Readers read the values at call time (tests make them small).

The budget they give every command (measured in ``fuzz/``): time linear in the decoded size of
its inputs, and memory under 1 GiB: at most :data:`MAX_ZIP_TOTAL_BYTES` expanded from one archive,
:data:`MAX_SAVEDGAME_BYTES` of command text in :data:`MAX_COMMANDS` commands, one TOML or CSV
file of at most :data:`MAX_DATA_FILE_BYTES`.
"""
from __future__ import annotations

MiB = 1024 * 1024

#: zip archives (.vmod, .vsav, .vlog)
MAX_ZIP_ENTRIES = 20_000
MAX_ZIP_ENTRY_BYTES = 256 * MiB          # one expanded entry
MAX_ZIP_TOTAL_BYTES = 512 * MiB          # all entries read from one archive
MAX_ZIP_RATIO = 100                      # expanded / compressed: an entry over 1 MiB, and all read
MAX_ENTRY_NAME = 1024

#: saved games and logs
MAX_SAVEDGAME_BYTES = 64 * MiB           # the decoded command text
MAX_COMMAND_DEPTH = 64                   # ESC nesting
MAX_COMMANDS = 200_000                   # commands in one save or log (moves, chat lines, pieces...)
MAX_PIECES = 200_000                     # pieces in play at once
MAX_PLAYERS = 100                        # distinct players (name, side) of PLAYER commands
MAX_LINE_BYTES = 16 * MiB                # one command / one line of text
MAX_WARNINGS = 200                       # distinct warnings kept about one file
MAX_BOARDS = 1_000                       # boards one BoardPicker places on a map
MAX_BOARD_CELL = 1_000                   # the column or row of a board in a BoardPicker

#: pieces and prototypes (modules, saves)
MAX_EXPANDED_TRAITS = 1_000              # traits of one piece after its prototypes are expanded
MAX_EXPANDED_TRAITS_TOTAL = 1_000_000    # traits expanded from one module's prototypes, all pieces

#: XML (buildFile.xml, moduledata)
MAX_XML_BYTES = 128 * MiB

#: data files (CSV rosters, TOML manifests, positions, bindings)
MAX_DATA_FILE_BYTES = 32 * MiB
MAX_TOML_BYTES = 4 * MiB                 # one TOML file (kits' are under 100 KB), before tomllib reads it
MAX_TOML_KEYS = 200_000                  # "=" signs in one TOML file
MAX_TOML_KEY_PARTS = 64                  # parts of one dotted key or table header
MAX_FIELD_CHARS = 10_000
MAX_ROWS = 100_000
MAX_MAP_HEXES = 250_000                  # all sheets of one map together

#: what docs/limits.md says of each limit: (section, name, what it bounds, unit, past it)
DOCUMENTED: tuple[tuple[str, str, str, str, str], ...] = (
    ("zip", "MAX_ZIP_ENTRIES", "Entries in one archive", "", "refused when the archive is opened"),
    ("zip", "MAX_ENTRY_NAME", "Length of an entry name", "characters", "refused when the archive is opened"),
    ("zip", "MAX_ZIP_ENTRY_BYTES", "Expanded size of one entry", "bytes",
     "refused before reading if the archive claims more; the bytes are also counted as they expand, "
     "so an archive that lies about the size is stopped at the limit too"),
    ("zip", "MAX_ZIP_TOTAL_BYTES", "Bytes expanded from one archive, all entries together (every "
     "reader of one module shares the count)", "bytes", "refused"),
    ("zip", "MAX_ZIP_RATIO", "Compression ratio (expanded : compressed) of an entry over 1 MiB, and of "
     "all entries read so far once they pass 1 MiB (many small entries count as one)", ": 1",
     "refused as a likely zip bomb"),
    ("save", "MAX_SAVEDGAME_BYTES", "Decoded command text of a save or log", "bytes",
     "refused; the file or `savedGame` entry may be twice as large plus 16 bytes (`!VCSK` hex), "
     "and is stopped there while it expands"),
    ("save", "MAX_COMMANDS", "Commands in one save or log (moves, chat lines, pieces added...)", "",
     "refused before the commands are parsed"),
    ("save", "MAX_LINE_BYTES", "One command", "bytes", "refused"),
    ("save", "MAX_COMMAND_DEPTH", "Nesting of commands (ESC inside ESC)", "levels",
     "refused (never a `RecursionError`)"),
    ("save", "MAX_PIECES", "Pieces in play at once", "", "refused"),
    ("save", "MAX_PLAYERS", "Distinct players (name and side) of `PLAYER` commands", "", "refused"),
    ("save", "MAX_WARNINGS", "Distinct warnings kept about one file (unknown pieces, traits...)", "",
     "one more line says that more were not shown; reading goes on"),
    ("save", "MAX_BOARDS", "Boards one `BoardPicker` places on a map", "", "refused"),
    ("save", "MAX_BOARD_CELL", "Column or row of a board in a `BoardPicker`", "", "refused"),
    ("pieces", "MAX_EXPANDED_TRAITS", "Traits of one piece once its prototypes are expanded", "",
     "expansion stops there, with a warning"),
    ("pieces", "MAX_EXPANDED_TRAITS_TOTAL", "Traits expanded from one module's prototypes, all its "
     "pieces together, whichever command expands them (`inspect`, `audit`, `oob`, `bind`)", "", "refused"),
    ("xml", "MAX_XML_BYTES", "Size of one XML document", "bytes", "refused"),
    ("data", "MAX_DATA_FILE_BYTES", "Size of one data file", "bytes",
     "refused before the file is read (this covers a 100 MB single line)"),
    ("data", "MAX_TOML_BYTES", "Size of one TOML file", "characters", "refused before `tomllib` reads it"),
    ("data", "MAX_TOML_KEYS", "Keys (`=` signs) in one TOML file", "", "refused before `tomllib` reads it"),
    ("data", "MAX_TOML_KEY_PARTS", "Parts of one dotted key or table header (`a.b.c`)", "",
     "refused at its line, before `tomllib` reads it (its time grows with the square of the parts)"),
    ("data", "MAX_FIELD_CHARS", "One roster or CSV cell; one TOML text value", "characters", "refused at its line"),
    ("data", "MAX_ROWS", "Rows in a roster or terrain table", "", "refused at the first row past it"),
    ("data", "MAX_MAP_HEXES", "Hexes of one map, all sheets together (and of one sheet)", "", "refused"),
)

SECTIONS = {"zip": "Zip archives (`.vmod`, `.vsav`, `.vlog`)", "save": "Saved games and logs",
            "pieces": "Pieces and prototypes", "xml": "XML (`buildFile.xml`, `buildFile`, `moduledata`, `savedata`)",
            "data": "Data files (kits: `game.toml`, `roster.csv`, `map.toml`, terrain CSVs, `scenarios.toml`; "
                    "positions; bindings)"}


def shown(value: int, unit: str) -> str:
    """A limit's value as the document shows it: ``512 MiB``, ``100 : 1``, ``20,000``."""
    if unit == "bytes" and value % MiB == 0:
        return f"{value // MiB:,} MiB"
    if unit.startswith(":"):
        return f"{value} {unit}"
    return f"{value:,}" + (f" {unit}" if unit else "")


def markdown_tables() -> str:
    """The tables of ``docs/limits.md`` between its ``BEGIN``/``END limits.py`` marks."""
    out: list[str] = []
    for key, title in SECTIONS.items():
        out += [f"#### {title}", "", "| Limit | Value | Past it |", "|---|---|---|"]
        for section, name, what, unit, past in DOCUMENTED:
            if section == key:
                out.append(f"| {what} (`{name}`) | {shown(globals()[name], unit)} | {past} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(markdown_tables(), end="")
