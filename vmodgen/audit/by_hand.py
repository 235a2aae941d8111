"""What players do by hand with pieces, outside a drag, that changes what the rules judge; said
as warnings, since the log cannot tell a legal act from a mistake:

* **a unit deleted and put back elsewhere**: its piece deleted (a Delete trait, not undone) and a
  new piece of the same unit added from the palette in **another** hex of the map in the same
  phase. VASSAL records no move, so no movement rule judges it; a player does this to fix a
  position, to "teleport" a unit, or as a return/replacement. Said with both hexes and their
  distance. (Back on the same hex it is no move at all: the integrity section names the pair.)
* **a status marker put on the other side's unit outside a combat phase**: a marker from the
  palette (Fatigue, Disrupted, Out of Supply...) dropped on a hex where a unit of the side that
  does not move in this phase stands, in a phase that is not a combat phase, with no die rolled
  in that phase before it (a roll may be the result that gave it: an overrun, a drop's scatter;
  nor in a file's first phase, whose rolls may be in the file before). The rules read a
  marker as the status of the units in its hex (a fatigued unit exerts no ZOC, OM 5.13), so such
  a marker changes the judgment of the mover's own moves after it; markers on the opponent's
  units follow combat results, which a movement or supply phase does not give.

A piece its owner concealed is not named unless revealed (``reveal``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol


class _Map(Protocol):
    def has_hex(self, label: str) -> bool: ...

    def distance(self, a: str, b: str) -> int | None: ...


@dataclass
class ByHand:
    """Fed each step twice: :meth:`before` (before the positions read the step: the deleted
    pieces' last views) and :meth:`note` (after: the added pieces), which returns warnings."""
    map: _Map                        # the binding's map
    reveal: bool = False
    #: unit id → (step, hex, (turn, phase id)) of its piece deleted by hand, not yet put back
    _gone: dict[str, tuple[int, str, tuple | None]] = field(default_factory=dict)
    _seen: list[tuple[str, str]] = field(default_factory=list)   # (unit id, hex) deleted this step
    _phase: tuple | None = None      # the phase of the last step, and whether a die was rolled in it
    _rolled: bool = False

    def before(self, step, builder) -> None:
        """The units (and their hexes) ``step`` deletes, read before the step removes them."""
        self._seen = []
        if step is None or not step.deleted:
            return
        for pid in step.deleted:
            v = builder.views.get(pid)
            if (v is not None and v.unit is not None and v.hex and self.map.has_hex(v.hex)
                    and (pid not in builder.concealed or self.reveal)):
                self._seen.append((v.unit.id, v.hex))

    def note(self, name: str, k: int, step, state, builder, ph: tuple | None, phase_info, suppress: bool,
             rolled: bool = False) -> list[str]:
        """Warnings for step ``k`` (``ph``: (turn, phase id); ``suppress``: undone or a take-back;
        ``rolled``: its chat reports a die roll)."""
        if ph != self._phase or k == 0:
            self._phase, self._rolled = ph, k == 0   # a file's first phase may have had its rolls before
        if step is None or suppress:
            return []
        before, self._rolled = self._rolled, self._rolled or rolled
        for uid, hexid in self._seen:
            self._gone[uid] = (k, hexid, ph)
        out: list[str] = []
        file = Path(name).name
        where = ""
        if ph is not None and phase_info is not None:
            where = f" ({'turn ' + str(ph[0]) + ', ' if ph[0] is not None else ''}{phase_info.name})"
        for pid in step.created:
            v = builder.resolve(state, pid) if pid in state.pieces else None
            if v is None or not v.hex or not self.map.has_hex(v.hex):
                continue
            if v.concealed is not None and not self.reveal:
                continue
            if v.unit is not None:
                gone = self._gone.pop(v.unit.id, None)
                if gone is None or gone[2] != ph or gone[2] is None or gone[1] == v.hex:
                    continue
                d = self.map.distance(gone[1], v.hex)
                far = f" ({d} hex{'es' if d != 1 else ''} away)" if d is not None else ""
                unit = v.unit.name or v.unit.id
                out.append(f"{file} steps {gone[0]}-{k}{where}: {unit} was deleted in {gone[1]} and a new piece of "
                           f"it placed from the palette in {v.hex}{far}. VASSAL records no move, so this is not "
                           f"judged as a move (were it one: {gone[1]} → {v.hex}); it is legal only as a return or "
                           "replacement the rules allow in this phase.")
            elif (v.markers and phase_info is not None and phase_info.side and phase_info.unit_moves != "combat"
                  and not before and not rolled):
                others = [u for u in builder.units.values() if u.hex == v.hex and u.unit is not None
                          and u.unit.side and u.unit.side != phase_info.side
                          and (u.pid not in builder.concealed or self.reveal)]
                if not others:
                    continue
                names = ", ".join(sorted({f"{u.unit.name or u.unit.id} ({u.unit.side})" for u in others}))
                marks = ", ".join(sorted(v.markers))
                out.append(f"{file} step {k}{where}: a marker ({marks}) was put from the palette on {names} in "
                           f"{v.hex}, a unit of the side that does not move in this phase, outside a combat phase "
                           "and with no die rolled in it before. "
                           "The rules read it as that unit's status from then on (as VASSAL shows it), so it "
                           "changes how the moves after it are judged; check that a combat result or a rule "
                           "gave it.")
        return out
