"""Structure-aware mutation of saves and logs: decode the ``savedGame`` commands, change what
they mean (a field of a trait, a piece's state chain, a move's coordinates, a BoardPicker's rows,
players, chat dice lines, secret-trait states holding a password...), then encode, obfuscate and
zip again as VASSAL would. Byte flips rarely survive the ``!VCSK`` hex and the ESC nesting; these
mutations reach the replay, the audit and ``sanitize`` with well-formed but hostile commands.

    data = mutate_save(seed_bytes, rng, others)
"""
from __future__ import annotations

import io
import random
import zipfile

import mutate

ESC = "\x1b"
PASSWORD = "fuzz-secret-pw"

#: values that test the readers' limits and types once decoded
HOSTILE_VALUES = ["", "null", "-1", "0", "2147483647", "-2147483648", "9" * 30, "1e999", "nan", "NaN",
                  "true", "false", "\\", "'", "''", "'x'", "\t", ";", "/", ",", "|", "\x00", "\u202e",
                  "../../../../tmp/x", "=cmd|' /C calc'!A0", "<script>x</script>", "\n[[class]]\n",
                  " " * 20_000, "*" * 3, PASSWORD, "x" * 70_000]

SECRET_TRAITS = ["obs;M;masked.png;?", "hide;H;", "restrict;Allies;true;false;"]


def _leaves(root) -> list:
    return [n for n in root.walk()]


def _pick(rng: random.Random) -> str:
    return rng.choice(HOSTILE_VALUES) if rng.random() < 0.6 else str(rng.randint(-10, 10 ** rng.randint(1, 12)))


def _mutate_chain(chain: str, rng: random.Random, state: bool) -> str:
    from vmodgen.vassal.chains import join_chain, split_chain
    from vmodgen.vassal.codec import decode, encode
    try:
        parts = list(split_chain(chain)) if not state else decode(chain, "\t")
    except Exception:  # noqa: BLE001 - a chain the reader refuses: mutate it as text
        return chain + rng.choice(HOSTILE_VALUES)
    if not parts:
        parts = [""]
    op = rng.randrange(6)
    i = rng.randrange(len(parts))
    if op == 0:                                  # one field of one element
        fields = decode(parts[i], ";")
        if fields:
            fields[rng.randrange(len(fields))] = _pick(rng)
            parts[i] = encode(fields, ";")
    elif op == 1:                                # a secret trait (its state: a password)
        parts.insert(i, PASSWORD if state else rng.choice(SECRET_TRAITS))
    elif op == 2:                                # repeat an element many times
        parts[i:i] = [parts[i]] * rng.choice([10, 100, 1000, 5000])
    elif op == 3:
        del parts[i]
    elif op == 4:
        parts[i] = _pick(rng)
    else:
        parts.insert(i, "prototype;" + rng.choice(["P0", "a", _pick(rng)]))
    return join_chain(parts) if not state else encode(parts, "\t")


def mutate_command(text: str, rng: random.Random) -> list[str]:
    """One command text made hostile, or several (a command repeated or new ones added)."""
    from vmodgen.vassal.codec import decode, encode
    body = text
    prefix = ""
    while body.startswith("LOG\t"):
        prefix += "LOG\t"
        body = body[4:]
    r = rng.random()
    if body.startswith(("+/", "D/", "M/")) and r < 0.7:
        t = decode(body, "/")
        if body.startswith("+/") and len(t) >= 4:
            k = rng.choice([2, 3])
            t[k] = _mutate_chain(t[k], rng, state=(k == 3))
        elif body.startswith("D/") and len(t) >= 3:
            t[2] = _mutate_chain(t[2], rng, state=True)
        elif len(t) > 2:
            t[rng.randrange(1, len(t))] = _pick(rng)
        return [prefix + encode(t, "/")]
    if r < 0.75:
        return [prefix + body] * rng.choice([2, 100, 3_000])
    extra = rng.choice([
        lambda: f"PLAYER\t{PASSWORD}\t{_pick(rng)}\t{_pick(rng)}",
        lambda: f"CHAT*** 2d6 = {_pick(rng)}" + " " * rng.choice([10, 20_000]) + "*** <x>",
        lambda: f"MainBoardPicker\tmain\t{_pick(rng)}\t{_pick(rng)}",
        lambda: f"Main MapBoardPicker\tBoard\t0\t{rng.choice(['2147483647', '1000000', '3'])}",
        lambda: f"M/{_pick(rng)}/Main Map/{_pick(rng)}/{_pick(rng)}/null/Main Map/1/2/null/{PASSWORD}",
        lambda: f"UNMASK\t{PASSWORD}",
        lambda: f"PNOTE\t{PASSWORD}\tnote",
        lambda: f"SNOTE\tn\t{PASSWORD}\ttrue\ttext\t\th",
        lambda: f"TURN{_pick(rng)}\t{_pick(rng)}",
        lambda: f"GlobalProperty\t;{_pick(rng)};{_pick(rng)};",
    ])()
    return [prefix + body, "LOG\t" + extra if rng.random() < 0.5 else extra]


