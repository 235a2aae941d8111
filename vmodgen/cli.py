"""The ``vmodgen`` command: thin click commands over the library.

Each subcommand lives in ``vmodgen/commands/<name>.py`` and exposes a click command named
``command``. Exit codes: 0 success, 1 an audit or check found violations, 2 bad input.
"""
from __future__ import annotations

import atexit
import gc
import importlib
import os
import sys
import threading
import warnings

import click

from . import __version__
from .errors import InputError, VmodgenError, printable

#: allocations between two youngest-generation collections (CPython's default: 700). A replay's
#: objects mostly live until its file ends: every collection scans what it finds and frees
#: little. At 500,000 an audit of a few logs meets no collection at all (issue 20: 0.96× CPU on
#: the four TLD logs against 50,000, peak memory the same; bench/README.md)
GC_THRESHOLD = 500_000

#: subcommand modules, in the order ``vmodgen --help`` lists them
COMMANDS = ["build", "games", "new", "validate", "inspect", "check", "audit", "integrity", "replay", "bind",
            "oob", "sanitize"]


#: each subcommand's first paragraph of help, for ``vmodgen --help`` without importing the
#: commands (tests/test_cli_help.py holds it equal to each command's own docstring)
SHORT_HELP = {
    'build': 'Build a VASSAL module (.vmod) from each KIT: a bundled kit id, a game.toml, or a folder holding one. With no KIT, build every bundled kit.',
    'games': 'List the bundled game kits, with their counters, map and scenarios.',
    'new': 'Write a small complete kit into FOLDER (new or empty) to start a game from: game.toml, roster.csv, map.toml with its terrain table main.csv, and scenarios.toml. It validates and builds as it is; the kit reference (docs/kit-format.md) describes every key.',
    'validate': 'Validate kits: a kit id, a game.toml, or a folder holding one (default: every bundled kit).',
    'inspect': 'Show what is in a VASSAL module, save or log: maps, grids, palettes and setups of a module; for a save or log, every piece after a step with its map, position, hex label, stack and properties. Player passwords are never shown.',
    'check': "Check one position (a TOML file, see docs/position-format.md) against its game's rules.",
    'audit': "Audit saves and play-by-email logs (in play order) against the game's rules.",
    'integrity': 'Integrity of saves and logs (in play order): dice per player with a fairness test in plain words, undos and what they took back, re-rolls told apart from re-executions, who sat at which side (passwords compared by hash, never shown), module and VASSAL versions, and whether each file starts where the previous one ended.',
    'replay': "Write one self-contained HTML page that steps through saves and logs (in play order) on the module's maps: play/pause, step, slider, bookmarks per file, turn and phase, move arrows, chat and dice, and the audit's findings at their steps (with a vmodgen-built module, --game or --binding). No network needed: open it from disk or an email.",
    'bind': 'Write a starter binding (TOML) for MODULE: sides, piece classes, the hex map and rule parameters it can infer, with what it could not infer listed on stderr.',
    'oob': 'An order-of-battle reference of a kit (every unit by side and formation, with counter pictures, values, set-up hexes and arrival turns) or of any VASSAL module (its palette pieces with pictures, names and Marker properties).',
    'sanitize': "Write a copy of SAVE (.vsav/.vlog) with every player password blanked: the player id VASSAL writes in PLAYER, move (M/), UNMASK and note commands and in the state of masked, hidden and restricted pieces (added or changed). Only VASSAL's own zip entries are copied. SAVE is left untouched.",
}


#: words a newcomer may try for a command, and the command that does it
NEAR_NAMES = {"export": "oob", "order-of-battle": "oob", "orbat": "oob", "verify": "validate",
              "lint": "validate", "show": "inspect", "view": "replay", "init": "new", "list": "games"}


def short_help(text: str, limit: int) -> str:
    """A command's line in the command list, as click shortens a help text: its first sentence
    (a period followed by a word that is not lower-case), cut at a word to ``limit`` with "..."."""
    words = text.split("\n\n", 1)[0].split()
    for i, word in enumerate(words):
        if word.endswith(".") and (i == len(words) - 1 or not words[i + 1][0].islower()):
            words = words[:i + 1]
            break
    line = " ".join(words)
    if len(line) <= limit:
        return line
    if limit < 3:
        return "..."
    import textwrap
    return textwrap.shorten(line, limit, placeholder="...", break_on_hyphens=False)


class LazyGroup(click.Group):
    """Imports a subcommand's module only when that command runs (or ``--help`` lists them):
    ``vmodgen audit`` does not pay for the builder's imports."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self.get_command(ctx, name) is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            try:
                module = importlib.import_module(f"vmodgen.commands.{name}")
            except ModuleNotFoundError as exc:
                if exc.name == f"vmodgen.commands.{name}":
                    return None   # not written yet
                raise
            self.add_command(module.command, name=name)
        return self.commands.get(name)

    def resolve_command(self, ctx: click.Context, args: list[str]):  # type: ignore[override]
        """An unknown command names the nearest one (``audti``: ``audit``; ``export``: ``oob``,
        which exports the order of battle)."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            import difflib
            near = NEAR_NAMES.get(name.lower()) or next(iter(difflib.get_close_matches(name, COMMANDS, 1, 0.6)), None)
            ctx.fail(f"no command '{name}'" + (f": did you mean '{near}'?" if near else ""))
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from :data:`SHORT_HELP`: ``--help`` imports no command."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        with formatter.section("Commands"):
            formatter.write_dl([(name, short_help(SHORT_HELP[name], limit)) for name in COMMANDS])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="vmodgen")
