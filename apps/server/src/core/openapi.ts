import { CALLS, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, type CallDef } from '@tradepad/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema for the document: inlined, without the `$schema` line each one would repeat. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A whole number's safe-integer bounds say nothing a reader needs; leave them out.
    override: ({ jsonSchema: s }) => {
      if (s.type !== 'integer') return;
      if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
      if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    },
  }) as JsonSchema;
  return rest;
}

/** `/admin/api/news/:id` → `/admin/api/news/{id}`, and the names of its path parameters. */
function templated(path: string): { path: string; names: string[] } {
  const names: string[] = [];
  const out = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path: out, names };
}

/** The header of the calls that create or move something (DESIGN §10). */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'One key per user action, per user (or staff member). The same key with the same parameters within 24 h replays ' +
    'the first answer (same ids; the replay carries `Idempotent-Replayed: true`); with other parameters, or while ' +
    'the first request still runs past a short wait, it is refused with code 0. The `t` parameter is not compared. ' +
    'Refusals (code 0) are replayed too; an unexpected error is not kept, so a retry runs again.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
};

const ENVELOPE_NOTE =
  'Envelope {code, msg, data}: code 1 success with the data below; 0 refused and 999 session expired, both with data null.';

/** What a call answers with HTTP 200: its envelope with `data` described, or the file it serves. */
function okResponse(call: CallDef): object {
  if (call.media) {
    return {
      description: 'The file itself, not an envelope.',
      content: { [call.media]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const envelope: JsonSchema = {
    type: 'object',
    properties: { code: { type: 'integer', enum: [1, 0, 999] }, msg: { type: 'string' } },
    required: ['code', 'msg', 'data'],
  };
  if (call.response) (envelope.properties as JsonSchema).data = jsonSchema(call.response, 'output');
  return { description: ENVELOPE_NOTE, content: { 'application/json': { schema: envelope } } };
}

/**
 * The OpenAPI 3.1 document, generated from the contracts' call list and schemas (never written by hand). It depends
 * on nothing but the contracts (no host, port or time), so the same code always serves the same document. `public`
 * leaves the back office's calls out: the server publishes that one, so a stranger is not handed a map of the staff's
 * API; the whole document is docs/openapi.json, for the people who build on it.
 */
export function openApiDocument(scope: 'all' | 'public' = 'all'): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const call of CALLS) {
    if (scope === 'public' && call.path.startsWith('/admin/')) continue;
    const schema = call.params ? jsonSchema(call.params, 'input') : undefined;
    const { path, names } = templated(call.path);
    const pathParams = names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
    }));
    const responses = { '200': okResponse(call) };
    for (const method of call.methods) {
      const op: Record<string, unknown> = {
        summary: call.summary,
        tags: [call.tag],
        security: call.auth === 'none' ? [] : [{ token: [] }],
        // Who may call beyond a valid token: the staff roles, or a real (not demo) trader's account.
        ...(call.roles ? { 'x-staff-roles': call.roles } : {}),
        ...(call.auth === 'real' ? { 'x-real-account-only': true } : {}),
        responses,
      };
      const parameters: object[] = [...pathParams];
      if (call.idempotent) parameters.push(IDEMPOTENCY_PARAMETER);
      if (schema && method === 'GET') {
        const props = (schema.properties ?? {}) as Record<string, object>;
        const required = new Set((schema.required as string[] | undefined) ?? []);
        for (const [name, s] of Object.entries(props))
          parameters.push({ name, in: 'query', required: required.has(name), schema: s });
      } else if (schema) {
        op.requestBody = {
          content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
        };
      }
      if (parameters.length) op.parameters = parameters;
      (paths[path] ??= {})[method.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tradepad API',
      version: '0.1.0',
      description: 'Every response (file downloads aside) is HTTP 200 with {code, msg, data}; msg follows the lang header.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    paths,
  };
}

/**
 * The document as committed in docs/openapi.json and served at `GET /api/openapi.json`, byte for byte: two-space
 * JSON with a final newline, nothing in it that depends on the host, the port or the time.
 */
export function openApiText(scope: 'all' | 'public' = 'all'): string {
  return `${JSON.stringify(openApiDocument(scope), null, 2)}\n`;
}
