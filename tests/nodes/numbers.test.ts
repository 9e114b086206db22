/**
 * The number and condition nodes as a designer meets them: numbers that drive forces (a flee that
 * grows as the wolf nears), absent targets, parameters driven by a wire, and the compile-time and
 * tick-path arithmetic they rely on (dsincos, the per-agent random number, line of sight).
 */
import { describe, expect, it } from 'vitest';
import { dsincos } from '../../nodes/dsincos';
import { getNodeDef, inputPorts } from '../../nodes/index';
import { createBehaviorWorld, type BehaviorWorld } from '../../runtime/api';
import { agentRandom, neighbourCount, sees } from '../../runtime/behaviors/conditions';
import type { WallSpec } from '../../runtime/walls';
import { prepareTick } from '../../runtime/step';
import { World } from '../../runtime/world';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import type { GraphNode, SceneDocument } from '../../src/document/types';
import { NODE_CASES } from '../fixtures/node-cases';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { LOGIC_CASES } from '../fixtures/logic-cases';


/** Sheep that flee the nearest wolf within 300 px, Scale's factor from Distance → Map Range (0 px → 3, 300 px → 0). */
function fleeingSheep(): SceneDocument {
  return scene([
    agentType(
      'sheep',
      [
        node('wolf', 'nearest-agent', { agentType: 'wolf', radius: 300 }),
        node('flee', 'flee'),
        node('d', 'distance'),
        node('m', 'map-range', { inTo: 300, outFrom: 3, outTo: 0 }),
        node('k', 'scale'),
        node('out', 'agent-output'),
      ],
      [wire('wolf.agent', 'flee.target'), wire('wolf.agent', 'd.to'), wire('d.value', 'm.in'), wire('flee.force', 'k.in'), wire('m.value', 'k.factor'), wire('k.force', 'out.force')],
      { count: 3, maxForce: 100 },
    ),
    agentType('wolf', [node('c', 'contain'), node('out', 'agent-output')], [wire('c.force', 'out.force')], { count: 1 }),
  ]);
}

function world(doc: SceneDocument): BehaviorWorld {
  const c = compile(doc);
  expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return createBehaviorWorld(doc, instantiate(c));
}

function place(w: BehaviorWorld, id: string, agents: [number, number, number, number][]): void {
  agents.forEach(([x, y, vx, vy], i) => {
    w.positions(id).set([x, y], 2 * i);
    w.velocities(id).set([vx, vy], 2 * i);
  });
}

const len = (f: Float64Array, i: number) => Math.hypot(f[2 * i], f[2 * i + 1]);

