/**
 * Warnings that know physics (src/compiler/physics.ts): each fires when it should and not when it
 * should not, carries the fix that makes it go, and the Arrive threshold is the real one: with the
 * suggested radius the compiled scene's agent stops without passing the target, and with a radius
 * 20 % shorter it passes it. No preset has any.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../runtime/api';
import { compile, formatDiagnostic } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import { OVERSHOOT_TOLERANCE, brakingLowerBound, stoppingRadius } from '../../nodes/physics';
import { physicsWarnings } from '../../src/compiler/physics';
import { setParam } from '../../src/document/commands';
import type { AgentType, GraphNode, ParamValue, SceneDocument } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { PRESET_KEYS, preset } from '../presets/helpers';

type TypeOver = Partial<Omit<AgentType, 'graph'>>;

/** Type 'a': Point (3000, 300) → Arrive → Agent Output, in a 4000 × 600 bounce world. */
function arriveScene(slowingRadius: number, over: TypeOver = {}): SceneDocument {
  return scene(
    [
      agentType(
        'a',
        [node('goal', 'point', { x: 3000, y: 300 }), node('arr', 'arrive', { slowingRadius }), node('out', 'agent-output')],
        [wire('goal.point', 'arr.target'), wire('arr.force', 'out.force')],
        { count: 1, ...over },
      ),
    ],
    { width: 4000, height: 600, edges: 'bounce' },
  );
}

/** Type 'a' whose Agent Output is fed by `last` of these nodes. */
function graphScene(nodes: GraphNode[], wires: [string, string][], over: TypeOver = {}, world: Partial<SceneDocument['world']> = {}): SceneDocument {
  return scene([agentType('a', [...nodes, node('out', 'agent-output')], wires.map(([f, t]) => wire(f, t)), over)], world);
}

/**
 * Runs the compiled scene: agent 0 of 'a' starts `distance` px left of the target at (3000, 300),
 * at full speed toward it; returns how far it ever gets past the target (px) and where it ends.
 */
function runArrive(doc: SceneDocument, distance: number, ticks = 4000): { overshoot: number; rest: number } {
  const compiled = compile(doc);
  expect(compiled.ok).toEqual([true]);
  const world = createBehaviorWorld(doc, instantiate(compiled));
  const t = doc.agentTypes[0];
  const S = t.maxSpeed;
  world.positions('a').set([3000 - distance, 300]);
  world.velocities('a').set([S, 0]);
  let overshoot = 0;
  for (let k = 0; k < ticks; k++) {
    world.step();
    overshoot = Math.max(overshoot, world.positions('a')[0] - 3000);
  }
  const p = world.positions('a');
  return { overshoot, rest: Math.hypot(p[0] - 3000, p[1] - 300) };
}

/** Applies a warning's fix as the app does: each parameter through the document's setParam. */
function applyFix(doc: SceneDocument, typeId: string, nodeId: string, params: Record<string, ParamValue>): SceneDocument {
  return Object.entries(params).reduce((d, [k, v]) => setParam(typeId, nodeId, k, v)(d), doc);
}

