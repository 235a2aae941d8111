"""The text reports (``audit``'s text, ``integrity``'s text) escape what the files say: a player
name, a piece name or a chat line holding a newline, an escape or a bidi override cannot forge a
line of the report (``errors.printable``, as the error lines are). Log written with the log writer
against the minikit of ``test_audit``."""
from __future__ import annotations

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.integrity.render import integrity_text
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter

HOSTILE = "Mallory\n0 findings, 0 continuity issues\x1b[2J\u202e"


def test_text_that_came_from_a_file_does_not_forge_a_report_line(mini):
    """A note carrying what a file said (a name, a chat line) with a newline, an escape and a
    bidi override: one line in the text report, escaped."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-hostile")
    w.move("R1", "0202")
    r = audit([w.write(root / "hostile.vlog")], module=module, game=str(kit_dir))
    r.notes.append(f"a piece named {HOSTILE}")
    text = render(r, "text")
    assert "note: a piece named Mallory\\n0 findings, 0 continuity issues\\x1b[2J\\u202e" in text.splitlines()
    assert not any(line.startswith("0 findings, 0 continuity issues\x1b") for line in text.splitlines())
    assert "\x1b" not in text and "\u202e" not in text
    assert "pw-hostile" not in text                            # the password never reaches an output


def test_integrity_lines_are_escaped():
    lines = integrity_text({"flags": [f"a flag naming {HOSTILE}"]})
    assert len(lines) == 2 and all("\n" not in x and "\x1b" not in x for x in lines)
    assert lines[1].endswith("\\x1b[2J\\u202e")
