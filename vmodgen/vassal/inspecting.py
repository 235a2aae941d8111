"""The library side of ``vmodgen inspect``: summaries of modules, and the pieces of a save or
log after a given step, as plain dicts (JSON-ready) and as readable text tables.

Passwords never appear: piece properties are limited to Marker values, Layer levels and
other trait properties that cannot hold a player id, and no command text is printed. A piece
its owner masked or hid is shown as the other players see it unless asked (``reveal_hidden``).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..columns import clip, pad, width
from ..errors import printable
from .buildfile import grid_summary
from .concealment import place_concealed, private_map_ids
from .looks import SECRET_PROPS, concealed_by_owner, set_by_owner
from .module import MAP_NOT_FOUND, Module
from .piece import Piece, expand_prototypes
from .traits import Deck, DynamicProperty, Hideable, Layer, Marker, Obscurable
from .turns import tracker_states


# ------------------------------------------------------------------ modules

def _level(level) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": level.kind, "property": level.property_name}
    a = level.attributes
    if level.kind == "CounterTurnLevel":
        out.update({k: a[k] for k in ("start", "incr", "loop", "loopLimit") if k in a})
    elif level.kind == "ListTurnLevel":
        out["list"] = level.items
    if level.levels:
        out["levels"] = [_level(sub) for sub in level.levels]
    return out


_CORNERS = ("top left", "top right", "bottom left", "bottom right")


def _corner_labels(grid, size: tuple[int, int] | None) -> dict[str, str | None] | None:
    """The labels VASSAL gives the hexes (cells) at the board's four corners, as a sample of
    what the grid names; None without a grid or a known size."""
    if grid is None or size is None or size[0] < 1 or size[1] < 1:
        return None
    w, h = size
    out: dict[str, str | None] = {}
    for name, (x, y) in zip(_CORNERS, ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))):
        try:
            out[name] = grid.location_name(*grid.snap_to(x, y, True, True))
        except (ValueError, ZeroDivisionError, OverflowError):
            out[name] = None
    return out


def module_summary(m: Module) -> dict[str, Any]:
    """Everything ``inspect`` shows about a module, JSON-ready."""
    maps = []
    for mp in m.maps.values():
        placed = {p.board.name: p for p in (mp.layout or [])}
        boards = []
        for b in mp.boards.values():
            p = placed.get(b.name)
            boards.append({
                "name": b.name, "image": b.image or None, "size": list(b.size) if b.size else None,
                "reversible": b.reversible, "grid": grid_summary(b.grid),
                "corner_labels": _corner_labels(b.grid, b.size),
                "placed": None if p is None else {"column": p.column, "row": p.row, "x": p.x, "y": p.y,
                                                  "reversed": p.reversed}})
        maps.append({"name": mp.name, "kind": mp.kind, "edge": list(mp.edge), "boards": boards,
                     "board_choice": "fixed" if mp.layout else "chosen at game start"})
    slots: dict[str, int] = {}
    for s in m.piece_slots:
        slots[s.kind] = slots.get(s.kind, 0) + 1
    return {
        "kind": "module", "file": m.path, "name": m.name, "version": m.version,
        "vassal_version": m.vassal_version, "build_file": m.build_file,
        "description": m.attributes.get("description") or m.metadata.get("description", ""),
        "maps": maps,
        "piece_slot_counts": slots,
        "piece_slots": [{"name": s.name, "gpid": s.gpid, "kind": s.kind, "palette": " / ".join(s.path)}
                        for s in m.piece_slots],
        "prototypes": list(m.prototypes),
        "sides": m.sides,
        "turn_trackers": [{"name": t.name, "levels": [_level(lv) for lv in t.levels]}
                          for t in m.turn_trackers],
        "setups": [{"name": s.name, "file": s.file or None, "menu": s.is_menu,
                    "in": " / ".join(s.path) or None} for s in m.setups],
        "images": len(m.images),
        "warnings": list(m.warnings),
    }


def module_text(d: dict[str, Any]) -> str:
    lines = [f"Module  {d['name']} {d['version']}  (VASSAL {d['vassal_version'] or '?'}, {d['build_file']})"]
    if d["description"]:
        lines.append(f"        {d['description']}")
    lines.append(f"Maps    {len(d['maps'])}")
    for mp in d["maps"]:
        lines.append(f"  {mp['name']}  [{mp['kind']}, edge {mp['edge'][0]}x{mp['edge'][1]}, "
                     f"boards {mp['board_choice']}]")
        for b in mp["boards"]:
            size = f"{b['size'][0]}x{b['size'][1]}" if b["size"] else "size unknown"
            where = (f" at ({b['placed']['x']},{b['placed']['y']})" if b["placed"] else "")
            lines.append(f"    board {b['name']}: {b['image'] or 'no image'} {size}{where}")
            lines.append(f"      {b['grid']}")
            corners = b.get("corner_labels")
            if corners and any(corners.values()):
                lines.append("      labels " + ", ".join(f"{v or '-'} {k}" for k, v in corners.items()))
    counts = ", ".join(f"{n} {k}s" for k, n in d["piece_slot_counts"].items()) or "none"
    lines.append(f"Pieces  {counts}")
    palettes: dict[str, int] = {}
    for s in d["piece_slots"]:
        palettes[s["palette"]] = palettes.get(s["palette"], 0) + 1
    for name, n in list(palettes.items())[:40]:
        lines.append(f"  {n:5d}  {name or '(top level)'}")
    if len(palettes) > 40:
        lines.append(f"  ... {len(palettes) - 40} more palettes (--json lists every slot)")
    protos = d["prototypes"]
    lines.append(f"Prototypes {len(protos)}" + (": " + ", ".join(protos[:12]) if protos else "")
                 + (" ..." if len(protos) > 12 else ""))
    lines.append("Sides   " + (", ".join(d["sides"]) or "none"))
    for t in d["turn_trackers"]:
        lines.append(f"Turns   {t['name']}: " + _levels_text(t["levels"]))
    lines.append(f"Setups  {len(d['setups'])}")
    for s in d["setups"]:
        kind = "menu" if s["menu"] else (s["file"] or "no file")
        lines.append(f"  {(s['in'] + ' / ') if s['in'] else ''}{s['name']}  ({kind})")
    lines.append(f"Images  {d['images']}")
    for w in d["warnings"]:
        lines.append(f"warning: {w}")
    return "\n".join(map(printable, lines))     # the module's names: no line forged, no terminal code


def _levels_text(levels: list[dict]) -> str:
    parts = []
    for lv in levels:
        if lv["kind"] == "CounterTurnLevel":
            s = f"{lv['property'] or 'counter'} (from {lv.get('start', '1')})"
        elif lv["kind"] == "ListTurnLevel":
            s = f"{lv['property'] or 'list'} ({', '.join(lv.get('list', []))})"
        else:
            s = lv["kind"]
        if lv.get("levels"):
            s += " > " + _levels_text(lv["levels"])
        parts.append(s)
    return "; ".join(parts)


# ------------------------------------------------------------------ saves and logs

_ENCODINGS = {"!VCSK": "VCSK", "VOBS": "VOBS", "plain": "plain"}


def _expanded(piece, prototypes: dict[str, str] | None):
    """``piece`` with its prototypes expanded (as VASSAL does when it draws it), or itself."""
    if prototypes:
        t = piece.encode_type()
        if "prototype;" in t:
            t, st = expand_prototypes(t, piece.encode_state(), prototypes)
            return Piece(t, st)
    return piece


def _properties(piece, reveal: bool = True, outer=None) -> dict[str, str]:
    """Marker values, Layer levels (``<layer>_Level``; a level that follows a property read
    through ``outer`` as well, see :meth:`Piece.layer_level`) and Dynamic Property values
    (prototypes expanded); unless ``reveal``, none from inside a Mask or Invisible trait its
    owner set."""
    out: dict[str, str] = {}
    lookup = None
    for trait in reversed(piece.traits):         # the outermost definition wins
        if isinstance(trait, (Marker, DynamicProperty)):
            out.update(trait.properties())
        elif isinstance(trait, Layer):
            if trait.follows:
                lookup = piece.lookup(outer) if lookup is None else lookup
                out[f"{trait.name}_Level"] = str(piece.layer_level(trait, lookup))
            else:
                out[f"{trait.name}_Level"] = str(trait.level)
        elif not reveal and isinstance(trait, (Obscurable, Hideable)) and set_by_owner(trait):
            out.clear()                          # what is inside the mask stays unseen
    for k in SECRET_PROPS:
        out.pop(k, None)
    return out


def _deck_count_unseen(state, rec, shown: dict[str, str], reveal: bool, outer) -> list[str]:
    """The properties listed for a card in a Deck that the deck's count expressions mention but
    do not see: the ones only its prototypes give. VASSAL's ``Deck.updateCounts`` asks the card's
    ``getProperty``, and ``UsePrototype`` answers from its own traits, not the prototype's
    (3.7.26 and 3.8.0-beta1, :func:`vmodgen.vassal.property_scope._counted`); inspect lists the
    card as VASSAL draws it, prototypes expanded. Empty for a piece in no deck, or in a deck
    without count expressions (or with expression counting off)."""
    st = state.stacks.get(rec.stack) if rec.stack else None
    if not shown or st is None or not st.deck or "prototype;" not in rec.piece.type_chain:
        return []
    deck = state.pieces.get(rec.stack)               # a Deck is saved as a piece (property_scope)
    trait = next((t for t in (deck.piece.traits if deck is not None else []) if isinstance(t, Deck)), None)
    expressions = [expr for _label, expr in trait.count_expressions] if trait is not None else []
    if not expressions:
        return []
    own = _properties(rec.piece, reveal, outer)
    return [k for k in shown if k not in own and any(_mentions(expr, k) for expr in expressions)]


def _mentions(expression: str, name: str) -> bool:
    """Whether a count expression names property ``name`` (``Count=Two``, ``$Count$``,
    ``{Count == "Two"}``, ``GetProperty("Count")``): the name not inside a longer identifier."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", expression) is not None


