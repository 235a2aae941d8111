#!/bin/sh
# Records the Commands & Colors: Napoleonics chain in real VASSAL (see ../README.md).
# usage: record.sh MODULE.vmod SCRATCH_DIR   (the oracle: /work/vassal-oracle, or $ORACLE)
set -e
here=$(cd "$(dirname "$0")" && pwd); o=${ORACLE:-/work/vassal-oracle}
mkdir -p "$2"
mod=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); out=$(cd "$2" && pwd)
cd "$out"               # VASSAL writes its own error logs in the current directory
run() { sed "s#<scratch>#$out#g" "$here/$2.script" > "$out/$2.script"
        "$o/$1" record "$mod" "$out/$2.script" "$out/$2.vlog" --report "$out/$2.txt" > /dev/null; }
run vassal37 ccn-setup
run vassal37 ccn-french1
run vassal37 ccn-allies1
run vassal38 ccn-french2
run vassal38 ccn-resave38
run vassal37 ccn-hits          # round 12: hits, an elimination, an undo (from ccn-start.vsav)
