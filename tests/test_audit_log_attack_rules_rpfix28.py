"""Review rv-rp28 item 6: round rulepos28's checks of declared attacks and their results (NA41 8.8.3
odds floor, 13.1.3 the marker a retreat leaves, 15.1 breakthrough results, IM 12.11 a hex defended
once) and NA41 8.9.2 (which returns nothing on a log) can never be judged from a log, which records
no declared attacks nor results: a log's coverage names them in ``rules_not_judged``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command as audit

RECORDED = Path(__file__).resolve().parent / "data" / "recorded"


@pytest.mark.parametrize("game, log, rules", [
    ("north-africa-41", "na41-turn21", ("NA41 8.8.3", "NA41 13.1.3", "NA41 15.1", "NA41 8.9.2")),
    ("invasion-malta", "im-airhead21", ("IM 12.11",)),
])
def test_a_log_names_the_attack_rules_not_judged(tmp_path_factory, game, log, rules):
    module = bundled_module(game, tmp_path_factory, f"rpfix28-{game}").module
    r = CliRunner().invoke(audit, ["--module", str(module), "--format", "json", str(RECORDED / f"{log}.vlog")])
    assert r.exception is None and r.exit_code in (0, 1), r.output
    said = {x["rule"]: x["why"] for x in json.loads(r.stdout)["coverage"]["rules_not_judged"]}
    for rule in rules:
        assert "not recorded in a log" in said.get(rule, "") or "housekeeping" in said.get(rule, ""), (rule, said)
