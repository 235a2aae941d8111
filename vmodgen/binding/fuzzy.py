"""Loose name matching for ``vmodgen bind``: case, punctuation, word order of unit numbers and
the usual unit abbreviations (``Inf`` = ``Infantry``, ``Pz`` = ``Panzer``, ``Bn`` = ``Battalion``...)
do not matter; side words match their nationalities (``American`` → Allies)."""
from __future__ import annotations

import re

#: abbreviation → the word it stands for (both sides normalised to the long word)
ABBREVIATIONS = {
    "inf": "infantry", "infy": "infantry", "arm": "armored", "armd": "armored", "armour": "armored",
    "armoured": "armored", "armor": "armored", "pz": "panzer", "pzgr": "panzergrenadier",
    "pg": "panzergrenadier", "abn": "airborne", "para": "parachute", "fj": "parachute",
    "fs": "parachute", "bn": "battalion", "btn": "battalion", "bde": "brigade", "brig": "brigade",
    "rgt": "regiment", "regt": "regiment", "reg": "regiment", "div": "division", "coy": "company",
    "co": "company", "cav": "cavalry", "art": "artillery", "arty": "artillery", "hq": "headquarters",
    "mech": "mechanized", "mot": "motorized", "recce": "reconnaissance", "rcn": "reconnaissance",
    "rec": "reconnaissance", "gds": "guards", "gd": "guards", "eng": "engineer", "engr": "engineer",
    "aa": "antiaircraft", "flak": "antiaircraft", "at": "antitank", "pak": "antitank", "mg": "machinegun",
    "lt": "light", "hvy": "heavy", "hv": "heavy", "sp": "selfpropelled", "tk": "tank", "tks": "tank",
    "tanks": "tank", "corps": "corps", "gren": "grenadier", "mtn": "mountain", "geb": "mountain",
    "cdo": "commando", "res": "reserve", "grp": "group", "kg": "kampfgruppe", "it": "italian",
    "ital": "italian", "ger": "german", "brit": "british", "aus": "australian", "nz": "newzealand",
    "ind": "indian", "sa": "southafrican", "us": "american", "usa": "american", "uk": "british",
    "fr": "french", "pol": "polish", "can": "canadian",
}
_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)\b")

#: nationality words → the side words they belong to (for side names such as Allies / Axis)
NATIONS = {
    "allied": ("american", "british", "canadian", "french", "polish", "australian", "newzealand", "indian",
               "southafrican", "soviet", "russian", "greek", "dutch", "belgian", "norwegian", "commonwealth",
               "us", "uk", "free"),
    "axis": ("german", "italian", "japanese", "hungarian", "romanian", "finnish", "bulgarian", "vichy"),
}


def words(text: str) -> list[str]:
    """The normalised words of a name: lower case, ordinals dropped, abbreviations expanded."""
    text = _ORDINAL.sub(r"\1", text.lower())
    out = []
    for w in re.findall(r"[a-z]+|\d+", text):
        out.append(ABBREVIATIONS.get(w, w))
    return out


def key(text: str) -> str:
    """A matching key: normalised words in order, no separators."""
    return "".join(words(text))


def bag(text: str) -> tuple[str, ...]:
    """The normalised words sorted (order-free matching)."""
    return tuple(sorted(words(text)))


def side_word(text: str) -> str:
    """A side name reduced to its stem (``Germans`` → ``german``, ``Allies`` → ``allied``)."""
    w = "".join(words(text))
    for suffix, repl in (("ies", "ied"), ("s", "")):
        if w.endswith(suffix) and len(w) > 3:
            return w[: -len(suffix)] + repl
    return w


#: endings that make a people's word of a country's name (China → Chinese, Italy → Italian,
#: Russia → Russian, Israel → Israeli, Vietnam → Vietnamese)
DEMONYM_ENDINGS = ("ese", "ian", "an", "n", "i", "ish")


