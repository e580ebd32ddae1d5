import fc, { type Arbitrary } from 'fast-check';
import type { JsonSchema } from './openapi.ts';

/**
 * fast-check generators derived from the OpenAPI document's JSON schemas: `validValue` produces values
 * the schema accepts, `invalidValue` values it refuses (one thing wrong at a time, or hostile junk).
 * `hints` supplies real identifiers (a student's class, a free slot, an order number) so valid
 * requests reach the handlers' logic and not only their "not found" branch.
 */
export type Hints = {
  /** Real values for a property or parameter name (`id`, `slot_id`, `order_no`, …). */
  valuesFor(name: string): readonly unknown[];
};

export const NO_HINTS: Hints = { valuesFor: () => [] };

/** Strings that have broken parsers, encoders, SQL and path handling elsewhere. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '99999999999999999999999999',
  '0x10',
  '1.5',
  '../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '\u0000',
  '\ud800',
  '𝒳😀中文',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table student; --',
  '__proto__',
  'constructor',
  '{"a":1}',
  '\r\nX-Injected: 1',
  'a'.repeat(5000),
] as const;

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Any JSON value, including the hostile strings and numbers at the edges. */
export const junkValue: Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  fc.constantFrom(
    -1,
    0,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    Number.MAX_SAFE_INTEGER,
    null,
    [],
    {},
    { __proto__: { polluted: true } },
  ),
);

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function stringWithin(schema: JsonSchema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 40);
  const limits = { minLength, maxLength: Math.min(maxLength, minLength + 60) };
  return fc.oneof(fc.string(limits), fc.string({ ...limits, unit: 'grapheme' }));
}

function isoDate(): Arbitrary<string> {
  const now = Date.now();
  const day = 86_400_000;
  return fc
    .integer({ min: now - 400 * day, max: now + 60 * day })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString());
}

function numberRange(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + (integer ? 1 : 1e-9);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - (integer ? 1 : 1e-9);
  return { min, max };
}

function withHints<T>(name: string | undefined, hints: Hints, base: Arbitrary<T>): Arbitrary<T | unknown> {
  const known = name === undefined ? [] : hints.valuesFor(name);
  return known.length === 0 ? base : fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, base);
}

/** Values the schema accepts. `name` is the property or parameter name (for hints). */
export function validValue(schema: JsonSchema, hints: Hints = NO_HINTS, name?: string): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return withHints(name, hints, fc.constantFrom(...schema.enum));
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => validValue(s, hints, name)));
  if (schema.allOf?.length === 1 && schema.allOf[0]) return validValue(schema.allOf[0], hints, name);
  const base = validByType(schema, hints, name);
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function validByType(schema: JsonSchema, hints: Hints, name: string | undefined): Arbitrary<unknown> {
  switch (schema.type) {
    case 'integer': {
      const { min, max } = numberRange(schema, true);
      const edges = [min, max, Math.min(max, Math.max(min, 1))];
      return withHints(
        name,
        hints,
        fc.oneof(
          fc.integer({ min, max: Math.min(max, min + 100) }),
          fc.integer({ min, max }),
          fc.constantFrom(...edges),
        ),
      );
    }
    case 'number': {
      const { min, max } = numberRange(schema, false);
      return withHints(
        name,
        hints,
        fc.oneof(
          fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          fc.double({ min, max, noNaN: true }),
        ),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (schema.format === 'date-time') return isoDate();
      if (schema.pattern) {
        const re = compile(schema.pattern);
        const min = schema.minLength ?? 0;
        const max = schema.maxLength ?? Infinity;
        return withHints(
          name,
          hints,
          fc.stringMatching(re).filter((s) => re.test(s) && [...s].length >= min && s.length <= max),
        );
      }
      return withHints(name, hints, stringWithin(schema));
    }
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 5, minLength + 5);
      return fc.array(validValue(items, hints, name), { minLength, maxLength });
    }
    case 'object':
    default: {
      if (schema.type === undefined && !schema.properties) return junkValue;
      const properties = schema.properties ?? {};
      const model: Record<string, Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(properties)) model[key] = validValue(sub, hints, key);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
  }
}

