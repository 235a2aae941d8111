"""What a binding can tell about a piece: its name, its properties (prototypes expanded), the
prototypes it uses, its images and the palette folder of the slot it came from; and the
piece classes of a binding file that match on those facts.

A piece in a log is found back in the module's palette by its type chain, else by the stem of
its own image (``0172.svg`` and ``0172.f.svg`` are the same picture), else by a unique name, so
a log written with an older version of the module still finds its folder. Its Marker values are
then compared with that palette piece's (:attr:`Facts.palette_diffs`): VASSAL plays a piece as its
saved type and state say (``GameModule.createPiece``), never from the palette, so a log played
with another version of the module keeps that version's values, and the binding judges them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

from ..errors import LimitError
from ..vassal.buildfile import named_path
from ..vassal.codec import decode
from ..vassal.traits import BasicPiece, Layer, Marker, UsePrototype, split_chain
from ..vassal.piece import Piece, expand_prototypes

if TYPE_CHECKING:
    from ..vassal.module import Module, PieceSlot

#: palette path components that are only a widget's class name (an unnamed widget)
_SIDE_SUFFIX = re.compile(r"[._\-](?:f|b|front|back|fr|bk)\Z", re.I)
MATCH_KEYS = ("piece", "folder", "prototype", "image", "property")


def image_stem(name: str) -> str:
    """``images/0172.f.svg`` → ``0172``: the picture's name without folder, extension or side."""
    base = name.rsplit("/", 1)[-1]
    if "." in base:
        base = base.rsplit(".", 1)[0]
    return _SIDE_SUFFIX.sub("", base)


def folder_of(path: tuple[str, ...]) -> str:
    """A slot's palette path as text (``Pieces/German/21 Pz Div``), unnamed widgets left out."""
    return "/".join(named_path(path))


def prototype_names(type_chain: str, prototypes: dict[str, str], depth: int = 0,
                    _seen: "dict[str, None] | None" = None) -> list[str]:
    """Names of the prototypes a type chain uses, nested ones included (each prototype's own
    chain read once: prototypes that use each other many times over cost no more)."""
    seen: dict[str, None] = {} if _seen is None else _seen
    if depth > 16:
        return list(seen)
    for t in split_chain(type_chain):
        if t.startswith(UsePrototype.ID):
            name = t[len(UsePrototype.ID):]
            if name in seen:
                continue
            seen[name] = None
            definition = prototypes.get(name)
            if definition:
                tokens = decode(definition.strip(), "/") if definition.strip().startswith("+/") else ["", "", definition]
                prototype_names(tokens[2] if len(tokens) > 2 else "", prototypes, depth + 1, seen)
    return list(seen)


def state_key(state_chain: str) -> str:
    """The state chain without the BasicPiece's position and id (``map;x;y;gpid``, the first
    fields of the innermost state): what a piece shows depends on neither, so readings cached by
    this key survive a move and serve every copy of a piece. The innermost state is the text
    after the last tab (escaped or not: VASSAL 3.0 nests each trait's state in the next); when
    that text is escaped or does not look like ``map;x;y`` the whole chain is the key."""
    head, tab, tail = state_chain.rpartition("\t")
    if "\\" in tail:
        return state_chain
    parts = tail.split(";", 4)                     # map;x;y;gpid;persistent properties...
    if len(parts) < 3 or not (_is_int(parts[1]) and _is_int(parts[2])):
        return state_chain
    return head + tab + "\0" + (parts[4] if len(parts) == 5 else "")


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


@dataclass
class Facts:
    """What matching can look at."""
    name: str
    properties: dict[str, str]
    prototypes: list[str]
    images: list[str]
    folder: str = ""
    slot: str = ""                   # the palette slot's name
    basic_image: str = ""
    #: the piece's Marker properties (static values: what a module version fixes)
    markers: dict[str, str] = field(default_factory=dict)
    #: (property, saved value, palette value) for each Marker the palette piece found has with
    #: another value (a piece placed with another version of the module)
    palette_diffs: tuple[tuple[str, str, str], ...] = ()
    #: a palette slot's Layers: name → how many images the outermost Layer of that name has
    #: (not its empty ones); empty for a piece read in play
    layers: dict[str, int] = field(default_factory=dict)

    @property
    def display(self) -> str:
        if self.name.strip():
            return self.name.strip()
        if self.slot.strip():
            return self.slot.strip()
        last = self.folder.rsplit("/", 1)[-1] if self.folder else "piece"
        return f"{last} {image_stem(self.basic_image)}".strip()


def piece_facts(piece: Piece, prototypes: dict[str, str]
                ) -> tuple[str, dict[str, str], list[str], list[str], str, dict[str, str]]:
    """(name, properties, prototype names, images, basic image, Marker properties) of a decoded
    piece (prototypes expanded)."""
    return _facts_of(piece, prototypes)[:6]


