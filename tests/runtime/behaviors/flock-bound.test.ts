/**
 * Max neighbours (issue 22, item 19): a crowd packed into a small area must cost a tick in
 * proportion to its agent count. Before the bound, `setCount('sheep', 100000)` in the
 * sheep-and-wolves preset put every sheep among tens of thousands of neighbours, and one tick of
 * Flock looked at every pair (minutes). With the bound, each agent looks at no more than
 * `maxNeighbors` agents, an even sample of the cells around it, and exactly as before when those
 * cells hold no more than that.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { alignmentPass, cohesionPass, flockPass, separationPass } from '../../../runtime/behaviors/flock';
import { Rng } from '../../../runtime/rng';
import { World, type Agents } from '../../../runtime/world';
import { compile } from '../../../src/compiler/index';
import { instantiate } from '../../../src/compiler/instantiate';
import { createBehaviorWorld } from '../../../runtime/api';
import { emitModule } from '../../../src/compiler/module';
import { importModule, removeDir, tempDir } from '../../fixtures/module-files';
import { preset } from '../../presets/helpers';
import { spec } from '../helpers';

/** `n` agents spread at random over the square [x0, x0 + side)², velocities random in [−1, 1) (or 0), grid built. */
function crowd(n: number, x0: number, side: number, queryRadius: number, seed = 7, still = false): Agents {
  const w = new World(spec({ count: n }), [{ queryRadius, passes: 1 }]);
  const a = w.types[0];
  const rng = new Rng(seed);
  for (let i = 0; i < n; i++) {
    a.pos[2 * i] = x0 + side * rng.next();
    a.pos[2 * i + 1] = x0 + side * rng.next();
    a.vel[2 * i] = still ? 0 : 2 * rng.next() - 1;
    a.vel[2 * i + 1] = still ? 0 : 2 * rng.next() - 1;
  }
  a.grid!.rebuild(a.pos, a.vel, a.count);
  return a;
}

/**
 * Counts the agents the pass looks at: every agent looked at costs two reads of the grid's sorted
 * positions (x and y). Throws as soon as the count passes `limit`, so an unbounded scan fails at once
 * instead of running for minutes.
 */
