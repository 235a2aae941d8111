"""The hex index the audit keeps step by step (units added, moved, re-read after a marker
change) always equals the one a Board builds from the position's unit list, in the same order;
its mixed hexes are those holding two sides, and one version of a side means one set of units."""
from __future__ import annotations

from conftest import ROOT, shared_path
from test_audit import mini, script, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.rules.base import RuleSet


def _checked_boards(monkeypatch) -> list[int]:
    seen = [0, 0]
    versions: dict = {}        # (side, version) → that side's units: one version, one set of units
    orig = RuleSet.board

    def board(self, pos):
        if pos.by_hex is not None:
            fresh: dict = {}
            for u in pos.units:
                fresh.setdefault(u.hex, []).append(u)
            assert {h: [id(u) for u in us] for h, us in pos.by_hex.items()} == \
                   {h: [id(u) for u in us] for h, us in fresh.items()}, pos.source
            mixed = {h for h, us in fresh.items() if len({u.side for u in us}) > 1}
            assert pos.mixed_hexes == mixed
            for side, version in pos.side_versions.items():
                units = sorted((u.id, u.hex, u.reduced, tuple(sorted(u.status)))
                               for u in pos.units if u.side == side)
                assert versions.setdefault((side, version), units) == units
            seen[0] += 1
            seen[1] += any(u.previous is not None for u in pos.units)
        return orig(self, pos)
    monkeypatch.setattr(RuleSet, "board", board)
    return seen


def test_index_matches_on_a_scripted_log_with_moves_and_markers(mini, monkeypatch):
    kit_dir, kit, module, root = mini
    seen = _checked_boards(monkeypatch)
    audit([script(kit, module).write(root / "index.vlog")], module=module, game=str(kit_dir))
    assert seen[0] > 5 and seen[1] > 0          # positions with moves were checked too


def test_index_matches_through_a_real_tld_log(monkeypatch):
    corpus = shared_path("corpus")
    seen = _checked_boards(monkeypatch)
    audit([corpus / "tld_game_0606-1.log"], module=corpus / "tld_buildFile-only_stripped.vmod",
          binding=ROOT / "examples" / "tld" / "binding.toml")
    assert seen[0] > 100 and seen[1] > 10
