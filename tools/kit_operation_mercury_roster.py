"""Write counters/operation-mercury/roster.csv: one row per counter the rulebook text names.

Values the text gives are recorded as such; every other filled value is listed in the row's
``illustrative`` column (the rulebook has no order of battle: spec section 9). Run:
python tools/kit_operation_mercury_roster.py
"""
from __future__ import annotations

import csv
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "counters" / "operation-mercury" / "roster.csv"
FIELDS = ("stacking", "attack", "bombardment", "command_range", "efficiency", "movement", "range",
          "defense", "naval_attack", "aa", "capacity")
SCENARIOS = ("scn1", "scn2", "scn3")
ROWS: list[dict] = []


def unit(uid, name, side, nat, form, utype, size, steps, flags="", front=None, back=None, known=(),
         back_known=(), setup=None, arrival="", arrival_illus=False, extra_illus=(), notes=""):
    """One counter. ``known``/``back_known``: fields whose value the rulebook text gives."""
    row = {"id": uid, "name": name, "side": side, "nationality": nat, "formation": form, "type": utype,
           "size": size, "steps": str(steps), "flags": flags, "arrival": str(arrival), "notes": notes}
    illus = []
    for face, values, good in (("front", front or {}, known), ("back", back or {}, back_known)):
        for f in FIELDS:
            v = values.get(f, "")
            row[f"{face}.{f}"] = "" if v == "" else str(v)
            if v != "" and f not in good:
                illus.append(f"{face}.{f}")
    for s in SCENARIOS:
        row[f"setup:{s}"] = (setup or {}).get(s, "")
        if row[f"setup:{s}"]:
            illus.append(f"setup:{s}")      # every set-up hex here is inferred from the examples
    if arrival_illus and arrival != "":
        illus.append("arrival")
    illus += list(extra_illus)
    row["illustrative"] = ";".join(illus)
    ROWS.append(row)


def ground(a, d, m, eff, sp=1, **kw):
    return {"stacking": sp, "attack": a, "defense": d, "movement": m, "efficiency": eff, **kw}


ALL_ILLUS = ("*",)
G, A = "german", "allied"
# ---- German ground units named in the examples -------------------------------------------
unit("G-Koch", "Koch", G, "luftwaffe", "sturm", "glider_infantry", "company", 2,
     front=ground(3, 3, 5, 8), back=ground(1, 1, 5, 7), known=("attack", "defense", "movement", "efficiency"),
     notes="Sturm I Bn company named after its commander (24.1); 3-3-5 and efficiency 8 in the examples after 9.84 and 10.1")
unit("G-Sarrazin", "Sarrazin", G, "luftwaffe", "sturm", "glider_infantry", "company", 2,
     front=ground(3, 3, 5, 8), back=ground(1, 1, 5, 7), known=("attack", "defense", "movement"),
     notes="glider (6.42 example); 3-3-5 (example after 9.84)")
unit("G-VonPlessen", "Von Plessen", G, "luftwaffe", "sturm", "glider_infantry", "company", 2,
     front=ground(3, 3, 5, 8), back=ground(1, 1, 5, 7), known=("attack", "defense", "movement"),
     notes="3-3-5 (example after 9.84)")
unit("G-Braun", "Braun", G, "luftwaffe", "sturm", "glider_infantry", "company", 2,
     front=ground(2, 2, 5, 8), back=ground(1, 1, 5, 7), known=("attack", "defense", "movement"),
     back_known=("attack", "defense", "movement", "efficiency"),
     notes="2-2-5, reduced 1-1-5 efficiency 7 (assault example after 10.3)")
for c, bn in (("9", "III"), ("12", "III"), ("8", "II")):
    unit(f"G-{c}-{bn}-Sturm", f"{c}/{bn}/Sturm", G, "luftwaffe", "sturm", "parachute_infantry", "company", 2,
         front=ground(3, 3, 5, 7), back=ground(1, 1, 5, 6), known=("attack", "defense", "movement"),
         notes="3-3-5 in the examples (6.42, 9.84, 10.3)")