describe('a number drives a force', () => {
  it('a flee grows as the wolf nears, and a sheep with no wolf in range gets no force', () => {
    const w = world(fleeingSheep());
    place(w, 'wolf', [[400, 300, 0, 0]]);
    place(w, 'sheep', [[350, 300, 0, 0], [200, 300, 0, 0], [20, 20, 0, 0]]);
    const f = w.computeForces('sheep');
    expect(len(f, 0)).toBeGreaterThan(len(f, 1));
    expect(len(f, 1)).toBeGreaterThan(0);
    expect([f[4], f[5]]).toEqual([0, 0]);
    // pointing away from the wolf
    expect(f[0]).toBeLessThan(0);
    expect(f[2]).toBeLessThan(0);
  });

  it('after a tick the nearer sheep runs faster, where a fixed factor gives both the same speed', () => {
    const speeds = (wired: boolean) => {
      const doc = fleeingSheep();
      const g = doc.agentTypes[0].states[0].graph;
      g.nodes.find((n) => n.id === 'm')!.params = { inTo: 300, outFrom: 1, outTo: 0 };
      if (!wired) g.connections = g.connections.filter((c) => c.to[1] !== 'factor');
      const w = world(doc);
      place(w, 'wolf', [[400, 300, 0, 0]]);
      place(w, 'sheep', [[380, 300, 0, 0], [200, 300, 0, 0], [20, 20, 0, 0]]);
      w.step(1);
      return [len(w.velocities('sheep'), 0), len(w.velocities('sheep'), 1)];
    };
    const [near, far] = speeds(true);
    expect(near).toBeGreaterThan(2 * far);
    expect(far).toBeGreaterThan(0);
    const [a, b] = speeds(false);
    expect(a).toBe(b);
  });

  it('an unconnected factor is the literal, exactly as before; connected, the field’s value is ignored', () => {
    const withFactor = (factor: number, wired: boolean) => {
      const doc = fleeingSheep();
      const g = doc.agentTypes[0].states[0].graph;
      g.nodes.find((n) => n.id === 'k')!.params = { factor };
      if (!wired) g.connections = g.connections.filter((c) => c.to[1] !== 'factor');
      return compile(doc).programSource;
    };
    expect(withFactor(2.5, false)).toContain('= 2.5 * s[0];');
    expect(withFactor(2.5, true)).toBe(withFactor(7, true));
  });

  it('Scale’s factor and each Sum weight have a number input; a force wired there is refused by name', () => {
    expect(inputPorts(getNodeDef('scale')!, {}).find((p) => p.key === 'factor')?.type).toBe('number');
    expect(inputPorts(getNodeDef('sum')!, { inputs: 2 }).filter((p) => p.type === 'number').map((p) => p.key)).toEqual(['w0', 'w1']);
    const doc = fleeingSheep();
    doc.agentTypes[0].states[0].graph.connections.push({ from: ['flee', 'force'], to: ['k', 'factor'] });
    doc.agentTypes[0].states[0].graph.connections = doc.agentTypes[0].states[0].graph.connections.filter((c) => !(c.from[0] === 'm' && c.to[1] === 'factor'));
    const d = compile(doc).diagnostics.filter((x) => x.severity === 'error');
    expect(d.map((x) => x.message)).toEqual(['Scale’s Factor input takes a number, not the force of Flee']);
  });

  it('a Sum weight driven by Speed weighs its force by the agent’s speed', () => {
    const doc = scene([
      agentType(
        'a',
        [node('p', 'pointer'), node('seek', 'seek'), node('v', 'speed'), node('sum', 'sum', { inputs: 2 }), node('out', 'agent-output')],
        [wire('p.point', 'seek.target'), wire('seek.force', 'sum.in0'), wire('v.value', 'sum.w0'), wire('sum.force', 'out.force')],
        { count: 2, maxForce: 100 },
      ),
    ]);
    const w = world(doc);
    w.setPointer(400, 300);
    place(w, 'a', [[100, 300, 0, 0], [100, 300, 0, 2]]);
    const f = w.computeForces('a');
    expect([f[0], f[1]]).toEqual([0, 0]);
    // seek from (100, 300) moving (0, 2) at maxSpeed 4: (4, −2), times speed 2
    expect([f[2], f[3]]).toEqual([8, -4]);
  });
});

describe('absent targets', () => {
  /** Distance to the nearest wolf within 50 px compared with 100 px, `op`; the If gives 1 or 0. */
  function holds(op: string, negate = false): number[] {
    const nodes: GraphNode[] = [
      node('p', 'pointer'),
      node('seek', 'seek'),
      node('wolf', 'nearest-agent', { agentType: 'wolf', radius: 50 }),
      node('d', 'distance'),
      node('c', 'compare', { op, b: 100 }),
      node('no', 'not'),
      node('if', 'if'),
      node('k', 'scale'),
      node('out', 'agent-output'),
    ];
    const doc = scene([
      agentType(
        'a',
        nodes,
        [
          wire('p.point', 'seek.target'),
          wire('wolf.agent', 'd.to'),
          wire('d.value', 'c.a'),
          ...(negate ? [wire('c.holds', 'no.in'), wire('no.holds', 'if.when')] : [wire('c.holds', 'if.when')]),
          wire('seek.force', 'k.in'),
          wire('if.value', 'k.factor'),
          wire('k.force', 'out.force'),
        ],
        { count: 1, maxForce: 100 },
      ),
      agentType('wolf', [node('c', 'contain'), node('out', 'agent-output')], [wire('c.force', 'out.force')], { count: 1 }),
    ]);
    const w = world(doc);
    w.setPointer(400, 300);
    place(w, 'wolf', [[700, 500, 0, 0]]);
    place(w, 'a', [[100, 100, 0, 0]]);
    const f = w.computeForces('a');
    return [f[0] === 0 && f[1] === 0 ? 0 : 1];
  }

  it('with no wolf in range, Distance below and above are both false, and Not(below) is true', () => {
    expect(holds('lt')).toEqual([0]);
    expect(holds('ge')).toEqual([0]);
    expect(holds('gt')).toEqual([0]);
    expect(holds('lt', true)).toEqual([1]);
  });
});

