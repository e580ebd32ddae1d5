import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { App } from '../../src/http/fastify-types.ts';

/**
 * Every JSON reply an API test receives is checked against the OpenAPI document the app serves
 * (issue 39): the route must be in the document, the status among its documented responses, and
 * the body must match that response's schema. A mismatch fails the test that received the reply
 * (`takeReplyFailures`, called after each test by helpers/setup.ts); the reply itself is untouched.
 *
 * The document is the app's own (`app.swagger()`, what /api/docs/json serves), compiled once per
 * app with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and its formats.
 */

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

const failures: string[] = [];
let validated = 0;

/** The mismatches seen since the last call (the test that just ran), emptied. */
export function takeReplyFailures(): string[] {
  return failures.splice(0);
}

/** JSON pointer escaping (RFC 6901). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function attachReplyValidation(app: App): void {
  let ajv: Ajv2020 | undefined;
  let document: OpenApiDocument | undefined;
  const validators = new Map<string, ValidateFunction>();

  const validatorFor = (key: string, ref: string): ValidateFunction => {
    let validate = validators.get(key);
    if (!validate) {
      if (!ajv) {
        // OpenAPI's own keywords (example, discriminator…) are not JSON Schema: not strict.
        ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
        addFormats.default(ajv);
        ajv.addSchema(document as object, 'openapi.json');
      }
      validate = ajv.compile({ $ref: `openapi.json#${ref}` });
      validators.set(key, validate);
    }
    return validate;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    if (!route.url || request.method === 'HEAD' || route.schema?.hide) return payload;
    // Routes a test adds for itself (extraRoutes) declare no schema and are no part of the API.
    if (!route.schema) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || reply.getHeader('content-encoding')) return payload;
    // 204 and 304 carry no body, whatever the handler passed on (Fastify drops it).
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    document ??= app.swagger() as OpenApiDocument;
    const method = request.method.toLowerCase();
    const docPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const where = `${request.method} ${route.url} → ${reply.statusCode}`;
    const operation = document.paths?.[docPath]?.[method];
    if (!operation) {
      failures.push(`${where}: the route is not in the OpenAPI document`);
      return payload;
    }
    const status = String(reply.statusCode);
    const documented = [status, `${status[0]}XX`, 'default'].find(
      (s) => operation.responses?.[s] !== undefined,
    );
    if (!documented) {
      failures.push(
        `${where}: status ${status} is not documented (${Object.keys(operation.responses ?? {}).join(', ')})`,
      );
      return payload;
    }
    const content = operation.responses?.[documented]?.content ?? {};
    const mediaType = Object.keys(content).find((m) => m.startsWith('application/json'));
    // A reply without a body where the document names none.
    if (!mediaType && payload.length === 0 && Object.keys(content).length === 0) return payload;
    if (!mediaType) {
      failures.push(
        `${where}: a JSON reply where the document names ${Object.keys(content).join(', ') || 'no body'}`,
      );
      return payload;
    }
    const ref = ['', 'paths', docPath, method, 'responses', documented, 'content', mediaType, 'schema']
      .map(pointer)
      .join('/');
    const validate = validatorFor(`${method} ${docPath} ${documented}`, ref);
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      failures.push(`${where}: the reply is not JSON`);
      return payload;
    }
    validated += 1;
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
        .join('; ');
      failures.push(`${where}: the reply does not match its documented schema: ${errors}`);
    }
    return payload;
  });
}

/**
 * Adds this file's count of validated replies to the run's tally (one line per test file), which
 * the API suite's global teardown prints (helpers/reply-validation-summary.ts).
 */
export function recordValidatedReplies(tallyDir: string | undefined): void {
  if (!tallyDir || validated === 0) return;
  fs.mkdirSync(tallyDir, { recursive: true });
  fs.appendFileSync(path.join(tallyDir, `${process.pid}.txt`), `${validated}\n`);
  validated = 0;
}
