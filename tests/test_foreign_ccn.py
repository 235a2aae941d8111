"""A play-by-email chain of a fifth foreign module: what "Commands & Colors: Napoleonics V4.2"
4.2.0a60 (github.com/riverwanderer/ccnapoleonics, a VASSAL 3.7.5 module vmodgen did not build;
see examples/ccn-napoleonics/README.md) and a chain of three files recorded in real VASSAL
(3.7.26, 3.7.26, then 3.8.0-beta1) broke, each fix reproduced here without the module (its
game art is GMT's: neither it nor the logs recorded with it are in the repository).

* The roster's sides are Allies and French; the units' Marker property Army names French,
  British, Russian... Before: "French" matched the side Allies (a French is one of the WW2
  Allied nations), so the starter bound French units to the Allies.
* A file opened and saved again in the other VASSAL version: 3.8 writes a Movement Trail's state
  with one more field (the last point count, which 3.8 reads as the point count when it is
  missing). Before: every unit with a trail was "a different state (no property differs)" at
  the seam (34 false seam issues).
* A module's own HTML chat report ("* <img src=... width=19.8 height=22> ...") was taken for a
  speaker's name: "recorded by img src=..." in the seats.
* The module's battle dice report in its own text ("Alice (French) rolls 2 dice: ARTx1 INFx1"):
  integrity said nothing about dice at all (no table, no warning).
* The turn is read from chat (the module's "*** Allies Turn 1 ***"), but the Allies forgot End
  Turn: the French moved again with no turn line in between. Before: the phase went "back" in
  the same turn, which ends no phase, so the Allies' overstack (two British units in H09) was
  never judged, and nothing said so.
* The same file given twice, and a file missing from the middle of the chain: only a vague
  "the order may be wrong".
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace

from test_foreign_ragnarok import TRACKER_LINE, tiny_ragnarok
from tiny_module_util import hex_board_build, uncomment_player_turns, write_module

from vmodgen.audit.continuity import compare
from vmodgen.audit.order import order_doubts
from vmodgen.audit.stats import recorder
from vmodgen.binding import fuzzy
from vmodgen.binding.file import load_binding
from vmodgen.binding.starter import generic_starter
from vmodgen.integrity.facts import FileFacts, looks_like_roll
from vmodgen.integrity.section import integrity_section
from vmodgen.vassal.interpreter import Step
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece_defs import Trait, definition, empty_basic_piece, marker
from vmodgen.vassal.typed import NullCommand
from vmodgen.vassal.undo import speaker


def tiny_ccn(tmp_path: Path) -> Path:
    """A module shaped like C&C Napoleonics: the roster Allies / French / Solitaire; units whose
    side is the Marker Side and whose nation is the Marker Army (French for the French side,
    British and Russian for the Allies)."""
    protos = {
        "French Army": definition([marker({"Army": "French", "Side": "French"}), empty_basic_piece()]),
        "British Army": definition([marker({"Army": "British", "Side": "Allies"}), empty_basic_piece()]),
        "Russian Army": definition([marker({"Army": "Russian", "Side": "Allies"}), empty_basic_piece()]),
    }
    slots = {"Units": [("French Line Infantry", "French Army"), ("French Leader", "French Army"),
                       ("British Line Infantry", "British Army"), ("Russian Cossacks", "Russian Army")]}
    build = hex_board_build("Tiny CCN", "4.2", ["Allies", "French", "Solitaire"], protos, slots)
    return write_module(tmp_path / "tiny-ccn.vmod", build)


def test_a_side_named_by_its_own_word_beats_a_nationality_group(tmp_path):
    """With the sides Allies and French, "French" is the French side (before: the Allies, whose
    WW2 nations include the French); British and Russian still go to the Allies; a name of no
    side and no nation, none."""
    sides = ["Allies", "French"]
    assert fuzzy.side_of("French", sides) == "French"
    assert fuzzy.side_of("French Leaders", sides) == "French"
    assert fuzzy.side_of("British", sides) == "Allies" and fuzzy.side_of("Russian", sides) == "Allies"
    assert fuzzy.side_of("Prussian", sides) is None
    assert fuzzy.side_of("American", ["Allies", "Axis"]) == "Allies"     # the group still works
    st = generic_starter(read_module(tiny_ccn(tmp_path)))
    data = tomllib.loads(st.text)
    by_side = {c["side"]: c for c in data["class"] if "side" in c}
    for side, cls in by_side.items():
        (key, pattern), = cls["property"].items()
        if key == "Army":                 # whichever side property the starter chose, French is french
            assert ("French" in pattern) == (side == "french")
        else:
            assert key == "Side" and pattern == ("^French$" if side == "french" else "^Allies$")
    assert set(by_side) == {"allies", "french"}


FOOTPRINT = "footprint;77,130;;true;false;6;51,51,255;0,102,255;100;40;0;0;2.0;;;;Trail"


def _trail(state: str) -> tuple:
    return (("Main Map", 596, 585), "C07", state + "\tMain Map;596;585;;0",
            FOOTPRINT + "\tpiece;;;u.png;French Line Infantry", "U1")


def test_a_trail_saved_again_by_the_other_version_is_no_seam_difference():
    """VASSAL 3.8 (Footprint.myGetState) writes the trail's last point count after 3.7's fields
    and reads a missing one as the point count: 'true;Map0;1;596,585;true' (3.7) and
    '...;true;1' (3.8) are the same trail. A trail that really differs is still a change."""
    seam = lambda a, b: compare("a.vlog", {"pieces": {"U1": _trail(a)}, "turns": {}},   # noqa: E731
                                "b.vlog", {"pieces": {"U1": _trail(b)}, "turns": {}})
    assert seam("true;Map0;1;596,585;true", "true;Map0;1;596,585;true;1") == []
    assert seam("false;;0;false", "false;;0;false;0") == []
    got = seam("true;Map0;1;596,585;true", "true;Map0;2;596,585;509,510;true;2")
    assert [(c.what, c.piece) for c in got] == [("changed", "U1")]


def test_a_modules_html_report_names_no_speaker():
    """'* <img src="x.jpg" width=19.8 height=22> ...' is a module's report, not a line of a
    player named 'img src=...'; '* <Alice> ...' and '<Alice> - hi' still name Alice."""
    html = '* <img src="Wellington by Goya size60.jpg" width=19.8 height=22> Allies to move'
    assert speaker(html) is None and speaker('* <span style=color:red>x</span>') is None
    assert speaker("<Alice> - hi") == "Alice" and speaker("* <Mark B> joined") == "Mark B"
    # every tag the chat leaves out when it shows the line is no speaker either (one list of tags)
    from vmodgen.vassal.chat_text import TAGS, plain_chat
    for tag in TAGS:
        assert speaker(f"* <{tag}>7</{tag}> rolled") is None, tag
        assert plain_chat(f"<{tag}>7</{tag}>") == "7", tag
    roster = [("Alice", "French"), ("Bob", "Allies")]
    steps = [Step(1, NullCommand(), chat=[html]), Step(2, NullCommand(), chat=[html]),
             Step(3, NullCommand(), player="Alice")]
    assert recorder(steps, roster) == "Alice"


def test_rolls_in_a_form_no_button_reads_are_said_not_silent():
    """The module's battle dice write '* <img ...> [ Alice (French) rolls 2 dice: ARTx1 INFx1 ]':
    no dice button format reads it. Integrity flags such lines and lists them (before: nothing
    about dice at all); a line a player typed is talk, not a roll."""
    line = "* <img src=art.png width=30 height=30><img src=inf.png width=30 height=30> [ Alice (French) rolls 2 dice: ARTx1  INFx1 ]"
    assert looks_like_roll(line) == "* [ Alice (French) rolls 2 dice: ARTx1 INFx1 ]"
    assert looks_like_roll("&lt;Alice&gt; - I rolled badly".replace("&lt;", "<").replace("&gt;", ">")) == ""
    assert looks_like_roll("* Alice moves B02 -> C02 *") == ""
    facts = [FileFacts("f1.vlog", unread_rolls=[(7, looks_like_roll(line))]), FileFacts("f2.vlog")]
    sec = integrity_section(facts)
    assert sec["dice"]["unread"] == [{"file": "f1.vlog", "step": 7, "text": looks_like_roll(line)}]
    assert any(f.startswith("Dice: 1 chat line(s) in 1 file(s) look like die rolls") for f in sec["flags"])
    assert "unread" not in integrity_section([FileFacts("f2.vlog")])["dice"]


def test_a_side_moving_again_with_no_turn_line_ends_the_phase_before(tmp_path):
    """source = "player" with a `turn` pattern: the turn comes from chat. When the first side's
    player moves again with no turn line since the other side's phase (the turn control not
    pressed), the turn is counted on by one, so that the phase before it ends (a phase going
    back within one turn ends none: its end-of-phase rules, the stacking limit, never ran), and a
    note says where. With the turn line, the chat's turn stands and nothing is noted."""
    mod = read_module(tiny_ragnarok(tmp_path))
    p = tmp_path / "B.toml"
    p.write_text(uncomment_player_turns(generic_starter(mod).text))
    b = load_binding(p, mod)
    assert b.phase_source == "player" and b.spec.turn_pattern is not None
    order = [ph.id for ph in b.game.sequence.phases]
    state = SimpleNamespace(players=[("Alice", "Aesir"), ("Bob", "Jotun")], pieces={})
    first_player = "Alice" if order[0].startswith("aesir") else "Bob"
    other = "Bob" if first_player == "Alice" else "Alice"

    def play(turn_line: bool, at_end_of_other: bool = False) -> list:
        b.phase_for(None, state)
        chat = [TRACKER_LINE] if turn_line else []
        got = [b.phase_for(Step(1, NullCommand(), player=first_player), state),
               b.phase_for(Step(2, NullCommand(), player=other, chat=chat if at_end_of_other else []), state)]
        got.append(b.phase_for(Step(3, NullCommand(), player=first_player,
                                    chat=[] if at_end_of_other else chat), state))
        return got

    b.reset()
    a = play(turn_line=False)
    assert [ph for _t, ph in a] == [order[0], order[1], order[0]]
    assert a[2][0] == (a[1][0] or 0) + 1          # the turn goes on: the phase before it ends
    b.add_observations(b.take_observations(), "chain2.vlog")
    note = next(n for n in b.notes() if n.startswith("The turn is read from chat"))
    assert "1 time(s)" in note and "chain2.vlog step 3" in note
    b.restarted.clear()
    b.reset()
    got = play(turn_line=True)
    assert got[2] == (2, order[0])                # the tracker's line says turn 2
    assert b.take_observations()["restarts"] == []
    # the line at the end of the other side's phase (Next pressed before sending the file)
    b.reset()
    got = play(turn_line=True, at_end_of_other=True)
    assert got[1][0] == 2 and got[2] == (2, order[0])
    assert b.take_observations()["restarts"] == []


