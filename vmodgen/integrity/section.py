"""The integrity section of a report, from every file's facts and the chain's continuity:
a JSON-ready dict that the text, JSON and HTML reports render."""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from .dice import Roll
from .facts import UNDO_EVIDENCE, FileFacts, typed_roll_own
from .fairness import fit, longest_streak
from .roster import Roster, replay_roster

#: sides that hold every piece or none: a player in one of them moves for nobody in a 2-sided game
OPEN_SIDES = {"<observer>", "solitaire", "solo", "referee", ""}


def integrity_section(facts: list[FileFacts], continuity: list | None = None) -> dict:
    """Dice, undo and re-roll forensics, seats, versions and seams; ``flags``: the sentences a
    player should read first (each one a fact, none an accusation)."""
    flags: list[str] = []
    dice = _dice(facts, flags)
    undo = _undo(facts, flags)
    seats = _seats(facts, flags)
    versions = _versions(facts, flags)
    seams = _seams(facts, continuity or [], flags)
    out = {"flags": flags, "dice": dice, "undo": undo, "taken_back": _taken_back(facts), "seats": seats,
           "versions": versions, "seams": seams}
    pieces = [{"file": f.path, **p} for f in facts for p in f.pieces_changed]
    replaced = [{"file": f.path, **r} for f in facts for r in f.replaced]
    if pieces or replaced:   # only when some were: a chain without any reads as before
        changed: dict[str, Any] = {"added": sum(1 for p in pieces if p["what"] == "added"),
                                   "removed": sum(1 for p in pieces if p["what"] == "removed"), "items": pieces}
        back = [{"file": f.path, **b} for f in facts for b in f.put_back]
        if back:        # only when some were
            changed["put_back"] = back
        if replaced:    # only when some were
            changed["replaced"] = replaced
        out["pieces"] = changed
    edits = [{"file": f.path, **e} for f in facts for e in f.edits]
    if edits:           # only when some were
        out["edits"] = edits
    return out


# -- dice ------------------------------------------------------------------------------------
def _dice(facts: list[FileFacts], flags: list[str]) -> dict:
    rolls = [r for f in facts for r in f.rolls]
    kept = [r for r in rolls if not r.undone]
    players: dict[str, dict] = {}
    groups: dict[tuple[str, str], list[Roll]] = defaultdict(list)
    for r in kept:
        groups[(r.player, r.kind)].append(r)
    for (player, kind), rs in sorted(groups.items()):
        faces = [v for r in rs for v in r.values]
        sides = rs[0].sides
        entry: dict = {"rolls": len(rs), "dice": len(faces),
                       "buttons": dict(Counter(r.button for r in rs)),
                       "sides_assumed": any(r.sides_assumed for r in rs)}
        if sides:
            result = fit(faces, sides)
            entry["test"] = result.to_json()
            if result.p_value is not None and result.p_value < 0.01:
                flags.append(f"Dice: {player}'s {len(faces)} {kind} faces are uneven (p = {result.p_value:.4f}); "
                             "see the dice table for what that means.")
        streak = longest_streak(faces)
        if streak:
            first = _roll_of_die(rs, streak.start)
            entry["longest_streak"] = {"face": streak.face, "length": streak.length,
                                       "file": first.file, "step": first.step}
        per_file = []
        for path in dict.fromkeys(r.file for r in rs):
            fs = [v for r in rs if r.file == path for v in r.values]
            per_file.append({"file": path, "rolls": sum(1 for r in rs if r.file == path), "dice": len(fs),
                             "mean": round(sum(fs) / len(fs), 3) if fs else None})
        entry["per_file"] = per_file
        if sides:
            odd = [r for r in rs if any(not 1 <= v <= sides for v in r.values)]
            if odd:
                entry["outside_faces"] = [_roll_json(r) for r in odd]
                flags.append(f"Dice: {len(odd)} of {player}'s {kind} roll(s) show a value a {kind} cannot give "
                             f"(faces 1-{sides}; e.g. {odd[0].file} step {odd[0].step}: {odd[0].button} = "
                             f"{','.join(map(str, odd[0].values))}): the button adds to its dice, or was changed "
                             "(an edited module), or the line was edited; these values are left out of the test.")
        players.setdefault(player, {})[kind] = entry
    mismatched: list[dict[str, Any]] = [{"file": f.path, "step": k, "button": b, "chat": list(v), "result_property": said}
                  for f in facts for k, b, v, said in f.roll_mismatches]
    for m in mismatched:
        flags.append(f"Dice: {m['file']} step {m['step']}: the chat says {m['button']} = "
                     f"{','.join(map(str, m['chat']))}, but the {m['button']}_result property VASSAL set in the "
                     f"same step says {m['result_property']}: the chat line was edited after VASSAL wrote it.")
    pressless: list[dict[str, Any]] = [{"file": f.path, "step": k, "button": b, "values": list(v)}
                 for f in facts for k, b, v in f.rolls_without_press]
    for m in pressless:
        flags.append(f"Dice: {m['file']} step {m['step']}: a report '{m['button']} = "
                     f"{','.join(map(str, m['values']))}' with no press of a dice button behind it (VASSAL 3.2 and "
                     f"later set {m['button']}_result in the same step): the line was put in by hand, or by a "
                     "module's own report that mimics a roll.")
    undone = [_roll_json(r) for r in rolls if r.undone]
    out = {"players": players, "undone_rolls": undone,
           "rolls": [_roll_json(r) for r in rolls],
           "note": "Undone rolls are listed apart and left out of the tests."}
    unread: list[dict[str, Any]] = [{"file": f.path, "step": k, "text": t} for f in facts for k, t in f.unread_rolls]
    if mismatched:
        out["edited"] = mismatched
    if pressless:
        out["without_press"] = pressless
    typed = _typed(facts, flags)
    if typed:
        out["typed"] = typed
    if unread:
        out["unread"] = unread
        files = len({u["file"] for u in unread})
        flags.append(f"Dice: {len(unread)} chat line(s) in {files} file(s) look like die rolls in a form "
                     f"vmodgen cannot read (e.g. {unread[0]['file']}:{unread[0]['step']} "
                     f"'{_clip(unread[0]['text'])}'): they are not in the dice table and were not tested.")
    return out


