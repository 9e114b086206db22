/**
 * Every node kind of the registry, compiled: the call it emits (with its literals) and the force it
 * gives in a small world, compared bit for bit with the runtime's kernels called directly. The
 * test walks NODE_DEFS, so a new kind without a fixture fails here.
 */
import { describe, expect, it } from 'vitest';
import { NODE_DEFS } from '../../nodes/index';
import { createBehaviorWorld, worldSpecOf, type BehaviorWorld } from '../../runtime/api';
import { prepareTick } from '../../runtime/step';
import { World } from '../../runtime/world';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { NODE_CASES, type NodeCase, type Placed } from '../fixtures/node-cases';

/** truncate(f, maxForce) per agent, as the integrator (and computeForces) caps it. */
function capped(raw: Float64Array, maxForce: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < maxForce.length; i++) {
    const fx = raw[2 * i];
    const fy = raw[2 * i + 1];
    const F = maxForce[i];
    const f2 = fx * fx + fy * fy;
    if (f2 > F * F) {
      const q = F / Math.sqrt(f2);
      out.push(fx * q, fy * q);
    } else out.push(fx, fy);
  }
  return out;
}

function placeAll(arrays: (id: string) => { pos: Float64Array; vel: Float64Array }, place: Record<string, Placed[]> = {}): void {
  for (const [id, agents] of Object.entries(place)) {
    const { pos, vel } = arrays(id);
    agents.forEach(([x, y, vx, vy], i) => {
      pos.set([x, y], 2 * i);
      vel.set([vx, vy], 2 * i);
    });
  }
}

/** Runs a case both ways; returns the compiled world's forces and the kernels' (capped). */
function run(c: NodeCase): { got: number[]; want: number[]; world: BehaviorWorld; ref: World; source: string } {
  const compiled = compile(c.doc);
  const warnings = c.warnings ?? [];
  expect(compiled.diagnostics).toHaveLength(warnings.length);
  compiled.diagnostics.forEach((d, k) => {
    expect(d.severity).toBe('warning');
    expect(d.message).toMatch(warnings[k]);
  });
  const world = createBehaviorWorld(c.doc, instantiate(compiled));
  const ref = new World(worldSpecOf(c.doc), c.layouts);
  if (c.pointer) {
    world.setPointer(...c.pointer);
    ref.setPointer(...c.pointer);
  }
  for (const [name, [x, y]] of Object.entries(c.targets ?? {})) {
    world.setTarget(name, x, y);
    const k = ref.targetNames.indexOf(name);
    ref.targets.set([x, y], 2 * k);
  }
  placeAll((id) => ({ pos: world.positions(id), vel: world.velocities(id) }), c.place);
  placeAll((id) => ref.type(id)!, c.place);
  c.prepare?.((world as unknown as { world: World }).world.types[0]);
  c.prepare?.(ref.types[0]);
  prepareTick(ref);
  const A = ref.types[0];
  const raw = new Float64Array(2 * A.count);
  c.reference(ref, raw);
  return { got: Array.from(world.computeForces('a')), want: capped(raw, A.maxForce), world, ref, source: compiled.programSource };
}

describe('every node kind has a fixture', () => {
  it('covers exactly the kinds of the registry', () => {
    expect(Object.keys(NODE_CASES).sort()).toEqual(NODE_DEFS.map((d) => d.kind).sort());
  });
});

describe.each(NODE_DEFS.map((d) => [d.kind]))('%s', (kind) => {
  const cases = NODE_CASES[kind] ?? [];

  it('has a fixture that uses it', () => {
    expect(cases.length, `tests/fixtures/node-cases.ts has no fixture for "${kind}"`).toBeGreaterThan(0);
    for (const c of cases) expect(c.doc.agentTypes[0].states[0].graph.nodes.some((n) => n.kind === kind), c.name).toBe(true);
  });

  for (const c of cases) {
    it(c.name, () => {
      const { got, want, source } = run(c);
      for (const fragment of c.emits) expect(source).toContain(fragment);
      for (const fragment of c.omits ?? []) expect(source).not.toContain(fragment);
      expect(got).toEqual(want);
      if (c.expect === 'all-zero') expect(got.every((v) => v === 0)).toBe(true);
      if (c.expect === 'some-nonzero') expect(got.some((v) => v !== 0)).toBe(true);
    });
  }
});

describe('what the fixtures show a user', () => {
  it('a Named Target follows setTarget: the force points at the new position, not the start', () => {
    const [c] = NODE_CASES['named-target'];
    const { world } = run(c);
    const p = world.positions('a');
    const f = world.computeForces('a');
    // Seek's force is maxSpeed · dir − v with |v| ≤ maxSpeed, so it never points away from the target.
    for (let i = 0; i < 3; i++) {
      const toNew = (300 - p[2 * i]) * f[2 * i] + (400 - p[2 * i + 1]) * f[2 * i + 1];
      expect(toNew).toBeGreaterThan(0);
    }
  });

  it('Follow Path advances an agent on a waypoint to the next one (its memory is the waypoint index)', () => {
    const [c] = NODE_CASES['follow-path'];
    const { world, ref } = run(c);
    const memory = world.snapshot().types.a.memory.follow;
    expect(memory).toEqual([1, 0, 0]);
    expect(Array.from(ref.types[0].mem)).toEqual([1, 0, 0]);
  });

  it('Avoid pushes an agent that is too close straight away from the circle', () => {
    const [c] = NODE_CASES.obstacles;
    const { got } = run(c);
    // Agent 0 sits 50 px left of the circle's centre (r 40, buffer 25), at rest: pushed in −x only.
    expect(got[0]).toBeLessThan(0);
    expect(got[1]).toBe(0);
  });

  it('Contain pushes an agent at the left wall to the right', () => {
    const [c] = NODE_CASES.contain;
    const { got } = run(c);
    expect(got[0]).toBeGreaterThan(0);
    expect(got[1]).toBe(0);
  });

  it('Truncate with a custom maximum caps below maxForce', () => {
    const [, custom] = NODE_CASES.truncate;
    const { got } = run(custom);
    for (let i = 0; i < 3; i++) expect(Math.hypot(got[2 * i], got[2 * i + 1])).toBeCloseTo(0.05, 12);
  });
});
