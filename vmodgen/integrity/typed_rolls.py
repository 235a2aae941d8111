"""Die rolls a player typed in chat: the one reading of a claim ("I rolled 6", "6が出た") that the
integrity section (typed rolls set against the dice buttons') and the audit (a combat resolved,
:mod:`vmodgen.audit.rolled`) share.

English: a verb of rolling, then the value(s) it gave ("I rolled 6", "rolls a 3", "threw 4,2",
"DR 4"). Japanese (full-width digits and punctuation read as ASCII, NFKC): a value that came up
("6が出た", "6の目が出ました", "3と4が出た", "6出た"), a die word then its value ("出目は6", "ダイス6",
"サイコロ: 3", "振り直しで5"), a die notation then its result ("1D6→4", "2d6=7"), or a line that is only a value
typed with a Japanese input method ("６", "3、4"; not a bare ASCII "3", more often an answer than a
roll).

No claim: a target or a need ("a roll of 5 or less", "5以上で成功", "6が出れば勝ち"), a wish or a
concession ("6が出てほしい", "6を出したい", "6が出ても"), a range or a choice ("rolls 4-6", "1～3なら",
"5か6なら", "rolls 5 or 6"), a count of dice,
hits or anything else ("rolled 2d6", "ダイス2個", "6ヘクス移動", "2個師団", "3ターン目"), and a
roll in a hypothetical ("if he rolls 5 I win", "もし6が出たら").
"""
from __future__ import annotations

import re
import unicodedata
from html import unescape

from ..vassal.undo import speaker_typed

__all__ = ["typed_roll", "typed_roll_own", "claimed_values"]

_TAG = re.compile(r"<[^<>]*>")
_TYPED_LINE = re.compile(r"^<[^<>]+> - ")

#: English: a verb of rolling (or "DR 4", "DR: 4"), then the value(s) it gave (a comma list;
#: "4 +1 DRM = 5" claims the 4: a modifier is no die). Not a target or a need ("a roll of 5 or
#: less", "rolls 5+", "rolls 3,4 or less"), a range or a choice ("rolls 4-6 to hit", "rolls 5 or
#: 6", "DR 4 needed"), nor a count of dice or of results ("rolled 2d6", "rolled 2 hits"); the noun
#: "roll" is no verb ("roll: 4,2", "a roll of 5" name a target as often). The value list is
#: possessive: "3,4 or less" may not be read back as a claim of "3"
_EN_ROLL = re.compile(r"(?:\b(?:rolled|rolls|threw|throws)\s*(?:an?\s+)?|\bDR\s*[:=]?\s*)"
                      r"(\d{1,3}+(?:\s*,\s*\d{1,3})*+)(?![\d:/]|\.\d|-\s*\d)"
                      r"(?!\s*(?:d\d|d\b|dice\b|die\b|hits?\b|times\b|or\s+(?:less|more|better|higher|lower|under|"
                      r"over|fewer)\b|or\s+\d|(?:is\s+)?(?:needed|required)\b|(?:to|through|thru)\s+\d|[~～]\s*\d|\+(?!\s*\d)))", re.I)
#: English: a word that makes the roll after it (in the same clause) hypothetical, wished or
#: needed, not made: "if he rolls 5 I win", "when she throws 6", "unless he rolls 1"
_EN_HYPOTHETICAL = re.compile(r"\b(?:if|when|whenever|unless|once|whoever|suppose|assuming|needs?|must|should|"
                              r"would|will|could|might|may|hope|hoping|wants?|let's|lets)\b|'ll\b", re.I)
#: the same for a past tense ("rolled", "threw"): "when I rolled 6 he retreated" is a claim
_EN_HYPOTHETICAL_PAST = re.compile(r"\b(?:if|unless|suppose|assuming|would|could|should|might|hope|hoping)\b",
                                   re.I)
_CLAUSE_END = re.compile(r"[.!?;]")
#: a line that is only a report of the speaker's own roll ("I rolled 6", "rolled 3,4 for the
#: attack on 1808"): its values can only be a die roll
_EN_OWN = re.compile(r"^(?:I\s+)?(?:rolled|threw)\b", re.I)

# -- Japanese (read after NFKC: "６" is "6", "：" is ":", "，" is ",") ------------------------
#: one or more values: "6", "3,4", "3、4", "3と4", "3・4"; not the end of a number or of a range
#: ("123", "1~3", "5か6"), and possessive: "1,2なら" may not be read back as a claim of "1"
_V = r"(?<![\d~\-〜])(?<!\dか)(?P<v>\d{1,2}+(?:\s*[,、・と]\s*\d{1,2})*+)"
#: what after a value makes it no roll: a need or a target (以上, 以下, なら, で成功, が必要, 以外), a
#: range or a choice ("1~3", "1-2", "5か6"), a value that comes up in a clause :data:`_JA_CAME`
#: did not read as a claim ("6が出れば", "6を出したい"), a unit or a count (ヘクス, 個, ターン, 師団,
#: MP), a die notation (2D6), more digits
_JA_NOT_AFTER = (r"(?!\s*(?:\d|[dD]\d|[~\-〜]\s*\d|か\s*\d|(?:の目)?\s*[がを]\s*出|出|が必要|以外|"
                 r"以上|以下|未満|超|より|なら|ならば|だったら|であれば|で成功|で勝|で失敗|"
                 r"ヘクス|ヘックス|[hH]ex|個|つ|本|回|ターン|師団|連隊|大隊|中隊|ユニット|部隊|MP|移動|歩|点|%|倍|人))")
