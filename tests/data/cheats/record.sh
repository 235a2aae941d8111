#!/bin/sh
# Record the cheat cases of this folder in real VASSAL (see README.md here).
#   tests/data/cheats/record.sh MODULES_DIR [VASSAL]   (MODULES_DIR: where `vmodgen build -o` wrote the kits' modules)
# VASSAL defaults to /work/vassal-oracle/vassal37 (the oracle's record driver), VASSAL38 (env) to
# /work/vassal-oracle/vassal38. Writes the
# .vlog files beside their scripts; scratch saves go to a temporary folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mods=$(cd "$1" && pwd)
vassal=${2:-/work/vassal-oracle/vassal37}
corpus=$(cd "$here/../../../.." && pwd)/shared/corpus
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
na41="$mods/north-africa-41.vmod"

# the edited module: the same North Africa '41 1.0, its 1d6 button changed to add 1 to the die
python3 "$here/tamper.py" edit-dice "$na41" "$scratch/na41-edited.vmod"

run() {   # run NAME MODULE [VASSAL]: SCRIPT NAME.script -> NAME.vlog
  sed -e "s#<scratch>#$scratch#g" -e "s#<out>#$here#g" -e "s#<corpus>#$corpus#g" \
      "$here/$1.script" > "$scratch/$1.script"
  (cd "$scratch" && "${3:-$vassal}" record "$2" "$scratch/$1.script" "$here/$1.vlog" --report "$scratch/$1.txt" >/dev/null 2>&1)
  [ "${ok_problems:-}" = 1 ] || grep -q '^SUMMARY|.*problems=0' "$scratch/$1.txt" || { echo "$1: VASSAL reported problems:"; grep -v '^POS\|^CMD\|^FINAL' "$scratch/$1.txt"; exit 1; }
  echo "$1.vlog"
}
run alice-1 "$na41"
for n in bob-honest bob-private bob-older-save bob-unlogged bob-moves-axis bob-deletes-axis \
         bob-adds-unit bob-axis-seat bob-observer bob-other-button; do run $n "$na41"; done
run bob-edited-dice "$scratch/na41-edited.vmod"
run kassala-clone "$corpus/kassala_Kassala.vmod"
# the corpus Almoravid module is stripped of its images: VASSAL reports each missing one
ok_problems=1; run almoravid-values "$corpus/almoravid_buildFile-only_stripped.vmod"; ok_problems=
# Bob's honest file again, in VASSAL 3.8.0-beta1 (then given 3.7.26 metadata below)
cp "$here/bob-honest.script" "$here/bob-honest-38.script"
run bob-honest-38 "$na41" "${VASSAL38:-/work/vassal-oracle/vassal38}"

# files changed after VASSAL wrote them, as a player would with a zip tool and a text editor
python3 "$here/tamper.py" edit-roll "$here/bob-private.vlog" "$here/bob-hand-edited.vlog"
python3 "$here/tamper.py" swap-meta "$here/bob-honest-38.vlog" "$here/alice-1.vlog" "$here/bob-meta-swapped.vlog"
python3 "$here/tamper.py" add-roll "$here/bob-honest.vlog" "$here/bob-added-roll.vlog"
