"""The audit's outputs name a unit its owner masked (VASSAL's Mask trait, ``obs;``) or made
invisible (``hide;``) as an opponent sees it (VASSAL 3.7.26 ``Obscurable.getName``: the mask's
name, ``?`` by default; ``Hideable``: nothing), unless ``--reveal-hidden``; the rules still judge
the real units. A log on the minikit (stacking limit 4 points, GEN rules) in which Red's 2/1 Inf
(R2, 2 points) is masked under the name "Red unit", Red's 1 Tank (R3, 3 points) masked with the
default name, and Blue's Blue Inf (B2) invisible:

- step 5, end of Red Movement: R2 and R3 in 0102 hold 5 points > 4 (GEN stacking, the kit's
  stacking limit): a finding about two masked units (hex seen, names the masks', no reckoning);
- step 9, end of Red Supply: R1 (visible) out of supply at 0402 (GEN supply): named in full;
- step 12, Blue Movement: B2 entered R1's ZOC at 0502 and moved on (GEN zoc): a finding about a
  hidden unit (no hex, no unit, no reckoning)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_audit import script, variant_kit

from vmodgen.audit import audit
from vmodgen.audit.concealment import ConcealmentReader, concealment_of
from vmodgen.builder.build import build_kit
from vmodgen.commands.audit import command
from vmodgen.model.kit import load_kit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.looks import mask_name
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.piece_defs import chain, definition, empty_basic_piece
from vmodgen.vassal.traits import Hideable, Obscurable

PASSWORD = "0wner-s3cret-id"
#: a Mask with its own "name when masked" (type fields: key, image, command, style, name)
NAMED_MASK = "obs;M;mask.png;Mask;G;Red unit"
#: an old-form Mask (no style, no name): VASSAL's default name "?", shown as "(masked)"
PLAIN_MASK = "obs;M;mask.png;Mask"
INVISIBLE = "hide;H;Hide"
#: what the report must not say without --reveal-hidden: the concealed units' names and ids
SECRETS = ("2/1 Inf", "1 Tank", "Blue Inf", "R2", "R3", "B2")


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    root = tmp_path_factory.mktemp("concealed")
    kit_dir = variant_kit(root / "kit")
    kit = load_kit(kit_dir)
    return kit_dir, kit, build_kit(kit, root / "build", cache_dir=root / "cache").path, root


def conceal(w: LogWriter, covers: dict[str, tuple[type, str]]) -> LogWriter:
    """A writer starting where ``w`` stands with each unit of ``covers`` wrapped in a Mask or
    Invisible trait its owner set (the trait's state holds the owner's password id)."""
    for ref, (trait, type_text) in covers.items():
        rec = w.state.pieces[w.piece_id(ref)]
        rec.piece = Piece.from_traits([trait(type_text, PASSWORD), *rec.piece.traits])
    return LogWriter(w.save_text(), place=w.place, player=w.player, player_id=w.player_id, phases=w.phases,
                     locate=w.locate)


COVERS = {"R2": (Obscurable, NAMED_MASK), "R3": (Obscurable, PLAIN_MASK), "B2": (Hideable, INVISIBLE)}


@pytest.fixture(scope="module")
def dirty(mini):
    """The dirty log of tests/test_audit.py, from a start where R2, R3 are masked and B2 hidden."""
    kit_dir, kit, module, root = mini
    start = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD), COVERS)
    return script(kit, module, w=start).write(root / "concealed.vlog")


def run(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(command, list(args), standalone_mode=False, catch_exceptions=False)
    return res.return_value, res.output


def cli(mini, log: Path, *args: str) -> tuple[int, str]:
    kit_dir, kit, module, root = mini
    return run(str(log), "--module", str(module), "--game", str(kit_dir), *args)


def test_mask_name_and_the_test_of_looks_py():
    """Obscurable 3.7.26: getName shows the type's maskName to the other players, "?" unless set."""
    assert mask_name(Obscurable(NAMED_MASK)) == "Red unit"
    assert mask_name(Obscurable(PLAIN_MASK)) == "(masked)"
    assert mask_name(Obscurable("obs;M;mask.png;Mask;I;?")) == "(masked)"
    base = "piece;;;a.png;Tank"
    assert concealment_of(Piece.from_traits([Obscurable(NAMED_MASK, "null"), Piece(base, "m;1;2").traits[0]])) is None
    assert concealment_of(Piece.from_traits([Obscurable(NAMED_MASK, PASSWORD), Piece(base, "m;1;2").traits[0]])) \
        == ("mask", "Red unit")
    # the outermost set trait decides: an Invisible outside a Mask hides the piece
    both = Piece.from_traits([Hideable(INVISIBLE, PASSWORD), Obscurable(NAMED_MASK, PASSWORD),
                              Piece(base, "m;1;2").traits[0]])
    assert concealment_of(both) == ("invisible", "(hidden)")
    # a Mask that comes from a prototype is read through the module's prototypes
    proto = {"Masked": definition([Obscurable(NAMED_MASK, PASSWORD), empty_basic_piece()])}
    p = Piece(chain(["prototype;Masked", base]), chain(["", "m;1;2"]))
    assert ConcealmentReader(None).of(p) is None
    assert ConcealmentReader(proto).of(p) == ("mask", "Red unit")


