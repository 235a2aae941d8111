"""Change files after VASSAL wrote them, the way a player would with a zip tool and a text editor
(Python's zipfile here; 7-Zip, Windows' "Send to compressed folder" or Info-ZIP do the same kind
of re-packing). Used by record.sh; standard library only, on purpose (no project code).

    tamper.py edit-dice MODULE.vmod OUT.vmod          # the 1d6 button adds 1 to its die; same version
    tamper.py edit-roll LOG.vlog OUT.vlog             # every 1d6 roll below 6 made a 6 in its chat line
    tamper.py swap-meta LOG.vlog DONOR.vlog OUT.vlog  # LOG with DONOR's savedata and moduledata
    tamper.py add-roll LOG.vlog OUT.vlog              # a step of its own at the end: "*** 1d6 = 6 *** <Bob>"
"""
from __future__ import annotations

import re
import sys
import zipfile


def _entries(path: str) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def _write(path: str, entries: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)


def _decode(data: bytes) -> tuple[str, int]:
    assert data.startswith(b"!VCSK")
    key = int(data[5:7], 16)
    raw = bytes(int(data[i:i + 2], 16) ^ key for i in range(7, len(data), 2))
    return raw.decode("utf-8"), key


def _encode(text: str, key: int) -> bytes:
    return b"!VCSK" + f"{key:02x}".encode() + "".join(f"{b ^ key:02x}" for b in text.encode("utf-8")).encode()


def edit_dice(module: str, out: str) -> None:
    e = _entries(module)
    xml = e["buildFile.xml"].decode("utf-8")
    new = re.sub(r'(<VASSAL\.build\.module\.DiceButton [^>]*name="1d6" )plus="0"', r'\1plus="1"', xml)
    assert new != xml, "no 1d6 button"
    e["buildFile.xml"] = new.encode("utf-8")
    _write(out, e)


def edit_roll(log: str, out: str) -> None:
    e = _entries(log)
    text, key = _decode(e["savedGame"])
    new = re.sub(r"\*\*\* 1d6 = [1-5] \*\*\*", "*** 1d6 = 6 ***", text)
    assert new != text, "no 1d6 roll below 6"
    e["savedGame"] = _encode(new, key)
    _write(out, e)


def swap_meta(log: str, donor: str, out: str) -> None:
    e, d = _entries(log), _entries(donor)
    e["savedata"], e["moduledata"] = d["savedata"], d["moduledata"]
    _write(out, e)


def add_roll(log: str, out: str) -> None:
    e = _entries(log)
    text, key = _decode(e["savedGame"])
    e["savedGame"] = _encode(text + "\x1bLOG\tCHAT*** 1d6 = 6 *** &lt;Bob&gt;", key)
    _write(out, e)


if __name__ == "__main__":
    {"edit-dice": edit_dice, "edit-roll": edit_roll, "swap-meta": swap_meta,
     "add-roll": add_roll}[sys.argv[1]](*sys.argv[2:])