def _result(path: Path, side: str, start: dict, end: dict) -> SimpleNamespace:
    return SimpleNamespace(path=str(path), date_saved="", start={"pieces": start}, end={"pieces": end},
                           stats=SimpleNamespace(moves_by_side={side: 2}))


def test_a_file_given_twice_and_a_missing_file_are_said_plainly(tmp_path):
    """The same file twice: said by name (its findings are counted twice). Two files in a row of
    one side's moves whose seam has pieces placed differently: the other side's file between
    them may be missing. An honest alternation says neither."""
    f1, f2, f3 = (tmp_path / n for n in ("f1.vlog", "a1.vlog", "f2.vlog"))
    f1.write_bytes(b"one"), f2.write_bytes(b"two"), f3.write_bytes(b"three")
    at = lambda x: (("Main Map", x, 10), "", "", "", "")          # noqa: E731
    s0, s1, s2 = {"u": at(1), "v": at(5)}, {"u": at(2), "v": at(5)}, {"u": at(2), "v": at(6)}
    r1 = _result(f1, "french", s0, s1)
    again = _result(f1, "french", s0, s1)
    allies = _result(f2, "allies", s1, s2)
    r3 = _result(f3, "french", s2, {"u": at(3), "v": at(6)})
    twice = order_doubts([r1, again, allies])
    assert any(m.startswith("f1.vlog is given again: the same play audited twice") for m in twice)
    assert not any("may be missing" in m for m in twice)
    copy = tmp_path / "copy.vlog"
    copy.write_bytes(b"one")
    assert any("copy.vlog is the same bytes as f1.vlog" in m
               for m in order_doubts([r1, _result(copy, "french", s0, s1)]))
    gap = order_doubts([r1, r3])
    assert any("f1.vlog and f2.vlog both hold only french's moves" in m and "may be missing" in m for m in gap)
    assert not any("may be missing" in m or "given again" in m for m in order_doubts([r1, allies, r3]))


def test_the_example_binding_loads_and_names_its_assumptions():
    """examples/ccn-napoleonics/binding.toml is valid TOML whose every rule value is marked an
    assumption (no rulebook at hand) and whose movement classes say they are illustrative."""
    path = Path(__file__).resolve().parents[1] / "examples" / "ccn-napoleonics" / "binding.toml"
    data = tomllib.loads(path.read_text())
    assert data["turns"]["source"] == "player" and data["turns"]["turn"]
    for table in ("stacking", "zoc"):
        assert all(v.get("assumption") is True for v in data[table].values())
    assert all("illustrative" in c["name"] for c in data["class"] if "movement" in c)
