#!/bin/sh
# Play Hannibal: Rome vs Carthage (Valley Games module 1.3.1) in real VASSAL 3.7.26 and 3.8.0-beta1
# and replay each log in the same VASSAL, for tools/vassal_step_compare.py and
# tests/test_foreign_round10.py (see ../README.md).
#   examples/hannibal/recording/record.sh SCRATCH [MIRROR]     (about 1 minute)
# MIRROR: a clone of github.com/tomo9878/hannnibal (default: the project's local mirror).
# Writes SCRATCH/hannibal.vmod (the folder Hannibal_Valley_en_1.3.1 zipped as it is),
# SCRATCH/hv-start.vsav (the module's setup "Standard Game", saved), SCRATCH/hv-K-VV.vlog
# (K = 1..3, VV = 37 or 38) and SCRATCH/hv-K-VV.txt (the oracle's replay report of that log).
# Nothing is written into the repository: the module states no licence.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"; out=$(cd "$1" && pwd)
mirror=${2:-/work/.mirror/tomo9878+hannnibal/repo}
commit=d910f7cdc233e6a2aa548d69ab70536a87ecb0e0
rm -rf "$out/hv-src" && mkdir "$out/hv-src"
git -C "$mirror" archive "$commit" Hannibal_Valley_en_1.3.1 | tar -x -C "$out/hv-src"
rm -f "$out/hannibal.vmod"
(cd "$out/hv-src/Hannibal_Valley_en_1.3.1" && zip -qr "$out/hannibal.vmod" .)
for s in hv-setup hv-1 hv-2 hv-3; do sed "s#<scratch>#$out#g" "$here/$s.script" > "$out/$s.script"; done
(cd "$out" && /work/vassal-oracle/vassal37 record hannibal.vmod hv-setup.script hv-setup.vlog > /dev/null 2>&1)
for v in 37 38; do
  for k in 1 2 3; do
    (cd "$out" && "/work/vassal-oracle/vassal$v" record hannibal.vmod "hv-$k.script" "hv-$k-$v.vlog" \
        --report "hv-$k-$v-record.txt" > /dev/null 2>&1)
    (cd "$out" && "/work/vassal-oracle/vassal$v" replay hannibal.vmod "hv-$k-$v.vlog" \
        --report "hv-$k-$v.txt" > /dev/null 2>&1)
    echo "$out/hv-$k-$v.vlog"
  done
done