describe('Arrive: a slowing radius too short to stop in', () => {
  it('warns with the distance the agent needs and the radius that fixes it', () => {
    const d = compile(arriveScene(40, { maxSpeed: 4, maxForce: 0.1 })).diagnostics;
    expect(d).toHaveLength(1);
    const [w] = d;
    expect(w).toMatchObject({ severity: 'warning', agentType: 'a', nodeId: 'arr', port: 'slowingRadius', path: 'agentTypes[0].states[0].graph.nodes[1].params.slowingRadius' });
    // BEHAVIORS.md: with mass 1 the agent stops when R ≥ S²/(2F) + S = 84; the integrator says a little less.
    expect(w.message).toBe(
      'Slowing radius 40 px is too short: at maxSpeed 4 px/tick and maxForce 0.1 this agent needs about 82 px to stop, so it passes the target and turns back.',
    );
    expect(w.fix).toEqual({ label: 'set slowing radius to 85 px', params: { slowingRadius: 85 } });
  });

  it('does not warn when the radius is long enough', () => {
    expect(compile(arriveScene(85, { maxSpeed: 4, maxForce: 0.1 })).diagnostics).toEqual([]);
    expect(compile(arriveScene(100, { maxSpeed: 4, maxForce: 0.2 })).diagnostics).toEqual([]);
  });

  it('warns right at the threshold: just below it yes, at it no', () => {
    const found = stoppingRadius(4, 0.1, 1)!;
    expect(found.exact).toBe(true);
    expect(found.hi - found.lo).toBeLessThan(0.05);
    expect(compile(arriveScene(Math.floor(found.lo), { maxSpeed: 4, maxForce: 0.1 })).diagnostics).toHaveLength(1);
    expect(compile(arriveScene(Math.ceil(found.hi), { maxSpeed: 4, maxForce: 0.1 })).diagnostics).toEqual([]);
  });

  // The real module: the compiled scene, run through the runtime from several starting distances
  // (where the agent is when it enters the radius depends on them).
  describe.each([
    { maxSpeed: 4, maxForce: 0.1, mass: 1 },
    { maxSpeed: 3.5, maxForce: 0.08, mass: 1 },
    { maxSpeed: 6, maxForce: 0.5, mass: 1 },
    { maxSpeed: 4, maxForce: 0.2, mass: 2 },
    { maxSpeed: 2, maxForce: 0.1, mass: 5 },
    // light agents: before the mass rule (steer · mass) they never came to rest, and got no warning
    { maxSpeed: 4, maxForce: 0.05, mass: 0.5 },
    { maxSpeed: 8, maxForce: 0.05, mass: 0.25 },
    { maxSpeed: 6, maxForce: 0.06, mass: 0.3 },
  ])('maxSpeed $maxSpeed, maxForce $maxForce, mass $mass', (type) => {
    const fix = compile(arriveScene(1, type)).diagnostics[0]?.fix?.params.slowingRadius as number;

    it('with the suggested radius the agent stops on the target without passing it', () => {
      expect(fix).toBeGreaterThan(0);
      expect(compile(arriveScene(fix, type)).diagnostics).toEqual([]);
      for (let k = 0; k < 7; k++) {
        const { overshoot, rest } = runArrive(arriveScene(fix, type), 2000 + (k * type.maxSpeed) / 7);
        expect(overshoot).toBeLessThanOrEqual(OVERSHOOT_TOLERANCE);
        expect(rest).toBeLessThan(1);
      }
    });

    it('with a radius 20 % shorter it passes the target', () => {
      for (let k = 0; k < 7; k++) {
        const { overshoot } = runArrive(arriveScene(0.8 * fix, type), 2000 + (k * type.maxSpeed) / 7);
        expect(overshoot).toBeGreaterThan(OVERSHOOT_TOLERANCE);
      }
      expect(compile(arriveScene(0.8 * fix, type)).diagnostics).toHaveLength(1);
    });
  });

  it('takes the worst case of per-agent variation: the fastest and weakest agent', () => {
    const over = { maxSpeed: 4, maxForce: 0.1, variation: { maxSpeed: 0.1, maxForce: 0.2 } };
    const [w] = compile(arriveScene(90, over)).diagnostics;
    const worst = stoppingRadius(4.4, 0.08, 1)!;
    expect(w.message).toContain('with its per-agent variation, the fastest and weakest agent of this type (maxSpeed 4.4 px/tick and maxForce 0.08)');
    expect(w.fix!.params.slowingRadius).toBe(Math.ceil(worst.hi / 5) * 5);
    expect(compile(arriveScene(90, { maxSpeed: 4, maxForce: 0.1 })).diagnostics).toEqual([]);
  });

  it('names the mass when it is not 1', () => {
    const [w] = compile(arriveScene(100, { maxSpeed: 4, maxForce: 0.2, mass: 3 })).diagnostics;
    expect(w.message).toMatch(/^Slowing radius 100 px is too short: at maxSpeed 4 px\/tick, maxForce 0.2 and mass 3 this agent needs about \d+ px to stop/);
  });

  it('says so, without a fix, when no radius the node allows is enough', () => {
    const [w] = compile(arriveScene(100, { maxSpeed: 40, maxForce: 0.001 })).diagnostics;
    expect(w.message).toBe(
      'Slowing radius 100 px is too short: at maxSpeed 40 px/tick and maxForce 0.001 this agent needs more than 100,000 px to stop, so it passes the target and turns back. Lower maxSpeed or raise maxForce.',
    );
    expect(w.fix).toBeUndefined();
  });

  it('an agent too slow to brake in a simulation still gets the lower bound of its stopping distance', () => {
    // 4 px/tick at 0.001 px/tick²: 4,000 ticks of braking, at least 7,998 px.
    expect(brakingLowerBound(4, 0.001, 1)).toBeCloseTo(7998, 0);
    const [w] = compile(arriveScene(5000, { maxSpeed: 4, maxForce: 0.001 })).diagnostics;
    expect(w.message).toBe(
      'Slowing radius 5000 px is too short: at maxSpeed 4 px/tick and maxForce 0.001 this agent needs more than 7,998 px to stop, so it passes the target and turns back. Make the radius well larger than that, or raise maxForce.',
    );
    expect(w.fix).toBeUndefined();
    expect(compile(arriveScene(9000, { maxSpeed: 4, maxForce: 0.001 })).diagnostics).toEqual([]);
  });

  it('is silent for an agent that cannot move or cannot steer', () => {
    expect(compile(arriveScene(1, { maxSpeed: 0 })).diagnostics).toEqual([]);
    expect(compile(arriveScene(1, { maxForce: 0 })).diagnostics).toEqual([]);
    expect(compile(arriveScene(1, { maxForce: 0.1, variation: { maxForce: 1 } })).diagnostics).toEqual([]);
  });

  it.each([0.25, 0.5, 2])('mass %s needs the radius of mass 1 with maxForce / mass (BEHAVIORS.md, "Mass and the steering force")', (mass) => {
    // a power of two: (desired − v)·m/m is desired − v exactly, so the runs are the same bit for bit
    const S = 4;
    const F = 0.2;
    const own = stoppingRadius(S, F, mass)!;
    const same = stoppingRadius(S, F / mass, 1)!;
    expect(own).toEqual(same);
    expect(own.exact).toBe(true);
    // the formula's bound m·S²/(2F) + S is enough, and the warning goes exactly at the threshold
    expect(own.hi).toBeLessThanOrEqual((mass * S * S) / (2 * F) + S);
    expect(compile(arriveScene(Math.floor(own.lo), { maxSpeed: S, maxForce: F, mass })).diagnostics).toHaveLength(1);
    expect(compile(arriveScene(Math.ceil(own.hi), { maxSpeed: S, maxForce: F, mass })).diagnostics).toEqual([]);
  });

  it('the CLI line carries the fix', () => {
    const [w] = compile(arriveScene(40, { maxSpeed: 4, maxForce: 0.1 })).diagnostics;
    expect(formatDiagnostic(w)).toBe(`warning agentTypes[0].states[0].graph.nodes[1].params.slowingRadius (a/arr.slowingRadius): ${w.message} Fix: set slowing radius to 85 px.`);
  });

  it('applying the fix removes the warning, and the search is cached', () => {
    const doc = arriveScene(40, { maxSpeed: 5, maxForce: 0.15 });
    const [w] = compile(doc).diagnostics;
    const fixed = applyFix(doc, 'a', 'arr', w.fix!.params);
    expect(fixed.agentTypes[0].states[0].graph.nodes[1].params.slowingRadius).toBe(w.fix!.params.slowingRadius);
    expect(compile(fixed).diagnostics).toEqual([]);
    expect(stoppingRadius(5, 0.15, 1)).toBe(stoppingRadius(5, 0.15, 1));
  });
});

