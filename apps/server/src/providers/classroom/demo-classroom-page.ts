/**
 * The demo classroom's page (CLASSROOM_DRIVER=demo): a plain server-rendered HTML page, bilingual,
 * without scripts (the CSP allows none inline). It says it is the demo classroom, shows the teacher
 * and the time, and a countdown or "class in progress" that a meta refresh keeps current.
 */

export type DemoRoomView = {
  teacherName: string;
  teacherAvatar: string;
  startAt: number;
  endAt: number;
  now: number;
  state: 'before' | 'live' | 'over' | 'cancelled' | 'missed';
};

const MINUTE_MS = 60_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `2026-11-22 17:30` in Beijing time (China has no daylight saving time). */
function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

function countdown(ms: number): { zh: string; en: string } {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return { zh: `${minutes} 分钟`, en: `${minutes} min` };
  return { zh: `${hours} 小时 ${rest} 分钟`, en: `${hours} h ${rest} min` };
}

function stateLines(view: DemoRoomView): { zh: string; en: string } {
  switch (view.state) {
    case 'before': {
      const left = countdown(view.startAt - view.now);
      return { zh: `距上课还有 ${left.zh}`, en: `Class starts in ${left.en}` };
    }
    case 'live': {
      const left = countdown(view.endAt - view.now);
      return { zh: `正在上课，还剩 ${left.zh}`, en: `Class in progress, ${left.en} left` };
    }
    case 'over':
      return {
        zh: '本节课已结束，回放将在课程页面提供',
        en: 'This class is over; its recording will be on the class page',
      };
    case 'missed':
      return { zh: '本节课已结束（缺席）', en: 'This class is over (marked absent)' };
    case 'cancelled':
      return { zh: '本节课已取消', en: 'This class was cancelled' };
  }
}

function page(title: string, body: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="zh-Hans">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh ? '<meta http-equiv="refresh" content="30">\n' : ''}<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; margin: 1rem; padding: 2rem; border: 1px solid #8884; border-radius: 12px; text-align: center; }
  img { width: 96px; height: 96px; border-radius: 50%; }
  .demo { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 999px; background: #1677ff22; color: #1677ff; font-size: 0.85rem; }
  .state { font-size: 1.25rem; font-weight: 600; margin: 1.25rem 0 0.25rem; }
  .muted { opacity: 0.7; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The page of a class's demo room. */
export function renderDemoRoomPage(view: DemoRoomView): string {
  const state = stateLines(view);
  const minutes = Math.round((view.endAt - view.startAt) / MINUTE_MS);
  const body = `<p class="demo">演示教室 · Demo classroom</p>
<p><img src="${escapeHtml(view.teacherAvatar)}" alt=""></p>
<h1>${escapeHtml(view.teacherName)}</h1>
<p>${beijingTime(view.startAt)} – ${beijingTime(view.endAt).slice(11)}（北京时间 Beijing time）· ${minutes} 分钟 min</p>
<p class="state">${escapeHtml(state.zh)}</p>
<p class="state">${escapeHtml(state.en)}</p>
<p class="muted">这是演示教室：真实的课堂由课堂服务商提供，这里不会有音视频。<br>
This is the demo classroom: real classes are held by the classroom provider; there is no audio or video here.</p>`;
  return page(
    `演示教室 Demo classroom · ${view.teacherName}`,
    body,
    view.state === 'before' || view.state === 'live',
  );
}

/** The page of a link that is not (or no longer) a classroom link. */
export function renderDemoRoomNotFound(): string {
  const body = `<p class="demo">演示教室 · Demo classroom</p>
<h1>教室链接无效 · Classroom link not valid</h1>
<p class="muted">请从课程页面重新进入教室。<br>Please enter the classroom again from the class page.</p>`;
  return page('教室链接无效 · Classroom link not valid', body, false);
}
