#!/bin/sh
# Play Almoravid (the corpus' stripped module) in real VASSAL 3.7.26 and 3.8.0-beta1 and replay each
# log in VASSAL again, for tools/vassal_step_compare.py and tests/test_foreign_almoravid.py (see ../README.md).
#   examples/almoravid/recording/record.sh SCRATCH      (about 1 minute)
# Writes SCRATCH/almoravid.vmod (the corpus module with blank stand-ins for its four missing board
# images), SCRATCH/almoravid-K-VV.vlog (K = 1..3, VV = 37 or 38) and SCRATCH/almoravid-K-VV.txt (the
# oracle's replay report of that log). Nothing is written into the repository: the module has no licence.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/../../../.." && pwd)/shared/corpus
mkdir -p "$1"; out=$(cd "$1" && pwd)
python3 - "$corpus/almoravid_buildFile-only_stripped.vmod" "$out/almoravid.vmod" <<'PY'
import shutil, struct, sys, zipfile, zlib
def png(w, h):   # a blank (one grey index) PNG of w x h, written without any library
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    raw = (b"\x00" + b"\x00" * w) * h
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", bytes([200, 200, 200])) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
shutil.copyfile(sys.argv[1], sys.argv[2])
# the boards' images are not in the stripped module: without them VASSAL knows no board size
# and answers "offboard" for every point (sizes chosen to hold every piece of scenario A)
with zipfile.ZipFile(sys.argv[2], "a") as z:
    for name, (w, h) in {"Almoravid Map on Table 3.png": (6000, 5200), "Background - Christian Lords.png": (2400, 1800),
                         "Background - Muslim Lords.png": (2400, 1800), "BattleMat1-5.png": (3000, 2200)}.items():
        z.writestr("images/" + name, png(w, h))
PY
for v in 37 38; do
  for k in 1 2 3; do
    sed "s#<corpus>#$corpus#g" "$here/almoravid-$k.script" > "$out/almoravid-$k.script"
    (cd "$out" && "/work/vassal-oracle/vassal$v" record almoravid.vmod "almoravid-$k.script" "almoravid-$k-$v.vlog" \
        --report "almoravid-$k-$v-record.txt" > /dev/null 2>&1)
    (cd "$out" && "/work/vassal-oracle/vassal$v" replay almoravid.vmod "almoravid-$k-$v.vlog" \
        --report "almoravid-$k-$v.txt" > /dev/null 2>&1)
    echo "$out/almoravid-$k-$v.vlog"
  done
done
