"""A Deck's count expression and a card's prototype, as VASSAL counts them (``Deck.updateCounts``:
``PropertiesPieceFilter.accept(p)`` asks ``p.getProperty``).

A card saved with a ``prototype;P`` element (a ``UsePrototype`` trait, never expanded) answers no
property of P: ``UsePrototype`` does not override ``Decorator.getProperty``, which asks the
traits inside it (``piece.getProperty``), not the prototype's (VASSAL 3.7.26 and 3.8.0-beta1).
Checked with real VASSAL (``/work/vassal-oracle``, ``record`` of a script ``load deck.vsav`` on
the module below, 2026-11-26): a deck of two cards whose prototype P holds ``mark;Count`` = Two,
count expression ``left: Count=Two``, a label ``$Strategy Deck_left$``: 3.7.26 and 3.8.0-beta1
both name the counter ``Counter (0)``; the same cards with the Marker as their own trait give
``Counter (2)``. vmodgen names it the same way, although ``inspect --module`` lists the cards'
properties with their prototypes expanded (``Count=Two``, what the prototype holds)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_foreign_round10 import deck_type, label
from tiny_module_util import prototypes, write_module

from vmodgen.cli import main
from vmodgen.vassal.codec import encode
from vmodgen.vassal.piece_defs import definition, empty_basic_piece, marker
from vmodgen.vassal.savefile import Metadata, save_bytes
from vmodgen.vassal.traits import join_chain

ESC = "\x1b"


def _module(tmp_path: Path) -> Path:
    """A map 'Main Map' and a prototype P holding the Marker Count = Two."""
    proto = definition([marker({"Count": "Two"}), empty_basic_piece()])
    return write_module(tmp_path / "deck.vmod", f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.26" name="Tiny Deck" nextPieceSlotId="9" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PrototypesContainer>{prototypes({"P": proto})}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="B" reversible="false"/>
</VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.StackMetrics/></VASSAL.build.module.Map>
</VASSAL.build.GameModule>
""")


def _save(tmp_path: Path, card_traits: str, card_state: str, counts: tuple[str, ...] = ("left: Count=Two",),
          counting: bool = True) -> Path:
    """Two cards (``card_traits`` + a BasicPiece) in the deck 'Strategy Deck' (count expressions
    ``counts``, expression counting ``counting``) and a counter."""
    def card(pid: str) -> str:
        return encode(["+", pid, join_chain([card_traits, "piece;;;c.png;Card"]),
                       join_chain([card_state, "Main Map;100;100;;0"])], "/")
    counter = join_chain([label("$pieceName$ ($label$)"), "piece;;;;Counter"])
    commands = [card("201"), card("202"),
                encode(["+", "300", deck_type("Strategy Deck", list(counts), counting),
                        "Main Map;100;100;true;201,202"], "/"),
                encode(["+", "101", counter, join_chain(["$Strategy Deck_left$", "Main Map;300;300;;0"])], "/")]
    save = tmp_path / "deck.vsav"
    save.write_bytes(save_bytes(ESC.join(["begin_save", "", *commands, "end_save"]),
                                savedata=Metadata(vassal_version="3.7.26"),
                                moduledata=Metadata(name="Tiny Deck", version="1.0", vassal_version="3.7.26")))
    return save


@pytest.mark.parametrize("traits, state, shown", [
    ("prototype;P", "", "Counter (0)"),          # the prototype's Marker: not seen by getProperty
    ("mark;Count", "Two", "Counter (2)"),        # the card's own Marker: counted
])
def test_a_deck_counts_a_card_by_its_own_traits_not_its_prototypes(tmp_path, capsys, traits, state, shown):
    save = _save(tmp_path, traits, state)
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--module", str(_module(tmp_path)), "--json"])
    captured = capsys.readouterr()
    assert info.value.code == 0, captured.err
    pieces = {p["id"]: p for p in json.loads(captured.out)["pieces"]}
    assert pieces["101"]["name"] == shown
    assert pieces["201"]["properties"].get("Count") == "Two"      # listed with the prototype expanded
