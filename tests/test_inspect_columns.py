"""``inspect``'s text table keeps its columns in line when a piece's name is Japanese (two
terminal cells a character), as a player's terminal shows it."""
from __future__ import annotations

from conftest import ROOT
from vmodgen.columns import clip, pad, width
from vmodgen.vassal.inspecting import inspect_save, save_text

LOG = ROOT / "tests" / "data" / "recorded" / "om-clean.vlog"


def test_wide_and_combining_characters_counted_in_cells():
    assert width("abc") == 3
    assert width("第3大隊") == 7
    assert width("ｶﾞ") == 2                      # half-width katakana: one cell each
    assert width("e\u0301") == 1                 # a combining accent takes no cell
    assert clip("第3大隊", 4) == "第3"            # never half a wide character
    assert width(pad("第3", 6)) == 6


def test_columns_after_a_japanese_name_start_where_the_header_puts_them():
    d = inspect_save(LOG)
    assert len(d["pieces"]) >= 3
    d["pieces"][0]["name"] = "第7降下猟兵連隊第1大隊"
    d["pieces"][1]["name"] = "ニュージーランド第4旅団"
    lines = save_text(d).splitlines()
    header = next(line for line in lines if line.startswith("id "))
    map_at = width(header[:header.index("map")])
    for piece in d["pieces"][:3]:
        line = next(line for line in lines if f"  {piece['name']}  " in line)
        start = line.index(piece["map"], line.index(piece["name"]) + len(piece["name"]))
        assert width(line[:start]) == map_at, line
