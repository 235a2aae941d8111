"""A file's player roster replayed as VASSAL keeps it (``PlayerRoster``, identical in 3.7.26 and
3.8.0-beta1): ``PLAYER id name side`` (``Add``) replaces the entry with that player id (the
password) in place or appends one; ``PYREMOVE id`` (``Remove``) drops the entry with that id. A
side change writes both in one step, the ``Remove`` under the id the player sat with (a claimed
slot's, possibly blank) and the ``Add`` under the player's own id and *current* name, so a player
who renamed or left a claimed slot is matched by the id, never by the name."""
from __future__ import annotations

from dataclasses import dataclass, field

from .facts import Seat


@dataclass
class Roster:
    #: roster key -> (name, side): who sits where after the file's last roster command
    seated: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: each PLAYER in order: the seat, the side that player held before it (None: none known),
    #: the names of the other players who held that side when it was claimed
    claims: list[tuple[Seat, str | None, list[str]]] = field(default_factory=list)


def replay_roster(seats: list[Seat], blanked: bool) -> Roster:
    """The roster of one file's ``seats`` (PLAYER and PYREMOVE in order). ``blanked``: every
    password was blanked by sanitize, so all ids are "" and say nothing; entries are then keyed
    by name and a removal (which carries only the id) drops nothing: the ``PLAYER`` that follows
    it replaces the entry of the same name, and a player who renamed in such a file stays at the
    old side too (the file keeps nothing that tells the two apart)."""
    r = Roster()
    last: dict[str, str] = {}           # roster key -> the side it held last (kept over a removal)
    last_by_name: dict[str, str] = {}   # a player who came back under another password
    left: tuple[int, str] | None = None  # (step, side) of the entry the step's PYREMOVE dropped
    for s in seats:
        key = "name:" + s.name if blanked else s.password_key
        if s.removed:
            gone = None if blanked else r.seated.pop(key, None)
            left = (s.step, gone[1]) if gone else None
            continue
        before = last.get(key)
        if before is None and left is not None and left[0] == s.step:
            before = left[1]            # a side change out of a claimed slot: another id
        if before is None:
            before = last_by_name.get(s.name)
        left = None
        sharing = [n for k, (n, sd) in r.seated.items() if k != key and n != s.name and sd == s.side]
        r.seated[key] = (s.name, s.side)
        last[key] = last_by_name[s.name] = s.side
        r.claims.append((s, before, sharing))
    return r
