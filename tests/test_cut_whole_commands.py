"""A file VASSAL wrote whole is never said "cut short" (:mod:`vmodgen.vassal.cut`): the last-command
check run on EVERY top-level command or step of real files (VASSAL 2.9.8 logs, the 1.x/2.x tour log,
3.2.17, 3.6.5, the almoravid save, 3.7.26 and 3.8.0-beta1 written by real VASSAL in ../shared/golden)
as if the file ended there raises no alarm; and the review's whole commands that used to be called
cut: a piece whose Place Marker / Replace type carries a whole piece definition (TABs that are no
traits of the piece), a chat ending in a backslash, a bare ``LOG\\t`` step (VASSAL 2.9.8), VASSAL
3.0/3.1's three-field ``MutableProperty`` (no container id). Cuts inside a command are still said."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.cli import main
from vmodgen.vassal.chains import join_chain, split_chain
from vmodgen.vassal.commands import Command
from vmodgen.vassal.cut import cut_short, ends_inside_a_command
from vmodgen.vassal.savefile import Metadata, read_save, save_bytes
from vmodgen.vassal.typed import AddPiece, MutableProperty, parse_command

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS, GOLDEN = SHARED / "corpus", SHARED / "golden"
ALMORAVID = CORPUS / "almoravid_Scenario_A_Toledo_Beset.vsav"
ESC = "\x1b"

#: real files VASSAL wrote, one per era
WHOLE_FILES = [
    CORPUS / "tld_game_0606-2.log",                    # VASSAL 2.9.8 (has a bare 'LOG\t' step)
    CORPUS / "tld_game_0606-1.log",
    CORPUS / "tld_scenario_1.sav",
    CORPUS / "vassal_tour.log",                        # the tour log shipped with VASSAL
    CORPUS / "vasltpl_3d6.vlog",                       # 3.2.17 (MutableProperty with a container)
    CORPUS / "vasltpl_full.vlog",
    CORPUS / "vsavengine_westwall-arnhem_setup.vsav",
    CORPUS / "kassala_Default_Setup.vsav",             # 3.6.5
    ALMORAVID,                                          # Place Marker / Replace traits
    GOLDEN / "vassal-run" / "moves.vlog",              # 3.7.26
    GOLDEN / "vassal-run" / "turns.vlog",
    GOLDEN / "vassal-run" / "final.vsav",
    GOLDEN / "vassal-3.8" / "t38-moves.vlog",          # 3.8.0-beta1
    GOLDEN / "vassal-3.8" / "t38-moves.vsav",
]


def _need(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} absent (../shared/corpus or ../shared/golden)")


@pytest.mark.parametrize("path", WHOLE_FILES, ids=lambda p: p.name)
def test_no_top_level_command_of_a_whole_file_reads_as_cut(path):
    """Each prefix of the file's top-level commands ends with a whole command: no alarm."""
    _need(path)
    tree = read_save(str(path)).tree
    assert len(tree.subs) > 3
    said = {i: why for i in range(len(tree.subs))
            if (why := ends_inside_a_command(Command(tree.text, tree.subs[:i + 1]))) is not None}
    assert said == {}
    assert cut_short(tree) is None


def test_a_bare_log_step_of_vassal_2_is_whole():
    """VASSAL 2.9.8 wrote a step of nothing but 'LOG\\t' (top-level index 430 of tld_game_0606-2.log);
    before: 'a step that stops at its 'LOG' mark'."""
    path = CORPUS / "tld_game_0606-2.log"
    _need(path)
    tree = read_save(str(path)).tree
    assert tree.subs[430].text == "LOG\t" and not tree.subs[430].subs
    assert ends_inside_a_command(Command(tree.text, tree.subs[:431])) is None
    # a step cut at 'LO' (no TAB: VASSAL writes none) is still said cut
    said = ends_inside_a_command(Command(tree.text, [*tree.subs[:430], Command("LO")]))
    assert said == "a step that stops at its 'LOG' mark"


def _nested_pieces(tree: Command) -> list[AddPiece]:
    """The pieces whose type chain has more TABs than it has traits less one (a Place Marker or
    Replace trait holding a whole piece definition)."""
    out = []
    for node in tree.walk():
        cmd = parse_command(node.text)
        if isinstance(cmd, AddPiece) and not cmd.is_stack and \
                cmd.type.count("\t") > len(split_chain(cmd.type)) - 1:
            out.append(cmd)
    return out


def test_every_piece_of_the_almoravid_save_reads_whole():
    """Before: 196 of its 590 pieces 'had fewer parts than their type has traits' (every TAB of the
    type chain was counted, those inside a Place Marker's piece definition too)."""
    _need(ALMORAVID)
    tree = read_save(str(ALMORAVID)).tree
    nested = _nested_pieces(tree)
    assert len(nested) >= 100                   # the pieces the old count got wrong are there
    for cmd in nested:
        last = Command(cmd.encode())
        assert ends_inside_a_command(Command("", [Command("end_save"), last])) is None, cmd.id


