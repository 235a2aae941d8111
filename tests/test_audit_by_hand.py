"""The by-hand warnings (:mod:`vmodgen.audit.by_hand`), step by step on a small fake replay: a
unit deleted and put back from the palette elsewhere, a status marker put on the other side's
unit outside a combat phase with no die rolled before it. The rules behind them: a fatigued (or
disrupted) unit's status is read from the marker in its hex (OM 5.13, a fatigued unit exerts no
ZOC); NA41 24.3.1/18.7.5 place strafing and delay markers in hexes with enemy units in the side's
own Delay Phase before its roll; a step loss is the full piece swapped for the reduced one."""
from __future__ import annotations

from types import SimpleNamespace as NS

from vmodgen.audit.by_hand import ByHand, status_markers, unpaired_sentence

GER, ALL = "german", "allied"
MOVE = NS(name="German Movement Phase", side=GER, unit_moves="movement")
COMBAT = NS(name="German Combat Phase", side=GER, unit_moves="combat")
RECOVERY = NS(name="German Recovery Phase", side=GER, unit_moves="other")
ALLIED_MOVE = NS(name="Allied Movement Phase", side=ALL, unit_moves="movement")
PHASES = {"gm": MOVE, "gc": COMBAT, "gr": RECOVERY, "am": ALLIED_MOVE}
ORDER = ["gm", "gc", "gr", "am"]


class Map:
    def has_hex(self, label: str) -> bool:
        return label.startswith("W")

    def distance(self, a: str, b: str) -> int | None:
        return abs(int(a[1:]) - int(b[1:]))


def _view(pid: str, hex_: str, unit=None, markers=(), reduced=False) -> NS:
    return NS(pid=pid, unit=unit, hex=hex_, markers=frozenset(markers), reduced=reduced, concealed=None)


class Replay:
    """A position builder's views, a state, and a :class:`ByHand` fed as the engine feeds it."""

    def __init__(self, statuses=frozenset({"fatigue", "disrupted"})) -> None:
        def back(old: tuple, new: tuple) -> bool:
            if old[0] is None or new[0] is None:
                return False
            return (new[0], ORDER.index(new[1])) < (old[0], ORDER.index(old[1]))
        self.bh = ByHand(Map(), statuses=statuses, backwards=back)
        self.views: dict[str, NS] = {}
        self.k = 0
        self.out: list[str] = []
        self.step(None, (1, "gm"))

    @property
    def units(self) -> dict[str, NS]:
        return {p: v for p, v in self.views.items() if v.unit is not None}

    def resolve(self, state, pid: str) -> NS:
        return self.views[pid]

    def step(self, step_args: dict | None, ph: tuple, *, suppress: bool = False, rolled: bool = False) -> list[str]:
        step = None
        if step_args is not None:
            step = NS(deleted=step_args.get("deleted", []), created=[v.pid for v in step_args.get("created", [])])
        builder = NS(views=self.views, concealed=set(), resolve=self.resolve, units=self.units)
        self.bh.before(step, builder)
        if step is not None:
            for pid in step.deleted:
                self.views.pop(pid, None)
            for v in step_args.get("created", []):
                self.views[v.pid] = v
        builder.units = self.units
        state = NS(pieces=self.views)
        got = self.bh.note("g.vlog", self.k, step, state, builder, ph, PHASES[ph[1]], suppress, rolled)
        self.k += 1
        return got

    def tick(self, ph: tuple, **kw) -> list[str]:
        return self.step({}, ph, **kw)


NZ = NS(id="19NZ", name="19 NZ", side=ALL)
STURM = NS(id="9III", name="9/III/Sturm", side=GER)


def _marker_replay() -> Replay:
    r = Replay()
    r.step({"created": [_view("a", "W4315", NZ)]}, (1, "gm"))
    r.tick((1, "gc"), rolled=True)          # a first roll: the file's first phase is behind
    r.tick((1, "gr"))
    r.tick((1, "am"))
    r.tick((2, "gm"))
    return r


