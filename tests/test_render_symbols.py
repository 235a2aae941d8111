"""NATO unit symbols and size marks: every vocabulary key draws, marks have the right glyphs."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from vmodgen.model.vocab import BASE_SYMBOLS, MODIFIERS
from vmodgen.render.symbols import (BLANK, draw_size_mark, render_symbol, size_mark_tokens,
                                    supersample_for)


def ink(im: Image.Image) -> int:
    """Pixels with visible ink (alpha) in an RGBA symbol image."""
    return sum(1 for a in im.getchannel("A").tobytes() if a > 128)


@pytest.mark.parametrize("key", sorted(BASE_SYMBOLS - BLANK))
def test_every_base_symbol_draws_something_inside(key):
    im = render_symbol(key, 60, fill=None)
    assert im.size[0] == 60
    assert ink(im) > 40, key


def test_blank_symbols_draw_nothing():
    for key in BLANK:
        assert ink(render_symbol(key, 60, fill=None)) == 0


@pytest.mark.parametrize("mod", sorted(MODIFIERS))
def test_every_modifier_adds_marks_to_the_base(mod):
    plain = render_symbol("infantry", 90, fill=None)
    with_mod = render_symbol(f"infantry+{mod}", 90, fill=None)
    assert plain.tobytes() != with_mod.tobytes(), mod


def test_distinct_bases_look_distinct():
    seen = {}
    for key in sorted(BASE_SYMBOLS - BLANK):
        data = render_symbol(key, 48, fill=None).tobytes()
        seen.setdefault(data, []).append(key)
    same = [keys for keys in seen.values() if len(keys) > 1]
    # recon and cavalry share the NATO diagonal, naval and ship the silhouette: nothing else
    assert sorted(map(sorted, same)) == [["cavalry", "reconnaissance"], ["naval", "ship"]]


def test_unknown_keys_draw_a_question_mark_instead_of_failing():
    im = render_symbol("dragon+wings", 60, fill=None)
    assert ink(im) > 20


def test_symbols_are_anti_aliased():
    im = render_symbol("infantry", 45, fill=None)
    alphas = set(im.getchannel("A").tobytes())
    assert len(alphas - {0, 255}) > 10      # smooth edges, not a 1-bit drawing


@pytest.mark.parametrize("mark,tokens", [
    ("●", ["●"]), ("●●", ["●", "●"]), ("•••", ["●", "●", "●"]), ("I", ["I"]), ("II", ["I", "I"]),
    ("III", ["I", "I", "I"]), ("X", ["X"]), ("XX", ["X", "X"]), ("XXX", ["X", "X", "X"]),
    ("XXXX", ["X"] * 4), ("GP", ["GP"]), ("II(+)", ["I", "I", "(+)"]), ("", []),
])
def test_size_mark_tokens(mark, tokens):
    assert size_mark_tokens(mark) == tokens


def _columns_with_ink(mark: str, w: int = 120, h: int = 24) -> int:
    """How many separate runs of inked columns a mark draws (one per glyph)."""
    im = Image.new("RGB", (w, h), (255, 255, 255))
    draw_size_mark(ImageDraw.Draw(im), (0, 0, w, h), mark, (0, 0, 0))
    g = im.convert("L")
    cols = [any(g.getpixel((x, y)) < 128 for y in range(h)) for x in range(w)]
    return sum(1 for i, c in enumerate(cols) if c and (i == 0 or not cols[i - 1]))


@pytest.mark.parametrize("mark,n", [("I", 1), ("II", 2), ("III", 3), ("●", 1), ("●●", 2), ("●●●", 3),
                                    ("X", 1), ("XX", 2), ("XXX", 3)])
def test_size_marks_draw_one_glyph_per_token(mark, n):
    assert _columns_with_ink(mark) == n


def test_supersampling_is_finer_for_small_counters():
    assert supersample_for(75) >= 4
    assert supersample_for(600) == 2
