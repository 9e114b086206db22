import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCoreSource, coreFileText } from '../../scripts/core-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the generated core embedded in exported modules', () => {
  it('is up to date with runtime/ (run npm run gen when this fails)', async () => {
    const fresh = coreFileText(await buildCoreSource(root));
    const committed = readFileSync(path.join(root, 'src/compiler/core-source.generated.ts'), 'utf8');
    expect(committed === fresh, 'src/compiler/core-source.generated.ts is stale: run npm run gen').toBe(true);
  });
});