#: a value that came up: "6が出た", "6の目が出ました", "6を出した", "6出た" -- not a condition, a
#: wish or a concession ("6が出たら", "6が出れば", "6が出てほしい", "6が出てくれ", "6を出してください",
#: "6を出したい", "6が出ても")
_JA_CAME = re.compile(_V + r"\s*(?:の目)?\s*(?:[がを]\s*出(?:ました|した|して|て|た)|出(?:ました|て|た))"
                      r"(?!ら|なら|とき|時|場合|ほし|欲し|くれ|くだ|下さ|も|れば|い(?![たるま]))")
#: a die word, then its value: "出目は6", "ダイス6", "サイコロ: 3", "振り直しで5", "振って4"
_JA_WORD = re.compile(r"(?:出目|出た目|ダイス目|ダイスの目|サイコロの目|さいころの目|ダイスロール|ダイス|サイコロ|さいころ|"
                      r"賽の目|振り直し(?:て|た結果|の結果)?|振った結果|振って|振ったら)"
                      r"\s*(?:は|が|で|=|:|→|->|⇒|、|,)?\s*" + _V + _JA_NOT_AFTER)
#: a die notation, then its result: "1D6→4", "2d6=7", "1D6で4", "2D6: 3,4"
_JA_NOTATION = re.compile(r"(?<![A-Za-z0-9])\d*[dD]\d+\s*(?:→|->|⇒|=|:|は|で)\s*" + _V + _JA_NOT_AFTER)
#: a line that is only a value: "６", "３、４", "3、4", "５！" -- typed with a Japanese input method
#: (a full-width digit or Japanese punctuation, :func:`_typed_in_japanese`); a bare ASCII "3" or
#: "5!" is more often an answer to a question ("how many hexes?") than a roll, so it is no claim
_JA_BARE = re.compile(r"^\s*" + _V + r"\s*[.。!]?\s*$")
#: a word that makes what follows hypothetical: "もし6が出たら"
_JA_HYPOTHETICAL = re.compile(r"もし|仮に")
#: what may come before a Japanese claim of the speaker's own roll: nothing, a first person, a
#: re-roll ("私の出目は6", "振り直し: 5")
_JA_OWN_BEFORE = re.compile(r"^(?:(?:私|俺|僕|自分|こちら|当方)(?:の|は|が)?\s*)?$")


def _values(group: str) -> tuple[int, ...]:
    return tuple(int(v) for v in re.split(r"\s*[,、・と]\s*", group))


def _typed_in_japanese(said: str) -> bool:
    """Whether a line holds anything a Japanese input method writes (full-width digits or
    punctuation, kana, kanji): not plain ASCII."""
    return not said.isascii()


def _japanese(said: str) -> tuple[re.Match, tuple[int, ...]] | None:
    """The first Japanese claim in ``said`` (NFKC-normalised) and its values."""
    norm = unicodedata.normalize("NFKC", said)
    for pattern in (_JA_CAME, _JA_WORD, _JA_NOTATION, _JA_BARE):
        m = pattern.search(norm)
        if m is None or _JA_HYPOTHETICAL.search(norm[: m.start()]):
            continue
        if pattern is _JA_BARE and not _typed_in_japanese(said):
            continue
        values = _values(m.group("v"))
        if all(1 <= v <= 99 for v in values):
            return m, values
    return None


def _english(said: str) -> tuple[re.Match, tuple[int, ...]] | None:
    """The first English claim in ``said`` not in a hypothetical clause, and its values."""
    for m in _EN_ROLL.finditer(said):
        clause = _CLAUSE_END.split(said[: m.start()])[-1]
        past = m.group(0).lower().startswith(("rolled", "threw"))
        if (_EN_HYPOTHETICAL_PAST if past else _EN_HYPOTHETICAL).search(clause):
            continue
        return m, tuple(int(v) for v in re.split(r"\s*,\s*", m.group(1)))
    return None


def claimed_values(said: str) -> tuple[int, ...] | None:
    """The die values a line a player typed (without its ``<name> -``) claims, or None."""
    found = _english(said) or _japanese(said)
    return found[1] if found else None


def typed_roll(text: str) -> tuple[str, tuple[int, ...]] | None:
    """A die roll a player typed in chat (``<Alice> - I rolled 6``, ``<太郎> - 6が出た``): the line
    as typed and the values it claims; None for any other line (VASSAL's own reports, a dice
    button's roll, a target or a need, a count of dice or hits, a hypothetical)."""
    if not speaker_typed(text):
        return None
    said = " ".join(_TAG.sub(" ", unescape(_TYPED_LINE.sub("", text))).split())
    if said.startswith("*"):
        return None                     # a report's form (``*** d6 = 4 ***``), not a player's words
    values = claimed_values(said)
    return (said, values) if values is not None else None


def typed_roll_own(said: str) -> bool:
    """Whether a typed claim (the line as :func:`typed_roll` gives it) opens with the speaker's
    own roll ("I rolled 6", "rolled 11 for the attack", "6が出た", "出目は6", "私の出目は6"): not a
    third party's ("Attacker rolled ...", "相手の出目は6"), nor a roll in a sentence about
    something else."""
    if _EN_OWN.match(said):
        return True
    if _english(said):
        return False
    found = _japanese(said)
    if found is None:
        return False
    norm = unicodedata.normalize("NFKC", said)
    return _JA_OWN_BEFORE.match(norm[: found[0].start()].strip()) is not None
