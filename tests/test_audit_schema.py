"""``docs/audit-report.schema.json`` (JSON Schema, draft 2020-12) describes real reports: the
JSON that ``vmodgen audit --format json`` writes for the public TLD chain (read in place from
../shared), for each log recorded in real VASSAL 3.7.26 (``tests/data/recorded``, against the
modules built from the bundled kits) and for a replay-only audit, and the JSON that ``vmodgen
integrity --format json`` writes (``$defs/integrity_report``). A report with a wrong type, an
unknown key, a missing key or a value outside a closed set is refused."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from bundled_module_util import bundled_module
from conftest import shared_path
from conftest import shared_path
from test_audit import mini  # noqa: F401,F811  (the built minikit fixture)
from test_audit_coverage import _no_phase_binding
from vmodgen.audit import audit
from vmodgen.cli import cli
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "docs" / "audit-report.schema.json"
RECORDED = Path(__file__).parent / "data" / "recorded"
TLD_BINDING = ROOT / "examples" / "tld" / "binding.toml"
#: the bundled kit each recorded log was played with (tests/data/recorded/README.md)
KIT_OF_PREFIX = {"im": "invasion-malta", "om": "operation-mercury", "na41": "north-africa-41",
                 "integrity": "north-africa-41"}
#: logs of the bundled kits (the Kassala logs are played with a corpus module and a binding)
RECORDED_LOGS = sorted(p.name for p in RECORDED.glob("*.vlog") if p.name.split("-")[0] in KIT_OF_PREFIX)


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def report_validator(schema) -> Draft202012Validator:
    return Draft202012Validator(schema)


@pytest.fixture(scope="module")
def integrity_validator(schema) -> Draft202012Validator:
    """``vmodgen integrity --format json``, as a tool would validate it: a reference to the
    schema's ``$defs/integrity_report`` by the schema's ``$id``."""
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    return Draft202012Validator({"$ref": schema["$id"] + "#/$defs/integrity_report"}, registry=registry)


def errors(validator: Draft202012Validator, doc: Any) -> list[str]:
    """Every place where ``doc`` breaks the schema, as 'path: message' (empty when it fits)."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}"
            for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))]


def cli_json(args: list[str], out: Path, codes: tuple[int, ...] = (0, 1)) -> dict:
    """Run ``vmodgen ARGS -o OUT`` and read the JSON it wrote."""
    run = CliRunner().invoke(cli, [*args, "-o", str(out)])
    assert run.exit_code in codes, (run.exit_code, run.output, run.exception)
    return json.loads(out.read_text(encoding="utf-8"))


def kit_of(log: str) -> str:
    return KIT_OF_PREFIX[log.split("-")[0]]


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """kit id → the module built from it (built once per session, on first use)."""
    built: dict[str, Path] = {}

    def get(kit: str) -> Path:
        if kit not in built:
            built[kit] = bundled_module(kit, tmp_path_factory, f"schema-{kit}").module
        return built[kit]
    return get


def test_the_schema_is_a_valid_draft_2020_12_schema(schema):
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["version"] == {"description": "format version of this document", "const": 1}


def test_public_tld_chain_fits_the_schema(report_validator, integrity_validator, tmp_path):
    """The four VASSAL 2.9.8 logs of TLD game 0606 with examples/tld/binding.toml: findings,
    continuity entries, undone rolls and re-executions: every list the schema describes has
    entries here, so their items are checked too."""
    corpus = shared_path("corpus")
    module = corpus / "tld_buildFile-only_stripped.vmod"
    logs = [str(shared_path("corpus", f"tld_game_0606-{i}.log")) for i in range(1, 5)]
    doc = cli_json(["audit", *logs, "--module", str(module), "--binding", str(TLD_BINDING),
                    "--format", "json"], tmp_path / "tld.json")
    assert errors(report_validator, doc) == []
    assert doc["findings"] and doc["continuity"] and doc["integrity"]["undo"]["rerolls"]
    assert doc["phase_source"] == "chat" and doc["coverage"]["per_file"]
    section = cli_json(["integrity", *logs, "--format", "json"], tmp_path / "tld-integrity.json", codes=(0,))
    assert errors(integrity_validator, section) == []
    assert section["integrity"]["dice"]["players"] and section["integrity"]["seams"]


