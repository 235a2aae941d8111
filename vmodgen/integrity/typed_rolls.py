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

#: English: a verb of rolling ("rolled a 4", "threw 4,2"), or the noun "roll" or "DR" with a
#: separator ("roll: 4", "Roll - 4", "dr=4", "DR 4", "my roll was 4"), then the value(s) it gave
#: (a comma list; "4 +1 DRM = 5" claims the 4: a modifier is no die). Not a target or a need ("a
#: roll of 5 or less", "rolls 5+", "rolls 3,4 or less"), a range or a choice ("rolls 4-6 to hit",
#: "rolls 5 or 6", "DR 4 needed"), nor a count of dice or of results ("rolled 2d6", "rolled 2
#: hits"); "a roll of 5" names a target, and "DR -1" a modifier. The value list is possessive:
#: "3,4 or less" may not be read back as a claim of "3"
_EN_ROLL = re.compile(r"(?:\b(?P<verb>rolled|rolls|threw|throws)\s*(?:an?\s+)?"
                      r"|\b(?P<noun>(?:die\s+|dice\s+)?roll|DR)(?:\s*[:=]\s*|\s+[-\u2013]\s+|\s+was\s+(?:an?\s+)?)"
                      r"|\b(?P<dr>DR)\s*)"
                      r"(?P<v>\d{1,3}+(?:\s*,\s*\d{1,3})*+)(?![\d:/]|\.\d|-\s*\d)"
                      r"(?!\s*(?:d\d|d\b|dice\b|die\b|hits?\b|times\b|or\s+(?:less|more|better|higher|lower|under|"
                      r"over|fewer)\b|or\s+\d|(?:is\s+)?(?:needed|required)\b|(?:to|through|thru)\s+\d|[~\uff5e]\s*\d|\+(?!\s*\d)))", re.I)
#: after a noun's value ("DR 4", "roll: 4"): what makes it a target or a need, not a roll made --
#: "DR 4 to hit", "DR 4 or better", "DR 4 and up", "DR 4 succeeds", "DR 4 is enough", "DR 4 wins"
_EN_NOUN_TARGET_AFTER = re.compile(r"\s*(?:to\s+[a-z]|or\b|and\s+(?:up|over|above|higher|better|more|less|under|below|"
                                   r"lower)\b|(?:succeeds?|hits?|kills?|wins?|works?|passes|eliminates?|is\s+enough|"
                                   r"will|would|should|needed|required|wanted|min(?:imum)?|max(?:imum)?)\b)", re.I)
#: before a noun ("roll", "DR") in its clause: what makes it a target or a need -- "needs DR 4",
#: "need a DR 4", "target roll: 4", "to-hit roll: 4", "hits on DR 4", "at least DR 4", and the
#: same words as a label ("Target: DR 4", "To hit: DR 4", "Minimum = DR 4")
_EN_NOUN_TARGET_BEFORE = re.compile(r"\b(?:needs?|needed|needing|requires?|required|requiring|target|to[- ]hit|on|"
                                    r"at\s+least|minimum|min|wants?|wanted|hoping\s+for|hope\s+for|without)"
                                    r"(?:\s*[:=]\s*|\s+)(?:(?:an?|the|my|his|her|their|your)\s+)?$", re.I)
#: English: a word that makes the roll after it (in the same clause) hypothetical, wished or
#: needed, not made: "if he rolls 5 I win", "when she throws 6", "unless he rolls 1"
_EN_HYPOTHETICAL = re.compile(r"\b(?:if|when|whenever|unless|once|whoever|suppose|assuming|needs?|must|should|"
                              r"would|will|could|might|may|hope|hoping|wants?|let's|lets)\b|'ll\b", re.I)
#: the same for a past tense ("rolled", "threw"): "when I rolled 6 he retreated" is a claim
_EN_HYPOTHETICAL_PAST = re.compile(r"\b(?:if|unless|suppose|assuming|would|could|should|might|hope|hoping)\b",
                                   re.I)
