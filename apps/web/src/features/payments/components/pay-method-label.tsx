import { PAY_METHODS, type PayMethod } from '@app/contract/enums';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { PayMethodIcon } from './pay-method-icon.tsx';

/** The method's name in the student's language. */
export function usePayMethodName(): (method: PayMethod) => string {
  const language = useSettings((s) => s.language);
  return (method) => PAY_METHODS.find((m) => m.value === method)?.label[language] ?? method;
}

/** Icon and name of a payment method. */
export function PayMethodLabel({ method, size = 20 }: { method: PayMethod; size?: number }) {
  const name = usePayMethodName();
  return (
    <span className="ls-pay-method" data-testid="pay-method" data-value={method}>
      <PayMethodIcon method={method} size={size} />
      <span>{name(method)}</span>
    </span>
  );
}
