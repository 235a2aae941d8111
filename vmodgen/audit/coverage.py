"""What an audit checked and what it could not: steps replayed, units' moves judged and not
judged (and why), the share of steps in a known phase, units recognised per side, rules not
judged. Every report carries it (``docs/audit-json.md``, "coverage"), so that "0 findings"
never stands for "nothing was looked at"."""
from __future__ import annotations

from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..rules.illustrative import merged, read_counts

#: why a unit's move was not judged as a move (the keys of ``moves.not_judged``)
NO_PHASE = "no phase known"
OUT_OF_PHASE = "not in a phase where the unit moves"
OFF_MAP = "off-map"
UNDONE = "undone"
#: a drag back by hand to a hex the unit stood on earlier in the phase, and the drags it withdrew
#: (vmodgen.audit.takeback)
TAKEN_BACK = "taken back by hand"
#: a drag that ends on the hex it started from, of a unit that had not left that hex in the phase
#: (picked up and put back: a change of the stack's order, no move)
PUT_BACK = "put back on its hex"
REASONS = (NO_PHASE, OUT_OF_PHASE, OFF_MAP, UNDONE, TAKEN_BACK, PUT_BACK)
#: a piece a Mat carried when it moved (VASSAL moves a Mat's cargo with it): not its own move;
#: in ``moves.not_judged`` only when some were (a Mat is rare in the games audited)
CARRIED = "carried on a Mat"
#: not a reason a move was left unjudged but what the binding says a phase's drags are: units
#: placed, not moved (``[[phase]] moves = "placement"``); counted apart (``moves.placed``)
PLACED = "placed"

#: the moves out of phase made in a combat phase (retreats, advances, landings, or a tracker
#: pressed past the movement phase): counted and listed apart from the others
COMBAT_PHASE = "combat phase"

#: moves listed one by one per file, at most (of each kind, out of phase)
MAX_LISTED = 50
#: a move out of its phase made from an off-map box onto the map (a return, a reinforcement
#: placed in another phase), listed with ``from_box``
FROM_BOX = "from an off-map box"


def out_of_phase_kind(entry: dict) -> str:
    """The kind of an ``out_of_phase`` entry: :data:`COMBAT_PHASE`, :data:`FROM_BOX` or ""."""
    return COMBAT_PHASE if entry.get("combat_phase") else FROM_BOX if entry.get("from_box") else ""


def undone_by(step) -> int | None:
    """The undo step that took ``step`` back (the replay's pairing), or None."""
    return step.undone_by


def takes_back(step) -> bool:
    """Whether ``step`` only takes an earlier step back: an undo (its inverse commands)."""
    return bool(step.undo or step.undoes or step.inverse_of is not None)


def player_of(step) -> str:
    """The player who made ``step`` (never a password), "" when the log does not say."""
    return step.player or ""