unit("G-Sturm-HQ", "Sturm HQ", G, "luftwaffe", "sturm", "airborne_hq", "regiment", 1, flags="no_zoc",
     front={"stacking": 1, "attack": 0, "command_range": 5, "efficiency": 7, "movement": 5, "defense": 1},
     back={"stacking": 1, "attack": 0, "command_range": 4, "efficiency": 5, "movement": 5, "defense": 1},
     known=("efficiency",),
     notes="RHQ; coordinates from 4413 (example after 9.84); errata: German para HQ efficiency 7, not 8; back = replacement HQ (13.51)")
unit("G-1-7-Art", "1/7", G, "luftwaffe", "7flieger", "artillery", "company", 1, flags="no_zoc",
     front={"stacking": 1, "bombardment": 3, "efficiency": 6, "movement": 3, "range": 3, "defense": 1},
     known=("bombardment",), notes="bombardment 3 (example after 10.1); defense 1 per 11.16's wording")
unit("G-4-I-1", "4/I/1", G, "luftwaffe", "fj1", "parachute_infantry", "company", 2,
     front=ground(3, 3, 5, 7), back=ground(1, 1, 5, 6),
     notes="reserve wave; paradrops on 21 AM (GT4) in scenario 2 (14.2)")
for i in (1, 2):
    unit(f"G-Vogel-{i}", f"Vogel ({i} of 2)", G, "luftwaffe", "sturm", "parachute_infantry", "company", 2,
         front=ground(3, 3, 5, 7), back=ground(1, 1, 5, 6), extra_illus=("type", "size", "formation"),
         notes="reserve wave (14.3); type and size not in the text")
for rgt, bn, form in (("100", "III", "5geb"), ("85", "II", "5geb")):
    for i in range(1, 5):
        unit(f"G-{bn}-{rgt}-Geb-{i}", f"{bn}/{rgt} Geb ({i} of 4)", G, "wehrmacht", form, "mountain_infantry",
             "company", 2, front=ground(3, 3, 5, 7), back=ground(1, 1, 5, 6),
             notes=f"{bn}/{rgt} Mountain Rgt, 4 units, eligible for airlift from Athens (17.37e); counter IDs not in the text")
unit("G-3-7-Pi", "3/7 Pi", G, "luftwaffe", "7flieger", "combat_engineer", "company", 2,
     front=ground(3, 3, 5, 7), back=ground(1, 1, 5, 6), notes="3rd Co., 7th Para Engineer Bn (17.37e)")
for i in (1, 2):
    unit(f"G-Pi-Bn-{i}", f"Pi Bn ({i} of 2)", G, "wehrmacht", "", "combat_engineer", "battalion", 2,
         front=ground(4, 4, 5, 6, sp=2), back=ground(2, 2, 5, 5, sp=2),
         notes="one of the two Wehrmacht engineer battalions (17.37e)")
GERMAN_OTHERS = [  # units the 24.1 German abbreviations and history name; counters and values not in the text
    ("G-FJ1-RHQ", "RHQ/1", "luftwaffe", "fj1", "airborne_hq", "regiment", "no_zoc", (0, 1, 5, 7)),
    ("G-FJ2-RHQ", "RHQ/2", "luftwaffe", "fj2", "airborne_hq", "regiment", "no_zoc", (0, 1, 5, 7)),
    ("G-FJ3-RHQ", "RHQ/3", "luftwaffe", "fj3", "airborne_hq", "regiment", "no_zoc", (0, 1, 5, 7)),
    ("G-MG", "MG", "luftwaffe", "7flieger", "machine_gun", "company", "", (2, 2, 5, 7)),
    ("G-PzJg", "PzJg", "luftwaffe", "7flieger", "anti_tank", "company", "", (1, 2, 5, 7)),
    ("G-K", "K", "wehrmacht", "", "motorcycle_infantry", "company", "", (3, 2, 8, 7)),
    ("G-AA-Aufkl", "AA (Aufkl.)", "wehrmacht", "5geb", "motorcycle_infantry", "company", "", (2, 2, 8, 7)),
    ("G-Lehr", "Lehr", "wehrmacht", "", "infantry", "company", "", (3, 3, 5, 7)),
]
for uid, name, nat, form, utype, size, flags, (a, d, m, e) in GERMAN_OTHERS:
    unit(uid, name, G, nat, form, utype, size, 1, flags=flags, front=ground(a, d, m, e),
         extra_illus=ALL_ILLUS, notes="named by the 24.1 abbreviation list (RHQ, MG, PzJg, K, AA, Lehr); counters and values not in the text")
