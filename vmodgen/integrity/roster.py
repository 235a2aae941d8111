"""A file's player roster replayed as VASSAL keeps it (``PlayerRoster``, identical in 3.7.26 and
3.8.0-beta1): ``PLAYER id name side`` (``Add``) replaces the entry with that player id (the
password) in place or appends one; ``PYREMOVE id`` (``Remove``) drops the entry with that id. A
side change writes both in one step, the ``Remove`` under the id the player sat with (a claimed
slot's, possibly blank) and the ``Add`` under the player's own id and *current* name, so a player
who renamed or left a claimed slot is matched by the id, never by the name. In a copy whose
passwords were blanked the ids say nothing: the step's side-change chat line
(:mod:`.side_change`) then names the seat left."""
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
    #: each claim under a name that another seated entry bears, at another side, with that side:
    #: two players of one name (or one player under two passwords: VASSAL keeps both entries),
    #: never a side change; ``told``: their passwords differ (False: the copy's passwords were
    #: blanked, so one player's change with no removal and a second player cannot be told apart)
    namesakes: list[tuple[Seat, str, bool]] = field(default_factory=list)


def replay_roster(seats: list[Seat], blanked: bool) -> Roster:
    """The roster of one file's ``seats`` (PLAYER and PYREMOVE in order). ``blanked``: every
    password was blanked by sanitize, so all ids are "" and say nothing; entries are then keyed
    by name and a removal (which carries only the id) drops the entry its step's chat line says
    was left (:func:`_blanked_removal`), else nothing: the ``PLAYER`` that follows it replaces
    the entry of the same name, and a player who renamed in such a file with no such line stays
    at the old side too (the file keeps nothing that tells the two apart)."""
    r = Roster()
    last: dict[str, str] = {}           # roster key -> the side it held last (kept over a removal)
    last_by_name: dict[str, str] = {}   # a player who came back under another password
    left: tuple[int, str] | None = None  # (step, side) of the entry the step's PYREMOVE dropped
    removal_step = -1                   # the step of the last PYREMOVE
    for s in seats:
        key = "name:" + s.name if blanked else s.password_key
        if s.removed:
            removal_step = s.step
            if blanked:
                gone_key = _blanked_removal(r.seated, s.switched_from)
                gone = r.seated.pop(gone_key) if gone_key is not None else None
            else:
                gone = r.seated.pop(key, None)
            left = (s.step, gone[1]) if gone else None
            continue
        before = last.get(key)
        if before is None and left is not None and left[0] == s.step:
            before = left[1]            # a side change out of a claimed slot: another id
        other = _namesake_side(r.seated, key, s, blanked and removal_step != s.step)
        if other is not None:
            r.namesakes.append((s, other, not blanked))
            before = None               # a second entry of that name, or one that cannot be told
        elif before is None:
            before = last_by_name.get(s.name)   # came back under another password after leaving
        left = None
        sharing = [n for k, (n, sd) in r.seated.items() if k != key and n != s.name and sd == s.side]
        r.seated[key] = (s.name, s.side)
        last[key] = last_by_name[s.name] = s.side
        r.claims.append((s, before, sharing))
    return r


def _namesake_side(seated: dict[str, tuple[str, str]], key: str, s: Seat, unremoved: bool) -> str | None:
    """The side of another seated entry of ``s``'s name at another side: under another key
    (password), or, in a blanked copy, the entry of that name itself when no removal came in
    ``s``'s step (``unremoved``: VASSAL's side change always removes first)."""
    for k, (n, sd) in seated.items():
        if n == s.name and sd != s.side and (k != key or unremoved):
            return sd
    return None


def _blanked_removal(seated: dict[str, tuple[str, str]], said: tuple[str, str] | None) -> str | None:
    """The key of the entry a removal drops in a copy with every password blanked: the one
    holding the side the step's chat line says ``said`` = (name, side) left, that name's own
    when it holds it (a side change), else the one entry holding it (a claimed slot left: VASSAL
    removes the slot's id, the player's name is not the slot's); None when no line says, or when
    several other entries hold that side (which one was claimed cannot be told)."""
    if said is None:
        return None
    name, side = said
    holding = [k for k, (_, sd) in seated.items() if sd == side]
    if "name:" + name in holding:
        return "name:" + name
    return holding[0] if len(holding) == 1 else None
