"""What a binding's phase says moves in it (``[[phase]] moves``, docs/binding-format.md): the same drags are judged, placed or out of phase as the binding says;
placements are counted apart and said under the finding count, never "partial"; a drag taken
back by hand in a phase that does not judge it is taken back, not out of phase; impossible
settings are refused with their line. Logs are written with the log writer against the minikit
module (vmodgen-built, read here through a generic binding file as any module would be) and
from the end of the public The Longest Day chain."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_path
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.audit.coverage import NO_PHASE, OFF_MAP, OUT_OF_PHASE, PUT_BACK, TAKEN_BACK, UNDONE, partial_sentence
from vmodgen.binding.file import load_binding
from vmodgen.errors import InputError
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module
from vmodgen.vassal.savefile import read_save

ROOT = Path(__file__).resolve().parents[1]
TLD_BINDING = ROOT / "examples" / "tld" / "binding.toml"

#: the minikit module as a module vmodgen did not build: units by palette folder, two phases
#: announced in chat, the first of a kind the audit does not know ("airdrop")
BINDING = """\
format = 1
rules = "generic"
name = "Mini"

[[side]]
id = "red"
name = "Red"
players = ["Red"]

[[side]]
id = "blue"
name = "Blue"
players = ["Blue"]

[map]
maps = ["Main"]

[[class]]
name = "Red units"
folder = '/Red/'
side = "red"

[[class]]
name = "Blue units"
folder = '/Blue/'
side = "blue"

[[class]]
name = "Markers"
folder = '/Markers/'
ignore = true

[turns]
source = "chat"

[[phase]]
id = "red-drop"
name = "Red Drop"
side = "red"
kind = "airdrop"
{drop}
chat = ['(?i)red drops']

