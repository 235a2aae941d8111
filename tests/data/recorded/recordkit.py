"""What the recorders of ``tests/data/recorded`` share (``record4.py`` … ``record7.py``,
``record_pending.py``, ``record_oracle*.py``): their command-line arguments, the bundled modules
and the usual starting saves, and the run of scripts in real VASSAL (the oracle's ``record``
driver, ``/work/vassal-oracle/README.md``), checked and copied out."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
V37, V38 = "/work/vassal-oracle/vassal37", "/work/vassal-oracle/vassal38"
OM_SCENARIO_3 = "Scenario 3: Maleme-Suda, May 20-23"
# OM Scenario 3's German first wave, in its off-map box of the starting save
OM_FIRST_WAVE = [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")]
# IM starting-save pieces: the Airhead in the KG2 paradrop box (and an Out of Supply marker in KG3's)
IM_AIRHEAD = [("airhead", "axis-paradrop-kg2")]
IM_AIRHEAD_OOS = IM_AIRHEAD + [("oos", "axis-paradrop-kg3")]


def arguments(doc: str | None = None, *, suffix: bool = True) -> argparse.ArgumentParser:
    """``--modules`` (the folder ``vmodgen build -o`` wrote the bundled modules to), ``--vassal``
    (the driver: 3.7.26 by default), ``--out``, ``--only NAME…`` and, with ``suffix``,
    ``--suffix`` (added to each log's name: ``-38`` for VASSAL 3.8.0-beta1's twins)."""
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--modules", type=Path, required=True)
    ap.add_argument("--vassal", default=V37)
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--only", nargs="*")
    if suffix:
        ap.add_argument("--suffix", default="", help="added to each log's name (e.g. -38 for VASSAL 3.8.0-beta1's twins)")
    return ap


def start(doc: str | None, prefix: str, *, suffix: bool = True) -> tuple[argparse.Namespace, Path]:
    """The parsed :func:`arguments` and a new scratch folder (``prefix``…); with a VASSAL
    3.8.0-beta1 driver, the starting saves ``record.start_save`` writes declare that version."""
    args = arguments(doc, suffix=suffix).parse_args()
    if args.vassal.endswith("38"):
        import record
        record.VASSAL_VERSION = "3.8.0-beta1"
    return args, Path(tempfile.mkdtemp(prefix=prefix))


def game_modules(modules: Path) -> tuple[Path, Path, Path]:
    """The bundled modules (Invasion: Malta, Operation Mercury, North Africa '41) in ``modules``."""
    return (modules / "invasion-malta.vmod", modules / "operation-mercury.vmod",
            modules / "north-africa-41.vmod")


def im_start(im: Path, work: Path, pieces: list[tuple[str, str]], name: str = "im-start.vsav") -> Path:
    """An Invasion: Malta starting save in ``work`` with ``pieces`` (piece, off-map box) placed."""
    import record
    return record.start_save(im, "invasion-malta", None, pieces, work / name)


def om_start(om: Path, work: Path, extra: list[tuple[str, str]] | None = None, name: str = "om-start.vsav") -> Path:
    """An Operation Mercury Scenario 3 starting save in ``work``: the German first wave in its box,
    and ``extra`` (piece, off-map box) placed too."""
    import record
    return record.start_save(om, "operation-mercury", OM_SCENARIO_3, OM_FIRST_WAVE + (extra or []), work / name)


def wanted(name: str, only: list[str] | None) -> bool:
    """Whether ``--only`` asks for the log ``name`` (no ``--only``: every log)."""
    return not only or name in only


def problems(report: str) -> list[str]:
    """The report lines that say VASSAL did not play the script as written: a driver failure, an
    exception or a VASSAL warning, or a drag that dropped nothing."""
    return [ln for ln in report.splitlines() if ln.startswith(("FATAL", "EXCEPTION", "LOG|"))
            or (ln.startswith("STEP|") and any(f"|{v} " in ln for v in ("move", "move-stack", "move-stacks", "create"))
                and "drop=" not in ln)]


def run(vassal: str, module: Path, name: str, lines: list[str], work: Path, out: Path, suffix: str = "") -> bool:
    """Play ``lines`` (a driver script) in the VASSAL ``vassal`` on ``module``, in the scratch
    folder ``work``; copy the ``.vlog`` it wrote and the script (the scratch folder written as
    ``<scratch>``) to ``out`` as ``name + suffix``. False (and why, on stderr) when VASSAL did not
    play it as written."""
    script = work / f"{name}{suffix}.script"
    script.write_text("\n".join(lines) + "\n")
    log = work / f"{name}{suffix}.vlog"
    rep = subprocess.run([vassal, "record", str(module.resolve()), str(script), str(log)], cwd=work,
                         capture_output=True, text=True, check=True).stdout
    (work / f"{name}{suffix}.report").write_text(rep)
    bad = problems(rep)
    if bad or not log.is_file():
        print(f"{name}: VASSAL did not record it as scripted:\n  " + "\n  ".join(bad[:10]), file=sys.stderr)
        return False
    shutil.copy(log, out / f"{name}{suffix}.vlog")
    (out / f"{name}{suffix}.script").write_text(script.read_text().replace(str(work), "<scratch>"))
    print(f"{name}{suffix}: {log.stat().st_size} bytes, {len(lines)} script lines (report {work / name}{suffix}.report)")
    return True


def run_all(runs: list[tuple[str, Path, list[str]]], args: argparse.Namespace, work: Path) -> bool:
    """:func:`run` each (name, module, script lines) of ``runs`` that ``--only`` asks for, in
    order; False at the first VASSAL did not play as written."""
    return all(run(args.vassal, module, name, lines, work, args.out, args.suffix)
               for name, module, lines in runs if wanted(name, args.only))
