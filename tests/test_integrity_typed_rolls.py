"""Rolls typed in chat (``vmodgen.integrity.facts.typed_roll``, ``section._typed``): a target, a
need, a count of dice or of hits claims no roll; a claim is compared with every dice-button roll
(not undone) since the claim before it, by its values or their total; a claim no button roll
gives is listed to check, and flagged only when no button was rolled at all since the claim
before it. Logs written with the log writer against the minikit of ``test_audit``."""
from __future__ import annotations

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def _integrity(mini, name: str, lines: list) -> tuple[dict, str]:
    """A log of ``lines``: a str is typed by Alice, (dice, values) a button roll, "undo" an Undo."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-typed")
    for line in lines:
        if line == "undo":
            w.undo()
        elif isinstance(line, str):
            w.chat(line)
        else:
            w.roll(*line)
    r = audit([w.write(root / f"{name}.vlog")], module=module, game=str(kit_dir))
    return r.integrity, render(r, "text")


def _typed_flags(sec: dict) -> list[str]:
    return [f for f in sec["flags"] if "typed '" in f]


def test_chat_about_rolls_is_no_claim(mini):
    """The four lines a reviewer found flagged as false typed rolls, after a 1d6 = 3: a need
    ("a roll of 5 or less"), a roll with its modifier ("rolled 4 +1 DRM = 5": claims the 4, no
    button rolled it), a count of dice ("2d6"), a count of hits. Before: four flags, each read as
    "a roll typed in chat is not a roll VASSAL made". Now: no flag; only the 4 is a claim, listed
    to check."""
    sec, text = _integrity(mini, "chat", [("1d6", [3]), "I need a roll of 5 or less", "rolled 4 +1 DRM = 5",
                                          "next turn I attack and I rolled 2d6", "Attacker rolled 2 hits"])
    assert _typed_flags(sec) == []
    typed = sec["dice"]["typed"]
    assert [(t["text"], t["values"], t["matches"]) for t in typed] == [("rolled 4 +1 DRM = 5", [4], False)]
    assert "check it" in text


def test_a_claim_matches_any_roll_since_the_claim_before(mini):
    """A real-looking exchange: Alice rolls 2d6 = 5,6 and 1d6 = 2 (two combats), then types "I
    rolled 11 on the first, 2 on the second": the claim (11) is the total of the first roll, not
    the last one. Before: compared with the last roll only (1d6 = 2), a flag. Now: it repeats the
    2d6 roll; then "rolled 2 for the second" repeats the 1d6 (still in the window: no claim
    matched it)."""
    sec, _ = _integrity(mini, "window", [("2d6", [5, 6]), ("1d6", [2]), "I rolled 11 on the first, 2 on the second",
                                         "rolled 2 for the second"])
    assert _typed_flags(sec) == []
    got = [(t["values"], t["matches"], t["button_roll"]["button"]) for t in sec["dice"]["typed"]]
    assert got == [([11], True, "2d6"), ([2], True, "1d6")]


def test_a_typed_roll_with_no_button_roll_since_is_flagged(mini):
    """Alice rolls 1d6 = 4 and says "I rolled 4" (it repeats it); later she types "I rolled 6"
    with no button rolled since (and the only one before was undone: no roll stands): that claim
    is unambiguous, flagged. A claim about an undone roll is no repeat of it."""
    sec, _ = _integrity(mini, "flagged", [("1d6", [4]), "I rolled 4", ("1d6", [1]), "undo", "I rolled 6"])
    typed = sec["dice"]["typed"]
    assert [(t["values"], t["matches"]) for t in typed] == [([4], True), ([6], False)]
    (flag,) = _typed_flags(sec)
    assert "typed 'I rolled 6' (no dice-button roll since the claim before it)" in flag


def test_a_label_before_a_bare_value_is_no_claim_of_a_roll(mini):
    """Alice rolls 1d6 = 3, then, before the next button press, announces the next attack's
    target: "Next attack on 1808 at 3:1. Target: DR 4" and "Kill number: DR 5" (a label before a
    bare value names what the value is for, as "needs DR 4" does). Before (17ad990): "Target: "
    got past the target test (it wanted a space after the word) and the split at ":" left nothing
    before "DR", so both were read as Alice's own rolls that no button gave, flagged "a roll
    typed in chat is not a roll VASSAL made". Now: no flag; "Target: DR 4" is no claim, "Kill
    number: DR 5" a claim listed to check, not her own roll."""
    sec, _ = _integrity(mini, "target", [("1d6", [3]), "Next attack on 1808 at 3:1. Target: DR 4",
                                         "Kill number: DR 5", ("1d6", [5])])
    assert _typed_flags(sec) == []
    assert [t["text"] for t in sec["dice"]["typed"]] == ["Kill number: DR 5"]
