"""Safe reading and writing: zip archives with limits, XML without entities, atomic writes.

Readers never modify their input; writers never leave a half-written file.
"""
from __future__ import annotations

import contextlib
import os
import re
import stat
import zipfile
from pathlib import Path
from typing import IO, Any, Iterator, Sequence

from . import limits
from .errors import InputError, LimitError


#: the entries that say what a module, save or log is: one that appears twice in an archive is
#: refused (VASSAL reads a save's first ``savedGame`` but a module's last entry of a name, and
#: another program may read either: the copies may differ)
UNIQUE_ENTRIES = frozenset({"savedGame", "savedata", "moduledata", "buildFile", "buildFile.xml"})

#: the signature of a zip entry's local header
_LOCAL_HEADER = b"PK\x03\x04"


class ZipBudget:
    """Bytes expanded and compressed bytes read from one archive, shared by every
    :class:`SafeZip` opened on it (a reader that opens the archive once per entry still
    counts all it expanded against :data:`~vmodgen.limits.MAX_ZIP_TOTAL_BYTES` and the ratio)."""

    __slots__ = ("total", "compressed")

    def __init__(self) -> None:
        self.total = 0
        self.compressed = 0


class SafeZip:
    """A read-only zip archive whose entries are checked against :mod:`vmodgen.limits`."""

    def __init__(self, path: str | Path, data: bytes | None = None, budget: ZipBudget | None = None) -> None:
        self.path = str(path)
        self._budget = budget if budget is not None else ZipBudget()
        try:
            if data is not None:
                import io
                self._zf = zipfile.ZipFile(io.BytesIO(data))
                self._archive_bytes = len(data)
                self._data: bytes | None = data
            else:
                self._zf = zipfile.ZipFile(path)
                self._archive_bytes = os.path.getsize(path)
                self._data = None
        except FileNotFoundError:
            raise InputError(path, "no such file") from None
        except IsADirectoryError:
            raise InputError(path, "is a folder, not a file") from None
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
            if data == b"" or (data is None and os.path.isfile(path) and os.path.getsize(path) == 0):
                raise InputError(path, "the file is empty: not a zip archive (a module, save or log)") from None
            if isinstance(exc, zipfile.BadZipFile) and _starts_a_zip(path, data):
                raise InputError(path, "a zip archive cut short: it starts as one but its directory, at "
                                       "the end, is missing (an incomplete download or copy?)") from None
            raise InputError(path, f"not a zip archive VASSAL can read ({exc})") from None
        infos = self._zf.infolist()
        if len(infos) > limits.MAX_ZIP_ENTRIES:
            raise LimitError(path, f"zip has {len(infos)} entries, more than the limit of {limits.MAX_ZIP_ENTRIES}")
        self._infos: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename
            if len(name) > limits.MAX_ENTRY_NAME:
                raise LimitError(path, f"zip entry name longer than {limits.MAX_ENTRY_NAME} characters")
            if name in self._infos and name in UNIQUE_ENTRIES:
                raise InputError(path, f"zip entry '{name}' appears twice: VASSAL reads one copy and "
                                       "another program may read the other (the file was packed again "
                                       "after VASSAL wrote it); refused")
            self._infos[name] = info       # another doubled entry: the last, as VASSAL's ZipArchive

    def names(self) -> list[str]:
        return list(self._infos)

    def refuse_unlisted_before(self, name: str) -> None:
        """Refuse an archive whose entry ``name`` VASSAL would read elsewhere than from the copy
        the zip's directory lists (what this reader reads). VASSAL 3.7.26 and 3.8.0-beta1 read a
        save's or log's ``savedGame`` with a ``ZipInputStream`` (``GameState.decodeSavedGame``):
        the local entry headers in file order from the first byte, the first of that name
        taken. So a header of that name before the listed one (an entry left out of the
        directory), or bytes before the first entry (the stream finds no entry at all), mean
        VASSAL reads another game than vmodgen, or none. Every ``PK\\3\\4`` signature before the
        listed entry is looked at (bytes the archive holds anyway, read once)."""
        info = self._infos.get(name)
        if info is None or info.header_offset <= 0:
            return
        head = self._head(info.header_offset)
        if head[:4] != _LOCAL_HEADER:
            raise InputError(self.path, f"{info.header_offset} bytes precede the zip entry '{name}' and "
                                        "start no zip entry: VASSAL reads a save from its first byte and "
                                        f"would find no '{name}' (the file was packed again after VASSAL "
                                        "wrote it); refused")
        want = name.encode("utf-8")
        at = 0
        while at >= 0:
            if (head[at + 26:at + 28] == len(want).to_bytes(2, "little")
                    and head[at + 30:at + 30 + len(want)] == want):
                raise InputError(self.path, f"a zip entry '{name}' at byte {at} is missing from the "
                                            "zip's directory: VASSAL reads that copy and another program "
                                            "reads the one listed (the file was packed again after "
                                            "VASSAL wrote it); refused")
            at = head.find(_LOCAL_HEADER, at + 4)

    def _head(self, end: int) -> bytes:
        """The archive's first ``end`` bytes."""
        if self._data is not None:
            return self._data[:end]
        try:
            with open(self.path, "rb") as fh:
                return fh.read(end)
        except OSError as exc:
            raise InputError(self.path, f"cannot be read ({exc.strerror or exc})") from None

    def __contains__(self, name: str) -> bool:
        return name in self._infos

    def date_time(self, name: str) -> tuple[int, int, int, int, int, int] | None:
        """The entry's DOS time as stored (None when it is no valid date: month 0, day 0)."""
        t = self._infos[name].date_time
        return t if 1 <= t[1] <= 12 and 1 <= t[2] <= 31 and t[0] >= 1980 else None

    def size(self, name: str) -> int:
        return self._infos[name].file_size

    def read(self, name: str, max_bytes: int | None = None) -> bytes:
        """Read one entry, refusing zip bombs: the expanded size is counted as it streams.
        ``max_bytes`` defaults to :data:`vmodgen.limits.MAX_ZIP_ENTRY_BYTES` (read at call time)."""
        if max_bytes is None:
            max_bytes = limits.MAX_ZIP_ENTRY_BYTES
        info = self._infos.get(name)
        if info is None:
            raise InputError(self.path, f"no '{name}' entry in the zip")
        if info.file_size > max_bytes:
            raise LimitError(self.path, f"zip entry '{name}' expands to {info.file_size} bytes, "
                                        f"more than the limit of {max_bytes}")
        if (info.file_size > limits.MiB and info.compress_size > 0
                and info.file_size / info.compress_size > limits.MAX_ZIP_RATIO):
            raise LimitError(self.path, f"zip entry '{name}' has a compression ratio over "
                                        f"{limits.MAX_ZIP_RATIO}:1 (zip bomb?)")
        chunks = []
        got = 0
        try:
            with self._zf.open(info) as fh:
                while True:
                    chunk = fh.read(1 << 20)
                    if not chunk:
                        break
                    got += len(chunk)
                    if got > max_bytes:
                        raise LimitError(self.path, f"zip entry '{name}' expands past the limit of {max_bytes} bytes")
                    chunks.append(chunk)
        except LimitError:
            raise
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError,
                RuntimeError) as exc:
            raise InputError(self.path, f"zip entry '{name}' is damaged ({exc})") from None
        except Exception as exc:  # zlib.error and friends
            raise InputError(self.path, f"zip entry '{name}' is damaged ({exc})") from None
        b = self._budget
        b.total += got
        b.compressed += info.compress_size
        if b.total > limits.MAX_ZIP_TOTAL_BYTES:
            raise LimitError(self.path, f"zip expands past the limit of {limits.MAX_ZIP_TOTAL_BYTES} bytes "
                                        "(MAX_ZIP_TOTAL_BYTES)")
        # the ratio of all entries read so far: many small entries count as much as one big one
        # (and entries sharing their compressed bytes count no more than the archive's size)
        packed = max(1, min(b.compressed, self._archive_bytes))
        if b.total > limits.MiB and b.total / packed > limits.MAX_ZIP_RATIO:
            raise LimitError(self.path, f"zip entries read so far expand {b.total // packed}:1, over the "
                                        f"limit of {limits.MAX_ZIP_RATIO}:1 (MAX_ZIP_RATIO; zip bomb?)")
        return b"".join(chunks)

    def close(self) -> None:
        self._zf.close()

    def __enter__(self) -> "SafeZip":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _starts_a_zip(path: str | Path, data: bytes | None) -> bool:
    """Whether the file (or ``data``) starts with a zip entry's local header."""
    if data is None:
        try:
            with open(path, "rb") as fh:
                data = fh.read(4)
        except OSError:
            return False
    return data[:4] == b"PK\x03\x04"