def test_marker_on_the_enemy_in_a_movement_phase_without_a_roll_is_said() -> None:
    """Turn 2, German Movement, no die rolled in it or in the Allied Movement before it: a
    Fatigue marker put on 19 NZ is said (OM 5.13: it turns off 19 NZ's ZOC)."""
    r = _marker_replay()
    got = r.step({"created": [_view("m", "W4315", markers={"fatigue"})]}, (2, "gm"))
    assert len(got) == 1 and "a marker (fatigue) was put from the palette on 19 NZ (allied) in W4315" in got[0]


def test_roll_kept_across_an_undone_next_and_its_undo() -> None:
    """Review 1: movement phase, an overrun roll, the tracker's Next (undone), the Undo, then a
    Disrupted marker on the enemy unit: the roll before it may have given it, not said."""
    r = _marker_replay()
    r.tick((2, "gm"), rolled=True)
    r.tick((2, "gc"), suppress=True)        # Next, later undone
    r.tick((2, "gm"), suppress=True)        # the Undo
    assert r.step({"created": [_view("m", "W4315", markers={"disrupted"})]}, (2, "gm")) == []


def test_combat_result_applied_after_the_next_phase_began_is_not_said() -> None:
    """Review 1: a combat result applied once the player clicked into his own next phase (NA41:
    the Combat Phase is followed by the same side's Recovery Phase, kind "other"): the combat
    phase's roll covers the phase just after it, not later ones."""
    r = _marker_replay()
    r.tick((2, "gc"), rolled=True)
    r.tick((2, "gr"))
    assert r.step({"created": [_view("m", "W4315", markers={"disrupted"})]}, (2, "gr")) == []
    r.tick((2, "am"))
    r.tick((3, "gm"))
    assert len(r.step({"created": [_view("m2", "W4315", markers={"disrupted"})]}, (3, "gm"))) == 1


def test_hex_markers_the_rules_do_not_read_as_statuses_are_not_said() -> None:
    """Review 2: a strafing or control marker in a hex with an enemy unit (NA41 24.3.1: placed in
    the side's own phase before its roll) is no unit status: not said; only the status is named."""
    r = _marker_replay()
    assert r.step({"created": [_view("s", "W4315", markers={"strafing", "control"})]}, (2, "gm")) == []
    got = r.step({"created": [_view("t", "W4315", markers={"strafing", "fatigue"})]}, (2, "gm"))
    assert len(got) == 1 and "a marker (fatigue)" in got[0]


def test_status_markers_are_the_rule_sets_statuses_and_aliases() -> None:
    """One source of truth: the statuses the rule set reads (and their aliases, '-' and '_')."""
    rs = NS(known_statuses=lambda: frozenset({"oos_red", "fatigued"}), status_aliases={"fatigued": ("fatigue",)})
    got = status_markers(rs)
    assert {"oos_red", "oos-red", "fatigued", "fatigue"} <= got and "strafing" not in got


def test_deleted_and_put_back_elsewhere_in_the_same_phase_is_said() -> None:
    r = Replay()
    r.step({"created": [_view("a", "W10", STURM)]}, (1, "gm"))
    r.step({"deleted": ["a"]}, (1, "gm"))
    got = r.step({"created": [_view("b", "W13", STURM)]}, (1, "gm"))
    assert len(got) == 1 and "9/III/Sturm was deleted in W10" in got[0] and "(3 hexes away)" in got[0]
    assert r.bh.unpaired == []        # a kit's unit is followed: nothing left unchecked


def test_a_unit_named_after_its_piece_is_not_followed() -> None:
    """Review 3: a binding with no kit makes the unit id the piece id, so a new piece is never the
    unit deleted: skipped explicitly (nothing to match), not by chance."""
    r = Replay()
    r.step({"created": [_view("a", "W10", NS(id="a", name="A", side=GER))]}, (1, "gm"))
    r.step({"deleted": ["a"]}, (1, "gm"))
    assert r.bh._gone == {}
    assert r.step({"created": [_view("b", "W13", NS(id="a", name="A", side=GER))]}, (1, "gm")) == []


