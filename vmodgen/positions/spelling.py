"""A stranger's spelling of a kit's name: "Movement Phase" for the phase ``movement``, "Axis" for
the side ``axis``, "Out of Supply" for the status ``oos``, "Axis Control" for the marker
``axis-control``, "Matilda II" for the roster unit ``Matilda II tank``, "Leros 2706" for the hex
``L2706``. A position file names things as the rulebook prints them; the reader takes such a
spelling when it means exactly one of the kit's ids, and refuses it (with the ids) otherwise."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

#: the names the rules read for a kit's marker ("fort" for ``fortification``): the position loader and
#: the board read them here (the positions layer, below the rules)
MARKER_ALIASES = {"fort": ("fortification",)}

_PAREN = re.compile(r"\([^)]*\)")
_SEP = re.compile(r"[\s_\-]+")


def norm(text: str) -> str:
    """Case, spaces, '_' and '-' alike; a parenthesis and a trailing "phase" dropped."""
    s = _SEP.sub("-", _PAREN.sub(" ", text).strip().lower()).strip("-")
    return s[:-len("-phase")] if s.endswith("-phase") else s


#: the words of a Japanese rulebook's phase names (Operation Mercury's summary, 3.2, and its expanded
#: sequence of play, which prints 航空割当て and 港修理; North Africa '41's, 3.2: "第３アクション・イムパルス",
#: "補給損耗フェイズ"; Invasion: Malta's, 4.21 and 7.14) in the English its kit prints, a side added as a reader adds it: "ドイツ軍移動フェイズ"
#: is read as "German Movement Phase"; longest first
JA_PHASE_WORDS = (
    # Invasion: Malta's 4.21 and 7.14 (天候フェイズ, AAリセット・フェイズ, 対応移動フェイズ, ...)
    ("AAリセット", "AA Reset"), ("リセット", "Reset"), ("航空準備", "Air Readiness"), ("海上輸送", "Naval Transport"),
    ("空挺作戦", "Airborne Operations"), ("対応移動", "Reaction Movement"), ("補給状態", "Supply Status"),
    ("勝利条件", "Victory Conditions"), ("天候", "Weather"),
    ("補給損耗", "Supply Attrition"), ("イムパルス", "Impulse"), ("インパルス", "Impulse"), ("アクション", "Action"),
    ("初期", "Initial"), ("遅延", "Delay"), ("準備", "Preparation"),
    ("航空ユニット割当て", "Air Unit Allocation"), ("ゲーム記録セグメント", "Game Record Segment"),
    ("航空割当て", "Air Unit Allocation"),
    ("第一海上戦闘", "First Naval Combat"), ("第二海上戦闘", "Second Naval Combat"),
    ("防御側対応", "Defender Reaction"), ("撤収判定", "Evacuation Determination"),
    ("落下傘降下", "Paradrop"), ("戦闘宣言", "Combat Declaration"), ("戦闘回避", "Combat Refusal"),
    ("海上移動", "Naval Movement"), ("強襲上陸", "Amphibious Landing"), ("海上揚陸", "Naval Unloading"),
    ("ドイツ軍", "German"), ("連合軍", "Allied"), ("枢軸軍", "Axis"), ("港整備", "Port Refit"), ("港修理", "Port Refit"),
    ("砲爆撃", "Bombardment"), ("フェイズ", "Phase"), ("回復", "Recovery"), ("補給", "Supply"),
    ("移動", "Movement"), ("戦闘", "Combat"), ("の", ""), ("・", ""),
)


#: the phases of a player segment that the Japanese rulebook prints without a side and in which the
#: defender acts (E. 戦闘回避フェイズ, F. 防御側対応フェイズ): a side a reader writes before one may be
#: the segment's player or the side that refuses or reacts
JA_DEFENDER_PHASES = ("防御側対応", "戦闘回避")
JA_SIDES = ("ドイツ軍", "連合軍", "枢軸軍")
#: a side written as the Japanese rulebooks name it ("枢軸軍" for Axis), in the English of the words above
JA_SIDE_NAMES = {ja: en for ja, en in JA_PHASE_WORDS if ja in JA_SIDES}


def defender_phase_of_either_side(value: str, names: Mapping[str, str]) -> list[str]:
    """The ids of every phase ``value`` may mean when it writes a side before a phase of
    :data:`JA_DEFENDER_PHASES` ("連合軍戦闘回避フェイズ": the Allied segment's, where German units
    refuse, or the one where Allied units refuse); [] for any other value."""
    word = next((w for w in JA_DEFENDER_PHASES if w in value), None)
    if word is None or not any(side in value for side in JA_SIDES):
        return []
    return [k for k, name in names.items() if name and norm(name) == norm(english(word))]


def name_ends(value: str, names: Mapping[str, str]) -> list[str]:
    """The ids whose printed name ends with ``value``'s words at a word boundary ("Paradrop Phase"
    ends "German Paradrop Phase", "ment" ends none); none for a value without words ("の")."""
    want = norm(value)
    return [k for k, name in names.items() if name and norm(name).endswith("-" + want)] if want else []


def short_name_of(value: str, names: Mapping[str, str], sides: Iterable[str]) -> str | None:
    """The one phase ``value`` names by the end of its printed name: two words or more ("Combat
    Declaration Phase"), or one word with only a side before it ("Paradrop Phase" for "German
    Paradrop Phase": a sequence of play printed under each player's segment drops the side). One
    word that drops more ("Transport Phase" of "Naval Transport Phase") names no phase."""
    want, side_words = norm(value), {norm(x) for x in sides}
    found = [k for k in name_ends(value, names) if "-" in want or norm(names[k])[:-len(want) - 1] in side_words]
    return found[0] if len(found) == 1 else None


def english(value: str) -> str:
    """A phase name written in Japanese, in the English of :data:`JA_PHASE_WORDS` (other text
    unchanged): "連合軍戦闘フェイズ" is "Allied Combat Phase". Full-width digits are read as digits
    (NFKC: "第３" is "第3")."""
    value = unicodedata.normalize("NFKC", value)
    for ja, en in JA_PHASE_WORDS:
        value = value.replace(ja, f" {en} " if en else "")
    return " ".join(value.split())


def matches(value: str, names: Mapping[str, str | Iterable[str]]) -> list[str]:
    """The ids (keys of ``names``, each with its printed name or names) that ``value`` spells."""
    want = norm(value)
    out = []
    for key, printed in names.items():
        spelt = [printed] if isinstance(printed, str) else list(printed)
        if any(norm(x) == want for x in [key, *spelt] if x):
            out.append(key)
    return out


def resolve(value: str, names: Mapping[str, str | Iterable[str]]) -> str | None:
    """``value`` itself when it is an id, else the one id whose printed name it is in other
    capitals ("6 RTR" for ``6RTR`` beside "6 RTR (Cru)"), else the one id it spells (ids spelt
    alike, such as ``full_retreat`` and ``full-retreat``, count as one: the one with '-'), else
    None."""
    if value in names:
        return value
    want = value.strip().casefold()
    exact = [k for k, p in names.items() if any(x.casefold() == want for x in ([p] if isinstance(p, str) else p) if x)]
    if len(exact) == 1:
        return exact[0]
    found = matches(value, names)
    return min(found) if found and len({norm(x) for x in found}) == 1 else None


_BACK = re.compile(r"\(\s*back:\s*([^)]*?)\s*\)", re.IGNORECASE)


def marker_name(value: str, markers: Mapping[str, str], aliases: Mapping[str, Iterable[str]]) -> str | None:
    """A hex marker as a stranger writes it in a kit game: the marker's id or printed name (any
    capitals: "Axis Control" is ``axis-control``), a name the rules read for it (``fort`` for the
    kit's ``fortification``; "Fort", as the counter prints it, too), or the printed name of its
    back face ("Fortification (back: Under Construction)": "Under Construction" is the marker
    turned over, read as ``under-construction``: a face the front's rules do not read). None:
    no marker of the kit."""
    got = resolve(value, markers)
    if got is not None:
        return got
    for alias, ids in aliases.items():
        if norm(value) == norm(alias) and any(i in markers for i in ids):
            return alias
    backs = {norm(m.group(1)): norm(m.group(1)) for p in markers.values() for m in [_BACK.search(p)] if m}
    return backs.get(norm(value))


def sheet_hex(value: str, sheets: Iterable[tuple[str, str, str]], has_hex) -> str | None:
    """A hex written as the rulebook prints it with its island or sheet ("Leros 2706", "Malta hex
    1524"): the sheet's prefix before the number, when that is a hex of the map. ``sheets`` are
    (id, name, prefix)."""
    m = re.fullmatch(r"\s*(.+?)\s+(?:hex\s+)?(\S+)\s*", value, re.IGNORECASE) \
        or re.fullmatch(r"\s*([A-Za-z]+)[-_]?(\d+)\s*", value)
    if not m:
        return None
    for sid, name, prefix in sheets:
        # the sheet's id or name, or its prefix in other capitals or set apart ("w4314", "W 4314")
        if norm(m.group(1)) in (norm(sid), norm(name)) or prefix and m.group(1).casefold() == prefix.casefold():
            h = (prefix or "") + m.group(2)
            return h if has_hex(h) else None
    return None


# a name may hold digits ("Hill 107 (4314)"); the number follows it in parentheses or after a space or comma
_NAMED_NUMBER = (re.compile(r"\s*(?P<name>[^()]*?[^\s()])\s*(?:\(\s*(?:hex\s+)?(?P<n1>\d+)\s*\)|[\s,]+(?:hex\s+)?(?P<n2>\d+))\s*", re.IGNORECASE),
                 re.compile(r"\s*(?:hex\s+)?(?P<n1>\d+)\s*(?:\(\s*(?P<name>[^()]*?)\s*\)|(?P<name2>\D.*?))?\s*", re.IGNORECASE))


def place_hex(value: str, places: Iterable[tuple[str, str, str]]) -> tuple[str | None, str]:
    """A hex written as the rulebook prints a place, its name with its number ("Tobruk (3138)",
    "El Adem 2937", "3138 Tobruk", "Tobruk, 3138", "Lakki (3009)" for Leros' ``L3009``), or with
    the word hex ("hex 3138"). ``places`` are (name, hex id, number as printed: the id without its
    sheet's prefix). Returns (the named place's hex id, "") when its printed number is the one
    written; (the number, "") for a number with no name, for the caller to read as it reads a bare
    number; (None, why) when the name is a place printed in another hex; (None, "") when the value
    is not written so."""
    for rx in _NAMED_NUMBER:
        m = rx.fullmatch(value)
        if not m:
            continue
        num = m.group("n1") or m.groupdict().get("n2")
        name = (m.group("name") or m.groupdict().get("name2") or "").strip(" ,;:")
        if not num:
            return None, ""
        if norm(name) in ("", "hex"):
            return num, ""
        named = [(h, printed) for n, h, printed in places if norm(n) == norm(name)]
        here = sorted({h for h, printed in named if num in (h, printed)})
        if len(here) == 1:
            return here[0], ""
        where = sorted({h for h, _ in named})
        return None, (f"{name} is printed in {' and '.join(where)}, not in {num}" if where and not here else "")
    return None, ""


_ORDINALS = {"first": "1", "1st": "1", "one": "1", "second": "2", "2nd": "2", "two": "2", "third": "3", "3rd": "3",
             "three": "3"}
#: words a phase's name may carry or drop without naming another phase ("Action Impulse", "Phase";
#: "Axis Player Turn, Impulse 2, Movement Phase" as North Africa '41's 3.2 heads a player's phases
#: 「連合軍プレイヤー・ターン [Allied Player Turn]」, "the Axis player's Movement Phase in Impulse 2";
#: Operation Mercury's player segments, 3.2: "Movement Phase (German Player Segment)"): no kit has
#: two phases whose names differ by these alone
_PHASE_FILLER = frozenset({"phase", "action", "of", "the", "player", "s", "turn", "in", "during", "segment"})
#: the filler word that still says something: "During the Axis Movement Phase" is a position in the
#: middle of that phase (``at = "during"``), not at its end (:func:`says_during`)
_DURING = "during"
#: a word as a rulebook misprints it in a phase's name, and the word meant (Operation Mercury's
#: summary sequence of play, 3.2, prints "Port Rfit Phase")
_PHASE_MISPRINTS = {"rfit": "refit"}


_SEGMENT = re.compile(r"\b([a-z]+)\s+player\s+segment\b", re.IGNORECASE)


def segment_phase(value: str, candidates: Mapping[str, Iterable[str]]) -> str:
    """The one phase of ``candidates`` (id → its side's id and name) whose side is the player the
    name's segment names ("German" in "Combat Refusal Phase (German Player Segment)": Operation
    Mercury's 3.2 heads each player's phases so, and a phase's side is its segment's player, though
    the other side's units refuse or react in it); "" when none is named or not one phase fits."""
    m = _SEGMENT.search(value)
    if not m:
        return ""
    own = [i for i, names in candidates.items() if norm(m.group(1)) in {norm(n) for n in names}]
    return own[0] if len(own) == 1 else ""


def phase_words(value: str, names: Mapping[str, str]) -> list[str]:
    """The ids of the phases whose printed name has the same words as ``value``, in any order, with
    ordinals as numbers, misprints read as meant and the filler words (:data:`_PHASE_FILLER`)
    dropped: "Axis Movement Phase (Impulse 2)", "Impulse 2 Axis Movement", "2nd Action Impulse, Axis
    Movement Phase", "Axis Player Turn, Impulse 2, Movement Phase" for "Impulse 2: Axis Movement
    Phase"; Operation Mercury's "Movement Phase (German Player Segment)" for "German Movement
    Phase"."""
    def words(text: str) -> list[str]:
        out = [_ORDINALS.get(w, _PHASE_MISPRINTS.get(w, w)) for w in re.findall(r"[a-z0-9]+", text.casefold())]
        return sorted(w for w in out if w not in _PHASE_FILLER)
    want = words(value)
    return [i for i, n in names.items() if n and want and words(n) == want] if want else []


def says_during(value: str) -> bool:
    """Whether a phase's name as written holds the word "during" (dropped by :func:`phase_words`,
    but it puts the position in the middle of the phase)."""
    return _DURING in re.findall(r"[a-z0-9]+", value.casefold())
