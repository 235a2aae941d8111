"""Rules not judged said at the top of every format (task im23 item 5). An audit whose only gap is
rules not judged exits 0, with ``--strict`` too (``partial`` stays null: the codes are as
documented), and before im23 only the coverage section, the text's and HTML's last lines and the
JSON's ``coverage.rules_not_judged``, named them, below every finding: a player reading "0
findings" saw nothing of them. Now one line under the finding count (text, HTML) and the JSON's
``not_judged``, ahead of the findings, say how many rules and which. Read on each game's clean log
recorded by real VASSAL 3.7.26 (``tests/data/recorded``)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from recorded_audit_util import GAME_KITS, RECORDED
from vmodgen.commands.audit import command

LOGS = {"im": "im-clean.vlog", "om": "om-clean.vlog", "na": "na41-clean.vlog"}


def _run(module, log: str, *extra: str):
    r = CliRunner().invoke(command, ["--module", str(module), "--keep-order", *extra, str(RECORDED / log)],
                           standalone_mode=False)
    assert r.exception is None, r.output
    return r.return_value, r.stdout


@pytest.mark.parametrize("game", sorted(LOGS))
def test_rules_not_judged_are_said_first_in_each_format(tmp_path_factory, game):
    module = bundled_module(GAME_KITS[game], tmp_path_factory, f"im23-top-{game}").module
    code, out = _run(module, LOGS[game], "--format", "json")
    doc = json.loads(out)
    rules = list(dict.fromkeys(r["rule"] for r in doc["coverage"]["rules_not_judged"]))
    assert rules and doc["findings"] == [] and doc["partial"] is None and code == 0
    line = doc["not_judged"]
    assert line == (f"not judged in some or all cases: {len(rules)} rule(s) ({', '.join(rules)}): which cases and "
                    "why: see the coverage section")
    assert "partial" not in line           # --strict's word: exit 3 (imfix25)
    keys = list(doc)
    assert keys.index("partial") < keys.index("not_judged") < keys.index("findings")
    # the exit codes are unchanged: 0, and 0 with --strict (the gap is rules only)
    assert _run(module, LOGS[game], "--strict")[0] == 0
    code, text = _run(module, LOGS[game])
    lines = text.splitlines()
    assert code == 0 and lines[0].startswith("0 findings") and lines[1] == line
    code, html = _run(module, LOGS[game], "--format", "html")
    top = html.index("0 finding(s)")
    said = html.index(f"<p><b>not judged in some or all cases: {len(rules)} rule(s) (")
    assert code == 0 and top < said < html.index("<table")


def test_the_console_summary_and_the_replay_page_say_the_rules_not_judged(tmp_path_factory, tmp_path):
    """imfix25 (review rv-l23 item 6): with ``-o`` the console printed only the count line and the
    replay page's notes only the count and ``partial``, so the rules not judged were said in the
    report file alone. Now both say the line too."""
    module = bundled_module(GAME_KITS["im"], tmp_path_factory, "imfix25-top-o").module
    code, out = _run(module, LOGS["im"], "--format", "json", "-o", str(tmp_path / "r.json"),
                     "--replay", str(tmp_path / "page.html"))
    doc = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    line = doc["not_judged"]
    assert code == 0 and line and out.splitlines()[1] == line
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    rules = line.split(" (", 1)[1].split("): ", 1)[0]
    assert "not judged in some or all cases: " in page and rules.split(", ")[-1] in page
