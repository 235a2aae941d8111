"""What North Africa '41's findings read, for :mod:`vmodgen.rules.illustrative` (all of the kit's
terrain, roads and sector boundaries, and some unit values, are illustrative). Keys: a finding's
rule id (``"<rule>/<kind>"`` where two rules share an id, ``"<rule>/<part>"`` for one
of several checks of one kind), or a family ending in ``*``."""
from ...illustrative import MOVE, NOTHING, Reads
from .odds import ODDS_SIDES, SIDE_KEYS

READS: dict[str, Reads] = {
    "NA41 5.1/movement": MOVE,                        # movement points along the path, the MA
    "NA41 5.1": NOTHING,                              # both sides never share a hex
    "NA41 5.*": Reads(path=True),                     # terrain and roads along the path
    "NA41 4.4.1": Reads(stacking=True),               # 5 points a hex
    "NA41 15.2.3": Reads(stacking=True),              # a breakthrough group's 5 points
    "NA41 7.*": Reads(hexes=True),                    # ZOC at the hexes of the finding
    # 12.1.3 #3: another retreat enters no enemy ZOC: the terrain and hexsides of the retreat and of the
    # other retreat (the finding's details "other_path"), and the terrain of the finding's hexes
    "NA41 12.1.3/zoc": Reads(path=True, hexes=True, routes=("other_path",)),
    "NA41 16.*": Reads(hexes=True, areas=True),       # line of supply
    "NA41 16.1/phase": NOTHING,                       # an OOS marker changed outside its Supply Phase
    # the attackers' attack, the defenders' defence, the terrain of the defenders' hex (the city) and each
    # hexside crossed (escarpment, ridge, Tobruk perimeter, or none of them on the kit's map); with a tank
    # attacking, the tank values too (9.2.3)
    "NA41 8.8.3": Reads(columns=("attack",), by_columns=("defense",), hexes=True, routes=SIDE_KEYS, bare=ODDS_SIDES),
    "NA41 8.8.3/tanks": Reads(columns=("attack", "tank"), by_columns=("defense", "tank"), hexes=True,
                              routes=SIDE_KEYS, bare=ODDS_SIDES),
    # 3-step units (the kit's step counts are mostly illustrative) and the remnants the kit has
    "NA41 10.4.1": Reads(columns=("steps",), mix="na41_remnant"),
}
