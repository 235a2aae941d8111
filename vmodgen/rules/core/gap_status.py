"""What a unit carried at the previous phase end, after a file seam with a gap
(:meth:`vmodgen.rules.base.RuleSet.resumed_after_gap`): a game's memory keeps lists of units by
what they carried then (an OoS marker, a Fatigue marker...); a file that does not start where the
previous one ended may start a unit otherwise than its list says, and the change may lie before or
after a phase end the missing steps hold. Such a unit's entry is unknown until the next phase end:
the memory's ``unknown`` field (list key → unit ids) says so, and the rules reading the list name
themselves not judged for it instead of judging it against the stale list."""
from __future__ import annotations

from typing import Any


def forget_contradicted(memory: Any, now: dict[str, list[str]], unknown: str) -> None:
    """Add to ``memory``'s field ``unknown`` the units whose entry in each list (field name →
    the ids carrying it where the file starts, ``now``) the start contradicts; a list not
    recorded (None) is left alone. A unit that starts as its list says is taken to have carried
    so at the phase end in the gap too. The field's value is replaced, never changed in place
    (positions judged earlier share it)."""
    old = getattr(memory, unknown)
    out = {k: set(v) for k, v in old.items()} if isinstance(old, dict) else {}
    for key, ids in now.items():
        was = getattr(memory, key)
        if isinstance(was, list) and set(was) != set(ids):
            out.setdefault(key, set()).update(set(was) ^ set(ids))
    setattr(memory, unknown, {k: sorted(v) for k, v in out.items()} or None)


def status_before(memory: Any, key: str, unknown: str) -> tuple[set[str] | None, set[str]]:
    """The units of list ``key`` at the previous phase end (None: not recorded) and those whose
    entry is unknown (field ``unknown``)."""
    was, gap = getattr(memory, key), getattr(memory, unknown)
    return (set(was) if isinstance(was, list) else None), set(gap.get(key, ()) if isinstance(gap, dict) else ())


#: why a unit's entry is unknown (:func:`forget_contradicted`), for a rule named not judged
UNKNOWN_WHY = ("the file does not start where the previous one ended, and the unit starts otherwise than it "
               "ended there (steps no file holds)")


def unknown_reason(name: str, what: str, key: str) -> str:
    """The reason a rule is not judged for unit ``name``, whose ``what`` (e.g. "carried an OoS
    marker") at the previous phase end is unknown; ``key``: the memory's field saying so."""
    return f"{name}: whether it {what} at the previous phase end is unknown: {UNKNOWN_WHY}; [state] {key}"
