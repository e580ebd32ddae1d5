import fc, { type Arbitrary } from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpTestFile } from '../apps/server/test/helpers/test-app.ts';
import { hintsFrom, startHardApp, type HardApp } from './lib/hard-app.ts';
import { type Operation, type Parameter } from './lib/openapi.ts';
import { FUZZ_SEED, PROFILE } from './lib/profile.ts';
import { describeReply, replyProblem } from './lib/reply-checks.ts';
import {
  asText,
  integerShape,
  invalidValue,
  junkValue,
  looseBodyIntegers,
  looseQueryIntegers,
  validValue,
  type Hints,
} from './lib/schema-arbitrary.ts';
import { businessState, stateDiff } from './lib/state.ts';

/**
 * Every operation of the server's OpenAPI document (read from the running app, so a new route is
 * fuzzed without editing this file), with inputs generated from its own schemas: valid ones, ones
 * with exactly one thing wrong (a wrong type, a value out of range, a missing required field, an
 * unknown field), loose numbers (an integer field sent as `[1]`, `true`, `"0x10"`, `"1e3"`, `"1"`,
 * `1.5`, or a query integer as `0x10`, `1e3`, ` 1`: never accepted, issue 32 §5), and junk
 * (arbitrary JSON, other media types, hostile strings), under varied
 * headers. As a visitor, as a new student and as the demo student (who owns classes, cards, orders,
 * courseware and reports, and has coins, so valid bookings, cancels, reviews and orders go through).
 *
 * Every reply: no 5xx, JSON only as the envelope with a consistent code (lib/reply-checks.ts), and a
 * refused write (status ≥ 400) leaves the business state exactly as it was (lib/state.ts).
 */

type Generated = {
  kind: 'valid' | 'one-wrong' | 'loose' | 'junk';
  params: Record<string, unknown>;
  body: { payload: string | Buffer; contentType: string | undefined } | undefined;
  headers: Record<string, string>;
};

/** A 1×1 PNG, the smallest image the avatar upload accepts. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(content: Buffer, type: string, field = 'file'): { payload: Buffer; contentType: string } {
  const boundary = 'hardBoundary7MA4YWxk';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Bodies of operations the document gives no JSON schema (uploads, notifications, cashier forms). */
const rawBody: Arbitrary<Generated['body']> = fc.oneof(
  fc.constant(undefined),
  fc.constant(multipart(PNG_1X1, 'image/png')),
  fc.constant(multipart(Buffer.from('GIF89a not really'), 'image/gif')),
  fc.constant(multipart(Buffer.alloc(3 * 1024 * 1024, 1), 'image/png')),
  fc.constant(multipart(PNG_1X1, 'image/png', 'other')),
  fc.constant({ payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' }),
  fc.constant({ payload: '', contentType: 'application/x-www-form-urlencoded' }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, contentType: 'text/plain' })),
  fc
    .uint8Array({ maxLength: 200 })
    .map((b) => ({ payload: Buffer.from(b), contentType: 'application/octet-stream' })),
);

const junkBody: Arbitrary<Generated['body']> = fc.oneof(
  rawBody,
  junkValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
  fc.constantFrom('{bad', '', '[', '{"a":', '['.repeat(10_000) + ']'.repeat(10_000)).map((payload) => ({
    payload,
    contentType: 'application/json',
  })),
  fc.constant({ payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }), contentType: 'application/json' }),
  fc.constant({ payload: '{}', contentType: 'application/json; charset=utf-1000' }),
);

const languageHeader = fc.constantFrom<string | undefined>('en', 'zh-Hans', undefined, 'fr', '../../etc', '');

