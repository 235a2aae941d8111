"""Whether a save or log is still the archive VASSAL wrote: VASSAL 3.x writes every .vsav/.vlog
with Java's ``java.util.zip.ZipOutputStream`` (``ZipWriter`` for a log, ``ZipArchive`` for a
save), in one go, with ``savedata``'s ``dateSaved`` taken as it is written. A file opened and
packed again by another program (a zip tool, a script, a text editor's zip plug-in) loses what
Java writes, and a ``savedata`` copied in from another file keeps that file's date.

Each doubt is a fact with what it means; nothing here can tell a file re-packed by Java with
faked times from an untouched one."""
from __future__ import annotations

import calendar
import zipfile

from ..vassal.sanitize import SANITIZED_MARK

#: the entries VASSAL writes into every save and log (GameState.SAVEFILE_ZIP_ENTRY, the metadata)
VASSAL_ENTRIES = ("savedGame", "savedata", "moduledata")
#: seconds the three entries may lie apart: VASSAL writes them one after the other (a DOS time
#: has a 2-second step; a big save's temporary files are written a moment apart)
SPREAD = 10
#: how far the DOS time of ``savedata`` (local time, 2-second step, rounded down) may lie from
#: ``dateSaved`` (UTC milliseconds, taken while that entry is written), a time zone apart
SLACK = 10
_ZONE = 900            # time zones are whole quarter hours from UTC ...
_ZONES = (-12 * 3600, 14 * 3600)   # ... from UTC-12 to UTC+14


#: what a copy ``vmodgen sanitize`` made is, in place of "packed again by another program"
SANITIZED = ("it says it is a copy 'vmodgen sanitize' made (player passwords blanked), packed again after "
             "VASSAL wrote it (its entries keep VASSAL's times): this check cannot tell such a copy from a file "
             "changed by hand and marked so; to check the play, ask for the original")


def sanitized_copy(path: str) -> bool:
    """Whether the zip archive ``path`` says ``vmodgen sanitize`` wrote it (its comment)."""
    try:
        with zipfile.ZipFile(path) as z:
            return z.comment.startswith(SANITIZED_MARK)
    except (OSError, zipfile.BadZipFile, ValueError):
        return False


def archive_doubts(path: str, date_saved: str) -> list[str]:
    """What in the zip container of ``path`` says it is not as VASSAL wrote it (``date_saved``:
    its ``savedata``'s ``dateSaved``, milliseconds since 1970, or ``""``). Empty for a file
    that is no zip (VASSAL 2.x logs and saves) or that looks untouched. A copy ``vmodgen
    sanitize`` made is named so (:data:`SANITIZED`), its times still compared."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            marked = z.comment.startswith(SANITIZED_MARK)
    except (OSError, zipfile.BadZipFile, ValueError):
        return []
    entries = {i.filename: i for i in infos if i.filename in VASSAL_ENTRIES}
    if "savedGame" not in entries or "savedata" not in entries:
        return []       # no metadata: before VASSAL 3.1 (SaveMetaData), whose writers are not known here
    doubts = []
    odd = [i.filename for i in infos if not _java_written(i)]
    if marked:
        doubts.append(SANITIZED)
    elif odd:
        doubts.append(f"its zip entr{'y' if len(odd) == 1 else 'ies'} {', '.join(odd)} "
                      f"{'is' if len(odd) == 1 else 'are'} not written as VASSAL's Java zip writer writes them "
                      f"({_how(entries.get(odd[0]) or infos[0])}): the file was packed again by another program "
                      "after VASSAL wrote it")
    try:
        times = {n: calendar.timegm((*i.date_time, 0, 0, 0)) for n, i in entries.items()}
    except (ValueError, OverflowError):     # a DOS date of 0 or month 13-15: no time to compare
        doubts.append("its entries carry no valid date (" + ", ".join(
            f"{n} {entries[n].date_time}" for n in VASSAL_ENTRIES if n in entries)
            + "): VASSAL writes the time it saved, so the file was packed again by another program")
        return doubts
    if max(times.values()) - min(times.values()) > SPREAD:
        doubts.append("its entries were written at different times (" + ", ".join(
            f"{n} {_dos(entries[n])}" for n in VASSAL_ENTRIES if n in entries)
            + "): VASSAL writes them together, so one was put in later")
    if "savedata" in entries and date_saved.isdigit():
        gap = times["savedata"] - int(date_saved) / 1000
        if not _a_time_zone_apart(gap):
            doubts.append(f"its savedata's date ({_utc(int(date_saved))}) is not when its savedata entry was "
                          f"written ({_dos(entries['savedata'])} local time) in any time zone: the savedata "
                          "came from another file, or the file was packed again")
    return doubts


def _java_written(info: zipfile.ZipInfo) -> bool:
    """As ``ZipOutputStream`` writes a deflated entry: sizes in a data descriptor after the data
    (flag bit 3), made by "MS-DOS" version 2.0, no extra field."""
    return (info.compress_type == zipfile.ZIP_DEFLATED and bool(info.flag_bits & 0x08)
            and info.create_system == 0 and not info.extra)


def _how(info: zipfile.ZipInfo) -> str:
    parts = []
    if info.compress_type != zipfile.ZIP_DEFLATED:
        parts.append("not deflated")
    if not info.flag_bits & 0x08:
        parts.append("no data descriptor")
    if info.create_system != 0:
        parts.append(f"made on system {info.create_system}")
    if info.extra:
        parts.append("extra fields")
    return ", ".join(parts) or "written otherwise"


def _a_time_zone_apart(gap: float) -> bool:
    if not _ZONES[0] - SLACK <= gap <= _ZONES[1] + SLACK:
        return False
    rest = gap % _ZONE
    return min(rest, _ZONE - rest) <= SLACK


def _dos(info: zipfile.ZipInfo) -> str:
    y, mo, d, h, mi, s = info.date_time
    return f"{y:04d}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{s:02d}"


def _utc(ms: int) -> str:
    import datetime as _dt
    try:
        return _dt.datetime.fromtimestamp(ms / 1000, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    except (OverflowError, OSError, ValueError):
        return str(ms)
