"""Invasion: Malta state the audit derives rather than reads: the time of day, the weather and the
units that arrived. Mixed into :class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

* **time** (am, pm, night): a position file states ``[state] time``; one that does not takes it from
  the kit's turn cycle and its turn when both are known (else it is unknown: the rules that need it
  are not judged, never a day or a Night assumed). In a log: the time the turn
  tracker's text names, else the kit's turn cycle (``[rules] turn_cycle``, counted from the
  sequence's first turn; the bundled kit's "am, pm, night" is inferred, the TRT is not in the text).
  (``[state] time_derived``: the cycle gave it, so the findings reading it rest on the cycle.)
  A turn in which units entered the map by air is not Night (8.43): when the cycle says Night for
  such a turn, the time is unknown. Unknown, ``[state] time_unknown`` says why and the rules that
  need it are not judged (6.12, 18.21, 15.21, 8.43, 8.33's Allied day rate, 8.41, 18.11).
* **weather** (good, windy, storm): Good where the book fixes it (GT1, 5.13; every turn of
  Scenarios 2 and 3, 7.12), else ``[state] weather``, or the tracker's text; nothing else in a log
  records the Weather Phase's roll, so the weather rules (8.43 paradrop and air transport, 11.14,
  16.16, 16.32, 8.33's Allied road rate) are not judged without it (``[state] weather_unknown`` in
  a log; in a position file that states none, the same: never a Good assumed).
* **arrivals** (memory, carried across files): ``paradropped = ["5/3"]``, units that entered the map
  by paradrop (an Airborne Operations Phase, not onto an airfield holding an airhead): they may
  trace to an airhead of their nationality (6.31) for the rest of the game; ``arrived = ["5/3"]``,
  units that entered the map since the last Night turn (6.14: in supply until then; one entering
  on a Night turn is checked that turn, §11 #22); ``air_entry_turn = 3``, the last turn in which a
  unit entered the map by air.
"""
from __future__ import annotations

from ....positions.model import Position
from ...core.board import Board
from ...core.turn_track import TIMES, WEATHERS, cycle, time_from_cycle, time_from_text, weather_from_text
from .attacker import played_am
from .carried import MaltaMemory, entered_from
from .stacking import InvasionMaltaStacking

P = "IM"