def _own(pid: str, hex_: str, name: str = "9/III/Sturm", reduced: bool = False, side: str = GER) -> NS:
    """A piece of a binding with no kit: its unit is named after the piece, printed ``name``."""
    return _view(pid, hex_, NS(id=pid, name=name, side=side), reduced=reduced)


def test_no_kit_deleted_and_placed_elsewhere_in_the_phase_is_said_not_checked() -> None:
    """A binding with no kit: 9/III/Sturm's piece deleted in W10 and a new 9/III/Sturm piece
    placed in W13 in the same German Movement Phase is the case the check judges with a kit; here
    it cannot tell that unit from another of its name, and says so (once, with the first pair's
    steps, unit and hexes)."""
    r = Replay()
    r.step({"created": [_own("a", "W10")]}, (1, "gm"))
    r.step({"deleted": ["a"]}, (1, "gm"))
    assert r.step({"created": [_own("b", "W13")]}, (1, "gm")) == []
    assert r.bh.unpaired == [{"deleted": 2, "placed": 3, "phase": "German Movement Phase", "unit": "9/III/Sturm",
                              "side": GER, "from": "W10", "to": "W13", "deleted_piece": "a", "placed_piece": "b"}]
    said = unpaired_sentence([("games/g.vlog", r.bh.unpaired)])
    assert said is not None and said.startswith("1 unit piece(s)")
    assert "(first: g.vlog steps 2-3, German Movement Phase: 9/III/Sturm deleted in W10, " in said
    assert "placed in W13)" in said and "no kit" in said and "not checked" in said


def test_no_kit_nameless_piece_deleted_and_placed_elsewhere_is_named_by_its_piece_ids() -> None:
    """Review of the fix branches (left12): a piece with no printed name, deleted in W10 and a new
    nameless piece of its side placed in W13 in the same phase, was left out of the coverage
    sentence (pairs went by printed name, and a nameless piece had none). Now it pairs with a
    nameless piece of its side, and the sentence names both by their piece ids (vmodgen inspect
    lists pieces by id) instead of an empty name; a named piece placed meanwhile is no pair."""
    r = Replay()
    r.step({"created": [_own("p17", "W10", name="")]}, (1, "gm"))
    r.step({"deleted": ["p17"]}, (1, "gm"))                                     # step 2
    r.step({"created": [_own("q1", "W20", name="4")]}, (1, "gm"))               # a named piece: no pair
    assert r.step({"created": [_own("p88", "W13", name="")]}, (1, "gm")) == []  # step 4
    assert [(u["unit"], u["deleted"], u["placed"], u["deleted_piece"], u["placed_piece"]) for u in r.bh.unpaired] == [
        ("", 2, 4, "p17", "p88")]
    said = unpaired_sentence([("g.vlog", r.bh.unpaired)])
    assert said is not None
    assert ("(first: g.vlog steps 2-4, German Movement Phase: a piece with no name (piece id p17) deleted in W10, "
            "another (piece id p88) placed in W13)") in said


def test_no_kit_pairs_only_a_unit_of_the_same_name_and_side() -> None:
    """Review of left11 (1): the TLD chain paired C/80/82's deletion with the later placement of
    the unit 4, first come first served. A deletion pairs only with a placement of a unit of the
    same printed name and side: 20/4 deleted, then 4 and 90 deleted and 4 and 90 placed elsewhere
    gives the pairs 4-4 and 90-90; 20/4, C/80/82 (deleted) and 19 NZ (an Allied unit named as a
    deleted German one) are in no pair."""
    r = Replay()
    r.step({"created": [_own("c", "W5", "C/80/82"), _own("t", "W6", "20/4"), _own("f", "W7", "4"),
                        _own("n", "W8", "90")]}, (1, "gm"))
    r.step({"deleted": ["c"]}, (1, "gm"))                          # step 2
    assert r.step({"created": [_own("x", "W20", "4")]}, (1, "gm")) == []    # step 3: nothing of its name gone
    r.step({"deleted": ["t"]}, (1, "gm"))
    r.step({"deleted": ["f"]}, (1, "gm"))                          # step 5
    r.step({"deleted": ["n"]}, (1, "gm"))                          # step 6
    r.step({"created": [_own("y", "W30", "4")]}, (1, "gm"))        # step 7
    r.step({"created": [_own("z", "W31", "90", side=ALL)]}, (1, "gm"))   # another side's 90
    r.step({"created": [_own("w", "W32", "90")]}, (1, "gm"))       # step 9
    assert [(u["unit"], u["deleted"], u["placed"], u["from"], u["to"]) for u in r.bh.unpaired] == [
        ("4", 5, 7, "W7", "W30"), ("90", 6, 9, "W8", "W32")]


