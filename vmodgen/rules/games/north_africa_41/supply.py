"""North Africa '41 line of supply (16.2-16.3): an overland leg of at most 5 hex points, then an
unlimited leg along roads, to a friendly off-map box (full supply) or a friendly-controlled port
(port supply, at most 2 × its capacity units), through chains of MSUs.

Choices where the text is open (spec §11 #7-#8), each a parameter:

* ``na41_los_noncombat_blocks`` (true): a hex holding only enemy non-combat units is "enemy
  occupied" and blocks a line (the literal reading of 16.3.2).
* Port capacity counts each counter drawing port supply as one unit, whatever its size; units
  supplied through an MSU chain that ends at a port count too (the one reading implemented).
* Port control: the position's ``control`` of the hex; a port whose control is not stated is
  controlled by the side with units in it, else by nobody. Optional 27.4 (``na41_port_garrisons``,
  not played by default: ports' stated control stands, as before): a port with no combat unit of that side in or next to it is nobody's: no source of port
  supply for it, no enemy port to the other side's lines (「補給線と鉄道移動はヘクス内と通過してたどることができます」).
  16.3.4 gives an empty city, airfield or port to the last side to occupy or pass through it:
  an audit records it as the log shows it (``[state] na41_last_held``, which a position may state;
  :mod:`.control`, which every NA41 rule reading control shares); where neither says, a 16.1 verdict that another holder of such a hex would turn
  (:func:`unknown_holders`) is named not judged, never a finding.
* Port capacity: the position's ``capacity`` of the hex, else the kit's ``port_capacity_<name>``;
  a port with neither supplies any number of units. Each capacity point supplies
  ``port_supply_units_per_capacity`` (2) units.
* Oasis (optional 27.2, played unless ``oasis_supply_units`` = 0): 「オアシス補給は港湾補給と同じ」, but an
  oasis is no city, airfield or port, whose control 16.3.4 gives to the last side in it: it falls
  under 「ZOCs から解放された他の全てのカラのへクスは、補給線をたどっているときに両プレイヤーの友軍です」.
  An empty oasis free of enemy ZOC supplies either side (unless the position states its control);
  one holding or in the ZOC of enemy units supplies neither of them. A marker the trace finds wrong
  only because of an oasis says the optional rule in its finding.
* Off-road jebel and rough count 2 hex points; along a road, 1 (§11 #7, the road-following
  reading).
"""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.moves import label
from ...core import supply as sup
from ...core.board import Board
from ...core.zoc import NONE
from . import field_params
from .carried import fort_owner
from .control import holder, unknown_holders
from .memory import before_status, oos_state, oos_state_of
from .units import NorthAfrica41Units


P = "NA41"
ROADS = {"highway", "track", "road"}


