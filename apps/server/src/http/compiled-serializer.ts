import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A response serializer compiled once per route and status from the zod schema (through its JSON
 * Schema) by fast-json-stringify, instead of fastify-type-provider-zod's, which parses the whole
 * reply with zod and then runs JSON.stringify on every request. Like zod's output it writes only
 * the declared properties, in the schema's order, so the bytes (and ETags) are the same. A schema
 * that has no JSON Schema form (a transform, a date, a bigint) keeps the zod serializer.
 * The public cache (public-cache.ts) gives it to the routes it caches: their replies are built on
 * a miss and for every logged-in student.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (schema instanceof z.ZodType) {
    try {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
      return fastJson(json as Parameters<typeof fastJson>[0]);
    } catch {
      // No JSON Schema form: zod's own serializer below.
    }
  }
  return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
};
