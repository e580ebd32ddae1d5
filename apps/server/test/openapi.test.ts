import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/http/fastify-types.ts';
import { operationIdOf, securityOf } from '../src/http/openapi.ts';
import { takeReplyFailures } from './helpers/reply-validation.ts';
import { createTestApp } from './helpers/test-app.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

async function openApiDocument(env: Record<string, string> = {}): Promise<Document> {
  const { app } = await createTestApp({ env });
  return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
}

function operations(doc: Document): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, string, Operation] => [path, method, op]),
  );
}

describe('the OpenAPI document (issue 39)', () => {
  it('resolves every reference to a component it holds', async () => {
    const doc = await openApiDocument();
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(doc.components?.schemas?.[name], name).toBeDefined();
    expect(text).not.toMatch(/"\$ref":"(?!#\/components\/schemas\/)/);
  });

  it('names the installation in servers, from PUBLIC_URL', async () => {
    expect((await openApiDocument()).servers).toEqual([
      expect.objectContaining({ url: 'http://localhost:3000' }),
    ]);
    const doc = await openApiDocument({
      PUBLIC_URL: 'https://school.example.com/',
      PAY_DRIVER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: '1',
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://school.example.com' })]);
  });

  it('gives every operation a unique operationId made from its path', async () => {
    const doc = await openApiDocument();
    const ids = operations(doc).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/teacher/getTeacherList']?.get?.operationId).toBe('teacher.getTeacherList');
    expect(doc.paths['/api/v1/dict/{name}']?.get?.operationId).toBe('dict.byName');
    expect(operationIdOf('/api/v1/user/coins/getCoinBalance')).toBe('user.coins.getCoinBalance');
    expect(operationIdOf('/api/v1/pay/sandbox/:order_no/pay')).toBe('pay.sandbox.byOrderNo.pay');
    expect(operationIdOf('/api/v1/course/getCalendar.ics')).toBe('course.getCalendarIcs');
  });

  it("states each operation's security from its session policy", async () => {
    const doc = await openApiDocument();
    // required: the bearer token; optional: the token or nothing; none: public.
    expect(doc.paths['/api/v1/user/getUserHome']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/teacher/getTeacherList']?.get?.security).toEqual([{ bearer: [] }, {}]);
    expect(doc.paths['/api/v1/app/config']?.get?.security).toEqual([]);
    expect(securityOf('required')).toEqual([{ bearer: [] }]);
    for (const [path, method, op] of operations(doc)) {
      expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
    }
  });

  it('documents the refusals every API route can give: 400 for input, 401 with a session, 429 always', async () => {
    const doc = await openApiDocument();
    for (const [path, method, op] of operations(doc)) {
      if (!path.startsWith('/api/v1/')) continue;
      expect(op.responses['429'], `${method} ${path}`).toBeDefined();
      if (op.security?.some((s) => 'bearer' in s))
        expect(op.responses['401'], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/v1/course/bookCourse']?.post?.responses['400']).toBeDefined();
  });
});

describe('replies checked against the document', () => {
  const extraRoutes = (app: App) => {
    // Plain Fastify: the replies are written as text, so the serializer (which follows the schema)
    // cannot correct them.
    const raw = app as unknown as FastifyInstance;
    const schema = { response: { 200: z.object({ name: z.string() }) } };
    raw.get('/test/drifted', { schema }, async (_request, reply) =>
      reply.type('application/json').send('{"name":42}'),
    );
    raw.get('/test/undocumented-status', { schema }, async (_request, reply: FastifyReply) =>
      reply.code(418).type('application/json').send('{"name":"teapot"}'),
    );
    raw.get('/test/faithful', { schema }, async () => ({ name: 'ok' }));
  };

  it('flags a reply whose body does not match its schema, and a status the document does not list', async () => {
    const { app } = await createTestApp({ extraRoutes });
    expect(takeReplyFailures()).toEqual([]);
    await app.inject({ method: 'GET', url: '/test/faithful' });
    expect(takeReplyFailures()).toEqual([]);

    await app.inject({ method: 'GET', url: '/test/drifted' });
    const drifted = takeReplyFailures();
    expect(drifted).toHaveLength(1);
    expect(drifted[0]).toMatch(
      /GET \/test\/drifted → 200: the reply does not match its documented schema: \/name must be string/,
    );

    await app.inject({ method: 'GET', url: '/test/undocumented-status' });
    expect(takeReplyFailures()).toEqual([expect.stringMatching(/→ 418: status 418 is not documented/)]);
  });
});