def trace_rules(rs: NorthAfrica41Units, board: Board, side: str, unknown: str | None = None) -> sup.TraceRules:
    """The line of supply's steps for ``side``; ``unknown``: who holds an empty city, airfield or
    port whose control is not stated (:func:`.control.side_of`)."""
    ez = rs.enemy_field(board, side)
    noncombat_blocks = bool(rs.param("na41_los_noncombat_blocks"))
    rough = set(str(rs.param("na41_los_double_terrain")).replace(" ", "").split(","))
    marsh = str(rs.param("na41_marsh_terrain"))
    desert = str(rs.param("na41_desert_terrain"))
    limit = int(rs.num("los_desert_max_consecutive"))
    double = rs.num("los_rough_jebel_points")
    # 2.2.4: units in the Tobruk Holding Box occupy Tobruk
    friendly = {rs.stacking_hex(board, h) for h in board.hexes_of(side)}
    enemy_occ: set[str] = set()
    for e in board.enemies(side):
        for h in board.hexes_of(e):
            if noncombat_blocks or any(rs.combat(x) for x in board.units(h, e)):
                enemy_occ.add(rs.stacking_hex(board, h))

    def enemy_place(h: str, cities: bool = True) -> bool:
        """An enemy-controlled fort, port or airfield hex (and, with ``cities``, city hex)."""
        feats = board.features(h)
        owner = fort_owner(board, h)      # the fortification marker by any of its names (None: no fort)
        if owner and owner != side:
            return True
        if feats & {"port", "airfield"} or (cities and (feats & {"city"} or board.terrain(h) == "city")):
            owner = holder(rs, board, h, unknown)
            return owner is not None and owner != side
        return False

    memo: dict[str, int] = {}

    def enter(h: str) -> int:
        got = memo.get(h)
        if got is None:
            if board.terrain(h) == marsh or board.is_water(h) or h in enemy_occ or enemy_place(h):
                got = sup.BLOCKED
            elif h in friendly or ez.kind(h) == NONE:
                got = sup.OPEN
            else:
                got = sup.BLOCKED if ez.overlapping(h, board) else sup.FIRST
            memo[h] = got
        return got

    # the step costs, the roads and the desert read the printed map only (terrain, hexsides,
    # roads) and the parameters naming terrain and points: remembered per map and parameters
    steps = getattr(rs, "_na41_los_steps", None)
    if steps is None or steps[0] is not board.map or steps[1] != (frozenset(rough), double, desert):
        steps = rs._na41_los_steps = (board.map, (frozenset(rough), double, desert),   # type: ignore[attr-defined]
                                      {}, {}, {}, {}, {})
    base_memo: dict[tuple[str, str], float | None] = steps[2]
    step_memo: dict[tuple[str, str], float | None] = steps[3]
    edge_memo: dict[str, tuple[tuple[str, float | None, float | None], ...]] = steps[4]
    road_memo: dict[tuple[str, str], bool] = steps[5]
    desert_memo: dict[str, bool] = steps[6]

    def road(a: str, b: str) -> bool:
        got = road_memo.get((a, b))
        if got is None:
            got = road_memo[(a, b)] = bool(board.roads(a, b) & ROADS)
        return got

    def base(a: str, b: str) -> float | None:
        try:
            return base_memo[(a, b)]
        except KeyError:
            pass
        if "all_sea" in board.hexside(a, b):
            got = None
        else:
            got = double if board.terrain(b) in rough and not road(a, b) else 1.0
        base_memo[(a, b)] = got
        return got

    def step(a: str, b: str) -> float | None:
        try:
            return step_memo[(a, b)]
        except KeyError:
            pass
        got = None if "escarpment" in board.hexside(a, b) and not road(a, b) else base(a, b)
        step_memo[(a, b)] = got
        return got

    def edges(y: str) -> tuple[tuple[str, float | None, float | None], ...]:
        got = edge_memo.get(y)
        if got is None:
            got = edge_memo[y] = tuple((x, base(x, y), step(x, y)) for x in board.neighbours(y))
        return got

    def road_enter(h: str) -> bool:
        if h in enemy_occ or (ez.kind(h) != NONE and h not in friendly):
            return False
        # 16.3.3 forbids the road leg empty enemy-controlled ports, airfields and forts; unlike
        # the overland leg (16.3.2) it names no city
        return not (not board.units(h) and enemy_place(h, cities=False))

    def aux(h: str, after: int | None) -> int | None:
        is_desert = desert_memo.get(h)
        if is_desert is None:
            is_desert = desert_memo[h] = board.terrain(h) == desert
        n = (after or 0) + 1 if is_desert else 0
        return None if n > limit else n

    return sup.TraceRules(step=step, first_step=base, enter=enter, budget=rs.num("los_overland_max_points"),
                          road_step=road, road_enter=road_enter, aux=aux, edges=edges)