function jsonBody(value: unknown): Generated['body'] {
  return { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

function paramsArbitrary(
  params: Parameter[],
  hints: Hints,
  wrong: string | undefined,
): Arbitrary<Record<string, unknown>> {
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const p of params) {
    const key = `${p.in}:${p.name}`;
    if (key === wrong) model[key] = fc.oneof(invalidValue(p.schema, hints, p.name), fc.constant(undefined));
    else {
      const valid = validValue(p.schema, hints, p.name);
      model[key] = p.required ? valid : fc.option(valid, { nil: undefined });
    }
  }
  return fc.record(model);
}

function requestArbitrary(op: Operation, hints: Hints): Arbitrary<Generated> {
  const wrongTargets = [...op.parameters.map((p) => `${p.in}:${p.name}`), ...(op.body ? ['body'] : [])];
  const validBody: Arbitrary<Generated['body']> = op.body
    ? validValue(op.body, hints).map(jsonBody)
    : op.method === 'GET'
      ? fc.constant(undefined)
      : rawBody;
  const headers = (idempotencyKey: unknown) =>
    languageHeader.map((lang) => ({
      ...(lang === undefined ? {} : { 'api-language': lang }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': String(asText(idempotencyKey)) }),
    }));
  const assemble = (kind: Generated['kind'], params: Record<string, unknown>, body: Generated['body']) =>
    headers(params['header:idempotency-key']).map((h): Generated => ({ kind, params, body, headers: h }));

  const valid = fc
    .tuple(paramsArbitrary(op.parameters, hints, undefined), validBody)
    .chain(([params, body]) => assemble('valid', params, body));
  const oneWrong =
    wrongTargets.length === 0
      ? valid
      : fc
          .constantFrom(...wrongTargets)
          .chain((target) =>
            fc
              .tuple(
                paramsArbitrary(op.parameters, hints, target),
                target === 'body' && op.body ? invalidValue(op.body, hints).map(jsonBody) : validBody,
              )
              .chain(([params, body]) => assemble('one-wrong', params, body)),
          );
  const junk = fc
    .tuple(
      paramsArbitrary(op.parameters, hints, undefined),
      junkBody,
      fc.dictionary(fc.constantFrom(...op.parameters.map((p) => p.name), 'x', '__proto__'), junkValue, {
        maxKeys: 3,
      }),
    )
    .chain(([params, body, extra]) => {
      const withJunk = { ...params };
      for (const [name, value] of Object.entries(extra)) {
        const p = op.parameters.find((q) => q.name === name && q.in !== 'header');
        withJunk[p ? `${p.in}:${name}` : `query:${name}`] = value;
      }
      return assemble('junk', withJunk, body);
    });
  const loose = looseArbitrary(op, hints, assemble);
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: oneWrong, weight: 3 },
    ...(loose ? [{ arbitrary: loose, weight: 2 }] : []),
    { arbitrary: junk, weight: 1 },
  );
}

/**
 * A valid request (real ids from the hints some of the time) with one integer field, of the body or
 * of the query or path, in a shape that only coerces to an integer. Undefined when the operation has
 * no integer field.
 */
function looseArbitrary(
  op: Operation,
  hints: Hints,
  assemble: (
    kind: Generated['kind'],
    params: Record<string, unknown>,
    body: Generated['body'],
  ) => Arbitrary<Generated>,
): Arbitrary<Generated> | undefined {
  const bodyFields = Object.entries(op.body?.properties ?? {}).filter(([, schema]) => integerShape(schema));
  const paramFields = op.parameters.filter((p) => p.in !== 'header' && integerShape(p.schema) === 'integer');
  const targets = [
    ...bodyFields.map(([name]) => `body:${name}`),
    ...paramFields.map((p) => `${p.in}:${p.name}`),
  ];
  if (targets.length === 0) return undefined;
  const numberOf = (value: unknown, name: string) => {
    const known = hints.valuesFor(name).find((v) => typeof v === 'number');
    return typeof value === 'number' ? value : typeof known === 'number' ? known : 1;
  };
  return fc
    .tuple(
      fc.constantFrom(...targets),
      paramsArbitrary(op.parameters, hints, undefined),
      op.body ? validValue(op.body, hints) : fc.constant(undefined),
      fc.nat(),
    )
    .chain(([target, params, bodyValue, pick]) => {
      const [where, name = ''] = target.split(':');
      if (where === 'body') {
        const body = { ...(bodyValue as Record<string, unknown>) };
        const current = body[name];
        if (integerShape(op.body?.properties?.[name]) === 'integers') {
          const items = Array.isArray(current) && current.length > 0 ? [...(current as unknown[])] : [1];
          const shapes = looseBodyIntegers(numberOf(items[0], name));
          items[0] = shapes[pick % shapes.length];
          body[name] = items;
        } else {
          const shapes = looseBodyIntegers(numberOf(current, name));
          body[name] = shapes[pick % shapes.length];
        }
        return assemble('loose', params, jsonBody(body));
      }
      const shapes = looseQueryIntegers(numberOf(params[target], name));
      const body = op.body ? jsonBody(bodyValue) : undefined;
      return assemble('loose', { ...params, [target]: shapes[pick % shapes.length] }, body);
    });
}

/** encodeURIComponent, except that a lone surrogate travels as the bytes Node would send for it. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function urlOf(op: Operation, params: Record<string, unknown>): string {
  const pathValues: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const [where, name = ''] = key.split(':');
    const text = asText(value);
    if (where === 'path') pathValues[name] = Array.isArray(text) ? text.join(',') : text;
    else if (where === 'query') for (const v of [text].flat()) query.append(name, v);
  }
  const search = query.toString();
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(pathValues[name] ?? 'x'));
  return path + (search ? `?${search}` : '');
}

type Caller = { name: string; token: () => string | undefined };

type Outcome = {
  problems: string[];
  statuses: Map<number, number>;
  /** Operations that accepted at least one valid input (status below 400). */
  accepted: Set<string>;
  sent: number;
};