describe('dsincos', () => {
  it('is within 2e-15 of Math.cos and Math.sin over [0°, 360°] and exact at the quarter turns', () => {
    let worst = 0;
    for (let k = 0; k <= 360_000; k += 7) {
      const deg = k / 1000;
      const [c, s] = dsincos(deg);
      const r = (deg * Math.PI) / 180;
      worst = Math.max(worst, Math.abs(c - Math.cos(r)), Math.abs(s - Math.sin(r)));
    }
    expect(worst).toBeLessThan(2e-15);
    expect(dsincos(0)).toEqual([1, 0]);
    expect(dsincos(90)).toEqual([-0, 1]);
    expect(dsincos(180)[0]).toBe(-1);
    expect(dsincos(360)[0]).toBe(1);
  });
});

describe('Random per Agent', () => {
  it('is in [0, 1), fixed per agent over ticks and counts, and differs by key and seed', () => {
    const w = new World({ width: 800, height: 600, edges: 'wrap', seed: 5, agentTypes: [{ id: 'a', count: 1000, mass: 1, maxSpeed: 1, maxForce: 1 }] });
    const A = w.types[0];
    const values = Array.from({ length: 1000 }, (_, i) => agentRandom(w, A, i, 0));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    expect(new Set(values).size).toBe(1000);
    w.setCount(0, 10);
    w.setCount(0, 1000);
    expect(Array.from({ length: 1000 }, (_, i) => agentRandom(w, A, i, 0))).toEqual(values);
    expect(agentRandom(w, A, 3, 1)).not.toBe(values[3]);
    const other = new World({ width: 800, height: 600, edges: 'wrap', seed: 6, agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 1, maxForce: 1 }] });
    expect(agentRandom(other, other.types[0], 0, 0)).not.toBe(values[0]);
  });
});

describe('Neighbour Count', () => {
  it('counts the agents strictly within r, never itself, as a look at every agent does', () => {
    const w = new World({ width: 1000, height: 1000, edges: 'bounce', seed: 3, agentTypes: [{ id: 'a', count: 400, mass: 1, maxSpeed: 1, maxForce: 1 }] }, [{ queryRadius: 40 }]);
    prepareTick(w);
    const A = w.types[0];
    for (let i = 0; i < A.count; i++) {
      let want = 0;
      for (let j = 0; j < A.count; j++) {
        const dx = A.pos[2 * j] - A.pos[2 * i];
        const dy = A.pos[2 * j + 1] - A.pos[2 * i + 1];
        if (j !== i && dx * dx + dy * dy < 40 * 40) want++;
      }
      expect(neighbourCount(A, A, i, 40)).toBe(want);
    }
  });
});