def inspect_save(path: str | Path, module: Module | None = None, step: int | None = None,
                 reveal_hidden: bool = False) -> dict[str, Any]:
    """The pieces of a save or log after ``step`` (see module docstring), JSON-ready.

    A piece its owner masked (Mask trait) or hid (Invisible trait) is shown as VASSAL shows it
    to the other players, with ``hidden_by_owner`` saying which: masked, it is named
    "(masked)" and has no properties from inside the mask; hidden, VASSAL does not draw it at
    all, so it is named "(hidden)" with no position, properties or stack (and is left out of
    its stack's members). ``reveal_hidden`` shows everything (for the owner, a referee or after
    the game) and the result says so (``"hidden_revealed": true``)."""
    from ..errors import InputError
    from .property_scope import scope_lookup, turn_properties
    from .replay import final_state
    from .reported_locations import FileWalk, grid_sentences, missing_boards
    from .savefile import read_save
    save = read_save(path)
    warnings: list[str] = []
    # VASSAL's move reports (or kept names) against this module's labels (before the replay sets the boards)
    walk = FileWalk(save, module) if module is not None else None
    regridded, kept_names = grid_sentences(str(path), save, module, walk) if module is not None else (None, None)
    apply = module.apply_board_command if module else None
    locate = module.locate if module else None
    # one lean pass (no step records, no undo pairing), the state after ``step`` copied on the way
    n, got = final_state(save, locate=locate, apply_boards=apply, warnings=warnings, at=step,
                         stacking=module)
    k = n if step is None else step
    if got is None:
        raise InputError(path, f"--step {step} is out of range: this file has steps 0 to {n}")
    state = got
    if module is not None:          # the boards chosen as of step k (a log may change them)
        from .codec import encode
        for map_id, tokens in state.boards.items():
            module.apply_board_command(map_id + "BoardPicker\t" + encode(tokens, "\t"))
    protos = module.prototypes if module else None
    trackers = tracker_states(state.turns, module, state.properties)
    turns = turn_properties(trackers)

    labels: dict[tuple, str | None] = {}      # map point → label (pieces share a few points)

    def label(m: str | None, x: int, y: int) -> str | None:
        if locate is None or not m:
            return None
        key = (m, x, y)
        try:
            return labels[key]
        except KeyError:
            got = labels[key] = locate(m, x, y)
            return got

    private = private_map_ids(module)

    pieces: list[dict[str, Any]] = []
    done: set[str] = set()
    unseen: set[str] = set()          # pieces hidden (Invisible) from the others: no place shown
    last: list[dict[str, Any]] = []   # their rows

    def add(pid: str) -> None:
        rec = state.pieces.get(pid)
        if rec is None or pid in done:
            return
        done.add(pid)
        m, x, y = rec.position
        # the properties first: they read the type chain before the name decodes the traits
        # (a decoded piece encodes its chains again to hand them out)
        full = _expanded(rec.piece, protos)
        # named as VASSAL names it: the prototypes' traits too, a label's Calculated Property
        # worked out, a Global Property read from the save (:mod:`.property_scope`)
        scope = scope_lookup(state, rec, turns)
        props = _properties(full, reveal_hidden, scope)
        name = full.name_in(scope)
        row: dict[str, Any] = {"id": pid, "name": name, "map": m, "x": x, "y": y, "hex": label(m, x, y),
                               "stack": rec.stack, "properties": props}
        # (kind, the name the others see): hidden by its owner, else by where it is (a face-down
        # deck hides only a piece that has a Mask trait)
        hid = concealed_by_owner(full)
        if hid is not None:
            row["hidden_by_owner"] = hid[0]
        else:
            hid = place_concealed(state, rec, private, full)
            if hid is not None:
                row["hidden_by_place"] = hid[0]
                if hid[0] == "mask" and not reveal_hidden:
                    row["properties"] = {}       # a face-down card: nothing from inside its mask
        unseen_by_deck = _deck_count_unseen(state, rec, row["properties"], reveal_hidden, scope)
        if unseen_by_deck:
            row["deck_count_unseen"] = unseen_by_deck
        if hid is not None:
            how = hid[0]
            if not reveal_hidden:
                row["name"] = hid[1]
                if how == "invisible":      # not drawn for the others: nothing of where it is
                    unseen.add(pid)
                    row.update({"map": None, "x": None, "y": None, "hex": None, "stack": None,
                                "properties": {}})
                    last.append(row)        # listed at the end: its rank in a stack tells nothing
                    return
        pieces.append(row)

    stacks = []
    for sid, st in state.stacks.items():
        for pid in st.members:
            add(pid)
        members = [p for p in st.members if p not in unseen] if unseen else list(st.members)
        if members or not st.members:
            stacks.append({"id": sid, "map": st.map, "x": st.x, "y": st.y,
                           "hex": label(st.map, st.x, st.y), "members": members})
    for pid in state.pieces:
        add(pid)
    pieces += last
    if not reveal_hidden:
        _alias_concealed(pieces, stacks)
    if module is not None:
        _warn_unknown_maps(pieces, module, warnings)
    mod_meta = save.moduledata
    if module is not None and mod_meta is not None and mod_meta.name and module.name \
            and mod_meta.name != module.name:
        # first: it makes the hexes, the tracker's phase and the prototypes' properties below wrong
        warnings.insert(0, f"the file was saved with module '{mod_meta.name}', not '{module.name}' (--module): hex "
                           "labels, turn tracker text and the properties its prototypes give are read with the wrong "
                           "module; give the module it was played with")
    if module is not None and save.module_version.strip() and module.version.strip() \
            and save.module_version.strip() != module.version.strip():
        warnings.append(f"the file was saved with version '{save.module_version}' of the module, the module given is "
                        f"version '{module.version}': each piece shows as saved in the file (as VASSAL plays it); "
                        "hex labels are read with the given module's grids, wrong if a board was re-gridded, "
                        "renumbered or swapped since")
    for said in (missing_boards(str(path), save, module, walk) if module is not None else None, regridded, kept_names):
        if said:
            warnings.append(said)
    if module is None and any(p.get("map") for p in pieces):
        warnings.append("no module given (--module): the hex column is not read ('-', null in JSON); a location is a label of "
                        "the module's boards, which only the module holds: give it to read them")
    if protos is None and not reveal_hidden:
        named = sum("prototype;" in rec.piece.type_chain for rec in state.pieces.values())
        if named:
            warnings.append(f"{named} piece(s) use prototypes, which only the module holds: a Mask or Invisible "
                            "trait in a prototype cannot be seen, so those pieces are shown as saved, hidden "
                            "or not (give --module to show them as an opponent sees them)")
    out: dict[str, Any] = {
        "kind": "log" if save.is_log else "save",
        "file": str(path),
        "encoding": _ENCODINGS.get(save.encoding, save.encoding),
        "vassal_version": save.vassal_version,
        "module": {"name": save.module_name, "version": save.module_version} if save.module_name else None,
        "steps": n,
        "step": k,
        "players": [{"name": name, "side": side} for name, side in state.players],
        "turns": trackers,
        "pieces": pieces,
        "stacks": stacks,
        "warnings": warnings + (list(module.warnings) if module else []),
    }
    if reveal_hidden:
        out["hidden_revealed"] = True
    return out


