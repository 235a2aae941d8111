"""One reading of who set a Mask or Invisible trait (``looks.hidden_by``), used by the looks
(``set_by_owner``) and by the replay's merge test (``_Runner._hidden_by``, VASSAL's
``Properties.HIDDEN_BY``)."""
from __future__ import annotations

import pytest

from vmodgen.vassal.gamestate import PieceRecord
from vmodgen.vassal.interpreter import _Runner
from vmodgen.vassal.looks import hidden_by, set_by_owner
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.traits import Hideable, Obscurable

HIDE = "hide;73,130;Invisible;;;0.3;;false"
MASK = "obs;77,130;back.png;Mask;I;?;...;G;;;;false"


@pytest.mark.parametrize("state,mask,invisible", [
    ("null", None, None), ("", None, None), ("Alice", "Alice", "Alice"),
    # a Mask's state is a SequenceEncoder (obscuredBy;options: Obscurable.mySetState), an
    # Invisible trait's is hiddenBy whole (Hideable.mySetState: "null" or the id as it is)
    ("null;", None, "null;"), ("Bob;x", "Bob", "Bob;x"), ("B\\;ob;x", "B;ob", "B\\;ob;x")])
def test_who_set_the_trait(state, mask, invisible):
    """Position: an Invisible and a Mask trait whose state is ``state``."""
    for cls, t, who in ((Hideable, HIDE, invisible), (Obscurable, MASK, mask)):
        trait = cls(t, state)
        assert hidden_by(trait) == who
        assert set_by_owner(trait) is (who is not None)


@pytest.mark.parametrize("outer,inner,who", [("Alice", "null", "Alice"), ("null", "Bob", None)])
def test_replay_reads_the_outermost_invisible(outer, inner, who):
    """Position: a piece with two Invisible traits, outer set by ``outer``, inner by ``inner``:
    ``HIDDEN_BY`` is the outermost one's (the replay's merge test asks it)."""
    piece = Piece(f"{HIDE}\t{HIDE}\tpiece;;;a.png;A", f"{outer}\t{inner}\tMain;1;2;7")
    rec = PieceRecord("7", piece)
    assert _Runner._hidden_by(rec) == who
