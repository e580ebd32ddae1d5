/** The server's OpenAPI document, read from a real app (`app.swagger()`), as a list of operations. */

/** The subset of JSON Schema the contract's zod schemas produce (fastify-type-provider-zod). */
export type JsonSchema = {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  const?: unknown;
};

export type ParamLocation = 'path' | 'query' | 'header';

export type Parameter = { in: ParamLocation; name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  /** `POST /api/v1/course/bookCourse` (the OpenAPI path, with `{param}`). */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** The body's media types as the document lists them. */
  bodyTypes: string[];
  /** The media types of the operation's documented replies (all statuses). */
  replyTypes: string[];
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(byMethod)) {
      const method = lower.toUpperCase();
      if (!METHODS.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        key: `${method} ${path}`,
        method: method as Operation['method'],
        path,
        parameters: (op.parameters ?? []).map((p) => ({
          in: p.in as ParamLocation,
          name: p.name,
          required: p.required === true,
          schema: p.schema ?? {},
        })),
        body: content['application/json']?.schema,
        bodyTypes: Object.keys(content),
        replyTypes: [
          ...new Set(Object.values(op.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}))),
        ],
      });
    }
  }
  return operations;
}

/** `/api/v1/classroom/demo/{id}` with `{ id: '7' }` → `/api/v1/classroom/demo/7` (values encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
