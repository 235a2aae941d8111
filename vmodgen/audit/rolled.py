"""Whether a step's chat reports a die roll: the one definition the audit reads a roll by (a
combat resolved: :mod:`.unrolled`'s drags before any roll, the engine's last roll of the combat
phase a file ends in, :mod:`.pending`).

A roll is a dice button's report (``*** 2d6 = 3,4 *** <Alice>``, in the module's own format too)
or a roll a player typed ("I rolled 6", :func:`~vmodgen.integrity.facts.typed_roll`: a target, a
need or a count of dice is none). Both count: a combat resolved with dice rolled outside VASSAL
and typed in is resolved all the same, and counting only the button's rolls would warn of a drag
"before any die roll" after the roll a player typed."""
from __future__ import annotations

from ..integrity.facts import typed_claim
from ..vassal.dice import read_roll


def step_rolled(step, formats: dict | None, claims: dict | None = None) -> bool:
    """Whether ``step`` (a replayed step, or None) reports a die roll in its chat (``formats``:
    the module's dice report formats; ``claims``: the file's typed claims read so far, by text,
    :func:`~vmodgen.integrity.facts.typed_claim`)."""
    return step is not None and bool(step.chat) and any(
        read_roll(t, formats) or typed_claim(t, claims) for t in step.chat_text)
