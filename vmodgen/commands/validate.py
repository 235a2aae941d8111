"""``vmodgen validate [PATH...]``: load kits and report every fault found, as file:line."""
from __future__ import annotations

import json

import click

from ..builder.advice import kit_warnings
from ..errors import InputError, printable
from ..model import bundled_kits
from ..model.kit import Kit, MapUnreadable, load_kit
from ..model.problems import collecting
from ..model.summary import kit_summary, kit_summary_text


def validate_kit(target: str) -> tuple[Kit | None, list[InputError]]:
    """Load a kit gathering every fault the loaders can report (not only the first)."""
    with collecting() as found:
        try:
            kit = load_kit(target)
        except MapUnreadable:
            kit = None
        except InputError as e:
            found.append(e)
            kit = None
        except (KeyError, ValueError, TypeError, AttributeError, IndexError):
            if not found:       # not a consequence of a fault already found: a real bug
                raise
            kit = None
    return (kit if not found else None), list(found)


def _problem(e: InputError) -> dict:
    return {"file": e.path, "line": e.line, "message": e.message, "text": str(e)}


@click.command()
@click.argument("paths", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: per kit, its summary or its faults.")
def command(paths: tuple[str, ...], as_json: bool) -> int:
    """Validate kits: a kit id, a game.toml, or a folder holding one (default: every bundled kit).

    Every fault the loaders can find is reported, one `file:line: message` per line (a fault
    that stops the reading, such as a TOML syntax error, ends that file's list). Exit code 0
    when every kit is valid, 2 when any has a fault. A valid kit may still get warnings (text
    the counter font cannot draw, images that name no unit): they do not change the exit code.

    \b
    Examples:
      vmodgen validate                         # every bundled kit
      vmodgen validate my-game/                # a folder holding game.toml
      vmodgen validate my-game/game.toml --json"""
    targets = list(paths) or list(bundled_kits())
    results = [(t, *validate_kit(t)) for t in targets]
    bad = any(problems for _t, _k, problems in results)
    if as_json:
        click.echo(json.dumps([
            {"kit": t, "valid": not problems, "problems": [_problem(e) for e in problems],
             **({"summary": kit_summary(k), "warnings": kit_warnings(k)} if k is not None else {})}
            for t, k, problems in results], indent=2, ensure_ascii=False))
    else:
        for t, k, problems in results:
            if k is not None:
                click.echo(kit_summary_text(k))
                click.echo("  valid")
                for w in kit_warnings(k):     # valid, but the module will not show it as written
                    click.echo(f"warning: {printable(w)}", err=True)
            for e in problems:        # one line per fault, nothing else (a single fault: one line)
                click.echo(f"vmodgen: {printable(str(e))}", err=True)
    return 2 if bad else 0