def test_the_rules_judge_the_real_units(mini, dirty):
    kit_dir, kit, module, root = mini
    r = audit([dirty], module=module, game=str(kit_dir))
    got = [(f.step, f.rule, f.hexes, tuple(sorted(f.units))) for f in r.findings]
    assert got == [(5, "GEN stacking", ("0102",), ("R2", "R3")), (9, "GEN supply", ("0402",), ("R1",)),
                   (12, "GEN zoc", ("0502",), ("B2",))]
    assert [sorted(f.concealed_kinds()) for f in r.findings] == [["mask", "mask"], [], ["invisible"]]
    assert r.exit_code == 1


def test_text_names_them_as_an_opponent_sees_them(mini, dirty):
    code, out = cli(mini, dirty)
    assert code == 1
    lines = out.splitlines()
    stack = next(ln for ln in lines if "[GEN stacking]" in ln)
    assert "0102" in stack and "Red unit" in stack and "(masked)" in stack and "withheld" in stack
    supply = next(ln for ln in lines if "[GEN supply]" in ln)
    assert "1/1 Inf" in supply and "0402" in supply              # a visible unit: in full
    zoc = next(ln for ln in lines if "[GEN zoc]" in ln)
    assert ":12: turn 1, Blue Movement (blue): [GEN zoc]" in zoc and "hid" in zoc
    assert not re.search(r"\b05\d\d\b", zoc)                       # no hex of the hidden unit
    for secret in (*SECRETS, PASSWORD):
        assert not re.search(rf"(?<![\w/]){re.escape(secret)}(?![\w/])", out), secret
    assert any(ln.startswith("concealed: ") and "2 masked, 1 hidden" in ln for ln in lines)


def test_text_reveal_hidden_shows_them_and_says_so(mini, dirty):
    code, out = cli(mini, dirty, "--reveal-hidden")
    assert code == 1
    assert "Blue Inf" in out and "0504 → 0503 → 0502 → 0603" in out and "1 Tank" in out
    assert any(ln.startswith("hidden revealed: ") for ln in out.splitlines())
    assert PASSWORD not in out


