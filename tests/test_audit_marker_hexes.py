"""A marker placed, moved, flipped or removed changes the statuses of the units in the hexes it
left and entered (``PositionBuilder.update``): the builder finds those hexes from the marker
views the step changed and their units from its own hex → units index, not by walking every
marker hex and every unit. After every update of real audits, the index is the one a walk of the
units gives, and no unit state the builder keeps reads markers other than its hex holds now
(the plain reading: its view's statuses with the markers of its hex), so every position is
built from up-to-date states."""
from __future__ import annotations

import pytest
from conftest import DATA, ROOT, shared_path

from vmodgen.audit.positions import PositionBuilder

SAMPLES = [("tld", [shared_path("corpus") / f"tld_game_0606-{i}.log" for i in (1, 2)],
            "tld_buildFile-only_stripped.vmod", ROOT / "examples" / "tld" / "binding.toml"),
           ("kassala", [DATA / "recorded" / f"kassala-{n}.vlog" for n in ("moslem", "christian", "combat")],
            "kassala_Kassala.vmod", ROOT / "examples" / "kassala" / "binding.toml")]


def _markers_now(builder: PositionBuilder) -> dict[str, set[str]]:
    """hex → markers there, read from the marker views (not the builder's cached table)."""
    out: dict[str, set[str]] = {}
    for v in builder.markers.values():
        if v.markers and v.hex is not None:
            out.setdefault(v.hex, set()).update(v.markers)
    return out


@pytest.mark.parametrize("name,files,module,binding", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_units_re_read_where_markers_changed_equal_the_plain_reading(monkeypatch, name, files, module, binding):
    from vmodgen.audit import audit
    orig = PositionBuilder.update
    seen = {"marker_steps": 0, "kept_states": 0}

    def checked(self, state, step):
        markers_before = _markers_now(self)
        changed = orig(self, state, step)
        walked: dict[str, set[str]] = {}
        for pid, v in self.units.items():
            walked.setdefault(v.hex, set()).add(pid)
        assert self._units_at == walked
        at = _markers_now(self)
        seen["marker_steps"] += at != markers_before
        for pid, us in self._unit_states.items():
            v = self.units[pid]
            extra = at.get(v.hex)
            assert us.hex == v.hex and us.status == (v.status | frozenset(extra) if extra else v.status), pid
            seen["kept_states"] += 1
        return changed

    monkeypatch.setattr(PositionBuilder, "update", checked)
    audit(files, module=shared_path("corpus") / module, binding=binding, keep_order=True)
    assert seen["marker_steps"] > (20 if name == "tld" else -1) and seen["kept_states"] > 100
