/**
 * Property tests of the simulation core (BEHAVIORS.md, "Vector rules"; DESIGN.md, contract 7 "Never
 * NaN"): over generated worlds and graphs built from the runtime's kernels, every position,
 * velocity, heading and force stays finite, every speed stays within the agent's maxSpeed and every
 * position inside the world, tick after tick.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestAgent } from '../../runtime/grid';
import { step, type ForceFn } from '../../runtime/step';
import { World, type Agents, type AgentTypeSpec, type TypeLayout, type WorldSpec } from '../../runtime/world';
import { arrive } from '../../runtime/behaviors/arrive';
import { avoid } from '../../runtime/behaviors/avoid';
import { contain } from '../../runtime/behaviors/contain';
import { evade } from '../../runtime/behaviors/evade';
import { flee } from '../../runtime/behaviors/flee';
import { flockPass } from '../../runtime/behaviors/flock';
import { followPath } from '../../runtime/behaviors/follow-path';
import { pursue } from '../../runtime/behaviors/pursue';
import { seek } from '../../runtime/behaviors/seek';

/** out = a if |a| ≤ max, else a · (max / |a|) (max ≥ 0); `out` may be `a`. */
function truncate(out: Float64Array, a: Float64Array, max: number): Float64Array {
  const x = a[0];
  const y = a[1];
  const len2 = x * x + y * y;
  if (len2 > max * max) {
    const k = max / Math.sqrt(len2);
    out[0] = x * k;
    out[1] = y * k;
  } else {
    out[0] = x;
    out[1] = y;
  }
  return out;
}
import { wander } from '../../runtime/behaviors/wander';

// ---------------------------------------------------------------------------------------------
// The ranges the properties hold over. They are the ranges a scene can reach the tick with (what
// the validators admit, BEHAVIORS.md "Vector rules"), in the runtime's units: px and ticks.
// A positive magnitude is either exactly 0 (where 0 is allowed) or at least TINY: below that,
// squared magnitudes underflow to 0 (1e-160² = 0 in doubles), so no truncation by comparing
// squares can see them; 1e-9 px/tick is 5 mm a century at 60 ticks/s.
// ---------------------------------------------------------------------------------------------
/** Smallest positive magnitude drawn (px, px/tick, px/tick²). */
const TINY = 1e-9;
/** World width and height, px. */
const WORLD_SIZE = { min: 1, max: 100_000 };
/** maxSpeed, px/tick (0 allowed: the agent stands still). */
const MAX_SPEED = { min: 0, max: 1000 };
/** maxForce, px/tick² (0 allowed). */
const MAX_FORCE = { min: 0, max: 1000 };
/** Mass (> 0). */
const MASS = { min: 1e-3, max: 1e6 };
/** Agents per type; types per world. */
const COUNT = { min: 0, max: 50 };
const TYPES = { min: 1, max: 3 };
/** Obstacles per world; their radius (px) and drift (px/tick per component). */
const OBSTACLES = { max: 4 };
const OBSTACLE_RADIUS = { min: 0, max: 1000 };
const DRIFT = { min: -1000, max: 1000 };
/** Distances of behaviour parameters (panic and threat distance, sight, separation, feeler, …), px. */
const DISTANCE = { min: 0, max: 1000 };
/** Sum weights and Scale factors. */
const WEIGHT = { min: -10, max: 10 };
/** Behaviour terms per graph; ticks simulated per world; worlds generated. */
const TERMS = { min: 1, max: 5 };
const TICKS = 30;
const RUNS = 500;

/** A double in [min, max]: 0 exactly, or at least TINY in magnitude (no NaN, no infinity). */
function magnitude(r: { min: number; max: number }, positive = false): fc.Arbitrary<number> {
  const lo = Math.max(r.min, TINY);
  const big = fc.double({ min: lo, max: r.max, noNaN: true });
  if (positive || r.min > 0) return big;
  return fc.oneof(fc.constant(0), big);
}

/** A signed double in [min, max] (0, or |x| ≥ TINY). */
function signed(r: { min: number; max: number }): fc.Arbitrary<number> {
  const pos = fc.double({ min: TINY, max: r.max, noNaN: true });
  const neg = fc.double({ min: r.min, max: -TINY, noNaN: true });
  return fc.oneof(fc.constant(0), pos, neg);
}

