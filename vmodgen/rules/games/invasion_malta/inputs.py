"""What Invasion: Malta's findings read, for :mod:`vmodgen.rules.illustrative` (the kit's terrain
but for the hexes the examples describe, many unit values and the day's turn cycle are
illustrative). Keys: a finding's rule id (``"<rule>/<part>"`` for one of several checks sharing
an id), or a family ending in ``*``."""
from ...illustrative import MOVE, NOTHING, Reads

#: the rules that tell day from Night by the turn cycle, where the position states no time (a
#: position file's ``[state] time``, a log's turn tracker naming AM, PM or Night)
_NIGHT = Reads(params=("turns_per_day", "turn_cycle"), stated="time")

READS: dict[str, Reads] = {
    "IM 8.13": MOVE,                                  # movement points along the path, the MA
    "IM 8.3*": Reads(path=True),                      # hexes and hexsides a unit may not enter (8.35)
    "IM 8.2*": Reads(hexes=True),                     # ZOC: not across sea or cliff hexsides (3.22)
    "IM 3.32": Reads(stacking=True),                  # 9 SP a hex
    "IM 16.33": Reads(stacking=True),                 # 9 SP a landing hex
    "IM 16.33/phase": NOTHING,                        # placed outside the Movement Phase: the tracker
    "IM 16.33/zone": Reads(areas=True),               # placed outside the Available box's zone
    "IM 16.33/landing": Reads(hexes=True),            # off an invasion hex in a Movement Phase
    "IM 4.5*": Reads(areas=True),                     # sector changes
    "IM 6.1*": Reads(hexes=True),                     # supply route (6.12 at Night, 6.13 a marker kept)
    "IM 6.12/phase": NOTHING,                         # an OoS marker placed outside the Supply Status Phase
    "IM 6.12/night": _NIGHT,                          # ... placed on an AM or PM turn
    "IM 6.13/phase": NOTHING,                         # ... lifted outside the Supply Status Phase
    "IM 6.15": NOTHING,                               # OoS armour: the marker, not the map
    "IM 8.5/er": Reads(columns=("er",)),              # infiltration: the unit's ER against the enemies'
    "tried:infiltration": Reads(by_columns=("er",)),  # a logged move failing infiltration on the ER (``by``)
    "IM 15.52": Reads(hexes=True),                    # all-sea hexes
    "IM 17.52": Reads(hexes=True),                    # gliders on urban hexes
    "IM 8.43": _NIGHT,
    "IM 11.23": _NIGHT,
    "IM 18.25": _NIGHT,
    "IM 15.14": Reads(setup=True),                    # the KGs of the set-up card and their turns
    "IM 15.44": Reads(setup=True, params=("turns_per_day", "turn_cycle"), stated="time"),   # ... and no Night turn
    "IM 16.21": Reads(setup=True),                    # a convoy's units and turn
}
