#!/bin/sh
# Record the Flashpoint: South China Sea play-by-email files in real VASSAL 3.8.0-beta1 (see ../README.md).
# usage: record.sh SRC SCRATCH   (SRC: a checkout of Cattlesquat/FlashpointSouthChinaSea, commit d9a8a4f)
set -e
SRC=$(cd "$1" && pwd); mkdir -p "$2"; S=$(cd "$2" && pwd); HERE=$(cd "$(dirname "$0")" && pwd)
V=${VASSAL:-/work/vassal-oracle/vassal38}
rm -rf "$S/mod" && mkdir -p "$S/mod" && cd "$S/mod"
cp -r "$SRC/buildFile.xml" "$SRC/moduledata" "$SRC/images" "$SRC/howtoplay.html" .
# the repository's board image (FlashPointBoardOnTable.png) may be absent from a shallow copy:
# a plain 3800 x 3800 stand-in keeps every zone and deck on the board (the logs do not hold images)
if [ ! -s images/FlashPointBoardOnTable.png ]; then
  python3 -c "
import struct, zlib
W = H = 3800
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
raw = (b'\x00' + bytes([200, 210, 220]) * W) * H
open('images/FlashPointBoardOnTable.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))"
fi
rm -f "$S/fscs.vmod" "$S/fscs-rec.vmod"
zip -qr "$S/fscs.vmod" buildFile.xml moduledata images howtoplay.html
# the recording copy: one predefined setup "New Game" (useFile=false), whose launch is File > New
# Game (GameState.setup(false) then setup(true)); the driver's own new-game skips setup(false), so
# the module's SetupStacks would place nothing. Pieces and logs are the same as with the real module.
sed -i '0,/<VASSAL.build.module.BasicCommandEncoder\/>/s//<VASSAL.build.module.BasicCommandEncoder\/>\n    <VASSAL.build.module.PredefinedSetup file="" isMenu="false" name="New Game" useFile="false"\/>/' buildFile.xml
zip -qr "$S/fscs-rec.vmod" buildFile.xml moduledata images howtoplay.html
cd "$S"
sed "s#<scratch>#$S#g" "$HERE/fscs-setup.script" > fscs-setup.script
"$V" record fscs-rec.vmod fscs-setup.script fscs-setup.vlog --report fscs-setup.txt > /dev/null
# piece ids are new each run: put the ids VASSAL gave into the play scripts ({name} -> id)
ids() { grep "^FINAL|PIECE|.*|$1|" fscs-setup.txt | cut -d'|' -f3 | sed -n "$2p"; }
deck=$(grep '^FINAL|STACK|.*|Event Draw Deck|' fscs-setup.txt | cut -d'|' -f8)
card1=$(echo "$deck" | tr ',' '\n' | sed -n 1p); card2=$(echo "$deck" | tr ',' '\n' | sed -n 2p)
redA=$(ids 'China Available|Red Cube' 1); redB=$(ids 'China Available|Red Cube' 2); redC=$(ids 'China Available|Red Cube' 3)
blueA=$(ids 'US Available|Blue Cube' 1); blueB=$(ids 'US Available|Blue Cube' 2); blueC=$(ids 'US Available|Blue Cube' 3)
tension=$(ids 'LOW|Tension' 1)
for f in fscs-china fscs-us; do
  sed "s#<scratch>#$S#g; s#{card1}#$card1#g; s#{card2}#$card2#g; s#{redA}#$redA#g; s#{redB}#$redB#g; s#{redC}#$redC#g; s#{blueA}#$blueA#g; s#{blueB}#$blueB#g; s#{blueC}#$blueC#g; s#{tension}#$tension#g" "$HERE/$f.script" > $f.script
  "$V" record fscs-rec.vmod $f.script $f.vlog --report $f.txt > /dev/null
done
echo "$S/fscs-china.vlog $S/fscs-us.vlog"