/** A coordinate in [0, size] (borders included: a bounced agent sits on the border). */
function coordinate(size: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constant(0),
    fc.constant(size),
    fc.double({ min: 0, max: size, noNaN: true }).filter((x) => x === 0 || x >= TINY),
  );
}

// ------------------------------------------------------------------------------------------
// Graphs: a weighted Sum (optionally truncated, or a Priority) of terms made from the kernels. The
// combinators are written out here, as the compiler emits a Sum: plain arithmetic per agent.
// ------------------------------------------------------------------------------------------
type Target =
  | { kind: 'pointer' }
  | { kind: 'point'; u: number; v: number } // fractions of the world size
  | { kind: 'named' }
  | { kind: 'nearest'; type: number; radius: number };

type Term =
  | { kind: 'seek'; w: number; target: Target }
  | { kind: 'flee'; w: number; target: Target; panic: number }
  | { kind: 'arrive'; w: number; target: Target; slowing: number }
  | { kind: 'pursue'; w: number; type: number; radius: number }
  | { kind: 'evade'; w: number; type: number; radius: number; threat: number }
  | { kind: 'wander'; w: number; distance: number; radius: number; jitter: number }
  | { kind: 'avoid'; w: number; feeler: number; buffer: number }
  | { kind: 'follow'; w: number; threshold: number; slowing: number }
  | { kind: 'flock'; w: number; type: number; sight: number; separation: number; ws: number; wa: number; wc: number; front: boolean }
  | { kind: 'contain'; w: number; margin: number };

interface Graph {
  terms: Term[];
  /** 'sum': Σ wᵢ fᵢ; 'truncate': truncate(Σ, maxForce); 'priority': Buckland's running sum. */
  combine: 'sum' | 'truncate' | 'priority';
}

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const typeRef = fc.nat({ max: TYPES.max - 1 }); // taken modulo the number of types
const positiveDistance = magnitude(DISTANCE, true);

const target: fc.Arbitrary<Target> = fc.oneof(
  fc.constant<Target>({ kind: 'pointer' }),
  fc.record({ kind: fc.constant('point' as const), u: fraction, v: fraction }),
  fc.constant<Target>({ kind: 'named' }),
  fc.record({ kind: fc.constant('nearest' as const), type: typeRef, radius: magnitude(DISTANCE) }),
);

const weight = signed(WEIGHT);
const term: fc.Arbitrary<Term> = fc.oneof(
  fc.record({ kind: fc.constant('seek' as const), w: weight, target }),
  fc.record({ kind: fc.constant('flee' as const), w: weight, target, panic: magnitude(DISTANCE) }),
  fc.record({ kind: fc.constant('arrive' as const), w: weight, target, slowing: positiveDistance }),
  fc.record({ kind: fc.constant('pursue' as const), w: weight, type: typeRef, radius: magnitude(DISTANCE) }),
  fc.record({ kind: fc.constant('evade' as const), w: weight, type: typeRef, radius: magnitude(DISTANCE), threat: magnitude(DISTANCE) }),
  fc.record({ kind: fc.constant('wander' as const), w: weight, distance: magnitude(DISTANCE), radius: magnitude(DISTANCE), jitter: magnitude({ min: 0, max: 10 }) }),
  fc.record({ kind: fc.constant('avoid' as const), w: weight, feeler: positiveDistance, buffer: positiveDistance }),
  fc.record({ kind: fc.constant('follow' as const), w: weight, threshold: magnitude(DISTANCE), slowing: positiveDistance }),
  fc.record({
    kind: fc.constant('flock' as const),
    w: weight,
    type: typeRef,
    sight: positiveDistance,
    separation: positiveDistance,
    ws: weight,
    wa: weight,
    wc: weight,
    front: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('contain' as const), w: weight, margin: fc.double({ min: 0, max: 1, noNaN: true, minExcluded: true }) }),
);

const graph: fc.Arbitrary<Graph> = fc.record({
  terms: fc.array(term, { minLength: TERMS.min, maxLength: TERMS.max }),
  combine: fc.constantFrom('sum' as const, 'truncate' as const, 'priority' as const),
});

