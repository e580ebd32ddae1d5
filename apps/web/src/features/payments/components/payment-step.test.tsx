import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@app/contract/payments';
import { ApiError } from '../../../lib/http/api-error.ts';
import { i18n, initI18n } from '../../../lib/i18n/i18n.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PaymentStep } from './payment-step.tsx';

// The payment step as it renders from the order query's state (a visitor's key: no session here).
beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
});

const ORDER_NO = 'P20270101000000000001';

function render(state: { error: unknown } | { data: Order }, returnTo?: { to: string; label: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = queryKeys.payments.order(null, ORDER_NO);
  if ('data' in state) client.setQueryData(key, state.data);
  else
    client
      .getQueryCache()
      .build(client, { queryKey: key })
      .setState({ status: 'error', error: state.error as Error, fetchStatus: 'idle' });
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentStep orderNo={ORDER_NO} onNewOrder={() => undefined} returnTo={returnTo} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { markup, text: markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
}

const paid: Order = {
  order_no: ORDER_NO,
  kind: 'coin',
  status: 200,
  product: {
    id: 1,
    title_zh: '600 学币',
    title_en: '600 study coins',
    price_fen: 6000,
    coins: 600,
    bonus_coins: 0,
    card_type: null,
    lessons: 0,
    validity_days: 0,
  },
  teacher: null,
  amount_fen: 6000,
  pay_method: 'alipay',
  created_at: '2027-01-01T00:00:00.000Z',
  expires_at: '2027-01-01T00:15:00.000Z',
  paid_at: '2027-01-01T00:01:00.000Z',
  closed_at: null,
  card_id: null,
  pay: null,
};

describe('PaymentStep', () => {
  it('says a wrong or stale order link was not found, without suggesting the network', () => {
    for (const httpStatus of [404, 400]) {
      const { markup, text } = render({
        error: new ApiError({ code: 40400, msg: 'Order not found', httpStatus, kind: 'envelope' }),
      });
      expect(text).toContain('This order was not found');
      expect(text).not.toContain('connection');
      expect(markup).toContain('href="/user/orders"');
    }
  });

  it('keeps the retry and the network hint for a failure without a reply', () => {
    const { text } = render({ error: new ApiError({ code: -1, msg: 'offline', kind: 'network' }) });
    expect(text).toContain('Could not load the order');
    expect(text).toContain('Check your connection');
    expect(text).not.toContain('not found');
  });

  it('leads back to the booking first once paid, when the student came from one', () => {
    const back = { to: '/teacher/booking/8?slot=1234', label: 'Back to your booking' };
    const { markup } = render({ data: paid }, back);
    const links = [...markup.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(links[0]).toEqual(['/teacher/booking/8?slot=1234', 'Back to your booking']);
    expect(render({ data: paid }).markup).not.toContain('/teacher/booking/');
  });
});
