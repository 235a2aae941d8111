"""North Africa '41 remnants (10.4.1, 19.6): what the Remnant Display holds against the remnants in
play. A 3-step unit that took its second loss may be replaced by a remnant of its unit type: the
unit goes on the display, the remnant where it stood, or (19.4.1) in an off-map box or with a corps
HQ (「次いで残余はマップ外ボックス又は軍団 HQ に置かれます」), so a remnant is in play anywhere but the
boxes of units out of play (the Eliminated box, the Remnant Display, the Surrender Box); one in the
Withdrawn Units box (``na41_withdrawn_box``) still stands for its unit on the display (20.3: a unit
is withdrawn 「現在のステップ段階で」, at its step, and 20.2's order withdraws remnants too: it returns); an eliminated remnant goes back to the
display and its unit to the Eliminated box; a remnant rebuilt by a replacement goes back too and
its unit returns reduced (19.6: 「残余ディスプレイ内のユニットは、常に残余又はそれがあらわしているユニット
でなければなりません」). Judged in a kit position only: the roster says which units the position
does not place (each may be where the count needs it, so it is never held against the position).
Remnants are counted by side and unit type only: the book asks for 「適切なユニット・タイプの残余」 and
names no nation (the kit's German and Italian remnant counters are its own illustrative mix, so a
German remnant may stand for an Italian unit). The kit's counter mix is illustrative (how many
remnants there are, and of which types; most step counts), so every finding rests on it
(``inputs.READS``): a 3-step unit whose side and type have no remnant in the roster is named not
judged, and so is a remnant in play beyond the display's units of its side and type when the roster
has no unit of that side and type whose three steps are not illustrative: it may stand for a unit
the kit lacks (a stacking position may place one; imnafix23, review of na22 item 4: the kit's Brescia
and Pavia, 3-step by the kit alone, held a German remnant against the display, though the book's
3-step units are 「連隊又は旅団」, not divisions, and it gives no roster)."""
from __future__ import annotations

from collections import Counter

from ....positions.model import UnitState
from ...core.board import Board
from ...core.moves import label
from .memory import removal_boxes
from .units import NorthAfrica41Units

P = "NA41"
#: 10.3, 10.4.1: only a 3-step unit forms a remnant, on its third step
REMNANT_STEPS = 3



def count(n: int, what: str) -> str:
    """``n`` things in words: "no axis infantry remnant", "1 ...", "2 ...s"."""
    return f"no {what}" if n == 0 else f"{n} {what}{'s' if n > 1 else ''}"


def check(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    if not pos.roster:
        return []
    display = str(rs.param("na41_remnant_display"))
    is_remnant = lambda u: rs.is_(u, "na41_remnant")                       # noqa: E731
    group = lambda u: (u.side, u.unit.type)                                 # noqa: E731
    placed = {u.id for u in pos.units}
    roster = [UnitState(unit=x, hex="") for x in pos.roster.values()]
    spare = [x for x in roster if x.id not in placed]
    kinds = {group(x) for x in roster if is_remnant(x)}
    out = []
    standing: Counter = Counter()                           # (side, type) -> units on the display
    for u in pos.units:
        if u.hex != display or is_remnant(u) or rs.marker(u):
            continue
        if u.unit.steps != REMNANT_STEPS:
            out.append(rs.finding(board, f"{P} 10.4.1", "movement", f"{label(u)} stands on the Remnant Display, but "
                                  f"it has {u.unit.steps} step{'s' if u.unit.steps != 1 else ''}: only a 3-step unit "
                                  "is replaced by a remnant, on its second loss (10.3, 10.4.1).", [display], [u]))
        elif group(u) not in kinds:
            rs.not_judged(f"{P} 10.4.1", f"{label(u)} stands on the Remnant Display, but the kit has no "
                                         f"{rs.side_name(u.side)} "
                                         f"remnant of its type ({u.unit.type}); its remnant counters are illustrative, "
                                         "so whether the game has one (else the unit goes to the Eliminated box, "
                                         "10.4.2) is not known")
        else:
            standing[group(u)] += 1
    out_of_play = removal_boxes(rs)
    in_play = lambda u: bool(u.hex) and u.hex not in out_of_play            # noqa: E731
    on_map = Counter(group(u) for u in pos.units if is_remnant(u) and in_play(u))
    for g in set(standing) | set(on_map):
        free_remnants = sum(1 for x in spare if is_remnant(x) and group(x) == g)
        free_units = sum(1 for x in spare if not is_remnant(x) and x.unit.steps == REMNANT_STEPS and group(x) == g)
        side, kind = g
        side = rs.side_name(side)
        if standing[g] > on_map[g] + free_remnants:
            units = [u for u in pos.units if u.hex == display and not is_remnant(u) and group(u) == g]
            out.append(rs.finding(board, f"{P} 10.4.1", "movement", f"the Remnant Display holds {rs.names(units)}, but "
                                  f"{count(on_map[g], f'{side} {kind} remnant')} in play "
                                  f"{'stand' if on_map[g] > 1 else 'stands'} for {'it' if len(units) == 1 else 'them'}"
                                  ", and none is unplaced: a unit stays on the display only while its remnant is in "
                                  "play; when the remnant is eliminated the unit goes to the Eliminated box (10.4.1, 19.6).",
                                  [display], units))
        if on_map[g] <= standing[g] + free_units:
            continue
        units = [u for u in pos.units if is_remnant(u) and in_play(u) and group(u) == g]
        # a 3-step count the kit invented (Brescia, Pavia) is no evidence that the game has no
        # other such unit for the remnant to stand for
        modelled = any(not is_remnant(x) and x.unit.steps == REMNANT_STEPS and not x.unit.is_illustrative("steps")
                       and group(x) == g for x in roster)
        if not modelled:
            rs.not_judged(f"{P} 10.4.1", f"{rs.names(units)} {'is' if len(units) == 1 else 'are'} in play with "
                          f"{count(standing[g], f'{side} 3-step {kind} unit')} on the Remnant Display and none "
                          f"unplaced, but the kit has no {side} {kind} unit whose three steps the rulebook states "
                          "(the book names its 3-step units only as 「連隊又は旅団」, 10.4.1, with no roster): whether "
                          "the remnant stands for a unit the kit lacks is not known")
        else:
            out.append(rs.finding(board, f"{P} 10.4.1", "movement", f"{rs.names(units)} "
                                  f"{'is' if len(units) == 1 else 'are'} in play, but the Remnant Display holds "
                                  f"{count(standing[g], f'{side} 3-step {kind} unit')} for "
                                  f"{'it' if len(units) == 1 else 'them'}, and none is unplaced: a remnant stands "
                                  "for a unit on the display; a 3-step unit and its remnant are never in play at once "
                                  "(10.4.1, 19.6).", sorted({u.hex for u in units}), units))
    return out
