"""The integrity's ``pieces:`` and ``values set:`` lists name each piece as the replay saw it
at its step, as an opponent saw it then: a piece with a Mask trait its owner never set is named
in full (before: "a masked piece", whatever its state), one masked by its owner at that moment
only as its mask shows it, its id withheld, and a card removed from a face-down deck as the deck
shows it. (Read from the replay, not from the command tree walked again.)

Position (the tiny Flashpoint module of test_foreign_fscs: cards with a Mask "* Unknown Event
Card *" and a Dynamic Property ``Hits``): cards 1-3 face down in the deck D, card 4 "Open Card"
face up on the Main Map, unmasked. Bob adds "Rations" unmasked (step 1) and "Secret Plan"
masked by himself (2), sets Open Card's Hits 0 → 2 (3), deletes card 3 from the deck (4) and
Open Card (5)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from test_foreign_fscs import DECK, tiny_fscs
from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.traits import join_chain

MASK = "obs;70,130;back.png;Flip;2;* Unknown Event Card *;side:;Peek;;true;;"
SHOWN = "* Unknown Event Card * (masked)"


def _card(name: str, at: str, masked_by: str = "null") -> tuple[str, str]:
    return (join_chain([MASK, "PROP;Hits;;;", f"basicName;{name}", "piece;;;card.png;"]),
            join_chain([masked_by, "0", "", at]))


def _log(tmp_path: Path) -> Path:
    adds = [encode(["+", pid, *_card(name, "Main Map;100;100")], "/")
            for pid, name in (("1", "Typhoon"), ("2", "Trade War"), ("3", "Japan Escorts"))]
    adds.append(encode(["+", "D", DECK, "Main Map;100;100;true;1,2,3"], "/"))
    adds.append(encode(["+", "4", *_card("Open Card", "Main Map;300;300")], "/"))
    w = LogWriter(encode(["begin_save", encode([""] + adds, "\x1b"), "end_save"], "\x1b"),
                  player="Bob", player_id="bob-pw")
    w.add(*_card("Rations", "Main Map;400;400"), ("Main Map", 400, 400))
    w.add(*_card("Secret Plan", "Main Map;500;500", masked_by="bob-pw"), ("Main Map", 500, 500))
    parts = w.current_state("4").split("\t")
    parts[1] = "2"
    w.set_state("4", "\t".join(parts))
    return w.delete("3").delete("4").write(tmp_path / "cards.vlog")


def test_pieces_and_values_are_named_as_seen_then(tmp_path):
    log, mod = _log(tmp_path), tiny_fscs(tmp_path)
    run = CliRunner().invoke(cli, ["integrity", str(log), "--module", str(mod), "--format", "json"])
    assert run.exit_code == 0, run.output
    assert "bob-pw" not in run.output and "Secret Plan" not in run.output and "Japan Escorts" not in run.output
    sec = json.loads(run.output)["integrity"]
    got = [(p["step"], p["what"], p["id"], p["name"]) for p in sec["pieces"]["items"]]
    assert got[0][:2] == (1, "added") and got[0][3] == "Rations"          # a Mask never set: in full
    assert got[1:] == [(2, "added", "", SHOWN),                            # masked by its owner
                       (4, "removed", "", SHOWN),                          # from the face-down deck
                       (5, "removed", "4", "Open Card")]
    assert [(e["step"], e["id"], e["name"], e["old"], e["new"]) for e in sec["edits"]] == [
        (3, "4", "Open Card", "0", "2")]


def test_reveal_hidden_names_them_all(tmp_path):
    log, mod = _log(tmp_path), tiny_fscs(tmp_path)
    run = CliRunner().invoke(cli, ["integrity", str(log), "--module", str(mod), "--format", "json",
                                   "--reveal-hidden"])
    assert run.exit_code == 0, run.output
    names = [p["name"] for p in json.loads(run.output)["integrity"]["pieces"]["items"]]
    assert names == ["Rations", "Secret Plan", "Japan Escorts", "Open Card"]


def test_a_piece_added_and_removed_in_one_step_is_named_from_its_add(tmp_path):
    """Position: the cards above. Bob's step 1 adds "Flash Card" (unmasked) and removes it again,
    step 2 does the same with "Hidden Plan" masked by himself: each is listed as added and
    removed, named as its add shows it (the masked one as its mask shows it, id withheld), not
    dropped."""
    adds = [encode(["+", pid, *_card(name, "Main Map;100;100")], "/")
            for pid, name in (("1", "Typhoon"), ("2", "Trade War"), ("3", "Japan Escorts"))]
    adds.append(encode(["+", "D", DECK, "Main Map;100;100;true;1,2,3"], "/"))
    w = LogWriter(encode(["begin_save", encode([""] + adds, "\x1b"), "end_save"], "\x1b"),
                  player="Bob", player_id="bob-pw")
    w.step([encode(["+", "9", *_card("Flash Card", "Main Map;400;400")], "/"), "-/9"])
    w.step([encode(["+", "10", *_card("Hidden Plan", "Main Map;500;500", masked_by="bob-pw")], "/"), "-/10"])
    log, mod = w.write(tmp_path / "flash.vlog"), tiny_fscs(tmp_path)
    run = CliRunner().invoke(cli, ["integrity", str(log), "--module", str(mod), "--format", "json"])
    assert run.exit_code == 0, run.output
    assert "Hidden Plan" not in run.output and "bob-pw" not in run.output
    got = [(p["step"], p["what"], p["id"], p["name"]) for p in json.loads(run.output)["integrity"]["pieces"]["items"]]
    assert got == [(1, "added", "9", "Flash Card"), (1, "removed", "9", "Flash Card"),
                   (2, "added", "", SHOWN), (2, "removed", "", SHOWN)]


def test_a_moved_piece_is_named_once_and_a_changed_one_again():
    """The names' memo is keyed on what a look depends on: the same card at two places on the
    map (a move: only its BasicPiece's map and x, y differ) is named once; masked by its owner
    at the second place it is named again, as its mask shows it."""
    from vmodgen.integrity.naming import PieceNames
    names = PieceNames()
    here, there = _card("Rations", "Main Map;400;400"), _card("Rations", "Main Map;600;200")
    masked = _card("Rations", "Main Map;600;200", masked_by="bob-pw")
    names.seen.update({(1, "5"): (*here, None, None), (2, "5"): (*there, None, None), (3, "5"): (*masked, None, None)})
    assert names.listed(1, "5") == names.listed(2, "5") == ("Rations", False)
    assert len(names.looks) == 1
    assert names.listed(3, "5") == (SHOWN, True) and len(names.looks) == 2