/** One value the schema refuses (or, for a schema that accepts anything, junk). */
export function invalidValue(schema: JsonSchema, hints: Hints = NO_HINTS, name?: string): Arbitrary<unknown> {
  const wrongType: Arbitrary<unknown> = fc.oneof(
    hostileString,
    fc.constantFrom(null, true, [], {}, [1, 2], { id: 1 }, -1, 1.5, 2 ** 53 + 2),
  );
  if (schema.enum) {
    return fc.oneof(
      fc.string({ maxLength: 20 }).filter((s) => !schema.enum?.includes(s)),
      fc.integer().filter((n) => !schema.enum?.includes(n)),
      wrongType,
    );
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(wrongType, ...union.map((s) => invalidValue(s, hints, name)));
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const outside: unknown[] = [1.5, 'abc', '', '1e999', 'NaN'];
      if (schema.minimum !== undefined) outside.push(schema.minimum - 1, -(2 ** 53));
      if (schema.maximum !== undefined) outside.push(schema.maximum + 1, 2 ** 53 + 2);
      if (schema.type === 'integer') outside.push(0.000001, 2.5);
      return fc.oneof(fc.constantFrom(...outside), wrongType);
    }
    case 'string': {
      const options: Arbitrary<unknown>[] = [wrongType];
      if (schema.maxLength !== undefined) options.push(fc.constant('7'.repeat(schema.maxLength + 1)));
      if (schema.minLength) options.push(fc.constant(''));
      if (schema.pattern) {
        const re = compile(schema.pattern);
        options.push(fc.string({ maxLength: 40 }).filter((s) => !re.test(s)));
      }
      if (schema.format === 'date-time')
        options.push(fc.constantFrom('2026-13-01T00:00:00Z', 'yesterday', '2026-02-30T00:00:00Z'));
      return fc.oneof(...options);
    }
    case 'array': {
      const items = schema.items ?? {};
      const options: Arbitrary<unknown>[] = [
        wrongType,
        fc.array(invalidValue(items, hints), { minLength: 1, maxLength: 3 }),
      ];
      if (schema.minItems) options.push(fc.constant([]));
      if (schema.maxItems !== undefined)
        options.push(
          fc.array(validValue(items, hints, name), {
            minLength: schema.maxItems + 1,
            maxLength: schema.maxItems + 3,
          }),
        );
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.oneof(fc.constantFrom('yes', 0, 1, 'true'), wrongType);
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const required = (schema.required ?? []).filter((k) => k in properties);
      const options: Arbitrary<unknown>[] = [wrongType];
      if (keys.length > 0) {
        // One property wrong, the others valid.
        options.push(
          fc.constantFrom(...keys).chain((bad) =>
            validValue(schema, hints)
              .map((v) => v as Record<string, unknown>)
              .chain((valid) =>
                invalidValue(properties[bad] ?? {}, hints, bad).map((value) => ({ ...valid, [bad]: value })),
              ),
          ),
        );
      }
      if (required.length > 0) {
        // A required property missing.
        options.push(
          fc.constantFrom(...required).chain((missing) =>
            validValue(schema, hints).map((v) => {
              const copy = { ...(v as Record<string, unknown>) };
              delete copy[missing];
              return copy;
            }),
          ),
        );
      }
      if (schema.additionalProperties === false) {
        options.push(validValue(schema, hints).map((v) => ({ ...(v as object), not_allowed: 1 })));
      }
      return fc.oneof(...options);
    }
    default:
      return junkValue;
  }
}

/**
 * Shapes that are not a JSON integer but that a coercing schema once turned into `value` (issue 32
 * §5: `[1]`, `true`, `"0x10"` and `"1e3"` booked slots 1, 16 and 1000). A JSON body must refuse each.
 */
export function looseBodyIntegers(value: number): unknown[] {
  return [
    [value],
    String(value),
    `0x${value.toString(16)}`,
    `${value}e0`,
    ` ${value}`,
    `${value}.0`,
    value + 0.5,
    true,
    false,
    '1e3',
    '0x10',
    { value },
  ];
}

/** Spellings of `value` in a query string or a path that `Number()` takes but that are not plain digits. */
export function looseQueryIntegers(value: number): string[] {
  return [
    `0x${value.toString(16)}`,
    `${value}e0`,
    ` ${value}`,
    `+${value}`,
    `${value}.0`,
    `[${value}]`,
    '1e3',
  ];
}

/** Whether a schema is an integer, or an array of integers (`ids`). */
export function integerShape(schema: JsonSchema | undefined): 'integer' | 'integers' | undefined {
  if (schema?.type === 'integer') return 'integer';
  if (schema?.type === 'array' && schema.items?.type === 'integer') return 'integers';
  return undefined;
}

/** How a parameter's value travels: query strings and headers carry text, arrays as repeated keys. */
export function asText(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}