// ------------------------------------------------------------------------------------------
// Worlds
// ------------------------------------------------------------------------------------------
interface Case {
  spec: WorldSpec;
  graphs: Graph[];
  /** Agent positions to overwrite after spawning (u, v fractions of the world, or borders). */
  placed: Array<{ type: number; agent: number; x: number; y: number }>;
  /** Pairs of agents put on one point: (type, agent) ← (type, agent). */
  coincident: Array<[number, number, number, number]>;
  pointer: [number, number];
  path: Array<[number, number]>;
  loop: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    width: fc.double({ min: WORLD_SIZE.min, max: WORLD_SIZE.max, noNaN: true }),
    height: fc.double({ min: WORLD_SIZE.min, max: WORLD_SIZE.max, noNaN: true }),
    edges: fc.constantFrom('wrap' as const, 'bounce' as const),
    seed: fc.nat({ max: 0xffffffff }),
    nTypes: fc.integer({ min: TYPES.min, max: TYPES.max }),
  })
  .chain((w) => {
    const x = coordinate(w.width);
    const y = coordinate(w.height);
    const agentType = (k: number): fc.Arbitrary<AgentTypeSpec> =>
      fc.record(
        {
          id: fc.constant(`t${k}`),
          count: fc.integer(COUNT),
          mass: fc.double({ min: MASS.min, max: MASS.max, noNaN: true }),
          maxSpeed: magnitude(MAX_SPEED),
          maxForce: magnitude(MAX_FORCE),
          spawn: fc.record({ speed: fraction }, { requiredKeys: [] }),
          variation: fc.record({ maxSpeed: fraction, maxForce: fraction }, { requiredKeys: [] }),
        },
        { requiredKeys: ['id', 'count', 'mass', 'maxSpeed', 'maxForce'] },
      );
    const obstacle = fc.record(
      { x, y, r: magnitude(OBSTACLE_RADIUS), vx: signed(DRIFT), vy: signed(DRIFT) },
      { requiredKeys: ['x', 'y', 'r'] },
    );
    const point = fc.tuple(x, y);
    return fc.record({
      spec: fc.record({
        width: fc.constant(w.width),
        height: fc.constant(w.height),
        edges: fc.constant(w.edges),
        seed: fc.constant(w.seed),
        obstacles: fc.array(obstacle, { maxLength: OBSTACLES.max }),
        targets: point.map(([tx, ty]) => [{ name: 'goal', x: tx, y: ty }]),
        agentTypes: fc.tuple(...Array.from({ length: w.nTypes }, (_, k) => agentType(k))),
      }),
      graphs: fc.tuple(...Array.from({ length: w.nTypes }, () => graph)),
      placed: fc.array(
        fc.record({ type: fc.nat({ max: w.nTypes - 1 }), agent: fc.nat({ max: COUNT.max - 1 }), x, y }),
        { maxLength: 20 },
      ),
      coincident: fc.array(
        fc.tuple(fc.nat({ max: w.nTypes - 1 }), fc.nat({ max: COUNT.max - 1 }), fc.nat({ max: w.nTypes - 1 }), fc.nat({ max: COUNT.max - 1 })),
        { maxLength: 20 },
      ),
      pointer: point,
      path: fc.array(point, { maxLength: 6 }),
      loop: fc.boolean(),
    });
  }) as fc.Arbitrary<Case>;

/** The layouts the graphs need: memory for Wander and Follow Path, draws, grids, Flock passes. */
function layoutsFor(c: Case): TypeLayout[] {
  const n = c.graphs.length;
  const layouts: Array<{ memory: number[]; draws: number; queryRadius: number; passes: number }> = c.graphs.map(() => ({
    memory: [],
    draws: 0,
    queryRadius: 0,
    passes: 0,
  }));
  const query = (type: number, radius: number) => {
    const l = layouts[type % n];
    l.queryRadius = Math.max(l.queryRadius, radius > 0 ? radius : Infinity);
  };
  c.graphs.forEach((g, k) => {
    for (const t of g.terms) {
      if (t.kind === 'wander') {
        layouts[k].memory.push(1, 0);
        layouts[k].draws++;
      } else if (t.kind === 'follow') layouts[k].memory.push(0);
      else if (t.kind === 'flock') {
        layouts[k].passes++;
        query(t.type, Math.max(t.sight, t.separation));
      } else if (t.kind === 'pursue' || t.kind === 'evade') query(t.type, t.radius);
      else if ((t.kind === 'seek' || t.kind === 'flee' || t.kind === 'arrive') && t.target.kind === 'nearest') {
        query(t.target.type, t.target.radius);
      }
    }
  });
  return layouts;
}