def test_json_redacted_and_revealed(mini, dirty, tmp_path):
    out = tmp_path / "r.json"
    cli(mini, dirty, "--format", "json", "-o", str(out))
    text = out.read_text()
    d = json.loads(text)
    stack, supply, zoc = d["findings"]
    assert stack["hexes"] == ["0102"] and sorted(stack["unit_names"]) == ["(masked)", "Red unit"]
    assert sorted(stack["units"]) == ["(masked)", "Red unit"]
    assert stack["concealed"] == ["mask", "mask"] and stack["details"] == {}
    assert supply["units"] == ["R1"] and "concealed" not in supply
    assert (zoc["hexes"], zoc["units"], zoc["unit_names"], zoc["concealed"]) == ([], ["(hidden)"], ["(hidden)"],
                                                                                  ["invisible"])
    assert zoc["step"] == 12 and zoc["rule"] == "GEN zoc" and zoc["details"] == {}
    assert d["concealed"]["revealed"] is False and "hidden_revealed" not in d
    assert d["concealed"]["units"] == {"mask": 2, "invisible": 1}
    assert d["concealed"]["entries"]["findings"] == 2
    for secret in (*SECRETS, PASSWORD):
        assert not re.search(rf"(?<![\w/]){re.escape(secret)}(?![\w/])", text), secret
    cli(mini, dirty, "--format", "json", "-o", str(out), "--reveal-hidden")
    d = json.loads(out.read_text())
    assert d["hidden_revealed"] is True and d["concealed"]["revealed"] is True
    stack, _, zoc = d["findings"]
    assert sorted(stack["units"]) == ["R2", "R3"] and stack["concealed"] == ["mask", "mask"]
    assert zoc["units"] == ["B2"] and zoc["hexes"] == ["0502"] and zoc["concealed"] == ["invisible"]
    assert PASSWORD not in out.read_text()


def test_html_redacted_and_revealed(mini, dirty, tmp_path):
    out = tmp_path / "r.html"
    cli(mini, dirty, "--format", "html", "-o", str(out))
    page = out.read_text()
    assert "(no picture: where a hidden unit stands is withheld)" in page
    assert "concealed: units masked or hidden, by their owner" in page and "Red unit" in page
    for secret in ("2/1 Inf", "1 Tank", "Blue Inf", PASSWORD):
        assert secret not in page, secret
    assert len(re.findall(r"src='data:image/png", page)) == 2     # the stacking and the supply finding
    cli(mini, dirty, "--format", "html", "-o", str(out), "--reveal-hidden")
    page = out.read_text()
    assert "hidden revealed: " in page and "Blue Inf" in page and PASSWORD not in page
    assert len(re.findall(r"src='data:image/png", page)) == 3


def test_replay_page_findings_as_an_opponent_sees_them(mini, dirty):
    from vmodgen.viewer import replay_page
    kit_dir, kit, module, root = mini
    page = replay_page([str(dirty)], module=str(module), game=str(kit_dir))
    data = json.loads(re.search(r"<script id='replay-data' type='application/json'>(.*?)</script>", page,
                                re.S).group(1).replace("<\\/", "</"))
    zoc = [f for f in data["findings"] if f["rule"] == "GEN zoc"]
    assert len(zoc) == 1 and zoc[0]["hexes"] == [] and "Blue Inf" not in zoc[0]["message"]
    stack = next(f for f in data["findings"] if f["rule"] == "GEN stacking")
    assert "1 Tank" not in stack["message"] and "Red unit" in stack["message"]
    page = replay_page([str(dirty)], module=str(module), game=str(kit_dir), reveal_hidden=True)
    assert "Blue Inf" in page and "shown in full (--reveal-hidden)" in page


def chain_files(mini, folder: Path) -> list[Path]:
    """Two files: R3 (masked) dragged 0203 → 0303 → 0203 in Red Movement (a take-back by hand, steps
    1-2), B2 (hidden) moved in Red Movement (step 3) and R3 in Blue Movement (step 7): out of phase;
    then, off the log, R3 and B2 moved: the second file starts elsewhere."""
    kit_dir, kit, module, root = mini
    w = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD), COVERS)
    w.move("R3", "0303").move("R3", "0203")             # 1-2: Red Movement, dragged back by hand
    w.move("B2", "0505")                                # 3: a Blue unit in Red's phase
    w.advance(3)                                        # 4-6: to Blue Movement
    w.move("R3", "0303")                                # 7: a Red unit in Blue's phase
    f1 = w.write(folder / "c1.vlog")
    w2 = w.save_point()
    w2.move("R3", "0304").move("B2", "0405")           # off the log: the next file starts elsewhere
    w3 = LogWriter(w2.save_text(), place=w2.place, phases=w2.phases, locate=w2.locate)
    w3.advance()
    return [f1, w3.write(folder / "c2.vlog")]


