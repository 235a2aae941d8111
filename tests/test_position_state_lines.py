"""A rule set refusing a ``[state]`` value: the message names the file and the line of that key
(the rule sets know the key, the loader knows the line); exit 2, one line, no traceback."""
from __future__ import annotations

import pytest

from vmodgen import cli


def _check(tmp_path, capsys, text: str):
    p = tmp_path / "pos.toml"
    p.write_text(text)
    with pytest.raises(SystemExit) as e:
        cli.main(["check", str(p)])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    return p, err


def test_bad_history_key_names_its_line(tmp_path, capsys):
    p, err = _check(tmp_path, capsys, '[position]\ngame = "north-africa-41"\nturn = 3\n\n[state]\n'
                                      'na41_comando_supremo = true\nna41_retreat_overstack = 5\n')
    assert f"{p}:7: [state] na41_retreat_overstack" in err


def test_bad_state_value_names_its_line(tmp_path, capsys):
    p, err = _check(tmp_path, capsys, '[position]\ngame = "invasion-malta"\nturn = 3\n[state]\nweather = "hail"\n')
    assert f"{p}:5: [state] weather" in err and "hail" in err
