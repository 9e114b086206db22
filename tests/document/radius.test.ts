/**
 * Version 5's agent radius: loaded and checked as a file gives it, saved and loaded again as the
 * same document, and left out when 0 so a scene without radii saves byte-identically.
 */
import { describe, expect, it } from 'vitest';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

const edited = (edit: (d: SceneDocument) => void): string => {
  const d = sampleScene();
  edit(d);
  return JSON.stringify(d);
};

describe('agent radius', () => {
  it('loads, saves and loads again as the same document', () => {
    const r = loadScene(edited((d) => (d.agentTypes[0].radius = 7.5)));
    expect(r.ok && r.doc.agentTypes[0].radius).toBe(7.5);
    if (!r.ok) return;
    expect(serializeScene(r.doc)).toContain('"radius": 7.5');
    const again = loadScene(serializeScene(r.doc));
    expect(again.ok && again.doc).toStrictEqual(r.doc);
  });

  it('is left out when 0 or absent: the same text as without it', () => {
    const none = loadScene(edited(() => {}));
    const zero = loadScene(edited((d) => (d.agentTypes[0].radius = 0)));
    expect(none.ok && zero.ok).toBe(true);
    if (!none.ok || !zero.ok) return;
    expect(serializeScene(zero.doc)).toBe(serializeScene(none.doc));
  });

  it('refuses a negative radius with its path', () => {
    const r = loadScene(edited((d) => (d.agentTypes[0].radius = -1)));
    expect(r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)).toEqual(['agentTypes[0].radius: expected a number from 0 to 10000 px, got -1']);
  });
});
