// Every relative link in the README and in docs/ points at a file that exists (and, with a
// #fragment, at a heading of that file), so the front door and the guides never lead nowhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    out.add(m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-'));
  }
  return out;
}

describe('links in the README and docs/', () => {
  for (const page of pages) {
    it(`${page}: every relative link resolves`, () => {
      const text = readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const href = m[1];
        if (/^[a-z]+:/i.test(href)) continue; // http:, https:, mailto:
        const [file, fragment] = href.split('#');
        const target = file ? path.resolve(path.dirname(path.join(root, page)), file) : path.join(root, page);
        if (!existsSync(target)) broken.push(`${href} (no such file)`);
        else if (fragment && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(fragment)) {
          broken.push(`${href} (no heading #${fragment})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
