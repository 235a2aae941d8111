#!/bin/sh
# Play Dreadball (Laverty's module 0.08 for VASSAL 3.2.8) in real VASSAL 3.7.26 and 3.8.0-beta1 and
# replay each log in the same VASSAL, for tools/vassal_step_compare.py and
# tests/test_foreign_round10.py (see ../../hannibal/README.md).
#   examples/dreadball/recording/record.sh SCRATCH [MIRROR]     (about 1 minute)
# MIRROR: a clone of github.com/Dreadball/Dreadball-Vassal-Module (default: the local mirror).
# Writes SCRATCH/dreadball.vmod: the repository's buildFile, moduledata and images, with the Main
# Map's BoardPicker cut to its board "Metal Pitch" (the driver cannot pick a board in VASSAL's
# dialog; with one board VASSAL asks nothing; every piece and so every logged command is the
# module's own), SCRATCH/db-start.vsav (three models from the palette), SCRATCH/db-1-VV.vlog and
# SCRATCH/db-1-VV.txt (VV = 37 or 38). Nothing is written into the repository (no licence).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"; out=$(cd "$1" && pwd)
mirror=${2:-/work/.mirror/Dreadball+Dreadball-Vassal-Module/repo}
commit=34f4825de328c5224b0cec1cce074d824b1f75bd
rm -rf "$out/db-src" && mkdir "$out/db-src"
git -C "$mirror" ls-tree -r "$commit" | while read -r _m _t blob path; do
  mkdir -p "$out/db-src/$(dirname "$path")"
  git -C "$mirror" cat-file blob "$blob" > "$out/db-src/$path" 2>/dev/null || rm -f "$out/db-src/$path"
done
python3 - "$out/db-src/buildFile" <<'PY'
import re, sys
p = sys.argv[1]
t = open(p, encoding="utf-8").read()
m = re.search(r'<VASSAL.build.module.Map [^>]*mapName="Main Map"', t)
end = t.find("</VASSAL.build.module.map.BoardPicker>", m.start())
seg = t[m.start():end]
boards = list(re.finditer(r"<VASSAL.build.module.map.boardPicker.Board .*?</VASSAL.build.module.map.boardPicker.Board>", seg, re.S))
keep = next(b.group(0) for b in boards if 'name="Metal Pitch"' in b.group(0))
open(p, "w", encoding="utf-8").write(t[:m.start()] + seg[:boards[0].start()] + keep + seg[boards[-1].end():] + t[end:])
PY
rm -f "$out/dreadball.vmod"
(cd "$out/db-src" && zip -qr "$out/dreadball.vmod" buildFile moduledata images)
for s in db-setup db-1; do sed "s#<scratch>#$out#g" "$here/$s.script" > "$out/$s.script"; done
(cd "$out" && /work/vassal-oracle/vassal37 record dreadball.vmod db-setup.script db-setup.vlog > /dev/null 2>&1)
for v in 37 38; do
  (cd "$out" && "/work/vassal-oracle/vassal$v" record dreadball.vmod db-1.script "db-1-$v.vlog" \
      --report "db-1-$v-record.txt" > /dev/null 2>&1)
  (cd "$out" && "/work/vassal-oracle/vassal$v" replay dreadball.vmod "db-1-$v.vlog" --report "db-1-$v.txt" > /dev/null 2>&1)
  echo "$out/db-1-$v.vlog"
done
