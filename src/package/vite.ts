/**
 * The Vite plugin (`steergraph/vite`, docs/vite.md): `import { createWorld, scene } from
 * './herd.steer.json?behavior'` compiles the scene at build time with the project's one compiler
 * (src/package/index.ts `compileModule`), so what the game imports is exactly the text `steergraph
 * export` writes. In `vite` (dev) the import is a small wrapper around that text whose worlds carry
 * on across an edit of the scene file (src/package/vite-hot.ts); a scene that does not load or has
 * errors fails the build, or shows in the dev server's error overlay, with every problem listed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { printable } from '../document/errors';
import { compileModule, formatDiagnostic, loadScene } from './index';
import { hotBehavior } from './vite-hot';

/** Options of {@link steergraph}. */
export interface SteergraphOptions {
  /**
   * In `vite` (dev), swap a recompiled behaviour into the running worlds when the scene file
   * changes, without resetting them (default true). False: the module is the export text in dev
   * too, and an edit reloads the page as any other dependency does.
   */
  hot?: boolean;
}

/** The query that marks a scene import: `./herd.steer.json?behavior`. */
const QUERY = 'behavior';
/**
 * Ids of the modules this plugin serves, the scene's absolute path between a prefix and `.js`:
 * `\0` keeps other plugins off them, and they do not end in `.json` (nor hold `.json?`), so Vite's
 * JSON plugin does not take them. BEHAVIOR: what a `?behavior` import gets (the export text in a
 * build; the hot wrapper in dev). MODULE: the export text, which the hot wrapper imports.
 */
const BEHAVIOR = '\0steergraph-behavior:';
const MODULE = '\0steergraph-module:';
/** How the hot wrapper imports (and accepts) its compiled module; resolveId maps it to MODULE. */
const MODULE_SPECIFIER = 'virtual:steergraph-module:';

/** The scene file of a `?behavior` specifier, or null when `source` is no such import. */
function sceneOf(source: string): string | null {
  const q = source.indexOf('?');
  if (q < 0) return null;
  const params = new URLSearchParams(source.slice(q + 1));
  return params.has(QUERY) ? source.slice(0, q) : null;
}

/** Where a JSON path (`agentTypes[1].states[0].graph.nodes[3].params.slowingRadius`) points in a file's text, as far as it exists there. */
export function locateJsonPath(text: string, jsonPath: string): { line: number; column: number } | null {
  const segments: (string | number)[] = [];
  for (const m of jsonPath.matchAll(/\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    segments.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string)));
  }
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const skipString = () => {
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
  };
  const skipValue = () => {
    ws();
    if (text[i] === '"') return skipString();
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0;
      while (i < text.length) {
        const c = text[i];
        if (c === '"') {
          skipString();
          continue;
        }
        if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
        i++;
        if (depth === 0) return;
      }
      return;
    }
    while (i < text.length && !/[,}\]\s]/.test(text[i])) i++;
  };
  ws();
  let found = i;
  walk: for (const seg of segments) {
    ws();
    if (typeof seg === 'number') {
      if (text[i] !== '[') break;
      i++;
      for (let k = 0; k < seg; k++) {
        skipValue();
        ws();
        if (text[i] !== ',') break walk;
        i++;
      }
    } else {
      if (text[i] !== '{') break;
      i++;
      for (;;) {
        ws();
        if (text[i] !== '"') break walk;
        const start = i;
        skipString();
        let key: unknown;
        try {
          key = JSON.parse(text.slice(start, i));
        } catch {
          break walk;
        }
        ws();
        if (text[i] !== ':') break walk;
        i++;
        if (key === seg) {
          found = start;
          break;
        }
        skipValue();
        ws();
        if (text[i] !== ',') break walk;
        i++;
      }
      continue;
    }
    ws();
    found = i;
  }
  if (found >= text.length) return null;
  const before = text.slice(0, found);
  const line = before.split('\n').length;
  return { line, column: found - (before.lastIndexOf('\n') + 1) };
}

