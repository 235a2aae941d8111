"""Does the module given fit the files it audits? What a file played with another version of
the module shows: the version its own metadata names (VASSAL 3.7 ``GameState.checkMetaData``
only warns in its chat and plays on), pieces on maps the module lacks, pieces naming prototypes
it lacks. Each check gives a sentence for the report's warnings, or None.

A save carries each piece's full type (``AddPiece``), so VASSAL plays the piece as saved (its
Marker values, layers, name); only what the type names in the running module is looked up there:
its map (``Map.getMapById``: none → "Map not found", the piece on no map) and its prototypes
(``UsePrototype``: none → silently no traits from it). A board the saved layout names that the
map lacks is silently left out (``BoardPicker.decode``): pieces on it have no location.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..binding.pieces import prototype_names
from ..vassal.module import MAP_NOT_FOUND, Module
from ..vassal.reported_locations import FileWalk, grid_sentences, missing_boards
from ..vassal.savefile import SaveFile

def check_version(path: str, logged: str, version: str, module_name: str) -> str | None:
    """The sentence to report when a file's own metadata names another version of the module
    than the one given (VASSAL 3.7 ``GameState.checkMetaData`` only says so in its chat and plays
    on), or None when they agree or either is unknown."""
    if not logged.strip() or not version.strip() or logged.strip() == version.strip():
        return None
    return (f"{path} was saved with version '{logged}' of the module, the module given ('{module_name}') is "
            f"version '{version}': VASSAL plays on (it only warns in its chat) with each piece's type as saved in "
            "the file, and so does this audit; hexes are read with the given module's grids, so if a board was "
            "re-gridded, renumbered, swapped or renamed between the versions, positions may read wrong.")


def _lost(files: list[tuple[str, list[dict]]],
          missing: Callable[[tuple], list[str]]) -> tuple[dict[str, set[str]], list[str]]:
    """What the module lacks (``missing``: the names a snapshot entry needs that it lacks) →
    the pieces that need it, and the names of the files holding such pieces."""
    lost: dict[str, set[str]] = {}
    where: list[str] = []
    # the entries found to lack nothing, by identity (the snapshots hold them all through this
    # call; a piece unchanged between snapshots is the same entry in both): looked at once
    clean: set[int] = set()
    for path, snapshots in files:
        found = False
        for snap in snapshots:
            for pid, entry in (snap or {}).get("pieces", {}).items():
                if id(entry) in clean:
                    continue
                names = missing(entry)
                if not names:
                    clean.add(id(entry))
                for name in names:
                    lost.setdefault(name, set()).add(pid)
                    found = True
        if found:
            where.append(Path(path).name)
    return lost, where


def missing_maps(files: list[tuple[str, list[dict]]], maps: list[str]) -> str | None:
    """The sentence to report when pieces of the files (``(path, snapshots)``: each file's start
    and end) stand on a map the module given does not have (renamed or removed since the files
    were played: VASSAL's ``BasicPiece.setState`` reports "Map not found" and puts the piece on
    no map), or None. One sentence for the chain, naming the files."""
    known = set(maps)
    lost, where = _lost(files, lambda entry: [] if entry[0][0] is None or entry[0][0] in known else [entry[0][0]])
    if not lost:
        return None
    names = ", ".join(f"'{n}' ({len(p)} piece(s))" for n, p in sorted(lost.items()))
    shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
    return (f"Pieces of {shown} stand on map(s) the module given does not have: {names} (its maps: "
            f"{', '.join(repr(m) for m in maps[:8])}{', ...' if len(maps) > 8 else ''}): a map renamed or removed "
            f"since the files were played? {MAP_NOT_FOUND}; they are not judged.")


def missing_prototypes(files: list[tuple[str, list[dict]]], prototypes: dict[str, str]) -> str | None:
    """The sentence to report when pieces of the files (``(path, snapshots)``) name a prototype
    the module given does not have (renamed or removed since they were played: VASSAL's
    ``UsePrototype`` then silently adds none of its traits), or None."""
    names_of: dict[str, list[str]] = {}         # type chain → the prototypes it names

    def missing(entry) -> list[str]:
        t = entry[3]
        names = names_of.get(t)
        if names is None:
            names = names_of[t] = prototype_names(t, {}) if "prototype;" in t else []
        return [n for n in names if n not in prototypes]

    lost, where = _lost(files, missing)
    if not lost:
        return None
    items = sorted(lost.items())
    listed = ", ".join(f"'{n}' ({len(p)} piece(s))" for n, p in items[:8]) + (
        f" and {len(items) - 8} more" if len(items) > 8 else "")
    shown = ", ".join(where[:6]) + (f" and {len(where) - 6} more" if len(where) > 6 else "")
    return (f"Pieces of {shown} use prototype(s) the module given does not have: {listed}: renamed or removed since "
            "the files were played? VASSAL then silently gives those pieces none of the prototype's traits "
            "(properties, layers, commands), and so does this audit.")


def file_fit(path: str, save: SaveFile, module: Module) -> tuple[list[str], list[str]]:
    """What one file says about the module given, as ``(doubts, notes)``: against it, its saved
    board layout (:func:`missing_boards`) and VASSAL's own move reports or the names its moves kept
    (a re-gridded or renumbered board: :mod:`vmodgen.vassal.reported_locations`), sentences for the
    report's warnings in that order; no doubt about it, names an older version gave (the
    :func:`~vmodgen.vassal.reported_locations.grid_sentences` note), for its notes."""
    walk = FileWalk(save, module)         # the tree walked once for both
    warning, note = grid_sentences(path, save, module, walk)
    return [said for said in (missing_boards(path, save, module, walk), warning) if said], [note] if note else []
