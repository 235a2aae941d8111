"""Fuzz targets: each reader with its seeds (real files from ../shared and the repo's kits).

A target is a :class:`Target`: ``seeds`` (bytes), ``mutate(seed, rng, others)`` and ``run(data)``.
``run`` must return normally or raise :class:`vmodgen.errors.InputError`; anything else is a
crash. Targets whose reader does not exist yet are left out (see :func:`build_targets`).
"""
from __future__ import annotations

import importlib.util
import io
import random
import shutil
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import mutate

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SAVE_SUFFIXES = (".vsav", ".vlog", ".log", ".sav")
MODULE_SUFFIXES = (".vmod", ".mod")
DELIMS = [",", ";", "/", "\t", "\x1b", "|"]


@dataclass
class Target:
    name: str
    seeds: list[bytes]
    run: Callable[[bytes], object]
    mutate: Callable[[bytes, random.Random, list[bytes]], bytes]
    note: str = ""
    labels: list[str] = field(default_factory=list)   # a name per seed, for messages


def _have(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def _files(suffixes: tuple[str, ...]) -> list[Path]:
    out: list[Path] = []
    for folder in (SHARED / "corpus", SHARED / "golden" / "vassal-run"):
        if folder.is_dir():
            out += sorted(p for p in folder.iterdir() if p.suffix.lower() in suffixes)
    return out


def _save_payloads() -> list[tuple[str, bytes, str]]:
    """(name, raw savedGame payload, clear text) of every real save and log."""
    from vmodgen.vassal.obfuscation import deobfuscate
    out = []
    for p in _files(SAVE_SUFFIXES):
        data = p.read_bytes()
        if data[:2] == b"PK":
            with zipfile.ZipFile(p) as zf:
                payload = zf.read("savedGame")
        else:
            payload = data
        text, _, _ = deobfuscate(payload)
        out.append((p.name, payload, text))
    return out


def _small_module(path: Path) -> bytes:
    """The module without its images (the readers only look at names and sizes of those)."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info) if info.file_size < 200_000 else b""
            if info.filename.startswith("images/") and len(body) > 4096:
                body = body[:4096]
            dst.writestr(info.filename, body)
    return out.getvalue()


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


# --- VASSAL targets -----------------------------------------------------------------------------

def codec_target(payloads) -> Target:
    from vmodgen.vassal import codec
    seeds = []
    for _, _, text in payloads:
        seeds += [t.encode() for t in text.split("\x1b")[:300] if t]
    seeds = seeds[:3000]

    def run(data: bytes) -> None:
        text = _text(data)
        for delim in DELIMS:
            tokens = codec.decode(text, delim)
            if not any(t.endswith("\\") for t in tokens[:-1]) and "'" not in text:
                again = codec.decode(codec.encode(tokens, delim), delim)
                assert again == tokens, f"round trip changed the tokens for delimiter {delim!r}"
            d = codec.Decoder(text, delim)
            while d.has_more():
                d.next_int(0)
    return Target("codec", seeds, run, lambda s, r, o: mutate.mutate_bytes(s, r, o, "esc"))


def obfuscation_target(payloads) -> Target:
    from vmodgen.vassal import obfuscation
    seeds = [p[:16_384] for _, p, _ in payloads] + [obfuscation.obfuscate(t[:5000], 0xA7) for _, _, t in payloads]

    def run(data: bytes) -> None:
        text, kind, key = obfuscation.deobfuscate(data, "fuzz.vsav")
        if kind == obfuscation.VCSK:
            assert obfuscation.obfuscate(text, key).lower() == data.lower(), "!VCSK round trip differs"
    return Target("obfuscation", seeds, run, lambda s, r, o: mutate.mutate_bytes(s, r, o, ""))


def commands_target(payloads) -> Target:
    from vmodgen.vassal import codec, commands, typed
    seeds = [t.encode() for _, _, t in payloads if len(t) < 50_000]
    for _, _, text in payloads:     # smaller seeds too: the root with 20 of its sub-commands
        root = commands.parse_tree(text)
        for i in range(0, min(len(root.subs), 400), 20):
            part = [commands.encode_tree(s) for s in root.subs[i:i + 20]]
            seeds.append(codec.encode([root.text] + part, "\x1b").encode())

    def run(data: bytes) -> None:
        text = _text(data)
        tree = commands.parse_tree(text, "fuzz.vlog")
        assert commands.encode_tree(tree) == text, "encode_tree(parse_tree(text)) != text"
        for i, node in enumerate(tree.walk()):
            if i > 20_000:
                break
            view = node.typed()
            typed.safe_text(node.text)
            if not isinstance(view, typed.Unknown):
                assert view.encode() == node.text, "typed view does not re-encode its text"
    return Target("commands", seeds, run, lambda s, r, o: mutate.mutate_bytes(s, r, o, "esc"))


def traits_target(payloads) -> Target:
    from vmodgen.vassal import codec
    from vmodgen.vassal import piece as piece_mod
    seeds: list[bytes] = []
    for _, _, text in payloads:
        for cmd in text.split("\x1b"):
            if cmd.startswith("+/"):
                t = codec.decode(cmd, "/")
                if len(t) == 4:
                    seeds.append(t[2].encode() + b"\0" + t[3].encode())
            if len(seeds) > 2000:
                break

    def run(data: bytes) -> None:
        type_chain, _, state_chain = _text(data).partition("\0")
        warnings: list[str] = []
        piece = piece_mod.Piece(type_chain, state_chain, warnings=warnings)
        for t in piece.traits:
            t.properties()
            t.images()
            t.to_json()
        piece.properties()
        piece.images()
        piece.position()
        piece.name
        assert piece.encode_type() == type_chain and piece.encode_state() == state_chain
        protos = {"a": type_chain, "b": "prototype;a\tpiece;;;;"}
        piece_mod.expand_prototypes(type_chain, state_chain, protos, warnings)
    return Target("traits", seeds, run, lambda s, r, o: mutate.mutate_bytes(s, r, o, "esc"))


def save_target() -> Target:
    from vmodgen.vassal.savefile import read_save_bytes
    has_replay = _have("vmodgen.vassal.replay")
    files = _files(SAVE_SUFFIXES)
    seeds = [p.read_bytes() for p in files]

    def run(data: bytes) -> None:
        save = read_save_bytes(data, "fuzz.vsav")
        tree = save.tree
        save.is_log
        save.vassal_version
        assert save.encode() == save.text
        if has_replay and len(tree.subs) < 50_000:
            from vmodgen.vassal.replay import replay
            replay(save)

    kinds = {"savedGame": "esc", "savedata": "xml", "moduledata": "xml"}
    return Target("save", seeds, run, lambda s, r, o: mutate.mutate_zip(s, r, kinds, o) if s[:2] == b"PK"
                  else mutate.mutate_bytes(s, r, o, "esc"), labels=[p.name for p in files])


def module_target() -> Target:
    from vmodgen.vassal.module import read_module
    inspecting = None
    if _have("vmodgen.vassal.inspecting"):
        from vmodgen.vassal import inspecting
    files = _files(MODULE_SUFFIXES)
    seeds = [_small_module(p) for p in files]

    def run(data: bytes) -> None:
        mod = read_module("fuzz.vmod", data=data)
        if inspecting is not None:
            inspecting.module_summary(mod)

    kinds = {"buildFile.xml": "xml", "buildFile": "xml", "moduledata": "xml"}
    return Target("module", seeds, run, lambda s, r, o: mutate.mutate_zip(s, r, kinds, o),
                  labels=[p.name for p in files])


def decoded_target() -> Target:
    """Saves and logs whose decoded commands are mutated and re-encoded (:mod:`decoded`): read,
    replayed, sanitized (the copy parses again), dice lines parsed."""
    import decoded
    from vmodgen.audit.stats import parse_roll
    from vmodgen.vassal.codec import decode
    from vmodgen.vassal.commands import parse_tree
    from vmodgen.vassal.replay import replay
    from vmodgen.vassal.sanitize import sanitize_text
    from vmodgen.vassal.savefile import read_save_bytes
    files = _files(SAVE_SUFFIXES)
    seeds = [decoded.small_seed(p.read_bytes()) for p in files]

    def run(data: bytes) -> None:
        save = read_save_bytes(data, "fuzz.vsav")
        replay(save)
        clean, _ = sanitize_text(save.text)
        for node in parse_tree(clean).walk():       # the player id fields are empty
            text = node.text
            while text.startswith("LOG\t"):
                text = text[4:]
            head, _, rest = text.partition("\t")
            fields = decode(rest, "\t")
            ids = {"PLAYER": fields[:1], "PYREMOVE": fields[:1], "UNMASK": fields, "PNOTE": fields[:1],
                   "SNOTE": fields[1:2]}.get(head, [])
            assert not any(ids), f"a player id is left in {head}"
        for node in save.tree.walk():
            if "CHAT" in node.text[:12]:
                parse_roll(node.text.split("CHAT", 1)[1])

    return Target("decoded", seeds, run, decoded.mutate_save, labels=[p.name for p in files])


# --- kit and position targets -----------------------------------------------------------------

class KitSandbox:
    """Copies of the minikit and the bundled kits in a temporary folder; a case overwrites one
    file, loads the kit, and puts the file back."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="vmodgen-fuzz-"))
        self.kits: list[Path] = []
        mini = self.root / "counters" / "minikit"
        shutil.copytree(ROOT / "tests" / "data" / "minikit", mini)
        self.kits.append(mini / "game.toml")
        for game in sorted((ROOT / "counters").glob("*/game.toml")):
            kit_id = game.parent.name
            shutil.copytree(game.parent, self.root / "counters" / kit_id)
            if (ROOT / "maps" / kit_id).is_dir():
                shutil.copytree(ROOT / "maps" / kit_id, self.root / "maps" / kit_id)
            self.kits.append(self.root / "counters" / kit_id / "game.toml")

    def files(self, kind: str) -> list[tuple[Path, Path]]:
        """(game.toml, file) pairs of one kind: roster, map, game."""
        out = []
        for game in self.kits:
            kit = game.parent
            if kind == "roster":
                out += [(game, p) for p in kit.glob("roster.csv")]
            elif kind == "game":
                out += [(game, p) for p in (kit / "game.toml", kit / "scenarios.toml") if p.is_file()]
            else:
                maps = list(kit.glob("map.toml")) + list((self.root / "maps" / kit.name).glob("*"))
                out += [(game, p) for p in maps if p.suffix in (".toml", ".csv")]
        return out

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def kit_target(name: str, sandbox: KitSandbox) -> Target:
    from vmodgen.model import load_kit
    pairs = sandbox.files(name)
    originals = [p.read_bytes() for _, p in pairs]
    # a seed is "index\0bytes": which file of which kit, then its content
    seeds = [str(i).encode() + b"\0" + data for i, data in enumerate(originals)]
    # the minikit loads in ~10 ms, a bundled kit in ~200 ms: seed from the minikit more often
    seeds += [seed for seed, (game, _) in zip(list(seeds), pairs) if game == sandbox.kits[0]] * 30

    def run(data: bytes) -> None:
        head, _, body = data.partition(b"\0")
        i = int(head) if head.isdigit() and int(head) < len(pairs) else 0
        game, path = pairs[i]
        path.write_bytes(body)
        try:
            load_kit(game)
        finally:
            path.write_bytes(originals[i])

    def mut(seed: bytes, rng: random.Random, others: list[bytes]) -> bytes:
        head, _, body = seed.partition(b"\0")
        kind = "toml" if pairs[int(head)][1].suffix == ".toml" else "csv"
        return head + b"\0" + mutate.mutate_bytes(body, rng, [], kind)
    return Target(name, seeds, run, mut, labels=[str(p.relative_to(sandbox.root)) for _, p in pairs])


def position_target() -> Target:
    from vmodgen.rules.position_file import load_position
    files = sorted((ROOT / "tests" / "data" / "positions").rglob("*.toml"))   # per-game folders too
    seeds = [p.read_bytes() for p in files]
    where = ROOT / "tests" / "data" / "positions" / "fuzz.toml"   # never written: text is passed in

    def run(data: bytes) -> None:
        pos = load_position(where, _text(data))
        if _have("vmodgen.rules"):
            from vmodgen.rules import ruleset_for
            ruleset_for(pos.game).check(pos)
    return Target("position", seeds, run, lambda s, r, o: mutate.mutate_bytes(s, r, o, "toml"),
                  labels=[p.name for p in files])


ALL = ["codec", "obfuscation", "commands", "traits", "save", "decoded", "module", "roster", "map", "game", "position"]


def build_targets(names: list[str]) -> tuple[dict[str, Target], list[str], KitSandbox | None]:
    """The targets asked for that exist now, and a note for each one skipped."""
    out: dict[str, Target] = {}
    skipped: list[str] = []
    payloads = _save_payloads() if (SHARED / "corpus").is_dir() and _have("vmodgen.vassal.obfuscation") else []
    sandbox = None
    for name in names:
        if name in ("codec", "obfuscation", "commands", "traits") and not payloads:
            skipped.append(f"{name}: no seeds (../shared/corpus absent)")
            continue
        need = {"codec": "vmodgen.vassal.codec", "obfuscation": "vmodgen.vassal.obfuscation",
                "commands": "vmodgen.vassal.typed", "traits": "vmodgen.vassal.traits",
                "save": "vmodgen.vassal.savefile", "decoded": "vmodgen.vassal.replay",
                "module": "vmodgen.vassal.module",
                "position": "vmodgen.positions"}.get(name)
        if need and not _have(need):
            skipped.append(f"{name}: {need} does not exist yet")
            continue
        if name == "codec":
            out[name] = codec_target(payloads)
        elif name == "obfuscation":
            out[name] = obfuscation_target(payloads)
        elif name == "commands":
            out[name] = commands_target(payloads)
        elif name == "traits":
            out[name] = traits_target(payloads)
        elif name == "save":
            out[name] = save_target()
        elif name == "decoded":
            out[name] = decoded_target()
        elif name == "module":
            out[name] = module_target()
        elif name in ("roster", "map", "game"):
            sandbox = sandbox or KitSandbox()
            out[name] = kit_target(name, sandbox)
        elif name == "position":
            out[name] = position_target()
        if name in out and not out[name].seeds:
            skipped.append(f"{name}: no seed files")
            del out[name]
    return out, skipped, sandbox
