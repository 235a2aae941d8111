"""Saved games (.vsav) and logfiles (.vlog): the container (FORMATS.md §4.1–§4.2).

A save is a zip with ``savedGame`` (the command text, normally ``!VCSK``-obfuscated),
``savedata`` (SaveMetaData XML) and ``moduledata`` (a copy of the module's metadata).
:func:`read_save` also accepts a bare (non-zip) file holding the command text, obfuscated
or not. :func:`write_save` writes VASSAL 3.7's layout (entries DEFLATED) atomically.
"""
from __future__ import annotations

import io
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import limits
from ..errors import InputError, LimitError
from ..safeio import SafeZip, parse_xml, read_bytes, write_bytes_atomic
from .codec import decode
from .commands import Command, encode_tree, parse_tree, parse_tree_pieces
from .obfuscation import PLAIN, VCSK, deobfuscate_pieces, obfuscate

__all__ = ["Metadata", "SaveFile", "read_save", "read_save_bytes", "max_save_file_bytes", "write_save", "save_bytes",
           "metadata_xml", "parse_metadata"]

SAVED_GAME = "savedGame"
SAVEDATA = "savedata"
MODULEDATA = "moduledata"
DEFAULT_VASSAL_VERSION = "3.7.0"


@dataclass
class Metadata:
    """``savedata`` or ``moduledata`` (``<data version="1">``): both share these elements."""
    version: str = ""            # module version
    vassal_version: str = ""
    date_saved: str = ""         # milliseconds since the epoch
    description: str = ""        # save: user comment; module: description
    name: str = ""               # module name (moduledata only)
    extra1: str | None = None
    extra2: str | None = None
    other: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {k: v for k, v in vars(self).items() if v not in (None, "", {})}


def parse_metadata(data: bytes, path: str | Path, what: str) -> Metadata:
    """Read a ``savedata``/``moduledata`` entry (unknown elements kept in ``other``)."""
    root = parse_xml(data, path, what)
    meta = Metadata()
    names = {"version": "version", "VassalVersion": "vassal_version", "dateSaved": "date_saved",
             "description": "description", "name": "name", "extra1": "extra1", "extra2": "extra2"}
    for child in root:
        tag = child.tag if isinstance(child.tag, str) else ""
        if child.get("lang"):
            continue  # translations
        text = (child.text or "").strip()
        attr = names.get(tag)
        if attr is None:
            if tag:
                meta.other[tag] = text
        elif attr not in ("description", "name") or not getattr(meta, attr):
            setattr(meta, attr, text)
    return meta


def metadata_xml(meta: Metadata, kind: str = SAVEDATA) -> bytes:
    """The XML VASSAL writes for ``savedata`` (``kind="savedata"``) or ``moduledata``."""
    def el(tag: str, value: str | None) -> str:
        if value is None:
            return ""
        return f"  <{tag}>{_xml_escape(value)}</{tag}>\n" if value else f"  <{tag}/>\n"

    parts = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n',
             el("version", meta.version),
             el("extra1", "" if meta.extra1 is None else meta.extra1),
             el("extra2", "" if meta.extra2 is None else meta.extra2),
             el("VassalVersion", meta.vassal_version or DEFAULT_VASSAL_VERSION),
             el("dateSaved", meta.date_saved or str(int(time.time() * 1000)))]
    if kind == MODULEDATA:
        parts.append(el("description", meta.description))
        parts.append(el("name", meta.name))
    elif meta.description:
        parts.append(el("description", meta.description))
    parts.append("</data>\n")
    return "".join(parts).encode("utf-8")


