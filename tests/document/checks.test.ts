import { describe, expect, it } from 'vitest';
import { checkLimits, checkParamNames, checkUnique, checkWalls } from '../../src/document/checks';
import { formatLoadError } from '../../src/document/errors';
import { loadScene, validateScene } from '../../src/document/load';
import { LIMITS } from '../../src/document/schema';
import { serializeScene } from '../../src/document/serialize';
import type { AgentType, GraphNode, SceneDocument } from '../../src/document/types';
import { bareType, sampleScene } from './helpers';

function errorsOf(value: unknown): string[] {
  const r = validateScene(value);
  return r.ok ? [] : r.errors.map(formatLoadError);
}

const nodes = (n: number, prefix = 'n'): GraphNode[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, kind: 'seek', params: {}, position: [i, 0] }));

/** `n` split into parts of at most `per`, in order: each within a per-graph or per-path limit. */
const split = (n: number, per: number): number[] => Array.from({ length: Math.ceil(n / per) }, (_, k) => Math.min(per, n - k * per));

/** Agent types t0, t1, … whose graphs are made by `graph` from the sizes `sizes`. */
const typesOf = (sizes: number[], graph: (size: number) => Partial<AgentType['states'][number]['graph']>): AgentType[] =>
  sizes.map((size, k) => {
    const t = bareType(`t${k}`);
    t.states[0].graph = { ...t.states[0].graph, ...graph(size) };
    return t;
  });

/** Builds a scene, checks that `at` is accepted and `at + 1` refused with exactly `message`. */
function expectLimit(build: (n: number) => SceneDocument, at: number, message: string): void {
  expect(errorsOf(build(at))).toEqual([]);
  expect(errorsOf(build(at + 1))).toEqual([message]);
}

describe('size limits', () => {
  it('refuses a file of more than 5 MB before parsing it', () => {
    const text = serializeScene(sampleScene());
    const padded = (chars: number) => text + ' '.repeat(chars - text.length);
    expect(loadScene(padded(LIMITS.fileChars)).ok).toBe(true);
    expect(loadScene(padded(LIMITS.fileChars + 1))).toEqual({
      ok: false,
      errors: [{ path: '', message: 'the file is too large: 5.0 MB (the limit is 5 MB)' }],
    });
    // Not even JSON, but too large is all that is said: the text is never parsed.
    expect(loadScene('{'.repeat(LIMITS.fileChars + 1))).toEqual({
      ok: false,
      errors: [{ path: '', message: 'the file is too large: 5.0 MB (the limit is 5 MB)' }],
    });
  });

  it('allows 32 agent types', () => {
    expectLimit(
      (n) => ({ ...sampleScene(), agentTypes: Array.from({ length: n }, (_, k) => bareType(`t${k}`)) }),
      LIMITS.agentTypes,
      'agentTypes: too many agent types: 33 (the limit is 32)',
    );
  });

  it('allows 2,000 nodes per graph', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.agentTypes[1].states[0].graph = { nodes: nodes(n), connections: [] };
        return doc;
      },
      LIMITS.nodesPerGraph,
      'agentTypes[1].states[0].graph.nodes: too many nodes: 2001 (the limit is 2000 per graph)',
    );
  });

  it('allows 10,000 nodes in all', () => {
    expectLimit(
      // graphs each within their own limit
      (n) => ({ ...sampleScene(), agentTypes: typesOf(split(n, LIMITS.nodesPerGraph), (size) => ({ nodes: nodes(size) })) }),
      LIMITS.nodesTotal,
      'agentTypes: too many nodes in all: 10001 (the limit is 10000)',
    );
  });

  it('allows 10,000 connections per graph', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.agentTypes[0].states[0].graph.connections = Array.from({ length: n }, () => ({ from: ['flee', 'force'], to: ['sum', 'in0'] }));
        return doc;
      },
      LIMITS.connectionsPerGraph,
      'agentTypes[0].states[0].graph.connections: too many connections: 10001 (the limit is 10000 per graph)',
    );
  });

  it('allows 20,000 connections in all', () => {
    expectLimit(
      // graphs each within their own limit
      (n) => ({
        ...sampleScene(),
        agentTypes: typesOf(split(n, LIMITS.connectionsPerGraph), (size) => ({ connections: Array.from({ length: size }, () => ({ from: ['a', 'force'], to: ['b', 'in0'] })) })),
      }),
      LIMITS.connectionsTotal,
      'agentTypes: too many connections in all: 20001 (the limit is 20000)',
    );
  });

  it('allows 100 parameters per node', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.agentTypes[1].states[0].graph.nodes[0].params = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, i]));
        return doc;
      },
      LIMITS.paramsPerNode,
      'agentTypes[1].states[0].graph.nodes[0].params: too many parameters: 101 (the limit is 100 per node)',
    );
  });

  it('allows 200,000 agents in all', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.agentTypes = [bareType('a', 100_000), bareType('b', 50_000), bareType('c', n - 150_000)];
        return doc;
      },
      LIMITS.agentsTotal,
      'agentTypes: too many agents in all: 200001 (the limit is 200000)',
    );
  });

  it('allows 1,000 obstacles', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.world.obstacles = Array.from({ length: n }, (_, i) => ({ x: i, y: 0, r: 1 }));
        return doc;
      },
      LIMITS.obstacles,
      'world.obstacles: too many obstacles: 1001 (the limit is 1000)',
    );
  });

  it('allows 100 paths', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.world.paths = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, points: [], loop: false }));
        return doc;
      },
      LIMITS.paths,
      'world.paths: too many paths: 101 (the limit is 100)',
    );
  });

  it('allows 10,000 points per path', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.world.paths[0].points = Array.from({ length: n }, (_, i) => [i, i] as [number, number]);
        return doc;
      },
      LIMITS.pointsPerPath,
      'world.paths[0].points: too many points: 10001 (the limit is 10000 per path)',
    );
  });

  it('allows 100,000 points in all paths', () => {
    expectLimit(
      (n) => {
        // paths each within their own limit
        const doc = sampleScene();
        doc.world.paths = split(n, LIMITS.pointsPerPath).map((size, k) => ({ id: `p${k}`, points: Array.from({ length: size }, (_, i) => [i, k] as [number, number]), loop: false }));
        return doc;
      },
      LIMITS.pointsTotal,
      'world.paths: too many points in all paths: 100001 (the limit is 100000)',
    );
  });

  it('allows 100 targets', () => {
    expectLimit(
      (n) => {
        const doc = sampleScene();
        doc.world.targets = Array.from({ length: n }, (_, i) => ({ name: `t${i}`, x: 0, y: 0 }));
        return doc;
      },
      LIMITS.targets,
      'world.targets: too many targets: 101 (the limit is 100)',
    );
  });

  it('reports only the limits of a file over them: the schema never walks it', () => {
    const doc = sampleScene() as unknown as { world: { targets: unknown[] }; name: unknown };
    doc.world.targets = Array.from({ length: 101 }, () => 'not a target');
    doc.name = 5;
    expect(errorsOf(doc)).toEqual(['world.targets: too many targets: 101 (the limit is 100)']);
  });

  it('adds up only counts the schema accepts (a count out of range is reported as such)', () => {
    const doc = sampleScene();
    doc.agentTypes[0].count = 5e9;
    expect(errorsOf(doc)).toEqual(['agentTypes[0].count: expected a whole number from 0 to 100000, got 5000000000']);
  });

  it('reads anything without throwing', () => {
    for (const value of [null, 3, 'x', [], { agentTypes: 'x', world: [] }, { agentTypes: [null, { graph: { nodes: {} } }] }, { world: { walls: [null, { closed: true, points: 'x' }], paths: 'x' } }]) {
      expect(checkLimits(value)).toEqual([]);
      expect(checkWalls(value)).toEqual([]);
      expect(checkUnique(value)).toEqual([]);
      expect(checkParamNames(value)).toEqual([]);
    }
  });
});

