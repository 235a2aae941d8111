#!/bin/sh
# Record the tour chain again in real VASSAL 3.7.26 and 3.8.0-beta1 (/work/vassal-oracle), replay
# each log as an observer and as Alice, and compare step by step with vmodgen (see
# tests/data/recorded/README.md, section tour/).
#   tests/data/recorded/tour/record.sh SCRATCH [TOUR.mod]     (from the project root; ~2 minutes)
# TOUR.mod: VASSAL's tour module (default ../shared/corpus/vassal_tour.mod). Writes only into
# SCRATCH: tour-sl.vsav, tour-0.vsav, tour-*.vlog, the oracle's reports rep-*.txt (observer) and
# repA-*.txt (Alice). New piece ids: the scripts name the ids of the committed tour-0.vsav, so
# the chain is played from the committed tour-0.vsav unless FRESH=1 (then only the set-up runs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
mkdir -p "$1"; out=$(cd "$1" && pwd)
mod=$(realpath "${2:-$root/../shared/corpus/vassal_tour.mod}")
sub() { sed "s#<scratch>#$out#g; s#<v>#$2#g" "$here/$1.script" > "$out/$1$2.script"; }
cp "$here/tour-sl.vsav" "$out/tour-sl.vsav"
if [ "${FRESH:-0}" = 1 ]; then
  sub tour-setup ""
  (cd "$out" && /work/vassal-oracle/vassal37 record "$mod" tour-setup.script tour-setup.vlog --report tour-setup.txt > /dev/null 2>&1)
  exit 0
fi
cp "$here/tour-0.vsav" "$out/tour-0.vsav"
for v in 37 38; do
  sfx=$([ $v = 38 ] && echo -38 || true)
  for s in tour-alice1 tour-bob tour-alice2; do
    sub "$s" "$sfx"
    (cd "$out" && "/work/vassal-oracle/vassal$v" record "$mod" "$s$sfx.script" "$s$sfx.vlog" --report "$s$sfx-record.txt" > /dev/null 2>&1)
    (cd "$out" && "/work/vassal-oracle/vassal$v" replay "$mod" "$s$sfx.vlog" --report "rep-$s$sfx.txt" > /dev/null 2>&1)
    (cd "$out" && "/work/vassal-oracle/vassal$v" replay "$mod" "$s$sfx.vlog" --report "repA-$s$sfx.txt" \
        --player "Alice <observer> pw-alice" > /dev/null 2>&1)
    (cd "$root" && PYTHONPATH="$root" python tools/vassal_step_compare.py "$mod" "$out/$s$sfx.vlog" "$out/rep-$s$sfx.txt" --names --labels | tail -1)
    (cd "$root" && PYTHONPATH="$root" python tools/vassal_step_compare.py "$mod" "$out/$s$sfx.vlog" "$out/repA-$s$sfx.txt" --names --labels --reveal | tail -1)
  done
done
