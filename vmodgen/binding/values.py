"""The unit values a starter binding proposes (``vmodgen bind --rules generic``): a unit's
movement allowance, and its combat strength where the module shows one, read from

* a property (of a Marker, a Dynamic Property...) named like the value (``MF``, ``Movement``,
  ``attack``...), named in the comments as VASSAL's editor names its trait (:mod:`.trait_names`), or
* the numbers a piece's name or text label (Labeler trait) carries: ``Infantry_4-2``,
  ``4-4-6 Inf``, ``[2]-4``: three numbers are attack-defense-movement, the order counters print;
  with two the starter cannot tell which is movement and says so (it takes the second, as in
  combat-movement, the commoner order).

The binding format gives a class one value, so a value becomes one ``[[class]]`` per number seen
(``piece = '(?<![\\d.-])\\d+-2(?![\\d.-])'``, ``movement = 2``): every class matches palette pieces,
and a piece whose name changes in play (a reduced side) is matched by its name of the moment.
Every proposal is a guess, and the comment above its classes says where it was found.
"""
from __future__ import annotations

import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field as dc_field
from typing import Callable

from .pieces import Facts, SlotInfo
from .tomltext import one_line, q, toml_key
from .trait_names import property_words

#: the trait a property key is read from, by VASSAL's editor name (``Marker``, ``Dynamic Property``)
TraitOf = Callable[[str], str]

#: property names (lower case, letters only) that hold a movement allowance / a combat strength
MOVEMENT_KEYS = frozenset({"movement", "move", "moves", "mp", "ma", "mf", "movementallowance", "movementfactor",
                           "movementpoints", "speed"})
COMBAT_KEYS = frozenset({"combat", "attack", "strength", "cf", "af", "combatfactor", "combatstrength",
                         "attackfactor", "attackstrength"})
#: what each value is, in comments
MEANING = {"movement": "movement allowance", "combat": "combat strength"}
#: a number as counters print it in a name, maybe bracketed (``[2]``: a value printed in a box)
_NUM = r"[\[(]?\d{1,2}[\])]?"
#: two or three numbers joined by hyphens, not part of a longer run of numbers
VALUES = re.compile(rf"(?<![\d.\-])({_NUM}(?:-{_NUM}){{1,2}})(?![\d.\-])")
#: text a value is not read from: expressions VASSAL evaluates in play
_EXPRESSION = re.compile(r"\$\w+\$|\{.*\}")
#: fewest unit pieces that must show a value before the starter proposes it
MIN_PIECES = 2


@dataclass
class Proposal:
    """Classes giving ``field`` to pieces, the comment saying where the values come from, and
    what the user must confirm (``doubt``: None when only the usual check is needed)."""
    field: str
    where: str
    comment: list[str]
    classes: list[tuple[str, list[str]]] = dc_field(default_factory=list)
    doubt: str | None = None
    #: where a piece shows the value: ("property", key), ("name", None) or ("label", key)
    source: tuple[str, str | None] = ("name", None)

    def shown_by(self, f: Facts) -> bool:
        """Whether the piece ``f`` shows this value where the proposal reads it."""
        how, key = self.source
        if how == "property":
            return bool(re.fullmatch(r"\d+", f.properties.get(key or "", "").strip()))
        return _numbers(_text(f) if how == "name" else f.properties.get(key or "", "")) is not None


def comment(text: str, width: int = 100) -> list[str]:
    """``text`` as TOML comment lines of at most ``width`` characters."""
    return ["# " + line for line in textwrap.wrap(text, width - 2, break_long_words=False, break_on_hyphens=False)]


def _key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _text(f: Facts) -> str:
    """The text a ``piece`` pattern is searched in (:meth:`Matcher.matches`)."""
    return f.name if f.name else f.display


def _label_keys(slots: list[SlotInfo]) -> list[str]:
    """Properties holding a text label's text (the Labeler trait's property, ``TextLabel`` by default)."""
    keys = {k for s in slots for k in s.facts.properties if "label" in k.lower()}
    return sorted(keys)


def _numbers(text: str) -> list[int] | None:
    """The numbers of the one value group in ``text`` (None: none, several, or an expression)."""
    if not text or _EXPRESSION.search(text):
        return None
    found = VALUES.findall(text)
    if len(found) != 1:
        return None
    return [int(re.sub(r"\D", "", n)) for n in found[0].split("-")]


