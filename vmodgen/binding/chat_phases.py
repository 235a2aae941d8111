"""Phases a log's own chat announces, for a starter binding: the lines players typed that name a
side and a phase (a phase word, then ``phase``: ``<Alice> - Side1 movement phase``, ``Germans:
combat phase``), in the order they first come, each made a ``[[phase]]`` with a chat pattern; and a ``turn`` pattern when
players announce the turn (a line that begins with it: ``Turn 2: ...``; a line that only names a
turn, ``next turn 3 times``, is none). Reports VASSAL writes itself (``* ...`` lines: moves,
undos, the turn tracker) are no announcements."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from . import fuzzy

__all__ = ["ChatPhase", "chat_phases", "chat_turn_pattern", "side_pattern", "unread_turn"]

#: a word of a phase announcement (lower case, as typed) → the phase's kind
PHASE_WORDS = {
    "movement": "movement", "move": "movement", "moves": "movement", "moving": "movement",
    "march": "movement", "combat": "combat", "attack": "combat", "attacks": "combat",
    "battle": "combat", "assault": "combat", "supply": "supply",
    "reinforcement": "reinforcement", "reinforcements": "reinforcement",
}

#: a phase word followed by "phase" (``movement phase``): an announcement, not talk about an
#: attack or a unit moving (``Defensive fire complete, time for allied combat`` is not one)
_ANNOUNCED = re.compile(r"(?i)\b(" + "|".join(sorted(PHASE_WORDS, key=len, reverse=True)) + r")\s+phase\b")
_PLAYER_LINE = re.compile(r"^<[^<>]*>\s+-\s+(.*)$", re.S)
#: a turn number named anywhere in what a player typed ("Turn 2: ...", "next turn 3 times")
_MENTION = re.compile(r"(?i)\bturn\s*#?\s*(\d+)\b")
#: a player's line that announces a turn: what they typed begins with it ("Turn 2: Side1
#: movement phase", "Start of turn 3", "Turn 4 begins", "Turn 5"), the number followed by the
#: line's end, a separator, "begins"/"starts" or a phase announcement. A line that only names a
#: turn ("I'll do it next turn 3 times", "turn 3 is hard") is no announcement: the turn stays
#: (:func:`unread_turn`: the audit says how many such lines it left)
CHAT_TURN_PATTERN = (r"(?i)^\s*<[^<>]*>\s+-\s+(?:(?:start|beginning)\s+of\s+)?(?:game\s+)?turn\s*#?\s*(\d+)"
                     r"(?=\s*(?:$|[:.,;!()\[\]/–—-])|\s+(?:begins|starts|started|has\s+begun)\b|\s+.*\bphase\b)")
_TURN = re.compile(CHAT_TURN_PATTERN)


@dataclass(frozen=True)
class ChatPhase:
    side: str          # the side's name (as the roster gives it)
    kind: str          # movement, combat, supply, reinforcement
    word: str          # the phase word as typed, lower case
    pattern: str       # a regex that finds the announcement
    example: str       # the first chat line that announced it


def typed_text(line: str) -> str | None:
    """What a player typed (``<Alice> - hi`` → ``hi``); None for VASSAL's own reports."""
    if line.startswith("*"):
        return None
    m = _PLAYER_LINE.match(line)
    return m.group(1) if m else None


def side_pattern(side: str) -> str:
    """A regex for a side's name as players type it: ``Side1`` also as ``Side 1``, ``Germans``
    also as ``German``."""
    ws = fuzzy.words(side)
    parts = []
    for i, w in enumerate(ws):
        if w.isdigit():
            parts.append(w + r"(?!\d)")
        else:
            parts.append(re.escape(fuzzy.side_word(w)) + ("" if i + 1 < len(ws) and ws[i + 1].isdigit() else r"\w*"))
    return r"\b" + r"\W*".join(parts)


def chat_phases(lines: Iterable[str], sides: list[str]) -> list[ChatPhase]:
    """The (side, phase word) announcements of ``lines``, each once, in the order they come."""
    out: dict[tuple[str, str], ChatPhase] = {}
    for line in lines:
        text = typed_text(line)
        if not text:
            continue
        side = fuzzy.side_of(text, sides)
        if side is None:
            continue
        m = _ANNOUNCED.search(text)
        if m is None or (side, m.group(1).lower()) in out:
            continue
        word = m.group(1).lower()
        # the side anywhere in the line, as side_of found it ("Movement phase for the Germans")
        pattern = f"(?i)(?=.*{side_pattern(side)}).*\\b{re.escape(word)}\\s+phase\\b"
        out[(side, word)] = ChatPhase(side, PHASE_WORDS[word], word, pattern, text.strip())
    return list(out.values())


def chat_turn_pattern(lines: Iterable[str]) -> str | None:
    """``CHAT_TURN_PATTERN`` when a player announced a turn (``Turn 2: ...``), else None."""
    for line in lines:
        if _TURN.search(line):
            return CHAT_TURN_PATTERN
    return None


def unread_turn(line: str, turn_re: "re.Pattern | None") -> bool:
    """Whether ``line`` is one a player typed that names a turn number (``next turn 3``) which
    the binding's turn pattern ``turn_re`` does not read: ambiguous, so the turn stays as it was
    (the audit says how many such lines it left)."""
    if turn_re is None or turn_re.search(line):
        return False
    text = typed_text(line)
    return bool(text) and _MENTION.search(text or "") is not None
