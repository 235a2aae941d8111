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
German remnant may stand for an Italian unit). The kit's counter mix is illustrative
(how many remnants there are, and of which types), so every finding rests on it (``inputs.READS``);
a 3-step unit whose side and type have no remnant in the roster is named not judged. The book states
the steps of one unit only (2.3.5's illustration: 6/2 NZ, three) and gives no roster (10.4.1 names its
3-step units 「連隊又は旅団」), so a verdict that rests on a step count the kit chose is named not
judged instead (round na23): a unit of the kit's steps on the display with a remnant in play for it
(legal only if it is a 3-step unit, 10.3), and a remnant in play beyond the display's units when its
side and type have a unit of the kit's steps that is unplaced or 3-step by the kit (the game may have
a 3-step unit the kit lacks or counts otherwise: imnafix23 judged the Allied infantry on 6/2 NZ's
stated steps alone). A unit on the display with no remnant in play for it is found whatever its steps
(a 3-step unit waits for its remnant, another may not stand there), and so is one whose steps the book
or the position gives other than three."""
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


def book_steps(u: UnitState) -> bool:
    """Whether ``u``'s step count is the book's (the kit marks it illustrative otherwise: the book
    states only 6/2 NZ's three steps, 2.3.5's illustration)."""
    return not u.unit.is_illustrative("steps")


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
    assumed: dict[tuple, list[UnitState]] = {}              # (side, type) -> those of the kit's steps
    for u in pos.units:
        if u.hex != display or is_remnant(u) or rs.marker(u):
            continue
        if u.unit.steps != REMNANT_STEPS and book_steps(u):
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
            if not book_steps(u):
                assumed.setdefault(group(u), []).append(u)
    out_of_play = removal_boxes(rs)
    in_play = lambda u: bool(u.hex) and u.hex not in out_of_play            # noqa: E731
    on_map = Counter(group(u) for u in pos.units if is_remnant(u) and in_play(u))
    for g in set(standing) | set(on_map):
        free_remnants = sum(1 for x in spare if is_remnant(x) and group(x) == g)
        side, kind = g
        side = rs.side_name(side)
        if standing[g] > on_map[g] + free_remnants:
            # whatever their steps: a unit on the display waits for a remnant in play (or is not 3-step,
            # and stands there wrongly)
            units = [u for u in pos.units if u.hex == display and not is_remnant(u) and group(u) == g]
            out.append(rs.finding(board, f"{P} 10.4.1", "movement", f"the Remnant Display holds {rs.names(units)}, but "
                                  f"{count(on_map[g], f'{side} {kind} remnant')} in play "
                                  f"{'stand' if on_map[g] > 1 else 'stands'} for {'it' if len(units) == 1 else 'them'}"
                                  ", and none is unplaced: a unit stays on the display only while its remnant is in "
                                  "play; when the remnant is eliminated the unit goes to the Eliminated box (10.4.1, 19.6).",
                                  [display], units))
        elif assumed.get(g) and on_map[g]:
            # a remnant in play stands for them only if they are 3-step units (10.3), which the book does
            # not say of them
            units = assumed[g]
            rs.not_judged(f"{P} 10.4.1", f"{rs.names(units)} {'stands' if len(units) == 1 else 'stand'} on the Remnant "
                          f"Display for {count(on_map[g], f'{side} {kind} remnant')} in play, but whether "
                          f"{'it is a 3-step unit' if len(units) == 1 else 'they are 3-step units'} (10.3: only those "
                          "form a remnant) the book does not say: the kit's step count is illustrative")
        # an unplaced unit the kit counts as 3-step may be on the display (the position does not say)
        group_units = [x for x in roster if not is_remnant(x) and group(x) == g]
        if on_map[g] <= standing[g] + sum(1 for x in group_units if x in spare and x.unit.steps == REMNANT_STEPS):
            continue
        units = [u for u in pos.units if is_remnant(u) and in_play(u) and group(u) == g]
        # the finding holds only when the kit's step counts of the side and type are the book's: an
        # unplaced unit the kit counts otherwise may be a 3-step unit on the display, and a 3-step count
        # the kit invented (Brescia, Pavia, the Australian, New Zealand and South African brigades but
        # 6/2 NZ) is no evidence that the game has no other such unit (the book gives no roster)
        guessed = [x for x in group_units if not book_steps(x) and (x.unit.steps == REMNANT_STEPS or x in spare)]
        if guessed:
            rs.not_judged(f"{P} 10.4.1", f"{rs.names(units)} {'is' if len(units) == 1 else 'are'} in play with "
                          f"{count(standing[g], f'{side} 3-step {kind} unit')} on the Remnant Display and none "
                          f"unplaced of three steps by the kit, but the book gives the steps of none of {rs.names(guessed)} (2.3.5 shows only "
                          "6/2 NZ's; 10.4.1 names its 3-step units 「連隊又は旅団」 with no roster): whether the game "
                          f"has a 3-step unit on the display for {'it' if len(units) == 1 else 'them'} is not known")
        else:
            out.append(rs.finding(board, f"{P} 10.4.1", "movement", f"{rs.names(units)} "
                                  f"{'is' if len(units) == 1 else 'are'} in play, but the Remnant Display holds "
                                  f"{count(standing[g], f'{side} 3-step {kind} unit')} for "
                                  f"{'it' if len(units) == 1 else 'them'}, and none is unplaced: a remnant stands "
                                  "for a unit on the display; a 3-step unit and its remnant are never in play at once "
                                  "(10.4.1, 19.6).", sorted({u.hex for u in units}), units))
    return out
