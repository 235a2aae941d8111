"""What players do by hand with pieces, outside a drag, that changes what the rules judge; said
as warnings, since the log cannot tell a legal act from a mistake:

* **a unit deleted and put back elsewhere**: its piece deleted (a Delete trait, not undone) and a
  new piece of the same unit added from the palette in **another** hex of the map in the same
  stretch of one phase (the tracker not moved on between them). VASSAL records no move, so no
  movement rule judges it; a player does this to fix a position, to "teleport" a unit, or as a
  return/replacement. Said with both hexes and their distance. (Back on the same hex it is no
  move at all: the integrity section names the pair.) In a combat phase a piece put back on its
  reduced side is a step loss (the full piece swapped for the reduced one), not said; any other is
  said as possibly a retreat or an advance. A unit is only followed when the binding knows it
  apart from its piece: a binding with no kit (``FileBinding.unit_for``) names each unit after
  its piece id, so a new piece is always a new unit and this is never said there. Where such a
  unit's piece was deleted and a new piece of a unit of the same printed name and side later
  placed in another hex in the same stretch (the case the check would have judged, were the
  units told apart: several units may share a printed name; a piece with no name pairs with
  another nameless one of its side and is named by its piece id), :attr:`ByHand.unpaired` holds
  them and :func:`unpaired_sentence` says, in the coverage, that they were not checked. A log does not
  tell a piece dragged from the palette onto an empty hex from one a piece's trait places (both
  are an ``AddPiece`` at the hex, VASSAL 3.7.26 ``Map.placeAt``), so that sentence says "placed".
* **a status marker put on the other side's unit outside a combat phase**: a marker from the
  palette that the rule set reads as a unit status (its ``known_statuses`` and their aliases:
  Fatigue, Disrupted, Out of Supply...; not a hex marker such as control, strafing or a
  fortification) dropped on a hex where a unit of the side that does not move in this phase
  stands, in a phase that is not a combat phase, with no die rolled before it in that phase or
  the phase just before (a roll may be the result that gave it: an overrun, a drop's scatter, a
  combat whose result is applied after the tracker moved on; nor in a file's first phase, whose
  rolls may be in the file before). The rules read such a marker as the status of the units in
  its hex (a fatigued unit exerts no ZOC, OM 5.13), so it changes the judgment of the mover's own
  moves after it; markers on the opponent's units follow combat results, which a movement or
  supply phase does not give.

Undone steps and take-backs (an Undo) neither start a phase stretch nor count their rolls.
A piece its owner concealed is not named unless revealed (``reveal``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Protocol


class _Map(Protocol):
    def has_hex(self, label: str) -> bool: ...

    def distance(self, a: str, b: str) -> int | None: ...


def _spellings(statuses: Iterable[str], aliases: Mapping[str, tuple[str, ...]]) -> frozenset[str]:
    """Every marker id that stands for one of ``statuses`` ('-' and '_' alike, and the aliases)."""
    out: set[str] = set()
    for st in statuses:
        for name in (st, *aliases.get(st, ())):
            out.update({name, name.replace("_", "-"), name.replace("-", "_")})
    return frozenset(out)


@dataclass
class ByHand:
    """Fed each step twice: :meth:`before` (before the positions read the step: the deleted
    pieces' last views) and :meth:`note` (after: the added pieces), which returns warnings."""
    map: _Map                        # the binding's map
    reveal: bool = False
    #: the marker ids the rule set reads as a unit's status (:func:`status_markers`)
    statuses: frozenset[str] = frozenset()
    #: whether the tracker went back from the first phase to the second (the engine's
    #: ``_backwards``: known turns only); None: never
    backwards: Callable[[tuple, tuple], bool] | None = None
    #: unit id → (step, hex, stretch, reduced) of its piece deleted by hand, not yet put back
    _gone: dict[str, tuple[int, str, int, bool]] = field(default_factory=dict)
    #: (unit id, hex, reduced) deleted this step
    _seen: list[tuple[str, str, bool]] = field(default_factory=list)
    #: (unit name, side, hex, reduced, piece id) of the pieces deleted this step whose unit is
    #: named after the piece (no kit)
    _seen_own: list[tuple[str, str, str, bool, str]] = field(default_factory=list)
    #: stretch → (step, unit name, side, hex, reduced, piece id) of such pieces deleted in it, not
    #: yet followed by a placement of a unit of that name and side
    _lone: dict[int, list[tuple[int, str, str, str, bool, str]]] = field(default_factory=dict)
    #: the placements this check could not pair with a deletion, the binding having no kit:
    #: {"deleted": step, "placed": step, "phase": name or "", "unit": printed name ("" for a
    #: nameless piece), "side", "from": hex deleted in, "to": hex placed in, "deleted_piece",
    #: "placed_piece": the two piece ids, by which a nameless piece is named}
    #: (:func:`unpaired_sentence`)
    unpaired: list[dict] = field(default_factory=list)
    _phase: tuple | None = None      # the phase of the last step not undone
    _stretch: int = -1               # the number of its stretch (bumped when the phase changes)
    _count: int = -1                 # the stretches numbered so far
    _before: dict[int, int] = field(default_factory=dict)     # stretch → the stretch before it
    _last: dict[tuple, int] = field(default_factory=dict)     # phase → its last stretch
    _rolled: set[int] = field(default_factory=set)            # stretches with a die rolled

    def before(self, step, builder) -> None:
        """The units (and their hexes) ``step`` deletes, read before the step removes them. A unit
        named after its piece id (a binding with no kit) is skipped: no new piece is ever it."""
        self._seen = []
        self._seen_own = []
        if step is None or not step.deleted:
            return
        for pid in step.deleted:
            v = builder.views.get(pid)
            if (v is not None and v.unit is not None and v.unit.id and v.hex
                    and self.map.has_hex(v.hex) and (pid not in builder.concealed or self.reveal)):
                if v.unit.id != pid:
                    self._seen.append((v.unit.id, v.hex, v.reduced))
                else:
                    self._seen_own.append((v.unit.name or "", v.unit.side or "", v.hex, v.reduced, pid))

    def _enter(self, k: int, ph: tuple | None) -> None:
        """The stretch of phase ``ph`` that step ``k`` (not undone) is in."""
        if k > 0 and ph == self._phase:
            return
        back = (k > 0 and ph is not None and self._phase is not None and self.backwards is not None
                and ph in self._last and self.backwards(self._phase, ph))
        if back:
            assert ph is not None
            self._stretch = self._last[ph]      # the tracker sent back: that stretch goes on
        else:
            self._count += 1
            self._before[self._count] = self._stretch
            self._stretch = self._count
            if k == 0:
                self._rolled.add(self._stretch)  # a file's first phase may have had its rolls before
        self._phase = ph
        if ph is not None:
            self._last[ph] = self._stretch

    def note(self, name: str, k: int, step, state, builder, ph: tuple | None, phase_info, suppress: bool,
             rolled: bool = False) -> list[str]:
        """Warnings for step ``k`` (``ph``: (turn, phase id); ``suppress``: undone or a take-back,
        which changes nothing here; ``rolled``: its chat reports a die roll)."""
        if step is not None and suppress:
            return []
        self._enter(k, ph)
        if step is None:
            return []
        n = self._stretch
        before = n in self._rolled or self._before.get(n, -1) in self._rolled
        if rolled:
            self._rolled.add(n)
        for uid, hexid, reduced in self._seen:
            self._gone[uid] = (k, hexid, n, reduced)
        if ph is not None:
            self._lone.setdefault(n, []).extend((k, *seen) for seen in self._seen_own)
        out: list[str] = []
        if not step.created:
            return out
        file = Path(name).name
        where = ""
        if ph is not None and phase_info is not None:
            where = f" ({'turn ' + str(ph[0]) + ', ' if ph[0] is not None else ''}{phase_info.name})"
        combat = phase_info is not None and phase_info.unit_moves == "combat"
        for pid in step.created:
            v = builder.resolve(state, pid) if pid in state.pieces else None
            if v is None or not v.hex or not self.map.has_hex(v.hex):
                continue
            if v.concealed is not None and not self.reveal:
                continue
            if v.unit is not None and v.unit.id == pid:
                self._unpaired(k, pid, v, n, combat, phase_info)
            elif v.unit is not None:
                gone = self._gone.pop(v.unit.id, None)
                if gone is None or gone[2] != n or ph is None or gone[1] == v.hex:
                    continue
                if combat and v.reduced and not gone[3]:
                    continue           # a step loss: the full piece swapped for the reduced one
                d = self.map.distance(gone[1], v.hex)
                far = f" ({d} hex{'es' if d != 1 else ''} away)" if d is not None else ""
                unit = v.unit.name or v.unit.id
                allowed = ("a retreat or an advance after combat, or a return or replacement the rules allow"
                           if combat else "a return or replacement the rules allow")
                out.append(f"{file} steps {gone[0]}-{k}{where}: {unit} was deleted in {gone[1]} and a new piece of "
                           f"it placed from the palette in {v.hex}{far}. VASSAL records no move, so this is not "
                           f"judged as a move (were it one: {gone[1]} → {v.hex}); it is legal only as {allowed} "
                           "in this phase.")
            elif (v.markers & self.statuses and phase_info is not None and phase_info.side and not combat
                  and not before and not rolled):
                others = [u for u in builder.units.values() if u.hex == v.hex and u.unit is not None
                          and u.unit.side and u.unit.side != phase_info.side
                          and (u.pid not in builder.concealed or self.reveal)]
                if not others:
                    continue
                names = ", ".join(sorted({f"{u.unit.name or u.unit.id} ({u.unit.side})" for u in others}))
                marks = ", ".join(sorted(v.markers & self.statuses))
                out.append(f"{file} step {k}{where}: a marker ({marks}) was put from the palette on {names} in "
                           f"{v.hex}, a unit of the side that does not move in this phase, outside a combat phase "
                           "and with no die rolled in it or in the phase just before it. "
                           "The rules read it as that unit's status from then on (as VASSAL shows it), so it "
                           "changes how the moves after it are judged; check that a combat result or a rule "
                           "gave it.")
        return out

    def _unpaired(self, k: int, pid: str, v, n: int, combat: bool, phase_info) -> None:
        """A unit's piece ``pid`` placed in stretch ``n`` of a binding with no kit: were its unit
        told apart from its piece, the check above would pair it with the piece of the same unit
        deleted earlier in the stretch. Only a deletion of a unit of the same printed name and
        side can be that piece (a nameless piece: of another nameless piece of that side). One in
        the same hex (put back where it was: no move) or, in a combat phase, a full piece followed
        by a reduced one (a step loss) is taken as its pair, as the check would; one in another hex
        is a pair the check could not make."""
        lone = self._lone.get(n)
        if not lone:
            return
        same = [g for g in lone if g[1] == (v.unit.name or "") and g[2] == (v.unit.side or "")]
        if not same:
            return
        pair = next((g for g in same if g[3] == v.hex), None)
        if pair is None and combat and v.reduced:
            pair = next((g for g in same if not g[4]), None)
        if pair is not None:
            lone.remove(pair)
            return
        deleted = same[0]
        lone.remove(deleted)
        self.unpaired.append({"deleted": deleted[0], "placed": k,
                              "phase": phase_info.name if phase_info is not None else "",
                              "unit": v.unit.name or "", "side": v.unit.side or "", "from": deleted[3], "to": v.hex,
                              "deleted_piece": deleted[5], "placed_piece": pid})


def unpaired_sentence(files: list[tuple[str, list[dict]]]) -> str | None:
    """One coverage sentence for the placements :class:`ByHand` could not pair (``files``: each
    file's path and its :attr:`ByHand.unpaired`), None when there are none."""
    found = [(Path(path).name, u) for path, us in files for u in us]
    if not found:
        return None
    file, first = found[0]
    where = f", {first['phase']}" if first["phase"] else ""
    if first["unit"]:
        pair = f"{first['unit']} deleted in {first['from']}, a piece named {first['unit']} placed in {first['to']}"
    else:                  # no printed name to find it by: its piece ids (vmodgen inspect shows them)
        pair = (f"a piece with no name (piece id {first.get('deleted_piece', '?')}) deleted in {first['from']}, "
                f"another (piece id {first.get('placed_piece', '?')}) placed in {first['to']}")
    return (f"{len(found)} unit piece(s) were placed in a phase in which a piece of a unit of the same name and "
            f"side had been deleted in another hex (first: {file} steps {first['deleted']}-{first['placed']}{where}: "
            f"{pair}): "
            "not checked as a unit deleted and put back elsewhere (a move VASSAL does not record), because the "
            "binding has no kit and names each unit after its piece, so it cannot tell the unit deleted from "
            "another unit of that name (a binding to a kit, vmodgen bind --game KIT, follows each unit and "
            "checks them).")


def status_markers(ruleset) -> frozenset[str]:
    """The marker ids ``ruleset`` reads as a unit's status: its ``known_statuses`` and their
    ``status_aliases`` (the same list the positions' unit states answer to)."""
    return _spellings(ruleset.known_statuses(), ruleset.status_aliases)
