"""Statistics a play-by-email player wants: undos, die rolls (from the Dice button's chat
reports), moves per player and per side. Player names only: never a password."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..vassal.replay import Step

#: ``*** 2d6 = 3,4 *** <Joel>`` (VASSAL Dice button), ``*** (IFT DR) 6,6 ***   <test>`` (VASL).
#: Read by :func:`parse_roll` in one pass; only the dice spec uses a regex, anchored and linear.
DICE_SPEC = re.compile(r"(\d*d\d+)\s*=\s*")
_DIGITS = re.compile(r"\d+")


@dataclass
class FileStats:
    steps: int = 0
    undos: int = 0
    moves_by_player: dict[str, int] = field(default_factory=dict)
    moves_by_side: dict[str, int] = field(default_factory=dict)
    rolls: list[tuple[str, str, list[int]]] = field(default_factory=list)   # (player, dice, values)
    recorder: str = ""

    def to_json(self) -> dict:
        return {"steps": self.steps, "undos": self.undos, "moves_by_player": self.moves_by_player,
                "moves_by_side": self.moves_by_side, "die_rolls": summarize_rolls(self.rolls),
                "recorded_by": self.recorder}


def parse_roll(text: str) -> tuple[str, str, list[int]] | None:
    """(player, dice, values) of a dice report line, or None. Linear in the line: a chat line of
    many spaces costs no backtracking."""
    t = text.strip()
    if not t.startswith("***"):
        return None
    rest = t[3:].lstrip()
    m = DICE_SPEC.match(rest)
    if m:
        dice, rest = m.group(1), rest[m.end():]
    elif rest.startswith("("):
        close = rest.find(")")
        if close < 0:
            return None
        dice, rest = rest[1:close], rest[close + 1:].lstrip()
    else:
        return None
    end = rest.find("***")
    if end <= 0 or not all(c.isdecimal() or c == "," or c.isspace() for c in rest[:end]):
        return None
    values = [int(v) for v in _DIGITS.findall(rest[:end])]
    after = rest[end + 3:].lstrip()
    close = after.find(">")
    if not values or not after.startswith("<") or close < 0:
        return None
    return after[1:close].strip(), dice, values


def file_stats(steps: list[Step], players: list[tuple[str, str]], sides: dict[str, str]) -> FileStats:
    """Statistics of one file: ``players`` (name, side) as of its start; ``sides`` piece id → side."""
    st = FileStats(steps=len(steps))
    st.recorder = recorder(steps, players)
    for step in steps:
        if step.undo:
            st.undos += 1
            continue
        for text in step.chat_text:
            r = parse_roll(text)
            if r:
                st.rolls.append(r)
        for mv in step.moves:
            st.moves_by_player[st.recorder] = st.moves_by_player.get(st.recorder, 0) + 1
            pids = mv.members if mv.is_stack else [mv.piece_id]
            for side in {sides[p] for p in pids if p in sides}:
                st.moves_by_side[side] = st.moves_by_side.get(side, 0) + 1
    return st


SPEAKER = re.compile(r"^(?:<([^>]+)> - |\* <([^>]+)> )")


def recorder(steps: list[Step], players: list[tuple[str, str]]) -> str:
    """Who recorded a file: the name its own chat lines, dice reports and tracker reports give
    most often (a log holds only its recorder's actions); else the PLAYER names of its start."""
    count: dict[str, int] = {}
    for step in steps:
        for text in step.chat_text:
            r = parse_roll(text)
            m = SPEAKER.match(text)
            name = r[0] if r else (m.group(1) or m.group(2)) if m else None
            if name:
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
        total.rolls.extend(s.rolls)
        for k, v in s.moves_by_player.items():
            total.moves_by_player[k] = total.moves_by_player.get(k, 0) + v
        for k, v in s.moves_by_side.items():
            total.moves_by_side[k] = total.moves_by_side.get(k, 0) + v
    out = total.to_json()
    del out["recorded_by"]
    out["per_file"] = [s.to_json() for s in stats]
    return out
