"""``vmodgen build --vassal 3.7|3.8``: the module declares the version it targets (buildFile,
moduledata, each scenario's savedata), every Movement Trail / Multi-Location Command is in that
version's canonical form, and the default is 3.7, which VASSAL 3.7 and 3.8 both open without a
dialog (FORMATS.md §5.1, §8.3)."""
from __future__ import annotations

import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from lxml import etree

from conftest import ROOT
from vmodgen.builder.selfcheck import self_check
from vmodgen.cli import cli
from vmodgen.model import load_kit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.piece_defs import movement_trail
from vmodgen.vassal.codec import decode, encode
from vmodgen.vassal.savefile import read_save_bytes

MINIKIT = ROOT / "tests" / "data" / "minikit"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """minikit built with no option, --vassal 3.7 and --vassal 3.8 (through the CLI)."""
    out = {}
    for name, args in (("default", []), ("3.7", ["--vassal", "3.7"]), ("3.8", ["--vassal", "3.8"])):
        d = tmp_path_factory.mktemp("v" + name.replace(".", ""))
        res = CliRunner().invoke(cli, ["build", str(MINIKIT), "-o", str(d), *args], catch_exceptions=False)
        assert res.exit_code == 0, res.output
        out[name] = d / "minikit.vmod"
    return out


def _declared(path: Path) -> set[str]:
    """Every VassalVersion the module declares: buildFile, moduledata, scenario savedata."""
    with zipfile.ZipFile(path) as z:
        found = {etree.fromstring(z.read("buildFile.xml")).get("VassalVersion"),
                 etree.fromstring(z.read("moduledata")).findtext("VassalVersion")}
        for name in z.namelist():
            if name.endswith(".vsav"):
                save = read_save_bytes(z.read(name), name)
                found.add(save.savedata.vassal_version)
    return found


def test_each_target_declares_its_version(built):
    assert _declared(built["default"]) == {"3.7.0"}
    assert _declared(built["3.7"]) == {"3.7.0"}
    assert _declared(built["3.8"]) == {"3.8.0-beta1"}
    assert read_module(built["3.8"]).vassal_version == "3.8.0-beta1"


def test_targets_differ_only_in_the_declared_version(built):
    """With no versioned trait in the kit, a 3.8 module is the 3.7 one with another version
    (what the 3.8 Editor's re-save of a 3.7 module looks like, FORMATS.md §8.3)."""
    with zipfile.ZipFile(built["3.7"]) as a, zipfile.ZipFile(built["3.8"]) as b:
        x, y = a.read("buildFile.xml"), b.read("buildFile.xml")
    assert x != y
    assert x.replace(b'VassalVersion="3.7.0"', b'VassalVersion="3.8.0-beta1"') == y


def test_another_target_is_not_an_unchanged_build(tmp_path):
    runner = CliRunner()
    args = ["build", str(MINIKIT), "-o", str(tmp_path)]
    assert "built" in runner.invoke(cli, args, catch_exceptions=False).output
    assert "unchanged" in runner.invoke(cli, args, catch_exceptions=False).output
    out = runner.invoke(cli, args + ["--vassal", "3.8"], catch_exceptions=False).output
    assert "built for VASSAL 3.8" in out
    assert _declared(tmp_path / "minikit.vmod") == {"3.8.0-beta1"}


def test_unknown_target_is_refused(tmp_path):
    res = CliRunner().invoke(cli, ["build", str(MINIKIT), "-o", str(tmp_path), "--vassal", "3.9"])
    assert res.exit_code == 2 and not (tmp_path / "minikit.vmod").exists()


def _with_trail(entries: dict[str, bytes], trail_target: str) -> dict[str, bytes]:
    """The entries with a Movement Trail (canonical for ``trail_target``) on the first slot."""
    root = etree.fromstring(entries["buildFile.xml"])
    slot = next(e for e in root.iter() if e.tag.endswith(".PieceSlot"))
    parts = decode(slot.text, "/")
    piece = Piece(parts[2], parts[3])
    trail = movement_trail(trail_target)
    types = [trail.type] + [t.type for t in piece.traits]
    states = [trail.state] + [t.state for t in piece.traits]
    from vmodgen.vassal.piece_defs import chain
    slot.text = encode([parts[0], parts[1], chain(types), chain(states)], "/")
    out = dict(entries)
    out["buildFile.xml"] = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return out


def test_self_check_refuses_a_trait_in_the_other_versions_form(built):
    kit = load_kit(MINIKIT)
    with zipfile.ZipFile(built["3.7"]) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    plan37 = SimpleNamespace(vassal="3.7")
    assert self_check(entries, kit, plan37, {}) == []
    assert self_check(_with_trail(entries, "3.7"), kit, plan37, {}) == []
    faults = self_check(_with_trail(entries, "3.8"), kit, plan37, {})
    assert any("not in VASSAL 3.7's canonical form" in f for f in faults), faults
    faults = self_check(entries, kit, SimpleNamespace(vassal="3.8"), {})
    assert any("declares VASSAL '3.7.0', not '3.8.0-beta1'" in f for f in faults), faults
