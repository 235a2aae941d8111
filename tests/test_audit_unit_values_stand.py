"""A state rule's verdict at an earlier phase end stands for a log's final position only when no
unit moved or changed since (``vmodgen.audit.pending``): a change of the unit a binding's class
gives a piece (another stacking value), on the same hex, side and statuses, is a change. The
minikit module read through a generic binding file (stacking: at most 4 points per hex at every
phase end), the log written with the log writer."""
from __future__ import annotations

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

BINDING = """\
format = 1
rules = "generic"
name = "Mini"

[[side]]
id = "red"
name = "Red"
players = ["Red"]

[[side]]
id = "blue"
name = "Blue"
players = ["Blue"]

[map]
maps = ["Main"]

[pieces]
reduced = { property = { unit_id = "^no unit$" } }    # no side up is reduced: only the class changes

[[class]]
name = "Red units"
folder = '/Red/'
side = "red"
stacking = 1

[[class]]
name = "1/1 Inf on its front (the name without '(reduced)'): heavier"
piece = '^1/1 Inf$'
stacking = 5

[[class]]
name = "Blue units"
folder = '/Blue/'
side = "blue"

[[class]]
name = "Markers"
folder = '/Markers/'
ignore = true

[stacking]
limit = 4
unit = "points"
when = "phase_end"

[turns]
source = "chat"

[[phase]]
id = "red-move"
name = "Red Movement"
side = "red"
kind = "movement"
chat = ['(?i)red moves']

[[phase]]
id = "blue-move"
name = "Blue Movement"
side = "blue"
kind = "movement"
chat = ['(?i)blue moves']
"""


def test_a_unit_given_another_stacking_value_is_a_change(mini):
    """Red Movement: 1/1 Inf 0102 -> 0202 (5 stacking points by its class: over the limit of 4,
    found at the end of Red Movement, step 3). Blue Movement: 1/1 Inf flipped (its name now ends
    "(reduced)": the heavier class no longer matches, 1 point); the log ends. The unit stands on
    the same hex, side and statuses, but another unit: GEN stacking is not judged on the final
    position, saying 1 unit changed. Before: "no unit moved or changed since, so that verdict
    stands", the overstack kept for a hex that now holds 1 point."""
    kit_dir, kit, module, root = mini
    (root / "values.toml").write_text(BINDING)
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.chat("Red moves").move("R1", "0202").chat("Blue moves").flip("R1", 2)
    r = audit([w.write(root / "values.vlog")], module=module, binding=root / "values.toml")
    assert [(f.rule, f.step, f.hexes) for f in r.findings] == [("GEN stacking", 3, ("0202",))]
    assert not any(e["rule"] == "GEN stacking" for e in r.coverage.get("rules_judged_earlier", []))
    why = {e["rule"]: e["why"] for e in r.coverage["rules_not_judged"]}["GEN stacking"]
    assert why == ("the log ends before the end of the Blue Movement Phase (values.vlog), where it is judged; "
                   "1 unit(s) changed side up, markers or values since the end of the Red Movement Phase "
                   "(values.vlog), where it was last judged")