describe('Follow Path: the slowing radius at the end of an open path', () => {
  const follow = (loop: boolean, slowingRadius: number): SceneDocument =>
    graphScene(
      [node('route', 'path', { path: 'route' }), node('follow', 'follow-path', { slowingRadius })],
      [
        ['route.path', 'follow.path'],
        ['follow.force', 'out.force'],
      ],
      { maxSpeed: 4, maxForce: 0.1 },
      { paths: [{ id: 'route', points: [[100, 100], [700, 500]], loop }] },
    );

  it('warns on an open path, with the fix', () => {
    const [w, ...rest] = compile(follow(false, 40)).diagnostics;
    expect(rest).toEqual([]);
    expect(w).toMatchObject({ severity: 'warning', nodeId: 'follow', port: 'slowingRadius', fix: { params: { slowingRadius: 85 } } });
    expect(w.message).toBe(
      'Slowing radius 40 px is too short for the end of path "route": at maxSpeed 4 px/tick and maxForce 0.1 this agent needs about 82 px to stop, so it runs past the last point and turns back.',
    );
  });

  it('is silent on a looped path (it never stops) and with a radius long enough', () => {
    expect(compile(follow(true, 40)).diagnostics).toEqual([]);
    expect(compile(follow(false, 85)).diagnostics).toEqual([]);
  });
});