/** The force function of type k: the graph's terms, as the compiler would emit them. */
function forceFor(c: Case, k: number, world: World): ForceFn {
  const g = c.graphs[k];
  const n = c.graphs.length;
  const path = world.paths[0];
  // Memory offsets and draw indices in term order, as the compiler assigns them.
  const memAt: number[] = [];
  const drawAt: number[] = [];
  let mem = 0;
  let draw = 0;
  let pass = 0;
  const passAt: number[] = [];
  for (const t of g.terms) {
    memAt.push(mem);
    drawAt.push(draw);
    passAt.push(pass);
    if (t.kind === 'wander') {
      mem += 2;
      draw++;
    } else if (t.kind === 'follow') mem++;
    else if (t.kind === 'flock') pass++;
  }
  const s = new Float64Array(2);
  const acc = new Float64Array(2);

  /** The target point of agent i, or false when it is absent this tick. */
  const pointOf = (w: World, A: Agents, i: number, t: Target): boolean => {
    switch (t.kind) {
      case 'pointer':
        s[0] = w.pointer[0];
        s[1] = w.pointer[1];
        return true;
      case 'point':
        s[0] = t.u * w.width;
        s[1] = t.v * w.height;
        return true;
      case 'named':
        s[0] = w.targets[0];
        s[1] = w.targets[1];
        return true;
      case 'nearest': {
        const G = w.types[t.type % n];
        const j = nearestAgent(G.grid!, A.pos, 2 * i, G === A ? i : -1, t.radius);
        if (j < 0) return false;
        s[0] = G.pos[2 * j];
        s[1] = G.pos[2 * j + 1];
        return true;
      }
    }
  };

  return (w, A) => {
    g.terms.forEach((t, q) => {
      if (t.kind === 'flock') {
        flockPass(A, w.types[t.type % n], t.sight, t.separation, t.ws, t.wa, t.wc, t.front, A.passes[passAt[q]]);
      }
    });
    for (let i = 0; i < A.count; i++) {
      acc[0] = 0;
      acc[1] = 0;
      const F = A.maxForce[i];
      g.terms.forEach((t, q) => {
        switch (t.kind) {
          case 'seek':
            if (pointOf(w, A, i, t.target)) seek(s, 0, A, i, s, 0);
            else s.fill(0);
            break;
          case 'flee':
            if (pointOf(w, A, i, t.target)) flee(s, 0, A, i, s, 0, t.panic);
            else s.fill(0);
            break;
          case 'arrive':
            if (pointOf(w, A, i, t.target)) arrive(s, 0, A, i, s, 0, t.slowing);
            else s.fill(0);
            break;
          case 'pursue':
          case 'evade': {
            const E = w.types[t.type % n];
            const j = nearestAgent(E.grid!, A.pos, 2 * i, E === A ? i : -1, t.radius);
            if (j < 0) s.fill(0);
            else if (t.kind === 'pursue') pursue(s, 0, A, i, E, j);
            else evade(s, 0, A, i, E, j, t.threat);
            break;
          }
          case 'wander':
            wander(s, 0, A, i, memAt[q], drawAt[q], t.distance, t.radius, t.jitter);
            break;
          case 'avoid':
            avoid(s, 0, A, i, w.obstacles, w.obstacleCount, t.feeler, t.buffer, w);
            break;
          case 'follow':
            followPath(s, 0, A, i, memAt[q], path, t.threshold, t.slowing);
            break;
          case 'flock': {
            const P = A.passes[passAt[q]];
            s[0] = P[2 * i];
            s[1] = P[2 * i + 1];
            break;
          }
          case 'contain':
            contain(s, 0, A, i, w.width, w.height, t.margin * 0.5 * Math.min(w.width, w.height));
            break;
        }
        s[0] *= t.w;
        s[1] *= t.w;
        if (g.combine === 'priority') {
          // Buckland's running sum: left = F − |acc|; stop when left ≤ 0; acc += truncate(f, left)
          const left = F - Math.sqrt(acc[0] * acc[0] + acc[1] * acc[1]);
          if (left > 0) {
            truncate(s, s, left);
            acc[0] += s[0];
            acc[1] += s[1];
          }
        } else {
          acc[0] += s[0];
          acc[1] += s[1];
        }
      });
      if (g.combine === 'truncate') truncate(acc, acc, F);
      A.force[2 * i] = acc[0];
      A.force[2 * i + 1] = acc[1];
    }
  };
}

