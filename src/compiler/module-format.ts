/**
 * The fixed parts of the behaviour module's text (module.ts writes the rest), and how the preview
 * runs that text: apart from module.ts so the simulation worker can use it without the runtime
 * core's source.
 */

/** The module's first lines. */
export const HEADER = `// A Steergraph behaviour module: generated, standalone (no imports), deterministic.
// import { createWorld } from './this-file.js'; const world = createWorld(); world.step();
// The API is described in the .d.ts beside this file and in Steergraph's docs/module.md.
`;

/** The module's last lines: its two exports. */
export const EXPORTS = [
  '/** Creates a world of this scene: options { seed?, counts?, snapshot? }. */',
  'export function createWorld(options) {',
  '  return createBehaviorWorld(SCENE, PROGRAM, options);',
  '}',
  '',
  '/** The embedded scene document (read-only). */',
  'export const scene = SCENE;',
  '',
].join('\n');

/**
 * The module text of module.ts's `moduleSource` as the body of a strict function that returns the
 * module's exports, `{ createWorld, scene }`: the same text with the two `export` keywords
 * taken off its last lines. The preview runs modules this way because a page keeps every module
 * it imports until it closes (a quarter of a megabyte per edit), and a function is collected
 * once nothing uses it. Null for any other text (a module this compiler did not write).
 */
export function moduleFunctionBody(source: string): string | null {
  if (!source.startsWith(HEADER) || !source.endsWith(EXPORTS)) return null;
  return `'use strict';\n${source.slice(0, source.length - EXPORTS.length)}${FUNCTION_TAIL}`;
}

/** {@link EXPORTS} without the `export` keywords, then the function's return. */
const FUNCTION_TAIL = `${EXPORTS.replace('export function createWorld', 'function createWorld').replace('export const scene', 'const scene')}return { createWorld, scene };\n`;
