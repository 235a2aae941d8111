"""Record round foreign20's logs (see README.md here) in real VASSAL: VASSAL's own tour module
(LGPL, ``../shared/corpus/vassal_tour.mod``) with a German translation added, played by a VASSAL
whose locale is German.

    python tests/data/recorded/foreign20/record_foreign20.py --out SCRATCH [--version 38 --suffix=-38] [--commit]

The module written to ``SCRATCH/tour-de.mod`` is the corpus' tour with ``Module_de.properties``
(here) and the ``Language``/``Translation`` component (locale "de,") VASSAL's editor adds with a
translation; the start save ``SCRATCH/tour-vip.vsav`` is the committed ``../tour/tour-sl.vsav`` with
the board VIP (zones and a region grid) instead of SL. The player's VASSAL runs in German: VASSAL
takes its language from the global preference ``Locale`` (``Resources.init``; without one,
English whatever the JVM's locale), so the oracle's driver is started as its ``vassal37`` /
``vassal38`` wrapper does, with a fresh configuration folder whose ``prefs/V_Global`` says
``Locale=de`` (``SCRATCH/vassal-de``); ``Localization`` then applies ``Module_de.properties``. The
logs are copied here with ``--commit`` (the tour module is LGPL)."""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path.insert(0, str(ROOT))

from vmodgen.vassal.savefile import read_save, rewrite_save  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
SCRIPTS = ["tour-de20"]
TRANSLATION = (b'<VASSAL.i18n.Language><VASSAL.i18n.Translation locale="de,"/></VASSAL.i18n.Language>')
WRAPPER = """#!/bin/sh
# the oracle's record wrapper with VASSAL's language preference set to German
H={oracle}
[ "$1" = record ] || {{ echo "usage: $0 record MODULE SCRIPT OUT.vlog" >&2; exit 2; }}
shift
CONF=$(mktemp -d /tmp/vassal-conf-XXXXXX)
mkdir -p "$CONF/prefs" && printf 'Locale=de\\n' > "$CONF/prefs/V_Global"
exec xvfb-run -a -s "-screen 0 1600x1200x24" java -Xmx1g -Djava.awt.headless=false -DVASSAL.conf=$CONF \\
  -Duser.home=$CONF -cp "$H/driver/classes{v}:$H/build{v}/classes:$(cat $H/cp.txt)" Record "$@"
"""


def make_module(out: Path) -> Path:
    """The tour with its German translation declared and held."""
    module = out / "tour-de.mod"
    with zipfile.ZipFile(CORPUS / "vassal_tour.mod") as zin, \
            zipfile.ZipFile(module, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "buildFile":
                data, n = re.subn(rb"(</VASSAL\.build\.GameModule>\s*)$", TRANSLATION + rb"\1", data)
                assert n == 1
            zout.writestr(info, data)
        zout.writestr("Module_de.properties", (HERE / "Module_de.properties").read_bytes())
    return module


def make_start(out: Path) -> Path:
    src = HERE.parent / "tour" / "tour-sl.vsav"
    text = read_save(src).text
    assert text.count("Main MapBoardPicker\tSL\t") == 1
    start = out / "tour-vip.vsav"
    rewrite_save(src, start, text.replace("Main MapBoardPicker\tSL\t", "Main MapBoardPicker\tVIP\t"))
    return start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="scratch folder for the module, saves and logs")
    ap.add_argument("--oracle", type=Path, default=Path("/work/vassal-oracle"), help="the VASSAL oracle's folder")
    ap.add_argument("--version", choices=["37", "38"], default="37", help="VASSAL 3.7.26 or 3.8.0-beta1")
    ap.add_argument("--suffix", default="", help="added to each log's name (e.g. -38)")
    ap.add_argument("--commit", action="store_true", help="copy the logs into this folder")
    args = ap.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    module, start = make_module(out), make_start(out)
    vassal = out / f"vassal-de{args.version}"
    vassal.write_text(WRAPPER.format(oracle=args.oracle, v=args.version), encoding="utf-8")
    vassal.chmod(0o755)
    for name in SCRIPTS:
        text = (HERE / f"{name}.script").read_text(encoding="utf-8")
        script = out / f"{name}{args.suffix}.script"
        script.write_text(text.replace("<start>", str(start)).replace("<scratch>", str(out)), encoding="utf-8")
        log = out / f"{name}{args.suffix}.vlog"
        done = subprocess.run([str(vassal), "record", str(module), str(script), str(log)],
                              capture_output=True, text=True)
        (out / f"{name}{args.suffix}.out").write_text(done.stdout + done.stderr, encoding="utf-8")
        if done.returncode != 0 or not log.is_file():
            sys.exit(f"record_foreign20: {name}: VASSAL failed (exit {done.returncode}); see "
                     f"{out / (name + args.suffix)}.out\n" + done.stdout[-2000:])
        if args.commit:
            shutil.copyfile(log, HERE / log.name)
        print(log)


if __name__ == "__main__":
    main()
