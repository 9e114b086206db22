/**
 * Builds the npm package into lib/ (`npm run build:package`; `npm pack` and `npm publish` run it first, as `prepack`):
 *   lib/cli.mjs    the `steergraph` command (src/cli/entry.ts → main), run by bin/steergraph.mjs
 *   lib/index.mjs  the library API, exports["."] (src/package/index.ts)
 *   lib/vite.mjs   the Vite plugin, exports["./vite"] (src/package/vite.ts)
 *   lib/client.d.ts  the declaration of `?behavior` imports (types/client.d.ts)
 *   lib/index.d.ts, lib/vite.d.ts  their declarations, re-exporting
 *   lib/types/     the declaration tree (tsc over tsconfig.package.json), only the files the two
 *                   entries' types reach, with explicit `.js` in relative imports so TypeScript's
 *                   node16/nodenext resolution finds them as well as `bundler` does
 * Everything is bundled but `vite` and Node's builtins, so the package has no runtime dependencies.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const final = path.join(root, 'lib');
// Built beside lib/ and swapped in at the end, so that a test reading lib/vite.mjs while another
// packs (which runs this) never finds it half built or gone for longer than two renames.
const lib = path.join(root, `.lib-build-${process.pid}`);
const types = path.join(lib, 'types');

rmSync(lib, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: [
    { in: 'src/cli/entry.ts', out: 'cli' },
    { in: 'src/package/index.ts', out: 'index' },
    { in: 'src/package/vite.ts', out: 'vite' },
  ],
  outdir: lib,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // The three entries share the compiler, which splitting puts in a chunk of its own: the
  // command's entry loads it only when it has a scene to read, so `--version` reads a few hundred
  // bytes, not the 520 KB of the compiler (docs/performance.md, "Package command start-up").
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  external: ['vite'],
  legalComments: 'none',
  logLevel: 'warning',
});

// The declarations: tsc writes one .d.ts per source file the entries' program holds.
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.package.json'), '--outDir', types], { stdio: 'inherit' });

/** Relative module specifiers in a declaration file: `from '…'`, `import('…')`, `import '…'`. */
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]*)\2/g;

/** The declaration file a relative specifier in `file` names, or null when it names none. */
function target(file, spec) {
  const base = path.resolve(path.dirname(file), spec.replace(/\.(m?js)$/, ''));
  for (const candidate of [`${base}.d.ts`, path.join(base, 'index.d.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

// Keep the files the two entries reach (the rest are the compiler's internals), rewriting each
// relative specifier to name its file with `.js`, as Node's ESM resolution (and so TypeScript's
// node16/nodenext) requires in a "type": "module" package.
const entries = ['src/package/index.d.ts', 'src/package/vite.d.ts'].map((f) => path.join(types, f));
const kept = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.pop();
  if (kept.has(file)) continue;
  kept.add(file);
  const text = readFileSync(file, 'utf8').replace(SPECIFIER, (whole, lead, quote, spec) => {
    const to = target(file, spec);
    if (!to) throw new Error(`build-package: ${path.relative(root, file)} imports ${spec}, which has no declaration file`);
    queue.push(to);
    let rel = path.relative(path.dirname(file), to).replace(/\.d\.ts$/, '.js').split(path.sep).join('/');
    if (!rel.startsWith('.')) rel = `./${rel}`;
    return `${lead}${quote}${rel}${quote}`;
  });
  writeFileSync(file, text);
}
for (const file of listFiles(types)) if (!kept.has(file)) rmSync(file);

/** Every file under `dir`. */
function listFiles(dir) {
  return execFileSync('find', [dir, '-type', 'f'], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

// Bare imports in the kept declarations must be ones a consumer has: vite (the optional peer) and
// Node's builtins; anything else would be a dependency the package does not declare.
for (const file of kept) {
  for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:from\s+|import\s*\(\s*)['"]([^.'"][^'"]*)['"]/g)) {
    if (m[1] !== 'vite' && !m[1].startsWith('node:')) throw new Error(`build-package: ${path.relative(root, file)} imports ${m[1]}, which the package does not provide`);
  }
}

// The entries' declarations where package.json's exports name them.
writeFileSync(path.join(lib, 'index.d.ts'), "export * from './types/src/package/index.js';\n");
// `?behavior` imports for TypeScript (exports["./client"], as vite/client declares Vite's own)
writeFileSync(path.join(lib, 'client.d.ts'), readFileSync(path.join(root, 'types/client.d.ts'), 'utf8'));
writeFileSync(path.join(lib, 'vite.d.ts'), "export { default } from './types/src/package/vite.js';\nexport * from './types/src/package/vite.js';\n");

const old = path.join(root, `.lib-old-${process.pid}`);
if (existsSync(final)) renameSync(final, old);
renameSync(lib, final);
rmSync(old, { recursive: true, force: true });