def _typed(facts: list[FileFacts], flags: list[str]) -> list[dict]:
    """Rolls a player typed in chat, each against the dice-button rolls (not undone) since the
    last claim before it that repeated a roll, that roll included (the first claim of a file:
    since its start, and the rolls of the file before since that file's last such claim, as a
    player may repeat the opponent's roll that closed it): the same values, or their total, say
    what roll it repeats. Any other claim is listed to check (``matches`` false); it is flagged only
    when it is unambiguous: the line opens with the speaker's own roll ("I rolled 6") and no
    button roll at all was made since the claim before it, nor in the file before since its last
    claim (a typed roll in place of one)."""
    out = []
    carried: list[Roll] = []       # the rolls of the file before after its last repeated roll
    for f in facts:
        repeated: list[Roll] = []  # the roll the last matching claim repeated (a claim may say it again)
        fresh = list(carried)      # the rolls after it: none repeated yet
        since = 0                  # the step of the claim before, in this file
        for k, player, text, values in f.typed_rolls:
            fresh += [r for r in f.rolls if not r.undone and since < r.step <= k]
            window = repeated + fresh
            match = next((r for r in reversed(window)
                          if values == r.values or values == (sum(r.values),)), None)
            shown = match or (window[-1] if window else None)
            out.append({"file": f.path, "step": k, "player": player, "text": text, "values": list(values),
                        "button_roll": _roll_json(shown) if shown else None, "matches": match is not None})
            # the first claim of a chain's first file may repeat a roll of a file not given
            if match is None and not fresh and typed_roll_own(text) and (since or f is not facts[0]):
                flags.append(f"Dice: {f.path} step {k}: {player} typed '{_clip(text)}' (no dice-button roll since "
                             + ("the claim before it" if since else
                                "the start of the file, nor in the file before after its last claim")
                             + "): a roll typed in chat is not a roll VASSAL made; it is not in the dice table.")
            if match is not None:
                i = window.index(match)
                repeated, fresh = [match], window[i + 1:]
            since = k
        carried = fresh + [r for r in f.rolls if not r.undone and r.step > since]
    return out


def _clip(text: str, n: int = 70) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _roll_of_die(rolls: list[Roll], die_index: int) -> Roll:
    n = 0
    for r in rolls:
        n += len(r.values)
        if die_index < n:
            return r
    return rolls[-1]


