import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { rateLimitedEnvelopeSchema } from '@app/contract/auth';
import { API_BASE, API_VERSION } from '@app/contract/constants';
import { errorEnvelopeSchema } from '@app/contract/envelope';
import type { Config } from '../config.ts';
import { DOCS_PREFIX } from './security-headers.ts';
import type { SessionPolicy } from './session-policy.ts';

/**
 * A route's operationId, stable and readable, from its path (issue 39): `/api/v1/teacher/getTeacherList`
 * → `teacher.getTeacherList`; a path parameter becomes `by<Name>` (`/dict/:name` → `dict.byName`);
 * a method other than GET and POST is prefixed when it would otherwise repeat (none today).
 */
export function operationIdOf(url: string): string {
  const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length + 1) : url.replace(/^\//, '');
  const camel = (text: string) => text.replace(/[._-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `by${camel(segment.slice(1)).replace(/^./, (c) => c.toUpperCase())}`
        : camel(segment),
    )
    .join('.');
}

/**
 * The OpenAPI `security` of a session policy (http/session-policy.ts): `required` needs the bearer
 * access token; `optional` takes it or nothing; `none` is public (an explicit empty list).
 */
export function securityOf(policy: SessionPolicy): Record<string, string[]>[] {
  if (policy === 'required') return [{ bearer: [] }];
  if (policy === 'optional') return [{ bearer: [] }, {}];
  return [];
}

type RouteSchema = {
  response?: Record<string, unknown>;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  hide?: boolean;
  [key: string]: unknown;
};

/**
 * The refusals every API route can give, documented where the route does not name them itself: 400
 * for a request that fails its schema, 401 for a route that reads the session, 413 for a body over
 * the limit, 429 from the request limiter. Only the document learns them: the replies are built by
 * the error handler either way.
 */
function withCommonRefusals(
  schema: RouteSchema,
  policy: SessionPolicy,
  url: string,
  method: string,
): RouteSchema {
  if (!url.startsWith(`${API_BASE}/`)) return schema;
  const response = { ...schema.response };
  const sendsBody = method !== 'GET' && method !== 'HEAD';
  // A body that is not JSON is refused even where the route reads none.
  const takesInput =
    sendsBody || schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined;
  const add = (status: string, value: z.ZodType) => {
    if (response[status] === undefined) response[status] = value;
  };
  if (takesInput) add('400', errorEnvelopeSchema);
  if (policy !== 'none') add('401', errorEnvelopeSchema);
  // Any request body over the body limit (app.ts: JSON_BODY_LIMIT, or the route's own).
  if (sendsBody) add('413', errorEnvelopeSchema);
  add('429', rateLimitedEnvelopeSchema);
  return { ...schema, response };
}

/** The OpenAPI document at /api/docs/json, generated from the route schemas; the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_TITLE_EN} student API`,
        description: `Base path ${API_BASE}. Every JSON reply is the envelope { code, data, msg }; msg follows the api-language header.`,
        version: API_VERSION,
        license: { name: 'Proprietary', url: `${config.PUBLIC_URL}/` },
      },
      servers: [{ url: config.PUBLIC_URL, description: 'This installation (PUBLIC_URL)' }],
      tags: [
        { name: 'system', description: 'Health and service information' },
        { name: 'dict', description: 'Dictionaries (enumerations with labels)' },
        { name: 'app', description: 'Public settings of the web app' },
        { name: 'ielts', description: 'IELTS speaking: question banks, topics, questions, samples' },
        { name: 'auth', description: 'Accounts and sessions: SMS codes, login, registration, tokens' },
        { name: 'teachers', description: 'Teacher list, profiles, schedules, reviews and favourites' },
        { name: 'wallet', description: 'Study coins, lesson cards and their ledgers' },
        {
          name: 'payments',
          description: 'Recharge packages, orders, payment provider notifications and the sandbox cashier',
        },
        {
          name: 'courses',
          description: 'Booking and cancelling classes, the timetable, class pages, reviews, teacher reports',
        },
        { name: 'classroom', description: "The live classroom: a class's room and its signalling WebSocket" },
        { name: 'files', description: 'Courseware folders and files, signed downloads (a file or a zip)' },
        { name: 'users', description: 'User centre: account overview, profile, avatar' },
        { name: 'feedback', description: "Students' complaints and suggestions, with the school's reply" },
        {
          name: 'progress',
          description: "The student's progress: attendance, classes per week, skill scores",
        },
      ],
      components: {
        securitySchemes: {
          // The access token, as `Bearer <t>` or bare (DESIGN.md §5).
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    // The session policy each route declares (registerApiRoutes gives every API route one) becomes
    // its `security`; its path, its operationId.
    transform: (input) => {
      const route = input.route as RouteOptions;
      const policy: SessionPolicy = route.config?.session ?? 'none';
      const methods = [route.method].flat();
      const schema = withCommonRefusals(
        (input.schema ?? {}) as RouteSchema,
        policy,
        input.url,
        String(methods[0]),
      );
      const out = zodTransform({ ...input, schema } as Parameters<typeof zodTransform>[0]);
      return {
        ...out,
        schema: {
          ...(out.schema as object),
          operationId: operationIdOf(route.url),
          security: securityOf(policy),
        },
      };
    },
    // Schemas registered in zod's global registry with an id (a recursive one, such as a dictionary
    // item) become components, so their references resolve.
    transformObject: createJsonSchemaTransformObject({}),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