class InvasionMaltaConditions(InvasionMaltaStacking):
    """Derived state and arrivals (needs ``param``, ``game``, ``not_judged``, ``_air_landed``)."""

    def derive(self, pos: Position, turn_text: str = "") -> None:
        st = pos.state
        if "time" not in st:
            time, why = self._derive_time(pos, turn_text)
            if time:
                st["time"] = time
                if time_from_text(turn_text) is None:
                    st["time_derived"] = "turn_cycle"     # the kit's (illustrative) cycle gave it
            else:
                st["time_unknown"] = why
        if "active" not in st:
            # 7.13: the AM the log shows drawn names the active formation or sector of the
            # Ground Sequence it starts (its marker id: am-<formation id or sector area id>)
            info = self.game.sequence.phase(pos.phase) if pos.phase else None
            if info is not None and "Ground Sequence" in info.segments:
                am, why = played_am(self.memory(pos), pos)
                if am is not None:
                    st["active"] = am[3:]
                elif why:
                    st["active_unknown"] = why
        if "weather" not in st:
            w = weather_from_text(turn_text) or self.book_weather(pos)
            if w:
                st["weather"] = w
            else:
                st["weather_unknown"] = "no Weather Phase result is recorded (the turn tracker names no weather)"

    def _derive_time(self, pos: Position, turn_text: str) -> tuple[str | None, str]:
        t = time_from_text(turn_text)
        if t is not None:
            return t, ""                       # what the players' own track shows
        t = time_from_cycle(pos.turn, self.game.sequence.first_turn, cycle(self.param("turn_cycle")))
        if t is None:
            return None, ("the turn tracker names no time of day (AM, PM, Night) and the kit has no turn cycle"
                          if pos.turn is not None else "the turn is not known")
        if t == "night" and (self.memory(pos).air_entry_turn == pos.turn or self._entering_by_air(pos)):
            return None, (f"the kit's turn cycle makes turn {pos.turn} a Night turn, but units entered the map by air "
                          "on it, which never happens at Night (8.43)")
        return t, ""

    def _entering_by_air(self, pos: Position) -> bool:
        """Units on the map in an Airborne Operations Phase that were off it at its start."""
        if pos.phase != "airborne":
            return False
        prev, m = self.memory(pos).prev_hexes, pos.map
        return any(m.has_hex(u.hex) and (was := entered_from(prev, u)) is not None and not m.has_hex(was)
                   for u in pos.units)

    def known_time(self, board: Board, rule_id: str) -> str | None:
        """The time of day, or None after recording ``rule_id`` as not judged: the audit could not
        derive it, or a position file states none and has no turn to read it from (never a default)."""
        return self._known(board, rule_id, "time", "the time of day")

    def known_weather(self, board: Board, rule_id: str) -> str | None:
        """The weather, or None after recording ``rule_id`` as not judged: the audit could not derive
        it, or a position file states none where the book does not fix it (never a default). Where
        the book fixes it (:meth:`book_weather`) that is the weather, whatever is stated."""
        w = self.weather(board.pos)
        if w is None:
            self.not_judged(rule_id, f"the weather is unknown: {self.unknown_condition(board.pos, 'weather')}")
        return w

    def weather(self, pos: Position) -> str | None:
        """The weather the rules read, recording nothing: the one the book fixes, else the stated one
        unless :meth:`weather_open`; None when unknown."""
        return self.book_weather(pos) or (None if self.weather_open(pos) else self.condition(pos, "weather"))

    def weather_open(self, pos: Position) -> str:
        """Why a stated weather other than Good may not be the weather ("" when it is): a position that
        names no scenario and may be Scenario 2 or 3 (Malta: 1, 2 or 3), where every turn is Good
        (5.13 「良好天候は、シナリオ2と3中の全ターン」), or another, where the stated weather holds. A
        log names no scenario and is not read so: the turn tracker's weather is what the players
        rolled (a Storm rolled there is Scenario 1's or 4's)."""
        v = self.condition(pos, "weather")
        if v in (None, "good") or self.book_weather(pos) or not pos.moves_announced \
                or self.scenario_in(pos, {"2", "3"}) is not None:
            return ""
        return (f"the position names no scenario ({self._choices(pos)}): in Scenarios 2 and 3 every turn is Good "
                f"(5.13), whatever is stated; in the others the weather is the stated {v}")

    def book_weather(self, pos: Position) -> str | None:
        """5.13, 7.12: the weather the rulebook fixes: Good on every turn of Scenarios 2 and 3, and
        on GT1 of every scenario ("GT1の天候は、自動的に良好"); None elsewhere (the Weather Phase's
        roll or the scenario's designated turns decide)."""
        if self.scenario_no(pos) in ("2", "3"):
            return "good"
        if pos.turn is not None and pos.turn == self.game.sequence.first_turn:
            return "good"
        return None

    def _known(self, board: Board, rule_id: str, key: str, what: str) -> str | None:
        """:meth:`condition` ``key``, or None after recording ``rule_id`` as not judged."""
        v = self.condition(board.pos, key)
        if v is None:
            self.not_judged(rule_id, f"{what} is unknown: {self.unknown_condition(board.pos, key)}")
        return v

    def condition(self, pos: Position, key: str) -> str | None:
        """``time`` or ``weather`` as the position gives it, recording nothing (None when unknown):
        ``[state] key``; a position's time that the audit did not find unknown, from the kit's turn
        cycle and its turn, as in a log. The weather the book fixes is :meth:`known_weather`'s."""
        st = pos.state
        v = st.get(key)
        if isinstance(v, str) and v.lower() in (TIMES if key == "time" else WEATHERS):
            return v.lower()
        if key == "time" and "time_unknown" not in st:
            return time_from_cycle(pos.turn, self.game.sequence.first_turn, cycle(self.param("turn_cycle")))
        return None

    def unknown_condition(self, pos: Position, key: str) -> str:
        """Why ``key`` (``time`` or ``weather``) is unknown ("" when known): what the audit recorded
        (``[state] key_unknown``), else what a position file lacks."""
        if key == "weather" and (why := self.weather_open(pos)):
            return why
        if self.condition(pos, key) is not None or key == "weather" and self.book_weather(pos):
            return ""
        if f"{key}_unknown" in pos.state:
            return str(pos.state[f"{key}_unknown"])
        if key == "weather":
            n = self.scenario_no(pos)
            return (f"the position states no [state] weather, and the rulebook fixes it (Good, 5.13, 7.12) only on "
                    f"GT1 and in Scenarios 2 and 3, not on turn {pos.turn if pos.turn is not None else '(none given)'} "
                    f"of {'Scenario ' + n if n else 'a position naming no scenario'}")
        return "the position states no [state] time and no turn to read it from by the kit's turn cycle"

    def begin(self, start: Position, memory: MaltaMemory) -> None:
        """A file with no earlier file (no ``prev_hexes`` in memory) starts from where its pieces
        stand. Unless it starts at the first phase of the first turn, the Axis units already on
        the map may have arrived by air or since the last Night turn: they are listed in
        ``arrival_unknown`` and the supply rule is not judged for them (6.14, 6.31)."""
        if memory.prev_hexes is not None:
            return
        memory.prev_hexes = {u.id: u.hex for u in start.units}
        memory.prev_sides = {u.id: u.side for u in start.units}
        self._drops_unseen(start, start.units, memory)
        phases = self.game.sequence.phases
        at_start = start.turn is None or (start.turn == self.game.sequence.first_turn and
                                          (not start.phase or (phases and start.phase == phases[0].id)))
        if not at_start:
            axis = str(self.param("im_supply_side"))
            memory.arrival_unknown = sorted(u.id for u in start.units if u.side == axis and self.combat(u)
                                            and start.map.has_hex(u.hex) and not u.has("paradropped"))
            memory.arrival_unknown_why = (f"the audit starts at turn {start.turn}, "
                                          f"{start.phase_name if start.phase_info else 'an unknown phase'}, "
                                          "with no earlier file: how the Axis units then on the map arrived "
                                          "(by air, 6.31; since the last Night turn, 6.14) is unknown")

    def _drops_unseen(self, start: Position, units, memory: MaltaMemory) -> None:
        """15.2: ``units`` of the Axis on the map where a file starts in an Airborne Operations
        Phase may have dropped in it before the file: ``drop_unseen`` until the phase end."""
        if start.phase != "airborne":
            return
        axis = str(self.param("im_supply_side"))
        unseen = {u.id for u in units if u.side == axis and self.combat(u) and start.map.has_hex(u.hex)}
        if unseen:
            memory.drop_unseen = sorted(set(memory.drop_unseen or ()) | unseen)

    def placed_between(self, start: Position, units: set[str], memory: MaltaMemory) -> None:
        """Units placed differently since the last file ended stand, for the next phase end, where
        this file starts them (their moves in the gap are none of this file's); how those of the
        Axis then on the map arrived is unknown, as for a file with no earlier file (6.14, 6.31)."""
        moved = [u for u in start.units if u.id in units]
        if memory.prev_hexes is not None:
            memory.prev_hexes.update({u.id: u.hex for u in moved})
            memory.prev_sides = {**(memory.prev_sides or {}), **{u.id: u.side for u in moved}}
        self._drops_unseen(start, moved, memory)
        axis = str(self.param("im_supply_side"))
        unknown = sorted(u.id for u in moved if u.side == axis and self.combat(u)
                         and start.map.has_hex(u.hex) and not u.has("paradropped"))
        if unknown:
            memory.arrival_unknown = sorted(set(memory.arrival_unknown or ()) | set(unknown))
            memory.arrival_unknown_why = memory.arrival_unknown_why or (
                "the units were placed differently between two files, in play no file holds: how the Axis "
                "units among them arrived (by air, 6.31; since the last Night turn, 6.14) is unknown")

    def remember_arrivals(self, prev: dict[str, str], after: Position, memory: MaltaMemory) -> None:
        """Record the units that entered the map at this phase end (``prev``: unit → hex or box at
        the previous phase end, or at the file's start; a unit absent from it was placed since,
        from the palette)."""
        m = after.map
        came = [u for u in after.units if m.has_hex(u.hex) and not m.has_hex(prev.get(u.id, "")) and self.combat(u)]
        night = str(after.state.get("time", "")).lower() == "night"
        arrived = set(memory.arrived or ())
        if night:
            arrived = set()                      # 6.14: from the Night turn on, checked normally
        else:
            arrived.update(u.id for u in came)
        arrived &= {u.id for u in after.units}
        memory.arrived = sorted(arrived)
        if after.phase == "airborne" and came:
            if after.turn is not None:
                memory.air_entry_turn = after.turn
            # a unit from a convoy's card or an invasion zone's box came by sea (16.14, 16.33A: placed
            # with the tracker a phase behind), not by parachute: it is no paradropped unit in the sea
            from .transport import entry_source
            board = Board(after)
            dropped = set(memory.paradropped or ())
            dropped.update(u.id for u in came if not self._air_landed(after, u)
                           and not entry_source(self, board, prev.get(u.id)))
            memory.paradropped = sorted(dropped)

    def paradropped(self, pos: Position, uid: str) -> bool:
        v = self.memory(pos).paradropped
        return isinstance(v, list) and uid in v

    def arrived(self, pos: Position, uid: str) -> bool:
        v = self.memory(pos).arrived
        return isinstance(v, list) and uid in v
