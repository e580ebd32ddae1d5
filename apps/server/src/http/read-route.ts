import { envelopeSchema } from '@app/contract/envelope';
import type { FastifyContextConfig, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';
import type { App } from './fastify-types.ts';

/** What a read handler sees: the request, its path parameters and query already checked by their schemas. */
export type ReadRequest<Q extends z.ZodType, P extends z.ZodType = z.ZodUnknown> = Omit<
  FastifyRequest,
  'query' | 'params'
> & { query: z.output<Q>; params: z.output<P> };

export type ReadRoute<Q extends z.ZodType, D extends z.ZodType, P extends z.ZodType = z.ZodUnknown> = {
  summary: string;
  /** The path parameters of a URL with `:name` segments. */
  params?: P;
  /** The query string (a paged list: the contract's `pageQuerySchema`, extended with its filters). */
  querystring?: Q;
  /** The envelope's `data`: a record, a list, or a page of records (`pageSchema(record)`). */
  data: D;
  /** The failure replies besides 200, as envelopes (`errorEnvelopeSchema`), by status; `{}` for none. */
  failures: Record<number, z.ZodType>;
  /** Route config: session policy (a session by default) and cache policy (`publicRead`, ...). */
  config?: FastifyContextConfig;
};

/**
 * GET routes that read: the path parameters and query checked by their schemas, the reply `ok(data)`
 * in the envelope, declared with its failures (DESIGN.md §5), under one OpenAPI tag. The handler
 * returns the data:
 *
 *   const read = readRoutes(app, 'wallet');
 *   read('/user/coins/getCoinLogs', { summary, querystring: coinLogsQuerySchema,
 *     data: pageSchema(coinLogSchema), failures }, (request) =>
 *     wallet.getCoinLogs(studentIdOf(request), request.query));
 */
export function readRoutes(app: App, tag: string) {
  return function read<
    Q extends z.ZodType = z.ZodUnknown,
    D extends z.ZodType = z.ZodType,
    P extends z.ZodType = z.ZodUnknown,
  >(
    url: string,
    route: ReadRoute<Q, D, P>,
    handler: (request: ReadRequest<Q, P>) => z.input<D> | Promise<z.input<D>>,
  ): void {
    // Typed loosely here: the handler's own types come from `route` (the zod schemas themselves
    // still validate the input and serialize the reply).
    const schema: FastifySchema = {
      tags: [tag],
      summary: route.summary,
      ...(route.params ? { params: route.params } : {}),
      ...(route.querystring ? { querystring: route.querystring } : {}),
      response: { 200: envelopeSchema(route.data), ...route.failures },
    };
    app.get(url, { ...(route.config ? { config: route.config } : {}), schema }, async (request) =>
      ok(await handler(request as ReadRequest<Q, P>)),
    );
  };
}
