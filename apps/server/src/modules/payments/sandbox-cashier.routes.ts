import { errorEnvelopeSchema } from '@app/contract/envelope';
import { orderNoSchema, payReturnPath } from '@app/contract/payments';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { publicOrigin } from '../../http/seo-files.ts';
import {
  renderCashierNotFound,
  renderCashierPage,
  type CashierLang,
} from '../../providers/payment/sandbox-cashier-page.ts';
import { SANDBOX_CASHIER_PATH } from '../../providers/payment/sandbox.ts';
import { ORDER_AWAITING, ORDER_PAID, type PaymentsService } from './payments.service.ts';

const failure = errorEnvelopeSchema;

/** The forms post empty bodies of any type: read as bytes (and ignored), at most this many. */
const FORM_BODY_LIMIT = 64 * 1024;

/** The cashier's language: `?lang`, else the web app's api-language, else the browser's Accept-Language. */
function cashierLangOf(request: FastifyRequest, asked: CashierLang | undefined): CashierLang {
  if (asked) return asked;
  const header = request.headers['api-language'];
  if (header === 'en' || header === 'zh-Hans') return header;
  const accept = String(request.headers['accept-language'] ?? '')
    .trim()
    .toLowerCase();
  return accept.startsWith('en') ? 'en' : 'zh-Hans';
}

/** The CSP sources (`'sha256-…'`) of the inline <style> elements of a page. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/**
 * The cashier's policy (issue 33 §4): it is a document under /api, whose JSON policy
 * (`default-src 'none'`) blocked its inline stylesheet. It may use that stylesheet, by hash (the
 * same in every rendering of the page), post its forms here, and load nothing else.
 */
const CASHIER_CSP = [
  "default-src 'none'",
  `style-src ${[...new Set(inlineStyleHashes(renderCashierNotFound('en')))].join(' ')}`,
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** An HTML reply of the cashier: its own policy, never cached. */
function htmlReply(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', CASHIER_CSP);
}

const cashierQuerySchema = z.object({
  t: z.string().max(200).default(''),
  via: z.enum(['qr']).optional(),
  lang: z.enum(['zh-Hans', 'en']).optional(),
  notice: z.enum(['cancelled']).optional(),
});
type CashierQuery = z.infer<typeof cashierQuerySchema>;

/** A path of the cashier with its query (the token, the QR variant, the language, a notice). */
function cashierPath(orderNo: string, action: '' | '/pay' | '/cancel', q: Partial<CashierQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value) params.set(key, value);
  return `${SANDBOX_CASHIER_PATH}/${orderNo}${action}?${params.toString()}`;
}

/**
 * The sandbox cashier (PAY_DRIVER=sandbox only; registered by the payments routes): an HTML page
 * and its two forms, not envelopes (DESIGN.md §5). The signed link token is the credential (session
 * `none`: the page opens on a phone that scanned the QR code). Paying goes through the same signed
 * notification and verification as a real provider's.
 */
export const sandboxCashierRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_CONFIGURED'>;
}> = async (app, { payments, config }) => {
  // Only this scope parses bodies this way: the forms' (empty) form bodies are accepted as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const cashierSchema = {
    tags: ['payments'],
    params: z.object({ order_no: orderNoSchema }),
    querystring: cashierQuerySchema,
  };

  app.get(
    '/pay/sandbox/:order_no',
    {
      config: { session: 'none' },
      schema: {
        ...cashierSchema,
        summary: 'The sandbox cashier page of an order (HTML; the qr_code / redirect_url of createOrder)',
        response: { 200: z.string(), 400: failure, 404: z.union([z.string(), failure]) },
      },
    },
    async (request, reply) => {
      const { order_no: orderNo } = request.params;
      const q = request.query;
      const lang = cashierLangOf(request, q.lang);
      htmlReply(reply);
      const found = await payments.cashierOrder(orderNo, q.t);
      if (!found) return reply.code(404).send(renderCashierNotFound(lang));
      const { order } = found;
      const product = JSON.parse(order.product) as { title_zh: string; title_en: string };
      const keep = { t: q.t, ...(q.via ? { via: q.via } : {}) };
      return reply.send(
        renderCashierPage({
          lang,
          orderNo,
          titleZh: product.title_zh,
          titleEn: product.title_en,
          amountFen: order.amount_fen,
          method: order.pay_method,
          status:
            order.status === ORDER_AWAITING ? 'awaiting' : order.status === ORDER_PAID ? 'paid' : 'closed',
          expiresAt: Number(order.expires_at),
          selfUrl: `${publicOrigin(request, config)}${cashierPath(orderNo, '', { ...keep, via: 'qr' })}`,
          payAction: cashierPath(orderNo, '/pay', { ...keep, lang }),
          cancelAction: cashierPath(orderNo, '/cancel', { ...keep, lang }),
          otherLangUrl: cashierPath(orderNo, '', { ...keep, lang: lang === 'en' ? 'zh-Hans' : 'en' }),
          ...(q.notice ? { notice: q.notice } : {}),
        }),
      );
    },
  );

  /**
   * A form of the cashier page: `act` does what it asks and says where to go back to (303), or
   * null when the order or its token is not found (the not-found page, 404).
   */
  const cashierForm = (
    action: 'pay' | 'cancel',
    summary: string,
    act: (orderNo: string, q: CashierQuery) => Promise<string | null>,
  ) =>
    app.post(
      `/pay/sandbox/:order_no/${action}`,
      {
        config: { session: 'none' },
        schema: {
          ...cashierSchema,
          summary,
          response: { 303: z.null(), 400: failure, 404: z.union([z.string(), failure]) },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const back = await act(request.params.order_no, q);
        if (back === null) {
          return htmlReply(reply.code(404)).send(renderCashierNotFound(cashierLangOf(request, q.lang)));
        }
        return reply.header('cache-control', 'no-store').redirect(back, 303);
      },
    );

  cashierForm(
    'pay',
    'Pay at the sandbox cashier: the sandbox sends its signed notification through the verification every notification takes; then back to the order (303)',
    async (orderNo, q) => {
      const order = await payments.cashierPay(orderNo, q.t);
      if (!order) return null;
      // A phone that scanned the QR code stays on the cashier (it shows the result); the tab that
      // was sent here goes back to the order, as a provider's return_url does.
      return q.via === 'qr' || order.status !== ORDER_PAID
        ? cashierPath(orderNo, '', { t: q.t, via: q.via, lang: q.lang })
        : payReturnPath(orderNo);
    },
  );

  cashierForm(
    'cancel',
    'Cancel at the sandbox cashier: nothing is paid and the order keeps awaiting payment until it is closed or expires (303)',
    async (orderNo, q) => {
      if (!(await payments.cashierOrder(orderNo, q.t))) return null;
      return q.via === 'qr'
        ? cashierPath(orderNo, '', { t: q.t, via: q.via, lang: q.lang, notice: 'cancelled' })
        : payReturnPath(orderNo);
    },
  );
};