def _written(tmp_path: Path, text: str, name: str = "x.vlog") -> Path:
    out = tmp_path / name
    out.write_bytes(save_bytes(text, savedata=Metadata(vassal_version="3.7.26"),
                               moduledata=Metadata(name="T", version="1", vassal_version="3.7.26")))
    return out


def _integrity(capsys, path: Path) -> str:
    with pytest.raises(SystemExit) as info:
        main(["integrity", str(path)])
    out, err = capsys.readouterr()
    assert info.value.code == 0, err
    return out


def test_a_whole_change_of_a_piece_with_a_place_marker_is_not_cut(tmp_path, capsys):
    """The almoravid save with one more step: ``D/`` of a piece whose Place Marker holds a piece
    definition, its own state as new and old (what VASSAL writes); before: said cut."""
    _need(ALMORAVID)
    save = read_save(str(ALMORAVID))
    piece = _nested_pieces(save.tree)[0]
    state = piece.state
    log = _written(tmp_path, save.text + ESC + f"LOG\tD/{piece.id}/{state}/{state}")
    assert cut_short(read_save(str(log)).tree) is None
    assert "ends inside a command" not in _integrity(capsys, log)
    # the same change cut inside its new state (one trait state missing) is still said cut
    split = split_chain(state)
    assert len(split) >= 2
    head = state[:state.index("\t")]
    cut = _written(tmp_path, save.text + ESC + f"LOG\tD/{piece.id}/{head}", "cut.vlog")
    why = cut_short(read_save(str(cut)).tree)
    assert why is not None and f"piece {piece.id}'s state has fewer parts than its type has traits" in why


@pytest.mark.parametrize("line", ["<alice> - my files are in C:\\games\\", "<bob> - \\"])
def test_a_chat_ending_in_a_backslash_is_not_cut(tmp_path, capsys, line):
    """VASSAL writes a chat unchanged (``Chatter.encode``): a trailing backslash is the player's.
    Before: 'it ends with an unpaired escape character'."""
    base = GOLDEN / "vassal-run" / "moves.vlog"
    _need(base)
    log = _written(tmp_path, read_save(str(base)).text + ESC + "LOG\tCHAT" + line)
    assert cut_short(read_save(str(log)).tree) is None
    assert "ends inside a command" not in _integrity(capsys, log)


def test_a_piece_cut_at_an_escape_is_still_said_cut():
    """A cut right after the backslash of a nested separator leaves a trait state missing."""
    type_chain = join_chain(["mark;Side", "mark;Size", "piece;;;a.png;A"])
    whole = f"+/7/{type_chain}/{join_chain(['Red', 'Big', 'null;10;20;;0'])}"
    assert whole.endswith("/Red\tBig\\\tnull;10;20;;0")
    assert ends_inside_a_command(Command("", [Command("end_save"), Command(whole)])) is None
    cut = whole[:whole.rindex("\\") + 1]                # '.../Red\tBig\\'
    said = ends_inside_a_command(Command("", [Command("end_save"), Command(cut)]))
    assert said == "piece 7's state has fewer parts than its type has traits"


# --- VASSAL 3.0/3.1's MutableProperty without a container id ------------------------------------
def test_a_three_field_property_change_reads_as_one_of_any_container():
    """``MutableProperty\\tname\\told\\tnew``: VASSAL 3.0/3.1's ChangePropertyCommandEncoder wrote no
    container id; 3.2 and later (commit 42ac3f8ac, 2012) read it as a change of the first property
    of that name in any container. Before: Unknown (and said cut as the last command)."""
    text = "MutableProperty\tWeather\tClear\tRain"
    cmd = parse_command(text)
    assert cmd == MutableProperty("Weather", "Clear", "Rain", "", has_container=False)
    assert cmd.encode() == text                                     # written back as it was
    assert parse_command(text + "\tModule").encode() == text + "\tModule"
    assert "has_container" not in cmd.to_json()
    tree = Command("", [Command("begin_save"), Command("end_save"), Command("LOG\t" + text)])
    assert cut_short(tree) is None


def test_a_three_field_property_change_replays(tmp_path):
    """The replay sets the property (under its bare name, as a change without container)."""
    from vmodgen.vassal.replay import final_state
    log = _written(tmp_path, ESC.join(["begin_save", "", "end_save", "LOG\tMutableProperty\tWeather\t\tRain"]))
    _steps, state = final_state(read_save(str(log)))
    assert state is not None and state.properties.get("Weather") == "Rain"