def _alias_concealed(pieces: list[dict[str, Any]], stacks: list[dict[str, Any]]) -> None:
    """Each concealed piece's id replaced by its alias (:mod:`.aliases`), in its row and in its
    stack's members: the id would tie it to where another file shows it unconcealed."""
    from .aliases import Aliases
    names = Aliases()
    for row in pieces:
        if "hidden_by_owner" in row or "hidden_by_place" in row:
            row["id"] = names.alias(row["id"])
    if len(names):
        for st in stacks:
            st["members"] = [names.shown(p) for p in st["members"]]


#: the text table's mark of a piece hidden by where it is (:mod:`.concealment`)
_PLACE_TAGS = {"mask": "face-down deck", "invisible": "private map"}


def _num(v: int | None) -> str:
    return "-" if v is None else str(v)


def save_text(d: dict[str, Any]) -> str:
    """A readable table of :func:`inspect_save`'s result."""
    head = (f"{d['kind'].capitalize()}  {Path(d['file']).name}  ({d['encoding']}, VASSAL "
            f"{d['vassal_version'] or '?'}"
            + (f", module {d['module']['name']} {d['module']['version']}" if d["module"] else "")
            + f")  {d['steps']} steps; pieces after step {d['step']}: {len(d['pieces'])}")
    lines = [head]
    # before the pieces: a warning may say the table below reads wrong (another module given)
    lines += [f"warning: {w}" for w in d["warnings"]]
    if d["players"]:
        lines.append("Players " + ", ".join(f"{p['name']} ({p['side']})" for p in d["players"]))
    for tracker, st in d["turns"].items():
        lines.append(f"Turn    {tracker}: {st.get('text') or st['state']}")
    if d.get("hidden_revealed"):
        lines.append("Hidden  revealed: pieces masked or hidden by their owner, or by where they are, are "
                     "shown in full (marked [mask] / [invisible] / [face-down deck] / [private map])")
    rows: list[tuple[str, ...]] = [("id", "name", "map", "x", "y", "hex", "stack", "properties")]
    for p in d["pieces"]:
        props = " ".join(f"{k}={v}" for k, v in p["properties"].items())
        how = p.get("hidden_by_owner")
        place = p.get("hidden_by_place")
        tag = f"[{how}]" if how else (f"[{_PLACE_TAGS[place]}]" if place in _PLACE_TAGS else "")
        if tag:
            props = f"{tag} " + props if props else tag
        rows.append(tuple(map(printable, (p["id"], p["name"], p["map"] or "-", _num(p["x"]), _num(p["y"]),
                                          p["hex"] or "-", p["stack"] or "-", props))))
    widths = [min(max(width(r[i]) for r in rows), 40) for i in range(7)]
    for r in rows:
        lines.append("  ".join(pad(clip(c, 40), w) for c, w in zip(r[:7], widths)) + "  " + r[7])
    lines += _deck_notes(d["pieces"])
    return "\n".join(map(printable, lines))     # the save's names: no line forged, no terminal code


