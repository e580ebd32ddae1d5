import type { UserInfo } from '@app/contract/auth';

/** 13800138000 → 138****8000; anything that is not 11 characters keeps only its last 4. */
export function maskMobile(mobile: string): string {
  const m = mobile.trim();
  if (m.length === 11) return `${m.slice(0, 3)}****${m.slice(7)}`;
  if (m.length <= 4) return m;
  return `${'*'.repeat(m.length - 4)}${m.slice(-4)}`;
}

/** The name to greet with: nickname, else English name, else the masked phone. */
export function displayName(
  info: Pick<UserInfo, 'student_nick' | 'student_eng_name' | 'student_phone'>,
): string {
  return info.student_nick.trim() || info.student_eng_name.trim() || maskMobile(info.student_phone);
}

/** Avatar initials: the first character of a Chinese name, up to two initials of a Latin one. */
export function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  if (/^[A-Za-z]/.test(trimmed)) {
    const words = trimmed.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
    return words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('');
  }
  return Array.from(trimmed)[0]!;
}