function countLooks(a: Agents, limit: number): { looks: () => number } {
  const grid = a.grid!;
  let reads = 0;
  grid.pos = new Proxy(grid.pos, {
    get(target, key) {
      if (typeof key === 'string' && key.length > 0 && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) {
        if (++reads > 2 * limit) throw new Error(`looked at more than ${limit} agents`);
      }
      const v = Reflect.get(target, key);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { looks: () => reads / 2 };
}

const passes = {
  flock: (a: Agents, out: Float64Array, k: number) => flockPass(a, a, 40, 40, 1.5, 1, 1, false, out, k),
  'flock, front only, separation ≠ sight': (a: Agents, out: Float64Array, k: number) => flockPass(a, a, 40, 16, 1.5, 1, 1, true, out, k),
  separation: (a: Agents, out: Float64Array, k: number) => separationPass(a, a, 40, false, out, k),
  alignment: (a: Agents, out: Float64Array, k: number) => alignmentPass(a, a, 40, false, out, k),
  cohesion: (a: Agents, out: Float64Array, k: number) => cohesionPass(a, a, 40, false, out, k),
};

describe('Max neighbours', () => {
  it.each(Object.entries(passes))('%s: 20,000 agents in a 100 px square look at no more than maxNeighbors agents each', (_, pass) => {
    // Every agent has thousands of agents within 40 px: unbounded, this pass looks at ~2.8e8.
    const n = 20_000;
    const k = 32;
    const a = crowd(n, 400, 100, 40);
    const counter = countLooks(a, n * k);
    const out = new Float64Array(2 * n);
    pass(a, out, k);
    expect(counter.looks()).toBeLessThanOrEqual(n * k);
    // and it does look: a sample, not nothing (nearly every agent gets a force; front only, those at
    // the crowd's leading edge may see nobody ahead)
    expect(counter.looks()).toBeGreaterThan(n * (k - 1));
    let moved = 0;
    for (let i = 0; i < n; i++) if (out[2 * i] !== 0 || out[2 * i + 1] !== 0) moved++;
    expect(moved).toBeGreaterThan(0.95 * n);
  });

  it.each(Object.entries(passes))('%s: bit-identical to the unbounded pass while the cells around each agent hold at most maxNeighbors', (_, pass) => {
    const same = (x: Float64Array, y: Float64Array) => Array.from(x).every((v, j) => Object.is(v, y[j]));
    // 300 agents over 300 px: the cells around an agent hold a few dozen of them
    const loose = crowd(300, 250, 300, 40, 3);
    const unbounded = new Float64Array(600);
    pass(loose, unbounded, Infinity);
    const bounded = new Float64Array(600);
    pass(loose, bounded, 300);
    expect(same(bounded, unbounded)).toBe(true);
    // 300 agents in the three cells (20 px each way) of [240, 300)²: every agent's cells hold all 300
    const packed = crowd(300, 240, 60, 40, 5);
    pass(packed, unbounded, Infinity);
    pass(packed, bounded, 300);
    expect(same(bounded, unbounded)).toBe(true);
    // one fewer: every agent takes a sample (every 2nd of them), and the forces change
    pass(packed, bounded, 299);
    expect(same(bounded, unbounded)).toBe(false);
  });

  it('the sample points each rule the way the whole crowd does: outward for separation, inward for cohesion, at the rim', () => {
    // 5,000 agents in a 100 px square (each has ~1,500 within 40 px), sampled 100 at a time
    const n = 5000;
    const a = crowd(n, 400, 100, 40, 11, true); // at rest: each force points where its rule's desired velocity does
    const check = (pass: typeof separationPass, outward: boolean) => {
      const full = new Float64Array(2 * n);
      const sample = new Float64Array(2 * n);
      pass(a, a, 40, false, full);
      pass(a, a, 40, false, sample, 100);
      let rim = 0;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const x = a.pos[2 * i];
        if (x >= 402) continue; // the left rim: every neighbour is to the right
        rim++;
        expect(Math.sign(sample[2 * i])).toBe(outward ? -1 : 1);
        // the sample's direction is the full sum's within 60° (within ~25° on average)
        const dot = sample[2 * i] * full[2 * i] + sample[2 * i + 1] * full[2 * i + 1];
        const cos = dot / (Math.hypot(sample[2 * i], sample[2 * i + 1]) * Math.hypot(full[2 * i], full[2 * i + 1]));
        expect(cos).toBeGreaterThan(0.5);
        sum += cos;
      }
      expect(rim).toBeGreaterThan(50);
      expect(sum / rim).toBeGreaterThan(0.9);
    };
    check(separationPass, true);
    check(cohesionPass, false);
  });
});

describe('Max neighbours in the issue’s scene: setCount("sheep", 100000) in sheep-and-wolves', () => {
  const dir = tempDir('steergraph-crowd-');
  afterAll(() => removeDir(dir));

  const spread = (p: Float64Array) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < p.length; i += 2) {
      lo = Math.min(lo, p[i]);
      hi = Math.max(hi, p[i]);
    }
    return hi - lo;
  };

  it('the exported module steps 100,000 sheep packed in the spawn rectangle, and the flock spreads out', async () => {
    const mod = await importModule(dir, emitModule(preset('sheep-and-wolves')).js);
    const w = mod.createWorld();
    w.setCount('sheep', 100_000);
    const before = spread(w.positions('sheep'));
    w.step();
    const p = w.positions('sheep');
    expect(p.length).toBe(200_000);
    expect(p.every(Number.isFinite)).toBe(true);
    expect(spread(p)).toBeGreaterThan(before);
  }, 180_000);

  it('sampled, the exported module ≡ the page’s program bit for bit (20,000 sheep: thousands around each)', async () => {
    const doc = preset('sheep-and-wolves');
    const mod = await importModule(dir, emitModule(doc).js);
    const exported = mod.createWorld();
    const page = createBehaviorWorld(doc, instantiate(compile(doc)));
    for (const w of [exported, page]) {
      w.setCount('sheep', 20_000);
      w.step(2);
    }
    const a = exported.positions('sheep');
    const b = page.positions('sheep');
    expect(Array.from(a).every((v, j) => Object.is(v, b[j]))).toBe(true);
  }, 180_000);
});
