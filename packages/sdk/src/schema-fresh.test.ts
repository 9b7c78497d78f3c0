// The committed src/schema.ts is what openapi-typescript makes of today's OpenAPI document: a proto or
// document change without `npm run gen` (or `pnpm --filter @astro/sdk generate`) fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from '@jest/globals';
import { SCHEMA_FILE, renderSchema } from './generate-schema.ts';

it('packages/sdk/src/schema.ts is generated from the current OpenAPI document', async () => {
  const fresh = await renderSchema();
  assert.ok(
    fresh === fs.readFileSync(SCHEMA_FILE, 'utf8'),
    'stale: run `npm run gen` and commit packages/sdk/src/schema.ts',
  );
});