@dataclass
class Coverage:
    """One file's coverage (or the whole chain's, by :func:`merge`)."""
    steps: int = 0
    #: files written by VASSAL's logger (LOG commands after ``end_save``), steps or none
    logs: int = 0
    #: steps read in a known phase, and those judged with a turn inferred from who moves
    steps_phase_known: int = 0
    steps_turn_inferred: int = 0
    moves_seen: int = 0                 # unit moves (a stack's drag counts each unit)
    moves_judged: int = 0
    #: judged moves of units without a movement allowance (length not checked: ZOC, enemy
    #: units and terrain along the path only)
    moves_judged_without_allowance: int = 0
    #: judged drags over several hexes, judged along the shortest path on the map
    long_drags_judged: int = 0
    not_judged: dict[str, int] = field(default_factory=dict)
    #: (step, unit, phase name) of moves in a phase where the unit does not move, at most
    #: MAX_LISTED of each kind (those in a combat phase marked ``combat_phase``)
    out_of_phase: list[dict] = field(default_factory=list)
    #: of the moves in a phase where the unit does not move (``not_judged[OUT_OF_PHASE]``), those
    #: of each kind apart from the plain one: made in a combat phase (:data:`COMBAT_PHASE`), made
    #: from an off-map box onto the map (:data:`FROM_BOX`); counted, as the list is capped
    out_of_phase_kinds: dict[str, int] = field(default_factory=dict)
    #: judged unit drags whose recorded old position (the ``M/`` command's) is in another hex than
    #: the replay had the unit on, and not one it stood on earlier in the phase (a lost undo is a
    #: take-back instead): {"step", "unit", "replay", "recorded"}; judged as the replay shows them
    stray_drags: list[dict] = field(default_factory=list)
    #: drags on the map, in a phase where units arrive, of units that arrived in that phase (a
    #: paradrop's drift, a landing's scatter): part of the arrival, counted ``off-map``
    #: {"step", "unit", "from", "to", "phase"}
    arrival_drags: list[dict] = field(default_factory=list)
    #: carries by a Mat of units that had moved by hand earlier in their phase: their moves count
    #: afresh from where the Mat put them, so those hand moves and the later ones are not judged
    #: together (a movement allowance is not summed across the carry); {"step", "unit", "from",
    #: "to"}: the first MAX_LISTED, for the coverage message (not in the JSON coverage)
    carried_after_moving: list[dict] = field(default_factory=list)
    #: inferred turns: (step, player) where a player's run of moves ended and was judged
    inferred_turn_ends: list[dict] = field(default_factory=list)
    #: side → ids of the pieces read as that side's units (on the game map at some step)
    units: dict[str, set] = field(default_factory=dict)
    #: side → ids of its units seen on the game map only masked or hidden by their owner at the
    #: steps that read them (an opponent sees no side there; :mod:`.redact` leaves them out)
    units_concealed: dict[str, set] = field(default_factory=dict)
    pieces: int = 0                     # pieces in the file's last position
    #: runs of one phase (read from chat): {"start": step, "phase": name, "sides": {side: unit moves}}
    runs: list[dict] = field(default_factory=list)
    #: phase name → unit drags on the map in it that its binding declares placements (not moves)
    placed: dict[str, int] = field(default_factory=dict)
    #: the last line a player typed in chat before the file's first move made in a phase where
    #: the unit does not move (of the plain kind): {"step", "text"}; None when no line came
    #: before it. The report quotes it (an announcement in words no tracker reads: another
    #: language, a new wording), not in the JSON coverage
    chat_before_out_of_phase: dict | None = None
    #: the same for the file's first unit drag in a combat phase (``combat_phase``): a move
    #: announced in chat ("連合軍移動フェイズ") with the tracker left in a combat phase reads as a retreat
    chat_before_combat_drag: dict | None = None
    #: units' pieces placed from the palette that the by-hand check could not pair with a piece
    #: deleted earlier in the phase, the binding having no kit (``ByHand.unpaired``)
    unpaired_by_hand: list[dict] = field(default_factory=list)
    #: whether the audit's kit or binding has illustrative values (vmodgen.rules.illustrative):
    #: only then does the coverage say which judged moves read one
    illustrative_known: bool = False
    #: (piece id, step) of each judged move that read an illustrative value → what it read
    illustrative_moves: dict[tuple, tuple] = field(default_factory=dict)
    #: the phase ends the replay reached that stand, where the end-of-phase rules judged the
    #: position: a known phase left forward, not by an Undo, and not taken back by a later Undo
    #: (a phase sent back later by Prev had ended once and counts)
    phase_ends: int = 0

    @property
    def units_by_side(self) -> dict[str, int]:
        """Units read per side, concealed or not."""
        return {side: len(ids | self.units_concealed.get(side, set()))
                for side, ids in sorted({**{k: set() for k in self.units_concealed}, **self.units}.items())}

    def units_seen_by_side(self) -> dict[str, int] | None:
        """Units per side an opponent saw unconcealed at least once; None when that is every unit."""
        if not any(ids - self.units.get(side, set()) for side, ids in self.units_concealed.items()):
            return None
        return {side: n for side, ids in sorted(self.units.items()) if (n := len(ids))}

    def skip(self, why: str, n: int = 1) -> None:
        self.not_judged[why] = self.not_judged.get(why, 0) + n

    def out_of_phase_drag(self, kind: str, n: int = 1) -> None:
        """Count ``n`` unit moves made in a phase where the unit does not move, of ``kind``
        (:data:`COMBAT_PHASE`, :data:`FROM_BOX` or "" for the others)."""
        self.skip(OUT_OF_PHASE, n)
        if kind:
            self.out_of_phase_kinds[kind] = self.out_of_phase_kinds.get(kind, 0) + n

    def out_of_phase_count(self, kind: str) -> int:
        """How many moves of ``kind`` (:data:`COMBAT_PHASE`, :data:`FROM_BOX`) were made out of
        their phase."""
        return self.out_of_phase_kinds.get(kind, 0)

    def listed_out_of_phase(self, kind: str) -> int:
        """How many moves of ``kind`` :attr:`out_of_phase` lists."""
        return sum(1 for m in self.out_of_phase if out_of_phase_kind(m) == kind)

    def place(self, phase: str, n: int = 1) -> None:
        """Count ``n`` unit drags of ``phase`` as placements (a phase that places units)."""
        got = self.placed.get(phase, 0) + n
        if got:
            self.placed[phase] = got
        else:
            self.placed.pop(phase, None)

    def to_json(self) -> dict[str, Any]:
        moves: dict[str, Any] = {"seen": self.moves_seen, "judged": self.moves_judged,
                                 "judged_without_allowance": self.moves_judged_without_allowance,
                                 "long_drags_judged": self.long_drags_judged,
                                 "started_elsewhere": len(self.stray_drags),
                                 "not_judged": {r: self.not_judged.get(r, 0) for r in REASONS}}
        if self.not_judged.get(CARRIED):
            moves["not_judged"][CARRIED] = self.not_judged[CARRIED]
        if self.placed:        # only where a binding declares a phase that places units
            moves["placed"] = sum(self.placed.values())
            moves["placed_by_phase"] = dict(self.placed)
        if self.illustrative_known:
            moves["illustrative"] = read_counts(len(self.illustrative_moves), merged(self.illustrative_moves.values()))
        return {"steps": self.steps, "logs": self.logs, "steps_phase_known": self.steps_phase_known,
                "steps_turn_inferred": self.steps_turn_inferred, "phase_ends": self.phase_ends, "moves": moves,
                "units_by_side": self.units_by_side, "pieces": self.pieces,
                **({"_units_seen": seen} if (seen := self.units_seen_by_side()) is not None else {})}


