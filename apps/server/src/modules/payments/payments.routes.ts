import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import { pageSchema } from '@app/contract/paging';
import {
  closeOrderBodySchema,
  createdOrderSchema,
  createOrderBodySchema,
  orderListQuerySchema,
  orderNoQuerySchema,
  orderSchema,
  productListQuerySchema,
  productListSchema,
} from '@app/contract/payments';
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
import { payClientOf, type PaymentsService } from './payments.service.ts';
import { sandboxCashierRoutes } from './sandbox-cashier.routes.ts';

const failure = errorEnvelopeSchema;
const readFailures = { 400: failure, 401: failure };
const recordFailures = { ...readFailures, 404: failure };
/** createOrder: a package or teacher refused (422), a key reused (409), the provider down (503). */
const createFailures = { ...readFailures, 409: failure, 422: failure, 503: failure };

/** A provider's notification body: at most this many bytes (theirs are a few KB). */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * Recharge and payment (DESIGN.md §6 /pay/*): the catalogue (public), the student's orders, the
 * providers' notifications and the sandbox cashier (sandbox-cashier.routes.ts). Notifications declare session `none` and are
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
      config: { studentCache: true },
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

  // Raw bodies in this scope only: the notifications' signatures cover the exact bytes.
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
  });

  // The sandbox cashier (PAY_DRIVER=sandbox only): its page and forms, in their own scope.
  if (payments.sandbox) await app.register(sandboxCashierRoutes, { payments, config });
};
