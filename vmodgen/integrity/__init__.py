"""Play-by-email integrity: what a player needs to trust a file from an opponent.

Dice (per player and die kind, a goodness-of-fit test in plain words, streaks, rolls over time),
undo and re-roll forensics, seats (who played which side, shared or empty passwords, compared
without ever printing them), module and VASSAL versions, and the seams between files.

    facts = [file_facts(save, steps, ...) for each file]      # while the audit replays
    section = integrity_section(facts, continuity)              # a JSON-ready dict
"""
from __future__ import annotations

from .dice import Roll, parse_roll
from .facts import FileFacts, file_facts
from .section import integrity_section

__all__ = ["Roll", "parse_roll", "FileFacts", "file_facts", "integrity_section"]
