import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLORS, colorProperties, cssVar } from '../../src/app/theme';
import { CATEGORY_COLOR, SOCKET_COLOR } from '../../src/editor/theme';

const SRC = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

describe('the colours: one set of --steer-* custom properties', () => {
  it('defines every property once', () => {
    const names = colorProperties().match(/--steer-[a-z-]+(?=:)/g)!;
    expect(names).toHaveLength(Object.keys(COLORS).length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('names only defined colours wherever src/ uses one', () => {
    const defined = new Set(Object.keys(COLORS));
    const used = files(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/var\(--steer-([a-z-]+)\)/g)].map((m) => [m[1], path.relative(SRC, f)]));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(([name]) => !defined.has(name))).toEqual([]);
  });

  it('gives the app’s stylesheets and the editor’s category and socket colours as properties, not literals', () => {
    for (const f of ['app/app-styles.ts', 'app/layout.ts', 'app/styles.ts', 'editor/theme.ts']) {
      expect(readFileSync(path.join(SRC, f), 'utf8'), f).not.toMatch(/#[0-9a-f]{6}\b|rgba\(/i);
    }
    expect(CATEGORY_COLOR.behaviour).toBe(cssVar('category-behaviour'));
    expect(SOCKET_COLOR.force).toBe(cssVar('socket-force'));
  });
});
