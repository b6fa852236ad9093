import { CALLS, type CallDef } from '@tradepad/contracts';
import { z } from 'zod';

/** The OpenAPI 3.1 document, generated from the contracts' call list and schemas (never written by hand). */
export function openApiDocument(): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const call of CALLS as readonly CallDef[]) {
    const schema = call.params
      ? (z.toJSONSchema(call.params, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>)
      : undefined;
    for (const method of call.methods) {
      const op: Record<string, unknown> = {
        summary: call.summary,
        tags: [call.tag],
        security: call.auth === 'none' ? [] : [{ token: [] }],
        responses: { '200': { description: 'Envelope {code, msg, data}: code 1 success, 0 refused, 999 session expired' } },
      };
      if (schema && method === 'GET') {
        const props = (schema.properties ?? {}) as Record<string, object>;
        const required = new Set((schema.required as string[] | undefined) ?? []);
        op.parameters = Object.entries(props).map(([name, s]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema: s,
        }));
      } else if (schema) {
        op.requestBody = {
          content: { 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
        };
      }
      (paths[call.path] ??= {})[method.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tradepad API',
      version: '0.1.0',
      description: 'Every response is HTTP 200 with {code, msg, data}; msg follows the lang header.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    paths,
  };
}

/**
 * The document as committed in docs/openapi.json and served at `GET /api/openapi.json`, byte for byte: two-space
 * JSON with a final newline, nothing in it that depends on the host, the port or the time.
 */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