def safe_entry_path(root: str | Path, name: str) -> Path:
    """The path an archive entry ``name`` would be extracted to below ``root``; refuse escapes."""
    root_path = Path(root).resolve()
    if "\x00" in name or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        raise LimitError(None, f"zip entry name '{name}' is absolute")
    target = (root_path / name).resolve()
    if root_path != target and root_path not in target.parents:
        raise LimitError(None, f"zip entry name '{name}' escapes the output folder")
    return target


_DTD_RE = re.compile(rb"<!(?i:doctype)")
_ENTITY_RE = re.compile(rb"<!(?i:entity)")


def xml_parser():
    """An lxml parser that resolves no entity, loads no DTD and touches no network."""
    from lxml import etree
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           dtd_validation=False, huge_tree=False, remove_comments=False)


def parse_xml(data: bytes, path: str | Path, what: str = "XML"):
    """Parse XML bytes safely; a DOCTYPE with entities is refused. Returns the root element."""
    from lxml import etree
    if len(data) > limits.MAX_XML_BYTES:
        raise LimitError(path, f"{what} is {len(data)} bytes, more than the limit of {limits.MAX_XML_BYTES}")
    # anywhere in the file, not only in its first bytes: a long comment may precede the DTD
    m = _ENTITY_RE.search(data)
    if m:
        raise LimitError(path, f"{what} declares entities (refused: XML entity expansion)",
                         line=data.count(b"\n", 0, m.start()) + 1)
    line: int | None
    for m in _DTD_RE.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        decl = data[m.end():m.end() + 4096]
        head = decl.split(b">", 1)[0]
        if b"[" in head or re.search(rb"\b(SYSTEM|PUBLIC)\b", head, re.I):
            raise LimitError(path, f"{what} has a document type with declarations or an external "
                                   "DTD (refused)", line=line)
    try:
        root = etree.fromstring(data, parser=xml_parser())
    except etree.XMLSyntaxError as exc:
        line = getattr(exc, "lineno", None)
        msg = " ".join(str(exc.msg if hasattr(exc, "msg") else exc).split())   # one line
        if "Excessive depth" in msg:
            raise LimitError(path, f"{what} is nested more than 256 elements deep", line=line) from None
        raise InputError(path, f"{what} is not well-formed ({msg})", line=line) from None
    if root is None:
        raise InputError(path, f"{what} is empty")
    return root


