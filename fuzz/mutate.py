"""Mutations for the fuzz campaign: byte-level edits of a seed, splices of two seeds, and
zip-level edits of an archive (hostile entry names, lying sizes, bombs, extra entries)."""
from __future__ import annotations

import io
import random
import struct
import warnings
import zipfile
import zlib

warnings.filterwarnings("ignore", message="Duplicate name", category=UserWarning)

INTERESTING = [b"\x00", b"\xff", b"\n", b"\r", b"\t", b"\\", b"'", b'"', b",", b";", b"/", b"|", b"\x1b",
               b"[", b"]", b"[[", b"{", b"}", b"=", b"#", b"<", b">", b"&", b"&amp;", b"-", b"-1", b"0",
               b"2147483648", b"-9223372036854775809", b"1e999", b"nan", b"null", b"true", b"\xe2\x82\xac",
               b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"piece;", b"prototype;", b"LOG\t", b"M/", b"D/",
               b"+/", b"PLAYER\t", b"begin_save", b"end_save", b"!VCSK", b"VOBS", b"PK\x03\x04",
               b"<!DOCTYPE x [<!ENTITY a 'b'>]>", b"<!ENTITY", b"&a;",
               b"<!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>", b"&x;"]

BILLION_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
                  + b"".join(b'<!ENTITY lol%d "%s">\n' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                             for i in range(1, 10))
                  + b']>\n<lolz>&lol9;</lolz>\n')


def huge_field(rng: random.Random) -> bytes:
    size = rng.choice([1 << 12, 1 << 12, 1 << 16, 1 << 16, 1 << 20])
    return bytes([rng.choice(b"Aa0,;\t\\")]) * size


def deep_nesting(rng: random.Random, kind: str) -> bytes:
    n = rng.choice([100, 100, 1000, 1000, 10_000, 100_000])
    if kind == "xml":
        return b"<a>" * n + b"</a>" * n
    if kind == "toml":
        return b"x = " + b"[" * n + b"]" * n + b"\n"
    if kind == "esc":
        # VASSAL nesting: each level escapes the ESCs below it with one more backslash
        out = b"leaf"
        for i in range(min(n, 150)):
            out = b"n\x1b" + out.replace(b"\x1b", b"\\\x1b")
        return out
    return b"(" * n


def mutate_bytes(data: bytes, rng: random.Random, others: list[bytes], kind: str = "") -> bytes:
    """1..6 random edits of ``data``."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        n = len(buf)
        pos = rng.randint(0, n)
        op = rng.random()
        if op < 0.25 and n:                       # bit flip / byte set
            i = min(pos, n - 1)
            buf[i] = buf[i] ^ (1 << rng.randrange(8)) if rng.random() < 0.6 else rng.randrange(256)
        elif op < 0.40:                           # insert an interesting token
            buf[pos:pos] = rng.choice(INTERESTING)
        elif op < 0.50 and n:                     # delete a chunk
            del buf[pos:pos + rng.randint(1, 256)]
        elif op < 0.60 and n:                     # duplicate a chunk
            size = rng.randint(1, 512)
            buf[pos:pos] = bytes(buf[pos:pos + size]) * rng.randint(1, 16)
        elif op < 0.67:                           # truncate
            del buf[pos:]
        elif op < 0.77 and others:                # splice with another seed
            other = rng.choice(others)
            j = rng.randint(0, len(other))
            buf[pos:] = other[j:j + rng.randint(0, 4096)]
        elif op < 0.795:                          # a huge field
            buf[pos:pos] = huge_field(rng)
        elif op < 0.82:                           # deep nesting
            buf[pos:pos] = deep_nesting(rng, kind)
        elif op < 0.86 and n:                     # a long run of one byte already there
            buf[pos:pos] = buf[min(pos, n - 1):min(pos, n - 1) + 1] * rng.choice([100, 10_000])
        elif op < 0.93 and n:                     # swap two chunks
            a, b = sorted((rng.randint(0, n), rng.randint(0, n)))
            size = rng.randint(1, 64)
            buf[a:a + size], buf[b:b + size] = bytes(buf[b:b + size]), bytes(buf[a:a + size])
        else:                                     # random bytes
            buf[pos:pos] = rng.randbytes(rng.randint(1, 32))
    return bytes(buf)


# --- zip archives ---------------------------------------------------------------------------------

HOSTILE_NAMES = ["../evil.txt", "../../../../tmp/evil", "/etc/passwd", "/abs/buildFile.xml", "C:\\windows\\x",
                 "images/../../x.png", "a/\x00b", "\\\\server\\share", "images/" + "x" * 2000 + ".png", "",
                 "buildFile.xml/", "./buildFile.xml"]
_BOMB: bytes | None = None


def _bomb() -> bytes:
    """Deflate data of a few tens of kB that expands to 64 MiB of zeros."""
    global _BOMB
    if _BOMB is None:
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        _BOMB = c.compress(b"\0" * (64 << 20)) + c.flush()
    return _BOMB


def read_entries(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]] | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return [(i, zf.read(i)) for i in zf.infolist()]
    except Exception:
        return None


def build_zip(entries: list[tuple[str, bytes]], extra_empty: int = 0) -> bytes:
    """A zip of ``entries`` plus ``extra_empty`` empty stored entries (headers written by hand:
    zipfile takes ~0.2 ms per entry, too slow for 20000)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in entries:
            zf.writestr(zipfile.ZipInfo(name or "x"), body, compress_type=zipfile.ZIP_DEFLATED)
    data = out.getvalue()
    if not extra_empty:
        return data
    end = data.rfind(b"PK\x05\x06")
    _, _, _, _, count, cd_size, cd_offset, _ = struct.unpack("<4sHHHHIIH", data[end:end + 22])
    body, central = data[:cd_offset], [data[cd_offset:cd_offset + cd_size]]
    local_parts = [body]
    pos = len(body)
    for i in range(extra_empty):
        name = b"images/x%d.png" % i
        local_parts.append(struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 0, 0, 0, 0, 0, 0, len(name), 0) + name)
        central.append(struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0,
                                   len(name), 0, 0, 0, 0, 0, pos) + name)
        pos += 30 + len(name)
    cd = b"".join(central)
    total = min(count + extra_empty, 0xFFFF)
    return b"".join(local_parts) + cd + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, total, total,
                                                    len(cd), pos, 0)