def _roll_json(r: Roll) -> dict:
    return {"file": r.file, "step": r.step, "player": r.player, "button": r.button, "kind": r.kind,
            "values": list(r.values), "undone": r.undone}


# -- undo and re-rolls -----------------------------------------------------------------------
def _undo(facts: list[FileFacts], flags: list[str]) -> dict:
    by_player: Counter = Counter()
    undos = []
    rerolls = []
    for f in facts:
        for u in f.undos:
            by_player[u.player or "unknown"] += 1
            undos.append({"file": f.path, "step": u.step, "player": u.player, "took_back": list(u.took_back),
                          "what": list(u.what), "moves": [dict(m) for m in u.moves],
                          "evidence": u.evidence or "other",
                          "evidence_text": UNDO_EVIDENCE.get(u.evidence or "other", "")})
        rerolls += _rerolls(f)
    repeated = [r for r in rerolls if r["verdict"] == "same"]
    different = [r for r in rerolls if r["verdict"] == "different"]
    for r in different:
        flags.append(f"Re-roll: {r['player']} rolled {r['button']} = {','.join(map(str, r['undone_values']))} "
                     f"({r['file']} step {r['undone_step']}), undid it, and rolled "
                     f"{','.join(map(str, r['new_values']))} at step {r['new_step']}: the roll at step "
                     f"{r['new_step']} is the one that stands.")
    if repeated:
        flags.append(f"{len(repeated)} undone roll(s) came back with the same values: the result did not "
                     "change (the same steps executed again, or a new roll that happened to match).")
    unmatched = [u for u in undos if not u["took_back"]]
    return {"count": len(undos), "by_player": dict(by_player), "undos": undos, "rerolls": rerolls,
            "re_executed": len(repeated), "re_rolled": len(different), "unpaired": len(unmatched),
            "moves_only": sum(1 for u in undos if u["evidence"] == "moves only")}


# -- taken back by hand ----------------------------------------------------------------------
def _taken_back(facts: list[FileFacts]) -> dict:
    """Unit moves dragged back by hand within a phase, or taken back by an undo the log lost
    (``how``: "lost undo"; vmodgen.audit.takeback), as the audit found them: each with its
    file, steps, unit, hexes and the findings it withdrew. ``judged``
    is False when no rules ran (``vmodgen integrity``): a take-back needs units and phases."""
    judged = any(f.taken_back is not None for f in facts)
    items = []
    for f in facts:
        for t in f.taken_back or ():
            item = dict(t)
            inv = item.get("inverse_of")
            marked = _marks(f.vassal_version)
            item["how"] = "by hand" if inv is None or marked else "inverse commands"
            if inv is not None and not marked:       # VASSAL 3.4+ marks its undos: a drag by hand
                item["note"] = _inverse_note(inv, item.get("restores") or [])
            if item.get("lost_undo"):
                item["how"] = "lost undo"
                item["note"] = _lost_undo_note(item["hexes"][0], item.get("consequence"))
            if item.get("before_seam"):
                item["note"] = "; ".join(n for n in (item.get("note"), BEFORE_SEAM_NOTE) if n)
            items.append(item)
    moves = sum(len(t["steps"]) for t in items)
    gone = {(t["file"], w["step"], w["rule"], w["message"]) for t in items for w in t.get("withdrawn_findings", ())}
    in_phase = sum(len(t["steps"]) for t in items if t.get("judged_phase"))
    return {"judged": judged, "count": len(items), "unit_moves": moves, "unit_moves_in_phase": in_phase,
            "withdrawn_findings": len(gone),
            "items": items}


#: what the integrity list says of a take-back whose withdrawn stops were reached before a seam
BEFORE_SEAM_NOTE = ("the unit reached the stops withdrawn before this file began (or before an Undo or Prev "
                    "brought the phase back): only the drags listed are withdrawn here; what was reported on the "
                    "earlier ones stands")


def _lost_undo_note(at: str, consequence: int | None) -> str:
    """What the integrity list says of a take-back whose return the log lacks."""
    note = (f"the log does not show the return: the recorder's VASSAL had the unit at {at} when it was "
            "dragged (a lost undo)")
    if consequence:
        note += f"; the withdrawn leg spans a roll or another change at step {consequence}"
    return note


