#!/usr/bin/env python3
"""Write ``counters/north-africa-41/roster.csv`` (deterministic). Run from the project root.

The rulebook text has no order of battle. Values the text gives are written plainly; every other
value is marked in the row's ``illustrative`` column (see the kit's illustrative_note).
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "counters" / "north-africa-41" / "roster.csv"

FIELDS = ("attack", "tank", "defense", "movement", "tq", "stacking", "range", "artillery", "sp")
SCEN = ("enter-rommel", "campaign", "crusader")
HEADER = (["id", "name", "side", "nationality", "formation", "type", "size", "steps", "flags"]
          + [f"front.{f}" for f in FIELDS] + [f"back.{f}" for f in FIELDS]
          + [f"setup:{s}" for s in SCEN] + [f"arrival:{s}" for s in SCEN] + ["illustrative", "notes"])


def v(attack=None, tank=None, defense=None, movement=None, tq=None, stacking=None, rng=None,
      artillery=None, sp=None) -> dict:
    """Printed values of one face."""
    d = dict(attack=attack, tank=tank, defense=defense, movement=movement, tq=tq, stacking=stacking,
             range=rng, artillery=artillery, sp=sp)
    return {k: val for k, val in d.items() if val is not None}


ROWS: list[dict] = []


def unit(uid, name, side, nat, formation, utype, size, steps, front, back=None, flags=(),
         setup=None, arrival=None, illus=(), notes=""):
    """One counter. ``setup``: one location for S1 and S2 (same set-up card, S2.1) or a dict per
    scenario; ``illus``: the roster columns whose value is not in the rulebook text."""
    row = {h: "" for h in HEADER}
    row.update(id=uid, name=name, side=side, nationality=nat, formation=formation, type=utype,
               size=size, steps=str(steps), flags=";".join(flags), notes=notes)
    for face, vals in (("front", front), ("back", back or {})):
        for k, val in vals.items():
            row[f"{face}.{k}"] = str(val)
    if isinstance(setup, str):
        setup = {"enter-rommel": setup, "campaign": setup}
    for s, loc in (setup or {}).items():
        row[f"setup:{s}"] = loc
    for s, turn in (arrival or {}).items():
        row[f"arrival:{s}"] = str(turn)
    row["illustrative"] = ";".join(illus)
    ROWS.append(row)


ALL = ("*",)
S12 = ("setup:enter-rommel", "setup:campaign")
A12 = ("arrival:enter-rommel", "arrival:campaign")
BACK_TANK = ("back.attack", "back.tank", "back.defense", "back.movement")

# ======================= Allied ===================================================================
# -- named with values in the text (20.4.1 example); "51-4-4" read as attack 5, tank 1, defense 4, MA 4
unit("6RTR", "6 RTR", "allied", "british", "", "tank", "regiment", 2,
     v(5, 1, 4, 4), v(3, 1, 2, 4), flags=("silhouette",), setup="1808",
     illus=("steps",) + BACK_TANK + S12,
     notes="old 6 RTR, printed 51-4-4 (20.4.1); the attack/tank split is the spec's reading")
unit("6RTR-Cru", "6 RTR (Crusader)", "allied", "british", "", "tank", "regiment", 2,
     v(6, 2, 4, 5), v(3, 2, 2, 5), flags=("silhouette", "upgrade"),
     arrival={"enter-rommel": 6, "campaign": 6}, illus=("steps",) + BACK_TANK,
     notes="Crusader upgrade 62-4-5, received on turn 6 (20.4.1 example); replaces a tank unit")
unit("3Hus", "3 Hus", "allied", "british", "", "tank", "regiment", 2,
     v(2, 0, 2, 5), v(1, 0, 1, 5), flags=("silhouette",), setup="1808",
     illus=("steps",) + BACK_TANK + S12, notes="Vickers Mk VIB, 20-2-5 (20.4.1 example); has a reduced side")
unit("7Hus", "7 Hus", "allied", "british", "", "tank", "regiment", 2,
     v(2, 0, 2, 5), v(1, 0, 1, 5), flags=("silhouette",), setup="nile-delta",
     illus=("steps",) + BACK_TANK + S12, notes="Vickers Mk VIB, 20-2-5 (20.4.1 example); has a reduced side")
# -- named by kind only
unit("7RTR", "7 RTR (Matilda)", "allied", "british", "", "tank", "regiment", 2,
     v(4, 3, 6, 4), v(2, 3, 3, 4), flags=("silhouette", "matilda"), setup="nile-delta",
     illus=("name", "steps") + tuple(f"front.{f}" for f in ("attack", "tank", "defense", "movement")) + BACK_TANK + S12,
     notes="the Matilda regiment of the hints on play (black stripe, 19.2.5); identity and values illustrative")
unit("TobrukASU", "Tobruk ASU", "allied", "british", "", "artillery-group", "group", 1,
     v(defense=1, stacking=0, rng=3, artillery="S"), v(defense=1, stacking=0, rng=3),
     flags=("paren_defense", "immobile"), setup={"enter-rommel": "3138", "campaign": "3138", "crusader": "3138"},
     illus=("front.defense", "front.range", "front.artillery", "back.defense", "back.range",
            "setup:enter-rommel", "setup:campaign", "setup:crusader"),
     notes="cannot move, eliminated if forced to retreat (17.1.2); ASU: 1 step, stacking 0 (4.2, 17.1.4); back = Depleted")
unit("20/9Aus", "20/9 Aus", "allied", "australian", "9aus", "infantry", "brigade", 3,
     v(4, None, 5, 3, "normal", 2), v(2, None, 3, 3, "normal", 2), setup="3313", illus=("name",) + ALL,
     notes="one of the four Australian brigades removed between turns 12 and 16 (20.2)")
unit("24/9Aus", "24/9 Aus", "allied", "australian", "9aus", "infantry", "brigade", 3,
     v(4, None, 5, 3, "normal", 2), v(2, None, 3, 3, "normal", 2), setup="3138", illus=("name",) + ALL,
     notes="one of the four Australian brigades removed between turns 12 and 16 (20.2)")
unit("26/9Aus", "26/9 Aus", "allied", "australian", "9aus", "infantry", "brigade", 3,
     v(4, None, 5, 3, "normal", 2), v(2, None, 3, 3, "normal", 2), setup="3415", illus=("name",) + ALL,
     notes="one of the four Australian brigades removed between turns 12 and 16 (20.2)")
unit("18/7Aus", "18/7 Aus", "allied", "australian", "", "infantry", "brigade", 3,
     v(4, None, 5, 3, "normal", 2), v(2, None, 3, 3, "normal", 2), arrival={"enter-rommel": 2, "campaign": 2},
     illus=("name",) + ALL, notes="one of the four Australian brigades removed between turns 12 and 16 (20.2)")
unit("PolBde", "Polish Bde", "allied", "polish", "", "infantry", "brigade", 2,
     v(3, None, 4, 3, "normal", 2), v(2, None, 2, 3, "normal", 2), setup="2478", illus=ALL,
     notes="must stay in Alexandria until turn 11 (S1.2); that it sets up there is inferred")
unit("22Gds", "22 Gds Bde", "allied", "british", "", "infantry", "brigade", 2,
     v(3, None, 4, 3, "elite", 2), v(2, None, 2, 3, "elite", 2), setup="2648", illus=("steps",
         "front.attack", "front.defense", "front.movement", "front.tq", "front.stacking",
         "back.attack", "back.defense", "back.movement", "back.tq", "back.stacking") + S12,
     notes="becomes motorized in the turn 6 Preparation Phase (20.4.4)")
unit("22Gds-Mot", "22 Gds Mot Bde", "allied", "british", "", "motorized-infantry", "brigade", 2,
     v(3, None, 4, 5, "elite", 2), v(2, None, 2, 5, "elite", 2), flags=("upgrade",),
     arrival={"enter-rommel": 6, "campaign": 6},
     illus=("steps", "front.attack", "front.defense", "front.movement", "front.tq", "front.stacking",
            "back.attack", "back.defense", "back.movement", "back.tq", "back.stacking"),
     notes="replaces 22 Gds Bde with the same steps on turn 6 (20.4.4)")
unit("3IndMot", "3 Ind Mot Bde", "allied", "indian", "", "motorized-infantry", "brigade", 2,
     v(2, None, 3, 5, "normal", 2), v(1, None, 2, 5, "normal", 2), setup="3125", illus=("name",) + ALL,
     notes="not named in the rulebook text")
unit("6/2NZ", "6/2 NZ", "allied", "new-zealand", "2nz", "infantry", "brigade", 3,
     v(5, None, 5, 3, "elite", 2), v(3, None, 3, 3, "elite", 2), flags=("to_reserve",),
     illus=tuple(c for c in HEADER if c.startswith(("front.", "back."))),
     notes="3-step unit (2.3.5 illustration); To Reserve: not used in S1 (S1.2); Reserve box in S2 (S2.2)")
unit("4/2NZ", "4/2 NZ", "allied", "new-zealand", "2nz", "infantry", "brigade", 3,
     v(5, None, 5, 3, "elite", 2), v(3, None, 3, 3, "elite", 2), illus=("name", "steps") + ALL,
     notes="2 NZ Division: its first three arriving units go to the Reserve box (S2.2)")
unit("5/2NZ", "5/2 NZ", "allied", "new-zealand", "2nz", "infantry", "brigade", 3,
     v(5, None, 5, 3, "elite", 2), v(3, None, 3, 3, "elite", 2), illus=("name", "steps") + ALL,
     notes="2 NZ Division: its first three arriving units go to the Reserve box (S2.2)")
unit("3/2SA", "3/2 SA", "allied", "south-african", "2sa", "infantry", "brigade", 3,
     v(3, None, 4, 3, "low", 2), v(2, None, 2, 3, "low", 2), flags=("to_reserve",),
     illus=("steps",) + tuple(c for c in HEADER if c.startswith(("front.", "back."))),
     notes="To Reserve: not used in S1 (S1.2); all three 2 SA units go to the Reserve box in S2 (S2.2)")
unit("6/2SA", "6/2 SA", "allied", "south-african", "2sa", "infantry", "brigade", 3,
     v(3, None, 4, 3, "low", 2), v(2, None, 2, 3, "low", 2), flags=("to_reserve",),
     illus=("steps",) + tuple(c for c in HEADER if c.startswith(("front.", "back."))),
     notes="To Reserve: not used in S1 (S1.2); all three 2 SA units go to the Reserve box in S2 (S2.2)")
unit("4/2SA", "4/2 SA", "allied", "south-african", "2sa", "infantry", "brigade", 3,
     v(3, None, 4, 3, "low", 2), v(2, None, 2, 3, "low", 2), illus=("name", "steps") + ALL,
     notes="the third 2 SA Division unit (S2.2 says it has three); its name is not in the text")
unit("11Czech", "11 Czech Bn", "allied", "czech", "", "infantry", "battalion", 1,
     v(1, None, 2, 3, "normal", 1), arrival={"campaign": 14}, illus=("name",) + ALL,
     notes="not named in the rulebook text")
for i in (1, 2):
    unit(f"AlliedTruck{i}", f"Truck {i}", "allied", "british", "", "truck", "", 1,
         v(defense=0, movement=6, stacking=0), v(defense=0, movement=6, stacking=0, rng=5), flags=("no_zoc",),
         setup="nile-delta", illus=("front.movement", "back.movement") + S12,
         notes="back = MSU, range 5 (17.2.4); the number of trucks is not in the text")
unit("BrTankRepl", "British Tank Repl", "allied", "british", "", "tank-replacement", "", 1,
     v(defense=0, stacking=0), v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool",
     illus=S12, notes="back = Heavy Tank replacement (19.2.5); S1.1: unused replacements start in the pool")
unit("BrInfRepl", "British/Indian Inf Repl", "allied", "british", "", "infantry-replacement", "", 1,
     v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool", illus=S12,
     notes="19.2.3, 19.2.4")
for uid, name, nat in (("CWInfRem", "CW Inf Remnant", "australian"), ("BrInfRem", "British Inf Remnant", "british")):
    unit(uid, name, "allied", nat, "", "infantry", "", 1, v(1, None, 1, 3, None, 1), flags=("remnant",),
         setup="remnant-display", illus=("name",) + ALL,
         notes="a 1-step remnant replacing a 3-step unit on its 2nd loss (10.4); the remnant mix is not in the text")
unit("AlliedSP1", "1 SP", "allied", "british", "", "supply-point", "", 1, v(defense=0, stacking=0, sp=1),
     flags=("no_zoc",), setup="supply-pool", illus=S12,
     notes="SPs are not limited by the counter mix (17.2.1)")
unit("AlliedSP2", "2 SP", "allied", "british", "", "supply-point", "", 1, v(defense=0, stacking=0, sp=2),
     flags=("no_zoc",), setup="supply-pool", illus=S12, notes="17.2.1")

# ======================= Axis =====================================================================
unit("DAKHQ", "DAK HQ", "axis", "wehrmacht", "", "corps-hq", "corps", 1,
     v(defense=1, movement=5, stacking=0, rng=4), v(defense=1, movement=5, stacking=0, rng=4),
     flags=("paren_defense", "no_artillery"), setup="1502",
     illus=("front.defense", "front.movement", "front.range", "back.defense", "back.movement", "back.range") + S12,
     notes="attack supply, airfield and arrival point; no artillery or DD support (18.4)")
lt5 = [("5Pz", "5 Pz Rgt", "tank", "regiment", v(8, 3, 5, 5), v(4, 3, 3, 5), ("silhouette",), "1604"),
       ("2MG", "2 MG Bn", "motorized-machine-gun", "battalion", v(2, None, 3, 5, "elite", 1),
        v(1, None, 2, 5, "elite", 1), (), "1604"),
       ("8MG", "8 MG Bn", "motorized-machine-gun", "battalion", v(2, None, 3, 5, "elite", 1),
        v(1, None, 2, 5, "elite", 1), (), "1503"),
       ("3Aufkl", "3 Aufkl", "reconnaissance", "battalion", v(2, None, 2, 6, "elite", 1),
        v(1, None, 1, 6, "elite", 1), (), "1503")]
for uid, name, utype, size, front, back, flags, hexid in lt5:
    unit(uid, name, "axis", "wehrmacht", "5lt", utype, size, 2, front, back, flags=flags, setup=hexid,
         illus=("name", "steps") + ALL, notes="5th Light Division: becomes 21st Panzer Division on turn 10 (20.4.2)")
for uid, name, utype, size, front, back, flags, _hex in lt5:
    unit(uid + "-21", name + " (21 Pz)", "axis", "wehrmacht", "21pz", utype, size, 2, front, back,
         flags=flags, arrival={"campaign": 10},
         illus=("name", "steps") + tuple(c for c in HEADER if c.startswith(("front.", "back."))),
         notes=f"replaces {name} of the 5th Light Division in the turn 10 Preparation Phase (20.4.2)")
unit("I/33Flak", "I/33 Flak", "axis", "luftwaffe", "", "flak88", "battalion", 2,
     v(2, 3, 3, 5), v(1, 3, 2, 5), flags=("silhouette",), setup="1604", illus=("name", "steps") + ALL,
     notes="one of the two 88mm Flak units (hints on play); tank value in a white circle (9.2.4)")
unit("I/18Flak", "I/18 Flak", "axis", "luftwaffe", "", "flak88", "battalion", 2,
     v(2, 3, 3, 5), v(1, 3, 2, 5), flags=("silhouette",), setup="italy", illus=("name", "steps") + ALL,
     notes="one of the two 88mm Flak units (hints on play); tank value in a white circle (9.2.4)")
unit("Ariete", "Ariete", "axis", "italian", "ariete", "tank", "division", 3,
     v(4, 1, 4, 5, "low"), v(2, 1, 2, 5, "low"), flags=("silhouette",), setup="1501", illus=("name",) + ALL,
     notes="not named in the rulebook text")
unit("Brescia", "Brescia", "axis", "italian", "brescia", "infantry", "division", 3,
     v(3, None, 4, 3, "low", 2), v(2, None, 2, 3, "low", 2), setup="1602", illus=("name",) + ALL,
     notes="not named in the rulebook text")
unit("Pavia", "Pavia", "axis", "italian", "", "infantry", "division", 3,
     v(3, None, 4, 3, "low", 2), v(2, None, 2, 3, "low", 2), setup="tripoli", illus=("name",) + ALL,
     notes="not named in the rulebook text; Italians waiting in Tripoli (hints on play 1)")
for i in (1, 2):
    unit(f"AxisTruck{i}", f"Truck {i}", "axis", "wehrmacht", "", "truck", "", 1,
         v(defense=0, movement=6, stacking=0), v(defense=0, movement=6, stacking=0, rng=5), flags=("no_zoc",),
         setup="tripoli", illus=("front.movement", "back.movement") + S12,
         notes="back = MSU, range 5 (17.2.4); the number of trucks is not in the text")
for i in (1, 2):
    unit(f"CapTruck{i}", f"Captured Truck {i}", "axis", "wehrmacht", "", "truck", "", 1,
         v(defense=0, movement=6, stacking=0), v(defense=0, movement=6, stacking=0, rng=5),
         flags=("no_zoc", "captured"), illus=("front.movement", "back.movement"),
         notes="at most 2 captured trucks in play (27.1)")
unit("DeTankRepl", "German Panzer Repl", "axis", "wehrmacht", "", "tank-replacement", "", 1,
     v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool", illus=S12, notes="19.2.3")
unit("DeInfRepl", "German Inf Repl", "axis", "wehrmacht", "", "infantry-replacement", "", 1,
     v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool", illus=S12, notes="19.2.3")
unit("ItTankRepl", "Italian Tank Repl", "axis", "italian", "", "tank-replacement", "", 1,
     v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool", illus=S12,
     notes="an Italian tank replacement is shipped in the convoy example")
unit("ItInfRepl", "Italian Inf Repl", "axis", "italian", "", "infantry-replacement", "", 1,
     v(defense=0, stacking=0), flags=("no_zoc",), setup="replacement-pool", illus=S12, notes="19.2.3")
for uid, name, nat in (("ItInfRem", "Italian Inf Remnant", "italian"), ("DeInfRem", "German Inf Remnant", "wehrmacht")):
    unit(uid, name, "axis", nat, "", "infantry", "", 1, v(1, None, 1, 3, None, 1), flags=("remnant",),
         setup="remnant-display", illus=("name",) + ALL,
         notes="a 1-step remnant replacing a 3-step unit on its 2nd loss (10.4); the remnant mix is not in the text")
unit("AxisSP1", "1 SP", "axis", "wehrmacht", "", "supply-point", "", 1, v(defense=0, stacking=0, sp=1),
     flags=("no_zoc",), setup="supply-pool", illus=S12, notes="17.2.1")
unit("AxisSP2", "2 SP", "axis", "wehrmacht", "", "supply-point", "", 1, v(defense=0, stacking=0, sp=2),
     flags=("no_zoc",), setup="supply-pool", illus=S12, notes="17.2.1")


def write() -> None:
    buf = io.StringIO(newline="")
    w = csv.DictWriter(buf, fieldnames=HEADER, lineterminator="\n")
    w.writeheader()
    for row in ROWS:
        w.writerow(row)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(buf.getvalue(), encoding="utf-8")


if __name__ == "__main__":
    write()
    print(f"wrote {OUT} ({len(ROWS)} counters)")
