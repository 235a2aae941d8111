"""Rules benchmark: supply status of every unit of one side (300 units on a 60×40 map, goal
< 50 ms) and the ZOC field of one side (goal < 5 ms), for the generic rule set and the North
Africa '41 line of supply. Run: python bench/bench_rules.py"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.rules.position_file import load_position  # noqa: E402
from vmodgen.rules import ruleset_for  # noqa: E402
from vmodgen.rules.core.board import Board  # noqa: E402


def position_text(ruleset: str, sides: tuple[str, str], n_own: int = 300, n_enemy: int = 100, seed: int = 1) -> str:
    rnd = random.Random(seed)
    own, enemy = sides
    out = [f'[position]\nruleset = "{ruleset}"\nsides = ["{own}", "{enemy}"]\n',
           "[grid]\nline_range = [1, 60]\npos_range = [1, 40]\n"]
    if ruleset == "generic":
        out.append(f'[rules]\nsupply_sources_{own} = "edge:west"\nsupply_range = 12\nsupply_road = "road"\n'
                   'stacking_limit = 99\n')
    else:
        edge = ", ".join('"01%02d"' % p for p in range(1, 41))
        out.append(f'[[boxes]]\nid = "base"\nside = "{own}"\nadjacent = [{edge}]\n')
    road = ", ".join(f'"{c:02d}20"' for c in range(1, 61))
    out.append(f'[[lines]]\nkind = "{"road" if ruleset == "generic" else "track"}"\nhexes = [{road}]\n')
    for i in range(30):
        out.append(f'[[hexes]]\nhex = "{rnd.randint(2, 59):02d}{rnd.randint(1, 40):02d}"\nterrain = "rough"\n')
    for i in range(n_own):
        h = f"{rnd.randint(1, 35):02d}{rnd.randint(1, 40):02d}"
        out.append(f'[[units]]\nid = "O{i}"\nside = "{own}"\nhex = "{h}"\nvalues = {{defense = 2, movement = 5}}\n')
    for i in range(n_enemy):
        h = f"{rnd.randint(36, 60):02d}{rnd.randint(1, 40):02d}"
        out.append(f'[[units]]\nid = "E{i}"\nside = "{enemy}"\nhex = "{h}"\nvalues = {{defense = 2, movement = 5}}\n')
    return "".join(out)


def timed(fn, repeat: int = 20) -> float:
    fn()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    for ruleset, sides in (("generic", ("red", "blue")), ("north-africa-41", ("axis", "allied"))):
        pos = load_position(ROOT / "bench" / "bench.toml", text=position_text(ruleset, sides))
        rs = ruleset_for(pos.game)
        own, enemy = sides
        status = rs.supply_status(pos, own)
        n_in = sum(1 for s in status.values() if s not in ("out", "none"))
        ms_supply = timed(lambda: rs.supply_status(pos, own))
        board = Board(pos)
        ms_zoc = timed(lambda: rs.zoc(board, enemy), repeat=50)
        ms_zoc_own = timed(lambda: rs.zoc(board, own), repeat=50)
        ms_check = timed(lambda: rs.check(pos), repeat=5)
        print(f"{ruleset:16s} supply status of {len(status)} units (60x40 map): {ms_supply:6.1f} ms "
              f"({n_in} in supply)   [goal < 50 ms]")
        print(f"{'':16s} ZOC field of {enemy} (100 units): {ms_zoc:5.2f} ms; of {own} (300 units): "
              f"{ms_zoc_own:5.2f} ms   [goal < 5 ms]")
        print(f"{'':16s} full check of the position: {ms_check:6.1f} ms")


if __name__ == "__main__":
    main()
