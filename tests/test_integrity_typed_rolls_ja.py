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


#: a hope, a wish, a concession, a condition or a range/choice of values (each read as a claim of
#: its first value before: a false claim closes a combat in step_rolled and flags the player)
NOT_CLAIMS_WISHES_RANGES = [
    "6が出てほしい", "6が出てくれ", "6を出してください", "6を出したい", "6が出ても", "6が出て欲しい",
    "ダイスで6が出れば勝ち", "1D6で6が出たら除去", "出目6が出れば成功", "1D6で6を出せば勝ち",
    "1D6で5か6なら撃破", "ダイスで1～3なら退却", "ダイスで1〜3なら退却", "出目1-2で退却", "ダイス目1,2なら除去",
    "ダイスで6が必要", "出目6以外は失敗",
    "rolls 3,4 or less", "rolls 4-6 to hit", "He rolls 5 or 6 he wins", "rolled 1 to 3 retreats",
]

#: claims next to them that stay (and the common forms read now: no particle, "DR 4", the noun
#: with a separator "roll: 4,2", "Roll - 4", "dr=4", "rolled a 4")
CLAIMS_NEAR = [
    ("6が出て成功", (6,)), ("6を出した", (6,)), ("6が出ていた", (6,)), ("ダイスで6が出た", (6,)),
    ("1D6で6が出たので除去", (6,)), ("出目は1,2", (1, 2)), ("rolled 3,4", (3, 4)), ("rolled 4 - hit", (4,)),
    ("I rolled 4 +1 DRM = 5", (4,)),
    ("6出た", (6,)), ("６出ました", (6,)), ("DR 4", (4,)), ("DR: 4", (4,)), ("DR=3,5", (3, 5)),
    ("roll: 4,2", (4, 2)), ("roll: 4", (4,)), ("Roll - 4", (4,)), ("rolled a 4", (4,)), ("dr=4", (4,)),
    ("die roll: 6", (6,)), ("my roll was a 4", (4,)), ("Roll: 5 - attacker retreats", (5,)),
]

#: sentences the new forms must not read as claims
NOT_CLAIMS_NEAR = ["6出たら勝ち", "116出た", "DR 4 or less", "DRM 4", "roll 4 dice", "needs DR 5", "roll: 4+",
                   "兵力を3出した", "DR 4-6 hits", "DR 4 needed",
                   # a need or a target with the noun (left10: "DR 4" was read in each before)
                   "I need a DR 4", "needs DR 4", "need DR 4 to hit", "DR 4 to hit", "DR 4 or better",
                   "hits on DR 4", "hits on a DR 4", "target roll: 4", "to-hit roll: 4", "DR 4 succeeds",
                   "DR 4 is enough", "DR 4 and up", "at least DR 4", "DR -1", "roll - 4-6", "a roll of 4",
                   # the same words as a label (vfix4: "Target: " had no space after the word)
                   "Target: DR 4", "To hit: DR 4", "Next attack on 1808 at 3:1. Target: DR 4", "Minimum = DR 4"]


@pytest.mark.parametrize("said", NOT_CLAIMS_WISHES_RANGES + NOT_CLAIMS_NEAR)
def test_wishes_conditions_and_ranges_are_no_claims(said):
    """A wished, needed or conditional value, a range or a choice of values claims no roll (the
    value list is read whole: "1,2なら" is not read back as a claim of "1")."""
    assert typed_roll(f"<太郎> - {said}") is None
    assert not step_rolled(_step(said), None)


@pytest.mark.parametrize("said, values", CLAIMS_NEAR)
def test_claims_beside_them_stay(said, values):
    """A value that came up (with or without が), a DR or a roll: value, stays a claim."""
    assert typed_roll(f"<太郎> - {said}") == (said, values)
    assert step_rolled(_step(said), None)


@pytest.mark.parametrize("said, own", [
    # English: nothing but "I"/"my" before the claim in its clause is the speaker's own roll
    ("Attack on 1808: rolled 6", True), ("for the attack I rolled 6", True), ("roll: 4", True),
    ("my roll was a 4", True), ("Roll - 4", True),
    ("he rolled 5", False), ("his roll: 5", False), ("Bob rolls 4", False), ("Attacker rolled 3", False),
    # Japanese: no third party before, and the clause opens with the claim, a first person or
    # the action it is for (left10: only 私/こちら… was own before)
    ("攻撃の出目は6", True), ("移動終了。出目は6", True), ("第2の戦闘：出目は8", True), ("1808への突破は6が出た", True),
    ("相手の出目は6", False), ("田中さんの出目は5", False), ("相手の攻撃、出目は6", False), ("ドイツ軍の出目は6", False),
    # a label or a noun before a bare value ("DR 4", "出目5") names what the value is for, no
    # roll made (vfix4: the split at ":" and "," left nothing before it, read as own); a label
    # that names the action stays own, as before a verb
    ("Kill number: DR 4", False), ("Success: DR 4", False), ("CRT: DR 4 = DE", False), ("Odds 3-1, DR: 4", False),
    ("攻撃の目標値: 出目5", False), ("攻撃: 出目5", True), ("第2の戦闘: 出目は8", True), ("私: 6が出た", True),
    ("Done moving. DR 4", True),
])
def test_whose_roll(said, own):
    """Whose roll a claim reports (only the speaker's own claim with no button roll since is
    flagged): the English forms before the verb, the Japanese clause before the claim."""
    assert typed_roll(f"<太郎> - {said}") is not None
    assert typed_roll_own(said) is own