describe('Flock: separation that reaches as far as sight', () => {
  const flock = (params: Record<string, ParamValue>): SceneDocument => graphScene([node('f', 'flock', params)], [['f.force', 'out.force']]);

  it('warns when separation is beyond sight, with a fix that leaves room for cohesion', () => {
    const [w, ...rest] = compile(flock({ sight: 100, separation: 120 })).diagnostics;
    expect(rest).toEqual([]);
    expect(w).toMatchObject({ severity: 'warning', nodeId: 'f', port: 'separation', path: 'agentTypes[0].states[0].graph.nodes[0].params.separation' });
    expect(w.message).toMatch(/^Separation 120 px reaches beyond Sight 100 px: every neighbour this agent sees also pushes it away/);
    expect(w.fix).toEqual({ label: 'set separation to 50 px (half the sight)', params: { separation: 50 } });
    expect(compile(applyFix(flock({ sight: 100, separation: 120 }), 'a', 'f', w.fix!.params)).diagnostics).toEqual([]);
  });

  it('leaves equal radii alone (the classic boids setting, and the benchmark scene)', () => {
    expect(compile(flock({ sight: 80, separation: 80 })).diagnostics).toEqual([]);
    expect(compile(flock({ sight: 80, separation: 85 })).diagnostics).toHaveLength(1);
  });

  it('is silent with separation below sight, or when separation or both other rules are off', () => {
    expect(compile(flock({})).diagnostics).toEqual([]);
    expect(compile(flock({ sight: 100, separation: 99 })).diagnostics).toEqual([]);
    expect(compile(flock({ sight: 100, separation: 120, separationWeight: 0 })).diagnostics).toEqual([]);
    expect(compile(flock({ sight: 100, separation: 120, alignmentWeight: 0, cohesionWeight: 0 })).diagnostics).toEqual([]);
  });

  it('with sight 0, asks for a wider sight (no separation would fix it)', () => {
    const [w] = compile(flock({ sight: 0, separation: 30 })).diagnostics;
    expect(w.message).toMatch(/Raise Sight above the separation\.$/);
    expect(w.fix).toBeUndefined();
  });
});

