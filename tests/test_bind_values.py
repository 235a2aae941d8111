"""``vmodgen bind --rules generic`` proposes unit values (vmodgen/binding/values.py): movement and
combat from piece names (Kassala's ``Moslem_Infantry_4-2_Turkish``: two numbers, so the starter
says it cannot tell which is movement), from a Marker property named like the value (the golden
module's ``attack``), from a text label, three numbers read as attack-defense-movement; a module
without such values (The Longest Day) gets none and is told to add them."""
from __future__ import annotations

import re
import tomllib

import pytest

from vmodgen.binding.pieces import Facts, SlotIndex, SlotInfo, resolve
from vmodgen.binding.spec import read_spec
from vmodgen.binding.starter import generic_starter
from vmodgen.binding.values import proposals
from vmodgen.vassal.module import read_module

from conftest import shared_path


def values_of(text: str, facts: Facts, tmp_path) -> dict[str, object]:
    """The movement / combat the binding ``text`` gives a piece with ``facts``."""
    p = tmp_path / "b.toml"
    p.write_text(text, encoding="utf-8")
    attrs, _ = resolve(read_spec(p).classes, facts)
    return {k: attrs[k] for k in ("movement", "combat") if k in attrs}


def test_kassala_values_from_piece_names(tmp_path):
    """Kassala's pieces are named Side_Type_C-M_Nation (the rules' counter anatomy: combat lower
    left, movement lower right; infantry 2, cavalry 3, cannon 0). The starter proposes movement =
    the second number and combat = the first, says it cannot tell which is movement, and lists
    that as not inferred. Every palette piece gets its own values."""
    module = read_module(shared_path("corpus", "kassala_Kassala.vmod"))
    st = generic_starter(module)
    text = st.text
    assert "the starter CANNOT TELL which is movement: it took the second as movement" in text.replace("\n# ", " ")
    assert "36 unit piece(s) carry two numbers in the piece names (e.g. 'Moslem_Infantry_3-2_Nubian')" in text
    assert any("which of the two numbers in the piece names is movement" in m for m in st.missing)
    assert "movement from the piece names (3 class(es), a guess)" in st.inferred
    data = tomllib.loads(text)
    assert sorted(c["movement"] for c in data["class"] if "movement" in c) == [0, 2, 3]
    assert sorted(c["combat"] for c in data["class"] if "combat" in c) == [1, 2, 3, 4]
    expected = {"Infantry": 2, "Cavalry": 3, "Cannon": 0}
    slots = SlotIndex(module).slots
    assert len(slots) == 36
    for s in slots:
        m = re.search(r"_(Infantry|Cavalry|Cannon)_(\d)-(\d)", s.facts.name)
        assert m is not None, s.facts.name
        kind, combat, move = m.group(1), int(m.group(2)), int(m.group(3))
        assert move == expected[kind]
        assert values_of(text, s.facts, tmp_path) == {"movement": move, "combat": combat}, s.facts.name


def test_golden_attack_property_is_combat(tmp_path):
    """The golden module (VASSAL 3.8 traits) has a Marker property ``attack`` (4, 6, 5) and no
    movement anywhere: combat classes from the property; movement is missing and the starter
    says so."""
    module = read_module(shared_path("golden", "vassal-3.8", "traits-minimal.vmod"))
    st = generic_starter(module)
    data = tomllib.loads(st.text)
    got = [(c["property"], c["combat"]) for c in data["class"] if "combat" in c]
    assert got == [({"attack": "^4$"}, 4), ({"attack": "^5$"}, 5), ({"attack": "^6$"}, 6)]
    assert not any("movement" in c for c in data["class"])
    assert "# No movement allowance found in the piece names" in st.text
    assert any("movement allowance" in m for m in st.missing)
    for s in SlotIndex(module).slots:
        assert values_of(st.text, s.facts, tmp_path) == {"combat": int(s.facts.properties["attack"])}


def test_tld_has_no_values():
    """The Longest Day's pieces are named by unit (``1/327/101``) with no values: nothing is
    proposed, and the starter asks for a movement allowance."""
    st = generic_starter(read_module(shared_path("corpus", "tld_buildFile-only_stripped.vmod")))
    data = tomllib.loads(st.text)
    assert not any("movement" in c or "combat" in c for c in data["class"])
    assert "# No movement allowance found" in st.text


