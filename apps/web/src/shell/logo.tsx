import { useId } from 'react';

type LogoProps = { size?: number; title?: string };

/** The brand mark: a speech bubble with a spark. Drawn inline, no image requests. */
export function Logo({ size = 32, title }: LogoProps) {
  const gradientId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="16" fill={`url(#${gradientId})`} />
      <path
        fill="#fff"
        d="M18 16h28a7 7 0 0 1 7 7v15a7 7 0 0 1-7 7H31l-10 8v-8h-3a7 7 0 0 1-7-7V23a7 7 0 0 1 7-7z"
      />
      <path fill="#f59e0b" d="M32 20.5l2.9 7.1 7.1 2.9-7.1 2.9-2.9 7.1-2.9-7.1-7.1-2.9 7.1-2.9z" />
    </svg>
  );
}
