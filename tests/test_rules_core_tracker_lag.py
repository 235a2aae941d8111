"""The turn tracker's lag, one policy (vmodgen/rules/core/tracker_lag.py, lag23): a log's phase is its
tracker's, which may be one phase off the play, counting no phase the game lets a player pass empty
without a click; a position file's phase is exact."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from vmodgen.model.load_game import load_game
from vmodgen.rules.core.tracker_lag import Lag, lag_of, lag_of_phase, neighbours, repeats

KITS = Path(__file__).resolve().parents[1] / "counters"


@pytest.fixture(scope="module")
def im_game():
    return load_game(KITS / "invasion-malta" / "game.toml")[0]


def at(game, turn, phase, logged=True):
    """A moment of ``game`` as the rules read it: its turn, phase and whether a tracker gave them."""
    return SimpleNamespace(game=game, turn=turn, phase=phase, phase_from_tracker=logged)


def test_neighbours_one_phase_each_way_wrapping_the_turn():
    """Turn 3's first phase: the last of turn 2 before it, its second after it."""
    ids = ["a", "b", "c", "d"]
    assert neighbours(ids, 3, "a") == [(3, "b", 1), (2, "d", -1)]
    assert neighbours(ids, 3, "d") == [(4, "a", 1), (3, "c", -1)]


def test_an_empty_phase_costs_nothing():
    """c empty: from b, d is one phase on (c passed without a click), and c is listed too."""
    ids = ["a", "b", "c", "d", "e"]
    assert neighbours(ids, 1, "b", {"c"}) == [(1, "c", 1), (1, "d", 1), (1, "a", -1)]
    assert neighbours(ids, 1, "d", {"c"}) == [(1, "e", 1), (1, "c", -1), (1, "b", -1)]


@pytest.mark.parametrize("phase, logged, expected", [
    ("movement", True, Lag.IN),
    ("movement", False, Lag.IN),
    ("airborne", True, Lag.MAYBE),          # one phase before
    ("combat-declaration", True, Lag.MAYBE),  # one phase after
    ("naval-transport", True, Lag.OUT),     # two before
    ("bombardment", True, Lag.OUT),         # two after
    ("airborne", False, Lag.OUT),           # a position file's phase is exact
    ("", True, Lag.OUT),                    # no phase: every phase, the rule decides
])
def test_lag_of_a_phase(im_game, phase, logged, expected):
    """IM, the Movement Phase of turn 2 wanted, with no empty phase named."""
    assert lag_of_phase(at(im_game, 2, phase, logged), 2, "movement") is expected


def test_lag_through_an_empty_phase(im_game):
    """IM: the tracker left on the Combat Declaration Phase while the play is in the Reaction
    Movement Phase, through a Bombardment Phase with nothing to bombard (7.14's case): within the
    lag when the Bombardment Phase is named empty, out of it when not."""
    pos = at(im_game, 2, "combat-declaration")
    assert lag_of_phase(pos, 2, "reaction") is Lag.OUT
    assert lag_of_phase(pos, 2, "reaction", {"bombardment"}) is Lag.MAYBE


def test_lag_across_the_turn(im_game):
    """The last phase of turn 1 is within the lag of turn 2's first, not of turn 1's first."""
    ids = [p.id for p in im_game.sequence.phases]
    pos = at(im_game, 1, ids[-1])
    assert lag_of_phase(pos, 2, ids[0]) is Lag.MAYBE
    assert lag_of_phase(pos, 1, ids[0]) is Lag.OUT
    assert lag_of_phase(pos, None, ids[0]) is Lag.MAYBE


def test_lag_of_a_predicate(im_game):
    """Any phase a rule names by a property (here: of kind combat) is wanted."""
    kinds = {p.id: p.kind for p in im_game.sequence.phases}
    combat = lambda t, p: kinds[p] == "combat"  # noqa: E731
    assert lag_of(at(im_game, 1, "movement"), combat) is Lag.MAYBE
    assert lag_of(at(im_game, 1, "airborne"), combat) is Lag.OUT
    assert lag_of(at(im_game, 1, "bombardment"), combat) is Lag.IN


REPEATED = ("draw", "naval-transport", "airborne", "movement", "combat-declaration", "bombardment", "reaction",
            "combat", "reset")


@pytest.mark.parametrize("phase, logged, turn, expected", [
    ("reset", True, 2, Lag.MAYBE),          # after the Movement Phase: a later activation's, maybe
    ("draw", True, 2, Lag.MAYBE),           # before it: Prev pressed back for a later activation
    ("reset", True, 1, Lag.OUT),            # another turn's Operations Segment: a distance
    ("supply-status", True, 2, Lag.OUT),    # out of the repeated run
    ("reset", False, 2, Lag.OUT),           # a position file's phase is exact
])
def test_a_repeated_run_is_no_distance(im_game, phase, logged, turn, expected):
    """IM 4.21 B.3: the Operations Segment (Draw to Reset) repeats for each Activation Marker; a log's
    tracker inside it is no distance from its Movement Phase on the same turn."""
    pos = at(im_game, turn, phase, logged)
    assert lag_of_phase(pos, 2, "movement", repeated=REPEATED) is expected
    assert repeats(pos, lambda t, p: p == "movement" and t == 2, REPEATED) is (expected is Lag.MAYBE)


def test_im_repeats_its_operations_segment(im_game):
    """IM 4.21 B: the Operations Segment the kit's sequence names, Draw to Reset, is the run the rule
    set repeats (read from the kit, not typed again); OM and NA41 repeat none."""
    from vmodgen.rules import ruleset_for
    assert ruleset_for(im_game).repeated_phases == REPEATED
    for kit in ("operation-mercury", "north-africa-41"):
        assert ruleset_for(load_game(KITS / kit / "game.toml")[0]).repeated_phases == ()


def test_an_empty_phase_the_tracker_stands_on_is_free():
    """c empty, the tracker on c ahead of the play: the presses from a to c land on b (one) and c
    (none), so a is one phase off (before lagfix24: two, the walk counted a and not c); behind the
    play, from c, the presses land on d (one), so e is two off either way."""
    ids = ["a", "b", "c", "d", "e"]
    assert neighbours(ids, 1, "c", {"c"}) == [(1, "d", 1), (1, "b", -1), (1, "a", -1)]


def test_im_tracker_on_an_empty_bombardment_phase_is_one_off_the_movement_phase(im_game):
    """IM (review rv-j23 item 3): the tracker on the Bombardment Phase with nothing to bombard, the
    play in the Movement Phase: Next pressed to the Combat Declaration Phase (counted) and on to the
    empty Bombardment Phase (free): one phase off, within the lag."""
    pos = at(im_game, 2, "bombardment")
    assert lag_of_phase(pos, 2, "movement", {"airborne", "bombardment"}) is Lag.MAYBE
    assert lag_of_phase(pos, 2, "movement") is Lag.OUT
