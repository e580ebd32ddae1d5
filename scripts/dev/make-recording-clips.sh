#!/usr/bin/env bash
# Regenerates the demo's class recordings in apps/web/public/media/recordings/: one per demo teacher
# whose past classes have a playback (courses.seed.ts RECORDING_CLIP_SLUGS), so each class plays its
# own teacher. Silent, 12 seconds, 640x360: the teacher large, the student small (as the live room
# lays them out), a recording mark and the time. Needs ffmpeg and the Noto CJK font
# (apt-get install -y ffmpeg fonts-noto-cjk). The clips are committed; nothing runs this at start-up.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=apps/web/public/media/recordings
mkdir -p "$out"
# (No `grep -m1`: under pipefail, fc-list killed by the closed pipe would end the script.)
font=$(fc-list | grep -i 'NotoSansCJK-Regular' | cut -d: -f1 | sort -u | sed -n 1p)
[ -n "$font" ] || { echo "fonts-noto-cjk is missing" >&2; exit 1; }

# slug|name|gradient start|gradient end
while IFS='|' read -r slug name c0 c1; do
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=640x360:c0=$c0:c1=$c1:x0=0:y0=0:x1=640:y1=360:speed=0.03:d=12:r=24" \
    -f lavfi -i "color=c=0x333a45:s=160x96:d=12:r=24" \
    -filter_complex "[1:v]drawtext=fontfile=$font:text='学生 Student':fontcolor=white:fontsize=16:x=(w-text_w)/2:y=(h-text_h)/2[pip];\
[0:v][pip]overlay=x=W-w-16:y=H-h-16,\
drawtext=fontfile=$font:text='$name':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=130,\
drawtext=fontfile=$font:text='Class recording 课堂回放':fontcolor=white@0.9:fontsize=24:x=(w-text_w)/2:y=190,\
drawbox=x=16:y=16:w=12:h=12:color=0xff4d4f@1:t=fill:enable='lt(mod(t,1),0.6)',\
drawtext=fontfile=$font:text='REC %{pts\:hms}':fontcolor=white:fontsize=16:x=36:y=14,\
drawtext=fontfile=$font:text='LinguaSpark 灵犀外教':fontcolor=white@0.8:fontsize=16:x=16:y=h-32" \
    -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$out/$slug.mp4"
  echo "$out/$slug.mp4 $(wc -c < "$out/$slug.mp4") bytes"
done <<'LIST'
emily-carter|Emily Carter|0x1677ff|0x7b61ff
james-whitfield|James Whitfield|0x13a8a8|0x1677ff
olivia-bennett|Olivia Bennett|0x722ed1|0xeb2f96
grace-santos|Grace Santos|0xfa8c16|0xeb2f96
LIST
