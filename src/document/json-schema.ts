/**
 * presets/steergraph.schema.json, generated from the valibot schema (SceneSchema) with valibot's
 * official converter, so editors that read `"$schema": "./steergraph.schema.json"` check a
 * scene as the loader does: shapes, types, unknown keys, ranges, text lengths and per-list
 * limits. What JSON Schema cannot say (unique ids, totals over the whole document) only the
 * loader checks (src/document/checks.ts).
 *
 * Build-time only: `npm run gen:schema` writes the file and a test asserts it is up to date. The
 * app does not import this module (its converter is a dev dependency).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import { SceneSchema } from './schema';

/** Where the generated file lives, relative to the repository root. */
export const JSON_SCHEMA_FILE = 'presets/steergraph.schema.json';

/** The scene document's JSON Schema (draft-07, which editors and ajv read by default). */
export function sceneJsonSchema(): Record<string, unknown> {
  const schema = toJsonSchema(SceneSchema, {
    target: 'draft-07',
    errorMode: 'throw',
    // `finite` has no JSON Schema keyword, and needs none: JSON cannot write NaN or Infinity.
    ignoreActions: ['finite'],
  }) as Record<string, unknown>;
  const { $schema, title, description, ...rest } = schema;
  return {
    $schema,
    title,
    description: `${description as string} Generated from src/document/schema.ts by \`npm run gen:schema\`; do not edit. The loader also refuses duplicate ids and names and more nodes or agents in all than the limits.`,
    ...rest,
  };
}

/** The text of presets/steergraph.schema.json: 2-space JSON and a trailing newline. */
export function renderSceneJsonSchema(): string {
  return `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`;
}
