"""``vmodgen replay``: a chain of saves/logs as one self-contained HTML page that steps through
the game on the module's maps, with the audit's findings at their steps.

    html_text = replay_page(["t1.vlog", "t2.vlog"], module="game.vmod")

Parts: :mod:`.steps` reads the replay, :mod:`.timeline` turns it into per-step deltas,
:mod:`.looks` decides a piece's images, :mod:`.maps` the boards and hexes, :mod:`.images` the
pictures within size limits, :mod:`.page` writes the page, :mod:`.link` gives the audit report
its links into the page.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import InputError
from .link import viewer_link

if TYPE_CHECKING:
    from ..audit.model import AuditFinding, AuditResult
    from ..binding.base import Binding
    from ..vassal.module import Module
    from .maps import MapView
    from .timeline import Timeline

__all__ = ["chat_turns", "replay_page", "viewer_link"]


def replay_page(files: list[str], *, module: str | None = None, game: str | None = None,
                binding: str | None = None, reveal_hidden: bool = False, force: bool = False,
                keep_order: bool = False) -> str:
    """The HTML text of the replay of ``files`` (in play order). With a vmodgen-built module,
    ``--game`` or ``--binding`` the game's rules are audited and the findings listed. A piece its
    owner masked or hid is drawn as the other players see it unless ``reveal_hidden``. A file
    whose own metadata names another module than ``module`` is refused unless ``force``. Files
    given in plain name order are replayed in natural order unless ``keep_order``."""
    from ..vassal.module import read_module
    from ..vassal.savefile import read_save
    from .maps import map_views
    from .page import render_page
    from .timeline import build_timeline
    if not files:
        raise InputError(None, "no save or log to replay")
    if game and binding:
        raise InputError(None, "give either --game or --binding, not both")
    if (game or binding) and not module:
        raise InputError(binding or game, "the rules need the module the game was played with: give --module")
    from ..audit.order import play_order
    files = list(files) if keep_order else play_order(list(files))   # the audit's order: its steps are the page's
    mod = read_module(module) if module else None
    result, b, skipped = _audit(files, mod, module, game, binding, force)      # files: in order already
    if result is not None:                   # its findings as an opponent sees them (audit/redact.py)
        from ..audit.redact import for_report
        result = for_report(result, reveal_hidden)
    saves = [(f, read_save(f)) for f in files]
    tl = build_timeline(saves, mod, b, reveal_hidden)
    views = map_views(mod, tl.used, b)
    bookmarks = _bookmarks(tl, result, b)
    findings = _findings(tl, views, result)
    notes = []
    if result is not None:
        name = getattr(getattr(b, "game", None), "name", "") or result.game
        notes.append(f"{len(result.findings)} finding(s) by the rules of {name}"
                     + (f", binding {Path(binding).name}" if binding else "") + ".")
        from ..audit.coverage import not_judged_sentence, partial_sentence
        # as every format of the audit's report says them (the rules not judged: imfix25)
        for line in (partial_sentence(result.coverage), not_judged_sentence(result.coverage)):
            if line:
                notes.append(line.replace("; see the coverage section", " (vmodgen audit's coverage section says why)")
                             .replace(": see the coverage section", ": vmodgen audit's coverage section"))
        notes += [f"Warning: {w}" for w in result.coverage.get("warnings", [])[:6]]
        notes += result.notes[:6]
    elif skipped:
        notes.append(skipped)
    elif mod is not None and not _has_hex_grid(mod):
        notes.append("No rules were checked: no board of this module has a hex grid, which the rules "
                     "judge (vmodgen integrity still checks dice, undos and seats).")
    elif mod is not None:
        notes.append("No rules were checked: the module was not built by vmodgen (give --binding).")
    if mod is not None and result is None:      # no audit said it: the version each file names
        from ..audit.module_fit import check_version
        from ..audit.order import check_module
        for f, save in saves:              # refused as the audit refuses it, unless force
            said = (check_module(f, save.module_name, mod.name, force, judged=False)
                    or check_version(f, save.module_version, mod.version, mod.name))
            if said:
                notes.append(f"Warning: {said}")
        lacking = sorted(m for m, points in tl.used.items() if points and m not in mod.maps)
        if lacking:                               # what integrity's and the audit's Module: say
            from ..vassal.module import MAP_NOT_FOUND
            notes.append(f"Warning: pieces stand on map(s) the module given does not have: "
                         f"{', '.join(repr(m) for m in lacking)} (its maps: "
                         f"{', '.join(repr(m) for m in list(mod.maps)[:8]) or 'none'}): a map renamed or removed "
                         f"since the files were played? {MAP_NOT_FOUND}.")
    if reveal_hidden:
        notes.append("Pieces masked or hidden by their owner are shown in full (--reveal-hidden).")
    title = (mod.name + ": " if mod is not None and mod.name else "") + ", ".join(Path(f).name for f in files)
    return render_page(title, tl, views, mod, bookmarks, findings, notes)


def _has_hex_grid(mod: Module) -> bool:
    """Whether a board of the module has a hex grid (its own, a zoned grid's or a zone's)."""
    from ..binding.generic_map import hex_grid_of
    return any(hex_grid_of(b.grid) is not None for m in mod.maps.values() for b in m.boards.values())


def _audit(files: list[str], mod: Module | None, module_path: str | None, game: str | None,
           binding_path: str | None, force: bool = False) -> tuple[AuditResult | None, Binding | None, str]:
    """The audit of the chain and its binding (None, None when no rules apply), and why the rules
    were not checked when the module's own kit cannot be found."""
    from ..audit import audit
    from ..audit.run import make_binding
    from ..binding.base import find_kit_id
    if mod is None or (not binding_path and not game and find_kit_id(mod) is None):
        return None, None, ""
    try:
        b, m = make_binding(module_path, game, binding_path, module=mod)
    except InputError as exc:
        if game or binding_path:
            raise                   # the rules were asked for: their fault is the user's to fix
        return None, None, f"No rules were checked: {exc}"
    return audit(files, preset=(b, m), force=force, keep_order=True), b, ""


