// Writes presets/steergraph.schema.json from the valibot schema (src/document/schema.ts).
// Run with `npm run gen:schema`; tests/document/json-schema.test.ts fails while the file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const { JSON_SCHEMA_FILE, renderSceneJsonSchema } = await tsImport('../src/document/json-schema.ts', import.meta.url);
writeFileSync(root + JSON_SCHEMA_FILE, renderSceneJsonSchema());
console.log(`wrote ${JSON_SCHEMA_FILE}`);
