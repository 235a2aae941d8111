"""When a unit stood where, from the moments a log gives its moves (``UnitState.times``: the moment
each hex of its path, or each end of its drags, was entered). One reading for every rule that
orders moves against each other (IM 3.33, OM 9.63); each answer is None where the moments are
unknown (a position file, a move the audit did not follow drag by drag)."""
from __future__ import annotations

from ...positions.model import UnitState


def timed_hexes(u: UnitState) -> tuple[str, ...] | None:
    """The hexes ``u.times`` gives the moments of: its path, else where its drags ended
    (``stops``; one drag: its previous hex and its hex); None when the moments are unknown."""
    t = u.times
    if t is None:
        return None
    seq = u.path or u.stops or ((u.previous, u.hex) if u.previous is not None else None)
    return seq if seq is not None and len(seq) == len(t) else None


def entered(u: UnitState, i: int) -> int | None:
    """The moment ``u`` entered the hex of step ``i`` of its path (no path: its last drag's end),
    None when unknown."""
    seq = timed_hexes(u)
    if seq is None or u.times is None:
        return None
    return u.times[min(i, len(seq) - 1)] if u.path else u.times[-1]


def entered_on_path(u: UnitState, i: int, b: str) -> int | None:
    """The moment ``u`` entered ``b`` by step ``i`` of its path (from ``path[i]`` to
    ``path[i + 1]``), when the moments are known and that step is its path's (not a search's)."""
    path = u.path
    if path is None or i + 1 >= len(path) or path[i + 1] != b:
        return None
    return entered(u, i + 1)


def hex_at(u: UnitState, moment: int) -> str | None:
    """Where ``u``, which moved this phase, stood just before ``moment`` (the last hex it entered
    earlier), None when its moments are unknown."""
    seq = timed_hexes(u)
    if seq is None or u.times is None:
        return None
    return ([seq[0]] + [h for h, t in zip(seq, u.times) if t < moment])[-1]


def stood(u: UnitState, b: str, moment: int) -> bool | None:
    """Whether ``u``, which moved this phase, stood in ``b`` at ``moment`` (it entered ``b`` at or
    before it and had not left); None when the moments are unknown and ``b`` is on its move."""
    seq = timed_hexes(u)
    if seq is None or u.times is None:
        on_move = b in (u.hex, u.previous) or b in (u.path or ()) or b in (u.stops or ())
        return None if on_move else False
    t, n = u.times, len(seq)
    # a hex passed within one drag over several hexes (not on ``seq``) held it at no other moment
    return any(h == b and t[j] <= moment and (j + 1 == n or moment < t[j + 1]) for j, h in enumerate(seq))