def _bookmarks(tl: Timeline, result: AuditResult | None, b: Binding | None) -> list[dict[str, Any]]:
    """One per file, and one where the turn or phase changes (the audit's reading of the phase:
    turn tracker or chat; else the tracker's own text)."""
    out: list[dict[str, Any]] = []
    for i, f in enumerate(tl.files):
        out.append({"frame": tl.file_start[i], "text": f"file {i + 1}: {Path(f).name}", "kind": "file"})
    phases = []
    if result is not None:
        for info in result.files:
            for ph in info.phases:
                k = tl.frame_of(info.path, ph["step"])
                if k is not None:
                    phases.append((k, ph["turn"], ph["phase"]))
    if phases:
        seq = getattr(b.game, "sequence", None) if b is not None else None
        last_turn = object()
        for k, turn, phase in phases:
            p = seq.phase(phase) if seq is not None and phase else None
            name = p.name if p is not None and p.name else (phase or "phase unknown")
            kind = "turn" if turn != last_turn else "phase"
            last_turn = turn
            out.append({"frame": k, "text": (f"turn {turn} \u00b7 " if turn is not None else "") + name,
                        "kind": kind})
    elif tl.trackers:
        for k, text in tl.trackers:
            out.append({"frame": k, "text": text, "kind": "turn"})
    else:
        out += chat_turns(tl.frames)
    out.sort(key=lambda e: (e["frame"], e["kind"] != "file"))
    return out


_TURN = re.compile(r"\b(?:game\s+)?turn\s*#?\s*(\d{1,3})\b", re.I)


def chat_turns(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Turns inferred from chat when nothing else tells them: the first line naming each
    turn number higher than the last ("Turn 3", "game turn 4")."""
    out: list[dict[str, Any]] = []
    last = 0
    for k, frame in enumerate(frames):
        for line in frame.get("chat", ()):
            m = _TURN.search(line)
            if m and int(m.group(1)) > last:
                last = int(m.group(1))
                out.append({"frame": k, "text": f"turn {last} (from chat)", "kind": "turn"})
    return out


def _findings(tl: Timeline, views: list[MapView], result: AuditResult | None) -> list[dict[str, Any]]:
    if result is None:
        return []
    where: dict[str, tuple[str, int, int]] = {}
    for v in views:
        for h in v.hexes:
            where.setdefault(h.label, (v.name, h.x, h.y))
    out = []
    for f in result.findings:
        k = tl.frame_of(f.file, f.step)
        if k is None:              # kept (the report links findings by their number)
            k = 0
        hexes = [[tl.map_no(where[h][0]), where[h][1], where[h][2], h] for h in f.hexes if h in where]
        out.append({"frame": k, "rule": f.rule, "message": f.message, "where": _where(f),
                    "hexes": hexes, "file": Path(f.file).name, "step": f.step})
    return out


def _where(f: AuditFinding) -> str:
    parts = [f"{Path(f.file).name} step {f.step}"]
    if f.where():
        parts.append(f.where())
    return ", ".join(parts)
