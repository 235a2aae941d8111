"""The seat flags as fields of the integrity JSON (task im23 item 4): "changed sides within" (a
player who held another side than before in a file: one who played both sides) is
``seats.files[].changed_sides``, "both held" (a side claimed while another player held it) is
``seats.files[].both_held``; before, both were flag sentences only. Read on logs recorded by real
VASSAL 3.7.26 (``tests/data/recorded``) and on a written one, in the three formats."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from test_integrity_seats22 import PW, seated, switch
from vmodgen.cli import cli

RECORDED = Path(__file__).parent / "data" / "recorded"


def integrity(path: Path) -> dict[str, str]:
    """Each format's output of ``vmodgen integrity PATH``."""
    outs = {}
    for fmt in ("json", "text", "html"):
        r = CliRunner().invoke(cli, ["integrity", str(path), "--format", fmt])
        assert r.exit_code == 0, r.output
        outs[fmt] = r.output
    return outs


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_a_player_who_played_both_sides_has_the_field(suffix):
    """na41-otherseat23 (recorded): the Axis player switches to the Allied seat at step 11 and back
    at step 13. ``changed_sides`` holds both changes, in order, as the flags word them; each flag
    is in the text and the HTML too. No side was held by two players: ``both_held`` is []."""
    path = RECORDED / f"na41-otherseat23{suffix}.vlog"
    outs = integrity(path)
    sec = json.loads(outs["json"])["integrity"]
    [entry] = sec["seats"]["files"]
    assert entry["changed_sides"] == [{"name": "Axis", "from": "Axis", "to": "Allied", "step": 11},
                                      {"name": "Axis", "from": "Allied", "to": "Axis", "step": 13}]
    assert entry["both_held"] == []
    for c in entry["changed_sides"]:
        flag = f"Seats: {c['name']} changed sides within {path} ({c['from']} -> {c['to']}, step {c['step']})."
        assert flag in sec["flags"] and flag in outs["text"]
        assert flag.replace(">", "&gt;") in outs["html"]


@pytest.mark.parametrize("name", ["na41-clean.vlog", "im-clean.vlog"])
def test_a_player_who_kept_one_side_has_empty_fields(name):
    """na41-clean and im-clean (recorded): one player, one side throughout: both fields are
    present and empty, and no seat flag is raised in any format."""
    outs = integrity(RECORDED / name)
    sec = json.loads(outs["json"])["integrity"]
    [entry] = sec["seats"]["files"]
    assert entry["changed_sides"] == [] and entry["both_held"] == []
    assert not any(f.startswith("Seats:") for f in sec["flags"])
    assert "changed sides within" not in outs["text"] + outs["html"]
    assert "both held" not in outs["text"] + outs["html"]


def test_two_players_holding_one_side_is_the_both_held_field(tmp_path: Path):
    """Alice (Red) and Bob (Blue) are seated; Alice claims Blue at step 5 while Bob holds it, then
    goes back to Red: ``both_held`` names Blue, Bob and Alice (the claimant last) at step 5, as the
    flag says; ``changed_sides`` holds Alice's two changes."""
    w = seated([("Alice", "Red"), ("Bob", "Blue")])
    w.chat("hi").move("1", ("Main Map", 200, 100))
    switch(w, "Alice", "Red", "Blue")          # step 5
    switch(w, "Alice", "Blue", "Red")          # step 6
    path = w.write(tmp_path / "both-held.vlog")
    outs = integrity(path)
    assert not any(pw in out for pw in PW.values() for out in outs.values())
    sec = json.loads(outs["json"])["integrity"]
    [entry] = sec["seats"]["files"]
    assert entry["both_held"] == [{"side": "Blue", "names": ["Bob", "Alice"], "step": 5}]
    assert entry["changed_sides"] == [{"name": "Alice", "from": "Red", "to": "Blue", "step": 5},
                                      {"name": "Alice", "from": "Blue", "to": "Red", "step": 6}]
    assert f"Seats: Bob and Alice both held Blue in {path} (step 5)." in sec["flags"]
    assert "Bob and Alice both held Blue" in outs["text"] and "Bob and Alice both held Blue" in outs["html"]
