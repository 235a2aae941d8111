"""Helpers for the rules tests: positions written as TOML text, built with small functions."""
from __future__ import annotations

import dataclasses

import textwrap
from pathlib import Path

from vmodgen.rules.position_file import load_position
from vmodgen.rules import ruleset_for

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"


def toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {toml(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def table(name: str, **kw) -> str:
    return f"\n[[{name}]]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in kw.items() if v is not None)


def unit(id: str, side: str, hex: str, **kw) -> str:
    return table("units", id=id, side=side, hex=hex, **kw)


def section(name: str, **kw) -> str:
    """A TOML table ``[name]`` with the keys given (``[state]``, ``[rules]``...)."""
    return f"\n[{name}]\n" + "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())


def state(**kw) -> str:
    """The ``[state]`` table: history carried between phase ends."""
    return section("state", **kw)


def grid(lines: tuple[int, int], positions: tuple[int, int]) -> str:
    """An inline ``[grid]``: the ranges of hex lines (columns) and of positions along them (rows)."""
    return f"[grid]\nline_range = {toml(list(lines))}\npos_range = {toml(list(positions))}\n"


def builder(side: str, **defaults):
    """A unit builder ``f(id, hex, **kw)`` for ``side``: ``unit`` with the ``defaults`` added
    (after the keys given) where ``kw`` does not state them."""
    def build(id: str, hexid: str, **kw) -> str:
        for k, v in defaults.items():
            kw.setdefault(k, v)
        return unit(id, side, hexid, **kw)
    return build


def head(ruleset: str, sides: tuple[str, str], **kw) -> str:
    """The ``[position]`` table of an inline game (``phase``, ``turn``... as keyword arguments)."""
    out = f'[position]\nruleset = "{ruleset}"\nsides = {toml(list(sides))}\n'
    out += "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())
    return out


def position(text: str, name: str = "inline.toml"):
    return load_position(POSITIONS / name, text=textwrap.dedent(text))


def as_log(p):
    """Position ``p`` as a log's: its phase its turn tracker's (``phase_from_tracker``, which the
    audit's position builder sets on every log and save position: the one test of "a log",
    ``vmodgen.rules.core.tracker_lag.from_tracker``), the rest as the file states it."""
    return dataclasses.replace(p, phase_from_tracker=True)


def findings(text: str):
    p = position(text)
    return ruleset_for(p.game).check(p)


def rules(text: str) -> list[str]:
    return sorted({f.rule for f in findings(text)})


def status(text: str, side: str) -> dict[str, str]:
    p = position(text)
    return ruleset_for(p.game).supply_status(p, side)


def edited_rulebook_position(game_dir: str, tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    """A copy in ``tmp_path`` of the rulebook position ``name`` of ``POSITIONS/rulebook/<game_dir>`` with
    ``edits`` (old, new) made."""
    text = (POSITIONS / "rulebook" / game_dir / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def rulebook_verdict(game_dir: str, tmp_path: Path, name: str,
                     *edits: tuple[str, str]) -> tuple[list[str], dict[str, str]]:
    """The rules found in the rulebook position ``name`` of ``POSITIONS/rulebook/<game_dir>`` with
    ``edits`` (old, new) made, and what the check could not judge (rule id -> why)."""
    pos = load_position(str(edited_rulebook_position(game_dir, tmp_path, name, *edits)))
    rules = ruleset_for(pos.game)
    return [x.rule for x in rules.check(pos)], rules.take_not_judged()
