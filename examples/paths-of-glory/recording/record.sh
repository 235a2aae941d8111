#!/bin/sh
# Play Paths of Glory (Cattlesquat's module 10.8 of GMT's game) in real VASSAL 3.7.26 and
# 3.8.0-beta1 and replay each log in the same VASSAL, for tools/vassal_step_compare.py and
# tests/test_foreign_round10.py (see ../README.md).
#   examples/paths-of-glory/recording/record.sh SCRATCH [MIRROR]     (about 4 minutes)
# MIRROR: a clone of github.com/Cattlesquat/PathsOfGlory (default: the project's local mirror).
# Writes SCRATCH/pog.vmod (the repository's folders zipped as its build.sh does; the classic
# map's image is missing from the mirror, so only the Deluxe map is played), SCRATCH/pog-start.vsav
# (the module's setup "Deluxe Map - Historical Scenario", saved), SCRATCH/pog-1-VV.vlog and
# SCRATCH/pog-1-VV.txt (VV = 37 or 38). Nothing is written into the repository (no licence).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"; out=$(cd "$1" && pwd)
mirror=${2:-/work/.mirror/Cattlesquat+PathsOfGlory/repo}
commit=2bf54158a7eaa1127cf95f7f113f283de466ac72
rm -rf "$out/pog-src" && mkdir "$out/pog-src"
# file by file: a blob the mirror lacks (the classic map's image) is left out
git -C "$mirror" ls-tree -r "$commit" | while read -r _m _t blob path; do
  mkdir -p "$out/pog-src/$(dirname "$path")"
  git -C "$mirror" cat-file blob "$blob" > "$out/pog-src/$path" 2>/dev/null || rm -f "$out/pog-src/$path"
done
rm -f "$out/pog.vmod"
(cd "$out/pog-src" && zip -q -1 -r "$out/pog.vmod" ./*.xml HowToPlay.html changelist.html notes.html \
    updatingmodule.html ./*.vsav moduledata Module_es.properties help help_es images images_es PathsOfGlory)
for s in pog-setup pog-1; do sed "s#<scratch>#$out#g" "$here/$s.script" > "$out/$s.script"; done
(cd "$out" && /work/vassal-oracle/vassal37 record pog.vmod pog-setup.script pog-setup.vlog > /dev/null 2>&1)
for v in 37 38; do
  (cd "$out" && "/work/vassal-oracle/vassal$v" record pog.vmod pog-1.script "pog-1-$v.vlog" \
      --report "pog-1-$v-record.txt" > /dev/null 2>&1)
  (cd "$out" && "/work/vassal-oracle/vassal$v" replay pog.vmod "pog-1-$v.vlog" --report "pog-1-$v.txt" > /dev/null 2>&1)
  echo "$out/pog-1-$v.vlog"
done
