"""The counter image cache: hits on unchanged faces, misses on any change that draws."""
from __future__ import annotations

import dataclasses
import io
from pathlib import Path

from PIL import Image

from vmodgen.model.kit import load_kit
from vmodgen.render.cache import CounterCache, spec_key
from vmodgen.render.counters import render_counter
from vmodgen.render.face import face_spec

DATA = Path(__file__).resolve().parent / "data"


def test_second_build_reads_everything_from_disk(tmp_path):
    kit = load_kit(DATA / "minikit")
    cache = CounterCache(tmp_path / "c")
    first = [cache.counter_png(kit.game, u, s, 60) for u in kit.units for s in ("front", "back")]
    assert cache.misses == len(first) and cache.hits == 0
    again = CounterCache(tmp_path / "c")
    second = [again.counter_png(kit.game, u, s, 60) for u in kit.units for s in ("front", "back")]
    assert again.hits == len(second) and again.misses == 0
    assert first == second
    # the cached PNG is the drawn face
    with Image.open(io.BytesIO(second[0])) as im:
        assert im.convert("RGB").tobytes() == render_counter(kit.game, kit.units[0], "front", 60).tobytes()


def test_any_change_that_draws_changes_the_key(tmp_path):
    kit = load_kit(DATA / "minikit")
    u = kit.unit("R1")
    base = spec_key(face_spec(kit.game, u), 75)
    assert spec_key(face_spec(kit.game, u), 75) == base
    assert spec_key(face_spec(kit.game, u), 76) != base
    assert spec_key(face_spec(kit.game, u, "back"), 75) != base
    assert spec_key(face_spec(kit.game, dataclasses.replace(u, front={**u.front, "attack": 5})), 75) != base
    game2 = dataclasses.replace(kit.game, nationalities={
        **kit.game.nationalities, "redland": dataclasses.replace(kit.game.nationalities["redland"], color="#010203")})
    assert spec_key(face_spec(game2, u), 75) != base
    # a change that does not draw (set-up hex) keeps the key
    assert spec_key(face_spec(kit.game, dataclasses.replace(u, setup={"s1": "0505"})), 75) == base


def test_only_changed_faces_are_redrawn(tmp_path):
    kit = load_kit(DATA / "minikit")
    CounterCache(tmp_path).counter_png(kit.game, kit.unit("R1"), "front", 50)
    CounterCache(tmp_path).counter_png(kit.game, kit.unit("R2"), "front", 50)
    cache = CounterCache(tmp_path)
    changed = dataclasses.replace(kit.unit("R1"), front={**kit.unit("R1").front, "defense": 7})
    cache.counter_png(kit.game, changed, "front", 50)
    cache.counter_png(kit.game, kit.unit("R2"), "front", 50)
    assert (cache.hits, cache.misses) == (1, 1)


def test_corrupt_entry_is_redrawn(tmp_path):
    kit = load_kit(DATA / "minikit")
    cache = CounterCache(tmp_path)
    spec = face_spec(kit.game, kit.unit("R1"))
    good = cache.spec_png(spec, 40)
    cache.path(spec_key(spec, 40)).write_bytes(b"garbage")
    again = CounterCache(tmp_path)
    assert again.spec_png(spec, 40) == good and again.misses == 1
