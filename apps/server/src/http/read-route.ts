import { envelopeSchema } from '@app/contract/envelope';
import type { FastifyContextConfig, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';
import type { App } from './fastify-types.ts';

/** What a read handler sees: the request, its query already checked against `querystring`. */
export type ReadRequest<Q extends z.ZodType> = Omit<FastifyRequest, 'query'> & { query: z.output<Q> };

export type ReadRoute<Q extends z.ZodType, D extends z.ZodType> = {
  summary: string;
  /** The query string (a paged list: the contract's `pageQuerySchema`, extended with its filters). */
  querystring?: Q;
  /** The envelope's `data`: a record, a list, or a page of records (`pageSchema(record)`). */
  data: D;
  /** The failure replies besides 200, as envelopes (`errorEnvelopeSchema`), by status. */
  failures: Record<number, z.ZodType>;
  /** Route config: session policy (a session by default) and cache policy (`publicRead`, ...). */
  config?: FastifyContextConfig;
};

/**
 * GET routes that read: the query checked by its schema, the reply `ok(data)` in the envelope,
 * declared with its failures (DESIGN.md §5), under one OpenAPI tag. The handler returns the data:
 *
 *   const read = readRoutes(app, 'wallet');
 *   read('/user/coins/getCoinLogs', { summary, querystring: coinLogsQuerySchema,
 *     data: pageSchema(coinLogSchema), failures }, (request) =>
 *     wallet.getCoinLogs(studentIdOf(request), request.query));
 */
export function readRoutes(app: App, tag: string) {
  return function read<Q extends z.ZodType = z.ZodUnknown, D extends z.ZodType = z.ZodType>(
    url: string,
    route: ReadRoute<Q, D>,
    handler: (request: ReadRequest<Q>) => Promise<z.input<D>>,
  ): void {
    // Typed loosely here: the handler's own types come from `route` (the zod schemas themselves
    // still validate the query and serialize the reply).
    const schema: FastifySchema = {
      tags: [tag],
      summary: route.summary,
      ...(route.querystring ? { querystring: route.querystring } : {}),
      response: { 200: envelopeSchema(route.data), ...route.failures },
    };
    app.get(url, { ...(route.config ? { config: route.config } : {}), schema }, async (request) =>
      ok(await handler(request as ReadRequest<Q>)),
    );
  };
}