def cli() -> None:
    """Build VASSAL modules from unit and map data, audit saves and play-by-email logs
    against the rules, and export order-of-battle references."""


def _primary_input(argv: list[str]) -> str | None:
    """The first file argument of the subcommand in ``argv`` (the file an error without one is
    about), or None."""
    try:
        ctx = cli.make_context("vmodgen", list(argv), resilient_parsing=True)
        with warnings.catch_warnings():          # click 9 moves protected_args into args
            warnings.simplefilter("ignore", DeprecationWarning)
            rest = [*getattr(ctx, "protected_args", []), *ctx.args]
        _name, cmd, args = cli.resolve_command(ctx, rest)
        if cmd is None:
            return None
        sub = cmd.make_context(_name, list(args), parent=ctx, resilient_parsing=True)
    except Exception:  # noqa: BLE001 - only a better message is at stake: none then
        return None
    for param in cmd.params:
        if isinstance(param, click.Argument):
            value = sub.params.get(param.name)
            if isinstance(value, (tuple, list)):
                value = value[0] if value else None
            if value:
                return str(value)
    return None


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _say(message: str) -> None:
    """The one line of an error on stderr, every control character in it escaped (a file name
    or a value from a hostile file cannot break the line or drive the terminal)."""
    click.echo(f"vmodgen: {printable(message)}", err=True)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning bad input into one line on stderr and exit code 2."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "" in argv:               # an empty file name would be read as the current folder "."
        click.echo(f"vmodgen: argument {argv.index('') + 1} is an empty file name", err=True)
        sys.exit(2)
    # a replay makes hundreds of thousands of small objects that live until the end: with the
    # collector's default thresholds it rescans them again and again (a quarter of an audit's
    # time); collections still run, only less often
    gc.set_threshold(GC_THRESHOLD, 20, 100)
    try:
        rv = cli.main(args=argv, prog_name="vmodgen", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except getattr(click.exceptions, "NoArgsIsHelpError", ()) as exc:    # plain 'vmodgen': its help, readable
        click.echo(exc.ctx.get_help(), err=True)
        sys.exit(2)
    except click.exceptions.ClickException as exc:
        # one line (click's usage block is for --help): what is wrong, and where to read more
        ctx = getattr(exc, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        _say(f"{_one_line(exc.format_message())}{hint}")
        sys.exit(2 if exc.exit_code in (1, 2) else exc.exit_code)
    except InputError as exc:
        if exc.path is None:
            exc.at(_primary_input(argv) or "vmodgen")
        _say(str(exc))
        sys.exit(2)
    except VmodgenError as exc:        # a failed build's self-check lists its problems a line each
        click.echo("\n".join(printable(f"vmodgen: {line}" if i == 0 else line)
                             for i, line in enumerate(str(exc).split("\n"))), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:              # a file that cannot be read or written: the user's to fix
        where = f"{exc.filename}: " if exc.filename else ""
        _say(f"{where}{exc.strerror or exc}")
        sys.exit(2)
    except MemoryError:
        click.echo("vmodgen: out of memory reading the input", err=True)
        sys.exit(2)
    except RecursionError:
        click.echo("vmodgen: input nested too deeply", err=True)
        sys.exit(2)
    except Exception as exc:  # a bug: say so in one line, traceback only on request
        if os.environ.get("VMODGEN_DEBUG"):
            raise
        _say(f"internal error: {type(exc).__name__}: {exc} (set VMODGEN_DEBUG=1 for the traceback)")
        sys.exit(70)
    if isinstance(rv, int):
        sys.exit(rv)
    sys.exit(0)


def run() -> None:
    """The process's entry point (``python -m vmodgen``, the ``vmodgen`` command): :func:`main`,
    then the process ends at once (:func:`_end_process`). Not for a caller in process (tests
    call :func:`main`, which raises ``SystemExit``)."""
    try:
        main()
    except SystemExit as exc:
        _end_process(exc)
        raise


def _end_process(exc: SystemExit) -> None:
    """End the process with ``exc``'s code without tearing down the interpreter's objects: an
    audit or ``inspect`` leaves hundreds of thousands of them (a replay's pieces, the module's
    tree, the memos), and freeing them one by one plus the collections of interpreter shutdown
    cost about a tenth of the run (issue 20, bench/README.md). Everything vmodgen writes is
    closed by then (``safeio``'s writers are context managers); the standard streams are flushed
    and the ``atexit`` functions run here, as a normal exit would. Returns (the ordinary exit
    follows) when that cannot be done the same way: a code that is not a number (printed by the
    ordinary exit), other threads still running (it waits for them), or a stream that cannot be
    flushed (a closed pipe: the ordinary exit says so and sets its code)."""
    code = exc.code
    if code is None:
        code = 0
    if not isinstance(code, int) or threading.active_count() > 1:
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return
    atexit._run_exitfuncs()
    try:                # what an atexit function printed, as the ordinary exit would write it
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        pass
    os._exit(code & 0xFF)


if __name__ == "__main__":  # pragma: no cover
    run()
