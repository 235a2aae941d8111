"""Reading and writing VASSAL files (FORMATS.md §3–§4).

* :mod:`.codec` — SequenceEncoder (``encode``/``decode``, typed ``Encoder``/``Decoder``);
* :mod:`.obfuscation` — ``!VCSK`` (read/write), ``VOBS`` (read), plain payloads;
* :mod:`.savefile` — ``.vsav``/``.vlog`` containers: ``read_save``, ``write_save``;
* :mod:`.commands` — the ESC command tree (``parse_tree``/``encode_tree``, byte-exact);
* :mod:`.typed` — typed views of one command (``AddPiece``, ``MovePiece``, ``Player``...);
* :mod:`.traits` — trait chains of a piece (``Piece``, ``decode_piece``, ``expand_prototypes``);
* :mod:`.replay` — a save/log as a starting position plus steps (``replay``);
* :mod:`.turns` — turn tracker states read against the tracker's levels;
* :mod:`.setup` — piece definitions and scenario saves;
* :mod:`.sanitize` — blanking player passwords.

Module (.vmod) reading is in :mod:`.module`.
"""
