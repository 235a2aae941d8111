"""One source of truth for a phase's printed name (review rv-m23 item 7): the rules print
``Position.phase_name`` (its name, else its id), never their own spelling of it from
``phase_info``; IM's transport.py and stacking.py, and eleven other rule modules, had one."""
from __future__ import annotations

import re
from pathlib import Path

import vmodgen

RULES = Path(vmodgen.__file__).parent / "rules"
#: ``x.phase_info.name if x.phase_info ... else ...`` or ``info.name if info ... else x.phase``:
#: Position.phase_name written again
RESPELT = re.compile(r"\b(\w+)\.name if \1(?: is not None)? else [\w.]*\.phase\b"
                     r"|phase_info\.name if [\w.]*phase_info(?: is not None)? else")


def test_rules_print_position_phase_name():
    found = [f"{p.relative_to(RULES)}:{n}" for p in sorted(RULES.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if RESPELT.search(line)]
    assert found == [], found
