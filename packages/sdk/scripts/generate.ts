// Regenerates src/schema.ts (the typed `paths`, `components` and `operations` of the API) from the
// OpenAPI document the gateway builds from the protos. `npm run gen` runs it when the protos or the
// document's builder changed; packages/sdk/src/schema-fresh.test.ts fails when the committed file is
// stale.
import fs from 'node:fs';
import { SCHEMA_FILE, renderSchema } from '../src/generate-schema.ts';

const text = await renderSchema();
if (!fs.existsSync(SCHEMA_FILE) || fs.readFileSync(SCHEMA_FILE, 'utf8') !== text) {
  fs.writeFileSync(SCHEMA_FILE, text);
  console.log(`[gen] ${SCHEMA_FILE}`);
}
