"""The Longest Day (a module vmodgen did not build) audited with the generic rules through the
worked example binding ``examples/tld/binding.toml``: the phases announced in chat are read,
the four real logs of game 0606 audit, and violations planted into a copy of the game's last
position (a log written with the log writer) are found, exactly those."""
from __future__ import annotations

from collections import Counter
from pathlib import Path


import pytest

from vmodgen.audit import audit
from vmodgen.audit.engine import FileAuditor
from vmodgen.rules import ruleset_for
from vmodgen.binding.file import load_binding
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save

from conftest import shared_path

ROOT = Path(__file__).resolve().parents[1]
BINDING = ROOT / "examples" / "tld" / "binding.toml"


@pytest.fixture(scope="module")
def tld():
    mod_path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    mod = read_module(mod_path)
    logs = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    return mod, load_binding(BINDING, mod), logs, mod_path


def test_binding_reads_the_module(tld):
    mod, b, logs, _ = tld
    # columns 01-96 x rows 01-77, less the 51 hexes under the board's two zones
    assert len(b.map.hex_ids()) == 96 * 77 - 51
    assert b.map.has_hex("0101") and b.map.has_hex("9677") and not b.map.has_hex("9778")
    # hex 1802 lies in the zone "Cherbourg Alarm Units": VASSAL names the point by the zone
    assert b.map.grid.location_name(1000, 100) == "1802" and not b.map.has_hex("1802")
    assert mod.locate("Normandy", 1000, 100) == "Cherbourg Alarm Units"
    assert b.phase_source == "chat"
    # every piece of the game's last position is found back in the palette (its picture
    # 0172.svg is the palette's 0172.f.svg), so every one gets a class
    final = replay(read_save(logs[3]), apply_boards=mod.apply_board_command).final
    kinds: dict = {}
    for rec in final.pieces.values():
        f, attrs = b.facts(rec)
        assert f.folder.startswith("Pieces/"), f
        k = attrs.get("side") or attrs.get("marker") or ("ignored" if attrs.get("ignore") else "none")
        kinds[k] = kinds.get(k, 0) + 1
    assert kinds == {"german": 1121, "allied": 1077, "ignored": 66, "fortification": 46, "disrupted": 4}
    notes = " ".join(b.notes())
    assert "[stacking] limit = 3" in notes and "assumption" in notes


def test_phases_read_from_chat(tld):
    """The announcements of the four files, in play order, give this timeline (the assault
    landings, Allied combat and Allied defensive fire: phases the binding reads from the players'
    words "Beginning Utah landings:", "time for allied combat", "Now for my Defensive Fire:")."""
    mod, b, logs, _ = tld
    b.reset()
    timeline = []
    for i, log in enumerate(logs, 1):
        rp = replay(read_save(log), apply_boards=mod.apply_board_command)
        last: object = "start"
        for k, state in rp.states():
            ph = b.phase_for(rp.steps[k - 1] if k else None, state)
            if ph != last:
                timeline.append((i, k, ph))
                last = ph
    assert timeline == [
        (1, 0, None), (1, 4, (6, "allied-airdrop")), (1, 189, (6, "air-naval")),
        (1, 402, (6, "german-coastal-artillery")), (1, 552, (6, "allied-assault")),
        (1, 658, (6, "allied-movement")), (1, 1089, (6, "german-mechanized-movement")),
        (2, 0, (6, "german-mechanized-movement")), (2, 79, (6, "allied-combat")), (2, 236, (6, "reset")),
        (2, 281, (6, "german-movement")), (2, 840, (6, "allied-buildup")),
        (3, 0, (6, "allied-buildup")), (3, 420, (6, "allied-defensive-fire")), (3, 467, (6, "german-combat")),
        (4, 0, (6, "german-combat")), (4, 17, (6, "reset")), (4, 37, (7, "reset"))]


def test_air_drop_lands_on_german_units(tld):
    """0606-1 up to the Allied movement phase (steps 1-657: air drop, air & naval, coastal
    artillery): the generic rules find exactly the two hexes where paratroopers landed on German
    units (Joel's chat: "2/502 lands on top of a battery of coastal arty")."""
    mod, b, logs, _ = tld
    rp = replay(read_save(logs[0]), apply_boards=mod.apply_board_command)
    rp.steps = rp.steps[:657]
    b.reset()
    r = FileAuditor(b, mod, ruleset_for(b.game)).run_replay(rp, "0606-1")
    got = [(f.step, f.phase, f.hexes, sorted(f.unit_names)) for f in r.findings]
    assert got == [(65, "allied-airdrop", ("3522",), ["1/1261", "2/502/101"]),
                   (140, "allied-airdrop", ("8434",), ["2/1255", "9/6"])]
    assert all("units of both sides" in f.message for f in r.findings)