# ---- Allied ground units named in the examples --------------------------------------------
unit("A-B-22-NZ", "B/22 NZ", A, "new_zealand", "nz_div", "infantry", "company", 1,
     front=ground(2, 2, 5, 6), known=("efficiency",), notes="1-step unit, efficiency 6 (example after 10.1)")
unit("A-B-23-NZ", "B/23 NZ", A, "new_zealand", "nz_div", "infantry", "company", 1,
     front=ground(2, 2, 5, 6), known=("attack", "defense", "movement", "efficiency"),
     notes="2-2-5, efficiency 6, 1 step (assault example after 10.3)")
unit("A-19-NZ-Eng", "19 NZ", A, "new_zealand", "nz_div", "combat_engineer", "company", 2,
     front=ground(2, 2, 5, 6), back=ground(1, 1, 5, 5), known=("attack", "defense", "movement", "efficiency"),
     extra_illus=("steps",),
     notes="engineer 2-2-5 efficiency 6 (examples after 9.84 and 10.3, once printed '10 NZ')")
unit("A-156-AA", "156 AA", A, "british", "", "aa", "company", 1, flags="no_zoc",
     front={"stacking": 1, "bombardment": 3, "efficiency": 5, "movement": 3, "range": 2, "defense": 1},
     known=("bombardment",), notes="light AA, bombardment 3 (examples after 6.42, 10.1, 10.3)")
unit("A-14-HQ", "14 HQ", A, "british", "14bde", "hq", "brigade", 1, flags="no_zoc",
     front={"stacking": 1, "attack": 0, "command_range": 5, "efficiency": 6, "movement": 5, "defense": 1},
     back={"stacking": 1, "attack": 0, "command_range": 4, "efficiency": 4, "movement": 5, "defense": 1},
     known=("command_range",), notes="British '14' HQ, command range 5, Heraklion sector (example after 12.54)")
unit("A-C-1-Welsh", "C/1 Welsh", A, "british", "", "infantry", "company", 1, front=ground(2, 2, 5, 6),
     notes="1 step in the bombing example after 12.54 (W4228)")
unit("A-D-1-Welsh", "D/1 Welsh", A, "british", "", "infantry", "company", 2, front=ground(2, 2, 5, 6),
     back=ground(1, 1, 5, 5), notes="2 steps in the bombing example after 12.54 (W4228)")
for i in range(1, 5):
    unit(f"A-7RTR-{i}", f"7 RTR ({i} of 4)", A, "british", "7rtr", "armor", "platoon", 2, flags="no_zoc",
         front=ground(4, 4, 6, 6), back=ground(2, 2, 6, 5),
         notes="4 game units, all 7 RTR, 2 Matildas each (24.1)")
for i in range(1, 5):
    unit(f"A-GkMil-{i}", f"Greek militia ({i} of 4)", A, "greek", "", "greek_militia", "battalion", 1,
         flags="no_zoc", front=ground(1, 1, 5, 4), notes="4 Greek militia units (13.6); all Greek units exert no ZOC (5.12e)")
