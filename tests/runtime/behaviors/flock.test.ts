import { describe, expect, it } from 'vitest';
import { alignmentPass, cohesionPass, flockPass, separationPass } from '../../../runtime/behaviors/flock';
import { step } from '../../../runtime/step';
import { World, type Agents, type AgentTypeSpec } from '../../../runtime/world';
import { expectNear, pairAt, place, spec, type AgentState } from '../helpers';

interface Rules {
  sight: number;
  separation: number;
  ws: number;
  wa: number;
  wc: number;
  frontOnly: boolean;
}
const DEFAULTS: Rules = { sight: 100, separation: 30, ws: 1.5, wa: 1, wc: 1, frontOnly: false };

/** BEHAVIORS.md's Flock for agent i of A against the agents of G, by brute force in index order. */
function flockRef(A: Agents, G: Agents, i: number, r: Rules): [number, number] {
  const x = A.pos[2 * i];
  const y = A.pos[2 * i + 1];
  const vx = A.vel[2 * i];
  const vy = A.vel[2 * i + 1];
  const hx = A.head[2 * i];
  const hy = A.head[2 * i + 1];
  const S = A.maxSpeed[i];
  const F = A.maxForce[i];
  let sx = 0, sy = 0, sn = 0; // separation: Σ normalize(p − q) / d
  let ax = 0, ay = 0; // alignment: Σ q.v
  let cx = 0, cy = 0, n = 0; // cohesion: Σ q.p
  for (let j = 0; j < G.count; j++) {
    if (G === A && j === i) continue;
    const qx = G.pos[2 * j];
    const qy = G.pos[2 * j + 1];
    if (r.frontOnly && (qx - x) * hx + (qy - y) * hy < 0) continue;
    const d = Math.sqrt((x - qx) * (x - qx) + (y - qy) * (y - qy));
    if (d < r.separation) {
      sn++;
      if (d > 0) {
        sx += (x - qx) / d / d;
        sy += (y - qy) / d / d;
      } else {
        // coincident: (−1, 0) for the lower index, (1, 0) for the other (always −1 across types)
        sx += (G === A && j < i ? 1 : -1) / (r.separation / 100);
      }
    }
    if (d < r.sight) {
      n++;
      ax += G.vel[2 * j];
      ay += G.vel[2 * j + 1];
      cx += qx;
      cy += qy;
    }
  }
  const rule = (has: boolean, dx: number, dy: number): [number, number] => {
    const d = Math.sqrt(dx * dx + dy * dy);
    if (!has || d === 0) return [0, 0];
    let rx = (dx / d) * S - vx;
    let ry = (dy / d) * S - vy;
    const len = Math.sqrt(rx * rx + ry * ry);
    if (len > F) {
      rx = (rx / len) * F;
      ry = (ry / len) * F;
    }
    return [rx, ry];
  };
  const sep = rule(sn > 0, sx, sy);
  const ali = rule(n > 0, ax, ay);
  const coh = rule(n > 0, cx / n - x, cy / n - y);
  return [r.ws * sep[0] + r.wa * ali[0] + r.wc * coh[0], r.ws * sep[1] + r.wa * ali[1] + r.wc * coh[1]];
}

/** A world of one flocking type with these agents (grid built, as at the start of a tick). */
function flock(states: AgentState[], type: Partial<AgentTypeSpec> = {}, queryRadius = 100): Agents {
  const w = new World(spec({ count: states.length, ...type }), [{ queryRadius, passes: 1 }]);
  const a = w.types[0];
  place(a, states);
  a.grid!.rebuild(a.pos, a.vel, a.count);
  return a;
}

function run(a: Agents, r: Partial<Rules> = {}, g: Agents = a): Float64Array {
  const q = { ...DEFAULTS, ...r };
  const out = new Float64Array(2 * a.count);
  flockPass(a, g, q.sight, q.separation, q.ws, q.wa, q.wc, q.frontOnly, out);
  return out;
}

