"""The audit's outputs as an opponent sees the units their owner concealed (VASSAL's Mask and
Invisible traits, read step by step by :mod:`vmodgen.audit.concealment`): applied once, when a
report is rendered (text, JSON, HTML, the replay page's findings), to a copy of the result.

- a **masked** unit is named as VASSAL names it to the other players (its mask's name, else
  ``(masked)``); its place shows (the mask is drawn there), nothing from inside the mask does:
  a finding naming it keeps its rule, step and hexes but not the rule's reckoning (message and
  details, which quote the unit's values), and its side is not given;
- a **hidden** unit (Invisible) is not seen at all, nor where it is: a finding that names it, or
  that names a hex a hidden unit stands in, or a ZOC finding whose only enemies beside its hex
  are concealed (``AuditFinding.by``: the finding would tell where they stand; a masked one is
  treated as a finding naming a masked unit), still appears (the position is illegal) with its
  file, step, turn, phase and rule, but no hex, no unit besides ``(hidden)`` and no reckoning;
- continuity entries of a concealed piece name it so, without its piece id (which links it to
  where it was seen before) or its property differences; a hidden piece's place is withheld (a
  piece is concealed there by its owner's trait, or by where it is: a private hand's piece is
  hidden, a face-down deck shows its Mask, :meth:`~.concealment.ConcealmentReader.by_place`);
- the coverage's ``out_of_phase`` and ``started_elsewhere`` entries and the take-backs name the
  unit so, with no side; a hidden unit's hexes are withheld;
- the coverage's ``units_by_side`` counts only the units seen unconcealed at some step (a masked
  unit shows no side, a hidden one not even that it exists), ``units_withheld: true`` saying
  that some were left out. Counts of moves (by side, by player) include concealed units' moves:
  they tell no unit, place or strength, and an opponent stepping through the log in VASSAL sees
  those steps too.

With ``reveal`` everything is shown in full and every output says so. Either way each such
entry keeps ``concealed`` (the kinds of its concealed units, no identity) and the result's
``concealment`` counts them; the owner's password id is in none of it."""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from ..vassal.looks import HIDDEN
from .concealment import INVISIBLE, KINDS, MASK, finding_units
from ..rules.illustrative import withheld
from .model import AuditFinding, AuditResult, ContinuityIssue

#: what stands for a place an opponent cannot see
WITHHELD = "(withheld)"
#: what stands for a concealed piece's property differences
NOT_SHOWN = "(not shown)"
#: the sections whose entries can name a concealed unit (the keys of ``concealment["entries"]``)
SECTIONS = ("findings", "continuity", "out_of_phase", "started_elsewhere", "taken_back")


def for_report(result: AuditResult, reveal: bool = False) -> AuditResult:
    """A copy of ``result`` ready to render: concealed units named as an opponent sees them
    (unless ``reveal``), the private marks of the audit turned into ``concealed`` kinds, and the
    counts in :attr:`AuditResult.concealment`. ``result`` itself is left as it is."""
    count = _Count()
    findings = [_finding(f, reveal, count) for f in result.findings]
    continuity = [_continuity(c, reveal, count) for c in result.continuity]
    coverage, integrity = result.coverage, result.integrity
    if _marked(coverage.get("out_of_phase")) or _marked(coverage.get("started_elsewhere")):
        coverage = dict(coverage)
        coverage["out_of_phase"] = [_move(m, reveal, count, "out_of_phase", ("from", "to"))
                                    for m in coverage.get("out_of_phase", [])]
        coverage["started_elsewhere"] = [_move(m, reveal, count, "started_elsewhere", ("replay", "recorded"))
                                         for m in coverage.get("started_elsewhere", [])]
    if "_units_seen" in coverage or any("_units_seen" in f for f in coverage.get("per_file", ())):
        coverage = _units(coverage, reveal)
    tb = (integrity or {}).get("taken_back") or {}
    if _marked(tb.get("items")) or any(_marked(t.get("withdrawn_findings")) for t in tb.get("items", ())):
        integrity = dict(integrity)
        integrity["taken_back"] = {**tb, "items": [_take_back(t, reveal, count) for t in tb["items"]]}
    summary = count.summary(reveal)
    return dataclasses.replace(result, findings=findings, continuity=continuity, coverage=coverage,
                               integrity=integrity, concealment=summary)


def revealed_sentence(result: AuditResult) -> str | None:
    """The line every report prints about concealed units: that they are shown in full
    (``--reveal-hidden``), or how many are named as an opponent sees them; None when the audit met
    none and nothing was asked."""
    c = result.concealment
    if not c:
        return None
    units = c.get("units", {})
    n = ", ".join(f"{v} {'masked' if k == MASK else 'hidden'}" for k, v in units.items()) or "none"
    where = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in c.get("entries", {}).items())
    if c.get("revealed"):
        return (f"hidden revealed: units masked or hidden, by their owner or by where they are, are shown in full "
                f"(--reveal-hidden; "
                f"units: {n}{'; in ' + where if where else ''})")
    return (f"concealed: units masked or hidden, by their owner or by where they are (a private hand, a face-down "
            f"deck), are named as an opponent sees them "
            f"(units: {n}; in {where}): a masked unit by its mask, a hidden unit and its hexes not at all; "
            "--reveal-hidden shows them")


# ---------------------------------------------------------------------------------- counting
class _Count:
    """Concealed units met (by identity, kept here only) and the entries naming them."""

    def __init__(self) -> None:
        self.units: dict[str, str] = {}
        self.entries: dict[str, int] = {}

    def unit(self, key: str, kind: str) -> None:
        old = self.units.get(key)
        self.units[key] = kind if old is None or KINDS.index(kind) > KINDS.index(old) else old

    def entry(self, section: str) -> None:
        self.entries[section] = self.entries.get(section, 0) + 1

    def summary(self, reveal: bool) -> dict[str, Any]:
        if not self.entries and not reveal:
            return {}
        units = {k: n for k in KINDS if (n := sum(1 for v in self.units.values() if v == k))}
        return {"revealed": reveal, "units": units,
                "entries": {s: self.entries[s] for s in SECTIONS if s in self.entries}}


