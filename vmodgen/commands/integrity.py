"""``vmodgen integrity FILE... [--module M.vmod [--force]] [--keep-order] [--format F] [-o OUT]``: what a player needs to
trust files from an opponent (dice, undos and re-rolls, seats, versions, seams), without rules."""
from __future__ import annotations

from typing import Any

import click

from .paths import FILE, OUTPUT, STDIO
from .patterns import expand_patterns


@click.command()
@click.argument("files", nargs=-1, required=True, type=FILE, callback=expand_patterns)
@click.option("--module", "module", type=FILE,
              help="The module (optional): names the faces of its dice buttons and places pieces.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", "output", type=OUTPUT, help="Write the report here ('-': standard output, the default).")
@click.option("--keep-order", "keep_order", is_flag=True,
              help="Read the files in the order given (by default files given in plain name order, as a shell "
                   "glob gives them, are read in natural order: turn2 before turn10).")
@click.option("--force", "force", is_flag=True,
              help="Read a file whose own metadata names another module than --module (refused otherwise).")
@click.option("--reveal-hidden", "reveal_hidden", is_flag=True,
              help="Name pieces masked or hidden by their owner, or by where they are (a private hand, a "
                   "face-down deck), in full (for the owner, a referee or after the game); the report says so.")
def command(files: tuple[str, ...], module: str | None, fmt: str, output: str | None,
            reveal_hidden: bool = False, force: bool = False, keep_order: bool = False) -> int:
    """Integrity of saves and logs (in play order): dice per player with a fairness test in
    plain words, undos and what they took back, re-rolls told apart from re-executions, who sat
    at which side (passwords compared by hash, never shown), module and VASSAL versions, and
    whether each file starts where the previous one ended. A piece masked or hidden (by its
    owner, a private hand or a face-down deck) is named as an opponent sees it, with no id;
    --reveal-hidden names it in full.

    Exit code 0 (nothing here is a rule violation), 2 on bad input.

    \b
    Examples:
      vmodgen integrity turn1.vlog turn2.vlog turn3.vlog
      vmodgen integrity turn*.vlog --format json -o integrity.json
      vmodgen integrity turn*.vlog --format html -o integrity.html   # a page to send back"""
    import json
    from pathlib import Path

    from ..audit import audit
    from ..errors import InputError
    from ..integrity.render import integrity_html, integrity_text
    from ..safeio import write_text_atomic
    if output == STDIO:
        output = None
    inputs = {Path(p).resolve() for p in (*files, module) if p}
    if output and Path(output).resolve() in inputs:
        raise InputError(output, "the report would overwrite an input file")
    from ..audit.redact import for_report, revealed_sentence
    result = for_report(audit(list(files), module=module, replay_only=True, reveal_hidden=reveal_hidden,
                              force=force, keep_order=keep_order),
                        reveal_hidden)
    said = revealed_sentence(result)
    section = result.integrity
    order = _order_flags(result)
    from ..audit.order import play_order
    reordered = not keep_order and play_order(list(files)) != list(files)
    if order or reordered:
        order.insert(0, f"Order: {_read_order(result, reordered)}")
    if result.module_doubts or result.given_again or order:
        # the module given is not the version the files were played with; a file given twice (read once);
        # the files' save dates or seams say another order, a branch, a file missing between two
        section = {**section, "flags": [f"Module: {d}" for d in result.module_doubts]
                   + [f"Files: {d}" for d in result.given_again] + order
                   + list(section.get("flags", []))}
    if fmt == "json":
        doc: dict[str, Any] = {"files": [f.path for f in result.files], "integrity": section}
        if result.concealment:          # as the audit's JSON says it (AuditResult.to_json)
            doc.update({**({"hidden_revealed": True} if result.concealment.get("revealed") else {}),
                        "concealed": result.concealment})
        text = json.dumps(doc, indent=2) + "\n"
    elif fmt == "html":
        from html import escape
        text = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Integrity</title>"
                "<style>body{font-family:sans-serif;max-width:70em;margin:auto}table{border-collapse:collapse}"
                "td,th{border:1px solid #bbb;padding:2px 6px;text-align:left}.flags li{color:#a40}</style>"
                f"</head><body><h1>Integrity of {escape(', '.join(result.files[i].path for i in range(len(result.files))))}</h1>"
                + (f"<p class='concealed'>{escape(said)}</p>" if said else "")
                + integrity_html(section) + _continuity_html(result.continuity) + "</body></html>\n")
    else:
        text = "\n".join(([said] if said else []) + integrity_text(section)
                          + [f"  continuity: {c}" for c in result.continuity]) + "\n"
    if output:
        write_text_atomic(output, text)
        click.echo(f"{output}: integrity of {len(result.files)} file(s), {len(section.get('flags', []))} flag(s)")
    else:
        click.echo(text, nl=False)
    return 0


def _order_flags(result) -> list[str]:
    """The audit's doubts about the files' order (save dates, a seam that fits the other way
    round), branches and seams (a file missing between two), each labelled by its kind; what a
    doubt means for the rules judged has no label (integrity judges no rule). The module's and
    repeated files' warnings are flagged apart, and a file's own faults (cut short) are in the
    section already."""
    from ..audit.order import BRANCH, ORDER, SEAM
    labels = {ORDER: "Order", BRANCH: "Branch", SEAM: "Seam"}
    return [f"{labels[kind]}: {said}" for kind, said in result.order_doubts if kind in labels]


def _read_order(result, reordered: bool) -> str:
    """The order the files were read in, and how to have them read otherwise: a plain name order
    given (a shell glob) is read in natural name order, which the player may not expect."""
    from pathlib import Path
    names = ", ".join(Path(f.path).name for f in result.files)
    if reordered:
        return (f"The files were read in this order: {names} (natural name order, not the plain name order "
                "they were given in); --keep-order reads them as given.")
    return f"The files were read in the order given: {names}."


def _continuity_html(issues: list) -> str:
    """The seams' differences, piece by piece (what the integrity section's seam lines link to)."""
    if not issues:
        return ""
    from html import escape as e
    rows = "".join(f"<tr><td>{e(c.before)}</td><td>{e(c.after)}</td><td>{e(c.name)} {e(c.piece)}</td>"
                   f"<td>{e(c.what)}</td><td>{e(c.was)}</td><td>{e(c.now)}</td></tr>" for c in issues)
    return ("<h2 id='continuity'>Continuity</h2><table><tr><th>before</th><th>after</th><th>piece</th>"
            f"<th>what</th><th>was</th><th>now</th></tr>{rows}</table>")
