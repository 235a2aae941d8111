"""Property tests over whole input files: module XML, saves and logs, kit files (rosters,
terrain tables, map/game/scenario TOML) and position files. Any mutation of a real file is
either read or refused with InputError; nothing else escapes, and no entity is expanded."""
from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_util import FUZZ, mutated
from vmodgen.errors import InputError, LimitError
from vmodgen.safeio import parse_xml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
MINIKIT = ROOT / "tests" / "data" / "minikit"
CANONICAL = SHARED / "golden" / "vassal-run" / "canonical_buildFile.xml"
BUILD_XML = CANONICAL.read_bytes() if CANONICAL.is_file() else b""
needs_golden = pytest.mark.skipif(not BUILD_XML, reason=f"{CANONICAL} is absent (../shared not beside the project)")

ENTITY_DOCS = [
    b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><r>&b;</r>',
    b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
    b'<!DOCTYPE r [\n<!ENTITY % p SYSTEM "http://127.0.0.1:1/evil.dtd"> %p;]><r/>',
    b'<?xml version="1.0"?>\n<!DOCTYPE VASSAL.build.GameModule SYSTEM "file:///etc/passwd"><r/>',
]


# --- module XML -------------------------------------------------------------------------------

def _parse(data: bytes):
    try:
        return parse_xml(data, "buildFile.xml", "buildFile.xml")
    except InputError as exc:
        assert exc.path == "buildFile.xml" and "\n" not in str(exc)
        return None


@needs_golden
@FUZZ
@given(st.data())
def test_mutated_build_file_parses_or_refuses(data):
    _parse(data.draw(mutated(BUILD_XML)))


@needs_golden
@FUZZ
@given(st.sampled_from(ENTITY_DOCS), st.integers(0, 200))
def test_entity_declarations_refused(doc, cut):
    """An internal or external entity is never expanded: refused, or left unresolved."""
    # the DOCTYPE alone, or spliced into the real build file after its XML declaration
    for data in (doc, BUILD_XML[:cut] + doc if cut < 30 else doc + BUILD_XML[cut:]):
        root = _parse(data)
        if root is not None:
            text = "".join(root.itertext())
            assert "root:" not in text and "aaaaaaaaaa" not in text


def test_entity_documents_refused_with_limit_error():
    for doc in ENTITY_DOCS[:2]:
        with pytest.raises(LimitError, match="entit"):
            parse_xml(doc, "buildFile.xml")


# --- modules, saves and logs -------------------------------------------------------------------

def _real(suffixes: tuple[str, ...], folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*") if p.suffix in suffixes) if folder.is_dir() else []


def _small_zip(path: Path) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            dst.writestr(info.filename, body[:2048] if info.filename.startswith(("images/", "help/")) else body)
    return out.getvalue()


SAVES = [p.read_bytes() for p in _real((".vsav", ".vlog"), SHARED / "golden" / "vassal-run")]
SAVES += [p.read_bytes() for p in _real((".vsav",), SHARED / "corpus") if p.stat().st_size < 100_000]
MODULES = [_small_zip(p) for p in _real((".vmod",), SHARED / "golden" / "vassal-run")]


def _entry_mutations(archive: bytes, entry: str):
    """A strategy: ``archive`` with ``entry``'s content mutated (zip rebuilt)."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        items = [(i.filename, zf.read(i)) for i in zf.infolist()]
    body = dict(items)[entry]

    def rebuild(new: bytes) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
            for name, b in items:
                dst.writestr(name, new if name == entry else b)
        return out.getvalue()
    return mutated(body).map(rebuild)


@pytest.mark.skipif(not SAVES, reason="no saves under ../shared (absent)")
@FUZZ
@given(st.data())
def test_mutated_saves_read_or_refuse(data):
    savefile = pytest.importorskip("vmodgen.vassal.savefile")
    seed = data.draw(st.sampled_from(SAVES))
    if data.draw(st.booleans()) and seed[:2] == b"PK":
        blob = data.draw(_entry_mutations(seed, "savedGame"))
    else:
        blob = data.draw(mutated(seed))
    try:
        save = savefile.read_save_bytes(blob, "fuzz.vsav")
        tree = save.tree
        save.is_log
        assert save.encode() == save.text
        try:
            from vmodgen.vassal.replay import replay
        except ImportError:
            return
        replay(save)
        assert tree is save.tree
    except InputError as exc:
        assert exc.path == "fuzz.vsav"


@pytest.mark.skipif(not MODULES, reason="no modules under ../shared/golden (absent)")
@FUZZ
@given(st.data())
def test_mutated_modules_read_or_refuse(data):
    module = pytest.importorskip("vmodgen.vassal.module")
    seed = data.draw(st.sampled_from(MODULES))
    blob = data.draw(st.one_of(_entry_mutations(seed, "buildFile.xml"), _entry_mutations(seed, "moduledata"),
                               mutated(seed)))
    try:
        mod = module.read_module("fuzz.vmod", data=blob)
    except InputError as exc:
        assert exc.path is not None and exc.path.startswith("fuzz.vmod")
        return
    try:
        from vmodgen.vassal.inspecting import module_summary
    except ImportError:
        return
    module_summary(mod)


# --- kits: rosters, terrain tables, map/game/scenario TOML ------------------------------------------

@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    dst = tmp_path_factory.mktemp("fuzzkit") / "kit"
    shutil.copytree(MINIKIT, dst)
    return dst


KIT_FILES = ["roster.csv", "main.csv", "map.toml", "game.toml", "scenarios.toml"]
ORIGINAL = {name: (MINIKIT / name).read_bytes() for name in KIT_FILES}


def _load_mutated(kit: Path, name: str, blob: bytes) -> None:
    from vmodgen.model import load_kit
    (kit / name).write_bytes(blob)
    try:
        load_kit(kit)
    except InputError as exc:
        assert exc.path is not None and Path(exc.path).parent == kit, str(exc)
        assert "\n" not in str(exc)
    finally:
        (kit / name).write_bytes(ORIGINAL[name])


@FUZZ
@given(st.data())
def test_mutated_roster(sandbox, data):
    _load_mutated(sandbox, "roster.csv", data.draw(mutated(ORIGINAL["roster.csv"])))


@FUZZ
@given(st.data())
def test_mutated_terrain_table(sandbox, data):
    _load_mutated(sandbox, "main.csv", data.draw(mutated(ORIGINAL["main.csv"])))


@FUZZ
@given(st.data(), st.sampled_from(["map.toml", "game.toml", "scenarios.toml"]))
def test_mutated_toml(sandbox, data, name):
    _load_mutated(sandbox, name, data.draw(mutated(ORIGINAL[name])))


# --- position files -------------------------------------------------------------------------------

POSITIONS = sorted((ROOT / "tests" / "data" / "positions").glob("*.toml"))


@pytest.mark.skipif(not POSITIONS, reason="no position files in tests/data/positions yet")
@FUZZ
@given(st.data())
def test_mutated_positions(data):
    positions = pytest.importorskip("vmodgen.rules.position_file")
    path = data.draw(st.sampled_from(POSITIONS))
    text = data.draw(mutated(path.read_bytes())).decode("utf-8", "replace")
    try:
        pos = positions.load_position(path, text)
    except InputError as exc:
        assert exc.path is not None and "\n" not in str(exc)
        return
    from vmodgen.rules import ruleset_for
    ruleset_for(pos.game).check(pos)
