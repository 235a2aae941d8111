"""Running the CLI in process for the hostile-input tests: the exit code and both streams, and
the one error line a bad input must give."""
from __future__ import annotations

import pytest

from vmodgen.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``vmodgen ARGS`` in this process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code, out, err


def one_error(capsys, *args: str) -> str:
    """The single ``vmodgen: ...`` line a bad input gives (exit 2, no traceback, no internal
    error, no ``<input>`` placeholder, the program's name once)."""
    code, _, err = run(capsys, *args)
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("vmodgen: "), err
    assert "<input>" not in err and "vmodgen: vmodgen" not in err, err
    assert "internal error" not in err and "Traceback" not in err, err
    return lines[0]