describe('Sees', () => {
  const at = (x: number, y: number, obstacles: { x: number; y: number; r: number }[]) => {
    const w = new World({ width: 800, height: 600, edges: 'wrap', seed: 1, obstacles, agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 1, maxForce: 1 }] });
    w.types[0].pos.set([x, y]);
    w.types[0].head.set([1, 0]);
    return (tx: number, ty: number, range = 0, fov = 360) => sees(w, w.types[0], 0, Float64Array.of(tx, ty), 0, range, fov < 360, dsincos(fov / 2)[0]);
  };

  it('a circle in between blocks; a tangent does not; an agent inside a circle sees nothing', () => {
    const circle = [{ x: 200, y: 100, r: 10 }];
    expect(at(100, 100, circle)(300, 100)).toBe(false);
    // the sight line y = 110 touches the circle: not blocked
    expect(at(100, 110, circle)(300, 110)).toBe(true);
    expect(at(100, 109, circle)(300, 109)).toBe(false);
    // inside: not even its own position; outside, its own position is seen
    expect(at(200, 105, circle)(200, 105)).toBe(false);
    expect(at(100, 100, circle)(100, 100)).toBe(true);
  });

  it('a solid wall in between blocks (not a region, not one through the viewer or the target, not one seen edge-on)', () => {
    const look = (x: number, y: number, walls: WallSpec[], edges: 'wrap' | 'bounce' = 'wrap') => {
      const w = new World({ width: 800, height: 600, edges, seed: 1, walls, agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 1, maxForce: 1 }] });
      w.types[0].pos.set([x, y]);
      w.types[0].head.set([1, 0]);
      return (tx: number, ty: number) => sees(w, w.types[0], 0, Float64Array.of(tx, ty), 0, 0, false, 1);
    };
    const wall: WallSpec = { id: 'w', points: [[200, 0], [200, 200]], closed: false };
    expect(look(100, 100, [wall])(300, 100)).toBe(false);
    expect(look(100, 100, [wall])(150, 100)).toBe(true);
    expect(look(100, 100, [wall])(300, 400)).toBe(true); // past its end
    expect(look(200, 100, [wall])(300, 100)).toBe(true); // the viewer on the wall
    expect(look(100, 100, [wall])(200, 100)).toBe(true); // the target on the wall
    expect(look(200, 250, [wall])(200, 300)).toBe(true); // along its line
    expect(look(100, 100, [{ ...wall, solid: false }])(300, 100)).toBe(true);
    // a polygon is opaque, vertices included
    const box: WallSpec = { id: 'b', points: [[300, 300], [400, 300], [400, 400], [300, 400]], closed: true };
    expect(look(250, 250, [box])(450, 450)).toBe(false);
    expect(look(250, 350, [box], 'bounce')(450, 350)).toBe(false);
    expect(look(250, 250, [box], 'bounce')(250, 500)).toBe(true);
  });

  it('the range is strict and the field of view is centred on the heading', () => {
    const look = at(100, 100, []);
    expect(look(400, 100, 300)).toBe(false);
    expect(look(400, 100, 301)).toBe(true);
    expect(look(100, 300)).toBe(true);
    expect(look(100, 300, 0, 90)).toBe(false);
    expect(look(300, 150, 0, 90)).toBe(true);
    expect(look(0, 100, 0, 359)).toBe(false);
  });
});

describe('the code of the number and condition nodes', () => {
  it('uses no transcendental Math on the tick path', () => {
    for (const [kind, cases] of Object.entries(LOGIC_CASES)) {
      for (const c of cases) {
        const src = compile(c.doc).programSource;
        const used = [...src.matchAll(/Math\.(\w+)/g)].map((m) => m[1]).filter((f) => !['sqrt', 'min', 'max'].includes(f));
        expect(used, `${kind}: ${c.name}`).toEqual([]);
      }
    }
    expect(Object.keys(LOGIC_CASES).every((k) => NODE_CASES[k] === LOGIC_CASES[k])).toBe(true);
  });

  it('rejects a signal name that is not an id and an operator that is not one of the four', () => {
    const doc = (params: GraphNode['params'], kind: string) =>
      scene([agentType('a', [node('x', kind, params), node('if', 'if'), node('c', 'contain'), node('k', 'scale'), node('out', 'agent-output')], [wire('x.holds', 'if.when'), wire('c.force', 'k.in'), wire('if.value', 'k.factor'), wire('k.force', 'out.force')])]);
    expect(compile(doc({ name: 'two words' }, 'signal')).diagnostics.map((d) => d.message)).toEqual([
      'Name must be a name (a letter or _, then letters, digits, _ or -; at most 64), got "two words"',
    ]);
    expect(compile(doc({ name: 'alarm' }, 'signal')).diagnostics).toEqual([]);
    const cmp = scene([
      agentType('a', [node('v', 'speed'), node('x', 'compare', { op: 'eq' }), node('if', 'if'), node('c', 'contain'), node('k', 'scale'), node('out', 'agent-output')], [wire('v.value', 'x.a'), wire('x.holds', 'if.when'), wire('c.force', 'k.in'), wire('if.value', 'k.factor'), wire('k.force', 'out.force')]),
    ]);
    expect(compile(cmp).diagnostics.map((d) => d.message)).toEqual(['Is must be one of "lt", "le", "gt", "ge", got "eq"']);
  });
});