OTHERS = [  # units the 24.1 abbreviations name; the text gives neither their counters nor their values
    ("A-3-Huss", "3 Huss", "british", "", "light_armor", "platoon", "no_zoc", (3, 3, 6, 5)),
    ("A-Maori", "Maori", "new_zealand", "nz_div", "infantry", "battalion", "", (3, 3, 5, 7)),
    ("A-NZ-Cav", "NZ Cav", "new_zealand", "nz_div", "infantry", "battalion", "", (2, 2, 5, 6)),
    ("A-NZ-Comp", "NZ Comp", "new_zealand", "nz_div", "infantry", "battalion", "", (2, 2, 5, 4)),
    ("A-NZ-Petrol", "Petrol", "new_zealand", "nz_div", "infantry", "company", "", (1, 1, 5, 4)),
    ("A-NZ-Supply", "Supply", "new_zealand", "nz_div", "infantry", "company", "", (1, 1, 5, 4)),
    ("A-NZ-RMT", "RMT", "new_zealand", "nz_div", "infantry", "company", "", (1, 1, 5, 4)),
    ("A-Aus-Comp-1", "Aus Comp (1 of 2)", "australian", "", "infantry", "battalion", "", (1, 1, 5, 3)),
    ("A-Aus-Comp-2", "Aus Comp (2 of 2)", "australian", "", "infantry", "battalion", "", (1, 1, 5, 3)),
    ("A-ASH", "A & SH", "british", "", "infantry", "battalion", "", (3, 3, 5, 7)),
    ("A-BlckWtch", "Blck Wtch", "british", "14bde", "infantry", "battalion", "", (3, 3, 5, 7)),
    ("A-Lei", "Lei", "british", "14bde", "infantry", "battalion", "", (3, 3, 5, 6)),
    ("A-YL", "Y+L", "british", "14bde", "infantry", "battalion", "", (3, 3, 5, 6)),
    ("A-Ranger", "Ranger", "british", "", "infantry", "battalion", "", (2, 2, 5, 5)),
    ("A-Kings", "Kings", "british", "", "infantry", "battalion", "", (3, 3, 5, 6)),
    ("A-Queens", "Queens", "british", "", "infantry", "battalion", "", (3, 3, 5, 6)),
    ("A-A-Cdo", "A Cdo", "british", "layforce", "commando", "battalion", "", (3, 3, 5, 7)),
    ("A-D-Cdo", "D Cdo", "british", "layforce", "commando", "battalion", "", (3, 3, 5, 7)),
    ("A-NHuss", "N. Huss", "british", "", "infantry", "battalion", "", (2, 2, 5, 5)),
    ("A-106-RHA", "106 RHA", "british", "", "infantry", "battalion", "", (2, 2, 5, 5)),
    ("A-RM", "RM", "british", "mnbdo", "infantry", "battalion", "", (2, 2, 5, 6)),
    ("A-MNBDO-SL", "MNBDO S-L", "british", "mnbdo", "infantry", "company", "", (1, 1, 5, 4)),
    ("A-RoyalPeri", "Royal Peri", "british", "", "infantry", "battalion", "", (1, 1, 5, 3)),
    ("A-Transit", "Transit", "british", "", "infantry", "battalion", "", (1, 1, 5, 2)),
    ("A-FPC", "FPC", "british", "", "infantry", "company", "", (1, 1, 5, 2)),
    ("A-Herak", "Herak", "british", "14bde", "infantry", "battalion", "", (2, 2, 5, 4)),
    ("A-Gk-Reg", "Gk", "greek", "", "infantry", "battalion", "no_zoc", (2, 2, 5, 3)),
    ("A-Gend", "Gend", "greek", "", "infantry", "battalion", "no_zoc", (1, 1, 5, 4)),
]
for uid, name, nat, form, utype, size, flags, (a, d, m, e) in OTHERS:
    unit(uid, name, A, nat, form, utype, size, 1, flags=flags, front=ground(a, d, m, e),
         extra_illus=ALL_ILLUS, notes="named by the 24.1 abbreviation list; counters and values not in the text")