def test_lists_continuity_and_take_backs(mini, tmp_path):
    """R3 (masked) moved in Blue Movement and B2 (hidden) in Red Movement: out of phase; R3 dragged
    back by hand in Red Movement: a take-back; a second file starting with R3 and B2 elsewhere:
    continuity entries, a hidden piece's place withheld."""
    kit_dir, kit, module, root = mini
    f1, f2 = chain_files(mini, tmp_path)
    out = tmp_path / "r.json"
    _, text_out = run(str(f1), str(f2), "--module", str(module), "--game", str(kit_dir))
    run(str(f1), str(f2), "--module", str(module), "--game", str(kit_dir), "--format", "json", "-o", str(out))
    text = out.read_text()
    d = json.loads(text)
    ooph = d["coverage"]["out_of_phase"]
    assert sorted((m["step"], m["unit"], m["side"], m["from"], m["to"], tuple(m["concealed"])) for m in ooph) == [
        (3, "(hidden)", "", None, None, ("invisible",)), (7, "(masked)", "", "0203", "0303", ("mask",))]
    tb = d["integrity"]["taken_back"]["items"]
    assert [(t["unit"], t["unit_name"], t["side"], t["hexes"], t["concealed"]) for t in tb] == [
        ("(masked)", "(masked)", "", ["0203", "0303", "0203"], ["mask"])]
    cont = sorted((c["what"], c["name"], c["piece"], c["was"], c["now"], tuple(c["concealed"]))
                  for c in d["continuity"])
    assert [c[:3] for c in cont] == [("moved", "(hidden)", ""), ("moved", "(masked)", "")]
    hidden, masked = cont
    assert (hidden[3], hidden[4]) == ("(withheld)", "(withheld)")
    assert "0303" in masked[3] and "0304" in masked[4]
    assert d["concealed"]["entries"] == {"continuity": 2, "out_of_phase": 2, "taken_back": 1}
    assert d["concealed"]["units"] == {"mask": 1, "invisible": 1}
    for body in (text, text_out):
        for secret in (*SECRETS, PASSWORD):
            assert not re.search(rf"(?<![\w/]){re.escape(secret)}(?![\w/])", body), secret
    run(str(f1), str(f2), "--module", str(module), "--game", str(kit_dir), "--format", "json", "-o", str(out),
        "--reveal-hidden")
    d = json.loads(out.read_text())
    assert sorted(m["unit"] for m in d["coverage"]["out_of_phase"]) == ["1 Tank", "Blue Inf"]
    assert [t["unit"] for t in d["integrity"]["taken_back"]["items"]] == ["R3"]
    assert sorted(c["name"] for c in d["continuity"]) == ["B2", "R3"]
    assert all(c["concealed"] for c in d["continuity"]) and PASSWORD not in out.read_text()


def test_reports_fit_the_schema(mini, dirty, tmp_path):
    """docs/audit-report.schema.json describes the ``concealed`` fields, redacted and revealed."""
    from jsonschema import Draft202012Validator
    from test_audit_schema import SCHEMA, errors
    kit_dir, kit, module, root = mini
    validator = Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))
    r = audit([dirty], module=module, game=str(kit_dir))
    files = chain_files(mini, tmp_path)
    chain = audit(files, module=module, game=str(kit_dir))
    # files audited in parallel carry their concealment across processes: the same reports
    parallel = audit(files, module=module, game=str(kit_dir), jobs=2)
    assert render(parallel, "json") == render(chain, "json") and render(parallel, "text") == render(chain, "text")
    for result in (r, chain):
        for reveal in (False, True):
            doc = json.loads(render(result, "json", reveal_hidden=reveal))
            assert doc["concealed"]["revealed"] is reveal
            assert errors(validator, doc) == []