_CLAUSE_END = re.compile(r"[.!?;]")
#: what may come before the speaker's own claim in its clause: nothing ("rolled 11 for the
#: attack", "Attack on 1808: rolled 6", "roll: 4"), "I" ("for the attack I rolled 6", "I just
#: threw 4"), "my" ("my roll was 4"); not a third party ("Attacker rolled 3", "he rolled 5", "his
#: roll: 5"). A verb's clause ends at the last ".", ",", ":", " - " (:data:`_EN_OWN_CLAUSE`: a
#: label before a verb names the action, "Attack on 1808: rolled 6"); a bare value's ("DR 4",
#: "roll: 4") at the last sentence end only (:data:`_CLAUSE_END`): a label or a noun before a bare
#: value names what the value is for ("Target: DR 4", "Kill number: DR 4", "CRT: DR 4 = DE",
#: "Odds 3-1, DR: 4"), no roll made
_EN_OWN_BEFORE = re.compile(r"(?:^|\b(?:and|so|then|ok|okay|well|now)|\bI(?:\s+(?:just|then|also|have|had|finally|"
                            r"now))?|\bmy(?:\s+(?:die|dice|first|second|next|last))?)\s*$", re.I)
_EN_OWN_CLAUSE = re.compile(r"[.!?;:,()]|\s[-\u2013]\s")
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
#: a third party named before a Japanese claim: the roll may be someone else's ("相手の出目は6",
#: "彼は6が出た", "田中さんの出目は5")
_JA_OTHER = re.compile(r"相手|敵|彼|あなた|貴方|そちら|あちら|向こう|先方|君|お前|さん|氏|様|くん|ちゃん")
#: what may come before a Japanese claim of the speaker's own roll in its clause (after the last
#: "、", "。", space; a ":" and the label before it stay in the clause): nothing ("移動終了。出目は6"),
#: a first person ("私の出目は6", "こちらは6が出た", "私: 6"), an action the roll is for ("攻撃の出目は6",
#: "1808への突破は6が出た", "第2の戦闘：出目は8"); not another label ("攻撃の目標値: 出目5": a label before a
#: value names what the value is for)
_JA_OWN_BEFORE = re.compile(r"^(?:(?:私|俺|僕|自分|こちら|当方)(?:の|は|が|で|:)?|.*(?:攻撃|戦闘|突破|反撃|砲撃|爆撃|降下|"
                            r"上陸|判定|チェック|ロール|振り直し|補給|迎撃|対空)(?:の|は|で|に|も|:)?)?$")
_JA_CLAUSE = re.compile(r"[、。,!?()「」\s]")
_JA_LABEL = re.compile(r"\s*:\s*")


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
    """The first English claim in ``said`` not in a hypothetical clause, nor a noun's target or
    need ("needs DR 4", "DR 4 to hit"), and its values."""
    for m in _EN_ROLL.finditer(said):
        clause = _CLAUSE_END.split(said[: m.start()])[-1]
        verb = m.group("verb")
        past = verb is not None and verb.lower() in ("rolled", "threw")
        if (_EN_HYPOTHETICAL_PAST if past else _EN_HYPOTHETICAL).search(clause):
            continue
        if verb is None and (_EN_NOUN_TARGET_BEFORE.search(clause)
                             or _EN_NOUN_TARGET_AFTER.match(said, m.end())):
            continue
        return m, tuple(int(v) for v in re.split(r"\s*,\s*", m.group("v")))
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
    """Whether a typed claim (the line as :func:`typed_roll` gives it) is the speaker's own roll
    ("I rolled 6", "rolled 11 for the attack", "Attack on 1808: rolled 6", "roll: 4", "6が出た",
    "出目は6", "私の出目は6", "攻撃の出目は6", "移動終了。出目は6"): nothing but a first person or
    the action it is for comes before it in its clause (and, in Japanese, no third party before
    it at all); not a third party's ("Attacker rolled 3", "his roll: 5", "相手の出目は6")."""
    found = _english(said)
    if found is not None:
        m = found[0]
        if m.group("verb") is not None and m.group("verb").lower() not in ("rolled", "threw"):
            return False                # "rolls 4": a narration of someone's roll
        clause = (_EN_OWN_CLAUSE if m.group("verb") is not None else _CLAUSE_END).split(said[: m.start()])[-1]
        return _EN_OWN_BEFORE.search(clause) is not None
    found = _japanese(said)
    if found is None:
        return False
    norm = unicodedata.normalize("NFKC", said)
    before = norm[: found[0].start()]
    if _JA_OTHER.search(before):
        return False
    return _JA_OWN_BEFORE.match(_JA_CLAUSE.split(_JA_LABEL.sub(":", before))[-1]) is not None