def read_bytes(path: str | Path, max_bytes: int, what: str = "file") -> bytes:
    """Read a whole file, refusing one over ``max_bytes``."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if p.is_dir():
            raise InputError(path, "is a folder, not a file")
        if size > max_bytes:
            raise LimitError(path, f"{what} is {size} bytes, more than the limit of {max_bytes}")
        return p.read_bytes()
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except PermissionError:
        raise InputError(path, "permission denied") from None
    except IsADirectoryError:
        raise InputError(path, "is a folder, not a file") from None
    except (OSError, ValueError) as exc:   # a name too long, an embedded NUL, an I/O error...
        raise InputError(path, f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None


def read_text(path: str | Path, max_bytes: int | None = None, what: str = "file", expected: str = "a text file",
              instead: str = "") -> str:
    """Read a UTF-8 text file (BOM allowed) with a size limit (default
    :data:`vmodgen.limits.MAX_DATA_FILE_BYTES`, read at call time). A zip archive (a module,
    save or log given by mistake) is named as what it is, not ``expected``, followed by
    ``instead`` (what to give)."""
    data = read_bytes(path, limits.MAX_DATA_FILE_BYTES if max_bytes is None else max_bytes, what)
    if data[:4] == b"PK\x03\x04":
        raise InputError(path, f"{zip_kind(path, data)}, not {expected}" + (f": {instead}" if instead else ""))
    how = "save the file as UTF-8" + (" (Excel: 'CSV UTF-8')" if str(path).lower().endswith(".csv") else "")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):     # Excel's "Unicode Text", Notepad's "Unicode"
        raise InputError(path, f"is UTF-16 text, not UTF-8: {how}", line=1)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode("utf-8-sig", "replace")) + 1
        byte = data[exc.start]
        char = _cp1252(byte)
        guess = f" ('{char}' in Windows-1252)" if char is not None else ""
        raise InputError(path, f"is not UTF-8 text: byte 0x{byte:02x}{guess} at column {column}: {how}",
                         line=line) from None


def _cp1252(byte: int) -> str | None:
    """What a byte not valid as UTF-8 reads as in Windows-1252 (Excel's and Word's ' " " – ...
    are 0x80-0x9F), or None: an ASCII byte, one of the five bytes Windows-1252 leaves undefined
    (0x81, 0x8D, 0x8F, 0x90, 0x9D) or a character that does not print (no-break space, soft
    hyphen)."""
    if byte < 0x80:
        return None
    try:
        char = bytes([byte]).decode("cp1252")
    except UnicodeDecodeError:
        return None
    return char if char.isprintable() else None


def zip_kind(path: str | Path, data: bytes) -> str:
    """What a zip archive is, by its entries: a VASSAL module, a VASSAL save or log, or neither."""
    try:
        with SafeZip(path, data=data) as z:
            if "buildFile.xml" in z or "buildFile" in z:
                return "a VASSAL module"
            if "savedGame" in z:
                return "a VASSAL save or log"
    except InputError:          # a damaged zip: still not text
        pass
    return "a zip archive"


@contextlib.contextmanager
def atomic_output(path: str | Path, mode: str = "wb", pending: list[tuple[str, Path]] | None = None) -> Iterator:
    """Write to a temporary file beside ``path`` and rename it over ``path`` on success only.
    With ``pending``, the rename is left to the caller: ``(temporary file, path)`` is appended
    (see :func:`write_files_atomic`)."""
    target = Path(path)
    try:
        kind = target.stat().st_mode
    except OSError:
        kind = None
    if kind is not None and not stat.S_ISREG(kind):
        # renaming over it would replace a device (/dev/null), a pipe or a folder with a file
        raise InputError(target, "is not a regular file (a folder, a device or a pipe): "
                                 "choose a file name to write")
    # a rename ignores the target's own mode, and root ignores every mode: a file or folder
    # nobody may write (a read-only corpus) is refused as plain open() would refuse it
    if kind is not None and not kind & 0o222:
        raise InputError(target, "is read-only: choose another output file")
    try:
        parent_mode = target.parent.stat().st_mode
    except OSError:
        parent_mode = None
    if parent_mode is not None and not parent_mode & 0o222:
        raise InputError(target, "is in a read-only folder: choose another output file")
    import tempfile               # here: a command that only reads (inspect) does not load it
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InputError(target, f"cannot write here ({exc.strerror or exc})") from None
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)        # the mode a plain open() would give, not mkstemp's 0600
    try:
        fh: IO[Any] = (os.fdopen(fd, mode) if "b" in mode
                       else os.fdopen(fd, mode, encoding="utf-8", newline=""))
        with fh:
            yield fh
        if pending is not None:
            pending.append((tmp, target))
        else:
            os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and not isinstance(exc, InputError):
            # a full disk, a quota, an I/O error: named by the file being written, one line
            raise InputError(target, f"cannot be written ({exc.strerror or exc})") from None
        raise


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    with atomic_output(path, "wb") as fh:
        fh.write(data)


def write_files_atomic(files: Sequence[tuple[str | Path, bytes]]) -> None:
    """Write several files as one output (a module and the sheets beside it): each to a temporary
    file beside it, and only when every one is written, each renamed over its target. A failure
    while writing (a full disk) leaves every target as it was and no temporary file. A failure
    while renaming puts back the targets already replaced (each kept as a hard link, or a copy,
    until all are renamed) and removes the new ones that had no earlier file; only if putting one
    back fails too is that target left changed (the error names it)."""
    pending: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            with atomic_output(path, "wb", pending=pending) as fh:
                fh.write(data)
    except BaseException:
        for tmp, _ in pending:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    done: list[tuple[Path, str | None]] = []       # each target renamed, with its earlier file's backup
    try:
        for i, (tmp, target) in enumerate(pending):
            backup = _backup(target)
            try:
                os.replace(tmp, target)
            except BaseException:
                if backup is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(backup)
                raise
            done.append((target, backup))
    except BaseException as exc:
        for tmp, _ in pending[len(done):]:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        stuck = _put_back(done)
        if isinstance(exc, OSError) and not isinstance(exc, InputError):
            failed = pending[len(done)][1]
            raise InputError(failed, f"cannot be written ({exc.strerror or exc}); "
                             + (f"{stuck} could not be put back as it was" if stuck
                                else "every file is as it was")) from None
        raise
    for _, backup in done:
        if backup is not None:
            with contextlib.suppress(OSError):
                os.unlink(backup)


def _backup(target: Path) -> str | None:
    """A hard link (or, where the file system has none, a copy) of ``target`` beside it, or
    None when there is no earlier file."""
    if not target.exists():
        return None
    import secrets
    import shutil
    backup = str(target.with_name(f".{target.name}.{secrets.token_hex(6)}.bak"))
    try:
        os.link(target, backup)
    except OSError:
        try:
            shutil.copy2(target, backup)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(backup)
            raise
    return backup


def _put_back(done: list[tuple[Path, str | None]]) -> str | None:
    """Undo the renames ``done`` (newest first); the first target that could not be restored."""
    stuck = None
    for target, backup in reversed(done):
        try:
            if backup is not None:
                os.replace(backup, target)
            else:
                os.unlink(target)
        except OSError:
            stuck = stuck or str(target)
    return stuck


def write_text_atomic(path: str | Path, text: str) -> None:
    with atomic_output(path, "w") as fh:
        fh.write(text)


def refuse_overwrite(output: str | Path, inputs: Sequence[str | Path]) -> None:
    """Refuse an output path that is one of the inputs, however it is spelled."""
    out = Path(output)
    for inp in inputs:
        p = Path(inp)
        try:
            same = out.resolve() == p.resolve() or (out.exists() and p.exists() and os.path.samefile(out, p))
        except OSError:
            same = False
        if same:
            raise InputError(output, f"is an input of this command ({inp}); choose another output file")


_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]")


def safe_file_name(text: str, fallback: str = "x", max_chars: int = 80) -> str:
    """``text`` as a plain file name: letters, digits, ``_``, ``-`` and ``.`` only (anything
    else becomes ``_``), no leading dot and no ``..``, at most ``max_chars`` long. A name from an input file
    (a gpid, an id) can then never climb out of the folder it is written in."""
    name = re.sub(r"\.{2,}", "_", _UNSAFE_NAME.sub("_", text))[:max_chars].lstrip(".")
    return name or fallback


def is_inside(path: str | Path, folder: str | Path) -> bool:
    """Whether ``path`` is ``folder`` or below it (both resolved, symlinks followed)."""
    p, f = Path(path).resolve(), Path(folder).resolve()
    return p == f or f in p.parents


def user_cache_dir(*parts: str) -> Path:
    """vmodgen's folder in the user's cache (``$XDG_CACHE_HOME/vmodgen``, else
    ``~/.cache/vmodgen``), never the current folder."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base, "vmodgen", *parts)
