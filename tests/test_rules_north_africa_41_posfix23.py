"""Review rv-i23 of na23 (NA41 8.8.3), item 3: a verdict that rests on the kit's map having no
escarpment, ridge or Tobruk perimeter on the hexside an attack crosses names that bare hexside
among its illustrative inputs (9.6 halves or doubles an attacker across one), unless the position
states the pair in ``[[hexsides]]``."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command

BARE = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41" / \
    "posfix23-odds-bare-hexside-on-kit-map.toml"
NAMED = "no escarpment/ridge/tobruk_perimeter 2020/2021"


def finding(path: Path) -> dict:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    (f,) = [f for f in json.loads(r.output)["findings"] if f["rule"] == "NA41 8.8.3"]
    return f


def items(f: dict) -> list[str]:
    return [i for got in f["illustrative"] for i in got["items"]]


def test_a_finding_on_the_kits_bare_hexside_names_it():
    """3 against 10 across 2020/2021, which the kit's map leaves bare: the finding rests on that
    absence (down an escarpment it would be 6 against 10, 1:3 or better, 9.6)."""
    f = finding(BARE)
    assert NAMED in items(f), f
    assert "illustrative: not the printed map" in " ".join(i["text"] for i in f["illustrative"])


def test_a_hexside_the_position_states_is_not_the_kits(tmp_path):
    """The same attack with the pair stated in ``[[hexsides]]`` (a Tobruk perimeter, which does not
    halve infantry, 9.6): the hexside is the position's, so no bare hexside is named."""
    p = tmp_path / "stated.toml"
    p.write_text(BARE.read_text(encoding="utf-8") + '\n[[hexsides]]\nhexes = ["2020", "2021"]\n'
                 'feature = "tobruk_perimeter"\n', encoding="utf-8")
    f = finding(p)
    assert not any("2020/2021" in i for i in items(f)), f
