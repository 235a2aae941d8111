"""The per-file passes that leave out part of a file (issue 20, round 14) leave out only what
they could never use: written against the parser, so a change there that made the skipped
commands matter would fail here."""
from __future__ import annotations

import random

from vmodgen.vassal.commands import parse_tree
from vmodgen.vassal.typed import Log, Player, parse_command
from vmodgen.integrity.facts import file_facts


def test_a_piece_command_is_never_a_player() -> None:
    """``file_facts`` reads the seats from the ``PLAYER``/``PYREMOVE`` commands and skips every
    ``+/`` text (a file's opening holds thousands): a ``+/`` text holding a player command's
    words, escaped or not, canonical or not, parses as a piece or as unknown, never a player."""
    rng = random.Random(14)
    words = ["PLAYER\t", "PYREMOVE\t", "LOG\t", "+/", "/", "\\", "\t", "id", "Alice", "Allies", ";", ""]
    for _ in range(5_000):
        text = "+/" + "".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        cmd = parse_command(text)
        while isinstance(cmd, Log):
            cmd = cmd.inner
        assert not isinstance(cmd, Player), text


class _Save:
    """What ``file_facts`` reads of a file, for a tree given as text."""
    container = "raw"
    savedata = None
    module_name = module_version = vassal_version = ""
    undecodable = None

    def __init__(self, text: str) -> None:
        self.path = "made-up.log"
        self.tree = parse_tree(text)


def test_seats_are_read_past_an_opening_of_pieces() -> None:
    """A made-up file: an opening container of pieces (one of whose texts names a player), then
    the seats: only the real player commands are seats."""
    from vmodgen.vassal.codec import encode
    opening = encode(["", "+/p1/piece;;;a.gif;PLAYER\tx/null;0;0;p1;",
                      "+/p2/piece;;;b.gif;B/null;0;0;p2;"], "\x1b")
    text = encode(["begin_save", opening, "PLAYER\tsecret\tAlice\tAllies", "end_save",
                   "PYREMOVE\tsecret\tAlice\tAllies"], "\x1b")
    facts = file_facts(_Save(text), [])
    assert [(s.name, s.side, s.removed) for s in facts.seats] == [("Alice", "Allies", False),
                                                                  ("Alice", "Allies", True)]