def test_last_two_logs_audit(tld):
    """0606-3 and 0606-4 (build-up, German combat, reset: no movement phase) audit clean; with
    the files audited on their own, 0606-3's phase is unknown until its first announcement."""
    mod, b, logs, _ = tld
    r = audit(logs[2:], preset=(b, mod))
    assert r.findings == [] and r.phase_source == "chat"
    assert [[(p["turn"], p["phase"]) for p in f.phases] for f in r.files] == [
        [(None, ""), (6, "allied-buildup"), (6, "allied-defensive-fire"), (6, "german-combat")],
        [(6, "german-combat"), (6, "reset"), (7, "reset")]]
    assert any("Assumed, not confirmed" in n for n in r.notes)


def test_four_logs_audit(tld):
    """The whole game (a few seconds: moves without an allowance are not searched over the map).

    What each phase's drags are (the binding's `moves`), pinned: of the 1,463 unit moves, 695 are
    judged (the movement phases, the build-up, the combat phases' advances and retreats), 115 are
    placements (the air drop's scatter 24, air units set on targets 29, the assault landings 45,
    pieces put back in the resets 17), 27 are drags that leave a unit on the hex it had not left
    in its phase (a stack rearranged: put back on its hex, no move; 15 in phases that judge the
    unit, which counted them judged before, 8 in the coastal artillery phase and 4 in German
    phases, which counted them out of phase), and 8 are left out of phase: an Allied retreat
    from the German defensive fire (announced by no phase: read as German Mechanized Movement),
    6 Allied air or supply counters Nate moved aside in German Movement (of which 4 around a
    move of his own) and INTERDICT 4 dragged within 4030 after it had left it twice in that
    phase. Before the binding said what moves where, 502 were out of phase (79 of them drags
    dragged back by hand, now counted as taken back). GEN movement 1: II/744/711 (file 2, step
    624) is dragged onto an Allied supply counter at 8436, which a move may not enter; at 625 the
    two are dragged on together to 8535 and at 626 back to 8436: one move, so one finding (it was
    reported again at 625 and 626, the break's hex changing with the carried counter), and its
    ZOC finding at 625 names 8436, the recorded drag end it moved on from in enemy ZOC (not 8535,
    where only the filled-in route passed before). GEN zoc 20: one more than before a rule first
    broken at a guessed hex was looked for again at the recorded ones: 6 (file 1, step 1029)
    went 8130 → 7633 (one drag, filled in) → 7533 and moved on from 7633, next to four German
    units (the first stop of its route was a guessed hex, which hid it)."""
    mod, b, logs, _ = tld
    r = audit(logs, preset=(b, mod))
    assert [f.path for f in r.files] == [str(p) for p in logs]
    limit = [f for f in r.findings if "more than the limit" in f.message]
    assert limit and all(f.at == "end" and f.phase.endswith("movement") for f in limit)
    assert sum("length of their moves was not checked" in n for n in r.notes) == 1
    m = r.coverage["moves"]
    assert (m["seen"], m["judged"], m["placed"]) == (1463, 695, 115)
    assert m["placed_by_phase"] == {"Allied Air Drop": 24, "Air & Naval": 29, "Allied Assault Landings": 45,
                                    "Reset": 17}
    assert m["not_judged"] == {"no phase known": 0, "not in a phase where the unit moves": 8, "off-map": 209,
                               "undone": 264, "taken back by hand": 145, "put back on its hex": 27}
    listed = r.coverage["out_of_phase"]          # (moves in a combat phase are counted, not listed)
    assert len(listed) == 8 and [(e["unit"], e["step"]) for e in listed if e["from"] == e["to"]] == [
        ("INTERDICT 4", 518)]
    assert {e["phase"] for e in listed} == {"German Mechanized Movement", "German Movement"}
    assert Counter(f.rule for f in r.findings) == {"GEN stacking": 25, "GEN zoc": 20, "GEN movement": 1}
    # a seam difference names the unit once, then its piece id once (it printed the id twice)
    seam = next(c for c in r.continuity if c.piece == "1168285062832")
    assert seam.name == "10/155/21" and str(seam).count("1168285062832") == 1, str(seam)


