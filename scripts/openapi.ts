/**
 * `npm run openapi`: writes docs/openapi.json from the contracts (packages/contracts CALLS). `openapi.spec.ts` fails
 * when the committed file and the code disagree; run this after changing a call and commit the result.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openApiText } from '../apps/server/src/core/openapi.ts';

const file = path.resolve(import.meta.dirname, '../docs/openapi.json');
fs.writeFileSync(file, openApiText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
