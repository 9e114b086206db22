import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLORS, colorProperties, cssVar, themeProperties } from '../../src/theme';
import { faviconHref, themeInPage } from '../../vite.config';
import { CATEGORY_COLOR, SOCKET_COLOR, SOCKET_OUTLINE, UNKNOWN_CATEGORY_COLOR, UNKNOWN_SOCKET_COLOR } from '../../src/editor/theme';

const SRC = path.resolve(import.meta.dirname, '../../src');
const INDEX_HTML = path.resolve(import.meta.dirname, '../../index.html');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
/** A colour written as a literal: #rgb … #rrggbbaa, rgb(), rgba(), hsl(), hsla(). */
const LITERAL = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\(/i;
/** The same, also URL-encoded (`%23rrggbb` in a data: URL) or by name in a CSS declaration or an SVG paint. */
const LITERAL_IN_HTML = new RegExp(`${LITERAL.source}|%23[0-9a-f]{3,8}\\b|(color|background|fill|stroke|border)[a-z-]*\\s*[:=]\\s*['"]?(white|black|red|green|blue|gr[ae]y|orange|yellow)\\b`, 'i');

/**
 * The colours that are data, not the look, and stay literals: the colours new agent types take in
 * turn, and the swatch of an agent type a compare summary no longer finds.
 */
const DATA: Record<string, RegExp> = {
  'app/presets.ts': /export const TYPE_COLOURS = \[[^\]]*\];/,
  'app/compare.ts': /\$\{t\?\.color \?\? '#888'\}/,
  'document/layout-commands.ts': /export const FRAME_COLORS = \[[^\]]*\] as const;/,
};

describe('the colours: one set of --steer-* custom properties', () => {
  it('defines every property once, each a CSS colour', () => {
    const names = colorProperties().match(/--steer-[a-z-]+(?=:)/g)!;
    expect(names).toHaveLength(Object.keys(COLORS).length);
    expect(new Set(names).size).toBe(names.length);
    for (const [name, value] of Object.entries(COLORS)) {
      expect(value, name).toMatch(/^#([0-9a-f]{3}|[0-9a-f]{6})$|^rgba\(\d{1,3}, \d{1,3}, \d{1,3}, (0|1|0?\.\d+)\)$/);
    }
  });

  it('sets them on the host of the element that holds the stylesheet (<steer-app>)', () => {
    const text = themeProperties.cssText;
    expect(text.startsWith(':host {')).toBe(true);
    for (const [name, value] of Object.entries(COLORS)) expect(text).toContain(`--steer-${name}: ${value};`);
  });

  it('names only defined colours wherever src/ uses one', () => {
    const defined = new Set(Object.keys(COLORS));
    const used = files(SRC).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/var\(--steer-([a-z-]+)\)/g)].map((m) => [m[1], path.relative(SRC, f)]));
    expect(used.length).toBeGreaterThan(200);
    expect(used.filter(([name]) => !defined.has(name))).toEqual([]);
  });

  it('uses every colour it defines (in a stylesheet or through cssVar)', () => {
    const text = files(SRC)
      .filter((f) => path.basename(f) !== 'theme.ts' || f.includes(`${path.sep}editor${path.sep}`))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const used = new Set([...text.matchAll(/var\(--steer-([a-z-]+)\)|cssVar\('([a-z-]+)'\)/g)].map((m) => m[1] ?? m[2]));
    expect(Object.keys(COLORS).filter((name) => !used.has(name))).toEqual([]);
  });

  it('leaves no colour literal in the app, the editor or the other elements outside the preview', () => {
    // src/preview/ is a publishable element: its canvas theme and its `--steer-preview-*` fallbacks stay its own.
    const checked = files(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((f) => f !== 'theme.ts' && !f.startsWith('preview/'));
    for (const dir of ['app/', 'editor/', 'editor/patches/']) expect(checked.some((f) => f.startsWith(dir)), dir).toBe(true);
    for (const f of ['app/compare.ts', 'app/inspector.ts', 'app/node-help.ts', 'editor/node-element.ts', 'editor/restyle.ts', 'editor/box-select.ts']) {
      expect(checked).toContain(f);
    }
    const offenders = checked.flatMap((f) => {
      let text = readFileSync(path.join(SRC, f), 'utf8');
      if (DATA[f]) {
        expect(text, `${f} still holds its data colours`).toMatch(DATA[f]);
        text = text.replace(DATA[f], '');
      }
      return text
        .split('\n')
        .map((line, i) => [`${f}:${i + 1}`, line.trim()])
        .filter(([, line]) => LITERAL.test(line));
    });
    expect(offenders).toEqual([]);
  });

  it('gives the editor’s category, socket and fallback colours as properties', () => {
    expect(CATEGORY_COLOR.behaviour).toBe(cssVar('category-behaviour'));
    expect(SOCKET_COLOR.force).toBe(cssVar('socket-force'));
    expect([UNKNOWN_CATEGORY_COLOR, UNKNOWN_SOCKET_COLOR, SOCKET_OUTLINE]).toEqual([cssVar('category-unknown'), cssVar('socket-unknown'), cssVar('bg')]);
  });

  it('leaves no colour literal in index.html: the page names the properties, which the build writes in from src/theme.ts', () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    const offenders = html
      .split('\n')
      .map((line, i) => [`index.html:${i + 1}`, line.trim()])
      .filter(([, line]) => LITERAL_IN_HTML.test(line));
    expect(offenders).toEqual([]);
    const named = [...html.matchAll(/var\(--steer-([a-z-]+)\)/g)].map((m) => m[1]);
    expect(named).toEqual(expect.arrayContaining(['bg', 'text']));
    expect(named.filter((name) => !(name in COLORS))).toEqual([]);

    // What the page gets in its head (vite and vite build): every property on :root, the favicon in the accent.
    const transform = themeInPage().transformIndexHtml as () => { tag: string; children?: string; attrs?: Record<string, string> }[];
    const tags = transform();
    const root = tags.find((t) => t.tag === 'style')!.children!;
    expect(root.startsWith(':root {')).toBe(true);
    for (const [name, value] of Object.entries(COLORS)) expect(root).toContain(`--steer-${name}: ${value};`);
    const icon = tags.find((t) => t.tag === 'link')!.attrs!;
    expect(icon).toEqual({ rel: 'icon', href: faviconHref() });
    expect(decodeURIComponent(icon.href)).toContain(`fill='${COLORS.accent}'`);
  });
});
