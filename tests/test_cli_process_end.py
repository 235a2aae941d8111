"""The process entry (``python -m vmodgen``, :func:`vmodgen.cli.run`) ends the process without
tearing down its objects (issue 20): what it prints, its exit code and the ``atexit`` functions
must be those of an ordinary exit. Run as child processes: ``run`` ends the process it runs in."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, shared_path

#: ``vmodgen ARGS`` with an ordinary exit: :func:`vmodgen.cli.main` as tests call it
ORDINARY = "import sys; from vmodgen.cli import main; main(sys.argv[1:])"
#: the same through the process entry, an ``atexit`` function registered first
FAST = ("import atexit, sys; atexit.register(lambda: print('atexit ran', file=sys.stderr)); "
        "from vmodgen.cli import run; sys.argv[1:] = sys.argv[1:]; run()")


#: the child's environment with block-buffered streams (this machine sets PYTHONUNBUFFERED, which
#: would hide a missing flush)
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _vmodgen(code: str, *args: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=300, env=BUFFERED)


def test_a_large_output_is_printed_whole_with_the_exit_code():
    """``inspect --json`` of a TLD log (about 570 KB on one line, through a pipe): the same bytes
    and exit code 0 as an ordinary exit; the ``atexit`` function ran after it."""
    log = str(shared_path("corpus", "tld_game_0606-1.log"))
    module = str(shared_path("corpus", "tld_buildFile-only_stripped.vmod"))
    args = ("inspect", "--json", "--module", module, log)
    ordinary, fast = _vmodgen(ORDINARY, *args), _vmodgen(FAST, *args)
    assert ordinary.returncode == fast.returncode == 0
    assert len(fast.stdout) > 500_000 and fast.stdout == ordinary.stdout
    assert fast.stderr.decode().splitlines()[-1] == "atexit ran"


def test_exit_codes_of_bad_input_and_of_findings_are_kept():
    """Exit 2 with its one line for a missing file; exit 1 for an audit that finds violations
    (the TLD log 1 against its binding); each with the ordinary exit's output."""
    missing = _vmodgen(FAST, "inspect", "no-such-file.vsav")
    assert missing.returncode == 2
    assert missing.stderr.decode().splitlines() == ["vmodgen: no-such-file.vsav: no such file", "atexit ran"]
    log = str(shared_path("corpus", "tld_game_0606-1.log"))
    module = str(shared_path("corpus", "tld_buildFile-only_stripped.vmod"))
    args = ("audit", "--module", module, "--binding", str(Path("examples/tld/binding.toml")), log)
    ordinary, fast = _vmodgen(ORDINARY, *args), _vmodgen(FAST, *args)
    assert ordinary.returncode == fast.returncode == 1
    assert fast.stdout == ordinary.stdout and fast.stdout


def test_a_closed_pipe_ends_as_an_ordinary_exit():
    """A reader that stops early (``| head -c 1``): the exit code and messages of an ordinary exit
    (the stream cannot be flushed, so the ordinary exit handles it)."""
    log = str(shared_path("corpus", "tld_game_0606-1.log"))
    codes = []
    for code in (ORDINARY, FAST):
        p = subprocess.Popen([sys.executable, "-c", code, "inspect", "--json", log], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert p.stdout is not None and p.stderr is not None
        p.stdout.read(1)
        p.stdout.close()
        err = p.stderr.read().decode()
        codes.append((p.wait(timeout=300), "Traceback" in err))
    assert codes[0] == codes[1]


def test_a_command_writing_stdout_directly_is_flushed_before_the_end():
    """``oob KIT --format csv -o -`` writes with ``sys.stdout.write`` (no click echo, which
    flushes): block-buffered, the process entry must flush it before ending (else 0 bytes, exit 0)."""
    args = ("oob", "tests/data/minikit", "--format", "csv", "-o", "-")
    ordinary, fast = _vmodgen(ORDINARY, *args), _vmodgen(FAST, *args)
    assert ordinary.returncode == fast.returncode == 0
    assert fast.stdout == ordinary.stdout and len(fast.stdout) > 100


def test_what_an_atexit_function_prints_reaches_the_stream():
    """An ``atexit`` function's print to a block-buffered stdout is written, as an ordinary exit
    writes it."""
    code = ("import atexit, sys; atexit.register(lambda: print('atexit-stdout', end='')); "
            "from vmodgen.cli import run; run()")
    out = _vmodgen(code, "games")
    assert out.returncode == 0 and out.stdout.endswith(b"atexit-stdout")