def share(known: int, total: int) -> float:
    return round(known / total, 3) if total else 1.0


def chain_coverage(files: list[tuple[str, Coverage]], rules_not_judged: list[dict],
                   messages: list[str], warnings: Sequence[str] = (),
                   judged_earlier: Sequence[dict] = ()) -> dict[str, Any]:
    """The coverage section of a report: the chain's totals, per file, the rules not judged
    (``{"rule", "why"}``), the end-of-phase rules the record ends before whose verdict at an
    earlier phase end stands (``judged_earlier``, ``{"rule", "why"}``; a key only when there
    are some) and the plain sentences that say what was not done (``warnings``: little or
    nothing could be judged, or the module does not match)."""
    total = Coverage()
    per_file = []
    phase_ends = 0
    for path, c in files:
        phase_ends += c.phase_ends
        total.steps += c.steps
        total.logs += c.logs
        total.steps_phase_known += c.steps_phase_known
        total.steps_turn_inferred += c.steps_turn_inferred
        total.moves_seen += c.moves_seen
        total.moves_judged += c.moves_judged
        total.moves_judged_without_allowance += c.moves_judged_without_allowance
        total.long_drags_judged += c.long_drags_judged
        total.stray_drags += c.stray_drags
        for k, v in c.not_judged.items():
            total.skip(k, v)
        for k, v in c.placed.items():
            total.place(k, v)
        total.illustrative_known |= c.illustrative_known
        total.illustrative_moves.update({(path, *k): v for k, v in c.illustrative_moves.items()})
        for side, ids in c.units.items():
            total.units.setdefault(side, set()).update(ids)
        for side, ids in c.units_concealed.items():
            total.units_concealed.setdefault(side, set()).update(ids)
        total.pieces = max(total.pieces, c.pieces)
        per_file.append({"file": path, **c.to_json(),
                         "phase_known_share": share(c.steps_phase_known, c.steps),
                         "out_of_phase": [{"file": path, **m} for m in c.out_of_phase],
                         "started_elsewhere": [{"file": path, **m} for m in c.stray_drags[:MAX_LISTED]],
                         "inferred_turn_ends": c.inferred_turn_ends})
    out = total.to_json()
    out["phase_ends"] = phase_ends
    out["phase_known_share"] = share(total.steps_phase_known, total.steps)
    out["out_of_phase"] = [m for f in per_file for m in f.pop("out_of_phase")]
    out["started_elsewhere"] = [m for f in per_file for m in f.pop("started_elsewhere")]
    out["inferred_turn_ends"] = sum(len(f["inferred_turn_ends"]) for f in per_file)
    out["rules_not_judged"] = rules_not_judged
    if judged_earlier:
        out["rules_judged_earlier"] = list(judged_earlier)
    out["warnings"] = list(warnings)
    out["messages"] = messages
    out["per_file"] = per_file
    return out