def _root(word: str) -> str:
    """A country name without its last vowel or ``y`` (``china`` → ``chin``)."""
    return word[:-1] if word[-1:] in ("a", "e", "y") else word


def is_demonym(word: str, country: str) -> bool:
    """Whether ``word`` is the people's word of ``country`` (both normalised words): its root
    (four letters at least) and a demonym ending, or the root itself for a name ending in ``y``
    (Germany → German)."""
    root = _root(country)
    if len(root) < 4 or not word.startswith(root) or word == country:
        return False
    rest = word[len(root):]
    return rest in DEMONYM_ENDINGS or (rest == "" and country.endswith("y"))


def _extends(word: str, stem: str) -> bool:
    """``word`` is ``stem`` (four letters at least) with a short ending (``Brit`` → ``British``,
    ``Confederate`` → ``Confederates``), not another word that begins with it (For the People's
    town folders ``Uniontown`` and ``Unionville`` are no Union folders)."""
    return len(stem) >= 4 and word.startswith(stem) and len(word) - len(stem) <= 3


def names_side(text: str, side_name: str) -> bool:
    """Whether a name says ``side_name`` by its own words (``French Leaders`` → French)."""
    sw = side_word(side_name)
    if not sw:
        return False
    text_words = words(text)
    side_words = words(side_name)
    if any(w.isdigit() for w in side_words):
        # ``Side 2`` does not name ``Side1``: the number tells the sides apart, so the side's
        # words must stand in the text in a row, each number as it is
        n = len(side_words)
        return any(all(a == b if b.isdigit() else (not a.isdigit() and _word_names(a, b))
                       for a, b in zip(text_words[i:i + n], side_words))
                   for i in range(len(text_words) - n + 1))
    for w in text_words:
        stem = side_word(w)
        if stem == sw or _extends(stem, sw) or _extends(sw, stem):
            return True
        if is_demonym(stem, sw) or is_demonym(sw, stem):
            return True
    return False


def _word_names(word: str, side_word_: str) -> bool:
    """Whether one word of a name is one word of a side's name (stems, plurals, people's words)."""
    a, b = side_word(word), side_word(side_word_)
    return a == b or (len(b) >= 4 and a.startswith(b)) or is_demonym(a, b) or is_demonym(b, a)


def side_of(text: str, sides: list[str]) -> str | None:
    """The side a folder/property/piece name belongs to: the first side it names by its own
    words, before any side one of its nationality words belongs to (with the sides Allies and
    French, ``French`` is the French side, not one of the Allies' nations); None when it names
    no side, or when only nationalities match and they match several."""
    named = [s for s in sides if names_side(text, s)]
    if named:
        return named[0]
    grouped = [s for s in sides if matches_side(text, s)]
    return grouped[0] if len(grouped) == 1 else None


def matches_side(text: str, side_name: str) -> bool:
    """Whether a folder/property/piece name says it belongs to ``side_name``: by its own words
    or by a nationality of the side (``American`` → Allies); :func:`side_of` picks among sides."""
    sw = side_word(side_name)
    if not sw:
        return False
    if names_side(text, side_name):
        return True
    ws = words(text)
    for group, nations in NATIONS.items():
        if sw.startswith(group[:4]) and any(w in nations for w in ws):
            return True
    if sw.startswith("german") and "german" in ws:
        return True
    return False


def best_match(name: str, candidates: dict[str, str]) -> str | None:
    """The candidate id (``candidates``: id → name) whose id or name matches ``name``: exact key
    first, then the same words in any order; None when nothing or more than one matches."""
    k, b = key(name), bag(name)
    if not k:
        return None
    exact = [cid for cid, cname in candidates.items() if key(cid) == k or key(cname) == k]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        return None
    loose = [cid for cid, cname in candidates.items() if bag(cid) == b or bag(cname) == b]
    return loose[0] if len(loose) == 1 else None
