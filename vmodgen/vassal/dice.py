"""Die-roll reports in chat: what VASSAL's dice buttons (and VASL's dice) write.

- ``*** 2d6 = 3,4 *** <Joel>``: a DiceButton (3.x default ``** $name$ = $result$ *** <$playerName$>``,
  to which VASSAL adds a ``*``; 2.x wrote the same line); the name is the button's own;
- ``*** 1d6 = [3] *** <Joel>``, ``*** 2d6 = [3] [5] *** <Joel>``: a SpecialDiceButton whose faces
  are numbers (3.x default ``** $name$ = [$result1$] *** <$PlayerName$>``, the ``*`` added too);
- ``*** (IFT DR) 6,6 ***   <test>   [1 / 3 avg ...]``: VASL's dice buttons.

An undone roll reads ``* UNDO: *** d6 = 3 *** <Joel>``: not a roll. The parser scans with
``str.find`` only (no regular expression that could backtrack on hostile chat text).
"""
from __future__ import annotations

__all__ = ["parse_roll", "parse_roll_as", "read_roll"]


def parse_roll(text: str) -> tuple[str, str, list[int]] | None:
    """``(player, button, values)`` of a dice report line, or None."""
    t = text.strip()
    if not t.startswith("***"):
        return None
    end = t.find("***", 3)
    if end < 0:
        return None
    body, rest = t[3:end].strip(), t[end + 3:].lstrip()
    if not rest.startswith("<"):
        return None
    close = rest.find(">")
    if close < 0:
        return None
    player = rest[1:close].strip()
    if body.startswith("("):
        cp = body.find(")")
        if cp < 0:
            return None
        button, result = body[1:cp].strip(), body[cp + 1:]
    else:
        eq = body.find("=")
        if eq < 0:
            return None
        button, result = body[:eq].strip(), body[eq + 1:]
    values = []
    for tok in result.replace(",", " ").split():
        if len(tok) > 2 and tok[0] == "[" and tok[-1] == "]":
            tok = tok[1:-1]          # a SpecialDiceButton's face text (its default "[$result1$]")
        if not (tok.isascii() and tok.isdigit()) or len(tok) > 6:
            return None
        values.append(int(tok))
    if not values or not player:
        return None
    return player, button, values


_PLAYER_VARS = ("playername", "playerid", "playerside")


def parse_roll_as(text: str, name: str, fmt: str) -> tuple[str, str, list[int]] | None:
    """``(player, name, values)`` of a chat line written by the DiceButton ``name`` whose own
    ``reportFormat`` is ``fmt`` (a module's format other than the default, e.g. HTML with die
    pictures: ``<b>** $name$= <img src="d6_$result1$.png"> ($result$) ***</b>``); None when the
    line is not that button's report. VASSAL puts a ``*`` (and a space before a format that
    starts with markup) before the formatted text. The format's literal parts are found in order
    with ``str.find``; ``$result$`` must be the dice's values (``3,4``), ``$result1$`` ... (each
    die) win over it; ``$name$`` must be the button's name; the player is '' when the format
    names none (the caller knows who played the step)."""
    t = text.strip()
    if t.startswith("*"):
        t = t[1:].lstrip()
    parts = fmt.strip().split("$")
    if len(parts) < 3 or len(parts) % 2 == 0:
        return None
    pos, player, values = 0, "", None
    each: list[int] = []                         # $result1$, $result2$ ...: each kept die
    pending: str | None = None                   # a variable waiting for the next literal
    for i, part in enumerate(parts):
        if i % 2 == 1:
            pending = part
            continue
        if pending is None:
            if not t.startswith(part, pos):
                return None
            pos += len(part)
            continue
        end = t.find(part, pos) if part else len(t)
        if end < 0:
            return None
        value, pos = t[pos:end], end + len(part)
        var = pending.lower()
        if var == "name" and value.strip() != name:
            return None
        if var == "result" or (var.startswith("result") and var[6:].isdigit()):
            toks = value.replace(",", " ").split()
            if not toks or not all(x.isascii() and x.isdigit() and len(x) <= 6 for x in toks):
                return None
            if var == "result":
                values = values if each else [int(x) for x in toks]
            else:
                each.append(int(toks[0]) if len(toks) == 1 else -1)
                values = [v for v in each if v >= 0]
        elif var in _PLAYER_VARS and var != "playerside":
            player = value.strip()
        pending = None
    if values is None or pos != len(t):
        return None
    return player, name, values


def read_roll(text: str, formats: dict[str, str] | None = None) -> tuple[str, str, list[int]] | None:
    """``(player, button, values)`` of a chat line that reports a roll, or None: VASSAL's default
    line first (:func:`parse_roll`), then each of the module's dice buttons in its own report
    format (``formats``: button name → reportFormat, as ``Module.dice_formats``). The player is
    '' when the button's format names none (the caller gives the step's player)."""
    r = parse_roll(text)
    if r is not None or not formats:
        return r
    for name, fmt in formats.items():
        r = parse_roll_as(text, name, fmt)
        if r is not None:
            return r
    return None