def bomb_zip(name: str) -> bytes:
    """A zip whose entry ``name`` is a deflate bomb, sizes written truthfully."""
    comp = _bomb()
    size = 64 << 20
    crc = zlib.crc32(b"\0" * size)
    fname = name.encode("utf-8")
    local = struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(comp), size, len(fname), 0)
    central = struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(comp), size,
                          len(fname), 0, 0, 0, 0, 0, 0)
    cd_offset = len(local) + len(fname) + len(comp)
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 1, 1, len(central) + len(fname), cd_offset, 0)
    return local + fname + comp + central + fname + end


def lie_about_sizes(data: bytes, rng: random.Random) -> bytes:
    """Rewrite the declared uncompressed size of some entries (local and central headers)."""
    buf = bytearray(data)
    for sig, off in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        i = buf.find(sig)
        while i >= 0:
            if rng.random() < 0.5 and i + off + 4 <= len(buf):
                buf[i + off:i + off + 4] = struct.pack("<I", rng.choice([0, 1, 0x7FFFFFFF, 0xFFFFFFFF, 600 << 20]))
            i = buf.find(sig, i + 4)
    return bytes(buf)


def mutate_zip(data: bytes, rng: random.Random, inner_kind: dict[str, str], others: list[bytes]) -> bytes:
    """A zip-level mutation of the archive ``data``; falls back to byte mutation."""
    entries = read_entries(data)
    op = rng.random()
    if entries is None or op < 0.15:
        return mutate_bytes(data, rng, others, "zip")
    items = [(i.filename, body) for i, body in entries]
    if op < 0.55:                                  # mutate one interesting entry's content
        names = [n for n, _ in items if n in inner_kind] or [n for n, _ in items]
        target = rng.choice(names)
        items = [(n, mutate_bytes(b, rng, others, inner_kind.get(n, "")) if n == target else b)
                 for n, b in items]
    elif op < 0.65:                                # hostile entry names
        k = rng.randrange(len(items))
        items[k] = (rng.choice(HOSTILE_NAMES), items[k][1])
        if rng.random() < 0.5:
            items.append((rng.choice(HOSTILE_NAMES), b"evil"))
    elif op < 0.72:                                # lying sizes
        return lie_about_sizes(data, rng)
    elif op < 0.77:                                # a bomb in place of an entry
        name = rng.choice([n for n, _ in items])
        return bomb_zip(name)
    elif op < 0.82:                                # many entries
        count = rng.choice([100, 100, 2000, 2000, 21_000])
        return build_zip(items, extra_empty=count)
    elif op < 0.90:                                # duplicated or dropped entries
        k = rng.randrange(len(items))
        if rng.random() < 0.5:
            items.insert(k, (items[k][0], mutate_bytes(items[k][1], rng, others, "")))
        else:
            del items[k]
    else:                                          # entity declarations in the XML entries
        xml = [n for n, _ in items if inner_kind.get(n) == "xml"]
        if xml:
            name = rng.choice(xml)
            payload = BILLION_LAUGHS if rng.random() < 0.5 else (
                b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>')
            items = [(n, payload if n == name else b) for n, b in items]
    return build_zip(items)
