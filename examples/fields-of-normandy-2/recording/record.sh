#!/bin/sh
# Record the two Fields of Normandy 2 files in real VASSAL 3.7.26 (see ../README.md).
# usage: record.sh SRC SCRATCH   (SRC: a checkout of marangonico/The_Fields_of_Normandy_2)
set -e
SRC=$1; S=$2; HERE=$(cd "$(dirname "$0")" && pwd); V=${VASSAL:-/work/vassal-oracle/vassal37}
mkdir -p "$S/mod" && cd "$S/mod" && cp -r "$SRC/src/buildFile.xml" "$SRC/src/moduledata" "$SRC/src/module_info.md" "$SRC/src/images" .
zip -qr "$S/fon.vmod" buildFile.xml moduledata module_info.md images
# the recording copy: palette entry names with spaces for '_' (the driver reads '_' as a space;
# an entry name is not part of a piece, so the logs are the same as with the real module)
sed -E ':a; s/(entryName="[A-Za-z0-9 ]*)_/\1 /; ta' buildFile.xml > b && mv b buildFile.xml
zip -qr "$S/fon-rec.vmod" buildFile.xml moduledata module_info.md images
cd "$S"
sed "s#<scratch>#$S#g" "$HERE/fon-setup.script" > fon-setup.script
"$V" record fon-rec.vmod fon-setup.script fon-setup.vlog --report fon-setup.txt > /dev/null
# piece ids are new each run: put the ids VASSAL gave into the play script ({name} → id)
cp "$HERE/fon-play.script" fon-play.script
for slot in German_Rifles German_HMG German_Panzer_IV_Tank US_Rifles1 US_MG US_Mortar US_Rifles2 Turn; do
  id=$(grep "^STEP|.*|create $slot @" fon-setup.txt | cut -d'|' -f4)
  sed -i "s#{$slot}#$id#g; s#<scratch>#$S#g" fon-play.script
done
"$V" record fon-rec.vmod fon-play.script fon-play.vlog --report fon-play.txt > /dev/null
echo "$S/fon-play.vlog"