@dataclass
class SaveFile:
    """One save or log as read: the command text and where it came from."""
    path: str
    text: str
    encoding: str                 # "!VCSK", "VOBS" or "plain"
    key: int | None
    container: str                # "zip" or "raw"
    savedata: Metadata | None = None
    moduledata: Metadata | None = None
    entries: list[str] = field(default_factory=list)
    _tree: Command | None = field(default=None, repr=False)
    #: the text's pieces between ESC characters, as read (:attr:`text` is joined from them
    #: only when asked for: the tree is parsed from them)
    _pieces: list[str] | None = field(default=None, repr=False, compare=False)
    #: where the first byte of the text that is not UTF-8 lies ("at byte N (in a chat line,
    #: near ...)"), read as VASSAL reads it (a replacement character); None when all are
    undecodable: str | None = None

    @property
    def tree(self) -> Command:
        """The command tree (parsed once)."""
        if self._tree is None:
            if self._pieces is not None and "_text" not in self.__dict__:
                self._tree = parse_tree_pieces(self._pieces, self.path)
            else:
                self._tree = parse_tree(self.text, self.path)
        return self._tree

    @property
    def chars(self) -> int:
        """The length of :attr:`text` (without joining it)."""
        if "_text" not in self.__dict__ and self._pieces is not None:
            return sum(map(len, self._pieces)) + len(self._pieces) - 1
        return len(self.text)

    def head(self, n: int) -> str:
        """``text[:n]`` (without joining the whole text)."""
        if "_text" not in self.__dict__ and self._pieces is not None:
            out: list[str] = []
            size = 0
            for p in self._pieces:
                out.append(p)
                size += len(p) + 1
                if size >= n:
                    break
            return "\x1b".join(out)[:n]
        return self.text[:n]

    @property
    def module_name(self) -> str:
        """The module the file was saved with (moduledata; a VASSAL 2.x file: its version check)."""
        if self.moduledata and self.moduledata.name:
            return self.moduledata.name
        return self._legacy_check()[0]

    @property
    def module_version(self) -> str:
        if self.moduledata and self.moduledata.version:
            return self.moduledata.version
        if self.savedata and self.savedata.version:
            return self.savedata.version
        return self._legacy_check()[1]

    def _legacy_check(self) -> tuple[str, str]:
        """(module name, version) from a VASSAL 2.x ``CHECK\tversion<V\tALERT…Game saved using NAME
        version V.`` command at the head of the file; empty strings when there is none."""
        head = self.head(2000)
        i = head.find("CHECK\tversion<")
        if i < 0:
            return "", ""
        j = head.find("Game saved using ", i)
        end = head.find("\x1b", i)
        if j < 0 or (0 <= end < j):
            return "", ""
        rest = head[j + len("Game saved using "):end if end > j else len(head)]
        # the CHECK's own condition holds the version as the module had it (GameState.
        # checkVersionCommand: ``version<V``); the alert shows it with each newline as '|'
        # (VASSAL 2.7 modules kept an svn ``$Id$`` line in their version)
        version = decode(head[i:end if end > i else len(head)], "\t")[1][len("version<"):]
        shown = " version " + version.replace("\n", "|") + "."
        k = rest.rstrip("\\").find(shown)
        if k < 0:
            k = rest.rfind(" version ")
            if k < 0:
                return "", ""
            return rest[:k].strip(), rest[k + len(" version "):].rstrip(".\\ ").strip()
        return rest[:k].strip(), " ".join(version.split())     # one line: "1.0\r\n$Id$" as "1.0 $Id$"

    @property
    def vassal_version(self) -> str:
        """The VASSAL version that wrote the file (savedata, else the CHECK command)."""
        if self.savedata and self.savedata.vassal_version:
            return self.savedata.vassal_version
        head = self.head(400)
        marker = "runningVassalVersion<"
        i = head.find(marker)
        if i >= 0:
            j = i + len(marker)
            k = j
            while k < len(head) and head[k] not in "\t\x1b\\":
                k += 1
            return head[j:k]
        return ""

    @property
    def is_log(self) -> bool:
        """True when LOG steps follow ``end_save`` (decided by content, not by name)."""
        seen_end = False
        for sub in self.tree.subs:
            if sub.text == "end_save":
                seen_end = True
            elif seen_end and sub.text.startswith("LOG\t"):
                return True
        return False

    def encode(self) -> str:
        """The command text re-encoded from the tree (identical to :attr:`text`)."""
        return encode_tree(self.tree)


