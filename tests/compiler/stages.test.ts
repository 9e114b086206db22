/**
 * The compiler's four stages, each against a small fixture of its own intermediate form (The Super
 * Tiny Compiler's habit), then the chain end to end.
 */
import { describe, expect, it } from 'vitest';
import { getNodeDef, inputPorts } from '../../nodes/index';
import { createBehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { emitProgram, queryRadii } from '../../src/compiler/emit';
import { instantiate } from '../../src/compiler/instantiate';
import { lowerType, type LoweredType } from '../../src/compiler/lower';
import { orderGraph } from '../../src/compiler/order';
import { validate, type CheckedGraph, type CheckedNode } from '../../src/compiler/validate';
import type { Diagnostic } from '../../src/compiler/diagnostics';
import type { ParamValue } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';

/** A checked graph as plain data: what validate resolved, by node id. */
function summary(g: CheckedGraph) {
  return {
    type: g.type.id,
    output: g.output?.id,
    nodes: g.nodes.map((n) => ({
      id: n.id,
      kind: n.kind,
      broken: n.broken,
      values: Object.fromEntries(n.values),
      inputs: n.inputs.map((p) => p.key),
    })),
    incoming: Object.fromEntries(
      [...g.incoming].map(([id, ins]) => [id, Object.fromEntries([...ins].map(([port, e]) => [port, `${e.from.id}.${e.port.key}`]))]),
    ),
  };
}

/** The fixture of stage 2's input: a checked graph written by hand, `[id, kind, params?]` and `from.port → to.port`. */
function checkedGraph(nodes: [string, string, Record<string, ParamValue>?][], edges: [string, string][]): CheckedGraph {
  const list: CheckedNode[] = nodes.map(([id, kind, params = {}], index) => {
    const def = getNodeDef(kind)!;
    const values = new Map<string, ParamValue>(def.params.map((p) => [p.key, Object.hasOwn(params, p.key) ? params[p.key] : p.default]));
    return { id, index, kind, def, values, inputs: inputPorts(def, params), outputs: def.outputs, broken: false, muted: false };
  });
  const byId = new Map(list.map((n) => [n.id, n]));
  const incoming = new Map<string, Map<string, { from: CheckedNode; port: (typeof list)[number]['outputs'][number] }>>();
  for (const [from, to] of edges) {
    const [a, p] = from.split('.');
    const [b, q] = to.split('.');
    const src = byId.get(a)!;
    if (!incoming.has(b)) incoming.set(b, new Map());
    incoming.get(b)!.set(q, { from: src, port: src.outputs.find((o) => o.key === p)! });
  }
  const type = agentType('a', []);
  return { typeIndex: 0, type, state: 0, base: 'agentTypes[0].states[0].graph', several: false, nodes: list, byId, incoming, output: list.find((n) => n.kind === 'agent-output'), transitions: [] };
}

describe('stage 1, validate', () => {
  it('resolves definitions, parameters with their defaults, variadic ports and incoming edges', () => {
    const doc = scene([
      agentType(
        'a',
        [node('ptr', 'pointer'), node('arr', 'arrive', { slowingRadius: 50 }), node('sum', 'sum', { inputs: 5, w4: -2 }), node('out', 'agent-output')],
        [wire('ptr.point', 'arr.target'), wire('arr.force', 'sum.in4'), wire('sum.force', 'out.force')],
      ),
    ]);
    const { graphs, diagnostics } = validate(doc);
    expect(diagnostics).toEqual([]);
    expect(graphs.map(summary)).toEqual([
      {
        type: 'a',
        output: 'out',
        nodes: [
          { id: 'ptr', kind: 'pointer', broken: false, values: {}, inputs: [] },
          { id: 'arr', kind: 'arrive', broken: false, values: { slowingRadius: 50 }, inputs: ['target'] },
          {
            id: 'sum',
            kind: 'sum',
            broken: false,
            values: { inputs: 5, w0: 1, w1: 1, w2: 1, w3: 1, w4: -2 },
            // (each weight has a number input of its own since issue 16)
            inputs: ['in0', 'in1', 'in2', 'in3', 'in4', 'w0', 'w1', 'w2', 'w3', 'w4'],
          },
          { id: 'out', kind: 'agent-output', broken: false, values: {}, inputs: ['force'] },
        ],
        incoming: { arr: { target: 'ptr.point' }, sum: { in4: 'arr.force' }, out: { force: 'sum.force' } },
      },
    ]);
  });

  it('marks a node with a bad parameter broken and keeps the bad value', () => {
    const doc = scene([agentType('a', [node('arr', 'arrive', { slowingRadius: 0 }), node('out', 'agent-output')], [wire('arr.force', 'out.force')])]);
    const { graphs, diagnostics } = validate(doc);
    expect(summary(graphs[0]).nodes[0]).toEqual({ id: 'arr', kind: 'arrive', broken: true, values: { slowingRadius: 0 }, inputs: ['target'] });
    expect(diagnostics.map((d) => d.path)).toEqual(['agentTypes[0].states[0].graph.nodes[0].params.slowingRadius']);
  });
});

describe('stage 2, orderGraph', () => {
  it('puts every live node after the nodes it reads, the Agent Output last', () => {
    // ptr ─▶ seek ─┐
    //   └──▶ flee ─┴▶ sum ─▶ out        (diamond: ptr feeds two behaviours)
    const g = checkedGraph(
      [['out', 'agent-output'], ['sum', 'sum'], ['flee', 'flee'], ['seek', 'seek'], ['ptr', 'pointer']],
      [['ptr.point', 'seek.target'], ['ptr.point', 'flee.target'], ['seek.force', 'sum.in0'], ['flee.force', 'sum.in1'], ['sum.force', 'out.force']],
    );
    const out: Diagnostic[] = [];
    const ordered = orderGraph(g, false, out);
    expect(out).toEqual([]);
    expect(ordered.ok).toBe(true);
    expect(ordered.order.map((n) => n.id)).toEqual(['ptr', 'seek', 'flee', 'sum', 'out']);
  });

  it('visits inputs in port order, whatever the order of the nodes in the document', () => {
    const g = checkedGraph(
      [['w', 'wander'], ['out', 'agent-output'], ['c', 'contain'], ['p', 'priority']],
      [['c.force', 'p.in0'], ['w.force', 'p.in1'], ['p.force', 'out.force']],
    );
    expect(orderGraph(g, false, []).order.map((n) => n.id)).toEqual(['c', 'w', 'p', 'out']);
  });

  it('leaves out nodes that feed nothing, with a warning each', () => {
    const g = checkedGraph(
      [['w', 'wander'], ['spare', 'contain'], ['out', 'agent-output']],
      [['w.force', 'out.force']],
    );
    const out: Diagnostic[] = [];
    const ordered = orderGraph(g, false, out);
    expect(ordered.order.map((n) => n.id)).toEqual(['w', 'out']);
    expect(ordered.ok).toBe(true);
    expect(out).toEqual([
      { severity: 'warning', agentType: 'a', nodeId: 'spare', path: 'agentTypes[0].states[0].graph.nodes[1]', message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });

  it('finds a cycle, names every node on it, and gives an empty order', () => {
    const g = checkedGraph(
      [['s1', 'scale'], ['s2', 'scale'], ['t', 'truncate'], ['out', 'agent-output']],
      [['s1.force', 's2.in'], ['s2.force', 't.in'], ['t.force', 's1.in'], ['t.force', 'out.force']],
    );
    const out: Diagnostic[] = [];
    const ordered = orderGraph(g, false, out);
    expect(ordered.ok).toBe(false);
    expect(ordered.order).toEqual([]);
    expect(out.map((d) => d.nodeId).sort()).toEqual(['s1', 's2', 't']);
  });

  it('gives an empty order when validation already found an error', () => {
    const g = checkedGraph([['w', 'wander'], ['out', 'agent-output']], [['w.force', 'out.force']]);
    const ordered = orderGraph(g, true, []);
    expect(ordered).toMatchObject({ ok: false, order: [] });
  });

  it('orders a 2,000-node chain without overflowing the stack', () => {
    const nodes: [string, string][] = [['w', 'wander']];
    const edges: [string, string][] = [];
    for (let k = 0; k < 1998; k++) {
      nodes.push([`s${k}`, 'scale']);
      edges.push([k === 0 ? 'w.force' : `s${k - 1}.force`, `s${k}.in`]);
    }
    nodes.push(['out', 'agent-output']);
    edges.push(['s1997.force', 'out.force']);
    const ordered = orderGraph(checkedGraph(nodes, edges), false, []);
    expect(ordered.order.length).toBe(2000);
    expect(ordered.order[0].id).toBe('w');
    expect(ordered.order[1999].id).toBe('out');
  });
});

describe('stage 3, lowerType', () => {
  it('allocates slots, memory, draws, passes, constants and queries, and resolves inputs to code', () => {
    const doc = scene([agentType('a', []), agentType('b', [])]);
    const g = checkedGraph(
      [
        ['pt', 'point', { x: 10, y: -20 }],
        ['near', 'nearest-agent', { agentType: 'b', radius: 75 }],
        ['seek', 'seek'],
        ['wander', 'wander'],
        ['flock', 'flock'],
        ['sum', 'sum'],
        ['flee', 'flee'],
        ['prio', 'priority'],
        ['out', 'agent-output'],
      ],
      [
        ['pt.point', 'seek.target'],
        ['near.agent', 'flee.target'],
        ['seek.force', 'sum.in0'],
        ['wander.force', 'sum.in1'],
        ['flock.force', 'sum.in2'],
        ['flee.force', 'prio.in0'],
        ['sum.force', 'prio.in1'],
        ['prio.force', 'out.force'],
      ],
    );
    // The count and weight parameters of the variadic nodes (validate fills them in).
    const sum = g.byId.get('sum')!;
    for (const [k, v] of Object.entries({ inputs: 4, w0: 1, w1: 1, w2: 1, w3: 1 })) sum.values.set(k, v);
    g.byId.get('prio')!.values.set('inputs', 2);
    const ordered = orderGraph(g, false, []);
    expect(ordered.order.map((n) => n.id)).toEqual(['near', 'flee', 'pt', 'seek', 'wander', 'flock', 'sum', 'prio', 'out']);
    const { probes, probeSize, ...lowered } = lowerType(ordered, doc);
    // every force, point and agent output is probed, two numbers each after maxSpeed and maxForce
    expect(probes.map((p) => `${p.node}:${p.type}@${p.offset}`)).toHaveLength((probeSize - 2) / 2);
    expect(new Set(probes.map((p) => p.type))).toEqual(new Set(['agent', 'force', 'point']));
    expect(lowered).toEqual({
      typeIndex: 0,
      ok: true,
      stateNames: ['default'],
      pre: ['const P0 = A.passes[0];', 'flockPass(A, A, 100, 30, 1.5, 1, 1, false, P0, 1000);'],
      body: [
        'const j0 = nearest(T1, A, i, 75);',
        'if (j0 >= 0) { flee(s, 0, A, i, T1.pos, 2 * j0, 0); } else { s[0] = 0; s[1] = 0; }',
        'seek(s, 2, A, i, K0, 0);',
        'wander(s, 4, A, i, 0, 0, 10, 5, 1);',
        's[6] = 1 * s[2] + 1 * s[4] + 1 * P0[2 * i]; s[7] = 1 * s[3] + 1 * s[5] + 1 * P0[2 * i + 1];',
        's[8] = 0; s[9] = 0; priorityAddMaxForce(s, 8, s, 0, A, i); priorityAddMaxForce(s, 8, s, 6, A, i);',
        'F[2 * i] = s[8]; F[2 * i + 1] = s[9];',
      ],
      scratch: 10,
      memory: [1, 0],
      nodeMemory: [{ node: 3, offset: 0, size: 2 }],
      draws: 1,
      passes: 1,
      typeRefs: [1],
      constants: [10, -20],
      queries: [
        { type: 1, radius: 75 },
        { type: 0, radius: 100 },
      ],
      locals: ['j0'],
    } satisfies Omit<LoweredType, 'probes' | 'probeSize'>);
  });

  it('lowers a graph that cannot compile to nothing', () => {
    const g = checkedGraph([['w', 'wander'], ['out', 'agent-output']], [['w.force', 'out.force']]);
    const lowered = lowerType(orderGraph(g, true, []), scene([agentType('a', [])]));
    expect(lowered).toMatchObject({ ok: false, pre: [], body: [], scratch: 0, memory: [], draws: 0, passes: 0 });
  });
});

describe('stage 4, emitProgram', () => {
  const wanderer: LoweredType = {
    typeIndex: 0,
    ok: true,
    stateNames: ['default'],
    pre: [],
    body: ['wander(s, 0, A, i, 0, 0, 10, 5, 1);', 'seek(s, 2, A, i, K0, 0);', 's[4] = 1 * s[0] + 0.5 * s[2]; s[5] = 1 * s[1] + 0.5 * s[3];', 'F[2 * i] = s[4]; F[2 * i + 1] = s[5];'],
    scratch: 6,
    memory: [1, 0],
    nodeMemory: [{ node: 2, offset: 0, size: 2 }],
    draws: 1,
    passes: 0,
    typeRefs: [],
    constants: [-0, 250.5],
    queries: [{ type: 1, radius: 40 }],
    probes: [],
    probeSize: 2,
  };
  const broken: LoweredType = {
    typeIndex: 1,
    ok: false,
    stateNames: ['default'],
    pre: [],
    body: [],
    scratch: 0,
    memory: [],
    nodeMemory: [],
    draws: 0,
    passes: 0,
    typeRefs: [],
    constants: [],
    queries: [],
    probes: [],
    probeSize: 2,
  };

  it('prints each force function, its scratch and constants, and the PROGRAM table', () => {
    expect(emitProgram([wanderer, broken])).toBe(
      [
        'const S0 = new Float64Array(6);',
        'const K0 = Float64Array.of((-0), 250.5);',
        'function force0(W, A) {',
        '  const n = A.count, F = A.force, s = S0;',
        '  for (let i = 0; i < n; i++) {',
        '    wander(s, 0, A, i, 0, 0, 10, 5, 1);',
        '    seek(s, 2, A, i, K0, 0);',
        '    s[4] = 1 * s[0] + 0.5 * s[2]; s[5] = 1 * s[1] + 0.5 * s[3];',
        '    F[2 * i] = s[4]; F[2 * i + 1] = s[5];',
        '  }',
        '}',
        '',
        'function force1(W, A) {',
        '  A.force.fill(0);',
        '}',
        '',
        'const PROGRAM = {',
        '  forces: [force0, force1],',
        '  layouts: [{ memory: [1, 0], draws: 1, passes: 0, queryRadius: 0 }, { memory: [], draws: 0, passes: 0, queryRadius: 40 }],',
        '  memory: [[{ node: 2, offset: 0, size: 2 }], []],',
        '};',
        '',
      ].join('\n'),
    );
  });

  it('sizes each queried grid for the largest finite radius, or unbounded when only unbounded queries', () => {
    const q = (queries: LoweredType['queries']): LoweredType => ({ ...broken, ok: true, queries });
    expect(queryRadii([q([{ type: 0, radius: Infinity }, { type: 1, radius: 30 }]), q([{ type: 1, radius: 80 }, { type: 1, radius: Infinity }])], 3)).toEqual([
      Infinity,
      80,
      0,
    ]);
  });

  it('refuses a number that is not finite (a compiler bug, never a user’s)', () => {
    expect(() => emitProgram([{ ...wanderer, constants: [NaN, 0] }])).toThrow('compiler: not a finite number: NaN');
  });
});

describe('compile, end to end', () => {
  const doc = scene(
    [
      agentType(
        'a',
        [node('pt', 'point', { x: 700, y: 500 }), node('seek', 'seek'), node('scale', 'scale', { factor: 2 }), node('out', 'agent-output')],
        [wire('pt.point', 'seek.target'), wire('seek.force', 'scale.in'), wire('scale.force', 'out.force')],
        { count: 1, maxForce: 10 },
      ),
    ],
    { seed: 3 },
  );

  it('turns a document into source, and the source into forces that move agents', () => {
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.ok).toEqual([true]);
    expect(compiled.programSource).toBe(
      [
        'const S0 = new Float64Array(4);',
        'const K0 = Float64Array.of(700, 500);',
        'function force0(W, A) {',
        '  const n = A.count, F = A.force, s = S0;',
        '  for (let i = 0; i < n; i++) {',
        '    seek(s, 0, A, i, K0, 0);',
        '    s[2] = 2 * s[0]; s[3] = 2 * s[1];',
        '    F[2 * i] = s[2]; F[2 * i + 1] = s[3];',
        '  }',
        '}',
        '',
        'const PROGRAM = {',
        '  forces: [force0],',
        '  layouts: [{ memory: [], draws: 0, passes: 0, queryRadius: 0 }],',
        '  memory: [[]],',
        '};',
        '',
      ].join('\n'),
    );
    const world = createBehaviorWorld(doc, instantiate(compiled));
    world.positions('a').set([100, 100]);
    world.velocities('a').set([0, 0]);
    // Seek from rest, as the kernel computes it: k = maxSpeed / |t − p|, desired = (t − p) · k;
    // doubled by Scale, under maxForce 10.
    const k = 4 / Math.sqrt(600 * 600 + 400 * 400);
    const want = [600 * k, 400 * k];
    expect(Array.from(world.computeForces('a'))).toEqual([2 * want[0], 2 * want[1]]);
    world.step();
    // v = truncate(0 + f, maxSpeed 4): the doubled force overshoots the speed limit and is scaled back.
    const [vx, vy] = [2 * want[0], 2 * want[1]];
    const q = 4 / Math.sqrt(vx * vx + vy * vy);
    expect(Array.from(world.positions('a'))).toEqual([100 + vx * q, 100 + vy * q]);
  });
});