describe('duplicates', () => {
  it('refuses a repeated id or name at its second occurrence', () => {
    const doc = sampleScene();
    doc.agentTypes.push(bareType('sheep'), bareType('wolf'), bareType('sheep'));
    doc.agentTypes[0].states[0].graph.nodes[1].id = 'flee';
    doc.world.paths.push({ id: 'patrol', points: [], loop: false });
    doc.world.targets.push({ name: 'gate', x: 0, y: 0 });
    expect(errorsOf(doc)).toEqual([
      'agentTypes[0].states[0].graph.nodes[1].id: duplicate node id "flee": agentTypes[0].states[0].graph.nodes[0] has it already',
      'agentTypes[2].id: duplicate agent type id "sheep": agentTypes[0] has it already',
      'agentTypes[3].id: duplicate agent type id "wolf": agentTypes[1] has it already',
      'agentTypes[4].id: duplicate agent type id "sheep": agentTypes[0] has it already',
      'world.paths[1].id: duplicate path id "patrol": world.paths[0] has it already',
      'world.targets[1].name: duplicate target name "gate": world.targets[0] has it already',
    ]);
  });

  it('lets the same id name a node in two graphs, and a path and a target alike', () => {
    const doc = sampleScene();
    doc.agentTypes[1].states[0].graph.nodes[0].id = 'flee';
    doc.world.targets[0].name = 'patrol';
    doc.agentTypes[0].id = 'patrol';
    expect(errorsOf(doc)).toEqual([]);
  });
});

describe('parameter names and prototypes', () => {
  const params = 'agentTypes[1].states[0].graph.nodes[0].params';

  it('refuses __proto__, constructor and prototype, which would otherwise vanish on load', () => {
    const text = serializeScene(sampleScene()).replace(
      '"target": "sheep"',
      '"__proto__": { "polluted": true }, "constructor": 1, "prototype": 2, "target": "sheep"',
    );
    const r = loadScene(text);
    expect(r.ok ? [] : r.errors.map(formatLoadError)).toEqual([
      `${params}.__proto__: expected a parameter name other than "__proto__", which is reserved`,
      `${params}.constructor: expected a parameter name other than "constructor", which is reserved`,
      `${params}.prototype: expected a parameter name other than "prototype", which is reserved`,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('builds parameters as plain objects whose keys are all their own', () => {
    const r = loadScene(serializeScene(sampleScene()));
    if (!r.ok) throw new Error('expected the sample to load');
    const p = r.doc.agentTypes[0].states[0].graph.nodes[0].params;
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect(Object.keys(p)).toEqual(['panicDistance', 'target', 'enabled']);
    expect(({} as Record<string, unknown>).panicDistance).toBeUndefined();
  });

  it('never lets a key of the file reach a prototype, anywhere', () => {
    const text = serializeScene(sampleScene())
      .replace('"world": {', '"world": { "__proto__": { "polluted": 1 },')
      .replace('"spawn": {', '"spawn": { "__proto__": { "polluted": 2 },');
    const r = loadScene(text);
    expect(r.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});