def property_proposals(slots: list[SlotInfo], trait_of: TraitOf = lambda key: "Marker") -> list[Proposal]:
    """Movement / combat from properties named like them (whole numbers only); ``trait_of``
    names the trait a key is read from."""
    out = []
    for fld, names in (("movement", MOVEMENT_KEYS), ("combat", COMBAT_KEYS)):
        per_key: dict[str, Counter] = {}
        for s in slots:
            for k, v in s.facts.properties.items():
                if _key(k) in names and re.fullmatch(r"\d+", v.strip()):
                    per_key.setdefault(k, Counter())[int(v)] += 1
        if not per_key:
            continue
        key, values = max(per_key.items(), key=lambda kv: (sum(kv[1].values()), kv[0]))
        n = sum(values.values())
        if n < MIN_PIECES and n < len(slots):
            continue
        trait = trait_of(key)
        p = Proposal(fld, f"the {property_words(trait, key)}",
                     comment(f"{fld}: the {property_words(trait, key)} of {n} unit piece(s) (a guess from its "
                             f"name: check that it is the {MEANING[fld]})"), source=("property", key))
        for v in sorted(values):
            p.classes.append((f"{fld} {v} ({property_words(trait, key, quoted=False)})",
                              [f"property = {{ {toml_key(key)} = {q('^' + str(v) + '$')} }}", f"{fld} = {v}"]))
        out.append(p)
    return out


def _pattern(n: int, at: int, value: int, brackets: bool) -> str:
    """A regex finding ``n`` hyphen-joined numbers whose ``at``-th (from 0) is ``value``."""
    any_num, this = (r"[\[(]?\d+[\])]?", rf"[\[(]?{value}[\])]?") if brackets else (r"\d+", str(value))
    body = "-".join(this if i == at else any_num for i in range(n))
    return rf"(?<![\d.-]){body}(?![\d.-])"


def name_proposals(slots: list[SlotInfo], skip: set[str]) -> list[Proposal]:
    """Movement and combat from the numbers in piece names or text labels (fields in ``skip``
    are given already, by a property)."""
    sources: list[tuple[str, str | None]] = [("name", None)] + [("label", k) for k in _label_keys(slots)]
    for _, key in sources:
        groups: dict[int, list[tuple[list[int], str, bool]]] = {}
        for s in slots:
            text = _text(s.facts) if key is None else s.facts.properties.get(key, "")
            nums = _numbers(text)
            if nums is not None:
                groups.setdefault(len(nums), []).append((nums, text, "[" in text or "(" in text))
        found = {n: g for n, g in groups.items() if len(g) >= MIN_PIECES or len(g) == len(slots)}
        if found:
            return _from_groups(found, key, skip)
    return []


def _from_groups(groups: dict[int, list[tuple[list[int], str, bool]]], key: str | None,
                 skip: set[str]) -> list[Proposal]:
    out: dict[str, Proposal] = {}
    where = "the piece names" if key is None else f"the text label (property '{key}')"
    for n in sorted(groups):
        g = groups[n]
        brackets = any(b for _, _, b in g)
        plain = [text for nums, text, _ in g if all(nums)] or [text for _, text, _ in g]
        example = one_line(Counter(plain).most_common(1)[0][0])      # a typical name, no 0 in it
        if n == 3:
            how = (f"{len(g)} unit piece(s) carry three numbers in {where} (e.g. '{example}'): taken as "
                   "attack-defense-movement, the order most counters print (the third = movement, the first = "
                   "combat); a guess to confirm against a counter.")
            doubt = None
        else:
            how = (f"{len(g)} unit piece(s) carry two numbers in {where} (e.g. '{example}'). With two numbers "
                   "the starter CANNOT TELL which is movement: it took the second as movement and the first as "
                   "combat (combat-movement, the commoner order). Check a counter or the rules' counter anatomy; "
                   "if the first is movement, swap the two fields in these classes.")
            doubt = (f"which of the two numbers in {where} is movement (e.g. '{example}'; the starter took the "
                     "second: confirm)")
        for fld, at in (("movement", n - 1), ("combat", 0)):
            if fld in skip:
                continue
            p = out.setdefault(fld, Proposal(fld, where, [], source=("name", None) if key is None else ("label", key)))
            if fld == "movement":
                p.comment += comment(how)
            elif "movement" in skip:       # movement comes from a property: say what combat is on its own
                p.comment += comment(f"combat: the first of the {n} numbers in {where} (e.g. '{example}'), a "
                                     "guess to confirm against a counter.")
            else:
                p.comment.append(f"# combat: the first of the {n} numbers (see movement)")
            if doubt and p.doubt is None and fld == "movement":
                p.doubt = doubt
            for v in sorted({nums[at] for nums, _, _ in g}):
                pat = _pattern(n, at, v, brackets)
                match = f"piece = {q(pat)}" if key is None else f"property = {{ {toml_key(key)} = {q(pat)} }}"
                p.classes.append((f"{fld} {v} (number {at + 1} of {n} in {'the name' if key is None else 'the label'}"
                                  f"{': a guess' if n == 2 else ''})", [match, f"{fld} = {v}"]))
    return [out[f] for f in ("movement", "combat") if f in out]


def proposals(slots: list[SlotInfo], trait_of: TraitOf = lambda key: "Marker") -> list[Proposal]:
    """Every value the starter proposes for the unit pieces ``slots`` (``trait_of``: as in
    :func:`property_proposals`)."""
    props = property_proposals(slots, trait_of)
    return props + name_proposals(slots, {p.field for p in props})