def _inverse_note(step: int, restores: list[str]) -> str:
    """What a log of VASSAL before 3.4 says about a drag back that is the inverse of a withdrawn step."""
    if any(r.startswith("Moved ") and r.endswith("→false") for r in restores):
        return (f"the drag back holds the inverse commands of step {step} and sets {', '.join(restores)}, "
                "which a drag by hand never writes (VASSAL marks a dragged piece as moved): most likely an "
                "Undo that the replay did not pair (VASSAL before 3.4 writes an undo as just these commands)")
    if restores:
        return (f"the drag back holds the inverse commands of step {step} (and sets {', '.join(restores)}): "
                "VASSAL before 3.4 writes an Undo of that step the same way, so this may be either")
    return (f"the drag back holds exactly the inverse commands of step {step}: VASSAL before 3.4 writes an "
            "Undo of a drag and a drag back by hand to the same point alike, so this may be either")


def _marks(version: str) -> bool:
    from ..vassal.undo import marks_undo
    return marks_undo(version)


def _rerolls(f: FileFacts) -> list[dict]:
    """Each undone roll against the next roll of the same player and button after it: the same
    values (a re-execution) or different ones (a re-roll)."""
    out = []
    used: set[int] = set()
    undo_step = {k: u.step for u in f.undos for k in u.took_back}
    for i, r in enumerate(f.rolls):
        if not r.undone:
            continue
        after = undo_step.get(r.step, r.step)
        for j in range(i + 1, len(f.rolls)):
            s = f.rolls[j]
            if j in used or s.undone or s.step <= after or s.player != r.player or s.button != r.button:
                continue
            used.add(j)
            out.append({"file": f.path, "player": r.player, "button": r.button, "undone_step": r.step,
                        "undone_values": list(r.values), "new_step": s.step, "new_values": list(s.values),
                        "verdict": "same" if s.values == r.values else "different"})
            break
    return out


