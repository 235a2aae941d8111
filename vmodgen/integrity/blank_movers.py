"""Who moved, in a file whose movers' ids are all blank (a ``vmodgen sanitize`` copy, or empty
passwords): VASSAL records the mover's id with each drag (``M/``), and with every id "" the
replay cannot name the mover, so the reports fell back on the file's recorder, crediting one
player with every move of a file several players sat in. What is left to tell is the roster by
name, in the order of its seat changes (``PLAYER``; a ``PYREMOVE`` carries only the blank id and
drops no one): a move is credited to the one player seated at that step on the side of the
units moved, else to :data:`NOT_KNOWN`. A file whose roster names one player keeps the recorder
(a log holds its recorder's actions, and there is no one else to credit)."""
from __future__ import annotations

from typing import Iterable

from ..vassal.commands import Command
from ..vassal.typed import Log, MovePiece, Player

#: the player a move is credited to when the evidence names no one
NOT_KNOWN = "not known"
#: what the reports say of the moves by player of such a file
BY_SEAT = (f"{{n}} move step(s) with the mover's id blank (a sanitized copy, or empty passwords) credited to the "
           f"player then seated on the moved units' side, or to '{NOT_KNOWN}'")


def credit_blank_movers(steps: Iterable, players: list[tuple[str, str]], unit_sides: dict[str, str]) -> int:
    """Set ``player`` of each step with moves and no player named (by a chat line or an id) to
    the one player seated on its units' side then, or :data:`NOT_KNOWN`, when every mover id of
    the file is blank and its roster names more than one player. ``players``: (name, roster
    side) at the file's start; ``unit_sides``: piece id → the binding's side. How many steps
    were credited so."""
    steps = list(steps)
    seats = [(step, _roster_of(step.command)) for step in steps]
    names = {n for n, _ in players} | {p.name for _, ps in seats for p in ps if not p.removed and p.name}
    if len(names) < 2 or not _ids_blank(steps):
        return 0
    credited = 0
    seated = dict(players)              # name → roster side
    for step, roster in seats:
        for p in roster:
            if not p.removed:           # (a removal's id is blank: it names no one)
                seated[p.name] = p.side
        if not step.moves or step.player:
            continue
        sides = {_key(unit_sides[pid]) for mv in step.moves
                 for pid in (mv.members if mv.is_stack else [mv.piece_id]) if pid in unit_sides}
        holders = [n for n, sd in seated.items() if len(sides) == 1 and _key(sd) in sides]
        step.player = holders[0] if len(holders) == 1 else NOT_KNOWN
        credited += 1
    return credited


def _key(side: str) -> str:
    """A side's name compared with case and punctuation aside (the roster's ``Allied``, the
    binding's ``allied``)."""
    return "".join(ch for ch in side.lower() if ch.isalnum())


def _typed(node: Command):
    cmd = node.typed()
    while isinstance(cmd, Log):
        cmd = cmd.inner
    return cmd


def _roster_of(command: Command) -> list[Player]:
    """The PLAYER and PYREMOVE commands of one step, in order."""
    return [cmd for node in (command.walk() if command.subs else (command,))
            if "PLAYER\t" in node.text or "PYREMOVE\t" in node.text
            if isinstance(cmd := _typed(node), Player)]


def _ids_blank(steps: list) -> bool:
    """Whether the file's drags all carry a mover id and every one is blank (None: a VASSAL
    that wrote none, whose files the recorder stands for as before)."""
    ids = [cmd.player_id for step in steps if step.moves
           for node in (step.command.walk() if step.command.subs else (step.command,)) if "M/" in node.text
           if isinstance(cmd := _typed(node), MovePiece)]
    return bool(ids) and all(i == "" for i in ids)
