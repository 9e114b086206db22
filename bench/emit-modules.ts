/**
 * Writes benchmark scenes as exported behaviour modules: the scene document is checked by the
 * loader (validateScene), compiled by our compiler (emitModule, the text the app and the CLI
 * export), and written as an ES module file. bench/run.mjs runs this once per bench (in a tsx
 * process) and then measures each file with bench/module-flock.mjs in plain Node.
 *
 *   node --import tsx bench/emit-modules.ts --out <dir> --sizes 1000,2000,…   (prints the files as JSON)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emitModule } from '../src/compiler/module';
import { validateScene } from '../src/document/load';
import type { SceneDocument } from '../src/document/types';
import { benchScene, exposeEverything } from './scene';

/** Checks and compiles `doc`, writes its module to `file`; throws on any loader error or compiler diagnostic. */
export function writeModule(doc: SceneDocument, file: string): string {
  const loaded = validateScene(doc);
  if (!loaded.ok) throw new Error(`bench scene "${doc.name}" does not load: ${JSON.stringify(loaded)}`);
  const m = emitModule(loaded.doc);
  if (m.diagnostics.length) throw new Error(`bench scene "${doc.name}" has diagnostics: ${JSON.stringify(m.diagnostics)}`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, m.js);
  return file;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const argv = process.argv.slice(2);
  const opt = (name: string, dflt: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const out = opt('out', '');
  if (!out) throw new Error('emit-modules: --out <dir> is required');
  const sizes = opt('sizes', '1000,2000,5000,10000,20000').split(',').map(Number);
  const files: Record<number, string> = {};
  // --exposed: the same flock with every parameter exposed (bench/run.mjs's "exposed" row)
  const exposed = argv.includes('--exposed');
  for (const n of sizes) files[n] = writeModule(exposed ? exposeEverything(benchScene(n)) : benchScene(n), path.join(out, `bench-flock-${exposed ? 'exposed-' : ''}${n}.mjs`));
  process.stdout.write(JSON.stringify(files) + '\n');
}
