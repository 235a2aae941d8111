"""Replace With in integrity: VASSAL's ``Replace.replacePiece`` (3.7.26 and 3.8.0-beta1) is one
key command, one step: ``PlaceMarker.placeMarker`` adds the new piece where the old stands, then
``RemovePiece`` takes the old one off. Integrity lists it as a replacement (which piece became
which, by whom, at which step), not as an add and a remove."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jsonschema import Draft202012Validator

from vmodgen.integrity.facts import FileFacts, put_back, put_back_items, replacements
from vmodgen.integrity.render import _pieces_html, _pieces_text
from vmodgen.integrity.section import integrity_section

from conftest import ROOT


def _item(step: int, what: str, pid: str, name: str, player: str = "Alice") -> dict:
    return {"step": step, "player": player, "what": what, "id": pid, "name": name}


def test_one_step_adding_and_removing_is_a_replacement() -> None:
    items = [_item(1, "added", "n1", "5 Roman CU"),              # a Clone: added only
             _item(2, "removed", "o2", "8 Roman CU"),            # a Delete: removed only
             _item(3, "added", "n3", "Carthaginian PC"), _item(3, "removed", "o3", "Roman PC")]
    replaced, rest = replacements(items)
    assert replaced == [{"step": 3, "player": "Alice", "old_id": "o3", "old_name": "Roman PC",
                         "new_id": "n3", "new_name": "Carthaginian PC"}]
    assert [p["id"] for p in rest] == ["n1", "o2"]


def test_a_global_key_command_replacing_two_pairs_them_in_order() -> None:
    items = [_item(4, "added", "a", "Move"), _item(4, "added", "b", "Move"),
             _item(4, "removed", "x", "Attack"), _item(4, "removed", "y", "Attack")]
    replaced, rest = replacements(items)
    assert [(r["old_id"], r["new_id"]) for r in replaced] == [("x", "a"), ("y", "b")] and rest == []


def test_unequal_counts_replace_nothing() -> None:
    """Two clones and one delete in one step are no replacement: each stays an add or a remove."""
    items = [_item(5, "added", "a", "CU"), _item(5, "added", "b", "CU"), _item(5, "removed", "x", "CU")]
    replaced, rest = replacements(items)
    assert replaced == [] and rest == items


def test_a_piece_added_and_removed_in_one_step_replaced_nothing() -> None:
    """A piece a step put down and took off again is no replacement of itself, also when its
    listed id is withheld (a concealed piece: read by its own id, ``_pid``)."""
    items = [_item(1, "added", "9", "Flash Card"), _item(1, "removed", "9", "Flash Card"),
             {**_item(2, "added", "", "(masked)"), "_pid": "10"}, {**_item(2, "removed", "", "(masked)"), "_pid": "10"}]
    replaced, rest = replacements(items)
    assert replaced == [] and rest == items
    # beside a real replacement in the same step: only the other two pair
    items = [_item(3, "added", "t", "Marker"), _item(3, "added", "n", "Move"), _item(3, "removed", "t", "Marker"),
             _item(3, "removed", "o", "Attack")]
    replaced, rest = replacements(items)
    assert [(r["old_id"], r["new_id"]) for r in replaced] == [("o", "n")] and [p["id"] for p in rest] == ["t", "t"]


def test_a_replaced_unit_is_no_unit_put_back() -> None:
    """A unit replaced by a piece of its own name (a step loss by Replace With) is not 'removed
    and brought back': the replacement takes both pieces out of the add/remove list."""
    items = [_item(6, "added", "n", "Tiger"), _item(6, "removed", "o", "Tiger")]
    replaced, rest = replacements(items)
    assert len(replaced) == 1 and put_back(rest, {"o": "german", "n": "german"}) == []


def test_a_unit_replaced_by_another_piece_then_added_back_is_put_back() -> None:
    """Step 6: Alice replaces the Tiger (o) with a wreck marker (w: Replace With, another name);
    step 9: she adds a Tiger (n) from the palette: the Tiger was eliminated and brought back
    (before: the replacement took the removal out of what put_back reads, so it went unflagged).
    A step loss by Replace With (a piece of the same name) followed by an addition stays
    unflagged; the replacement is still listed as one, not as an add and a remove."""
    items = [_item(6, "added", "w", "Wreck"), _item(6, "removed", "o", "Tiger"), _item(9, "added", "n", "Tiger")]
    replaced, rest = replacements(items)
    assert [(r["old_id"], r["new_id"]) for r in replaced] == [("o", "w")] and [p["id"] for p in rest] == ["n"]
    got = put_back(put_back_items(items), {"o": "german", "n": "german"})
    assert [(p["name"], p["removed_step"], p["removed_id"], p["added_step"], p["added_id"]) for p in got] == [
        ("Tiger", 6, "o", 9, "n")]
    same = [_item(6, "added", "r", "Tiger"), _item(6, "removed", "o", "Tiger"), _item(9, "added", "n", "Tiger")]
    assert put_back(put_back_items(same), {"o": "german", "r": "german", "n": "german"}) == []