def test_a_property_change_cut_before_its_container_is_still_said_cut():
    """In a file whose property changes carry their container id (3.2 and later), a last one
    without it was cut there."""
    tree = Command("", [Command("begin_save"), Command("end_save"),
                        Command("LOG\tMutableProperty\t1d6_result\t2\t5\tModule"),
                        Command("LOG\tMutableProperty\t1d6_result\t5\t3")])
    said = cut_short(tree)
    assert said is not None and "lacks the container id every other one of the file has" in said
    said = cut_short(Command("", [*tree.subs[:3], Command("LOG\tMutableProperty\t1d6_result\t5")]))
    assert said is not None and "'Mu' does not read as a whole command" in said


def _cuts_of_last_chat(path: Path) -> tuple[str, dict[int, str | None]]:
    """The last step's chat text of ``path`` and, for each length k of it, what
    :func:`ends_inside_a_command` says of the file cut there (the step's text ``LOG\\tCHAT`` + k)."""
    tree = read_save(str(path)).tree
    last = tree.subs[-1]
    assert not last.subs and last.text.startswith("LOG\tCHAT")
    text = last.text[len("LOG\tCHAT"):]
    return text, {k: ends_inside_a_command(Command(tree.text, [*tree.subs[:-1], Command("LOG\tCHAT" + text[:k])]))
                  for k in range(len(text))}


@pytest.mark.parametrize("name, head", [("tld_game_0606-4.log", "<Joel> - "), ("vassal_tour.log", "<rk> - ")])
def test_a_chat_cut_inside_its_speaker_is_said_cut_not_inside_the_words(name, head):
    """A real log (VASSAL 2.9.8, the tour log) ending in a typed chat, cut at every character of
    that line: each cut inside the speaker VASSAL writes before the words ('<Joel> - ') is said
    cut (before: none was); a cut inside the words is not (a shorter line VASSAL could have
    written: the words are sent as typed), and the whole line is not."""
    path = CORPUS / name
    _need(path)
    text, said = _cuts_of_last_chat(path)
    assert text.startswith(head)
    assert all(said[k] is not None for k in range(len(head))), said
    assert all(said[k] is None for k in range(len(head), len(text)))


def test_a_dice_report_cut_is_said_cut():
    """VASSAL 3.7.26's turns.vlog: a step whose chat is a dice report ('*** 2d6 = 4,3 ***
    &lt;newbie&gt;') followed by property changes; the report cut inside its '*** ... ***' or its
    player's name is said cut, the report whole (the step's other commands cut off) is not."""
    path = GOLDEN / "vassal-run" / "turns.vlog"
    _need(path)
    tree = read_save(str(path)).tree
    report = tree.subs[-1].text[len("LOG\t"):]
    assert report.startswith("CHAT*** 2d6") and report.endswith("&lt;newbie&gt;")
    text = report[len("CHAT"):]
    for k in [*range(4, text.index("***", 3)), *range(text.index("&lt;") + 1, len(text))]:
        cut = Command(tree.text, [*tree.subs[:-1], Command("LOG\tCHAT" + text[:k])])
        assert ends_inside_a_command(cut) is not None, text[:k]
    assert ends_inside_a_command(Command(tree.text, [*tree.subs[:-1], Command("LOG\t" + report)])) is None


def _ends(*chats: str) -> str | None:
    """What :func:`ends_inside_a_command` says of a log of these chat lines (one step each)."""
    return ends_inside_a_command(Command("", [Command("end_save"), *(Command("LOG\tCHAT" + c) for c in chats)]))


def test_a_report_format_without_closing_stars_is_whole():
    """A dice button whose report format is ``*** $name$ = $result$`` (no closing stars; a module
    sets it, mostly in 2.x/3.1 logs where a roll can be the last chat): a log ending in such a
    report, after others of the same shape, is whole (before: "a dice report stops before its
    closing '***'"); so is a log whose only report it is (the shape is unknown). After reports of
    the same button in VASSAL's default shape, the same line is said cut; a report of another
    button in another shape says nothing of it."""
    assert _ends("*** d6 = 4", "<Joel> - ok", "*** d6 = 2") is None
    assert _ends("<Joel> - ok", "*** d6 = 2") is None
    assert _ends("*** d6 = 4 *** <Joel>", "*** d6 = 2") == "a dice report stops before its closing '***'"
    assert _ends("*** d6 = 4 *** <Joel>", "*** d") == "a dice report stops before its closing '***'"
    assert _ends("*** 2d6 = 4,1 *** <Joel>", "*** d6 = 2") is None
    assert _ends("*** d6 = 5", "*** d6 = 4 *** <Joel>", "*** d6 = 2") is None
