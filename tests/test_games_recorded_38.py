"""The three games in logs recorded in real VASSAL 3.8.0-beta1 (``tests/data/recorded``, README
there): ``*-38.vlog`` is played from the same script, on the same module (the default build), as
its VASSAL 3.7.26 twin; ``*-38m.vlog`` the same on the module ``vmodgen build --vassal 3.8``
writes, and audited with that module. Each audit is the 3.7.26 twin's, word for word, once file
names, save dates and the VASSAL version are set aside (findings with their rule ids, steps and
units, coverage, statistics, integrity). The integrity section reads each file's own VASSAL
version."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bundled_module_util import bundled_module
from vmodgen.builder.build import build_kit
from vmodgen.model.kit import load_kit
from vmodgen.audit import audit
from vmodgen.report import render

DATA = Path(__file__).parent / "data" / "recorded"
KITS = {"im": "invasion-malta", "om": "operation-mercury", "na41": "north-africa-41"}
#: (twin names, findings the 3.7.26 twin gives: (step, rule, units)), as tests/test_games_recorded.py
TWINS = [
    (("im-clean",), []),
    (("im-dirty",), [(14, "IM 15.16", ["S3-KG1-1"]), (38, "IM 6.12", ["5/3"])]),
    (("im-undo",), []),
    (("om-clean",), []),
    (("om-takeback",), []),
    (("om-notracker",), []),
    (("om-chain-1", "om-chain-2"), [(3, "OM 5.23", ["G-9-III-Sturm"]), (5, "OM 4.18", ["G-Vogel-1"]),
                                    (7, "OM 4.18", ["G-Vogel-2"])]),
    (("na41-clean",), []),
    (("na41-dirty",), [(9, "NA41 5.1", ["8MG"])]),
    (("na41-notracker",), []),
    (("na41-late",), []),
]
#: keys that name the file, when it was saved, or the VASSAL that wrote it
VARYING = {"file", "path", "date_saved", "saved", "vassal_version"}


_BUILT_38: dict[str, Path] = {}


def _module(kit: str, tmp_path_factory, target: str = "3.7") -> Path:
    """The bundled kit's module: the default build, or the one built for VASSAL 3.8."""
    if target == "3.7":
        return bundled_module(kit, tmp_path_factory, f"rec38-{kit}").module
    if kit not in _BUILT_38:
        root = tmp_path_factory.mktemp(f"module38-{kit}")
        _BUILT_38[kit] = build_kit(load_kit(kit), root / "build", cache_dir=root / "cache", vassal="3.8").path
    return _BUILT_38[kit]


def _json(names: tuple[str, ...], suffix: str, module: Path) -> dict[str, Any]:
    r = audit([str(DATA / f"{n}{suffix}.vlog") for n in names], module=module)
    return json.loads(render(r, "json"))


def _strip(doc: Any, suffix: str) -> Any:
    """``doc`` without the keys that name the file, its save date or VASSAL version; file names
    inside messages read without ``suffix``."""
    if isinstance(doc, dict):
        return {k: _strip(v, suffix) for k, v in doc.items() if k not in VARYING}
    if isinstance(doc, list):
        return [_strip(v, suffix) for v in doc]
    if isinstance(doc, str) and suffix:
        return re.sub(re.escape(suffix) + r"\.vlog", ".vlog", doc)
    return doc


@pytest.mark.parametrize("suffix,target", [("-38", "3.7"), ("-38m", "3.8")])
@pytest.mark.parametrize("names,expected", TWINS, ids=["+".join(t[0]) for t in TWINS])
def test_vassal_38_log_gives_its_37_twins_report(names, expected, suffix, target, tmp_path_factory):
    kit = KITS[names[0].split("-")[0]]
    old = _json(names, "", _module(kit, tmp_path_factory))
    new = _json(names, suffix, _module(kit, tmp_path_factory, target))
    got = [(f["step"], f["rule"], f["units"]) for f in new["findings"]]
    assert got == [(f["step"], f["rule"], f["units"]) for f in old["findings"]] == expected
    assert _strip(new, suffix) == _strip(old, "")
    # the integrity section reads the version each file was written by
    assert {f["vassal_version"] for f in new["integrity"]["versions"]["files"]} == {"3.8.0-beta1"}
    assert {f["vassal_version"] for f in old["integrity"]["versions"]["files"]} == {"3.7.26"}
    assert {f["vassal_version"] for f in new["files"]} == {"3.8.0-beta1"}