def _get_text(self: SaveFile) -> str:
    text = self.__dict__.get("_text")
    if text is None:
        text = self.__dict__["_text"] = "\x1b".join(self._pieces or [""])
    return text


def _set_text(self: SaveFile, text: str | None) -> None:
    if text is None:
        self.__dict__.pop("_text", None)
    else:
        self.__dict__["_text"] = text
        self._pieces = None


#: the command text (joined from the pieces read on first use)
SaveFile.text = property(_get_text, _set_text)  # type: ignore[assignment]


#: what a module given as a save is told to do instead (the commands that take ``--module``)
GIVE_MODULE = "give a module with --module"


def max_save_file_bytes() -> int:
    """The largest save or log file (or ``savedGame`` entry) read: twice the command text limit
    (its obfuscated form is two hex digits a character) and a header. Read at call time."""
    return 2 * limits.MAX_SAVEDGAME_BYTES + 16


#: how many bytes :func:`refuse_unreadable_head` needs
HEAD_BYTES = 400


def refuse_unreadable_head(head: bytes, path: str) -> None:
    """Refuse a file that is neither a zip nor a saved-game text, from its first
    :data:`HEAD_BYTES` (or all) bytes: empty, a save's unpacked metadata entry, anything else."""
    if head[:2] == b"PK":
        return
    if not head:
        raise InputError(path, "the file is empty: not a VASSAL save or log")
    if not head.startswith((b"!VCSK", b"VOBS", b"begin_save", b"\xef\xbb\xbfbegin_save")):
        if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<?xml") and b"<data version=" in head[:HEAD_BYTES]:
            # an unpacked save's metadata entry (a repository may keep a save unzipped)
            raise InputError(path, "a VASSAL metadata entry ('savedata' or 'moduledata'), not a save or "
                                   "log: the game is in a save's 'savedGame' entry")
        raise InputError(path, "not a VASSAL save or log (neither a zip nor a saved-game text)")


def read_save_bytes(data: bytes, path: str | Path = "<bytes>", instead: str = GIVE_MODULE) -> SaveFile:
    """Read a save/log from bytes: a zip with ``savedGame``, or a bare command text. A module
    given instead is refused as one, followed by ``instead`` (what to do)."""
    path = str(path)
    if data[:2] == b"PK":
        with SafeZip(path, data=data) as zf:
            if SAVED_GAME not in zf:
                if "buildFile.xml" in zf or "buildFile" in zf:
                    raise InputError(path, f"a VASSAL module, not a save or log: {instead}")
                raise InputError(path, "zip has no 'savedGame' entry: not a VASSAL save or log")
            zf.refuse_unlisted_before(SAVED_GAME)      # VASSAL streams the zip: the first copy
            payload = zf.read(SAVED_GAME, max_bytes=max_save_file_bytes())
            savedata = _meta(zf, SAVEDATA, path)
            moduledata = _meta(zf, MODULEDATA, path)
            entries = zf.names()
        container = "zip"
    else:
        refuse_unreadable_head(data, path)
        payload, savedata, moduledata, entries, container = data, None, None, [], "raw"
        if payload.startswith(b"\xef\xbb\xbf"):
            payload = payload[3:]
    pieces, kind, key, undecodable = deobfuscate_pieces(payload, path)
    save = SaveFile(path, None, kind, key, container, savedata, moduledata, entries,  # type: ignore[arg-type]
                    _pieces=pieces, undecodable=undecodable)
    if save.chars > limits.MAX_SAVEDGAME_BYTES:
        raise LimitError(path, f"savedGame text is {save.chars} characters, more than the limit "
                               f"of {limits.MAX_SAVEDGAME_BYTES}")
    return save