def sources(rs: NorthAfrica41Units, board: Board, side: str, oases: bool = True,
            unknown: str | None = None) -> tuple[dict[str, str], dict[str, int | None]]:
    """Full-supply edge hexes of the side's own boxes, and its controlled ports with capacities
    (with the oases, 27.2, unless ``oases`` is False; ``unknown``: who holds an empty port whose
    control is not stated)."""
    src: dict[str, str] = {}
    for box in board.map.boxes.values():
        if box.side == side and box.kind == "offmap":
            for h in box.adjacent:
                src[h] = "full"
    ports: dict[str, int | None] = {}
    port_hexes = {p.hex for p in board.map.places if p.kind == "port"}
    port_hexes |= {h for h, info in board.map.hexes.items() if "port" in info.features}
    port_hexes |= {h for h, mk in board.pos.hex_markers.items() if "port" in mk}
    for h in port_hexes:
        if holder(rs, board, h, unknown) != side:
            continue
        cap = port_capacity(rs, board, h)
        if cap == 0:
            continue
        per = rs.num("port_supply_units_per_capacity")
        ports[h] = None if not isinstance(cap, (int, float)) or isinstance(cap, bool) else int(per * cap)
        src.setdefault(h, "port")
    # 27.2 (optional; oasis_supply_units 0 leaves it out): 「オアシス補給は港湾補給と同じですが、オアシスは爆撃又は
    # 破壊され得ません。各オアシス・ヘクスは、いずれかの規模の１つのユニットに港湾補給を提供できます」
    per_oasis = int(rs.num("oasis_supply_units")) if oases else 0
    if per_oasis > 0:
        oasis = str(rs.param("na41_oasis_terrain"))
        for h, info in board.map.hexes.items():
            # 16.3.4: no side controls an empty oasis (only cities, airfields and ports are held);
            # the trace keeps lines out of one in enemy ZOC
            if info.terrain == oasis and h not in ports and holder(rs, board, h) in (None, side):
                ports[h] = per_oasis
                src.setdefault(h, "port")
    return src, ports


def full_supply_hexes(rs: NorthAfrica41Units, board: Board, side: str) -> frozenset[str]:
    """The hexes a line of full supply of ``side`` reaches (16.2, 16.3): where a unit would be in
    full supply, SPs included (5.8.4 asks it of an SP)."""
    key = f"na41-full-supply-hexes:{side}"
    if key not in board.memo:
        status(rs, board, side)
    got = board.memo[key]
    assert isinstance(got, frozenset)
    return got


def full_port_capacity(rs: NorthAfrica41Units, board: Board, h: str) -> float | None:
    """21.3.2「港湾が非損傷状態であると、港湾許容量は最左端の数字です」: the kit's ``port_capacity_<name>``
    of the port in ``h`` (None: not known)."""
    place = next((p for p in board.map.places if p.hex == h and p.kind == "port"), None)
    return None if place is None else named_port_capacity(rs, place.name)


def named_port_capacity(rs: NorthAfrica41Units, name: str) -> float | None:
    """The kit's ``port_capacity_<name>`` of the port (or off-map base) named ``name`` (None: not given)."""
    key = f"port_capacity_{name.lower().replace(' ', '_')}"
    cap = rs.param(key) if rs.patterned(key) else None
    return cap if isinstance(cap, (int, float)) and not isinstance(cap, bool) else None


def port_capacity(rs: NorthAfrica41Units, board: Board, h: str) -> float | None:
    """21.3.2: the port's current capacity: the position's ``capacity`` of the hex, else the kit's
    ``port_capacity_<name>`` (None: neither is known)."""
    cap = board.pos.capacity.get(h)
    if cap is None:
        return full_port_capacity(rs, board, h)
    return cap if isinstance(cap, (int, float)) and not isinstance(cap, bool) else None


def status(rs: NorthAfrica41Units, board: Board, side: str, oases: bool = True,
           unknown: str | None = None) -> dict[str, str]:
    """Unit id → "full", "port", "box" (in an off-map box) or "none", for the units of ``side``
    that the Supply Phase checks (all but SPs and markers, 16.1); ``oases`` False: without oasis
    supply (27.2); ``unknown``: who holds an empty city, airfield or port whose control is not
    stated (None: nobody, the reading every rule takes; another: a what-if of :func:`check`)."""
    return Lines(rs, board, side, oases, unknown).status()


