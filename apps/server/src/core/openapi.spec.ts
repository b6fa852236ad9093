import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_API, API, CALLS } from '@tradepad/contracts';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from './openapi.ts';

const committed = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

interface Operation {
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  responses: Record<string, { content: Record<string, { schema: Record<string, any> }> }>;
}
const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
const op = (path: string, method: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const envelope = (path: string, method = 'get') => op(path, method).responses['200']!.content['application/json']!.schema;

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json, byte for byte (run `npm run openapi` after changing a call)', () => {
    expect(openApiText()).toBe(fs.readFileSync(committed, 'utf8'));
  });

  it('describes the staff calls with who may use them', () => {
    expect(doc.paths[ADMIN_API.login]?.post).toMatchObject({ security: [] });
    expect(doc.paths[ADMIN_API.audit]?.get).toMatchObject({
      security: [{ token: [] }],
      'x-staff-roles': ['super_admin', 'compliance'],
    });
  });

  it('is the same document every time (nothing from the host, the port or the clock)', () => {
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(doc));
    expect(JSON.stringify(doc)).not.toMatch(/127\.0\.0\.1|localhost|"servers"/);
  });

  it('documents the Idempotency-Key header on exactly the calls that create or move something (DESIGN §10)', () => {
    const withHeader = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, o]) => o.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header' && !p.required))
        .map(([method]) => `${method} ${path}`),
    );
    expect(withHeader).toEqual(
      expect.arrayContaining([
        `get ${API.submit}`,
        `post ${API.submit}`,
        `post ${API.draw}`,
        `post ${ADMIN_API.kyc}/{id}/reject`,
      ]),
    );
    const flagged = CALLS.filter((c) => c.idempotent).flatMap((c) => c.methods.map((m) => m));
    expect(withHeader).toHaveLength(flagged.length);
    expect(withHeader).not.toContain(`post ${API.login}`);
  });

  it('writes path parameters as {name}, each declared as a required path parameter', () => {
    expect(Object.keys(doc.paths).filter((p) => p.includes(':'))).toEqual([]);
    const approve = op(`${ADMIN_API.deposits}/{id}/approve`, 'post');
    expect(approve.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(op(`${API.files}/{name}`, 'get').parameters).toContainEqual(
      expect.objectContaining({ name: 'name', in: 'path', required: true }),
    );
  });

  it("describes every trader call's answer: the envelope with its data schema", () => {
    for (const call of CALLS.filter((c) => !c.path.startsWith('/admin/api') && !c.media))
      for (const method of call.methods)
        expect(
          envelope(call.path.replace(/:(\w+)/g, '{$1}'), method.toLowerCase()).properties.data,
          `${method} ${call.path}`,
        ).toBeDefined();
    const deals = envelope(API.deals).properties.data;
    expect(deals.properties.data.items.properties.FactProfits).toMatchObject({ type: 'string' });
    expect(deals.properties.data.items.properties.Kind.anyOf).toContainEqual({ type: 'null' });
    expect(envelope(API.logout, 'post').properties.data).toMatchObject({ type: 'null' });
  });

  it('describes an image download by its media type, not as an envelope', () => {
    const content = op(`${API.files}/{name}`, 'get').responses['200']!.content;
    expect(Object.keys(content)).toEqual(['image/*']);
  });
});
