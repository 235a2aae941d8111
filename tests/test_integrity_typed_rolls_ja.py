"""Rolls typed in chat in Japanese and in English sentences (``vmodgen.integrity.typed_rolls``):
the forms Japanese players write ("6が出た", "出目は6", "ダイス6", "1D6→4", "６", "サイコロ: 3") are
claims; ordinary sentences with numbers ("6ヘクス移動", "2個師団", "3ターン目", "5以上で成功") and a
roll in a hypothetical ("if he rolls 5 I win", "もし6が出たら") are none. The audit reads a combat
resolved by the same reading (``vmodgen.audit.rolled.step_rolled``)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from vmodgen.audit.rolled import step_rolled
from vmodgen.integrity.facts import typed_roll as typed_roll_from_facts
from vmodgen.integrity.typed_rolls import typed_roll, typed_roll_own

CLAIMS = [
    ("6が出た", (6,)), ("６が出ました", (6,)), ("3と4が出た", (3, 4)), ("6の目が出た", (6,)),
    ("出目は6", (6,)), ("出目：６", (6,)), ("私の出目は５です", (5,)), ("ダイス6", (6,)), ("ダイス目は2", (2,)),
    ("1D6→4", (4,)), ("１Ｄ６→４", (4,)), ("2d6=7", (7,)), ("2D6: 3,4", (3, 4)), ("６", (6,)), ("3、4", (3, 4)),
    ("サイコロ: 3", (3,)), ("サイコロ：３", (3,)), ("振り直しで5", (5,)), ("振って4、成功", (4,)),
    ("出目は6なので成功", (6,)),
]

NOT_CLAIMS = [
    "6ヘクス移動", "2個師団", "3ターン目", "5以上で成功", "6が出たら勝ち", "もし6が出たら", "6が出れば勝ち",
    "ダイス2個", "サイコロ2つ振る", "1D6で4以下なら成功", "出目が5以上なら退却", "移動終了", "戦闘フェイズ",
    "ターン終了", "振り直し", "第1ターン 空挺降下フェイズ", "W4213へ降下", "2D6で7以上",
    # English: a hypothetical, a need, a count (and a report's form typed in)
    "if he rolls 5 I win", "when she throws 6 the attack fails", "he needs to roll 5", "unless he rolls 1, we hold",
    "Whoever rolls 6 goes first", "he rolls 5+ to hit", "rolled 2d6", "*** d6 = 4 ***",
    # a bare ASCII value: more often an answer ("how many hexes?" "3") than a roll
    "3", "5!", "3,4",
]


@pytest.mark.parametrize("said, values", CLAIMS)
def test_japanese_forms_are_claims(said, values):
    """Each common Japanese form (full-width digits and punctuation included) claims its values;
    facts.typed_roll is the same reader (one source of truth)."""
    assert typed_roll(f"<太郎> - {said}") == (said, values)
    assert typed_roll_from_facts(f"<太郎> - {said}") == (said, values)


@pytest.mark.parametrize("said", NOT_CLAIMS)
def test_ordinary_sentences_are_no_claims(said):
    """A count, a need or a target, a turn number, a phase announcement, a hypothetical: no roll."""
    assert typed_roll(f"<太郎> - {said}") is None


def test_english_claims_stay():
    """The English forms read before still read the same (and a claim followed by a condition
    is still one: the condition is after it)."""
    assert typed_roll("<Alice> - I rolled 6") == ("I rolled 6", (6,))
    assert typed_roll("<Alice> - I rolled 6 if you want to know") == ("I rolled 6 if you want to know", (6,))
    assert typed_roll("<Alice> - I rolled 6. If he rolls 5 I win") == ("I rolled 6. If he rolls 5 I win", (6,))
    assert typed_roll("<Bob> - Attacker rolled 3") == ("Attacker rolled 3", (3,))
    # a past roll after "when" is told, not supposed; "if" makes even a past tense hypothetical
    assert typed_roll("<Bob> - when I rolled 6 he retreated") == ("when I rolled 6 he retreated", (6,))
    assert typed_roll("<Bob> - if I rolled 6 he would retreat") is None


def test_own_roll():
    """Whose roll: the speaker's own ("6が出た", "私の出目は5", "I rolled 6"), or a third party's
    ("相手の出目は6", "Attacker rolled 3") - only the speaker's own claim with no button roll is flagged."""
    assert typed_roll_own("6が出た") and typed_roll_own("出目は6") and typed_roll_own("私の出目は５です")
    assert typed_roll_own("I rolled 6") and typed_roll_own("６")
    assert not typed_roll_own("相手の出目は6") and not typed_roll_own("Attacker rolled 3")


def _step(*typed: str) -> SimpleNamespace:
    lines = [f"<Alice> - {t}" for t in typed]
    return SimpleNamespace(chat=lines, chat_text=lines)


def test_step_rolled_reads_japanese_and_not_hypotheticals():
    """A step's chat reports a roll (a combat resolved) for a Japanese claim; not for "if he rolls
    5 I win" (before: that sentence read as a roll of 5, and could close a retreat or make a drag
    after it a consequence of a combat), nor for a Japanese sentence with numbers."""
    assert step_rolled(_step("サイコロ: 7"), None)
    assert step_rolled(_step("６"), None)
    assert not step_rolled(_step("if he rolls 5 I win"), None)
    assert not step_rolled(_step("第2の戦闘：Vogel 1が19NZを攻撃。5以上で成功、2個大隊で6ヘクス移動済み"), None)
    assert step_rolled(_step("*** 1d10 = 7 ***"), None) is False          # typed by a player: no button report