class Lines:
    """``side``'s lines of supply as one reading (``oases``, ``unknown``: :func:`status`) gives
    them. The full-supply trace runs at once; each port's only when a unit is out of full supply
    (capacity is per port); the ports' reach together only when asked (:meth:`meets`), in one
    trace: a line from any of them is a line from one of them, so one trace from them all reaches
    what their traces one by one reach together."""

    def __init__(self, rs: NorthAfrica41Units, board: Board, side: str, oases: bool = True,
                 unknown: str | None = None):
        self.rs, self.board = rs, board
        needs = rs.sel("na41_supply_units")
        msu_sel = rs.sel("na41_msu")
        truck = str(rs.param("na41_msu_truck_type"))

        def is_msu(u: UnitState) -> bool:
            """17.2.4: a truck carrying an SP shows its MSU side (the back)."""
            return msu_sel.matches(rs.game, u) or (u.unit.type == truck and u.reduced)
        self.units = [u for u in board.side_units(side) if needs.matches(rs.game, u)]
        self.last = {u.id: u for u in self.units}      # id → its last piece, whose status :meth:`status` keeps
        src, self.ports = sources(rs, board, side, oases, unknown)
        self.rules = trace_rules(rs, board, side, unknown)
        self.relays: dict[str, list[str]] = {}
        for u in board.side_units(side):
            at = rs.stacking_hex(board, u.hex)         # 2.2.4: a unit in the Tobruk Holding Box is in Tobruk
            if is_msu(u) and board.is_hex(at):
                self.relays.setdefault(at, []).append(u.id)
        self.traced: sup.Traced = {}     # this reading's searches (sup.trace_costs)
        full_src = {h: k for h, k in src.items() if k == "full"}
        _, self.full, _ = sup.relay_chain(board, full_src, self.relays, self.rules, traced=self.traced)
        if oases and unknown is None:          # (the reading every rule takes)
            board.memo[f"na41-full-supply-hexes:{side}"] = frozenset(self.full)
        self._status: dict[str, str] | None = None
        self._port_reach: dict[str, set[str]] | None = None
        self._reach: set[str] | None = None

    def port_reach(self) -> dict[str, set[str]]:
        """Port (or oasis) → the hexes its lines reach, in the order of :func:`sources`."""
        if self._port_reach is None:
            self._port_reach = {}
            for p in self.ports:
                _, k, _ = sup.relay_chain(self.board, {p: "port"}, self.relays, self.rules, traced=self.traced)
                self._port_reach[p] = set(k)
        return self._port_reach

    def status(self) -> dict[str, str]:
        """:func:`status` of this reading."""
        if self._status is not None:
            return self._status
        out: dict[str, str] = {}
        outside: list[tuple[str, str]] = []            # (unit id, hex) out of full supply
        for u in self.units:
            at = self.rs.stacking_hex(self.board, u.hex)   # traced, and using port capacity, from Tobruk (2.2.4)
            if self.board.is_box(at):
                out[u.id] = "box"
            elif at in self.full:
                out[u.id] = "full"
            else:
                outside.append((u.id, at))
                out[u.id] = "none"
        port_candidates: dict[str, list[str]] = {}
        if outside:
            port_reach = self.port_reach()
            for uid, at in outside:
                cands = [p for p, reach in port_reach.items() if at in reach]
                if cands:
                    port_candidates[uid] = cands
        capped = {p: c for p, c in self.ports.items() if c is not None}
        unlimited = [p for p, c in self.ports.items() if c is None]
        limited_cands: dict[str, list[str]] = {}
        for uid, cands in port_candidates.items():
            if any(p in unlimited for p in cands):
                out[uid] = "port"
            else:
                limited_cands[uid] = cands
        for uid in _served(limited_cands, capped, {u.id for u in self.units if u.has("oos") or u.has("oos_red")}):
            out[uid] = "port"
        self._status = out
        return out

    def traces(self, u: UnitState) -> bool:
        """Whether ``u`` (one of the units :func:`status` reads) traces a line of supply: one in
        a box or in full supply asks no port's trace (of pieces sharing an id, the last decides)."""
        last = self.last.get(u.id)
        if self._status is None and last is not None:
            at = self.rs.stacking_hex(self.board, last.hex)
            if self.board.is_box(at) or at in self.full:
                return True
        return self.status().get(u.id, "none") != "none"

    def reach(self) -> set[str]:
        """The hexes a line of supply reaches (from the base, a port or an oasis)."""
        if self._reach is None:
            if self._port_reach is not None:
                ports = set().union(*self._port_reach.values())
            else:
                _, k, _ = sup.relay_chain(self.board, {p: "port" for p in self.ports}, self.relays, self.rules,
                                          traced=self.traced)
                ports = set(k)
            self._reach = ports | set(self.full)
        return self._reach

    def meets(self, hexes: set[str]) -> bool:
        """Whether a line of supply reaches one of ``hexes`` (the ports traced only when the
        full-supply lines reach none)."""
        return any(h in self.full for h in hexes) or bool(hexes & self.reach())