# -- seats -----------------------------------------------------------------------------------
def _seats(facts: list[FileFacts], flags: list[str]) -> dict:
    files = []
    holders: dict[str, list[tuple[str, str]]] = defaultdict(list)    # side -> (file, name)
    keys: dict[str, set[str]] = defaultdict(set)                      # password key -> names
    empty: set[str] = set()
    playable = {s.side for f in facts for s in f.seats if s.side.strip().lower() not in OPEN_SIDES}
    for f in facts:
        # the mark is a zip comment anyone can write: a file that keeps a password is no sanitized
        # copy, and all its passwords (the empty ones too) are compared as in any other file
        blanked = f.sanitized and all(s.empty_password for s in f.seats)
        roster = replay_roster(f.seats, blanked)
        switched: list[dict] = []       # the flags' facts, as fields (changed sides within, both held)
        shared_side: list[dict] = []
        for s, before, sharing in roster.claims:
            if before is not None and before != s.side:
                switched.append({"name": s.name, "from": before, "to": s.side, "step": s.step})
                flags.append(f"Seats: {s.name} changed sides within {f.path} ({before} -> {s.side}, "
                             f"step {s.step}).")
            if s.side.strip().lower() not in OPEN_SIDES:
                if sharing:
                    # a claim of a side another player still holds hands nothing over: VASSAL's side
                    # dialog offers only free sides (PlayerRoster.getAvailableSides), so an edited
                    # file or a race wrote it (rv-d22 item 2)
                    where = "its starting roster" if s.step == 0 else f"step {s.step}"
                    shared_side.append({"side": s.side, "names": [*sharing, s.name], "step": s.step})
                    flags.append(f"Seats: {' and '.join(sharing)} and {s.name} both held {s.side} in "
                                 f"{f.path} ({where}).")
                elif not holders[s.side] or holders[s.side][-1][1] != s.name:
                    # each claim in its order: a side handed to another player within the file changes hands
                    holders[s.side].append((f.path, s.name))
            if blanked:                 # sanitize blanked every password (the file says, and none is kept)
                continue
            keys[s.password_key].add(s.name)
            if s.empty_password:
                empty.add(s.name)
        namesakes = _namesakes(f.path, roster, flags)
        twice = {n["name"] for n in namesakes}
        # a name two entries bear says nothing of which seat made a move: its moves are not judged
        seated = {name: side for name, side in roster.seated.values() if name not in twice}
        recorder_side = seated.get(f.recorder)
        open_moves: list[dict] = []     # the flag "moved pieces ... while seated as", as a field
        entry = {"file": f.path, "recorder": f.recorder, "recorder_side": recorder_side,
                 "seats": [{"name": n, "side": sd} for n, sd in roster.seated.values()],
                 "moves_by_player": f.moves_by_player, "changed_sides": switched, "both_held": shared_side,
                 "open_seat_moves": open_moves, "same_name": namesakes}
        crossed = _other_sides_moved(f, seated, playable, twice)
        if crossed:
            entry["other_sides_moved"] = crossed
            for c in crossed:
                shown = ", ".join(f"{m['name'] or 'a unit'} (step {m['step']})" for m in c["moves"][:5])
                flags.append(f"Seats: {c['player']} ({c['player_side']}) moved units of {c['unit_side']} "
                             f"{len(c['moves'])} time(s) in {f.path}: {shown}{', …' if len(c['moves']) > 5 else ''}. "
                             "The rules may have that side's units moved by the other player (a retreat, an "
                             "advance after combat): check each.")
        files.append(entry)
        # every player's moves, not only the recorder's: a live game's log holds every client's
        # moves, and an observer who drags is as often another player as the recorder (rv-d22 item 1)
        for mover in (f.move_steps if playable else {}):
            if mover in twice:
                continue
            steps = _open_seat_moves(f, seated, mover)
            if not steps:
                continue
            open_seat = steps[0][1]
            open_moves.append({"name": mover, "seat": open_seat, "steps": [k for k, _ in steps]})
            # a player who sits at no side moves for nobody while others hold sides (VASSAL lets an
            # observer drag any piece that has no Restricted Access)
            flags.append(f"Seats: {mover} moved pieces in {f.path} while seated as "
                         f"'{open_seat or 'no side'}' (sides held by players in these files: "
                         f"{', '.join(sorted(playable))}).")
    changes = []
    for side, seq in holders.items():
        for (p1, n1), (p2, n2) in zip(seq, seq[1:]):
            changes.append({"side": side, "from": n1, "to": n2, "file": p2})
            flags.append(f"Seats: {side} changed hands from {n1} to {n2} in {p2}.")
    shared = sorted(sorted(names) for names in keys.values() if len(names) > 1)
    for names in shared:
        flags.append(f"Seats: {' and '.join(names)} joined with the same password (compared by hash; never shown).")
    for name in sorted(empty):
        flags.append(f"Seats: {name} joined with an empty password: anyone can take that seat.")
    for f in facts:
        if not (f.sanitized and f.seats):
            continue
        kept = sorted({s.name for s in f.seats if not s.empty_password})
        if kept:        # anyone can write a zip comment: the mark is false, the passwords were compared
            flags.append(f"Seats: {f.path} says its passwords were blanked by 'vmodgen sanitize', but "
                         f"{' and '.join(kept)} joined with a password in it: the mark is false (the file was "
                         "changed after sanitize or marked by hand); its passwords were compared as in any other file.")
        else:
            flags.append(f"Seats: {f.path}: its passwords were blanked by 'vmodgen sanitize' (the file says so): "
                         "who joined with which password cannot be compared in it.")
    return {"files": files, "side_changes": changes, "shared_password": shared, "empty_password": sorted(empty),
            "whose_units_judged": any(f.sides_known for f in facts)}


def _namesakes(path: str, roster: Roster, flags: list[str]) -> list[dict]:
    """The claims of a side under a name another seated entry bears at another side (the field
    ``same_name``), each said in ``flags``: two players of one name, told apart by their
    passwords (never shown), or, in a copy whose passwords were blanked, not told apart."""
    out = []
    for s, other, told in roster.namesakes:
        where = "its starting roster" if s.step == 0 else f"step {s.step}"
        out.append({"name": s.name, "sides": [other, s.side], "step": s.step, "told_apart": told})
        if told:
            flags.append(f"Seats: two entries named {s.name} sat in {path} ({other} and {s.side}, {where}) "
                         "under different passwords (compared by hash; never shown): two players of one name, "
                         "or one player who joined again under another password; moves under that name are "
                         "not judged against a side.")
        else:
            flags.append(f"Seats: {s.name} took {s.side} in {path} ({where}) while {s.name} held {other}, "
                         "with no side change in that step; its passwords were blanked, so whether a second "
                         "player of that name joined or the same player changed sides cannot be told.")
    return out