def slot(name: str, **props: str) -> SlotInfo:
    return SlotInfo(None, Facts(name, dict(props), [], []))  # type: ignore[arg-type]


def classes_text(slots: list[SlotInfo]) -> str:
    lines = ['format = 1\nrules = "generic"\n[[side]]\nid = "a"\n[[side]]\nid = "b"\n[map]\nmaps = ["M"]\n']
    for p in proposals(slots):
        for name, attrs in p.classes:
            lines.append("[[class]]\n" + f'name = "{name}"\n' + "\n".join(attrs) + "\n")
    return "\n".join(lines)


def test_three_numbers_are_attack_defense_movement(tmp_path):
    """``4-4-6 Inf``, ``[2]-3-4 Art`` (a bracketed value), ``1-1-8 Recon``: movement = the third,
    combat = the first, no doubt raised; a two-number name in the same palette is read apart,
    and a name with four-digit numbers (``1941-42``) or two groups is not read."""
    slots = [slot("4-4-6 Inf"), slot("2-2-6 Inf"), slot("[2]-3-4 Art"), slot("1-1-8 Recon"), slot("Division 1941-42"),
             slot("3-4 vs 2-2")]
    props = proposals(slots)
    assert [p.field for p in props] == ["movement", "combat"] and props[0].doubt is None
    assert "three numbers" in " ".join(props[0].comment) and "attack-defense-movement" in " ".join(props[0].comment)
    text = classes_text(slots)
    want = {"4-4-6 Inf": (6, 4), "2-2-6 Inf": (6, 2), "[2]-3-4 Art": (4, 2), "1-1-8 Recon": (8, 1),
            "Division 1941-42": None, "3-4 vs 2-2": None}
    for s in slots:
        got = values_of(text, s.facts, tmp_path)
        w = want[s.facts.name]
        assert got == ({} if w is None else {"movement": w[0], "combat": w[1]}), s.facts.name


def test_two_numbers_say_they_are_a_guess():
    props = proposals([slot("Inf 3-5"), slot("Cav 2-8")])
    assert props[0].field == "movement" and props[0].doubt and "CANNOT TELL" in " ".join(props[0].comment)
    assert props[1].field == "combat" and props[1].doubt is None


def test_text_label_and_property(tmp_path):
    """A value carried by a text label (Labeler property ``TextLabel``) is matched on that
    property; a Marker property ``MF`` wins over numbers in names for movement; an unevaluated
    expression (``$x$``) is not read; one piece of three alone proposes nothing."""
    labelled = [slot("Unit A", TextLabel="3-5"), slot("Unit B", TextLabel="2-4"), slot("Unit C", TextLabel="$lbl$")]
    text = classes_text(labelled)
    assert "property = { TextLabel = " in text
    assert values_of(text, labelled[0].facts, tmp_path) == {"movement": 5, "combat": 3}
    assert values_of(text, labelled[2].facts, tmp_path) == {}
    marked = [slot("Inf 3-5", MF="4"), slot("Cav 2-8", MF="7")]
    props = proposals(marked)
    assert [(p.field, p.where) for p in props] == [("movement", "the Marker property 'MF'"),
                                                  ("combat", "the piece names")]
    assert " ".join(props[1].comment) == ("# combat: the first of the 2 numbers in the piece names (e.g. 'Inf 3-5'), "
                                          "a guess to confirm against # a counter.")
    text = classes_text(marked)
    assert values_of(text, marked[1].facts, tmp_path) == {"movement": 7, "combat": 2}
    assert proposals([slot("Inf 3-5"), slot("HQ"), slot("Supply")]) == []


@pytest.mark.parametrize("bad", ["movement = -1", 'movement = "two"', "combat = -2"])
def test_bad_value_refused(tmp_path, bad):
    p = tmp_path / "b.toml"
    p.write_text(classes_text([]) + f'[[class]]\nname = "x"\npiece = "x"\n{bad}\n', encoding="utf-8")
    from vmodgen.errors import InputError
    with pytest.raises(InputError) as e:
        read_spec(p)
    assert ":" in str(e.value)
