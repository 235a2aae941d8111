"""What Operation Mercury's findings read, for :mod:`vmodgen.rules.illustrative` (the kit's
terrain but for the hexes the rules' examples describe, its Terrain Effects Chart costs and many
unit values are illustrative). Keys: a finding's rule id (``"<rule>/<part>"`` for one of
several checks sharing an id), or a family ending in ``*``."""
from ...illustrative import MOVE, NOTHING, Reads

READS: dict[str, Reads] = {
    "OM 4.13": MOVE,                                  # movement points: the TEC along the path, the MA
    "OM 4.1*": Reads(path=True),                      # terrain a move may not enter (4.14, 4.17, 4.18)
    "OM 4.17/port": Reads(hexes=True),                # unloading: the ports and anchorages of the map
    "OM 4.24": Reads(path=True),                      # armor and rough terrain, roads across hexsides
    "OM 4.31": Reads(stacking=True),                  # 6 stacking points a hex
    "OM 4.6*": Reads(areas=True),                     # the Suda Command Area
    "OM 5.2*": Reads(hexes=True),                     # ZOC: none where a unit may not enter (5.14)
    "OM 6.12": Reads(stacking=True),                  # 6 SP a drop hex
    "OM 6.12/reserve": Reads(params=("paradrop_reserve_max_hq_distance",)),  # the reserve wave near an HQ
    "OM 6.2": Reads(hexes=True),                      # all-water hexes
    "OM 6.5*": Reads(hexes=True),                     # airlanding: airfields
    "OM 6.51/night": NOTHING,                         # airlanding in a Night turn (the turn track, 3.2)
    "OM 8.1*": Reads(columns=("command_range",)),     # HQ command range
    "OM 8.13": NOTHING,                               # a dispersed HQ coordinates nothing (its status)
    "OM 8.14": NOTHING,                               # another side's HQ coordinates nothing
    "OM 9.61": Reads(path=True),                      # a retreat's prohibited terrain and hexsides
    "OM 9.62": Reads(stacking=True),                  # where a retreat ends: 6 SP a hex
    "OM 9.63": Reads(hexes=True),                     # retreat into ZOC: none where a unit may not enter (5.14)
    "OM 9.83": Reads(stacking=True),                  # where an advance ends: 6 SP a hex
    "OM 10.1": Reads(stacking=True),                  # 6 SP an assault
    "OM 12.15": NOTHING,                              # air missions at night: the turn track (3.2)
    "OM 13.61": Reads(areas=True),                    # militia a sector
    "OM 15.1*": Reads(areas=True),                    # sector supply levels
    "OM 17.4*": Reads(hexes=True),                    # amphibious landing hexes
    "OM 9.32": Reads(columns=("attack", "defense", "bombardment")),  # a maneuver combat's initial ratio
    "OM 17.24": Reads(hexes=True),                    # beach hexes (terrain, airfields)
    "OM 21.11": NOTHING,                              # a convoy's steps (the roster's steps column)
    "OM 21.12": NOTHING,                              # one convoy a turn, none the turn before: where and when units unloaded
    "OM 21.13": Reads(hexes=True, area_params=("south_crete_sector",)),  # convoys: anchorages, South Crete
}
