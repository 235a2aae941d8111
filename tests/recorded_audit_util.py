"""The recorded-log tests' audit: one log chain audited in the three formats through the CLI,
with the check that no player's password reaches a report."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from click.testing import CliRunner

from vmodgen.commands.audit import command


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