def test_vassal_38_version_in_the_text_report(tmp_path_factory):
    """The text report's integrity lines name VASSAL 3.8.0-beta1 for a 3.8 log."""
    module = _module("north-africa-41", tmp_path_factory)
    text = render(audit([str(DATA / "na41-dirty-38.vlog")], module=module), "text")
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("version:"))
    assert "na41-dirty-38.vlog" in line and "VASSAL 3.8.0-beta1" in line and "3.7" not in line


#: rounds 4 and 5's logs (``record4.py``/``record5.py --vassal .../vassal38 --suffix=-38``, default build) and the
#: findings their 3.7.26 twins give (tests/test_audit_recorded4.py, checked there by hand)
TWINS4 = [
    ("im-leros", [(19, "IM 16.33", ["S4-C1", "S4-C2", "S4-C3", "S4-C4", "S4-C5"]), (21, "IM 8.15", ["Lago"]),
                  (22, "IM 8.15", ["Lago"])]),
    ("om-messy", [(26, "OM 4.18", ["G-Vogel-1"])]),
    ("na41-supply", [(79, "NA41 16.1", ["3Aufkl"]), (91, "NA41 16.1", ["3Aufkl"])]),
    ("na41-zoc-undo", [(13, "NA41 7.2", ["5Pz"])]),
    # round 5 (record5.py)
    ("om-night", [(21, "OM 6.32", ["G-Vogel-1"]), (76, "OM 4.16", ["A-156-AA", "G-III-100-Geb-1"]),
                  (76, "OM 6.51", ["G-III-100-Geb-1"])]),
    ("na41-repl", [(15, "NA41 19.4.1", ["8MG"]), (16, "NA41 19.5", ["8MG"])]),
]


def _played_again(doc: dict) -> dict:
    """``doc`` as far as a second recording of the same script can repeat it: the ids of pieces
    added during play (from a palette: VASSAL mints the id from its clock) read as ``<added>``,
    and the dice faces (VASSAL's own random rolls) left out, only how many rolls were made kept."""
    added = {it["id"] for it in doc["integrity"].get("pieces", {}).get("items", [])
             if it["what"] == "added" and it["id"]}
    text = json.dumps(doc)
    for pid in added:
        text = text.replace(f'"{pid}"', '"<added>"')
    out = json.loads(text)
    out["integrity"]["dice"] = len(out["integrity"]["dice"]["rolls"])
    for part in [out["stats"], *out["stats"].get("per_file", [])]:
        part["die_rolls"] = {p: v.get("count", v.get("rolls")) if isinstance(v, dict) else v
                             for p, v in part.get("die_rolls", {}).items()}
    return out


@pytest.mark.parametrize("name,expected", TWINS4, ids=[t[0] for t in TWINS4])
def test_round4_vassal_38_log_gives_its_37_twins_report(name, expected, tmp_path_factory):
    """Round 4's logs played again by VASSAL 3.8.0-beta1 from the same scripts (undo, Prev, a
    palette marker, a marker deleted, an Axis drag of Allied units, dice): the same findings at
    the same steps and, apart from file names, save dates and versions, the same report."""
    kit = KITS[name.split("-")[0]]
    module = _module(kit, tmp_path_factory)
    old, new = _json((name,), "", module), _json((name,), "-38", module)
    got = [(f["step"], f["rule"], f["units"]) for f in new["findings"]]
    assert got == [(f["step"], f["rule"], f["units"]) for f in old["findings"]] == expected
    assert _strip(_played_again(new), "-38") == _strip(_played_again(old), "")
    assert {f["vassal_version"] for f in new["files"]} == {"3.8.0-beta1"}
