"""A vmodgen unit as a save or log carries it, which may not be the module's palette piece.

VASSAL writes every piece's full type into a save (``AddPiece``) and builds the piece in play
from that saved type (``GameModule.createPiece``), never from the palette: a log played with
version A of a module and opened with version B keeps A's values (a Marker property changed in B,
a unit's movement allowance, its size) for every piece placed before. Only a prototype a piece
uses by name (``prototype;Allied unit``) is looked up in the running module. So the audit judges
a unit by its saved Marker values, as VASSAL plays it, and says which units differ from the
module given (:class:`SavedTypes`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..builder.pieces import unit_properties
from ..model import Game, Unit

#: properties that only describe (shown in the differences, never judged differently)
DESCRIPTIVE = ("illustrative", "unit_id", "two_sided")
#: of those, the ones not worth a warning (a kit's sourcing note changed)
UNSHOWN = ("illustrative",)
#: kinds of piece a warning names (the others counted)
SHOWN = 8


def saved_differences(game: Game, unit: Unit, props: dict[str, str]) -> list[tuple[str, str, str]]:
    """``(property, saved value, module value)`` for each Marker property of the kit's unit
    that the saved piece carries with another value (a property the saved piece lacks is not a
    difference: an older module may not have written it)."""
    ours = unit_properties(game, unit)
    return [(k, props[k], v) for k, v in ours.items() if k in props and props[k] != v]


def _int_or_text(game: Game, fid: str, text: str) -> int | str:
    kind = game.fields[fid].kind if fid in game.fields else "text"
    if kind == "int" and text.strip().lstrip("-").isdigit():
        return int(text.strip())
    return text


def unit_as_saved(game: Game, unit: Unit, diffs: list[tuple[str, str, str]]) -> tuple[Unit, list[str]]:
    """The kit's ``unit`` with the saved values of ``diffs`` (from :func:`saved_differences`), and
    the properties whose saved value this game cannot use (an unknown size, movement class or
    flag, a step count that is no number): those keep the module's value."""
    changes: dict[str, Any] = {}
    front = dict(unit.front)
    back = dict(unit.back) if unit.back is not None else None
    flags = set(unit.flags)
    kept: list[str] = []
    for key, saved, _ in diffs:
        if key in DESCRIPTIVE:
            continue
        if key in ("nationality", "formation"):
            changes[key] = saved
        elif key == "unit_size":
            if saved in game.unit_sizes or not saved:
                changes["size"] = saved
            else:
                kept.append(key)
        elif key == "steps":
            if saved.strip().isdecimal() and int(saved) >= 1:
                changes["steps"] = int(saved)
            else:
                kept.append(key)
        elif key == "movement_class":
            if saved in game.movement_classes or not saved:
                changes["movement_class"] = saved
            else:
                kept.append(key)
        elif key == "flags":
            new = {f.strip() for f in saved.split(",") if f.strip()}
            if new <= set(game.flags):
                flags = (flags & {"no_zoc"}) | new
            else:
                kept.append(key)
        elif key == "zoc":
            if saved == "no":
                flags.add("no_zoc")
            else:
                flags.discard("no_zoc")
        elif key.endswith("_back") and key[:-5] in game.fields:
            if back is not None:
                fid = key[:-5]
                if saved:
                    back[fid] = _int_or_text(game, fid, saved)
                else:
                    back.pop(fid, None)
        elif key in game.fields:
            if saved:
                front[key] = _int_or_text(game, key, saved)
            else:
                front.pop(key, None)
    return replace(unit, front=front, back=back, flags=frozenset(flags), **changes), kept


def show_difference(key: str, saved: str, module: str, label: str = "kit") -> str:
    """``key saved (label: module)``, an empty value shown as ``(none)``."""
    return f"{key} {saved or '(none)'} ({label}: {module or '(none)'})"


def show_differences(items: Sequence[tuple[str, Sequence[tuple[str, str, str]], Sequence[str]]],
                     label: str) -> str:
    """The differences of the first :data:`SHOWN` pieces, each ``(name, (key, saved, module)...,
    keys kept at the module's value)`` (:func:`show_difference` with ``label``), then how many
    more."""
    shown = "; ".join(f"{name}: " + ", ".join(show_difference(*d, label=label) for d in diffs)
                      + (f" [kept at the module's value, not understood: {', '.join(kept)}]" if kept else "")
                      for name, diffs, kept in items[:SHOWN])
    return shown + (f"; and {len(items) - SHOWN} more" if len(items) > SHOWN else "")


@dataclass
class SavedTypes:
    """What the pieces of the files said about the module given: units whose saved values
    differ from its palette, and pieces naming a unit its kit lacks (by unit id)."""
    #: unit id → (unit name, differences, properties kept at the module's value)
    differing: dict[str, tuple[str, tuple[tuple[str, str, str], ...], tuple[str, ...]]] = field(default_factory=dict)
    #: unit id → the piece's name
    unknown: dict[str, str] = field(default_factory=dict)

    def take(self) -> dict:
        out = {"differing": dict(self.differing), "unknown": dict(self.unknown)}
        self.differing.clear()
        self.unknown.clear()
        return out

    def add(self, obs: dict) -> None:
        for uid, v in obs.get("differing", {}).items():
            self.differing.setdefault(uid, v)
        for uid, name in obs.get("unknown", {}).items():
            self.unknown.setdefault(uid, name)

    def warnings(self, kit_id: str | None) -> list[str]:
        """Sentences for the top of a report (empty when every unit matched the palette)."""
        out = []
        if self.differing:
            items = sorted(self.differing.items())
            shown = show_differences([(name, [d for d in diffs if d[0] not in UNSHOWN], kept)
                                      for _, (name, diffs, kept) in items], "kit")
            out.append(f"{len(items)} unit(s) in the files carry other values than kit '{kit_id}' gives them (saved "
                       f"with another version of the module or kit: a save keeps each piece's type, and VASSAL "
                       f"plays the piece as saved): judged as saved. {shown}.")
        if self.unknown:
            unknown = sorted(self.unknown.items())
            shown = ", ".join(f"{name or '?'} ({uid})" for uid, name in unknown[:8])
            more = f", and {len(unknown) - 8} more" if len(unknown) > 8 else ""
            out.append(f"{len(unknown)} piece(s) in the files carry a unit id (a vmodgen unit's Marker) that kit "
                       f"'{kit_id}' does not have (a unit removed or renamed since the files were played, or a "
                       f"module of another game): not judged. {shown}{more}.")
        return out
