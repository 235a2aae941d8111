"""A play-by-email player's first evening: following each message and ``--help`` literally.

Each test is a slip a player made with real files (a log of another game, a folder, a lone
save) and checks that the answer is one he can act on: the option a message names exists, the
warning that makes the rest of the output wrong comes first."""
from __future__ import annotations

from pathlib import Path

from cli_util import one_error, run
from conftest import shared_path
from test_audit import mini  # noqa: F401  (the built minikit fixture)


def test_a_log_of_another_module_refused_by_integrity_and_replay_names_an_option_they_have(mini, tmp_path, capsys):
    """The refusal says "give the module it was played with, or --force": integrity and replay
    take --force as audit does, and then read the file, saying the module differs."""
    kit_dir, kit, module, root = mini
    vasl = str(shared_path("corpus", "vasltpl_full.vlog"))
    page = tmp_path / "page.html"
    for args in (["integrity", vasl, "--module", str(module)],
                 ["replay", vasl, "--module", str(module), "-o", str(page)]):
        line = one_error(capsys, *args)
        assert vasl in line and "'VASL'" in line and "--force" in line, line
        assert not page.exists()
        code, out, err = run(capsys, *args, "--force")
        assert code == 0, err
        assert "No such option" not in err
    code, out, err = run(capsys, "integrity", vasl, "--module", str(module), "--force")
    assert "Module:" in out and "'VASL'" in out and "--force" in out, out
    assert page.is_file() and "VASL" in page.read_text(encoding="utf-8")


def test_inspect_with_another_games_module_says_so_before_the_table(mini, capsys):
    """`vmodgen inspect LOG --module OTHER.vmod` reads hexes and the tracker with the wrong module:
    the warning saying so is the first line after the header, not under hundreds of rows."""
    kit_dir, kit, module, root = mini
    vasl = str(shared_path("corpus", "vasltpl_full.vlog"))
    code, out, err = run(capsys, "inspect", vasl, "--module", str(module))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].startswith("warning: the file was saved with module 'VASL"), lines[:3]
    assert "give the module it was played with" in lines[1]
    first_other = next(i for i, line in enumerate(lines[1:], 1) if not line.startswith("warning:"))
    assert not any(line.startswith("warning:") for line in lines[first_other:])   # all of them on top