@pytest.mark.parametrize("log", RECORDED_LOGS)
def test_each_recorded_log_fits_the_schema(log, modules, report_validator, tmp_path):
    """Each log real VASSAL 3.7.26 wrote, audited against the module built from its kit."""
    doc = cli_json(["audit", str(RECORDED / log), "--module", str(modules(kit_of(log))), "--format", "json"],
                   tmp_path / "report.json")
    assert errors(report_validator, doc) == []
    assert doc["phase_source"] == "turn tracker" and doc["checked_rules"]


def test_kassala_with_its_binding_fits_the_schema(report_validator, tmp_path):
    """The Kassala logs (a corpus module vmodgen did not build) with examples/kassala/binding.toml:
    the phase read from who moves (phase_source "player"); 5 findings (the Turk's ZOC and
    allowance, the three cannon)."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    logs = [str(RECORDED / "kassala-moslem.vlog"), str(RECORDED / "kassala-christian.vlog")]
    doc = cli_json(["audit", *logs, "--module", str(vmod), "--binding", str(ROOT / "examples" / "kassala" / "binding.toml"),
                    "--format", "json"], tmp_path / "kassala.json")
    assert errors(report_validator, doc) == []
    assert doc["phase_source"] == "player" and len(doc["findings"]) == 5


def test_recorded_chain_fits_the_schema(modules, report_validator, tmp_path):
    """om-chain-1 then om-chain-2 (Operation Mercury): a chain of two files with its findings."""
    doc = cli_json(["audit", str(RECORDED / "om-chain-1.vlog"), str(RECORDED / "om-chain-2.vlog"),
                    "--module", str(modules("operation-mercury")), "--format", "json"], tmp_path / "chain.json")
    assert errors(report_validator, doc) == []
    assert len(doc["files"]) == 2 and len(doc["integrity"]["seams"]) == 1 and doc["findings"]


def test_replay_only_audit_fits_the_schema(report_validator):
    """No binding (``audit(..., replay_only=True)``, as bench/bench_audit.py runs it): no rule
    runs, the report keeps its shape."""
    r = audit([RECORDED / "im-undo.vlog", RECORDED / "integrity-reroll.vlog"], replay_only=True, keep_order=True)
    doc = json.loads(render(r, "json"))
    assert errors(report_validator, doc) == []
    assert doc["checked_rules"] == [] and doc["findings"] == [] and doc["game"] == "none"


def test_inferred_turns_and_moves_out_of_phase_fit_the_schema(mini, report_validator):  # noqa: F811
    """Logs written with the log writer against the minikit module: with no phase readable,
    Alice overstacks 0102 (GEN stacking: R1, R2, R3 are 7 points, the limit is 4) and Bob moves
    after her, so her run of moves is judged as a turn (``details.turn_inferred``, the per-file
    ``inferred_turn_ends`` list); with the tracker, Blue's B2 moves in Red Movement (a move out
    of phase, ``coverage.out_of_phase``)."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tRed", "PLAYER\tpw-bob\tBob\tBlue"])
    w.move("R1", "0202").move("R1", "0102").move("R3", "0102")
    w.player, w.player_id = "Bob", "pw-bob"
    w.move("B2", "0503")
    r = audit([w.write(root / "schema-nophase.vlog")], preset=_no_phase_binding(kit, module))
    doc = json.loads(render(r, "json"))
    assert errors(report_validator, doc) == []
    assert doc["findings"][0]["details"]["turn_inferred"] == "Alice"
    assert doc["coverage"]["per_file"][0]["inferred_turn_ends"]

    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("B2", "0503")
    r = audit([w.write(root / "schema-oop.vlog")], module=module, game=str(kit_dir))
    doc = json.loads(render(r, "json"))
    assert errors(report_validator, doc) == []
    assert doc["coverage"]["out_of_phase"] and doc["phase_source"] == "turn tracker"


