"""The warning of pieces whose saved values differ from the module's (the binding's Marker
drift, ``FileBinding.warnings``) and the kit's (``SavedTypes.warnings``) are one formatter
(``saved_type.show_differences``): the first 8 kinds of piece shown, then how many more, an
empty value as ``(none)``, each value named by what it is compared with ("kit" or "module")."""
from __future__ import annotations

from types import SimpleNamespace

from vmodgen.binding.file import FileBinding
from vmodgen.binding.saved_type import SavedTypes, show_differences


def _drift(n: int) -> dict[str, tuple[tuple[str, str, str], ...]]:
    return {f"Unit {i}": (("attack", str(i), "7"), ("flags", "", "elite")) for i in range(n)}


def test_eight_shown_then_how_many_more():
    items = [(name, diffs, ()) for name, diffs in sorted(_drift(10).items())]
    text = show_differences(items, "module")
    assert text.startswith("Unit 0: attack 0 (module: 7), flags (none) (module: elite); Unit 1: ")
    assert text.count("Unit ") == 8 and text.endswith("; and 2 more")
    assert show_differences(items[:8], "kit").count("(kit: 7)") == 8
    assert "more" not in show_differences(items[:8], "kit")
    kept = show_differences([("A", [("steps", "x", "2")], ["steps"])], "kit")
    assert kept == "A: steps x (kit: 2) [kept at the module's value, not understood: steps]"


def test_binding_drift_warning():
    """Nine kinds of piece whose saved Marker values differ from the palette piece they were
    found by: one warning, 8 named ("module: ..."), "and 1 more"."""
    (w,) = FileBinding.warnings(SimpleNamespace(drifted=_drift(9)))
    assert w.startswith("9 kind(s) of piece in the files carry other Marker values than the module's palette")
    assert "judged as saved. Unit 0: attack 0 (module: 7), flags (none) (module: elite); " in w
    assert w.endswith("; and 1 more.") and "Unit 8" not in w
    assert FileBinding.warnings(SimpleNamespace(drifted={})) == []


def test_kit_difference_warning_hides_the_sourcing_note():
    """Units whose saved values differ from the kit: named "kit: ...", the ``illustrative`` note
    never shown, the properties kept at the module's value said."""
    st = SavedTypes()
    st.add({"differing": {"u1": ("3 Aufkl", (("movement", "3", "6"), ("illustrative", "yes", "")), ("steps",))}})
    (w,) = st.warnings("na41")
    assert w.endswith("judged as saved. 3 Aufkl: movement 3 (kit: 6) "
                      "[kept at the module's value, not understood: steps].")
    assert "illustrative" not in w