def _served(candidates: dict[str, list[str]], capacity: dict[str, int], marked: set[str]) -> list[str]:
    """The units the ports' capacity supplies (16.2 「各友軍補給フェイズ中、所有しているプレイヤーは、どのユニットが
    補給下でどれがそうでないかを決定できます」): the owner's choice, which his OOS markers show, so units without
    one are served first, as many as the capacity allows, then marked ones. The matching keeps a
    unit it has served (augmenting paths), so the order of the two groups decides; within a group
    units go by id and ports by name, whatever order the position lists them in."""
    rank = {uid: f"{int(uid in marked)}:{uid}" for uid in candidates}
    back = {r: uid for uid, r in rank.items()}
    got = sup.assign_capacity({rank[uid]: sorted(c) for uid, c in candidates.items()}, capacity)
    return [back[r] for r in got]


def check_oos_colour(rs: NorthAfrica41Units, board: Board, u: UnitState, traces: bool) -> list:
    """16.1, 16.5.1: a unit that cannot trace gets a white marker; one already white turns red; red
    stays red. Needs the marker the unit carried before this Supply Phase (``na41_status_before``)."""
    before = before_status(board.pos)
    if before is None or u.id not in before or traces:
        return []
    old = oos_state_of(before[u.id])
    new = oos_state(u)
    want = "oos" if old == "" else "oos_red"
    if not new or new == want:
        return []
    if want == "oos":
        msg = (f"{label(u)} in {u.hex} had no OOS marker and cannot trace a line of supply: it gets a white OOS "
               "marker, not a red one (red = out of supply at two consecutive friendly Supply Phases).")
    else:
        msg = (f"{label(u)} in {u.hex} was already out of supply at its last Supply Phase and still cannot trace: "
               "its OOS marker turns (or stays) red (16.1, 16.5.1).")
    return [rs.finding(board, f"{P} 16.1", "supply", msg, [u.hex], [u])]


def check(rs: NorthAfrica41Units, board: Board) -> list:
    """16.1: after the Supply Phase a unit that traces carries no OOS marker, and one that cannot
    carries one (white or red; with ``[state] na41_status_before``, white after an unmarked phase and
red after a marked one). Only the phasing side is checked when the position names it; a side
    with no base box touching the map and no port in the position is not checked."""
    out: list = []
    if board.pos.phase and not board.pos.side:
        return out                    # the Supply Attrition Phase: its mass OOS (25.1.1) is no trace
    sides = [board.pos.side] if board.pos.side else list(rs.game.sides)
    held = _HeldElsewhere(rs, board)
    for side in sides:
        if not sources(rs, board, side)[0]:
            # no base box touching the map and no port: no source is recorded (16.2), so no line is
            # judged; units that need one make the check partial, never silently legal
            needs = rs.sel("na41_supply_units")
            if any(board.is_hex(rs.stacking_hex(board, u.hex)) and needs.matches(rs.game, u)
                   for u in board.side_units(side)):
                rs.not_judged(f"{P} 16.1", f"no {rs.side_name(side)} supply "
                              "source is recorded (no base box touching the map, no friendly port), so no line of "
                              "supply is judged")
            continue
        lines = Lines(rs, board, side)
        st = lines.status()
        no_oasis: dict[str, str] | None = None
        for u in board.side_units(side):
            s = st.get(u.id)
            if s is None:
                continue
            marked = u.has("oos") or u.has("oos_red")
            if held.turns(u, s, lines):
                continue
            out += check_oos_colour(rs, board, u, s != "none")
            if s == "none" and not marked:
                out.append(rs.finding(board, f"{P} 16.1", "supply",
                                      f"{label(u)} in {u.hex} cannot trace a line of supply (5 hex points overland, "
                                      "then by road) to its base or a friendly port with capacity left, but has no "
                                      "OOS marker.", [u.hex], [u]))
            elif s != "none" and marked:
                if s == "port" and no_oasis is None:
                    no_oasis = status(rs, board, side, oases=False)
                oasis = (", from an oasis only: optional rule 27.2, which the rule set plays; [rules] "
                         "oasis_supply_units = 0 leaves it out" if s == "port" and (no_oasis or {}).get(u.id) == "none"
                         else "")
                out.append(rs.finding(board, f"{P} 16.1", "supply",
                                      f"{label(u)} in {u.hex} carries an OOS marker but traces a line of supply "
                                      f"({'full' if s in ('full', 'box') else 'port'} supply{oasis}); the marker "
                                      "comes off.", [u.hex], [u]))
        out += isolated_asus(rs, board, side, st)
    held.say()
    return out


