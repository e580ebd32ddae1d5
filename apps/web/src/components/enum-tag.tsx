import type { EnumItem } from '@app/contract/enums';
import { useSettings } from '../lib/settings/settings-store.ts';
import './enum-tag.css';

/**
 * The tinted chips of src/app/styles.css (`ls-tone is-<tone>`, each pair AA-contrast in both themes)
 * for the antd colour names of the contract's enums: antd's own preset tags fall below AA.
 */
const TONES: Record<string, string> = {
  green: 'is-green',
  red: 'is-volcano',
  volcano: 'is-volcano',
  orange: 'is-volcano',
  gold: 'is-gold',
  blue: 'is-blue',
  cyan: 'is-blue',
  magenta: 'is-purple',
  purple: 'is-purple',
};

/**
 * The label of one value of a contract enum (a log type, an order status) as a chip in the student's
 * language; an unknown value shows as itself rather than disappearing.
 */
export function EnumTag<V extends string | number>({
  items,
  value,
  testId,
}: {
  items: readonly EnumItem<V>[];
  value: V | number | string;
  testId?: string;
}) {
  const language = useSettings((s) => s.language);
  const item = items.find((i) => i.value === value);
  const tone = (item?.color && TONES[item.color]) ?? '';
  return (
    <span className={`ls-enum-tag ls-tone ${tone}`} data-testid={testId} data-value={value}>
      {item ? item.label[language] : String(value)}
    </span>
  );
}
