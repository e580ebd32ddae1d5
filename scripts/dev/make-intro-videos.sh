#!/usr/bin/env bash
# Regenerates the demo teachers' intro clips in apps/web/public/media/intros/ (silent title cards:
# name, greeting, brand). Needs ffmpeg and the Noto CJK font (apt-get install -y ffmpeg
# fonts-noto-cjk). The clips are committed; nothing runs this at start-up.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=apps/web/public/media/intros
mkdir -p "$out"
font=$(fc-list | grep -m1 -i 'NotoSansCJK-Regular' | cut -d: -f1)
[ -n "$font" ] || { echo "fonts-noto-cjk is missing" >&2; exit 1; }

# slug|name|gradient start|gradient end
while IFS='|' read -r slug name c0 c1; do
  ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=640x360:c0=$c0:c1=$c1:x0=0:y0=0:x1=640:y1=360:speed=0.02:d=8:r=24" \
    -vf "drawtext=fontfile=$font:text='$name':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=120:alpha='min(1,t)',\
drawtext=fontfile=$font:text='Hello! 你好！':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=190:alpha='if(lt(t,1),0,min(1,t-1))',\
drawtext=fontfile=$font:text='LinguaSpark 灵犀外教':fontcolor=white@0.8:fontsize=20:x=(w-text_w)/2:y=290" \
    -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$out/$slug.mp4"
  echo "$out/$slug.mp4 $(wc -c < "$out/$slug.mp4") bytes"
done <<'LIST'
emily-carter|Emily Carter|0x1677ff|0x7b61ff
james-whitfield|James Whitfield|0x13a8a8|0x1677ff
grace-santos|Grace Santos|0xfa8c16|0xeb2f96
LIST