class _HeldElsewhere:
    """16.3.4: an empty city, airfield or port whose control the position does not state belongs
    to the last side to occupy or pass through it; the trace reads it as nobody's. A unit whose
    16.1 verdict another holder would turn (one it cannot trace from but could were those hexes
    its side's, or one that traces but could not were they the enemy's) is not judged: marked or
    not, since an unmarked unit that traces is a verdict too (legal). One line per phase end names
    the units and the hexes on the lines of supply that turn them."""

    def __init__(self, rs: NorthAfrica41Units, board: Board):
        self.rs, self.board = rs, board
        self.hexes = set(unknown_holders(rs, board))
        self.read: dict[tuple[str, str], Lines] = {}
        self.turned: dict[bool, list[UnitState]] = {True: [], False: []}    # would trace → units
        self.places: set[str] = set()

    def turns(self, u: UnitState, s: str, lines: Lines) -> bool:
        """Whether the verdict on ``u`` (traced ``s``; ``lines``: its side's as read) turns
        with who holds those hexes (then kept for :meth:`say`)."""
        if not self.hexes:
            return False
        enemy = next((e for e in self.board.enemies(u.side)), None)
        holder = u.side if s == "none" else enemy
        if holder is None or (s != "none" and not lines.meets(self.hexes)):
            # no such place on the lines as read: held by the enemy they would block no line
            return False
        key = (u.side, holder)
        if key not in self.read:
            self.read[key] = Lines(self.rs, self.board, u.side, unknown=holder)
        what_if = self.read[key]
        if what_if.traces(u) == (s != "none"):
            return False
        self.turned[s == "none"].append(u)
        # the hexes that turn it lie on the lines that reach it: its side's were they held, else as read
        self.places |= self.hexes & (what_if if s == "none" else lines).reach()
        return True

    def say(self) -> None:
        """One not-judged line for the units :meth:`turns` kept."""
        trace, lose = self.turned[True], self.turned[False]
        if not (trace or lose):
            return
        names = ", ".join(sorted(self.places)) or ", ".join(sorted(self.hexes))
        would = "; ".join(part for part in (
            f"were they the enemy's, {self.rs.names(lose)} would not trace a line of supply" if lose else "",
            f"were they its side's, {self.rs.names(trace)} would trace one" if trace else "") if part)
        self.rs.not_judged(f"{P} 16.1", f"the supply of {self.rs.names(trace + lose)} turns on who holds empty "
                           f"cities, airfields or ports whose control is not stated ({names}): 16.3.4 gives each to "
                           f"the last side to occupy or pass through it, which the record does not show; {would}")


def isolation_attrition(rs: NorthAfrica41Units, board: Board) -> list:
    """16.5.3-16.5.4: in each friendly Supply Phase every isolated (red OOS) unit not exempt rolls on
    the Isolation Attrition Table (1-4: it loses a step; DRMs for TQ and a friendly airfield or Corps
    HQ). Neither a position nor a log records the roll, so whether the steps the table gave were
    lost cannot be judged: at a Supply Phase end with isolated units of the phasing side it is
    listed as not judged (never silently legal). Returns no finding."""
    if board.pos.phase and not board.pos.side:
        return []                     # the Supply Attrition Phase (25.1.1): no isolation roll
    sides = [board.pos.side] if board.pos.side else list(rs.game.sides)
    asu = rs.sel("na41_asu")
    roll = [u for side in sides for u in board.side_units(side)
            if u.has("oos_red") and board.is_hex(rs.stacking_hex(board, u.hex))
            and not asu.matches(rs.game, u) and rs.combat(u) and not isolation_exempt(rs, board, u)]
    if roll:
        rs.not_judged(f"{P} 16.5.3", f"isolation attrition: the Isolation Attrition Table rolls of the isolated "
                      f"units ({rs.names(roll)}) are not recorded, so whether they lost the steps the table gave "
                      "(1-4: one step) is not judged")
    return []