def test_nothing_concealed_adds_nothing(mini, tmp_path):
    """A log with no Mask or Invisible set: no ``concealed`` anywhere, no line about it (the reports
    of such logs stay as they were, byte for byte); --reveal-hidden still says it was asked."""
    kit_dir, kit, module, root = mini
    log = script(kit, module).write(tmp_path / "plain.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    d = json.loads(render(r, "json"))
    assert "concealed" not in d and "hidden_revealed" not in d
    assert not any("concealed" in f for f in d["findings"])
    assert "concealed:" not in render(r, "text") and "concealed:" not in render(r, "html")
    assert render(r, "json") == render(r, "json")
    d = json.loads(render(r, "json", reveal_hidden=True))
    assert d["hidden_revealed"] is True and d["concealed"] == {"revealed": True, "units": {}, "entries": {}}
    assert "hidden revealed: " in render(r, "text", reveal_hidden=True)


def test_started_elsewhere_names_the_unit_as_seen(mini, tmp_path):
    """R3 (masked) and B2 (hidden) each dragged in their own movement phase from a recorded old
    position in another hex than the replay's (a stray drag): listed, named as an opponent sees
    them, a hidden unit's hexes withheld; the coverage sentence names no concealed unit."""
    kit_dir, kit, module, root = mini
    w = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD), COVERS)
    w.move("R3", "0303").move("R3", "0302", recorded_from="0104")   # 1-2: Red Movement
    w.advance(3)                                                    # 3-5: to Blue Movement
    w.move("B2", "0503").move("B2", "0603", recorded_from="0505")   # 6-7
    log = w.write(tmp_path / "stray.vlog")
    r = audit([log], module=module, game=str(kit_dir))
    assert sorted((m["step"], m["unit"]) for m in r.coverage["started_elsewhere"]) == [(2, "1 Tank"), (7, "Blue Inf")]
    d = json.loads(render(r, "json"))
    got = sorted((m["step"], m["unit"], m["replay"], m["recorded"], tuple(m["concealed"]))
                 for m in d["coverage"]["started_elsewhere"])
    assert got == [(2, "(masked)", "0303", "0104", ("mask",)), (7, "(hidden)", None, None, ("invisible",))]
    text = render(r, "text")
    assert "drag(s) started where the replay did not have the unit" in text
    for body in (text, json.dumps(d)):
        for secret in ("1 Tank", "Blue Inf", "0505"):
            assert secret not in body, secret


