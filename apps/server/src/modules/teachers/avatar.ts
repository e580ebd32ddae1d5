/**
 * Generated teacher avatars: the initials on a colour derived from a seed (the teacher's name on
 * the demo), as an SVG data URL. Nothing external is fetched; the CSP allows data: images.
 */
export function hashOf(text: string): number {
  // FNV-1a, 32 bits: stable across runs and platforms.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

export function avatarDataUrl(name: string, seed: string = name): string {
  const hue = hashOf(seed) % 360;
  const initials = initialsOf(name).replace(/[<>&"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},62%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},58%,42%)"/>` +
    `</linearGradient></defs><rect width="96" height="96" rx="48" fill="url(#g)"/>` +
    `<text x="48" y="49" dominant-baseline="central" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" ` +
    `font-size="36" font-weight="600" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
