"""Safety limits on every reader, in one place (documented in the README, "Limits").

A file passing one of these is refused with :class:`vmodgen.errors.LimitError`.
"""
from __future__ import annotations

MiB = 1024 * 1024

#: zip archives (.vmod, .vsav, .vlog)
MAX_ZIP_ENTRIES = 20_000
MAX_ZIP_ENTRY_BYTES = 512 * MiB          # one expanded entry
MAX_ZIP_TOTAL_BYTES = 2048 * MiB         # all entries read from one archive
MAX_ZIP_RATIO = 200                      # expanded / compressed, for entries over 1 MiB
MAX_ENTRY_NAME = 1024

#: saved games and logs
MAX_SAVEDGAME_BYTES = 256 * MiB          # the decoded command text
MAX_COMMAND_DEPTH = 64                   # ESC nesting
MAX_PIECES = 200_000
MAX_LINE_BYTES = 64 * MiB                # one command / one line of text

#: XML (buildFile.xml, moduledata)
MAX_XML_BYTES = 128 * MiB

#: data files (CSV rosters, TOML manifests, positions, bindings)
MAX_DATA_FILE_BYTES = 32 * MiB
MAX_FIELD_CHARS = 10_000
MAX_ROWS = 100_000
MAX_MAP_HEXES = 250_000                  # all sheets of one map together