describe('flockPass', () => {
  it('gives 0 to an agent with no neighbour (alone, or all beyond sight)', () => {
    expect(pairAt(run(flock([{ x: 400, y: 300, vx: 1, vy: 1 }])))).toEqual([0, 0]);
    const out = run(flock([{ x: 100, y: 100, vx: 1, vy: 0 }, { x: 300, y: 100, vx: 0, vy: 1 }]));
    expect(Array.from(out, (v) => v + 0)).toEqual([0, 0, 0, 0]);
  });

  it('counts neighbours strictly within sight and separation (exactly on the radius is out)', () => {
    const out = run(flock([{ x: 100, y: 100 }, { x: 200, y: 100, vx: 0, vy: 2 }]));
    expect(pairAt(out)).toEqual([0, 0]);
    const a = flock([{ x: 100, y: 100 }, { x: 130, y: 100 }]);
    const sep = new Float64Array(4);
    separationPass(a, a, 30, false, sep);
    expect(pairAt(sep)).toEqual([0, 0]);
    separationPass(a, a, 30.000001, false, sep);
    expectNear(sep, 0, -0.2, 0);
  });

  it('Separation alone: away from close neighbours, the closer weighing more (Σ normalize(p − q)/d), capped at maxForce', () => {
    const states = [{ x: 400, y: 300, vx: 0.5, vy: 0 }, { x: 410, y: 300 }, { x: 400, y: 280 }, { x: 480, y: 300 }];
    const a = flock(states, { maxForce: 100 });
    const out = new Float64Array(8);
    separationPass(a, a, 30, false, out);
    // (−1/10, 0) + (0, 1/20): desired = normalize(−2, 1) · 4, minus v; the agent at 80 px is too far
    expectNear(out, 0, ...flockRef(a, a, 0, { ...DEFAULTS, sight: 0, ws: 1, wa: 0, wc: 0 }));
    expectNear(out, 0, (-2 / Math.sqrt(5)) * 4 - 0.5, (1 / Math.sqrt(5)) * 4);
    const capped = flock(states); // maxForce 0.2
    separationPass(capped, capped, 30, false, out);
    expectNear(out, 0, ...flockRef(capped, capped, 0, { ...DEFAULTS, sight: 0, ws: 1, wa: 0, wc: 0 }));
    expect(Math.abs(Math.hypot(out[0], out[1]) - 0.2)).toBeLessThan(1e-15);
  });

  it('Alignment alone: toward the neighbours’ summed velocity at full speed, capped at maxForce', () => {
    const a = flock([{ x: 400, y: 300, vx: 1, vy: 0 }, { x: 450, y: 300, vx: 1, vy: 0 }, { x: 400, y: 350, vx: 0, vy: 3 }], { maxForce: 100 });
    const out = new Float64Array(6);
    alignmentPass(a, a, 100, false, out);
    // Σ q.v = (1, 3): desired = (1, 3)/√10 · 4, minus v
    expectNear(out, 0, (1 / Math.sqrt(10)) * 4 - 1, (3 / Math.sqrt(10)) * 4);
    expectNear(out, 0, ...flockRef(a, a, 0, { ...DEFAULTS, separation: 0, ws: 0, wa: 1, wc: 0 }));
    expectNear(out, 2, ...flockRef(a, a, 1, { ...DEFAULTS, separation: 0, ws: 0, wa: 1, wc: 0 }));
  });

  it('Cohesion alone: seeks the neighbours’ mean position, capped at maxForce', () => {
    const a = flock([{ x: 400, y: 300, vx: 0, vy: -1 }, { x: 460, y: 300 }, { x: 400, y: 380 }], { maxForce: 100 });
    const out = new Float64Array(6);
    cohesionPass(a, a, 100, false, out);
    // mean (430, 340): direction (0.6, 0.8)
    expectNear(out, 0, 2.4, 4.2);
    expectNear(out, 2, ...flockRef(a, a, 1, { ...DEFAULTS, separation: 0, ws: 0, wa: 0, wc: 1 }));
  });

  it('Flock is ws · separation + wa · alignment + wc · cohesion, each capped at maxForce first', () => {
    const a = flock([
      { x: 400, y: 300, vx: 1, vy: 0.5 },
      { x: 415, y: 310, vx: -1, vy: 2 },
      { x: 380, y: 340, vx: 3, vy: 0 },
      { x: 470, y: 250, vx: 0, vy: -3 },
    ]);
    const out = run(a);
    const passes = [new Float64Array(8), new Float64Array(8), new Float64Array(8)];
    separationPass(a, a, 30, false, passes[0]);
    alignmentPass(a, a, 100, false, passes[1]);
    cohesionPass(a, a, 100, false, passes[2]);
    const only = (ws: number, wa: number, wc: number) => ({ ...DEFAULTS, ws, wa, wc });
    for (let i = 0; i < 4; i++) {
      expectNear(passes[0], 2 * i, ...flockRef(a, a, i, only(1, 0, 0)));
      expectNear(passes[1], 2 * i, ...flockRef(a, a, i, only(0, 1, 0)));
      // mean − p cancels the leading digits (mean 421.7 − 400): Σq·(1/n) and Σq/n differ by ~1e-14 of the result
      expectNear(passes[2], 2 * i, ...flockRef(a, a, i, only(0, 0, 1)), 1e-14);
    }
    for (let k = 0; k < 8; k++) expect(out[k]).toBe(0 + 1.5 * passes[0][k] + 1 * passes[1][k] + 1 * passes[2][k]);
    // every rule of agent 0 is capped: its raw steer is longer than maxForce
    for (const p of passes) expect(Math.abs(Math.hypot(p[0], p[1]) - 0.2)).toBeLessThan(1e-15);
  });

  it('gives 0 when every summed direction vanishes (symmetric neighbours, opposite velocities)', () => {
    const a = flock([{ x: 400, y: 300, vx: 1, vy: 0 }, { x: 390, y: 300, vx: 0, vy: 1 }, { x: 410, y: 300, vx: 0, vy: -1 }]);
    expect(pairAt(run(a))).toEqual([0, 0]);
  });

  it('with maxSpeed 0 each rule only brakes: truncate(−v, maxForce)', () => {
    const a = flock([{ x: 400, y: 300, vx: 0.1, vy: 0 }, { x: 410, y: 305, vx: 1, vy: 1 }], { maxSpeed: 0 });
    const out = run(a);
    expectNear(out, 0, -0.35, 0); // (1.5 + 1 + 1) · (−0.1, 0)
    expectNear(out, 0, ...flockRef(a, a, 0, DEFAULTS));
  });

  it('splits a coincident pair along x, the lower index to −x, whatever the grid order', () => {
    // agent 2 sits in an earlier grid cell, so the grid order (2, 0, 1) is not the index order
    const a = flock([{ x: 500.5, y: 300.25 }, { x: 500.5, y: 300.25 }, { x: 10, y: 10 }]);
    const out = run(a);
    expect(a.grid!.order[0]).toBe(2);
    expectNear(out, 0, -0.3, 0); // ws · (−maxForce, 0): cohesion and alignment have zero direction
    expectNear(out, 2, 0.3, 0);
    expect(pairAt(out, 4)).toEqual([0, 0]);
  });

  it('weighs a coincident neighbour as one at distance separation/100', () => {
    // separation 50: the coincident neighbour counts as (−1, 0)/0.5 = (−2, 0); a neighbour 0.5 px above
    // gives (0, 1)/0.5 = (0, 2): the agent is pushed at 45°
    const a = flock([{ x: 400, y: 300 }, { x: 400, y: 300 }, { x: 400, y: 299.5 }], { maxForce: 100 });
    const out = new Float64Array(6);
    separationPass(a, a, 50, false, out);
    expectNear(out, 0, -4 / Math.SQRT2, 4 / Math.SQRT2);
    expectNear(out, 0, ...flockRef(a, a, 0, { ...DEFAULTS, sight: 0, separation: 50, ws: 1, wa: 0, wc: 0 }));
  });

  it('a coincident pair moves apart along x under step() (Separation), symmetrically', () => {
    const w = new World(spec({ count: 2 }), [{ queryRadius: 30, passes: 1 }]);
    const a = w.types[0];
    place(a, [{ x: 400, y: 300 }, { x: 400, y: 300 }]);
    step(w, [(_w, A) => separationPass(A, A, 30, false, A.force)], 40);
    expect(a.pos[0]).toBeLessThan(400 - 15);
    expect(a.pos[2]).toBeGreaterThan(400 + 15);
    expect([a.pos[1], a.pos[3]]).toEqual([300, 300]);
    expect(a.pos[0] + a.pos[2]).toBeCloseTo(800, 9);
  });

  it('frontOnly ignores neighbours behind ((q − p) · h < 0) and keeps those beside or ahead', () => {
    const behind = flock([{ x: 400, y: 300, vx: 1, vy: 0 }, { x: 380, y: 300, vx: 0, vy: 2 }]);
    expect(pairAt(run(behind, { frontOnly: true }))).toEqual([0, 0]);
    expect(pairAt(run(behind, { frontOnly: false }))).not.toEqual([0, 0]);
    const beside = flock([{ x: 400, y: 300, vx: 1, vy: 0 }, { x: 400, y: 320, vx: 0, vy: 2 }, { x: 440, y: 290, vx: 2, vy: 0 }]);
    const out = run(beside, { frontOnly: true });
    expectNear(out, 0, ...flockRef(beside, beside, 0, { ...DEFAULTS, frontOnly: true }));
    expectNear(out, 0, ...flockRef(beside, beside, 0, DEFAULTS));
    // agent 1 (heading +y) sees agent 0 behind it, agent 2 ahead-right of it
    expectNear(out, 2, ...flockRef(beside, beside, 1, { ...DEFAULTS, frontOnly: true }));
  });

  it('flocks with another type: that type’s agents are the neighbours, including one on the same spot', () => {
    const w = new World(
      spec({}, {
        agentTypes: [
          { id: 'sheep', count: 2, mass: 1, maxSpeed: 4, maxForce: 0.2 },
          { id: 'dog', count: 2, mass: 1, maxSpeed: 5, maxForce: 0.3 },
        ],
      }),
      [{}, { queryRadius: 100 }],
    );
    const [A, G] = w.types;
    place(A, [{ x: 400, y: 300, vx: 1, vy: 0 }, { x: 410, y: 300 }]);
    place(G, [{ x: 400, y: 300, vx: 0, vy: 1 }, { x: 700, y: 500, vx: 1, vy: 1 }]);
    G.grid!.rebuild(G.pos, G.vel, G.count);
    const out = run(A, {}, G);
    // sheep 0 sits on dog 0 (coincident across types: (−1, 0)); sheep 1 is not its neighbour
    expectNear(out, 0, ...flockRef(A, G, 0, DEFAULTS));
    expectNear(out, 2, ...flockRef(A, G, 1, DEFAULTS));
    expect(out[0]).toBeLessThan(0);
  });

  it('matches a brute-force restatement on crowded random flocks (every branch of the scan)', () => {
    let s = 12345;
    const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
    const configs: Partial<Rules>[] = [
      {},
      { sight: 50, separation: 50 }, // one radius: the single-test scan
      { sight: 40, separation: 60, frontOnly: true },
      { sight: 100, separation: 30, frontOnly: true, ws: 2, wa: 0.5, wc: 0 },
    ];
    for (const r of configs) {
      const states = Array.from({ length: 80 }, () => ({ x: 200 + 400 * rand(), y: 150 + 300 * rand(), vx: 8 * rand() - 4, vy: 8 * rand() - 4 }));
      states[5] = { ...states[4] }; // a coincident pair
      const q = { ...DEFAULTS, ...r };
      const a = flock(states, { maxForce: 1 }, Math.max(q.sight, q.separation));
      const out = run(a, r);
      for (let i = 0; i < a.count; i++) expectNear(out, 2 * i, ...flockRef(a, a, i, q), 1e-12);
    }
  });
});
