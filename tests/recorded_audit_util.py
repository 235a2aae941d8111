"""The recorded-log tests' audit: one log chain audited in the three formats through the CLI,
with the check that no player's password reaches a report; and what each round's test module
shares (its per-game module fixtures, its audit of files in ``tests/data/recorded``, and readers
of the JSON report's integrity section)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterable

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command

RECORDED = Path(__file__).parent / "data" / "recorded"
SUFFIXES = ["", "-38"]      # each recorded log and its VASSAL 3.8.0-beta1 (or versions-swapped) twin
# the fixture names the round modules use, and the bundled kit each stands for
GAME_KITS = {"na": "north-africa-41", "om": "operation-mercury", "im": "invasion-malta"}


def audit_formats(module: Path, paths: Iterable[str | Path], passwords: Iterable[str],
                  *extra: str) -> tuple[str, dict, str]:
    """(text, JSON document, HTML) of ``audit --module MODULE --keep-order EXTRA PATHS``."""
    files = [str(p) for p in paths]
    out = []
    for fmt in ("text", "json", "html"):
        r = CliRunner().invoke(command, ["--module", str(module), "--format", fmt, "--keep-order", *extra, *files])
        # (CliRunner turns an exception into exit code 1: a crash must not pass for findings)
        assert r.exception is None and r.exit_code in (0, 1), (r.exception, r.output)
        out.append(r.stdout)
    for text in out:        # a player's password never reaches a report
        assert not any(pw in text for pw in passwords)
    return out[0], json.loads(out[1]), out[2]


def found(doc: dict) -> list[tuple]:
    """Each finding of a JSON report as (rule, file name, step, turn, phase, units)."""
    return [(f["rule"], Path(f["file"]).name, f["step"], f["turn"], f["phase"], f["units"]) for f in doc["findings"]]


def game_module_fixture(name: str, tag: str):
    """A module-scoped fixture ``name`` (a key of GAME_KITS) giving that game's bundled module;
    ``tag`` names the round (its logs folder is ``TAG-NAME``)."""
    def module(tmp_path_factory) -> Path:
        return bundled_module(GAME_KITS[name], tmp_path_factory, f"{tag}-{name}").module
    return pytest.fixture(scope="module", name=name)(module)


def game_module_fixtures(tag: str) -> tuple:
    """The fixtures na, om and im of :func:`game_module_fixture` for the round ``tag``."""
    return tuple(game_module_fixture(name, tag) for name in GAME_KITS)


def recorded_auditor(passwords: Iterable[str]) -> Callable[[Path, str | list[str]], tuple[str, dict, str]]:
    """``audit(module, names)``: audit_formats of one recorded log (a name) or a chain (a list of
    names) in ``tests/data/recorded``, none of ``passwords`` in any report."""
    secrets = tuple(passwords)

    def audit(module: Path, names: str | list[str]) -> tuple[str, dict, str]:
        files = [names] if isinstance(names, str) else names
        return audit_formats(module, [RECORDED / n for n in files], secrets)
    return audit


def undos(doc: dict) -> list[tuple[int, list[int]]]:
    """Each undo of a JSON report as (its step, the steps it took back)."""
    return [(u["step"], u["took_back"]) for u in doc["integrity"]["undo"]["undos"]]


def chain(stem: str, files: int, suffix: str) -> list[str]:
    """The names of a recorded chain: STEM-1SUFFIX.vlog ... STEM-FILESSUFFIX.vlog."""
    return [f"{stem}-{i}{suffix}.vlog" for i in range(1, files + 1)]


def versions(doc: dict) -> list[str]:
    """The VASSAL version that wrote each file of a JSON report, in order."""
    return [f["vassal_version"] for f in doc["integrity"]["versions"]["files"]]