def test_integrity_command_fits_the_schema(modules, integrity_validator, report_validator, tmp_path):
    """``vmodgen integrity --format json`` on the re-roll log (real VASSAL 3.7.26): undone rolls,
    re-rolls of both verdicts, a fairness test."""
    log = str(RECORDED / "integrity-reroll.vlog")
    section = cli_json(["integrity", log, "--module", str(modules("north-africa-41")), "--format", "json"],
                       tmp_path / "integrity.json", codes=(0,))
    assert errors(integrity_validator, section) == []
    verdicts = {r["verdict"] for r in section["integrity"]["undo"]["rerolls"]}
    assert verdicts == {"same", "different"}
    # the integrity document is not an audit report
    assert errors(report_validator, section)


@pytest.fixture(scope="module")
def dirty_report(modules) -> dict:
    """A real report with a finding, rolls and re-rolls, and a seam: na41-dirty (North Africa '41,
    5.1) then integrity-reroll (the same scenario's start: the seam differs)."""
    r = audit([RECORDED / "na41-dirty.vlog", RECORDED / "integrity-reroll.vlog"],
              module=modules("north-africa-41"), keep_order=True)
    doc = json.loads(render(r, "json"))
    assert doc["findings"] and doc["continuity"] and doc["integrity"]["undo"]["rerolls"]
    return doc


def _set(path: str, value: Any):
    """A change to a report: set the value at ``path`` ('a/0/b'); ``DELETE`` removes the key."""
    def apply(doc: dict) -> None:
        *parents, last = [int(k) if k.isdigit() else k for k in path.split("/")]
        node = doc
        for k in parents:
            node = node[k]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value
    return apply


DELETE = object()
BROKEN = {
    "step as a string": ("findings/0/step", "5"),
    "turn as a float": ("findings/0/turn", 1.5),
    "unknown kind": ("findings/0/kind", "combat"),
    "unknown moment": ("findings/0/at", "start"),
    "hexes not a list": ("findings/0/hexes", "0803"),
    "missing message": ("findings/0/message", DELETE),
    "unknown key in a finding": ("findings/0/severity", "high"),
    "unknown continuity": ("continuity/0/what", "teleported"),
    "wrong version": ("version", 2),
    "unknown phase source": ("phase_source", "guess"),
    "missing coverage": ("coverage", DELETE),
    "moves seen negative": ("coverage/moves/seen", -1),
    "an unknown reason": ("coverage/moves/not_judged/lazy", 1),
    "share above 1": ("coverage/phase_known_share", 1.5),
    "file kind": ("files/0/kind", "vmod"),
    "date as a number": ("files/0/date_saved", 1700000000000),
    "stats steps as a string": ("stats/steps", "12"),
    "undo count as null": ("integrity/undo/count", None),
    "flags not a list": ("integrity/flags", "Dice: uneven"),
    "a roll value as a string": ("integrity/dice/rolls/0/values/0", "6"),
    "a re-roll verdict": ("integrity/undo/rerolls/0/verdict", "maybe"),
}


@pytest.mark.parametrize("change", BROKEN.values(), ids=list(BROKEN))
def test_a_broken_report_is_refused(change, dirty_report, report_validator):
    """The real report fits; the same with one wrong value, key or type does not, and the error
    names the place."""
    assert errors(report_validator, dirty_report) == []
    doc = copy.deepcopy(dirty_report)
    path, value = change
    _set(path, value)(doc)
    found = errors(report_validator, doc)
    assert found, f"{path} = {value!r} was accepted"
    assert any(e.startswith(place(path, value) + ":") for e in found), found


def place(path: str, value: Any) -> str:
    """Where the error is reported: at the value itself, or at the object that lacks a required
    key or has one too many."""
    new_key = path.endswith(("/severity", "/lazy"))
    if value is DELETE or new_key:
        return path.rsplit("/", 1)[0] if "/" in path else "(top)"
    return path