def _deck_notes(pieces: list[dict[str, Any]]) -> list[str]:
    """One line per deck whose cards list properties its count expressions do not see
    (:func:`_deck_count_unseen`)."""
    by_deck: dict[tuple, dict[str, None]] = {}
    for p in pieces:
        if p.get("deck_count_unseen"):
            names = by_deck.setdefault((p["map"] or "-", p["hex"] or p["stack"] or "-"), {})
            names.update(dict.fromkeys(p["deck_count_unseen"]))
    return [f"Deck    {m} / {where}: its count expressions do not see {', '.join(names)} (listed for its "
            "cards, but only their prototypes give them: VASSAL's Deck.updateCounts reads a card's own traits)"
            for (m, where), names in by_deck.items()]


def _warn_unknown_maps(pieces: list[dict[str, Any]], module: "Module", warnings: list[str]) -> None:
    """Pieces on a map the module has none of: VASSAL finds no map by that id, reports "No such
    map" (a piece added) or "Could not find map" (a piece moved) and leaves them out (a save or
    log from another version of the module: The Longest Day's logs, Warhammer Underworlds)."""
    counts: dict[str, int] = {}
    for row in pieces:
        m = row["map"]
        if m and module.map(m) is None:
            counts[m] = counts.get(m, 0) + 1
    for m, n in counts.items():
        warnings.append(f"{n} piece(s) are on map '{m}', which the module does not have: {MAP_NOT_FOUND}; "
                        "a file from another version of the module?")

