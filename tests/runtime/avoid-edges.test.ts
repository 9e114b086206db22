/**
 * Avoid's promise, 0 entries, where the world's edges meet circles (runtime/behaviors/avoid.ts,
 * edgeImages): circles at and across the edges of wrap worlds (an agent about to wrap in from the
 * other side must already see a circle there), circles at the walls of bounce worlds (the
 * integrator's reflection throws an agent back toward the circle beside the wall), and drifting
 * circles that bounce off the walls themselves. Agents wander, steered by Priority(Avoid, Wander)
 * alone (no Contain to keep them off the walls), many seeds × 10,000 ticks, and the test counts
 * every entry: an agent's point inside a circle after a tick that was outside after the one before
 * (in wrap worlds by the distance across the edges too, so a circle straddling an edge counts on
 * both sides).
 */
import { describe, expect, it } from 'vitest';
import { avoid } from '../../runtime/behaviors/avoid';
import { priorityAdd } from '../../runtime/behaviors/combine';
import { wander } from '../../runtime/behaviors/wander';
import { Rng, derivedRng, hashString } from '../../runtime/rng';
import { step, type ForceFn } from '../../runtime/step';
import { World, type ObstacleSpec } from '../../runtime/world';

const WIDTH = 800;
const HEIGHT = 600;
const FEELER = 300;
const BUFFER = 20;
const AGENTS = 8;
const TICKS = 10_000;

type Layout = 'edges' | 'corners';

interface Options {
  seed: number;
  edges: 'wrap' | 'bounce';
  layout: Layout;
  /** Drift speed scale: each velocity component uniform in (−0.5, 0.5) · drift px/tick. */
  drift: number;
  maxSpeed: number;
  maxForce: number;
}

/**
 * The circles: 6 of radius 15–45. `edges`: each by one edge chosen at random, its rim from 20 px
 * outside the edge (static only: the circle straddles it) to 30 px inside. `corners`: one in each
 * corner, its rim 0–30 px from both edges, and two by random edges. Circles do not overlap, and
 * none is within buffer of an agent's spawn point. Drifting circles start inside the world (their
 * drift bounces them off the walls at their radius).
 */
function circles(o: Options, spawn: Float64Array): ObstacleSpec[] {
  const rng = derivedRng(new Rng(0), o.seed, hashString(`avoid-edges-${o.layout}`), o.drift);
  const out: ObstacleSpec[] = [];
  const u = (lo: number, hi: number) => lo + (hi - lo) * rng.next();
  for (let attempt = 0; out.length < 6; attempt++) {
    if (attempt > 100_000) throw new Error(`cannot place circles for seed ${o.seed}`);
    const r = u(15, 45);
    const rim = () => (o.drift > 0 ? u(0, 30) : u(-20, 30));
    let x: number;
    let y: number;
    const k = out.length;
    if (o.layout === 'corners' && k < 4) {
      x = k & 1 ? WIDTH - r - rim() : r + rim();
      y = k & 2 ? HEIGHT - r - rim() : r + rim();
    } else {
      const side = Math.floor(rng.next() * 4);
      const along = (n: number) => u(r, n - r);
      if (side === 0) [x, y] = [r + rim(), along(HEIGHT)];
      else if (side === 1) [x, y] = [WIDTH - r - rim(), along(HEIGHT)];
      else if (side === 2) [x, y] = [along(WIDTH), r + rim()];
      else [x, y] = [along(WIDTH), HEIGHT - r - rim()];
    }
    const c = { x, y, r, vx: (rng.next() - 0.5) * o.drift, vy: (rng.next() - 0.5) * o.drift };
    if (out.some((d) => Math.hypot(d.x - c.x, d.y - c.y) < d.r + c.r)) continue;
    let clear = true;
    for (let i = 0; i < spawn.length; i += 2) if (torusDistance(o.edges, spawn[i] - x, spawn[i + 1] - y) < r + BUFFER) clear = false;
    if (clear) out.push(c);
  }
  return out;
}

