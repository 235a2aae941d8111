"""The kit reference (docs/kit-format.md) is generated from the loaders' own schema and
vocabularies; these tests fail when it drifts (issue 18). Regenerate with
``python -m vmodgen.kitdoc``."""
from __future__ import annotations

import dataclasses

from conftest import ROOT
from vmodgen import kitdoc
from vmodgen.model import game as game_mod
from vmodgen.model.load_roster import OPTIONAL, REQUIRED
from vmodgen.model.schema import REQUIRED as REQ, TABLES
from vmodgen.model.vocab import BASE_SYMBOLS, MODIFIERS


def test_reference_is_what_the_generator_writes():
    committed = (ROOT / kitdoc.DOC).read_text(encoding="utf-8")
    assert committed == kitdoc.reference(), "docs/kit-format.md is out of date: run python -m vmodgen.kitdoc"


def test_every_symbol_has_its_picture_in_the_reference():
    text = kitdoc.reference()
    assert len(BASE_SYMBOLS) + len(MODIFIERS) == len(kitdoc.symbol_files()) == 53
    for name in kitdoc.symbol_files():
        assert (ROOT / kitdoc.SYMBOL_DIR / name).is_file(), name
        assert f"(img/symbols/{name})" in text


def test_roster_columns_are_the_loaders():
    listed = {k.name for k in TABLES["roster.csv"]["columns"] if "<" not in k.name}
    assert listed == set(REQUIRED) | set(OPTIONAL)
    assert {k.name for k in TABLES["roster.csv"]["columns"] if k.default == REQ} == set(REQUIRED)


def test_schema_defaults_are_the_models():
    """Where a key fills a model field of the same name, the reference's default is the field's."""
    tables = {"[[sides]]": game_mod.Side, "[[nationalities]]": game_mod.Nationality,
              "[[formations]]": game_mod.Formation, "[[unit_types]]": game_mod.UnitType,
              "[[unit_sizes]]": game_mod.UnitSize, "[[fields]]": game_mod.CounterField,
              "[[terrain]]": game_mod.Terrain, "[[hexside_features]]": game_mod.HexsideFeature,
              "[[line_features]]": game_mod.LineFeature, "[[markers]]": game_mod.Marker}
    checked = 0
    for table, cls in tables.items():
        defaults = {f.name: f.default for f in dataclasses.fields(cls)}
        for k in TABLES["game.toml"][table]:
            if k.name in defaults and k.default != REQ and k.name not in ("note",):
                want = defaults[k.name]
                shown = f'"{want}"' if isinstance(want, str) else str(want).lower()
                assert k.default == shown, (table, k.name, k.default, shown)
                checked += 1
    assert checked >= 15
