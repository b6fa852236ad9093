import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from './openapi.ts';

const committed = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json, byte for byte (run `npm run openapi` after changing a call)', () => {
    expect(openApiText()).toBe(fs.readFileSync(committed, 'utf8'));
  });

  it('is the same on every run: nothing from the host, the port or the clock', () => {
    expect(openApiText()).toBe(openApiText());
    expect(openApiText()).not.toMatch(/localhost|127\.0\.0\.1|"servers"/);
  });

  it('describes the staff calls with the roles that may use them', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    expect(doc.paths['/admin/api/login']?.post?.security).toEqual([]);
    expect(doc.paths['/admin/api/audit']?.get?.security).toEqual([{ token: [] }]);
  });
});
