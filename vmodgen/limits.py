"""Safety limits on every reader, in one place (documented in the README, "Limits").

A file passing one of these is refused with :class:`vmodgen.errors.LimitError`.
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
MAX_PLAYERS = 1_000                      # distinct players (name, side) of PLAYER commands
MAX_LINE_BYTES = 64 * MiB                # one command / one line of text
MAX_EXPANDED_TRAITS = 1_000              # traits of one piece after its prototypes are expanded
MAX_EXPANDED_TRAITS_TOTAL = 200_000      # traits expanded from one module's prototypes, all pieces

MAX_BOARDS = 1_000                       # boards one BoardPicker places on a map
MAX_BOARD_CELL = 1_000                   # the column or row of a board in a BoardPicker

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
