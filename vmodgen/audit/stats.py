"""Statistics a play-by-email player wants: undos (per player), die rolls (from the Dice
button's chat reports; a roll taken back with Undo is listed apart, not counted), moves per
player and per side (an undone move is no move), and apart from the moves by side the units a
Send To Location command sent (its elimination to a box, a track): no drag, and VASSAL logs it
alike whether a player chose it from the menu, pressed its key or the module's own Trigger set it
off, so it is the step's player's move but not counted as a move of the unit's side. Player names
only: never a password."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..binding.trait_names import EDITOR_NAMES
from ..integrity.blank_movers import BY_SEAT, NOT_KNOWN  # noqa: F401 (BY_SEAT: for the reports)
from ..vassal.codec import decode
from ..vassal.dice import read_roll
from ..vassal.piece import Piece
from ..vassal.replay import Step
from ..vassal.traits import SendToLocation
from ..vassal.undo import HTML_TAG
from .coverage import player_of, takes_back, undone_by


@dataclass
class FileStats:
    steps: int = 0
    undos: int = 0
    moves_by_player: dict[str, int] = field(default_factory=dict)
    moves_by_side: dict[str, int] = field(default_factory=dict)
    #: side → moves of its units a Send To Location command made (:func:`sent_by_trait`), not in
    #: ``moves_by_side`` (in ``moves_by_player``, as every move)
    moves_sent: dict[str, int] = field(default_factory=dict)
    #: side → moves of its units a Mat carried (``Move.carried_by``: the Mat's move, made by hand or
    #: sent), in neither ``moves_by_side`` nor ``moves_by_player``
    moves_carried: dict[str, int] = field(default_factory=dict)
    rolls: list[tuple[str, str, list[int]]] = field(default_factory=list)   # (player, dice, values)
    #: move steps whose mover id was blank, credited by the seats (:mod:`vmodgen.integrity.blank_movers`)
    moves_by_seat: int = 0
    recorder: str = ""
    undos_by_player: dict[str, int] = field(default_factory=dict)
    #: rolls taken back with Undo: {"file", "step", "player", "dice", "values", "undone_by"}
    undone_rolls: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"steps": self.steps, "undos": self.undos, "undos_by_player": self.undos_by_player,
                "moves_by_player": self.moves_by_player,
                "moves_by_side": self.moves_by_side,
                **({"moves_sent": self.moves_sent} if self.moves_sent else {}),
                **({"moves_carried": self.moves_carried} if self.moves_carried else {}),
                **({"moves_by_seat": self.moves_by_seat} if self.moves_by_seat else {}),
                "die_rolls": summarize_rolls(self.rolls),
                "undone_rolls": self.undone_rolls, "recorded_by": self.recorder}


def is_undo(step: Step) -> bool:
    """An undo (not one of its inverse commands, which the replay gives as steps of their own
    in a VASSAL 2.x log)."""
    return step.undo


def file_stats(steps: list[Step], players: list[tuple[str, str]], sides: dict[str, str], path: str = "",
               formats: dict[str, str] | None = None) -> FileStats:
    """Statistics of one file (``path``): ``players`` (name, side) as of its start; ``sides``
    piece id → side; ``formats``: the module's dice buttons' own report formats by name (a
    roll whose format names no player is the step's player's)."""
    st = FileStats(steps=len(steps))
    st.recorder = recorder(steps, players, formats)
    for step in steps:
        who = player_of(step) or st.recorder
        if takes_back(step):
            if is_undo(step):
                st.undos += 1
                st.undos_by_player[who] = st.undos_by_player.get(who, 0) + 1
            continue
        undone = undone_by(step)
        for text in step.chat_text:
            r = read_roll(text, formats)
            if r and not r[0]:
                r = (who, r[1], r[2])
            if r and undone is not None:
                st.undone_rolls.append({"file": path, "step": step.index, "player": r[0], "dice": r[1],
                                        "values": r[2], "undone_by": undone})
            elif r:
                st.rolls.append(r)
        if undone is not None:
            continue                    # a move taken back is no move
        for mv in step.moves:
            pids = mv.members if mv.is_stack else [mv.piece_id]
            if mv.carried_by is not None:
                by = st.moves_carried                 # the Mat's move carried it: no move of its own
            else:
                by = st.moves_sent if sent_by_trait(step, mv) else st.moves_by_side
                st.moves_by_player[who] = st.moves_by_player.get(who, 0) + 1
            for side in {sides[p] for p in pids if p in sides}:
                by[side] = by.get(side, 0) + 1
    return st


#: the trait whose state says it moved its piece (its back point set to where the piece was)
SENT_BY = EDITOR_NAMES[SendToLocation.ID]
#: how the reports name ``moves_sent``, and what they say of it
SENT_LABEL = f"sent by a {SENT_BY} command"
SENT_MOVES = ("units moved by the trait's key or menu command, not a drag: a player's or the module's "
              "automation, which VASSAL logs alike; e.g. an elimination to a box or a track; counted by player, "
              "not by side")
#: how the reports name ``moves_carried``, and what they say of it
CARRIED_LABEL = "carried on a Mat"
CARRIED_MOVES = ("units moved with the Mat they lay on (VASSAL moves a Mat's cargo after it): the Mat's move, not "
                 "theirs; counted by neither player nor side")


def _back_points(type_chain: str, state_chain: str) -> list[tuple[str, str, str]]:
    """The (map, x, y) each Send To Location trait of a piece holds as its way back ("" each
    when none)."""
    out = []
    for t in Piece(type_chain, state_chain).traits:
        if isinstance(t, SendToLocation):
            f = decode(t.state, ";") + ["", "", ""]
            out.append((f[0], f[1], f[2]))
    return out


def sent_by_trait(step: Step, mv) -> bool:
    """Whether the move ``mv`` of ``step`` was made by a Send To Location trait of the piece, as
    VASSAL 3.7.26's ``SendToLocation.myKeyEvent`` logs it: in the same step a ``D/`` of the piece
    that sets the trait's way back to the point the piece left (sent), or clears the way back
    that is the point it goes to (sent back). A drag never changes that state. A piece sent
    again from the point it was last sent from (brought back there by hand) changes nothing in
    that state: the trait's ``ChangePiece`` is then a null command (``isNull``: the same state
    before and after), which ``Command.append`` drops, so the log holds only the ``M/`` and
    that send is not told apart from a drag."""
    changes = [c for c in step.changes if c.piece_id == mv.piece_id and SendToLocation.ID in c.type_chain]
    if not changes:
        return False
    left = (str(mv.old[0] or ""), str(mv.old[1]), str(mv.old[2]))
    went = (str(mv.new[0] or ""), str(mv.new[1]), str(mv.new[2]))
    for c in changes:
        try:
            before, after = _back_points(c.type_chain, c.old_state), _back_points(c.type_chain, c.new_state)
        except Exception:       # noqa: BLE001 - a state this reader cannot split: not the module's
            continue
        for b, a in zip(before, after):
            if b != a and (a == left or (b == went and a == ("", "", ""))):
                return True
    return False


SPEAKER = re.compile(r"^(?:<([^>]+)> - |\* <([^>]+)> )")


def recorder(steps: list[Step], players: list[tuple[str, str]],
             formats: dict[str, str] | None = None) -> str:
    """Who recorded a file: the name its own chat lines, dice reports and tracker reports give
    most often (a log holds only its recorder's actions); else the player its moves record most
    often; else the PLAYER names of its start."""
    count: dict[str, int] = {}
    for step in steps:
        for text in step.chat_text:
            r = read_roll(text, formats)
            m = SPEAKER.match(text)
            spoke = (m.group(1) or m.group(2)) if m else None
            name = (r[0] if r else None) or (spoke if spoke and not HTML_TAG.match(spoke) else None)
            if name:
                count[name] = count.get(name, 0) + 1
    if not count:
        # no chat line names anyone: the player VASSAL records with each move (a drag's ``M/``
        # command carries the mover's id), as in a file of drags only
        for step in steps:
            name = player_of(step)
            if name and name != NOT_KNOWN:
                count[name] = count.get(name, 0) + 1
    if count:
        return max(count, key=lambda n: count[n])
    return ", ".join(dict.fromkeys(n for n, _s in players)) or "unknown"


def summarize_rolls(rolls: list[tuple[str, str, list[int]]]) -> dict:
    """player → {count, dice: {spec: count}, total, mean of the sums, distribution of sums}."""
    out: dict[str, dict] = {}
    for player, dice, values in rolls:
        d = out.setdefault(player, {"count": 0, "dice": {}, "sums": {}, "mean": 0.0})
        d["count"] += 1
        d["dice"][dice] = d["dice"].get(dice, 0) + 1
        s = str(sum(values))
        d["sums"][s] = d["sums"].get(s, 0) + 1
    for player, d in out.items():
        total = sum(int(k) * n for k, n in d["sums"].items())
        d["mean"] = round(total / d["count"], 2) if d["count"] else 0.0
        d["sums"] = dict(sorted(d["sums"].items(), key=lambda kv: int(kv[0])))
    return out


def merge(stats: list[FileStats]) -> dict:
    """The whole chain's statistics (and per file)."""
    total = FileStats()
    for s in stats:
        total.steps += s.steps
        total.undos += s.undos
        total.moves_by_seat += s.moves_by_seat
        for k, v in s.undos_by_player.items():
            total.undos_by_player[k] = total.undos_by_player.get(k, 0) + v
        total.undone_rolls.extend(s.undone_rolls)
        total.rolls.extend(s.rolls)
        for k, v in s.moves_by_player.items():
            total.moves_by_player[k] = total.moves_by_player.get(k, 0) + v
        for k, v in s.moves_by_side.items():
            total.moves_by_side[k] = total.moves_by_side.get(k, 0) + v
        for k, v in s.moves_sent.items():
            total.moves_sent[k] = total.moves_sent.get(k, 0) + v
        for k, v in s.moves_carried.items():
            total.moves_carried[k] = total.moves_carried.get(k, 0) + v
    out = total.to_json()
    del out["recorded_by"]
    out["per_file"] = [s.to_json() for s in stats]
    return out