[[phase]]
id = "red-move"
name = "Red Movement"
side = "red"
kind = "movement"
chat = ['(?i)red moves']
"""


def _binding(root: Path, drop: str, name: str) -> Path:
    p = root / f"{name}.toml"
    p.write_text(BINDING.format(drop=drop))
    return p


def _drop_log(kit, module: Path, root: Path) -> Path:
    """Red Drop: R1 0102 → 0202 and R3 0203 → 0303 (the drop's scatter), Blue's B1 dragged
    0404 → 0405 and back (looked under); then Red Movement: R1 0202 → 0302."""
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.chat("Red drops")                                   # step 1
    w.move("R1", "0202").move("R3", "0303")               # steps 2-3
    w.move("B1", "0405").move("B1", "0404")               # steps 4-5
    w.chat("Red moves")                                   # step 6
    w.move("R1", "0302")                                  # step 7
    return w.write(root / "drop.vlog")


def _audit(mini, drop: str, name: str):
    kit_dir, kit, module, root = mini
    return audit([_drop_log(kit, module, root)], module=module, binding=_binding(root, drop, name))


def test_a_phase_of_an_unknown_kind_moves_nothing_by_default(mini):
    """Without `moves`, an "airdrop" phase is one where no unit moves: the scatter (2 drags) is
    out of phase and the report is partial; B1 dragged aside and back there is taken back."""
    r = _audit(mini, "", "default")
    m = r.coverage["moves"]
    assert m["seen"] == 5 and m["judged"] == 1
    assert m["not_judged"] == {NO_PHASE: 0, OUT_OF_PHASE: 2, OFF_MAP: 0, UNDONE: 0, TAKEN_BACK: 2,
                                  PUT_BACK: 0}
    assert "placed" not in m
    assert [(e["step"], e["unit"], e["from"], e["to"]) for e in r.coverage["out_of_phase"]] == [
        (2, "1/1 Inf", "0102", "0202"), (3, "1 Tank", "0203", "0303")]
    assert partial_sentence(r.coverage) and "2 of 5 unit move(s)" in partial_sentence(r.coverage)


def test_placement_is_counted_apart_and_said_not_partial(mini):
    """`moves = "placement"`: the scatter is two placements, under their own heading (JSON
    moves.placed, a `placed:` line under the finding count, a coverage sentence), and the
    report is not partial (nothing unjudged that the binding did not declare)."""
    r = _audit(mini, 'moves = "placement"', "placement")
    m = r.coverage["moves"]
    assert m["judged"] == 1 and m["placed"] == 2 and m["placed_by_phase"] == {"Red Drop": 2}
    assert m["not_judged"][OUT_OF_PHASE] == 0 and m["not_judged"][TAKEN_BACK] == 2
    assert m["seen"] == m["judged"] + m["placed"] + sum(m["not_judged"].values())
    assert partial_sentence(r.coverage) is None and r.coverage["out_of_phase"] == []
    text = render(r, "text")
    lines = text.splitlines()
    count = next(i for i, line in enumerate(lines) if line.startswith("0 findings"))
    assert lines[count + 1].startswith("placed: 2 unit drag(s) on the map were taken as placements")
    # (im23: the rules not judged are said up there too, "not judged in some or all cases: ...",
    # which is no partial sentence: it sets neither ``partial`` nor --strict's exit 3, and since
    # imfix25 does not say "partial" at all)
    assert "(Red Drop 2)" in lines[count + 1] and "partial" not in text.split("coverage:")[0]
    assert "placed (the binding's placement phases) 2" in text
    assert any("not checked: a unit that moved in such a phase is not reported" in s
               for s in r.coverage["messages"])
    assert "taken as placements" in render(r, "html", game=None, mapdata=None)


def test_movement_declared_judges_the_drags(mini):
    """`moves = "movement"`: the scatter is judged as Red's moves (3 judged); Blue's B1 is the
    other side's unit: its drag aside and back is taken back, not out of phase."""
    r = _audit(mini, 'moves = "movement"', "movement")
    m = r.coverage["moves"]
    assert m["judged"] == 3 and "placed" not in m
    assert m["not_judged"][OUT_OF_PHASE] == 0 and m["not_judged"][TAKEN_BACK] == 2
    assert partial_sentence(r.coverage) is None


@pytest.mark.parametrize("drop, message", [
    ('moves = "walk"', "not one of movement, combat, placement, none"),
    ('moves = true', "'moves' must be text"),
])
def test_impossible_phase_moves_are_refused_with_their_line(mini, drop, message):
    kit_dir, kit, module, root = mini
    p = _binding(root, drop, "bad")
    line = next(i for i, t in enumerate(p.read_text().splitlines(), 1) if t.startswith("moves"))
    with pytest.raises(InputError) as exc:
        load_binding(p, read_module(module))
    assert message in str(exc.value) and f":{line}:" in str(exc.value)


def test_combat_moves_need_the_attacker(mini):
    kit_dir, kit, module, root = mini
    p = root / "noside.toml"
    p.write_text(BINDING.format(drop="").replace('side = "red"\nkind = "airdrop"',
                                                 'kind = "combat"\nmoves = "combat"'))
    with pytest.raises(InputError) as exc:
        load_binding(p, read_module(module))
    assert "needs the phase's side" in str(exc.value)


def test_a_kit_binding_does_not_redeclare_the_kits_phases(mini):
    """A kit binding's phases are the kit's: their kinds say what moves in them."""
    kit_dir, kit, module, root = mini
    p = root / "kit.toml"
    p.write_text(f'game = "{kit_dir}"\n[map]\nmaps = ["Main"]\n[turns]\nsource = "chat"\n'
                 '[[phase]]\nid = "red-move"\nmoves = "placement"\nchat = ["x"]\n')
    with pytest.raises(InputError) as exc:
        load_binding(p, read_module(module))
    assert "kit binding's phases are the kit's own" in str(exc.value) and ":8:" in str(exc.value)


# ---- drags from outside the hex map: The Longest Day -------------------------------------
def test_a_drag_from_a_zone_of_the_board_is_an_arrival_in_any_phase(tmp_path):
    """The Longest Day's board has a zone, "Cherbourg Alarm Units" (not hexes of the map). From
    the end of the public chain, in the Reset phase, Nate drags a German unit out of the zone
    onto 1904: an arrival (off-map), whatever the phase's `moves` says of drags from hex to hex:
    also with `moves = "none"` (docs/binding-format.md)."""
    mod_path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    log4 = shared_path("corpus", "tld_game_0606-4.log")
    mod = read_module(mod_path)
    b = load_binding(TLD_BINDING, mod)
    w = LogWriter(read_save(log4)).save_point()
    w.player = "Nate"
    zoned = [pid for pid, rec in sorted(w.state.pieces.items())
             if rec.position[0] == "Normandy" and mod.locate(*rec.position) == "Cherbourg Alarm Units"
             and b.facts(rec)[1].get("side") == "german"]
    assert zoned, "a German unit in the zone at the end of 0606-4"
    w.chat("german reset phase")
    w.move(zoned[0], ("Normandy", *b.map.center("1904")))
    f5 = w.write(tmp_path / "tld_game_0606-5.vlog")
    text = TLD_BINDING.read_text()
    none = text.replace('moves = "placement"\nchat = ["(?i)now there\'s a reset phase"',
                        'moves = "none"\nchat = ["(?i)now there\'s a reset phase"')
    assert none != text
    (tmp_path / "none.toml").write_text(none)
    for binding in (TLD_BINDING, tmp_path / "none.toml"):
        r = audit([f5], module=mod_path, binding=binding)
        m = r.coverage["moves"]
        assert m["seen"] == 1 and m["not_judged"][OFF_MAP] == 1 and partial_sentence(r.coverage) is None