def _meta(zf: SafeZip, name: str, path: str) -> Metadata | None:
    if name not in zf:
        return None
    # named as a module's entries are (``save.vlog: savedata:3: ...``): the line is the entry's
    return parse_metadata(zf.read(name, max_bytes=limits.MAX_XML_BYTES), f"{path}: {name}", name)


def read_save(path: str | Path, instead: str = GIVE_MODULE) -> SaveFile:
    """Read a ``.vsav``/``.vlog`` (or an old ``.sav``/``.log``) file (``instead``: see
    :func:`read_save_bytes`)."""
    data = read_bytes(path, max_save_file_bytes(), "save file")
    return read_save_bytes(data, path, instead)


def save_bytes(content: str | Command, *, obfuscated: bool = True, key: int | None = None,
               savedata: Metadata | None = None, moduledata: Metadata | bytes | None = None,
               container: str = "zip", date_time: tuple[int, int, int, int, int, int] | None = None) -> bytes:
    """The bytes of a save/log file: ``!VCSK`` (or plain) ``savedGame`` + metadata entries.
    ``date_time``: the zip entries' time (default now; fixed for reproducible files)."""
    text = encode_tree(content) if isinstance(content, Command) else content
    payload = obfuscate(text, key) if obfuscated else text.encode("utf-8")
    if container == "raw":
        return payload
    buf = io.BytesIO()
    stamp = date_time if date_time is not None else time.localtime()[:6]
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        def put(name: str, data: bytes) -> None:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
        put(SAVED_GAME, payload)
        put(SAVEDATA, metadata_xml(savedata or Metadata(), SAVEDATA))
        if moduledata is not None:
            put(MODULEDATA, moduledata if isinstance(moduledata, bytes)
                else metadata_xml(moduledata, MODULEDATA))
    return buf.getvalue()


def write_save(path: str | Path, content: str | Command, **options) -> None:
    """Write a save/log atomically (see :func:`save_bytes` for the options)."""
    write_bytes_atomic(path, save_bytes(content, **options))


def copy_options(save: SaveFile) -> dict:
    """Options that make :func:`save_bytes` keep a read file's encoding and metadata."""
    return {"obfuscated": save.encoding != PLAIN, "key": save.key if save.encoding == VCSK else None,
            "savedata": save.savedata, "moduledata": save.moduledata, "container": save.container}


def rewrite_save(source: str | Path, target: str | Path, text: str,
                 keep: "tuple[str, ...] | None" = None) -> None:
    """Write ``target`` (atomically) as :func:`rewritten_save_bytes` of ``source``."""
    write_bytes_atomic(target, rewritten_save_bytes(source, text, keep))


def rewritten_save_bytes(source: str | Path, text: str, keep: "tuple[str, ...] | None" = None,
                         comment: bytes = b"") -> bytes:
    """A copy of the save ``source`` whose command text is ``text``: same container,
    obfuscation kind (``VOBS`` becomes ``!VCSK``) and key, every other zip entry (only those
    named in ``keep``, when given) copied byte for byte, each entry with the time the source's
    entry has (when VASSAL wrote it: the copy invents no time), ``comment`` as the archive's
    comment. ``source`` is never modified."""
    data = read_bytes(source, max_save_file_bytes(), "save file")
    save = read_save_bytes(data, source)
    obfuscated = save.encoding != PLAIN
    key = save.key if save.encoding == VCSK else None
    payload = obfuscate(text, key) if obfuscated else text.encode("utf-8")
    if save.container == "raw":
        return payload
    buf = io.BytesIO()
    with SafeZip(source, data=data) as src, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
        for name in src.names():
            if keep is not None and name not in keep:
                continue
            info = zipfile.ZipInfo(name, date_time=src.date_time(name) or time.localtime()[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, payload if name == SAVED_GAME else src.read(name))
        out.comment = comment
    return buf.getvalue()


def _xml_escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (what xml.sax.saxutils.escape does, without
    importing urllib with it)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
