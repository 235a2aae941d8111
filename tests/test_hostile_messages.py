"""Issue 22, messages and what `validate`/`check` refuse: every error is one line on stderr that
names its file (no "<input>", no "vmodgen: vmodgen:"), a failing build prints nothing before it,
and what `build` could not write or `check` could not read is refused with its line (exit 2,
never an internal error, exit 70)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_util import one_error, run

ROOT = Path(__file__).resolve().parents[1]
MINIKIT = ROOT / "tests" / "data" / "minikit"
POSITIONS = ROOT / "tests" / "data" / "positions"



@pytest.fixture
def kit(tmp_path) -> Path:
    k = tmp_path / "kit"
    shutil.copytree(MINIKIT, k)
    return k


# --- 5. what build cannot write, what check cannot read --------------------------------------------
@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x85"])
def test_validate_refuses_a_control_character_in_a_roster_name(kit, capsys, char):
    roster = kit / "roster.csv"
    lines = roster.read_text(encoding="utf-8").splitlines()
    cells = lines[1].split(",")
    cells[1] = cells[1] + char + "x"          # the name column of the first unit
    lines[1] = ",".join(cells)
    roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert lines[0].split(",")[1] == "name"
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {roster}:2:") and f"U+{ord(char):04X}" in msg
    msg = one_error(capsys, "build", str(kit), "-o", str(kit.parent / "out"))
    assert msg.startswith(f"vmodgen: {roster}:2:")
    assert not (kit.parent / "out").exists()


def test_validate_refuses_a_nul_in_a_toml_name(kit, capsys):
    game = kit / "game.toml"
    text = game.read_text(encoding="utf-8")
    text = text.replace('name = "', 'name = "\\u0000', 1)
    game.write_text(text, encoding="utf-8")
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {game}:") and "U+0000" in msg


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_rule_parameter_that_is_not_a_finite_number_is_refused(kit, capsys, value):
    game = kit / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert "[rules]" in text
    import re
    text = re.sub(r"(?m)^stacking_limit\s*=.*$", "", text)
    game.write_text(text.replace("[rules]", f"[rules]\nstacking_limit = {value}", 1), encoding="utf-8")
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {game}:") and "stacking_limit" in msg and "finite" in msg


def test_check_refuses_a_table_where_a_side_is_expected(tmp_path, capsys):
    src = POSITIONS / "north_africa_41" / "retreat-overstack-deadline.toml"
    text = src.read_text(encoding="utf-8")
    assert 'na41_retreat_overstack = {"2021" = "allied"}' in text
    pos = tmp_path / "p.toml"
    text = text.replace('{"2021" = "allied"}', '{"2021" = {x = 1}}')
    pos.write_text(text, encoding="utf-8")
    line = text.splitlines().index('na41_retreat_overstack = {"2021" = {x = 1}}') + 1
    msg = one_error(capsys, "check", str(pos))
    assert msg.startswith(f"vmodgen: {pos}:{line}: [state] na41_retreat_overstack"), msg


# --- 7. messages --------------------------------------------------------------------------------------
def test_failing_build_prints_only_its_error(kit, tmp_path, capsys):
    blocker = tmp_path / "plain"
    blocker.write_text("a file where the output folder should be")
    code, out, err = run(capsys, "build", str(kit), "-o", str(blocker / "sub"))
    assert code == 2
    assert out == "" and len(err.strip().splitlines()) == 1 and "building" not in err, err


def test_usage_errors_are_one_line(capsys):
    msg = one_error(capsys, "check", "/")
    assert msg == "vmodgen: /: is a folder, not a file"           # vmodgen's words, not click's
    msg = one_error(capsys, "oob", str(MINIKIT), "-f", "pdf")
    assert "'pdf' is not one of" in msg


def test_an_error_without_a_file_names_the_commands_file(tmp_path, capsys):
    log = tmp_path / "g.vlog"
    log.write_bytes(b"begin_save")
    msg = one_error(capsys, "audit", str(log))
    assert msg.startswith(f"vmodgen: {log}: give the module")


def test_an_empty_file_name_is_refused(capsys):
    msg = one_error(capsys, "validate", "")
    assert "empty file name" in msg