# ---- air units (12.1; 1 step, no back: 12.12) ----------------------------------------------
AIR = [("G-Ju87-1", "Ju-87 Stuka", "dive_bomber", "", 4, 5, True), ("G-Ju87-2", "Ju-87 Stuka", "dive_bomber", "", 4, 5, True),
       ("G-Ju88-1", "Ju-88", "bomber", "", 3, 3, True), ("G-He111-1", "He-111", "bomber", "", 3, 3, False),
       ("G-Do17-1", "Do-17", "bomber", "", 2, 2, False), ("G-Bf109-1", "Bf-109", "fighter", "", 1, 1, True),
       ("G-Bf109-2", "Bf-109", "fighter", "", 1, 1, True), ("G-Bf110-1", "Bf-110", "fighter", "", 2, 2, False),
       ("G-Ju87-opt", "Ju-87 Stuka (optional)", "dive_bomber", "optional", 4, 5, True),
       ("G-Ju88-opt", "Ju-88 (optional)", "bomber", "optional", 2, 3, True)]
for uid, name, utype, flags, b, n, good in AIR:
    known = ("bombardment", "naval_attack") if good else (("bombardment",) if uid == "G-Do17-1" else ())
    unit(uid, name, G, "luftwaffe", "", utype, "", 1, flags=flags, front={"bombardment": b, "naval_attack": n},
         known=known, notes="values from the examples (12.13, 12.16, 12.54, 19.4)" if known else "values not in the text")
for i in range(1, 7):
    unit(f"G-Ju87-split-{i}", f"Ju-87 half ({i} of 6)", G, "luftwaffe", "", "dive_bomber", "", 1, flags="ju87_split",
         front={"bombardment": 2, "naval_attack": 3}, known=("bombardment", "naval_attack"),
         notes="up to three 4-5 Ju-87s split into two 2-3 halves each (12.13)")
# ---- naval units (16.1) --------------------------------------------------------------------
def ship(uid, name, utype, aa, de, baa=None, bde=None, flags="", known=False, back_good=False, notes=""):
    front = {"bombardment": 4 if utype == "battleship" else 2, "aa": aa, "defense": de, "movement": 3}
    back = None if baa is None else {**front, "aa": baa, "defense": bde}
    good = ("aa", "defense") if known else ()
    unit(uid, name, A, "royal_navy", "med_fleet", utype, "", 2 if back else 1, flags=flags, front=front, back=back,
         known=good, back_known=good if back_good else (), notes=notes)

ship("A-BB-Barham", "BB Barham", "battleship", 3, 8, 2, 6, known=True, back_good=True, notes="AA 3 / Def 8, damaged AA 2 / Def 6 (19.4 example)")
ship("A-BB-QE", "BB Queen Elizabeth", "battleship", 3, 8, 2, 6, notes="TF A (16.3 example)")
ship("A-CL-Orion", "CL Orion", "light_cruiser", 4, 4, 3, 3, known=True, notes="AA 4 / Def 4 (19.4 example); back values not in the text")
ship("A-CL-Phoebe", "CL Phoebe", "light_cruiser", 4, 4, 3, 3, notes="TF A (16.3 example)")
ship("A-DD-Ilex-Defender", "DD Ilex/Defender", "destroyer", 2, 2, 1, 1, flags="paired_ships", notes="paired destroyers (16.12)")
ship("A-DD-Decoy-Hero", "DD Decoy/Hero", "destroyer", 2, 2, 1, 1, flags="paired_ships", known=True, notes="AA 2 / Def 2 (19.4 example); back values not in the text")
for nm, good in (("Kimberly", True), ("Kashmir", True), ("Kelvin", False), ("Kipling", False), ("Nizam", False), ("Juno", False)):
    ship(f"A-DD-{nm}", f"DD {nm}", "destroyer", 2, 2, 1, 1, known=good,
         notes="AA 2 / Def 2 (19.4 example); back values not in the text" if good else "named in the examples or errata")
