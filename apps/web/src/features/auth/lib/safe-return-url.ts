/**
 * The `?url=` of /login (DESIGN.md §7: "accepts only same-origin relative paths"). Anything else
 * becomes '/', so a crafted link cannot send the student to another site after login (open redirect).
 *
 * Accepted: a path starting with exactly one '/', e.g. '/course/index?week=2#today'.
 * Refused: '//evil.com' and '/\evil.com' (protocol-relative for browsers), any scheme
 * ('https://…', 'javascript:…'), backslashes and control characters anywhere (browsers drop tabs
 * and newlines from URLs, so '/\t/evil.com' would become '//evil.com'), and /login itself (a loop).
 */
const ORIGIN = 'https://app.invalid';

export function safeReturnUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN) return '/';
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative path: '/..//evil.com' → '//evil.com'.
  return result.startsWith('//') ? '/' : result;
}