describe('Truncate straight into the Agent Output', () => {
  const truncate = (params: Record<string, ParamValue>, over: TypeOver = {}, intoSum = false): SceneDocument =>
    graphScene(
      [node('p', 'pointer'), node('seek', 'seek'), node('t', 'truncate', params), ...(intoSum ? [node('sum', 'sum')] : [])],
      [
        ['p.point', 'seek.target'],
        ['seek.force', 't.in'],
        ...((intoSum ? [['t.force', 'sum.in0'], ['sum.force', 'out.force']] : [['t.force', 'out.force']]) as [string, string][]),
      ],
      { maxForce: 0.2, ...over },
    );

  it('at the agent’s maxForce: does nothing, says so, no fix', () => {
    const [w, ...rest] = compile(truncate({})).diagnostics;
    expect(rest).toEqual([]);
    expect(w).toMatchObject({ severity: 'warning', nodeId: 't', port: 'useMaxForce' });
    expect(w.message).toBe(
      'This Truncate caps the force at the agent’s maxForce, which the Agent Output already does: it does nothing here. Remove it, or turn off “Agent’s maxForce” and set a Max below maxForce to make this agent steer more gently.',
    );
    expect(w.fix).toBeUndefined();
  });

  it('at a custom max at or above maxForce: does nothing, says so', () => {
    const [w] = compile(truncate({ useMaxForce: false, max: 0.2 })).diagnostics;
    expect(w).toMatchObject({ severity: 'warning', nodeId: 't', port: 'max', path: 'agentTypes[0].states[0].graph.nodes[2].params.max' });
    expect(w.message).toBe(
      'Max 0.2 px/tick² is not below this agent type’s maxForce (0.2 px/tick²), and the Agent Output already caps the force at maxForce: this Truncate does nothing here. Set Max below 0.2 to make this agent steer more gently, or remove the node.',
    );
    expect(compile(truncate({ useMaxForce: false, max: 5 })).diagnostics).toHaveLength(1);
  });

  it('is silent below maxForce, below the largest varied maxForce, and inside the graph', () => {
    expect(compile(truncate({ useMaxForce: false, max: 0.1 })).diagnostics).toEqual([]);
    // With ±50 % variation some agents have up to 0.3: a cap of 0.25 slows those.
    expect(compile(truncate({ useMaxForce: false, max: 0.25 }, { variation: { maxForce: 0.5 } })).diagnostics).toEqual([]);
    expect(compile(truncate({ useMaxForce: false, max: 0.3 }, { variation: { maxForce: 0.5 } })).diagnostics[0].message).toContain('the largest maxForce of this type’s agents (0.3 px/tick²');
    // Into a Sum, a Truncate caps one term: it matters there.
    expect(compile(truncate({}, {}, true)).diagnostics).toEqual([]);
  });
});

describe('when the checks run', () => {
  it('only for graphs that compile: an error elsewhere in the graph silences them', () => {
    const doc = arriveScene(40, { maxSpeed: 4, maxForce: 0.1 });
    doc.agentTypes[0].states[0].graph.nodes.push(node('s', 'sum'));
    doc.agentTypes[0].states[0].graph.connections.push(wire('s.force', 'arr.target'));
    const d = compile(doc).diagnostics;
    expect(d.some((x) => x.severity === 'error')).toBe(true);
    expect(d.some((x) => x.fix)).toBe(false);
  });

  it('only for live nodes: an Arrive that feeds nothing gets only the “not connected” warning', () => {
    const doc = arriveScene(40, { maxSpeed: 4, maxForce: 0.1 });
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(node('p', 'pointer'), node('seek', 'seek'));
    g.connections = [wire('goal.point', 'arr.target'), wire('p.point', 'seek.target'), wire('seek.force', 'out.force')];
    expect(compile(doc).diagnostics.map((x) => `${x.nodeId}: ${x.message}`)).toEqual([
      'goal: Not connected to the Agent Output: this node does nothing',
      'arr: Not connected to the Agent Output: this node does nothing',
    ]);
  });

  it('not for a muted node', () => {
    const doc = arriveScene(40, { maxSpeed: 4, maxForce: 0.1 });
    Object.assign(doc.agentTypes[0].states[0].graph.nodes[1], { muted: true });
    expect(compile(doc).diagnostics.filter((x) => x.fix)).toEqual([]);
  });

  it('physicsWarnings gives the same warnings as compile, and they never change the code or refuse an export', () => {
    const doc = arriveScene(40, { maxSpeed: 4, maxForce: 0.1 });
    const compiled = compile(doc);
    expect(physicsWarnings(doc)).toEqual(compiled.diagnostics);
    const fine = compile(arriveScene(40, { maxSpeed: 4, maxForce: 1 }));
    expect(fine.diagnostics).toEqual([]);
    expect(compiled.programSource).toBe(fine.programSource);
    const exported = emitModule(doc);
    expect(exported.hasErrors).toBe(false);
    expect(exported.js.length).toBeGreaterThan(1000);
  });

  it('no preset has any', () => {
    for (const key of PRESET_KEYS) expect(physicsWarnings(preset(key)), key).toEqual([]);
  });
});