/** Builds the world of a case: spec, layouts, placed and coincident agents, pointer. */
function build(c: Case): { world: World; forces: ForceFn[] } {
  const spec: WorldSpec = { ...c.spec, paths: [{ id: 'route', points: c.path, loop: c.loop }] };
  const world = new World(spec, layoutsFor(c));
  for (const p of c.placed) {
    const a = world.types[p.type];
    if (p.agent >= a.count) continue;
    a.pos[2 * p.agent] = world.wrap && p.x === world.width ? 0 : p.x;
    a.pos[2 * p.agent + 1] = world.wrap && p.y === world.height ? 0 : p.y;
  }
  for (const [ta, ia, tb, ib] of c.coincident) {
    const a = world.types[ta];
    const b = world.types[tb];
    if (ia >= a.count || ib >= b.count) continue;
    a.pos[2 * ia] = b.pos[2 * ib];
    a.pos[2 * ia + 1] = b.pos[2 * ib + 1];
  }
  world.setPointer(c.pointer[0], c.pointer[1]);
  return { world, forces: c.graphs.map((_, k) => forceFor(c, k, world)) };
}

/** The first broken invariant of the world, or null. */
function violation(w: World): string | null {
  for (const a of w.types) {
    for (let i = 0; i < a.count; i++) {
      const at = `tick ${w.tick}, ${a.id}[${i}]`;
      const x = a.pos[2 * i];
      const y = a.pos[2 * i + 1];
      const vx = a.vel[2 * i];
      const vy = a.vel[2 * i + 1];
      const hx = a.head[2 * i];
      const hy = a.head[2 * i + 1];
      const fx = a.force[2 * i];
      const fy = a.force[2 * i + 1];
      for (const [name, v] of [['x', x], ['y', y], ['vx', vx], ['vy', vy], ['hx', hx], ['hy', hy], ['fx', fx], ['fy', fy]] as const) {
        if (!Number.isFinite(v)) return `${at}: ${name} = ${v}`;
      }
      const speed = Math.sqrt(vx * vx + vy * vy);
      const S = a.maxSpeed[i];
      if (speed > S * (1 + 1e-12)) return `${at}: speed ${speed} > maxSpeed ${S}`;
      const h = Math.sqrt(hx * hx + hy * hy);
      if (Math.abs(h - 1) > 1e-9) return `${at}: |heading| = ${h}`;
      const inside = w.wrap ? x >= 0 && x < w.width && y >= 0 && y < w.height : x >= 0 && x <= w.width && y >= 0 && y <= w.height;
      if (!inside) return `${at}: position (${x}, ${y}) outside ${w.width} × ${w.height}`;
    }
  }
  for (let k = 0; k < w.obstacleCount; k++) {
    for (let j = 0; j < 5; j++) if (!Number.isFinite(w.obstacles[5 * k + j])) return `obstacle ${k}: not finite`;
  }
  return null;
}

describe('properties of the core over generated worlds', () => {
  it(`every state and force stays finite, every speed within maxSpeed, every agent in the world (${RUNS} worlds × ${TICKS} ticks)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { world, forces } = build(c);
        // after every tick: the new state, and the forces (of the tick before) that moved it
        for (let t = 0; t < TICKS; t++) {
          step(world, forces);
          const bad = violation(world);
          if (bad) throw new Error(bad);
        }
      }),
      { numRuns: RUNS, seed: 20240611, endOnFailure: true },
    );
  });

  it('the same case run twice gives bit-identical states (determinism over generated worlds)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const a = build(c);
        const b = build(c);
        step(a.world, a.forces, 10);
        step(b.world, b.forces, 10);
        for (let k = 0; k < a.world.types.length; k++) {
          const p = a.world.types[k];
          const q = b.world.types[k];
          expect(Array.from(q.pos)).toEqual(Array.from(p.pos));
          expect(Array.from(q.vel)).toEqual(Array.from(p.vel));
          expect(Array.from(q.mem)).toEqual(Array.from(p.mem));
        }
        expect(b.world.rng.getState()).toEqual(a.world.rng.getState());
      }),
      { numRuns: 30, seed: 7 },
    );
  });
});
