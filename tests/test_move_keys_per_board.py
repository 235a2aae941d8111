"""The generic move verdict's keys worked out once per board (issue 20, speed20):
``GenericRules.move_context`` and the key of ``move_surroundings`` are kept in ``Board.memo`` for
the board's life. One board asked by rule sets of other parameters (``zoc_cancel``, ``zoc_leave``),
for both sides and for moves, retreats and advances, in any order, answers as a fresh board asked
once: a memo keyed by the side alone would hand one rule set another's key, or a move a retreat's."""
from __future__ import annotations

import itertools

from rules_util import head, position, section, unit
from vmodgen.rules import ruleset_for
from vmodgen.rules.core.board import Board

MA = {"movement": 4}
#: the default ZOC, friendly units cancelling it (every side's versions), a locking ZOC (no
#: surroundings), a unit leaving a ZOC moving one hex
RULES = ["", section("rules", zoc_cancel=True), section("rules", zoc_leave="never"),
         section("rules", zoc_leave="one_hex")]


def _units() -> str:
    return (unit("R1", "red", "0303", values=MA, previous="0503", path=["0503", "0403", "0303"])
            + unit("R2", "red", "0305", values=MA, previous="0306", path=["0306", "0305"], mode="retreat")
            + unit("B1", "blue", "0706", values=MA, previous="0707", path=["0707", "0706"])
            + unit("B2", "blue", "0808", values=MA))


def _text(rules: str) -> str:
    return head("generic", ("red", "blue"), turn=2) + rules + _units()


def _position():
    """The position with each side's version, as the audit's index gives them (no versions:
    no context)."""
    pos = position(_text(""))
    token = object()
    pos.side_versions = {"red": (token, 1), "blue": (token, 4)}
    return pos


def test_one_board_asked_by_every_rule_set_side_and_mode_answers_as_a_fresh_board():
    """GEN movement: red R1 moved 0503 → 0303, red R2 retreated 0306 → 0305, blue B1 moved
    0707 → 0706. Each rule set of :data:`RULES`, in every order, asks one board for the context
    of each side's moves, retreats and advances and for each unit's surroundings: each answer is
    the one a fresh board gives, and the rule sets' answers differ where their parameters do."""
    pos = _position()
    sets = [ruleset_for(position(_text(r)).game) for r in RULES]
    for order in itertools.permutations(range(len(sets))):
        board = Board(pos)
        for i in order:
            rs = sets[i]
            for side, mode in itertools.product(("red", "blue"), ("move", "retreat", "advance", "reaction")):
                assert rs.move_context(board, side, mode) == rs.move_context(Board(pos), side, mode), \
                    (RULES[i], side, mode)
            for u in pos.units:
                assert rs.move_surroundings(board, u) == rs.move_surroundings(Board(pos), u), (RULES[i], u.id)
    fresh = [(rs.move_context(Board(pos), "red", "move"), rs.move_surroundings(Board(pos), pos.units[0]))
             for rs in sets]
    # the keys the memo must tell apart: every side's versions with zoc_cancel, none with a locking ZOC
    assert fresh[0][0] != fresh[1][0] and fresh[0][1] is not None and fresh[2][1] is None
    default = sets[0]
    assert default.move_context(Board(pos), "red", "move") != default.move_context(Board(pos), "red", "retreat")
    assert default.move_context(Board(pos), "red", "move") != default.move_context(Board(pos), "blue", "move")
    assert default.move_surroundings(Board(pos), pos.units[1]) is None      # a retreat: no local key


def test_check_moves_on_a_shared_board_equals_each_rule_set_on_its_own_board():
    """GEN movement/zoc: the four rule sets judge the moves of one board in turn, each keeping
    its verdicts (``states_fixed``); their findings equal those each makes on a board of its own."""
    pos = _position()
    shared = Board(pos)
    for r in RULES:
        rs = ruleset_for(position(_text(r)).game)
        rs.states_fixed = True
        alone = ruleset_for(position(_text(r)).game)
        assert rs.check_moves(shared) == alone.check_moves(Board(pos)), r