def _facts_of(piece: Piece, prototypes: dict[str, str]
              ) -> tuple[str, dict[str, str], list[str], list[str], str, dict[str, str], Piece]:
    """:func:`piece_facts` and the piece with its prototypes expanded. Read from a copy of
    ``piece`` (:meth:`Piece.copy`: the same texts, warnings and source): ``piece``, a live piece
    of a replay, keeps its traits undecoded, and so costs no more at each later step that moves
    or changes it (``Piece._sync`` walks the traits of a decoded piece)."""
    type_chain, state_chain = piece.encode_type(), piece.encode_state()
    own = piece.copy()
    names = prototype_names(type_chain, prototypes)
    if names:
        t, s = expand_prototypes(type_chain, state_chain, prototypes, [])
        full = Piece(t, s)
    else:
        full = own
    props = {k: v for k, v in full.properties().items() if not k.startswith("Old")}
    images = [i for i in full.images() if i and not i.startswith("/")]
    basic = full.basic
    basic_image = basic.image if basic is not None else ""
    markers: dict[str, str] = {}
    for trait in full.traits:
        if isinstance(trait, Marker):
            for k, v in trait.properties().items():
                markers.setdefault(k, v)      # the outermost trait answers first, as in VASSAL
    return full.name or own.name, props, names, images, basic_image, markers, full


def layer_images(full: Piece) -> dict[str, int]:
    """Layer name → how many images (not the empty ones) the outermost Layer of that name has."""
    out: dict[str, int] = {}
    for t in full.traits:                      # outermost first
        if isinstance(t, Layer) and t.name not in out:
            out[t.name] = len([i for i in t.image_names if i])
    return out


def _innermost(type_chain: str) -> str:
    """The innermost element of a type chain (the BasicPiece's type), "" when unreadable."""
    try:
        return split_chain(type_chain)[-1]
    except Exception:       # noqa: BLE001 - a damaged slot: nothing to index
        return ""


def _basic_field(type_chain: str, which: str) -> str:
    """The ``image`` or ``name`` of a slot's own BasicPiece, "" when there is none or it is damaged."""
    inner = _innermost(type_chain)
    if not inner.startswith(BasicPiece.ID):
        return ""
    try:
        return getattr(BasicPiece(inner), which)
    except Exception:       # noqa: BLE001 - a damaged slot: nothing to index
        return ""


@dataclass
class SlotInfo:
    slot: "PieceSlot"
    facts: Facts


