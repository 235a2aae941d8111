"""Round na23: NA41 10.4.1 no longer holds a side and type of units against the one unit whose steps
the book states (6/2 NZ, 2.3.5): a verdict resting on the kit's step counts is named not judged,
naming the units whose steps the book does not give."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"


def report(path: Path) -> dict:
    return json.loads(CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False).output)


def test_the_allied_infantry_remnant_names_the_brigades_of_the_kits_steps(tmp_path):
    """10.4.1, 19.6: the CW Inf Remnant in play, the Remnant Display empty, every Allied brigade the kit
    counts as 3-step on the map: not judged (before: NA41 10.4.1, on 6/2 NZ's stated steps), naming the
    Australian and South African brigades and the unplaced Polish Bde, never 6/2 NZ; with the Polish
    Bde, 22 Gds Bde and 11 Czech Bn placed too it is still not judged (the kit's 3-step brigades)."""
    src = DATA / "f23-cw-remnant-with-every-brigade-on-map.toml"
    got = report(src)
    assert [f["rule"] for f in got["findings"]] == []
    (why,) = [n for n in got["not_judged"] if n.startswith("NA41 10.4.1")]
    assert "20/9 Aus" in why and "3/2 SA" in why and "Polish Bde" in why and "6/2 NZ (6/2NZ)" not in why, why
    more = "".join(f'\n[[units]]\nunit = "{u}"\nhex = "{h}"\n' for u, h in
                   (("Polish Bde", "2302"), ("22 Gds Bde", "2303"), ("11 Czech Bn", "2304")))
    placed = tmp_path / "placed.toml"
    placed.write_text(src.read_text(encoding="utf-8") + more, encoding="utf-8")
    got = report(placed)
    (why,) = [n for n in got["not_judged"] if n.startswith("NA41 10.4.1")]
    assert "20/9 Aus" in why and "Polish Bde" not in why, why