ROWS[-1]["notes"] = "errata: the scenario 4 Alexandria box's DD Napier should be DD Juno"
for uid, name, nat, utype, cap, good in (("G-LtConvoy-1", "Lt. Convoy #1", "italian", "convoy", 10, False),
                                        ("G-Rodi", "Rodi convoy", "italian", "convoy", 10, False),
                                        ("G-Steamer-Convoy", "Steamer convoy", "italian", "convoy", 10, False),
                                        ("G-DD-Flotilla", "DD Flotilla", "italian", "convoy", 5, True),
                                        ("G-MAS", "MAS flotilla", "italian", "mas_flotilla", 0, False)):
    front = {"bombardment": 1, "aa": 1, "defense": 2, "movement": 2, "capacity": cap}
    unit(uid, name, G, nat, "", utype, "", 1, flags="naval_contact", front=front, known=("capacity",) if good else (),
         notes="German naval counters: one combat side, the back is the Naval Contact face (16.16)"
               + ("; carries at most 5 steps (17.35e)" if good else ""))

SETUP = {  # (unit, scenario) -> hex, inferred from the rules' examples around Maleme
    "A-B-22-NZ": {"scn1": "W4314", "scn3": "W4314"}, "A-B-23-NZ": {"scn1": "W4314", "scn3": "W4314"},
    "A-19-NZ-Eng": {"scn1": "W4315", "scn3": "W4315"}, "A-156-AA": {"scn1": "W4415", "scn3": "W4415"},
    "A-7RTR-1": {"scn1": "W4215", "scn3": "W4215"},
    "A-C-1-Welsh": {"scn3": "W4228"}, "A-D-1-Welsh": {"scn3": "W4228"}, "A-14-HQ": {"scn2": "E3135"},
    "A-BlckWtch": {"scn2": "E3138"}, "A-Lei": {"scn2": "E3134"}, "A-YL": {"scn2": "E3041"},
    "A-Herak": {"scn2": "E3135"}, "A-Maori": {"scn3": "W4123"}, "A-NZ-Comp": {"scn3": "W4122"},
    "A-RM": {"scn3": "W4031"}, "A-GkMil-1": {"scn3": "W3720"}, "A-GkMil-2": {"scn1": "W4003", "scn3": "W4003"},
}


#: units given the Suda Command Area light-blue box (4.64) here; the text names none, so "flags" is illustrative
SCA = {"A-C-1-Welsh", "A-D-1-Welsh", "A-RM", "A-MNBDO-SL"}


def main() -> None:
    for row in ROWS:
        if row["id"] in SCA:
            row["flags"] = ";".join(f for f in (row["flags"], "suda_command_area") if f)
            if "*" not in row["illustrative"].split(";"):
                row["illustrative"] = ";".join(c for c in (row["illustrative"], "flags") if c)
        extra = SETUP.get(row["id"], {})
        illus = [c for c in row["illustrative"].split(";") if c]
        for s, h in extra.items():
            row[f"setup:{s}"] = h
            if f"setup:{s}" not in illus:
                illus.append(f"setup:{s}")
        row["illustrative"] = ";".join(illus)
    header = (["id", "name", "side", "nationality", "formation", "type", "size", "steps", "flags"]
              + [f"front.{f}" for f in FIELDS] + [f"back.{f}" for f in FIELDS]
              + [f"setup:{s}" for s in SCENARIOS] + ["arrival", "illustrative", "notes"])
    with OUT.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, header, lineterminator="\n")
        w.writeheader()
        for row in ROWS:
            w.writerow(row)
    print(f"wrote {OUT}: {len(ROWS)} counters")


if __name__ == "__main__":
    main()
