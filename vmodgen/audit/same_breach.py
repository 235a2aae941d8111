"""A breach that goes on while it stands is one finding: a rule whose ``Rule.breach`` leaves the
hexes or the units out of its key (NA41 20.4.2: a unit in the game wherever it is moved; IM 16.14:
a port overfilled whichever units land on it) is reported once, and the hexes its units are moved
on to, or the units that join it, are added to that finding, not reported again.
``details["went_on"]`` lists each addition with its step (a take-back of that step takes it out
again); the message names them once the file is read (:func:`name_additions`)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

from ..rules.illustrative import merged
from .model import AuditFinding
from .takeback import TakeBack


def adds(reported: AuditFinding, hexes: Iterable[str], units: Iterable[str]) -> bool:
    """Whether a finding at ``hexes`` naming ``units`` of the breach ``reported`` names a hex or a
    unit ``reported`` does not (cheap: asked of every standing breach at every check)."""
    return any(h not in reported.hexes for h in hexes) or any(u not in reported.units for u in units)


def note(reported: AuditFinding, again: AuditFinding) -> dict | None:
    """The standing breach ``reported`` seen again as ``again`` (at a later step): the hexes and the
    units it names that ``reported`` does not are added to it. Returns the addition (its
    ``went_on`` entry), None when there is none."""
    hexes = [h for h in again.hexes if h not in reported.hexes]
    units = [(u, n) for u, n in zip(again.units, again.unit_names) if u not in reported.units]
    if not hexes and not units:
        return None
    reported.hexes = (*reported.hexes, *hexes)
    reported.units = (*reported.units, *(u for u, _ in units))
    reported.unit_names = (*reported.unit_names, *(n for _, n in units))
    if again.concealed:
        reported.concealed = {**again.concealed, **reported.concealed}
    if again.illustrative:      # the addition's verdict rests on its own inputs too (review rv-k23 item 11)
        reported.illustrative = merged((reported.illustrative, again.illustrative))
    entry = {"step": again.step, "hexes": hexes, "units": [u for u, _ in units], "unit_names": [n for _, n in units]}
    reported.details.setdefault("went_on", []).append(entry)
    return entry


def take_back(findings: Iterable[AuditFinding], backs: Sequence[TakeBack]) -> None:
    """What a take-back's withdrawn drags added to a finding of its unit is no longer named in it
    (the breach stood before those drags and still stands)."""
    for f in findings:
        went = f.details.get("went_on")
        if not went:
            continue
        kept = []
        for e in went:
            # the units of the addition whose drag at its step is withdrawn: each goes alone (one
            # drag of several units, one of them dragged back, keeps the others: rv-k23 item 4);
            # an addition of hexes only (the finding's own units moved on) goes with its step
            back = {tb.unit for tb in backs if tb.unit in f.units and (
                e["step"] in tb.withdrawn_steps or _carried_back(e, tb))}
            left = [u for u in e["units"] if u not in back]
            if not (back if not e["units"] else len(left) < len(e["units"])):
                kept.append(e)
            elif left:
                names = dict(zip(e["units"], e["unit_names"]))
                kept.append({**e, "units": left, "unit_names": [names[u] for u in left]})
        if kept == went:
            continue
        dropped_hexes = {h for e in went if not any(k["step"] == e["step"] for k in kept) for h in e["hexes"]}
        dropped_units = {u for e in went for u in e["units"]} - {u for e in kept for u in e["units"]}
        f.hexes = tuple(h for h in f.hexes if h not in dropped_hexes)
        named = [(u, n) for u, n in zip(f.units, f.unit_names) if u not in dropped_units]
        f.units, f.unit_names = tuple(u for u, _ in named), tuple(n for _, n in named)
        # a unit no longer named is no longer concealed by it, unless it stands in the scene, whose
        # hidden units the report conceals too (review rv-k23 item 11)
        seen = {e[0] for e in f.scene}
        f.concealed = {u: c for u, c in f.concealed.items() if u not in dropped_units or u in seen}
        if kept:
            f.details["went_on"] = kept
        else:
            del f.details["went_on"]


def _carried_back(entry: dict, tb: TakeBack) -> bool:
    """An addition of hexes only (the finding's unit moved on) to stops the take-back withdraws that
    were reached before a seam in this file (a return by Prev or Undo: the stops carry no step),
    made before the take-back's first drag (review rv-k23 item 10)."""
    return (not entry["units"] and bool(entry["hexes"]) and entry["step"] < tb.first
            and set(entry["hexes"]) <= set(tb.carried_hexes))


def carry_on(earlier: AuditFinding, later: AuditFinding) -> None:
    """``later``, a file's finding of the breach ``earlier`` (a file before it in the chain)
    reported and that still stood as the file began, is not reported again: what joined it in that
    file is added to ``earlier`` and named in its message with its file (review rv-k23 item 8: it was
    named nowhere)."""
    went = later.details.get("went_on")
    if not went:
        return
    names = dict(zip(later.units, later.unit_names))
    added = []
    for e in went:
        hexes = [h for h in e["hexes"] if h not in earlier.hexes]
        units = [u for u in e["units"] if u not in earlier.units]
        if not hexes and not units:
            continue
        earlier.hexes = (*earlier.hexes, *hexes)
        earlier.units = (*earlier.units, *units)
        earlier.unit_names = (*earlier.unit_names, *(names.get(u, u) for u in units))
        added.append({**e, "file": later.file, "hexes": hexes, "units": units,
                      "unit_names": [names.get(u, u) for u in units]})
    if not added:
        return
    earlier.concealed = {**later.concealed, **earlier.concealed}
    if later.illustrative:
        earlier.illustrative = merged((earlier.illustrative, later.illustrative))
    earlier.details.setdefault("went_on", []).extend(added)
    said = "; ".join(", ".join([*e["hexes"], *e["unit_names"]]) + f" (step {e['step']})" for e in added)
    earlier.message += f" It went on in {Path(later.file).name}: {said}."


def name_additions(findings: Iterable[AuditFinding]) -> None:
    """Add to each finding that went on the hexes and units added to it, with their steps."""
    for f in findings:
        went = f.details.get("went_on")
        if went:
            said = "; ".join(", ".join([*e["hexes"], *e["unit_names"]]) + f" (step {e['step']})" for e in went)
            f.message += f" The same breach went on: {said}."