/** The distance of an offset, across the edges too in a wrap world. */
function torusDistance(edges: 'wrap' | 'bounce', dx: number, dy: number): number {
  if (edges === 'wrap') {
    dx -= WIDTH * Math.round(dx / WIDTH);
    dy -= HEIGHT * Math.round(dy / HEIGHT);
  }
  return Math.hypot(dx, dy);
}

/** Runs one world; returns the entries into circles over all its agents and ticks. */
function run(o: Options): { entries: number; activeTicks: number } {
  const world = new World(
    { width: WIDTH, height: HEIGHT, edges: o.edges, seed: o.seed, agentTypes: [{ id: 'wanderer', count: AGENTS, mass: 1, maxSpeed: o.maxSpeed, maxForce: o.maxForce }] },
    [{ memory: [1, 0], draws: 1 }],
  );
  const a = world.types[0];
  world.setObstacles(circles(o, a.pos));
  const s = new Float64Array(4);
  let activeTicks = 0;
  const force: ForceFn = (w, A) => {
    for (let i = 0; i < A.count; i++) {
      avoid(s, 0, A, i, w.obstacles, w.obstacleCount, FEELER, BUFFER, w);
      if (s[0] !== 0 || s[1] !== 0) activeTicks++;
      wander(s, 2, A, i, 0, 0, 10, 5, 1);
      A.force[2 * i] = 0;
      A.force[2 * i + 1] = 0;
      priorityAdd(A.force, 2 * i, s, 0, A.maxForce[i]);
      priorityAdd(A.force, 2 * i, s, 2, A.maxForce[i]);
    }
  };
  const ob = world.obstacles;
  const n = world.obstacleCount;
  const inside = new Uint8Array(n * AGENTS);
  const wrap = o.edges === 'wrap';
  let entries = 0;
  for (let t = 0; t < TICKS; t++) {
    step(world, [force]);
    for (let i = 0; i < AGENTS; i++) {
      for (let k = 0; k < n; k++) {
        let dx = a.pos[2 * i] - ob[5 * k];
        let dy = a.pos[2 * i + 1] - ob[5 * k + 1];
        if (wrap) {
          // the nearest of the circle's images across the edges
          dx = dx > WIDTH / 2 ? dx - WIDTH : dx < -WIDTH / 2 ? dx + WIDTH : dx;
          dy = dy > HEIGHT / 2 ? dy - HEIGHT : dy < -HEIGHT / 2 ? dy + HEIGHT : dy;
        }
        const r = ob[5 * k + 2];
        const now = dx * dx + dy * dy < r * r ? 1 : 0;
        if (now && !inside[i * n + k]) entries++;
        inside[i * n + k] = now;
      }
    }
  }
  return { entries, activeTicks };
}

const SEEDS = Array.from({ length: 12 }, (_, k) => k + 1);
const SETTINGS = [
  { maxSpeed: 4, maxForce: 0.3 },
  { maxSpeed: 10, maxForce: 1 },
];

describe.each(['wrap', 'bounce'] as const)('Avoid at the edges of a %s world: 0 entries', (edges) => {
  describe.each([0, 1])('drift %s', (drift) => {
    it.each(SETTINGS)(`maxSpeed $maxSpeed, maxForce $maxForce: circles by the edges and in the corners, ${SEEDS.length} seeds × ${AGENTS} agents × ${TICKS.toLocaleString('en-US')} ticks each`, (setting) => {
      const results: string[] = [];
      let active = 0;
      for (const layout of ['edges', 'corners'] as const) {
        for (const seed of SEEDS) {
          const r = run({ seed, edges, layout, drift, ...setting });
          active += r.activeTicks;
          if (r.entries > 0) results.push(`${layout} seed ${seed}: ${r.entries}`);
        }
      }
      expect(results).toEqual([]);
      // and Avoid had work to do: active in at least 5 % of agent-ticks
      expect(active / (2 * SEEDS.length * AGENTS * TICKS)).toBeGreaterThan(0.05);
    });
  });
});
