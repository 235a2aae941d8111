"""Reading and writing VASSAL files: the list codec, obfuscation, saves/logs, command trees,
trait chains and replay (FORMATS.md §3–§4). Module (.vmod) reading is in :mod:`.module`."""
