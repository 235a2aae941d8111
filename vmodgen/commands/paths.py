"""The click types of the commands' file and folder arguments: a folder where a file is meant (or
the reverse) is refused in vmodgen's own words, one line naming the path (``vmodgen: adir: is a
folder, not a file``), like every other bad input; a path that does not exist is left to the
reader (``no such file``), which is also what lets an unexpanded pattern reach
:func:`~vmodgen.commands.patterns.expand_patterns`. ``-`` (no file of that name) is standard
output where an output takes it (:data:`OUTPUT`) and refused as an input: a save, log or module
is read more than once (its zip directory, then its entries), which a pipe cannot be."""
from __future__ import annotations

import os

import click

from ..errors import InputError


class _PathType(click.ParamType):
    """A path that must not be a folder (``folder=False``) or must not be a file (``folder=True``);
    ``-`` is standard output when ``stdout`` (an output file), else refused."""

    def __init__(self, folder: bool, stdout: bool = False) -> None:
        self.folder = folder
        self.stdout = stdout
        self.name = "path"          # the metavar --help shows (PATH), as click.Path's

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = os.fspath(value) if isinstance(value, os.PathLike) else str(value)
        if text == STDIO:
            if self.stdout:
                return text
            raise InputError(text, "standard input is not read: give the file's name (write ./- "
                                   "for a file named '-')")
        try:
            is_dir = os.path.isdir(text)
            exists = is_dir or os.path.exists(text)
        except (OSError, ValueError):       # a name too long, an embedded NUL: the reader says so
            return text
        if exists and is_dir and not self.folder:
            raise InputError(text, "is a folder, not a file" + _files_in(text, param))
        if exists and not is_dir and self.folder:
            raise InputError(text, "is a file, not a folder")
        if not exists:
            if not self.folder and text.endswith(("/", os.sep)):
                raise InputError(text, "ends in a '/', which names a folder: give a file name")
            _through_a_file(text)
        return text

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        from click.shell_completion import CompletionItem       # only when completing: not at start-up
        return [CompletionItem(incomplete, type="dir" if self.folder else "file")]


#: what VASSAL names its saves and logs (2.x logs often end in .log)
SAVE_SUFFIXES = (".vlog", ".vsav", ".log", ".sav")


def _files_in(folder: str, param: click.Parameter | None) -> str:
    """Where several files are taken (``audit FILE...``) and the folder holds saves or logs: the
    pattern that gives them, in quotes (a folder name may hold a space; the command expands a
    quoted pattern itself) and with the suffix as the files spell it (a pattern is case-sensitive
    on most systems): ``: give the files in it: "games/*.vlog" (3 files)``, and the other
    suffixes present (``; also "games/*.log" (1 file)``), else nothing."""
    if not (isinstance(param, click.Argument) and param.nargs == -1):
        return ""
    try:
        names = [e.name for e in os.scandir(folder) if e.is_file()]
    except OSError:
        return ""
    counts: dict[str, int] = {}
    for name in names:
        if name.lower().endswith(SAVE_SUFFIXES):
            suffix = name[name.rindex("."):]
            counts[suffix] = counts.get(suffix, 0) + 1
    if not counts:
        return ""
    said = [f'"{os.path.join(folder, "*" + suffix)}" ({n} file{"s" if n > 1 else ""})'
            for suffix, n in sorted(counts.items(), key=lambda kv: -kv[1])]
    return f": give the files in it: {said[0]}" + "".join(f"; also {s}" for s in said[1:])


def _through_a_file(text: str) -> None:
    """Refuse a path that does not exist whose nearest existing folder is a file
    (``turn1.vlog/report.html``): named as that file, not as the system's 'File exists'."""
    parent = os.path.dirname(os.path.normpath(text))
    while parent and parent not in (".", os.sep):
        try:
            if os.path.exists(parent):
                if not os.path.isdir(parent):
                    raise InputError(parent, f"is a file, not a folder (in '{text}')")
                return
        except (OSError, ValueError):
            return
        parent = os.path.dirname(parent)


#: the name that stands for standard output (``-o -``)
STDIO = "-"
#: a file to read or write (a folder refused)
FILE = _PathType(folder=False)
#: a file to write, or ``-``: standard output
OUTPUT = _PathType(folder=False, stdout=True)
#: a folder to write into (a file refused)
FOLDER = _PathType(folder=True)
