import { formatCoins, formatFen } from '../lib/money/money.ts';
import './money.css';

/** The study-coin icon (SPEC.md §1). */
export function CoinIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      className="ls-coin"
      viewBox="0 0 20 20"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10" cy="10" r="9" fill="#f5b300" />
      <circle cx="10" cy="10" r="6.6" fill="none" stroke="#a86a00" strokeWidth="1.2" />
      <path
        d="M6.5 8.2 10 6.4l3.5 1.8L10 10z M7.6 9.4v2.4c1.4 1.2 3.4 1.2 4.8 0V9.4L10 10.6z"
        fill="#7a4d00"
      />
    </svg>
  );
}

/** A coin amount with the coin icon; `signed` for ledger lines (+30 / -30). */
export function Coins({ value, signed = false }: { value: number; signed?: boolean }) {
  return (
    <span className="ls-money" data-value={value}>
      <CoinIcon />
      <span>{formatCoins(value, { signed })}</span>
    </span>
  );
}

/** An amount in fen, shown in yuan: 1234 → ¥12.34. */
export function Fen({ value }: { value: number }) {
  return (
    <span className="ls-money" data-value={value}>
      {formatFen(value)}
    </span>
  );
}
