/**
 * Every preset file is a finished example: it loads with the app's loader, validates against the
 * committed JSON Schema, compiles with no diagnostic at all (not even a warning), is in the
 * canonical form the app saves, and is laid out and coloured to be read.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { NODE_DEFS, getNodeDef } from '../../nodes/index';
import { compile } from '../../src/compiler/index';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { PRESETS_DIR, PRESET_KEYS, nodeBox, preset, presetText } from './helpers';

const schema = JSON.parse(readFileSync(path.join(PRESETS_DIR, 'steergraph.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (k: number) => {
    const c = parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio between two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('the presets', () => {
  it('are the ones the issue asks for, the default among them', () => {
    expect(PRESET_KEYS).toEqual([
      'arrive',
      'avoid',
      'circle-swap',
      'crossing',
      'default',
      'doorway',
      'evasion',
      'every-node',
      'flee',
      'flocking',
      'foragers',
      'grazing-sheep',
      'guard',
      'hide-and-seek',
      'large-flock',
      'maze',
      'path-to-end',
      'patrol',
      'police-and-thief',
      'pursuit',
      'ring',
      'river',
      'rooms',
      'seek',
      'sheep-and-wolves',
      'squad',
      'tanks',
      'wander',
    ]);
  });
});

describe.each(PRESET_KEYS)('presets/%s.steer.json', (key) => {
  const text = presetText(key);

  it('loads with loadScene, with no warning', () => {
    const loaded = loadScene(text);
    expect(loaded.ok && loaded.warnings).toEqual([]);
  });

  it('validates against presets/steergraph.schema.json (ajv, draft-07)', () => {
    const ok = validate(JSON.parse(text));
    expect(ok ? [] : validate.errors).toEqual([]);
  });

  it('compiles with no diagnostic at all', () => {
    expect(compile(preset(key)).diagnostics).toEqual([]);
  });

  it('is in canonical serialized form', () => {
    expect(serializeScene(preset(key)) === text, `presets/${key}.steer.json is not what serializeScene writes`).toBe(true);
  });

  it('points at the schema, and has a name and a one-paragraph description saying what to try', () => {
    const doc = preset(key);
    expect(doc.$schema).toBe('./steergraph.schema.json');
    expect(doc.name.trim().length).toBeGreaterThan(0);
    expect(doc.description.length).toBeGreaterThan(150);
    expect(doc.description).not.toMatch(/\n/);
    expect(doc.description).toMatch(/\b(Try|try)\b/);
  });

  it('colours its agents to read on the preview’s dark world (contrast ≥ 4.5 against #161b21)', () => {
    for (const t of preset(key).agentTypes) expect(contrast(t.color, '#161b21'), `${t.id} ${t.color}`).toBeGreaterThanOrEqual(4.5);
  });

  it('lays its graphs out left to right: sources, behaviours, combinators, then the output, no two nodes overlapping', () => {
    const column = { source: 0, behaviour: 260 } as const;
    for (const t of preset(key).agentTypes) {
      const nodes = t.states[0].graph.nodes;
      const at = new Map(nodes.map((n) => [n.id, n.position]));
      for (const n of nodes) {
        const category = getNodeDef(n.kind)!.category;
        const x = n.position[0];
        if (category === 'source' || category === 'behaviour') expect(x, `${t.id}/${n.id}`).toBe(column[category]);
        if (category === 'combinator') expect(x, `${t.id}/${n.id}`).toBeGreaterThanOrEqual(520);
        expect(x % 260, `${t.id}/${n.id} in a column`).toBe(0);
      }
      const output = nodes.find((n) => n.kind === 'agent-output')!;
      expect(output.position[0]).toBeGreaterThanOrEqual(780);
      expect(output.position[0]).toBe(Math.max(...nodes.map((n) => n.position[0])));
      // every wire runs rightwards
      for (const c of t.states[0].graph.connections) expect(at.get(c.from[0])![0], `${t.id}: ${c.from[0]} → ${c.to[0]}`).toBeLessThan(at.get(c.to[0])![0]);
      // no two node boxes (the editor's size estimate) overlap, and stacked ones keep 20 px apart
      const boxes = nodes.map((n) => ({ id: n.id, ...nodeBox(n) }));
      for (const a of boxes) {
        for (const b of boxes) {
          if (a === b || a.x + a.width <= b.x || b.x + b.width <= a.x) continue;
          const gap = a.y < b.y ? b.y - (a.y + a.height) : a.y - (b.y + b.height);
          expect(gap, `${t.id}: ${a.id} and ${b.id}`).toBeGreaterThanOrEqual(20);
        }
      }
    }
  });
});

describe('presets/every-node.steer.json', () => {
  it('uses every node kind of the registry', () => {
    const kinds = new Set(preset('every-node').agentTypes.flatMap((t) => t.states.flatMap((s) => s.graph.nodes.map((n) => n.kind))));
    expect([...kinds].sort()).toEqual(NODE_DEFS.map((d) => d.kind).sort());
    expect(preset('every-node').description).toContain(`all ${NODE_DEFS.length} node kinds`);
  });
});
