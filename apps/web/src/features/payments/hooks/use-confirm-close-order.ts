import { useTranslation } from 'react-i18next';
import { App, type ButtonProps } from 'antd';
import { useCloseOrder } from '../api/close-order.ts';
import '../../../locales/payments/index.ts';

/** Closes an awaiting order after a confirmation (nothing was charged for it). */
export function useConfirmCloseOrder() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const close = useCloseOrder();
  return (orderNo: string) =>
    modal.confirm({
      title: t('payments.orders.closeConfirmTitle'),
      content: t('payments.orders.closeConfirmBody'),
      okText: t('payments.orders.closeConfirmOk'),
      // data-* attributes pass through to the button; ButtonProps does not list them.
      okButtonProps: { danger: true, 'data-testid': 'close-order-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        await close.mutateAsync(orderNo);
        void message.success(t('payments.orders.closedToast'));
      },
    });
}
