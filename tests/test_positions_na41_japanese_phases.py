"""North Africa '41's phase names as its Japanese rulebook prints them (3.2: "第３アクション・イムパルス",
"補給損耗フェイズ", "準備フェイズ"), with full-width digits, and ordinals written as words ("Impulse
Two"), are read as the kit's phases (docs/position-format.md). Review of rulepos22, item 5."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.rules.position_file import load_position

KIT = '[position]\ngame = "north-africa-41"\nturn = 3\nphase = "{phase}"\n\n[[units]]\nunit = "24/9 Aus"\nhex = "3138"\n'


@pytest.mark.parametrize("written, want", [
    ("第３アクション・イムパルス 枢軸軍移動フェイズ", "i3-axis-movement"),
    ("第1アクション・イムパルス 連合軍初期フェイズ", "i1-allied-initial"),
    ("第２イムパルス 連合軍遅延フェイズ", "i2-allied-delay"),
    ("第２インパルス 枢軸軍回復フェイズ", "i2-axis-recovery"),
    ("補給損耗フェイズ", "supply-attrition"),
    ("準備フェイズ", "preparation"),
    ("Axis Movement (Impulse Two)", "i2-axis-movement"),
    ("Impulse Three: Allied Combat Phase", "i3-allied-combat"),
])
def test_phase_written_in_japanese_or_with_an_ordinal_word(tmp_path: Path, written: str, want: str):
    f = tmp_path / "p.toml"
    f.write_text(KIT.format(phase=written), encoding="utf-8")
    assert load_position(str(f)).phase == want