def units_recognised_note(cov: dict) -> str:
    """The words after the units per side: what was counted, and the pieces at the file's end
    (a unit counts once however often it stood on a map, so the sum may pass the pieces left)."""
    return (f"(seen on a map at any step; {cov['pieces']} pieces at the end"
            + ("; units seen only masked or hidden not counted" if cov.get("units_withheld") else "") + ")")


#: what joins the reasons of a rule named not judged for several (:func:`one_entry_per_rule`)
ALSO = "; also: "


def one_entry_per_rule(entries: list[dict]) -> list[dict]:
    """``{rule, why}`` entries with each rule once, where it first comes, its distinct reasons
    joined by :data:`ALSO` in order. A rule may be named not judged for a reason met in play and
    wait for the final phase end too ("the log ends before …"), and a rule id may be judged by
    several checks (IM 15.21: the drop before an Airhead, in play, and the airheads' placement, at
    each phase end): before im23 each reason was an entry of its own, so a report named such a
    rule twice (im-undo's IM 15.21)."""
    out: dict[str, dict] = {}
    for e in entries:
        have = out.get(e["rule"])
        if have is None:
            out[e["rule"]] = dict(e)
        elif e["why"] not in reasons(have["why"]):
            have["why"] += ALSO + e["why"]
    return list(out.values())


def reasons(why: str) -> list[str]:
    """The distinct reasons one ``rules_not_judged`` entry joins (:func:`one_entry_per_rule`)."""
    return why.split(ALSO)


def rules_not_judged_by_reason(cov: dict, key: str = "rules_not_judged") -> list[tuple[list[str], str]]:
    """The coverage's rules not judged (or those of ``key``: ``rules_judged_earlier``) grouped by
    their reason, in the order each reason first comes: ``(["OM 4.31", "OM 4.16"], "the log ends
    before …")``; a report prints each reason once. A rule whose entry joins several reasons
    (:func:`one_entry_per_rule`) is listed under each (imfix25: before, the joined string was a
    group of its own, and the rule dropped out of the groups of its reasons)."""
    groups: dict[str, list[str]] = {}
    for r in (cov or {}).get(key, []):
        for why in reasons(r["why"]):
            groups.setdefault(why, []).append(r["rule"])
    return [(rules, why) for why, rules in groups.items()]


def placed_sentence(cov: dict) -> str | None:
    """One sentence for the top of a report when the binding declared phases that place units
    (``[[phase]] moves = "placement"``) and units were dragged in them: not a partial audit (the
    binding author said those drags are no moves), but not moves judged either; None otherwise."""
    moves = (cov or {}).get("moves", {})
    n = moves.get("placed", 0)
    if not n:
        return None
    by = moves.get("placed_by_phase", {})
    return (f"placed: {n} unit drag(s) on the map were taken as placements, not moves, because the binding "
            f"says so of their phase ({', '.join(f'{k} {v}' for k, v in by.items())}): not judged; see the "
            "coverage section")


