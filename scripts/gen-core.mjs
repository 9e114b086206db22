// Bundles runtime/module-entry.ts into the standalone core that every exported behaviour module
// embeds, and writes it as a string constant to src/compiler/core-source.generated.ts.
//
//   node scripts/gen-core.mjs           write the file
//   node scripts/gen-core.mjs --check   exit 1 when the file is stale (a test runs the same check)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCoreSource, coreFileText } from './core-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src/compiler/core-source.generated.ts');
const text = coreFileText(await buildCoreSource(root));
if (process.argv.includes('--check')) {
  const current = readFileSync(out, 'utf8');
  if (current !== text) {
    console.error('src/compiler/core-source.generated.ts is stale: run npm run gen');
    process.exit(1);
  }
  console.log('core source is up to date');
} else {
  writeFileSync(out, text);
  console.log(`wrote ${path.relative(root, out)} (${text.length} bytes)`);
}