def _side_key(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def _open_seat_moves(f: FileFacts, seated: dict[str, str], mover: str) -> list[tuple[int, str]]:
    """Each step at which ``mover`` moved pieces in ``f`` while seated at an open seat (observer,
    solitaire …, "" for none), with that seat, read at the step (a player who moved as German and
    then gave the seat up did not move as an observer); [] when every move was made from a
    side's seat."""
    out = []
    for step in f.move_steps.get(mover, ()):
        side = _seat_at(f, seated, mover, step)
        if side is not None and side.strip().lower() in OPEN_SIDES:
            out.append((step, side))
    return out


def _seat_at(f: FileFacts, seated: dict[str, str], player: str, step: int) -> str | None:
    """The side ``player`` held at ``step`` of ``f`` (a side change within the file counts from
    its step on); the file's last seat (``seated``) when the roster never names the player."""
    side: str | None = None
    named = False
    for s in f.seats:
        if s.name != player or s.step > step:
            continue
        named = True
        side = None if s.removed else s.side
    return side if named else seated.get(player)


def _other_sides_moved(f: FileFacts, seated: dict[str, str], playable: set[str], twice: set[str]) -> list[dict]:
    """The moves in ``f`` of a player seated at a side (``seated``: name → roster side) of units
    whose side (the audit's binding) is another side held in the files (``playable``), by
    player and side (none of a name in ``twice``: two entries bear it); the binding's side is the roster's side of the same name (case and
    punctuation aside), else the one roster side that names it (``Germans`` for ``german``); a
    side that matches none, or several, is not judged."""
    from ..binding.fuzzy import names_side
    held: dict[str, str | None] = {}

    def roster_side(unit_side: str) -> str | None:
        if unit_side not in held:
            same = [sd for sd in playable if _side_key(sd) == _side_key(unit_side)]
            named = same or [sd for sd in playable if names_side(sd, unit_side) or names_side(unit_side, sd)]
            held[unit_side] = named[0] if len(named) == 1 else None
        return held[unit_side]

    out: dict[tuple[str, str], dict] = {}
    for m in f.side_moves:
        if m["player"] in twice:        # two entries of that name: which seat moved is unknown
            continue
        mine = _seat_at(f, seated, m["player"], m["step"])
        theirs = roster_side(m["side"])
        if mine is None or mine not in playable or theirs is None or theirs == mine:
            continue
        c = out.setdefault((m["player"], theirs), {"player": m["player"], "player_side": mine,
                                                   "unit_side": theirs, "moves": []})
        c["moves"].append({"step": m["step"], "id": m["id"], "name": m["name"]})
    return list(out.values())


# -- versions and seams ----------------------------------------------------------------------
def _versions(facts: list[FileFacts], flags: list[str]) -> dict:
    files = [{"file": f.path, "module": f.module_name, "module_version": f.module_version,
              "vassal_version": f.vassal_version, "saved": f.date_saved,
              **({"archive": list(f.archive)} if f.archive else {})} for f in facts]
    for f in facts:
        for doubt in f.archive:
            flags.append(f"File: {f.path}: {doubt}.")
    changes = []
    for a, b in zip(facts, facts[1:]):
        for key, what in (("module_name", "module"), ("module_version", "module version"),
                          ("vassal_version", "VASSAL version")):
            x, y = getattr(a, key), getattr(b, key)
            if x and y and x != y:
                changes.append({"what": what, "before": x, "after": y, "file": b.path})
                flags.append(f"Versions: the {what} changes from {x} to {y} in {b.path}.")
    return {"files": files, "changes": changes}


def _seams(facts: list[FileFacts], continuity: list, flags: list[str]) -> list[dict]:
    out = []
    for a, b in zip(facts, facts[1:]):
        issues = [c for c in continuity if c.before == a.path and c.after == b.path]
        counts = Counter(c.what for c in issues)
        out.append({"before": a.path, "after": b.path, "differences": len(issues), **dict(counts)})
        if b.starts_at:
            out[-1]["starts_at"] = b.starts_at
        if issues:
            flags.append(f"Seam: {b.path} does not start where {a.path} ended ({len(issues)} difference(s): "
                         + ", ".join(f"{n} {w}" for w, n in sorted(counts.items())) + ")"
                         + (f"; it starts {b.starts_at}" if b.starts_at else "") + "; see continuity.")
    return out