def _marked(entries) -> bool:
    return any("_concealed" in e for e in entries or ())


# ---------------------------------------------------------------------------------- findings
def _finding(f: AuditFinding, reveal: bool, count: _Count) -> AuditFinding:
    if not f.concealed:
        return f
    met = finding_units(f.units, f.hexes, f.scene, f.concealed, f.by)
    for uid, kind in met:
        count.unit(uid, kind)
    kinds = tuple(k for _, k in met)
    if kinds:
        count.entry("findings")
    if reveal:
        return f
    scene = tuple(e if e[0] not in f.concealed else ("", e[1], False, f.concealed[e[0]][1], "")
                  for e in f.scene if f.concealed.get(e[0], ("",))[0] != INVISIBLE)
    if INVISIBLE in kinds:
        n = kinds.count(INVISIBLE)
        who = "a unit" if n == 1 else f"{n} units"
        message = (f"A {f.kind} rule is broken by or beside {who} its owner hid (VASSAL's Invisible trait): "
                   "the hexes, the units and the rule's reckoning are withheld, as an opponent sees nothing of "
                   "a hidden unit (--reveal-hidden shows them).")
        return dataclasses.replace(f, message=message, hexes=(), units=(HIDDEN,) * n, unit_names=(HIDDEN,) * n,
                                   scene=(), details={}, concealed={}, redacted=(INVISIBLE,) * n,
                                   illustrative=withheld(f.illustrative))
    if not kinds:                     # a concealed unit only near the finding: drawn as it is seen
        return dataclasses.replace(f, scene=scene, concealed={}, redacted=())
    units = tuple(f.concealed[u][1] if u in f.concealed else u for u in f.units)
    names = tuple(f.concealed[u][1] if u in f.concealed else n for u, n in zip(f.units, f.unit_names))
    at = f" at {', '.join(f.hexes)}" if f.hexes else ""
    message = (f"A {f.kind} rule is broken{at} by {', '.join(names)}. The rule's reckoning is withheld: it "
               "reads what the mask of a unit its owner masked hides (--reveal-hidden shows it).")
    return dataclasses.replace(f, message=message, units=units, unit_names=names, scene=scene, details={},
                               concealed={}, redacted=kinds, illustrative=withheld(f.illustrative))


# ---------------------------------------------------------------------------------- continuity
def _continuity(c: ContinuityIssue, reveal: bool, count: _Count) -> ContinuityIssue:
    hid = c.concealment()
    if hid is None:
        return c
    count.unit(hid[2] if len(hid) > 2 else c.piece, hid[0])
    count.entry("continuity")
    if reveal:
        return c
    before, after = c.concealed
    kinds = tuple((x[0], x[1]) if x is not None else None for x in (before, after))
    was, now = c.was, c.now
    if c.what == "changed":
        was = now = NOT_SHOWN
    else:
        if before is not None and before[0] == INVISIBLE and was != "absent":
            was = WITHHELD
        if after is not None and after[0] == INVISIBLE and now != "absent":
            now = WITHHELD
    return dataclasses.replace(c, piece="", name=hid[1], was=was, now=now, concealed=kinds)


# ---------------------------------------------------------------------------------- unit counts
def _units(coverage: dict, reveal: bool) -> dict:
    """``units_by_side`` (of the chain and of each file) as an opponent can count them: only the
    units seen unconcealed at least once (a masked unit shows no side, a hidden one nothing), with
    ``units_withheld: true`` where some were left out; in full with ``reveal``."""
    def one(c: dict) -> dict:
        c = dict(c)
        seen = c.pop("_units_seen", None)
        if seen is not None and not reveal:
            c["units_by_side"] = seen
            c["units_withheld"] = True
        return c
    out = one(coverage)
    if "per_file" in out:
        out["per_file"] = [one(f) for f in out["per_file"]]
    return out


# ---------------------------------------------------------------------------------- listed moves
def _move(m: dict, reveal: bool, count: _Count, section: str, places: tuple[str, ...]) -> dict:
    """An ``out_of_phase`` or ``started_elsewhere`` entry."""
    hid = m.get("_concealed")
    if hid is None:
        return m
    kind, shown, key = hid
    count.unit(key, kind)
    count.entry(section)
    out = {k: v for k, v in m.items() if k != "_concealed"}
    if not reveal:
        out["unit"] = shown
        if "side" in out:
            out["side"] = ""
        if kind == INVISIBLE:
            for p in places:
                out[p] = None
    out["concealed"] = [kind]
    return out


def _take_back(t: dict, reveal: bool, count: _Count) -> dict:
    out = copy.deepcopy(t)
    gone = out.get("withdrawn_findings") or []
    for w in gone:
        kinds = w.pop("_concealed", None)
        if kinds:
            w["concealed"] = kinds
            if not reveal:
                w["message"] = ("withheld: a finding about a unit its owner "
                                + ("hid" if INVISIBLE in kinds else "masked") + " (--reveal-hidden shows it)")
    hid = out.pop("_concealed", None)
    if hid is None:
        return out
    kind, shown, key = hid
    count.unit(key, kind)
    count.entry("taken_back")
    out["concealed"] = [kind]
    if reveal:
        return out
    out.update(unit=shown, unit_name=shown, side="", restores=[])
    out.pop("note", None)
    if kind == INVISIBLE:
        out["hexes"] = [WITHHELD] * len(out.get("hexes") or [])
    return out