def mutate_text(text: str, rng: random.Random) -> str:
    """The decoded ``savedGame`` text with a few of its commands made hostile."""
    from vmodgen.vassal.commands import Command, parse_tree
    try:
        root = parse_tree(text)
    except Exception:  # noqa: BLE001 - the seed itself is refused: fall back to bytes
        return text
    subs = root.subs
    if not subs:
        subs.append(Command("LOG\tCHAT hello"))
    for _ in range(rng.choice([1, 1, 2, 3])):
        i = rng.randrange(len(subs))
        # a nested command (a setup's pieces, a step's moves) or a top one
        node = subs[i]
        inner = [n for n in node.walk()] if rng.random() < 0.5 else [node]
        target = rng.choice(inner[:2000])
        new = mutate_command(target.text, rng)
        target.text = new[0]
        target._raw = None
        target._typed = None
        if len(new) > 1:
            subs[i + 1:i + 1] = [Command(t) for t in new[1:]]
    for n in root.walk():
        n._raw = None
    try:
        return root.encode()
    except Exception:  # noqa: BLE001
        return text


def small_seed(data: bytes, keep: int = 150) -> bytes:
    """A save cut to its first ``keep`` top-level commands (the setup and the first steps),
    re-encoded as it was: mutations of a 4 MB log cost as much as the readers themselves."""
    from vmodgen.vassal.commands import parse_tree
    from vmodgen.vassal.obfuscation import PLAIN, deobfuscate, obfuscate
    entries: list[tuple[str, bytes]] = []
    payload = data
    if data[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            entries = [(i.filename, zf.read(i)) for i in zf.infolist()]
        payload = dict(entries).get("savedGame", b"")
    text, kind, key = deobfuscate(payload)
    root = parse_tree(text)
    if len(root.subs) <= keep and len(text) < 200_000:
        return data
    root.subs = root.subs[:keep]
    for n in root.walk():
        n._raw = None
    text = root.encode()
    payload = text.encode("utf-8") if kind == PLAIN else obfuscate(text, key)
    return _rezip(payload, entries)


def mutate_save(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """A save or log (zip or bare payload) with its decoded commands mutated and re-encoded
    (same obfuscation, key and zip entries); sometimes a byte-level or zip-level edit on top."""
    from vmodgen.vassal.obfuscation import PLAIN, deobfuscate, obfuscate
    entries: list[tuple[str, bytes]] = []
    payload = data
    if data[:2] == b"PK":
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                entries = [(i.filename, zf.read(i)) for i in zf.infolist()]
            payload = dict(entries).get("savedGame", b"")
        except Exception:  # noqa: BLE001
            return mutate.mutate_bytes(data, rng, others, "esc")
    try:
        text, kind, key = deobfuscate(payload)
    except Exception:  # noqa: BLE001
        return mutate.mutate_bytes(data, rng, others, "esc")
    text = mutate_text(text, rng)
    payload = text.encode("utf-8") if kind == PLAIN else obfuscate(text, key)
    if rng.random() < 0.1:
        payload = mutate.mutate_bytes(payload, rng, [], "esc")
    return _rezip(payload, entries)


def _rezip(payload: bytes, entries: list[tuple[str, bytes]]) -> bytes:
    """``payload`` as the ``savedGame`` of a zip holding ``entries`` (the bare payload when none)."""
    if not entries:
        return payload
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for name, body in entries:
            zf.writestr(name, payload if name == "savedGame" else body)
    return out.getvalue()