# ---- planted violations ---------------------------------------------------------------------
def start_writer(tld) -> tuple[LogWriter, dict]:
    """A writer starting from the game's last position (0606-4 replayed, saved as a new file)."""
    mod, b, logs, _ = tld

    def place(label: str):
        c = b.map.center(label)
        return None if c is None else ("Normandy", c[0], c[1])

    w = LogWriter.from_file(logs[3], place=place, locate=mod.locate, player="Joel").save_point()
    occupied, boxed = set(), {"allied": [], "german": []}
    for pid, rec in sorted(w.state.pieces.items()):
        u = b.unit_for(rec)
        if u is None:
            continue
        h = b.hex_for(*rec.position, mod.locate(*rec.position)) if rec.position[0] else None
        if h is not None:
            occupied.add(h)
        elif rec.position[0] and u[0].type == "ground":
            boxed[u[0].side].append(pid)
    return w, {"occupied": occupied, "boxed": boxed}


def clear_hex(b, occupied: set[str], start: str, avoid: set[str] = frozenset()) -> str:
    """The first hex from ``start`` on with no unit (or avoided hex) within 4 hexes."""
    for h in sorted(x for x in b.map.hex_ids() if x >= start):
        seen, front = {h}, {h}
        for _ in range(4):
            front = {n for x in front for n in b.map.neighbours(x)} - seen
            seen |= front
        if len(seen) == 61 and not seen & (occupied | avoid):
            return h
    raise AssertionError("no clear area")


def play(tld, dirty: bool):
    """German movement: G walks P0 → P1 (→ P2, adjacent to an Allied unit in P3, → Q when dirty);
    three (dirty: four) German units enter hex S. Returns the log and the hexes/pieces used."""
    mod, b, _, _ = tld
    w, info = start_writer(tld)
    p0 = clear_hex(b, info["occupied"], "0510")
    col, row = p0[:2], int(p0[2:])
    p1, p2, p3 = (f"{col}{row + k:02d}" for k in (1, 2, 3))
    assert all(b.map.has_hex(h) for h in (p1, p2, p3)) and p2 in b.map.neighbours(p3)
    q = next(h for h in b.map.neighbours(p2) if h not in (p1, p3) and p3 not in b.map.neighbours(h))
    s = clear_hex(b, info["occupied"], "3010", avoid={p0, p1, p2, p3, q})
    ally, german = info["boxed"]["allied"][0], info["boxed"]["german"][:6]
    g, stackers = german[0], german[1:5]
    w.move(ally, p3).move(g, p0)                       # set up in the Reset phase (not a move)
    w.chat("Ready for your movement phase...")
    w.move(g, p1)
    if dirty:
        w.move(g, p2).move(g, q)                       # entered the ZOC of P3 and moved on
    for pid in stackers[:4 if dirty else 3]:
        w.move(pid, s)
    w.chat("Next is your combat phase.")
    return w, {"p2": p2, "s": s, "g": g, "stackers": stackers}


def run(tld, w: LogWriter, tmp_path: Path, name: str):
    mod, b, _, _ = tld
    path = w.write(tmp_path / name)
    return audit([path], preset=(b, mod)), path


def test_planted_overstack_and_zoc_found_exactly(tld, tmp_path):
    clean_w, _ = play(tld, dirty=False)
    dirty_w, used = play(tld, dirty=True)
    clean, _ = run(tld, clean_w, tmp_path, "clean.vlog")
    dirty, _ = run(tld, dirty_w, tmp_path, "dirty.vlog")
    key = lambda f: (f.rule, f.kind, f.hexes, f.units)       # noqa: E731
    before = {key(f) for f in clean.findings}
    new = [f for f in dirty.findings if key(f) not in before]
    assert {key(f) for f in clean.findings} <= {key(f) for f in dirty.findings}
    assert sorted((f.rule, f.kind) for f in new) == [("GEN stacking", "stacking"), ("GEN zoc", "zoc")]
    zoc = next(f for f in new if f.kind == "zoc")
    assert zoc.units == (used["g"],) and zoc.phase == "german-movement" and zoc.at == "during"
    assert f"entered enemy ZOC at {used['p2']} and moved on" in zoc.message
    stack = next(f for f in new if f.kind == "stacking")
    assert stack.hexes == (used["s"],) and set(stack.units) == set(used["stackers"][:4])
    assert stack.at == "end" and stack.phase == "german-movement" and stack.details["points"] == 4
