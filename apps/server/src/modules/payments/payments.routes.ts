import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import { pageSchema } from '@app/contract/paging';
import {
  closeOrderBodySchema,
  createdOrderSchema,
  createOrderBodySchema,
  orderListQuerySchema,
  orderNoQuerySchema,
  orderNoSchema,
  orderSchema,
  payReturnPath,
  productListQuerySchema,
  productListSchema,
} from '@app/contract/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { ok } from '../../http/envelope.ts';
import { publicRead } from '../../http/http-cache.ts';
import { idempotencyHeadersSchema, idempotencyOf } from '../../http/idempotency-header.ts';
import { readRoutes } from '../../http/read-route.ts';
import { publicOrigin } from '../../http/seo-files.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import { PAY_DRIVERS } from '../../providers/payment/payment.config.ts';
import {
  renderCashierNotFound,
  renderCashierPage,
  type CashierLang,
} from '../../providers/payment/sandbox-cashier-page.ts';
import { SANDBOX_CASHIER_PATH } from '../../providers/payment/sandbox.ts';
import { ORDER_AWAITING, ORDER_PAID, payClientOf, type PaymentsService } from './payments.service.ts';

const failure = errorEnvelopeSchema;
const readFailures = { 400: failure, 401: failure };
const recordFailures = { ...readFailures, 404: failure };
/** createOrder: a package or teacher refused (422), a key reused (409), the provider down (503). */
const createFailures = { ...readFailures, 409: failure, 422: failure, 503: failure };

/** A provider's notification body: at most this many bytes (theirs are a few KB). */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

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
 * Recharge and payment (DESIGN.md §6 /pay/*): the catalogue (public), the student's orders, the
 * providers' notifications and the sandbox cashier. Notifications declare session `none` and are
 * authenticated by their signatures only: their bodies arrive as raw bytes (a parser of this scope
 * keeps the Buffer, as the signatures cover the exact bytes) and their replies follow the provider's
 * protocol, not the envelope (DESIGN.md §5).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_CONFIGURED'>;
}> = async (app, { payments, config }) => {
  const read = readRoutes(app, 'payments');

  read(
    '/pay/getProductList',
    {
      config: publicRead,
      summary: 'Recharge packages (coins with bonus coins, lesson cards) and the payment methods taken',
      querystring: productListQuerySchema,
      data: productListSchema,
      failures: { 400: failure },
    },
    (request) => payments.getProductList(request.query.kind),
  );

  app.post(
    '/pay/createOrder',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Orders a package; how to pay it (a QR code on desktop for WeChat Pay, a page otherwise). Optional Idempotency-Key header',
        headers: idempotencyHeadersSchema,
        body: createOrderBodySchema,
        response: { 200: envelopeSchema(createdOrderSchema), ...createFailures },
      },
    },
    async (request) => {
      const idempotency = idempotencyOf(request);
      const { product_id: productId, pay_method: payMethod, teacher_id: teacherId } = request.body;
      return ok(
        await payments.createOrder({
          studentId: studentIdOf(request),
          productId,
          payMethod,
          ...(teacherId === undefined ? {} : { teacherId }),
          client: payClientOf(request.headers['user-agent']),
          clientIp: request.ip,
          origin: publicOrigin(request, config),
          ...idempotency,
        }),
      );
    },
  );

  read(
    '/pay/getOrderList',
    {
      summary:
        "The student's orders, newest first, optionally of one status (0 awaiting, 200 paid, 500 closed)",
      querystring: orderListQuerySchema,
      data: pageSchema(orderSchema),
      failures: readFailures,
    },
    (request) => payments.getOrderList(studentIdOf(request), request.query),
  );

  read(
    '/pay/getOrderInfo',
    {
      summary: "One of the student's orders (polled while the payment step shows)",
      querystring: orderNoQuerySchema,
      data: orderSchema,
      failures: recordFailures,
    },
    (request) => payments.getOrderInfo(studentIdOf(request), request.query.order_no),
  );

  app.post(
    '/pay/closeOrder',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Closes an order awaiting payment (a closed one stays closed; a paid one cannot be closed: 409)',
        body: closeOrderBodySchema,
        response: { 200: envelopeSchema(orderSchema), ...recordFailures, 409: failure },
      },
    },
    async (request) => ok(await payments.closeOrder(studentIdOf(request), request.body.order_no)),
  );

  // Raw bodies from here on: the notifications' signatures cover the exact bytes, and the cashier's
  // forms post (empty) form bodies. Only this scope parses bodies this way.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    raw.post(
      '/pay/notify/:provider',
      {
        config: { session: 'none' },
        schema: {
          tags: ['payments'],
          summary:
            "A payment provider's notification (Alipay: form-encoded, answered `success`; WeChat Pay v3: JSON, answered 204; sandbox: JSON, 204). Verified by signature; not an envelope",
          params: z.object({ provider: z.enum(PAY_DRIVERS) }),
          response: {
            200: z.string(),
            204: z.null().describe('Accepted'),
            // The provider's refusal in its protocol (Alipay: text; WeChat Pay v3: {code, message}),
            // or an envelope for a request that is not one.
            400: z.union([z.string(), z.object({ code: z.literal('FAIL'), message: z.string() }), failure]),
            404: failure,
          },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await payments.handleNotification(request.params.provider, {
          headers: request.headers,
          rawBody,
        });
        // The provider's protocol decides the status (200, 204 or a refusal).
        reply.code(answer.status as 200).header('cache-control', 'no-store');
        if (answer.contentType) reply.type(answer.contentType);
        return reply.send(answer.body ?? null);
      },
    );

    // The sandbox cashier (PAY_DRIVER=sandbox only): an HTML page and its two forms; the signed link
    // token is the credential (session `none`: the page opens on a phone that scanned the QR code).
    if (!payments.sandbox) return;
    const cashierSchema = {
      tags: ['payments'],
      params: z.object({ order_no: orderNoSchema }),
      querystring: cashierQuerySchema,
    };

    raw.get(
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
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
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
      raw.post(
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
            return reply
              .code(404)
              .type('text/html; charset=utf-8')
              .send(renderCashierNotFound(cashierLangOf(request, q.lang)));
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
  });
};