def test_no_kit_pairs_the_check_would_not_say_are_not_counted() -> None:
    """Nothing to say: a placement with no deletion before it in the phase (a reinforcement), a
    piece put back on the hex it was deleted in, a deletion in an earlier phase, a step loss in a
    combat phase (full piece deleted, reduced placed: the kit case's swap)."""
    r = Replay()
    r.step({"created": [_own("a", "W10"), _own("c", "W20"), _own("e", "W30")]}, (1, "gm"))
    r.step({"created": [_own("x", "W40")]}, (1, "gm"))            # no deletion before it
    r.step({"deleted": ["a"]}, (1, "gm"))
    r.step({"created": [_own("b", "W10")]}, (1, "gm"))            # back on its hex
    r.step({"deleted": ["c"]}, (1, "gm"))
    r.tick((1, "gc"), rolled=True)
    r.step({"created": [_own("d", "W22")]}, (1, "gc"))            # the deletion was in another phase
    r.step({"deleted": ["e"]}, (1, "gc"))
    r.step({"created": [_own("f", "W31", reduced=True)]}, (1, "gc"))  # a step loss
    assert r.bh.unpaired == [] and unpaired_sentence([("g.vlog", r.bh.unpaired)]) is None


def test_same_phase_of_a_later_turn_with_no_turn_number_is_not_the_same_phase() -> None:
    """Review 4: with the tracker's turn not a number (turn None), a unit deleted in one German
    Movement and a piece of it placed in the next turn's German Movement are not one phase."""
    r = Replay()
    r.step({"created": [_view("a", "W10", STURM)]}, (None, "gm"))
    r.step({"deleted": ["a"]}, (None, "gm"))
    r.tick((None, "gc"))
    r.tick((None, "am"))
    assert r.step({"created": [_view("b", "W13", STURM)]}, (None, "gm")) == []


def test_tracker_sent_back_returns_to_the_same_stretch() -> None:
    """A tracker sent back (Prev, known turns) goes on with the stretch it left: the pair is said."""
    r = Replay()
    r.step({"created": [_view("a", "W10", STURM)]}, (1, "gm"))
    r.step({"deleted": ["a"]}, (1, "gm"))
    r.tick((1, "gc"))
    r.tick((1, "gm"))
    assert len(r.step({"created": [_view("b", "W13", STURM)]}, (1, "gm"))) == 1


def test_step_loss_by_swap_in_a_combat_phase_is_not_said() -> None:
    """Review 4: in a combat phase the full piece deleted and the reduced piece placed in the
    retreat hex is a step loss and a retreat; any other such pair there is said as possibly a
    retreat or an advance."""
    r = Replay()
    r.step({"created": [_view("a", "W10", STURM), _view("c", "W20", NZ)]}, (1, "gm"))
    r.tick((1, "gc"), rolled=True)
    r.step({"deleted": ["a"]}, (1, "gc"))
    assert r.step({"created": [_view("b", "W11", STURM, reduced=True)]}, (1, "gc")) == []
    r.step({"deleted": ["c"]}, (1, "gc"))
    got = r.step({"created": [_view("d", "W21", NZ)]}, (1, "gc"))
    assert len(got) == 1 and "a retreat or an advance after combat" in got[0]