/** A few lines of `text` around `line` (1-based) with a caret under `column`, for the error overlay. */
function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split('\n');
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1].slice(0, 200)}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.min(column, 200))}^`);
  }
  return out.join('\n');
}

/** A problem of a scene file for `this.error`: the message lists every problem, `loc` the first one's place. */
interface SceneProblem {
  message: string;
  id: string;
  loc?: { file: string; line: number; column: number };
  frame?: string;
}

/** Every problem of a scene that cannot become a module, or null with the module's text. */
export function compileSceneFile(file: string, bytes: Uint8Array): { js: string; warnings: string[] } | { problem: SceneProblem } {
  // (the loader's and the compiler's messages are escaped where they are made; the name here)
  const shown = printable(path.basename(file));
  const loaded = loadScene(bytes);
  const text = new TextDecoder().decode(bytes);
  const at = (jsonPath: string | undefined): Pick<SceneProblem, 'loc' | 'frame'> => {
    const place = jsonPath ? locateJsonPath(text, jsonPath) : null;
    return place ? { loc: { file, ...place }, frame: codeFrame(text, place.line, place.column) } : {};
  };
  if (!loaded.ok) {
    const lines = loaded.errors.map((e) => `  ${e.path ? `${e.path}: ` : ''}${e.message}`);
    const json = loaded.errors.length === 1 ? /^not JSON: line (\d+), column (\d+)/.exec(loaded.errors[0].message) : null;
    const place = json ? { loc: { file, line: Number(json[1]), column: Math.max(0, Number(json[2]) - 1) } } : at(loaded.errors[0]?.path);
    const frame = json ? codeFrame(text, Number(json[1]), Math.max(0, Number(json[2]) - 1)) : place.frame;
    return {
      problem: {
        message: `steergraph: ${shown} is not a scene Steergraph can load (${loaded.errors.length} problem${loaded.errors.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
        id: file,
        ...(place.loc ? { loc: place.loc } : {}),
        ...(frame ? { frame } : {}),
      },
    };
  }
  const compiled = compileModule(loaded.doc);
  const warnings = [
    ...loaded.warnings.map((w) => `steergraph: ${shown}: ${w}`),
    ...compiled.diagnostics.filter((d) => d.severity !== 'error').map((d) => `steergraph: ${shown}: ${formatDiagnostic(d)}`),
  ];
  if (compiled.hasErrors) {
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
    return {
      problem: {
        message: `steergraph: ${shown} has ${errors.length} error${errors.length === 1 ? '' : 's'}, so it cannot be compiled (open it in the editor to see them on the graph):\n${errors.map((d) => `  ${formatDiagnostic(d)}`).join('\n')}`,
        id: file,
        ...at(errors.find((d) => d.path)?.path),
      },
    };
  }
  return { js: compiled.js, warnings };
}

/** The dev module of a `?behavior` import: the export text under MODULE, and worlds that carry on across its updates. */
function hotWrapper(file: string): string {
  const specifier = JSON.stringify(MODULE_SPECIFIER + file);
  return `// Steergraph (steergraph/vite, dev): the behaviour of ${JSON.stringify(path.basename(file))}, reloaded into the running worlds on every edit (docs/vite.md)
import * as compiled from ${specifier};
const hot = (${hotBehavior.toString()})(compiled, ${JSON.stringify(file)});
/** Creates a world of this scene (docs/module.md); in dev its behaviour is swapped on every edit of the scene file. */
export const createWorld = hot.createWorld;
/** The embedded scene document (read-only); the edited one after a reload. */
export let scene = compiled.scene;
if (import.meta.hot) {
  import.meta.hot.accept(${specifier}, (next) => {
    if (!next) return;
    hot.swap(next);
    scene = next.scene;
  });
}
`;
}

/**
 * The Steergraph Vite plugin: `?behavior` imports of scene files become behaviour modules
 * (docs/vite.md).
 */
export default function steergraph(options: SteergraphOptions = {}): Plugin {
  const hot = options.hot !== false;
  let serve = false;
  return {
    name: 'steergraph',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    async resolveId(source, importer) {
      if (source.startsWith(MODULE_SPECIFIER)) return `${MODULE}${source.slice(MODULE_SPECIFIER.length)}.js`;
      const scene = sceneOf(source);
      if (scene === null) return null;
      const resolved = await this.resolve(scene, importer, { skipSelf: true });
      if (!resolved) this.error(`steergraph: cannot find the scene ${JSON.stringify(scene)}${importer ? ` imported by ${importer}` : ''}`);
      const file = resolved.id.replace(/[?#].*$/, '');
      return `${BEHAVIOR}${file}.js`;
    },
    async load(id) {
      const behavior = id.startsWith(BEHAVIOR);
      if (!behavior && !id.startsWith(MODULE)) return null;
      const file = id.slice(behavior ? BEHAVIOR.length : MODULE.length, -'.js'.length);
      if (behavior && serve && hot) return hotWrapper(file);
      this.addWatchFile(file);
      let bytes: Uint8Array;
      try {
        bytes = await readFile(file);
      } catch (e) {
        this.error({ message: `steergraph: cannot read the scene ${file}: ${(e as Error).message}`, id: file });
      }
      const result = compileSceneFile(file, bytes);
      if ('problem' in result) this.error(result.problem);
      for (const w of result.warnings) this.warn(w);
      // the module text is exactly what `steergraph export` writes (no source map: it maps to nothing the user wrote)
      return { code: result.js, map: null };
    },
  };
}
