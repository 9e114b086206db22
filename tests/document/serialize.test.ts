import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { VERSION, type SceneDocument } from '../../src/document/types';
import { arbScene, sampleScene } from './helpers';

/** `doc` with every −0 written as 0, as the loader reads it. */
function positiveZeros<T>(doc: T): T {
  return JSON.parse(JSON.stringify(doc)) as T;
}

describe('serializeScene', () => {
  it('writes 2-space JSON in the key order of types.ts, short lists on one line, and a final newline', () => {
    const doc: SceneDocument = {
      format: 'steergraph',
      version: VERSION,
      name: 'Tiny',
      description: '',
      world: { width: 100, height: 50, edges: 'wrap', seed: 0, obstacles: [], paths: [{ id: 'p', points: [[0, 1], [2, 3]], loop: false }], targets: [] },
      agentTypes: [
        {
          id: 'a',
          name: 'A',
          color: '#010203',
          count: 1,
          mass: 1,
          maxSpeed: 1,
          maxForce: 1,
          states: [{ name: 'default', graph: { nodes: [{ id: 'n', kind: 'seek', params: { target: 'pointer' }, position: [10, -20] }], connections: [{ from: ['n', 'force'], to: ['m', 'in'] }] } }],
        },
      ],
    };
    expect(serializeScene(doc)).toBe(`{
  "format": "steergraph",
  "version": 7,
  "name": "Tiny",
  "description": "",
  "world": {
    "width": 100,
    "height": 50,
    "edges": "wrap",
    "seed": 0,
    "obstacles": [],
    "paths": [
      {
        "id": "p",
        "points": [
          [0, 1],
          [2, 3]
        ],
        "loop": false
      }
    ],
    "targets": []
  },
  "agentTypes": [
    {
      "id": "a",
      "name": "A",
      "color": "#010203",
      "count": 1,
      "mass": 1,
      "maxSpeed": 1,
      "maxForce": 1,
      "states": [
        {
          "name": "default",
          "graph": {
            "nodes": [
              {
                "id": "n",
                "kind": "seek",
                "params": {
                  "target": "pointer"
                },
                "position": [10, -20]
              }
            ],
            "connections": [
              {
                "from": ["n", "force"],
                "to": ["m", "in"]
              }
            ]
          }
        }
      ]
    }
  ]
}
`);
  });

  it('writes the same text whatever order the keys were set in', () => {
    const doc = sampleScene();
    const shuffled = JSON.parse(JSON.stringify(doc), function (_key, value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value).reverse());
    }) as SceneDocument;
    // Parameters keep their own order: that is the document's, not the format's.
    for (const [k, t] of shuffled.agentTypes.entries()) {
      t.states[0].graph.nodes.forEach((n, j) => (n.params = doc.agentTypes[k].states[0].graph.nodes[j].params));
    }
    expect(Object.keys(shuffled)[0]).toBe('agentTypes');
    expect(serializeScene(shuffled)).toBe(serializeScene(doc));
  });

  it('loads back every document it writes, equal to the last bit but −0, which loads as 0 (property)', () => {
    fc.assert(
      fc.property(arbScene, (doc) => {
        const text = serializeScene(doc);
        const r = loadScene(text);
        if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
        const expected = positiveZeros(doc);
        expect(r.doc).toStrictEqual(expected);
        expect(serializeScene(r.doc)).toBe(serializeScene(expected));
      }),
      { numRuns: 150 },
    );
  });

  it('writes -0 as -0 (JSON.stringify would write 0); the loader reads it as 0 (docs/scene-format.md)', () => {
    const doc = sampleScene();
    doc.world.obstacles[0].vx = -0;
    doc.agentTypes[0].states[0].graph.nodes[0].position = [-0, 5];
    const text = serializeScene(doc);
    expect(text).toContain('"vx": -0');
    const r = loadScene(text);
    if (!r.ok) throw new Error('expected the scene to load');
    expect(Object.is(r.doc.world.obstacles[0].vx, 0)).toBe(true);
    expect(Object.is(r.doc.agentTypes[0].states[0].graph.nodes[0].position[0], 0)).toBe(true);
  });

  it('writes a Formation’s custom slots one offset per line, and loads them back equal', () => {
    const doc = sampleScene();
    const n = doc.agentTypes[0].states[0].graph.nodes[0];
    n.params = { ...n.params, slots: [[-30, -25], [-60.5, 0], [12, 40]] };
    const text = serializeScene(doc);
    expect(text).toContain('"slots": [\n');
    expect(text).toContain('[-60.5, 0],\n');
    const r = loadScene(text);
    if (!r.ok) throw new Error('expected the scene to load');
    expect(r.doc).toStrictEqual(doc);
  });

  it('leaves absent optional fields absent', () => {
    const text = serializeScene(sampleScene());
    const wolf = text.slice(text.indexOf('"id": "wolf"'));
    expect(wolf).not.toContain('spawn');
    expect(wolf).not.toContain('variation');
    const doc = sampleScene();
    delete doc.world.obstacles[0].vy;
    delete doc.$schema;
    expect(serializeScene(doc)).not.toMatch(/"vy"|\$schema/);
  });

  it('refuses a number JSON cannot write, naming the field', () => {
    const doc = sampleScene();
    doc.agentTypes[1].maxSpeed = NaN;
    expect(() => serializeScene(doc)).toThrow('serializeScene: agentTypes[1].maxSpeed is NaN, not a finite number');
  });
});
