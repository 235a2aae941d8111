"""A save's text read as its pieces between ESC characters (each decoded from UTF-8 on its
own, ``deobfuscate_pieces``) and parsed from them (``parse_tree_pieces``) gives the text and the
command tree that decoding and parsing the whole text gives: on every save and log of the
shared corpus, the golden files and the tests' data, and on made-up texts that take each branch
of the ESC splitting (escaped ESCs, quoted tokens, non-canonical text, wide characters). A bad
UTF-8 byte is named where the whole text names it."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.commands import ESC, parse_tree, parse_tree_pieces
from vmodgen.vassal.obfuscation import deobfuscate, deobfuscate_pieces, obfuscate
from vmodgen.vassal.savefile import read_save

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
FILES = sorted(p for d in (SHARED / "corpus", SHARED / "golden", ROOT / "tests" / "data")
               for p in (d.rglob("*") if d.is_dir() else ())
               if p.suffix in (".vsav", ".vlog", ".log", ".sav"))


def _shape(node) -> list:
    return [(n.text, n._raw, len(n.subs)) for n in node.walk()]


@pytest.mark.skipif(not FILES, reason="no saves found (../shared absent)")
def test_every_known_file_reads_the_same_by_pieces() -> None:
    """Each file: the joined pieces are the whole text, the tree the whole text's tree."""
    sparse = 0
    for path in FILES:
        save = read_save(str(path))
        tree = save.tree                     # parsed from the pieces
        text = save.text
        assert _shape(tree) == _shape(parse_tree(text, str(path))), path
        assert tree.encode() == text, path
        sparse += len(tree.subs) > 100
    assert sparse >= 3                       # big saves took the piece-wise path


_WIDE = "Slingers x1½ 🐑 café"


@pytest.mark.parametrize("tokens", [
    ["begin_save", "+/1/a;b/c", "+/2/" + _WIDE + "/x", "end_save"],
    ["begin_save", "LOG\\" + ESC + "inner\\" + ESC + "more", "'quoted'", "end_save"],
    ["begin_save", "'\\start", "x\\", "y", "plain " * 80],
    ["", "a\\" + ESC + "b", "\\", "'", "''", _WIDE],
])
def test_made_up_texts_read_the_same_by_pieces(tokens) -> None:
    """Escaped ESCs (a backslash before it), quoted and backslash-led tokens (non-canonical:
    the node keeps its raw text), a trailing backslash, wide characters; enough commands that
    the sparse split is taken (one ESC in 64 characters or fewer)."""
    text = ESC.join(tokens + [f"filler command number {i} " + "x" * 80 for i in range(40)])
    assert text.count(ESC) * 64 <= len(text)          # the sparse split, as a save takes it
    pieces, kind, key, undecodable = deobfuscate_pieces(obfuscate(text, 0x5a))
    assert ESC.join(pieces) == text and (kind, key, undecodable) == ("!VCSK", 0x5a, None)
    assert _shape(parse_tree_pieces(pieces)) == _shape(parse_tree(text))
    assert parse_tree_pieces(pieces).encode() == text


def test_bad_utf8_is_read_as_vassal_reads_it_and_named_at_its_byte() -> None:
    """A byte that is not UTF-8: the whole text and its pieces read the same, with a replacement
    character, as VASSAL's UTF-8 decoder reads it (left10: before, refused), and the pieces'
    reading says where (byte 24)."""
    payload = "begin_save\x1b+/1/ok/x\x1b".encode() + b"bad \xff here\x1bend_save"
    text, _, _ = deobfuscate(payload, "f.vlog")
    pieces, _, _, where = deobfuscate_pieces(payload, "f.vlog")
    assert ESC.join(pieces) == text and "bad \ufffd here" in text
    assert where == "at byte 24"


def test_too_many_commands_are_refused_when_parsed(monkeypatch, tmp_path) -> None:
    """More ESCs than MAX_COMMANDS: the file still reads (the pieces are not split out), and
    parsing it is refused with the limit named, as from the whole text."""
    from vmodgen import limits
    from vmodgen.errors import LimitError
    monkeypatch.setattr(limits, "MAX_COMMANDS", 10)
    p = tmp_path / "many.vlog"
    p.write_bytes(obfuscate(ESC.join(["begin_save"] + ["x"] * 30 + ["end_save"]), 7))
    save = read_save(str(p))
    assert save.chars == len(save.text)
    with pytest.raises(LimitError, match="MAX_COMMANDS") as err:
        save.tree
    assert str(p) in str(err.value)