async function fuzzOperation(h: HardApp, op: Operation, caller: Caller, hints: Hints, outcome: Outcome) {
  const isWrite = op.method !== 'GET';
  await fc
    .assert(
      fc.asyncProperty(requestArbitrary(op, hints), async (g) => {
        const url = urlOf(op, g.params);
        const token = caller.token();
        const before = isWrite ? await businessState(h.t.db) : undefined;
        const reply = await h.t.app.inject({
          method: op.method,
          url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(g.body?.contentType ? { 'content-type': g.body.contentType } : {}),
            ...g.headers,
          },
          ...(g.body && op.method !== 'GET' ? { payload: g.body.payload } : {}),
        });
        const r = { status: reply.statusCode, headers: reply.headers, body: reply.body };
        outcome.sent += 1;
        outcome.statuses.set(r.status, (outcome.statuses.get(r.status) ?? 0) + 1);
        if (g.kind === 'valid' && r.status < 400) outcome.accepted.add(op.key);
        const label = `${caller.name} ${op.method} ${url.slice(0, 300)} [${g.kind}] body=${String(g.body?.payload ?? '').slice(0, 200)}`;
        const problem = replyProblem(op.key, r);
        if (problem) throw new Error(`${label}: ${problem}: ${describeReply(r)}`);
        if (g.kind === 'loose' && r.status < 400)
          throw new Error(`${label}: accepted a number that is not a plain integer: ${describeReply(r)}`);
        if (before && r.status >= 400) {
          const changed = stateDiff(before, await businessState(h.t.db));
          if (changed.length > 0)
            throw new Error(`${label}: refused with ${describeReply(r)} but changed ${changed.join('; ')}`);
        }
      }),
      {
        numRuns: PROFILE.fuzzRuns,
        ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }),
        endOnFailure: false,
      },
    )
    .catch((err: unknown) => {
      // fast-check keeps the failing check's own error as the cause; the message holds the input.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
      const message = err instanceof Error ? (err.message.split('\n\nHint:')[0] ?? '') : String(err);
      outcome.problems.push(`${op.key} as ${caller.name}: ${cause}\n${message}`.slice(0, 4000));
    });
}

describe(`fuzz every OpenAPI operation (${PROFILE.name}: ${PROFILE.fuzzRuns} inputs per operation and caller)`, () => {
  let h: HardApp;
  let hints: Hints;
  let demo: { token: string };

  beforeAll(async () => {
    h = await startHardApp();
    hints = await hintsFrom(h.t);
    // Before the login operation is fuzzed: wrong passwords lock password login for 15 minutes.
    demo = await h.demoStudent();
  });

  afterAll(async () => {
    await cleanUpTestFile();
  });

  it('reads every route of the app from its OpenAPI document', () => {
    const keys = h.operations.map((o) => o.key);
    expect(keys.length).toBeGreaterThanOrEqual(50);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/v1/course/bookCourse',
        'POST /api/v1/pay/notify/{provider}',
        'GET /api/v1/course/getCalendar.ics',
        'POST /api/v1/user/uploadAvatar',
      ]),
    );
  });

  /**
   * Operations that must accept at least one generated valid input, per caller: proof that the
   * generators reach the handlers' logic, not only their validation. A visitor reaches the public
   * reads and the login calls; a student nearly everything (signed links and provider callbacks
   * need secrets no generator guesses).
   */
  const MIN_ACCEPTED = { visitor: 10, 'new student': 28, 'demo student': 32 } as const;
  const callers = ['visitor', 'new student', 'demo student'] as const;
  for (const callerName of callers) {
    it(`answers generated valid, wrong and junk input as a ${callerName}: no 5xx, envelopes, refused writes change nothing`, async () => {
      const outcome: Outcome = { problems: [], statuses: new Map(), accepted: new Set(), sent: 0 };
      // Session-ending operations run last, so the callers' sessions last through the others.
      const ops = [...h.operations].sort(
        (a, b) => Number(a.key.endsWith('/logout')) - Number(b.key.endsWith('/logout')),
      );
      for (const op of ops) {
        let token: string | undefined;
        if (callerName === 'new student') token = (await h.newStudent()).token;
        if (callerName === 'demo student') token = demo.token;
        await fuzzOperation(h, op, { name: callerName, token: () => token }, hints, outcome);
      }
      const statuses = [...outcome.statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.info(
        `[fuzz] ${callerName}: ${outcome.sent} requests over ${ops.length} operations; statuses ${statuses}; operations that accepted a valid input ${outcome.accepted.size}; never: ${ops
          .filter((o) => !outcome.accepted.has(o.key))
          .map((o) => o.key)
          .join(', ')}`,
      );
      expect(outcome.problems, outcome.problems.join('\n\n')).toEqual([]);
      // The generators produce inputs the handlers accept, not only refusals.
      expect(outcome.accepted.size).toBeGreaterThanOrEqual(MIN_ACCEPTED[callerName]);
    });
  }
});
