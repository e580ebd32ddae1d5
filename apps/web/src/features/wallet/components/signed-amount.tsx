import { CoinIcon } from '../../../components/money.tsx';
import { formatCoins } from '../../../lib/money/money.ts';

/**
 * A ledger amount with its direction in the sign AND the colour (never colour alone): +300 green,
 * -30 red. `unit` renders the lessons of card records; coins get the coin icon.
 */
export function SignedAmount({ value, unit }: { value: number; unit?: (formatted: string) => string }) {
  const formatted = formatCoins(value, { signed: true });
  const direction = value > 0 ? 'is-credit' : value < 0 ? 'is-debit' : '';
  return (
    <span className={`ls-w-amount ${direction}`} data-testid="record-amount" data-value={value}>
      {!unit && <CoinIcon />}
      <span>{unit ? unit(formatted) : formatted}</span>
    </span>
  );
}