def partial_sentence(cov: dict) -> str | None:
    """One sentence for the top of a report when the audit judged less than the log holds: no
    piece recognised as a unit, no phase end reached (a save alone, a log that ends inside the
    phase it starts in) while end-of-phase rules wait for one, unit moves unjudged for want of a
    phase, a seam between files whose play no file holds (``gaps``), or several in one sentence (a
    finding count of 0 is then not a clean bill); None otherwise."""
    if not cov:
        return None
    if cov.get("pieces") and not cov.get("units_by_side") and not cov.get("units_withheld"):
        return (f"partial: no piece was recognised as a unit (of {cov['pieces']} piece(s)): nothing "
                "was judged; see the coverage section")
    parts = []
    moves = cov.get("moves", {})
    skipped = {k: n for k, n in moves.get("not_judged", {}).items() if k in (NO_PHASE, OUT_OF_PHASE) and n}
    if skipped:
        why = ", ".join(f"{k}: {v}" for k, v in skipped.items())
        parts.append(f"{sum(skipped.values())} of {moves.get('seen', 0)} unit move(s) were not judged ({why})")
    gaps = cov.get("gaps", [])
    if gaps:
        seams = ", ".join(f"{Path(g['from']).name} → {Path(g['to']).name}" for g in gaps)
        parts.append(f"the play between files at {len(gaps)} seam(s) that do not close ({seams}) is in no file "
                     "as given (a file missing, moves made with no log running, or the files out of order): not judged")
    waiting = end_rules_never_judged(cov)
    if waiting:
        why, advice = NO_PHASE_END[no_phase_end_reason(cov)]
        parts.append(f"the files reach no phase end ({why}), where the rules judged at a phase end judge the "
                     f"position: {', '.join(waiting)} not judged ({advice}); the rules that hold at every "
                     "position were judged on each")
    return f"partial: {'; '.join(parts)}; see the coverage section" if parts else None


def not_judged_sentence(cov: dict) -> str | None:
    """One line for the top of every report when the coverage names rules not judged: how many and
    which, so that a count of 0 findings is not read as a clean bill for them (which cases and why:
    the coverage section; a rule may be judged, and found, in other cases). None when every rule was judged. It does not set ``partial`` (nor
    ``--strict``'s exit 3): nearly every log leaves some rule unjudged (what a log never records,
    ``LOG_PRECONDITIONS``), and the exit codes stay as documented (im23)."""
    rules = list(dict.fromkeys(r["rule"] for r in (cov or {}).get("rules_not_judged", [])))
    if not rules:
        return None
    # a rule named here may have been judged elsewhere in the files (and found), so the line says
    # "some or all cases", not "partial" (the word of --strict's exit 3; imfix25)
    return (f"not judged in some or all cases: {len(rules)} rule(s) ({', '.join(rules)}): which cases and why: "
            "see the coverage section")


#: why files reach no phase end (:func:`no_phase_end_reason`) → (the words for it, what the player
#: can do): a later file helps wherever the play goes on in it (its first phase end judges the rules)
NO_PHASE_END = {
    "save": ("a save holds one position and no play", "give the log played after it too"),
    "empty log": ("the log records no step: one position and no play", "give the log played after it too"),
    "tracker": ("the turn tracker is never advanced in them, and no unit moved in the phase it shows",
                "give the log played after it too; the phase ends are read from the turn tracker: press it at "
                "each phase's end as you play"),
    "chat": ("no chat line moves the phase on in them, and no unit moved in the phase the chat names",
             "give the log played after it too; the phase ends are read from the chat: name each phase there "
             "as you play"),
    "mid-phase": ("they stop inside the phase they start in", "give the log played after it too"),
}


def no_phase_end_reason(cov: dict) -> str:
    """Why files with no phase end reach none (a key of :data:`NO_PHASE_END`): a save alone
    ("save"; "empty log": files written by VASSAL's logger, LOG commands after end_save, with no step); no move judged in its phase and moves made out of phase outside a combat phase,
    with the phase read from the turn tracker ("tracker") or the chat ("chat"): the phase was
    left behind, not moved on in play (one stray move among judged ones says nothing of the
    tracker); else the files stop inside their phase ("mid-phase")."""
    if not cov.get("steps"):
        return "empty log" if cov.get("logs") else "save"
    source = cov.get("phase_source")
    if source in ("turn tracker", "chat") and not cov.get("moves", {}).get("judged") \
            and any(not m.get("combat_phase") for m in cov.get("out_of_phase", [])):
        return "tracker" if source == "turn tracker" else "chat"
    return "mid-phase"


def end_rules_never_judged(cov: dict) -> list[str]:
    """The end-of-phase rules the coverage names not judged because the record ends before a
    phase end (pending.py's words "… ends before the end of …"), when the files reach no phase
    end at all: none of them was judged on any position. Empty when a phase end was reached
    (the report's coverage section names what waits for the last one) or none waits."""
    if cov.get("phase_ends", 1):
        return []
    return [r["rule"] for r in cov.get("rules_not_judged", []) if " ends before the end of " in r["why"]]
