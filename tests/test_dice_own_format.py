"""A dice button's own report format is read everywhere a roll matters, not only in integrity
(``vmodgen.vassal.dice.read_roll``): a take-back by hand after such a roll is no take-back
(a roll is a consequence, ``audit/takeback.py``), and ``starts = "roll"`` starts the combat on
it (``binding/player_phases.py``). The modules are the minikit and Kassala with one more dice
button whose report format is HTML with die pictures and names no player (VASSAL writes
``* `` + the format, a space before its markup)."""
from __future__ import annotations

import zipfile
from html import escape
from pathlib import Path

from conftest import shared_path
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from test_audit_takeback import _found, _taken
from test_phase_from_roll import EXAMPLE, NUBIAN, PORTUGUESE_0304, as_player, phases, point, writer  # noqa: F401
from vmodgen.audit import audit
from vmodgen.audit.coverage import TAKEN_BACK
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.dice import read_roll
from vmodgen.vassal.module import read_module

#: the button's own report format (attribute value, unescaped): no player name
FIRE = '<b>** $name$= <img src="d6_$result1$.png"> ($result$) ***</b>'


def fire_line(values: list[int]) -> str:
    """The chat line VASSAL writes for the [Fire] button (``* `` + the format)."""
    return f'* <b>** [Fire]= <img src="d6_{values[0]}.png"> ({",".join(map(str, values))}) ***</b>'


def with_fire_button(vmod: Path, out: Path) -> Path:
    """A copy of ``vmod`` whose buildFile has one more DiceButton, ``[Fire]`` (1d6, FIRE)."""
    button = (f'<VASSAL.build.module.DiceButton name="[Fire]" nDice="1" nSides="6" text="Fire" '
              f'reportFormat="{escape(FIRE, quote=True)}" reportTotal="false"/>\n')
    with zipfile.ZipFile(vmod) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in ("buildFile.xml", "buildFile"):
                text = data.decode("utf-8")
                end = text.rindex("</")
                data = (text[:end] + button + text[end:]).encode("utf-8")
            dst.writestr(info, data)
    return out


def roll_fire(w: LogWriter, values: list[int]) -> LogWriter:
    line = escape(fire_line(values), quote=False)
    return w.step([f"CHAT{line}"], [f"CHAT* UNDO: {line}"])


def test_read_roll_default_line_then_the_buttons_formats():
    formats = {"[Fire]": FIRE}
    assert read_roll("*** 2d6 = 3,4 *** <Alice>", formats) == ("Alice", "2d6", [3, 4])
    assert read_roll(fire_line([5]), formats) == ("", "[Fire]", [5])
    assert read_roll(fire_line([5])) is None                  # without the module's formats
    assert read_roll("<Alice> - ** [Fire]= 5 ***", formats) is None


def test_module_reads_the_added_button(mini, tmp_path):
    _kit_dir, _kit, module, _root = mini
    mod = read_module(with_fire_button(module, tmp_path / "fire.vmod"))
    assert mod.dice_formats.get("[Fire]") == FIRE


def test_own_format_roll_before_the_return_means_the_move_stands(mini, tmp_path):
    """Minikit (test_audit_takeback's position): R3 0203 → 0303 → 0403 → 0503 (B2's ZOC), a
    roll with the [Fire] button (its own format, no player name), R3 dragged back to 0403: the
    leg had a consequence, so the return is a move (GEN zoc 'entered enemy ZOC at 0503 and moved
    on' at step 5), nothing taken back, as with VASSAL's default roll line."""
    kit_dir, kit, module, root = mini
    vmod = with_fire_button(module, tmp_path / "fire.vmod")
    w = LogWriter.from_module_setup(vmod, kit=kit, player="Alice")
    w.move("R3", "0303").move("R3", "0403").move("R3", "0503")
    roll_fire(w, [6])
    w.move("R3", "0403").advance()
    r = audit([w.write(tmp_path / "fire-takeback.vlog")], module=vmod, game=str(kit_dir))
    assert _found(r) == [(5, "GEN zoc", ("R3",))]
    assert _taken(r) == [] and r.coverage["moves"]["not_judged"][TAKEN_BACK] == 0
    assert r.stats["die_rolls"]["Alice"]["count"] == 1      # the step's player's roll


def test_own_format_roll_starts_the_combat(writer, tmp_path):  # noqa: F811
    """Kassala with the [Fire] button, example binding (``starts = "roll"``, rule 'Sequence of
    Play': the player attacking rolls a die): Alice's Nubian 0203 → 0303, she rolls with [Fire];
    Bob's Portuguese 0304 → 0405 (a retreat) and Alice's advance into 0304 are in the Moslem
    combat, as after VASSAL's default roll line."""
    vmod = with_fire_button(shared_path("corpus", "kassala_Kassala.vmod"), tmp_path / "kassala-fire.vmod")
    w = writer.move(NUBIAN, point("0303"))
    roll_fire(w, [5])
    as_player(w, "Bob").move(PORTUGUESE_0304, point("0405"))
    as_player(w, "Alice").move(NUBIAN, point("0304"))
    r = audit([w.write(tmp_path / "game.vlog")], module=vmod, binding=EXAMPLE)
    assert phases(r) == [(0, ""), (2, "moslem-movement"), (4, "moslem-combat")]
    assert r.findings == []


def test_undo_list_names_an_own_format_roll():
    """An undone step that rolled with [Fire] is described as the roll it was, as VASSAL's
    default line is (the undo list of the integrity section)."""
    from types import SimpleNamespace

    from vmodgen.integrity.facts import describe
    step = SimpleNamespace(index=1, chat_text=[fire_line([4])], changes=(), turns=None, moves=[])
    assert describe(step, formats={"[Fire]": FIRE}) == "roll [Fire] = 4"
    assert describe(step).startswith('chat "* ** [Fire]=')     # without the module's formats (tags unseen, as in the chat)