class SlotIndex:
    """The module's palette slots with their facts, and the lookup of a piece's slot. A slot's
    facts (prototypes expanded, every trait read) are worked out when first asked for: an audit
    whose pieces are found by their type chain never reads the rest of the palette."""

    def __init__(self, module: "Module") -> None:
        self.module = module
        self._raw: list[tuple["PieceSlot", str, str]] = []      # slot, type chain, state chain
        self._infos: list[SlotInfo | None] = []
        self._done: list[bool] = []
        self._types: dict[str, list[int]] = {}
        for slot in module.piece_slots:
            tokens = decode(slot.definition, "/")
            if len(tokens) < 3:
                continue
            self._types.setdefault(tokens[2], []).append(len(self._raw))
            self._raw.append((slot, tokens[2], tokens[3] if len(tokens) > 3 else ""))
        self._infos = [None] * len(self._raw)
        self._done = [False] * len(self._raw)
        self._by_stem: dict[str, list[int]] | None = None
        self._by_name: dict[str, list[SlotInfo]] | None = None
        self._names_raw: list[str] | None = None
        self._folder_texts: list[str] | None = None

    def _info(self, i: int) -> SlotInfo | None:
        if not self._done[i]:
            slot, type_chain, state = self._raw[i]
            try:
                name, props, protos, images, basic_image, markers, full = _facts_of(
                    Piece(type_chain, state), self.module.prototypes)
                try:
                    layers = layer_images(full)
                except Exception:   # noqa: BLE001 - a damaged Layer: its images count for nothing
                    layers = {}
            except LimitError:
                raise               # a budget for the whole module: refused, not skipped
            except Exception:       # noqa: BLE001 - a damaged slot is simply not indexed
                info = None
            else:
                info = SlotInfo(slot, Facts(name, props, protos, images, folder_of(slot.path), slot.name,
                                            basic_image, markers, layers=layers))
            self._infos[i] = info
            self._done[i] = True
        return self._infos[i]

    def iter_slots(self, folder: "re.Pattern | None" = None, name: "re.Pattern | None" = None
                   ) -> Iterator[SlotInfo]:
        """The slots whose facts could be read, in palette order (facts worked out as it goes);
        with ``folder``, only the slots whose palette folder it matches (the others are not read);
        with ``name``, first the slots whose own BasicPiece name it matches (likely matches: a
        search that stops at the first one reads few facts), then the others."""
        order: Iterator[int] = iter(range(len(self._raw)))
        if name is not None:
            names = self._basic_names()
            first = [i for i, n in enumerate(names) if name.search(n)]
            chosen = set(first)
            order = iter(first + [i for i in range(len(self._raw)) if i not in chosen])
        folders = self._folders() if folder is not None else []
        for i in order:
            if folder is not None and not folder.search(folders[i]):
                continue
            info = self._info(i)
            if info is not None:
                yield info

    def _folders(self) -> list[str]:
        """Each slot's palette folder (:func:`folder_of`), worked out once for every class's search."""
        if self._folder_texts is None:
            self._folder_texts = [folder_of(slot.path) for slot, _, _ in self._raw]
        return self._folder_texts

    def _basic_names(self) -> list[str]:
        """The name in each slot's own BasicPiece (traits may show another)."""
        if self._names_raw is None:
            self._names_raw = [_basic_field(type_chain, "name") for _, type_chain, _ in self._raw]
        return self._names_raw

    @property
    def slots(self) -> list[SlotInfo]:
        return list(self.iter_slots())

    def _stems(self) -> dict[str, list[int]]:
        """Image stem of each slot's BasicPiece → slot indexes, read from the innermost element
        of the slot's type chain alone (prototypes never replace the BasicPiece)."""
        if self._by_stem is None:
            self._by_stem = {}
            for i, (_, type_chain, _) in enumerate(self._raw):
                image = _basic_field(type_chain, "image")
                if image:
                    self._by_stem.setdefault(image_stem(image), []).append(i)
        return self._by_stem

    def _names(self) -> dict[str, list[SlotInfo]]:
        if self._by_name is None:
            self._by_name = {}
            for info in self.iter_slots():
                self._by_name.setdefault((info.facts.name or info.slot.name).strip(), []).append(info)
        return self._by_name

    def find(self, type_chain: str, name: str, basic_image: str,
             markers: dict[str, str] | None = None) -> SlotInfo | None:
        """The palette slot of a piece: of the slots with its type chain, the first whose Marker
        values are ``markers`` (else the first); else by image stem; else by a unique name."""
        first = None
        for i in self._types.get(type_chain, ()):
            got = self._info(i)
            if got is None:
                continue
            if markers is None or got.facts.markers == markers:
                return got
            first = first or got
        if first is not None:
            return first
        if basic_image:
            cands = [c for c in (self._info(i) for i in self._stems().get(image_stem(basic_image), ()))
                     if c is not None and c.facts.basic_image]
            if len(cands) == 1:
                return cands[0]
            if cands:
                named = [c for c in cands if (c.facts.name or c.slot.name).strip() == name.strip()]
                if len(named) == 1:
                    return named[0]
                return cands[0]
        cands = self._names().get(name.strip(), []) if name.strip() else []
        return cands[0] if len(cands) == 1 else None

    def facts(self, piece: Piece) -> Facts:
        """The facts of a piece in play, with the folder of its palette slot when found."""
        name, props, protos, images, basic_image, markers = piece_facts(piece, self.module.prototypes)
        info = self.find(piece.encode_type(), name, basic_image, markers)
        if info is None:
            return Facts(name, props, protos, images, basic_image=basic_image, markers=markers)
        protos = list(dict.fromkeys(protos + info.facts.prototypes))
        merged = dict(info.facts.properties)
        merged.update(props)
        ours = info.facts.markers
        diffs = tuple((k, v, ours[k]) for k, v in markers.items() if k in ours and ours[k] != v)
        return Facts(name, merged, protos, images, info.facts.folder, info.slot.name, basic_image, markers, diffs)


@dataclass
class Matcher:
    """Regexes (searched, not anchored) that must all match: piece name, palette folder, a
    prototype name, an image name, and named properties."""
    piece: re.Pattern | None = None
    folder: re.Pattern | None = None
    prototype: re.Pattern | None = None
    image: re.Pattern | None = None
    properties: dict[str, re.Pattern] = field(default_factory=dict)

    def matches(self, f: Facts) -> bool:
        if self.piece is not None and not (self.piece.search(f.name) or (not f.name and self.piece.search(f.display))):
            return False
        if self.folder is not None and not self.folder.search(f.folder):
            return False
        if self.prototype is not None and not any(self.prototype.search(p) for p in f.prototypes):
            return False
        if self.image is not None and not any(self.image.search(i) for i in f.images):
            return False
        for key, pat in self.properties.items():
            v = f.properties.get(key)
            if v is None or not pat.search(v):
                return False
        return True


@dataclass
class PieceClass:
    """A ``[[class]]`` of a binding file: which pieces, and what the rules should make of them."""
    name: str
    matcher: Matcher
    attrs: dict[str, object]
    line: int | None = None


def resolve(classes: list[PieceClass], f: Facts) -> tuple[dict[str, object], list[str]]:
    """The attributes of every class matching ``f`` merged in file order (later ones win), and
    the names of those classes."""
    out: dict[str, object] = {}
    names = []
    for c in classes:
        if c.matcher.matches(f):
            out.update(c.attrs)
            names.append(c.name)
    return out, names
