"""Record round foreign19's logs (see README.md here) in real VASSAL: play in The Longest Day,
a module vmodgen did not build, from the campaign set-up of its repository.

    python tests/data/recorded/foreign19/record_foreign19.py --out SCRATCH \
        [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

The module is the corpus' ``tld_buildFile-only_stripped.vmod`` with the board image
``Map_Full.png`` added back (without it VASSAL knows no board size and calls every point
``offboard``); the image and the start save (``scenarios/campaign.sav``) are read from a local
mirror of github.com/uckelman/tld-mod at commit 48f6596, the commit of the corpus' buildFile
(``--mirror``: its git directory). The repository states no licence: nothing of it, nor the logs
(they hold the module's piece definitions), is written into this repository; everything goes to
``--out``. Each script's ``<start>`` is the start save, ``<scratch>`` the ``--out`` folder (the
next file loads the save the one before it wrote, as players send them)."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
CORPUS = ROOT.parent / "shared" / "corpus"
COMMIT = "48f65965414816c3aae1a563126fc25882510e87"
MIRROR = Path("/work/.mirror/uckelman+tld-mod/repo")
SCRIPTS = ["tld-allied19", "tld-german19", "tld-observer19"]


def from_mirror(mirror: Path, path: str) -> bytes:
    done = subprocess.run(["git", "--git-dir", str(mirror), "show", f"{COMMIT}:{path}"], capture_output=True)
    if done.returncode != 0:
        sys.exit(f"record_foreign19: {mirror} lacks {path} at {COMMIT[:7]}: {done.stderr.decode().strip()}")
    return done.stdout


def make_module(out: Path, mirror: Path) -> Path:
    """The corpus' buildFile-only module with its game map's board image back."""
    module = out / "tld.vmod"
    shutil.copyfile(CORPUS / "tld_buildFile-only_stripped.vmod", module)
    with zipfile.ZipFile(module, "a") as z:
        z.writestr("images/Map_Full.png", from_mirror(mirror, "maps/Map_Full.png"))
    return module


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True, help="scratch folder for the module, saves and logs")
    ap.add_argument("--vassal", default="/work/vassal-oracle/vassal37", help="the oracle's record wrapper")
    ap.add_argument("--suffix", default="", help="added to each log's name (e.g. -38)")
    ap.add_argument("--mirror", type=Path, default=MIRROR, help="git directory of uckelman/tld-mod")
    ap.add_argument("--only", nargs="*", default=SCRIPTS, help="scripts to play (in this order)")
    args = ap.parse_args()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    module = make_module(out, args.mirror)
    start = out / "campaign.sav"
    start.write_bytes(from_mirror(args.mirror, "scenarios/campaign.sav"))
    scratch = out / f"saves{args.suffix}"
    scratch.mkdir(exist_ok=True)
    for name in args.only:
        text = (HERE / f"{name}.script").read_text(encoding="utf-8")
        script = out / f"{name}{args.suffix}.script"
        script.write_text(text.replace("<start>", str(start)).replace("<scratch>", str(scratch)), encoding="utf-8")
        log = out / f"{name}{args.suffix}.vlog"
        done = subprocess.run([args.vassal, "record", str(module), str(script), str(log)],
                              capture_output=True, text=True)
        (out / f"{name}{args.suffix}.out").write_text(done.stdout, encoding="utf-8")
        if done.returncode != 0 or not log.is_file():
            sys.exit(f"record_foreign19: {name}: VASSAL failed (exit {done.returncode}); see {out / (name + args.suffix)}.out\n"
                     + done.stdout[-2000:])
        print(log)


if __name__ == "__main__":
    main()