def test_a_unit_masked_before_the_phase_ends_is_named_as_masked(mini, tmp_path):
    """R3 carries an unset Mask (``null``: VASSAL's state of a Mask nobody set): it overstacks 0102
    in Red Movement (step 1), then its owner masks it (step 2, a state change that moves nothing);
    the stacking limit is judged at the end of the phase (step 3): the finding names it masked."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD)
    rec = w.state.pieces[w.piece_id("R3")]
    rec.piece = Piece.from_traits([Obscurable(PLAIN_MASK, "null"), *rec.piece.traits])
    w = LogWriter(w.save_text(), place=w.place, player=w.player, player_id=w.player_id, phases=w.phases,
                  locate=w.locate)
    w.move("R3", "0102")
    pid = w.piece_id("R3")
    w.set_state(pid, PASSWORD + w.current_state(pid)[len("null"):])
    w.advance()
    r = audit([w.write(tmp_path / "late.vlog")], module=module, game=str(kit_dir))
    assert [(f.step, f.rule, f.concealed_kinds()) for f in r.findings] == [(3, "GEN stacking", ["mask"])]
    assert "1 Tank" not in render(r, "text") and "1 Tank" in render(r, "text", reveal_hidden=True)


def test_units_by_side_counts_only_units_an_opponent_saw(mini, dirty, tmp_path):
    """R2 and R3 (Red) masked and B2 (Blue) hidden from the start to the end: "units recognised"
    counts none of them (a masked unit shows no side, a hidden one nothing; sides red, blue), says so
    (``units_withheld``), and the text line too; --reveal-hidden counts them. Without the
    concealment each side has these units (the same log run with --reveal-hidden)."""
    out = tmp_path / "a.json"
    cli(mini, dirty, "--format", "json", "-o", str(out))
    seen = json.loads(out.read_text())["coverage"]
    cli(mini, dirty, "--format", "json", "-o", str(out), "--reveal-hidden")
    full = json.loads(out.read_text())["coverage"]
    assert seen["units_withheld"] is True and "units_withheld" not in full
    assert full["units_by_side"]["red"] - seen["units_by_side"]["red"] == 2        # R2, R3
    assert full["units_by_side"]["blue"] - seen["units_by_side"]["blue"] == 1      # B2
    assert seen["per_file"][0]["units_by_side"] == seen["units_by_side"]
    assert seen["per_file"][0]["units_withheld"] is True
    assert "_units_seen" not in json.dumps(seen) and "_units_seen" not in json.dumps(full)
    code, text = cli(mini, dirty)
    assert "units seen only masked or hidden not counted" in text


def test_a_unit_unmasked_where_it_stands_is_counted(mini, tmp_path):
    """R2 masked at the start, unmasked by its owner at step 1 without moving (the Mask's state
    cleared): the opponent then sees it, so "units recognised" counts it for red; R3 stays masked
    and B2 hidden, so some are still withheld (units_withheld)."""
    kit_dir, kit, module, root = mini
    w = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD), COVERS)
    r2 = w.piece_id("R2")
    masked = w.current_state(r2)
    out = tmp_path / "a.json"
    path = LogWriter(w.save_text(), place=w.place, player=w.player, player_id=w.player_id, phases=w.phases,
                     locate=w.locate).write(tmp_path / "still.vlog")
    cli(mini, path, "--format", "json", "-o", str(out))
    before = json.loads(out.read_text())["coverage"]["units_by_side"]
    w.set_state(r2, masked.replace(PASSWORD, "null", 1))
    cli(mini, w.write(tmp_path / "unmasked.vlog"), "--format", "json", "-o", str(out))
    cov = json.loads(out.read_text())["coverage"]
    assert cov["units_by_side"]["red"] == before["red"] + 1 and cov["units_withheld"] is True


def test_a_masked_unit_made_two_pieces_is_not_named(mini, tmp_path):
    """Step 1: a second masked piece of R2 (its owner's Mask) is added at 0303 while R2 stands
    masked in 0102: the warning that one unit is now two pieces (vmodgen.audit.duplicates) names
    neither the unit nor the pieces nor the hexes as an opponent sees it; --reveal-hidden does."""
    kit_dir, kit, module, root = mini
    w = conceal(LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id=PASSWORD), COVERS)
    rec = w.state.pieces[w.piece_id("R2")]
    w.add(rec.piece.encode_type(), w.current_state(w.piece_id("R2")), "0303", report=False)
    log = w.write(tmp_path / "dup.vlog")

    def warning(*args: str) -> str:
        out = tmp_path / "r.json"
        cli(mini, log, "--format", "json", "-o", str(out), *args)
        twice = [x for x in json.loads(out.read_text())["coverage"]["warnings"] if "one unit is now two pieces" in x]
        assert len(twice) == 1
        return twice[0]
    hidden = warning()
    assert "step 1" in hidden and "--reveal-hidden" in hidden
    for secret in (*SECRETS, PASSWORD, "0102", "0303"):
        assert not re.search(rf"(?<![\w/]){re.escape(secret)}(?![\w/])", hidden), secret
    shown = warning("--reveal-hidden")
    assert "2/1 Inf (R2)" in shown and "in 0102" in shown and PASSWORD not in shown