#: 16.5.1: terrain that is a water source
WATER_TERRAIN = ("town", "landmark")


def isolation_exempt(rs: NorthAfrica41Units, board: Board, u: UnitState) -> bool:
    """16.5.1: not adjacent to an enemy unit and within 3 hexes of a water source (town, landmark,
    MSU, SP, non-depleted ASU): the bullet's reading (both conditions; the example names only the
    first, so a unit it exempts may still be listed as rolling, never the other way round)."""
    at = rs.stacking_hex(board, u.hex)         # a unit in the Tobruk Holding Box is in Tobruk (2.2.4)
    if any(x.side != u.side and not rs.marker(x) for n in board.neighbours(at) for x in board.units(n)):
        return False
    sources = rs.sel("na41_sp"), rs.sel("na41_msu"), rs.sel("na41_asu")
    near, ring = {at}, {at}
    for _ in range(3):                         # a plain count of hexes (the spec's inference)
        ring = {n for h in ring for n in board.neighbours(h)} - near
        near |= ring
    for x in board.side_units(u.side):
        if rs.stacking_hex(board, x.hex) not in near:
            continue
        sp, msu, asu = (s.matches(rs.game, x) for s in sources)
        if sp or msu or (asu and not (x.reduced or x.has("depleted"))):
            return True
    return any(board.terrain(h) in WATER_TERRAIN for h in near)


def isolated_asus(rs: NorthAfrica41Units, board: Board, side: str, st: dict[str, str]) -> list:
    """16.5.2 (printed as a second 16.5.4): after the Supply Phase an ASU under a red OOS marker
    that is neither stacked with a friendly non-ASU unit nor able to trace a line (16.3 procedure)
    is eliminated. The text does not say to what the line runs. ``na41_isolated_asu_trace_to``:
    "any" (default) = any friendly non-ASU unit, the reading of the 16.5 example (an isolated ASU
    among six isolated units is eliminated only once the six are gone); "supplied" = a friendly
    unit in full or port supply (the spec's inference, §6.6)."""
    asu = rs.sel("na41_asu")
    out = []
    supplied = None
    for u in board.side_units(side):
        if not (u.has("oos_red") and asu.matches(rs.game, u) and board.is_hex(u.hex)):
            continue
        if any(x is not u and not asu.matches(rs.game, x) and not rs.marker(x) for x in board.units(u.hex, side)):
            continue
        if supplied is None:
            target = str(rs.param("na41_isolated_asu_trace_to"))
            if target not in ("any", "supplied"):
                from ....errors import InputError
                raise InputError(None, f"rule parameter 'na41_isolated_asu_trace_to' must be \"any\" or "
                                       f"\"supplied\", not {target!r}")
            hexes = {x.hex for x in board.side_units(side) if board.is_hex(x.hex) and not rs.marker(x)
                     and not asu.matches(rs.game, x)
                     and (target == "any" or st.get(x.id) in ("full", "port"))}
            supplied = sup.trace_costs(board, hexes, trace_rules(rs, board, side)) if hexes else {}
        if u.hex not in supplied:
            out.append(rs.finding(board, f"{P} 16.5.2", "supply",
                                  f"{label(u)} in {u.hex} is an ASU under a red OOS marker, with no friendly non-ASU "
                                  "unit in its hex and no line (16.3) to a friendly unit"
                                  f"{' in supply' if target == 'supplied' else ''}: it is eliminated.", [u.hex], [u]))
    return out


def in_supply(rs: NorthAfrica41Units, board: Board, u: UnitState) -> bool:
    return status(rs, board, u.side).get(u.id, "none") != "none"