def _pieces_schema() -> dict:
    """The schema of the integrity section's ``pieces`` (docs/audit-report.schema.json)."""
    def find(o):
        if isinstance(o, dict):
            if isinstance(o.get("properties"), dict) and "put_back" in o["properties"]:
                return o
            o = list(o.values())
        if isinstance(o, list):
            for v in o:
                got = find(v)
                if got is not None:
                    return got
        return None
    return find(json.loads((ROOT / "docs" / "audit-report.schema.json").read_text(encoding="utf-8")))


def test_the_section_text_html_and_schema() -> None:
    """A file with a Clone (step 1) and a Replace With (step 3): the section counts 1 added, 0
    removed, 1 replaced; the text says who replaced which piece with which at which step."""
    facts = FileFacts("a.vlog")
    facts.replaced, facts.pieces_changed = replacements(
        [_item(1, "added", "n1", "5 Roman CU"), _item(3, "added", "n3", "Carthaginian PC"),
         _item(3, "removed", "o3", "Roman PC")])
    pieces = integrity_section([facts])["pieces"]
    assert (pieces["added"], pieces["removed"], len(pieces["replaced"])) == (1, 0, 1)
    assert list(Draft202012Validator(_pieces_schema()).iter_errors(pieces)) == []
    text = _pieces_text(pieces)
    assert text[0].startswith("  pieces: 1 added, 0 removed, 1 replaced")
    assert "a.vlog:3 Alice replaced Roman PC (o3) with Carthaginian PC (n3)" in text[1]
    assert "1 replaced" in _pieces_html(pieces) and "replaced Roman PC (o3) with Carthaginian PC (n3)" in _pieces_html(pieces)
    only = FileFacts("b.vlog")
    only.replaced, only.pieces_changed = replacements([_item(2, "added", "n", "Move"), _item(2, "removed", "o", "Attack")])
    section = integrity_section([only])
    assert section["pieces"]["items"] == [] and len(section["pieces"]["replaced"]) == 1   # listed though nothing else was


HV = Path(os.environ.get("VMODGEN_HANNIBAL_REC", "/nonexistent"))


@pytest.mark.skipif(not (HV / "hannibal.vmod").is_file(),
                    reason="Hannibal's module and logs are not in the repository: make them with "
                           "examples/hannibal/recording/record.sh DIR and set VMODGEN_HANNIBAL_REC=DIR")
@pytest.mark.parametrize("log", ["hv-1-37.vlog", "hv-1-38.vlog"])
def test_hannibal_replace_with_in_real_vassal(log: str) -> None:
    """hv-1 (Alice, Rome): step 3 Replace With the Roman PC at Carales (Ctrl+F, "Flip to Carthage
    PC"), steps 4 and 5 two Neutral Tribes (Ctrl+F to a Carthaginian PC, Ctrl+G to a Roman PC);
    step 1 a Clone and step 2 a Delete stay an add and a remove."""
    r = subprocess.run([sys.executable, "-m", "vmodgen", "integrity", str(HV / log), "--module",
                        str(HV / "hannibal.vmod"), "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode in (0, 1), r.stderr
    pieces = json.loads(r.stdout)["integrity"]["pieces"]
    got = [(p["step"], p["player"], p["old_name"], p["new_name"]) for p in pieces["replaced"]]
    assert got == [(3, "Alice", "Roman PC", "Carthaginian PC"), (4, "Alice", "Neutral Tribe", "Carthaginian PC"),
                   (5, "Alice", "Neutral Tribe", "Roman PC")]
    assert (pieces["added"], pieces["removed"]) == (1, 1)


def test_file_facts_flags_a_renamed_replacement_added_back(monkeypatch) -> None:
    """The same through :func:`file_facts` (the wiring: put_back reads the replaced old piece of
    another name as a removal): step 1 replaces unit o (Tiger) with w (Wreck) in one step, step 2
    adds n (Tiger) from the palette. Listed as 1 replacement and 1 addition, and as put back."""
    from types import SimpleNamespace

    from vmodgen.integrity import facts as facts_mod

    label = {"o": "Tiger", "w": "Wreck", "n": "Tiger"}

    def named(items, names):
        for it in items:
            it["name"] = label[it["id"]]
    monkeypatch.setattr(facts_mod, "_name_pieces", named)

    def step(k, created=(), deleted=()):
        return SimpleNamespace(index=k, player="Alice", chat_text=[], created=list(created), deleted=list(deleted),
                               changes=[], moves=[], command=None, undone_by=None, undoes=(), undo=False,
                               inverse_of=None)
    save = SimpleNamespace(path="a.vlog", module_name="m", module_version="1", vassal_version="3.7.26",
                           savedata=None, tree=SimpleNamespace(subs=[SimpleNamespace(text="end_save", subs=[])],
                                                               text=""))
    got = facts_mod.file_facts(save, [step(1, ["w"], ["o"]), step(2, ["n"])], unit_sides={"o": "german", "n": "german"})
    assert [(r["old_id"], r["new_id"]) for r in got.replaced] == [("o", "w")]
    assert [(p["what"], p["id"]) for p in got.pieces_changed] == [("added", "n")]
    assert [(p["removed_id"], p["added_id"]) for p in got.put_back] == [("o", "n")]
    assert all("_pid" not in p for p in got.pieces_changed)
