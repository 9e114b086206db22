import { describe, expect, it } from 'vitest';
import { Grid, nearestAgent } from '../../runtime/grid';
import { Rng } from '../../runtime/rng';

/** A grid sized for n agents and indexed on the given positions (velocities: (i, −i)). */
function built(width: number, height: number, pos: Float64Array, radius: number): Grid {
  const n = pos.length / 2;
  const vel = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    vel[2 * i] = i;
    vel[2 * i + 1] = -i;
  }
  const g = new Grid();
  g.resize(width, height, n, radius);
  g.rebuild(pos, vel, n);
  return g;
}

/** The nearest agent by brute force: lowest index among the closest, strictly within radius. */
function bruteNearest(pos: Float64Array, x: number, y: number, self: number, radius: number): number {
  const limit2 = radius > 0 ? radius * radius : Infinity;
  let best = -1;
  let best2 = limit2;
  for (let j = 0; j < pos.length / 2; j++) {
    if (j === self) continue;
    const dx = pos[2 * j] - x;
    const dy = pos[2 * j + 1] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < best2) {
      best2 = d2;
      best = j;
    }
  }
  return best;
}

describe('Grid.resize', () => {
  it('makes cells half the query radius when that stays under the cap', () => {
    const g = new Grid();
    g.resize(800, 600, 1000, 40);
    expect(g.cellSize).toBe(20);
    expect(g.inv).toBe(1 / 20);
    expect([g.nx, g.ny]).toEqual([40, 30]);
    expect(g.cellStart.length).toBe(40 * 30 + 1);
    expect(g.order.length).toBe(1000);
    expect(g.slot.length).toBe(1000);
    expect(g.cellOf.length).toBe(1000);
    expect(g.pos.length).toBe(2000);
    expect(g.vel.length).toBe(2000);
    expect(g.n).toBe(0);
  });

  it('rounds the cell count up so the cells cover the whole world', () => {
    const g = new Grid();
    g.resize(810, 590, 1000, 40);
    expect([g.nx, g.ny]).toEqual([41, 30]);
    expect(g.nx * g.cellSize).toBeGreaterThanOrEqual(810);
    expect(g.ny * g.cellSize).toBeGreaterThanOrEqual(590);
  });

  it('without a radius (0 or Infinity) uses cells about two agent spacings wide', () => {
    for (const radius of [0, Infinity]) {
      const g = new Grid();
      g.resize(800, 600, 300, radius);
      // 2 · sqrt(800 · 600 / 300) = 80
      expect(g.cellSize).toBe(80);
      expect([g.nx, g.ny]).toEqual([10, 8]);
    }
    const empty = new Grid();
    empty.resize(800, 600, 0, 0);
    expect([empty.nx, empty.ny]).toEqual([1, 1]);
  });

  it('widens the cells when radius / 2 would make more than max(1024, 4n) cells', () => {
    const g = new Grid();
    g.resize(800, 600, 100, 40); // 40 × 30 = 1200 cells of 20 px would exceed 1024
    expect(g.cellSize).toBeGreaterThan(20);
    expect(g.nx * g.ny).toBeLessThanOrEqual(1024);
    expect(g.nx * g.cellSize).toBeGreaterThanOrEqual(800);
    expect(g.ny * g.cellSize).toBeGreaterThanOrEqual(600);
  });

  it('keeps the cell count ≤ max(1024, 4n) for huge worlds with a tiny radius, long thin ones included', () => {
    const cases: Array<[number, number, number, number]> = [
      [100000, 100000, 10, 0.001],
      [100000, 100000, 5000, 0.01],
      [99999, 99999, 0, 1],
      [100000, 1, 0, 1],
      [1, 100000, 3, 0.001],
      [100000, 3, 100, 0.01],
      [100000, 100000, 1, Infinity],
    ];
    for (const [w, h, n, r] of cases) {
      const g = new Grid();
      g.resize(w, h, n, r);
      const cells = g.nx * g.ny;
      expect(cells, `${w} × ${h}, n ${n}, radius ${r}`).toBeLessThanOrEqual(Math.max(1024, 4 * n));
      expect(g.cellStart.length).toBe(cells + 1);
      expect(g.nx * g.cellSize).toBeGreaterThanOrEqual(w);
      expect(g.ny * g.cellSize).toBeGreaterThanOrEqual(h);
    }
    // and over many random shapes
    const r = new Rng(11);
    for (let k = 0; k < 500; k++) {
      const w = 1 + r.next() * 99999;
      const h = 1 + r.next() * 99999;
      const n = Math.floor(r.next() * 3000);
      const radius = r.next() < 0.2 ? 0 : r.next() * 100;
      const g = new Grid();
      g.resize(w, h, n, radius);
      expect(g.nx * g.ny).toBeLessThanOrEqual(Math.max(1024, 4 * n));
    }
  });

  it('reuses its arrays when the sizes do not change and replaces them when they do', () => {
    const g = new Grid();
    g.resize(800, 600, 1000, 40);
    const { cellStart, order, pos } = g;
    g.resize(800, 600, 1000, 40);
    expect(g.cellStart).toBe(cellStart);
    expect(g.order).toBe(order);
    expect(g.pos).toBe(pos);
    g.resize(800, 600, 1001, 40);
    expect(g.cellStart).toBe(cellStart);
    expect(g.order).not.toBe(order);
    expect(g.order.length).toBe(1001);
    g.resize(800, 600, 1001, 80);
    expect(g.cellStart).not.toBe(cellStart);
    expect(g.cellStart.length).toBe(20 * 15 + 1);
  });
});

describe('Grid.col, row, reach', () => {
  const g = new Grid();
  g.resize(800, 600, 1000, 40); // 20 px cells, 40 × 30

  it('col and row are floor(coordinate / cellSize)', () => {
    expect(g.col(0)).toBe(0);
    expect(g.col(19.999)).toBe(0);
    expect(g.col(20)).toBe(1);
    expect(g.col(799.5)).toBe(39);
    expect(g.row(0)).toBe(0);
    expect(g.row(59.9)).toBe(2);
    expect(g.row(60)).toBe(3);
    expect(g.row(599)).toBe(29);
  });

  it('clamp coordinates outside the world into the edge cells', () => {
    expect(g.col(-0.001)).toBe(0);
    expect(g.col(-1e6)).toBe(0);
    expect(g.col(800)).toBe(39); // a bounced agent sits exactly on the border
    expect(g.col(1e9)).toBe(39);
    expect(g.row(-5)).toBe(0);
    expect(g.row(600)).toBe(29);
    expect(g.row(12345)).toBe(29);
  });

  it('reach is the number of cells to scan on each side to cover a radius', () => {
    expect(g.reach(0) + 0).toBe(0); // (−0 from ceil(−1e-9): the same loop bound)
    expect(g.reach(10)).toBe(1);
    expect(g.reach(20)).toBe(1);
    expect(g.reach(20.5)).toBe(2);
    expect(g.reach(40)).toBe(2);
    expect(g.reach(41)).toBe(3);
    expect(g.reach(100)).toBe(5);
  });
});

describe('Grid.rebuild (counting sort)', () => {
  function randomLayout(seed: number, n: number, width: number, height: number, outside: boolean): Float64Array {
    const r = new Rng(seed);
    const pos = new Float64Array(2 * n);
    const m = outside ? 0.2 : 0;
    for (let i = 0; i < n; i++) {
      pos[2 * i] = (r.next() * (1 + 2 * m) - m) * width;
      pos[2 * i + 1] = (r.next() * (1 + 2 * m) - m) * height;
    }
    return pos;
  }

  it('puts every agent in its cell, in agent order within a cell, with order and slot inverse permutations', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const n = seed * 37;
      const pos = randomLayout(seed, n, 800, 600, seed % 2 === 0);
      const g = built(800, 600, pos, 5 + seed * 3);
      const cells = g.nx * g.ny;
      expect(g.n).toBe(n);
      expect(g.cellStart[0]).toBe(0);
      expect(g.cellStart[cells]).toBe(n);
      let decreasing = 0;
      for (let c = 0; c < cells; c++) if (g.cellStart[c + 1] < g.cellStart[c]) decreasing++;
      expect(decreasing).toBe(0);
      const problems: string[] = [];
      const seen = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const cell = g.row(pos[2 * i + 1]) * g.nx + g.col(pos[2 * i]);
        const k = g.slot[i];
        if (g.cellOf[i] !== cell) problems.push(`agent ${i}: cellOf ${g.cellOf[i]}, expected ${cell}`);
        if (g.order[k] !== i) problems.push(`agent ${i}: order[slot] = ${g.order[k]}`);
        if (k < g.cellStart[cell] || k >= g.cellStart[cell + 1]) problems.push(`agent ${i}: slot ${k} outside its cell`);
        seen[g.order[i]]++;
      }
      if (!seen.every((s) => s === 1)) problems.push('order is not a permutation');
      for (let k = 0; k < n; k++) {
        const i = g.order[k];
        if (g.slot[i] !== k) problems.push(`slot ${k}: slot[order] = ${g.slot[i]}`);
        // stable: agents of one cell keep their index order (the flock sums neighbours in this order)
        if (k + 1 < n && g.cellOf[g.order[k + 1]] === g.cellOf[i] && g.order[k + 1] < i) problems.push(`slot ${k}: unstable`);
        // positions and velocities copied into cell order
        if (g.pos[2 * k] !== pos[2 * i] || g.pos[2 * k + 1] !== pos[2 * i + 1]) problems.push(`slot ${k}: position`);
        if (g.vel[2 * k] !== i || g.vel[2 * k + 1] !== -i) problems.push(`slot ${k}: velocity`);
      }
      expect(problems, `seed ${seed}`).toEqual([]);
    }
  });

  it('a second rebuild after agents move re-sorts from scratch', () => {
    const pos = new Float64Array([10, 10, 790, 590, 10, 10]);
    const vel = new Float64Array(6);
    const g = new Grid();
    g.resize(800, 600, 3, 40);
    g.rebuild(pos, vel, 3);
    expect(Array.from(g.order)).toEqual([0, 2, 1]);
    pos.set([790, 590, 10, 10, 400, 300]);
    g.rebuild(pos, vel, 3);
    expect(Array.from(g.order)).toEqual([1, 2, 0]);
    expect(Array.from(g.slot)).toEqual([2, 0, 1]);
    expect(g.cellStart[g.nx * g.ny]).toBe(3);
  });
});

describe('nearestAgent', () => {
  it('matches a brute-force search on random layouts (radius or not, self excluded, ties to the lower index)', () => {
    let checked = 0;
    let found = 0;
    let ties = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = new Rng(seed);
      const width = 50 + Math.floor(r.next() * 1000);
      const height = 50 + Math.floor(r.next() * 1000);
      const n = Math.floor(r.next() * 80);
      // Half the layouts put agents on a coarse lattice, so equal distances (ties) and coincident
      // agents are common; some agents lie outside the world (they clamp into the edge cells).
      const lattice = seed % 2 === 0;
      const pos = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        const u = r.next() * 1.2 - 0.1;
        const v = r.next() * 1.2 - 0.1;
        pos[2 * i] = lattice ? Math.round(u * 10) * (width / 10) : u * width;
        pos[2 * i + 1] = lattice ? Math.round(v * 10) * (height / 10) : v * height;
      }
      const gridRadius = seed % 3 === 0 ? Infinity : 5 + r.next() * 200;
      const g = built(width, height, pos, gridRadius);
      for (let q = 0; q < 40; q++) {
        let x: number;
        let y: number;
        let self = -1;
        if (n > 0 && q % 2 === 0) {
          self = Math.floor(r.next() * n);
          x = pos[2 * self];
          y = pos[2 * self + 1];
        } else {
          x = lattice ? Math.round(r.next() * 14 - 2) * (width / 10) : (r.next() * 1.6 - 0.3) * width;
          y = lattice ? Math.round(r.next() * 14 - 2) * (height / 10) : (r.next() * 1.6 - 0.3) * height;
        }
        const radius = q % 3 === 0 ? 0 : r.next() * 300;
        const expected = bruteNearest(pos, x, y, self, radius);
        expect(nearestAgent(g, Float64Array.of(x, y), 0, self, radius), `seed ${seed}, query ${q}`).toBe(expected);
        checked++;
        if (expected >= 0) {
          found++;
          // count queries with another agent at the same distance as the answer
          const d2 = (pos[2 * expected] - x) ** 2 + (pos[2 * expected + 1] - y) ** 2;
          for (let j = expected + 1; j < n; j++) {
            if (j !== self && (pos[2 * j] - x) ** 2 + (pos[2 * j + 1] - y) ** 2 === d2) {
              ties++;
              break;
            }
          }
        }
      }
    }
    // the layouts exercised what they were meant to
    expect(checked).toBe(12000);
    expect(found).toBeGreaterThan(6000);
    expect(ties).toBeGreaterThan(300);
  });

  it('with a handful of agents in fine cells, looks at the agents rather than walking hundreds of empty cells', () => {
    // 3 wolves in a grid of 30 px cells over 900 × 600 px (sized for their 60 px Separation): a
    // sheep's query for the nearest wolf walked ring after ring of empty cells (~400 per query,
    // 100,000 queries a tick with 100,000 sheep)
    const pos = new Float64Array([40, 40, 60, 300, 40, 560]);
    const g = built(900, 600, pos, 60);
    let reads = 0;
    g.cellStart = new Proxy(g.cellStart, {
      get(target, key) {
        if (typeof key === 'string' && /^\d/.test(key)) reads++;
        const v = Reflect.get(target, key);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    expect(nearestAgent(g, Float64Array.of(850, 310), 0, -1, 0)).toBe(1);
    expect(nearestAgent(g, Float64Array.of(450, 20), 0, -1, 0)).toBe(0);
    expect(reads).toBeLessThan(10);
  });

  it('ties go to the lower index, whatever the cell order', () => {
    // four agents at distance 10 from (100, 100); indices 2 and 3 are in earlier cells
    const pos = new Float64Array([110, 100, 100, 110, 90, 100, 100, 90]);
    const g = built(800, 600, pos, 4);
    expect(nearestAgent(g, Float64Array.of(100, 100), 0, -1, 0)).toBe(0);
    expect(nearestAgent(g, Float64Array.of(100, 100), 0, 0, 0)).toBe(1);
    // coincident agents: the other one, lower index first
    const same = new Float64Array([50, 50, 50, 50, 50, 50]);
    const h = built(800, 600, same, 40);
    expect(nearestAgent(h, Float64Array.of(50, 50), 0, 0, 0)).toBe(1);
    expect(nearestAgent(h, Float64Array.of(50, 50), 0, 1, 0)).toBe(0);
    expect(nearestAgent(h, Float64Array.of(50, 50), 0, 2, 0)).toBe(0);
  });

  it('is strictly within the radius; 0 means no limit', () => {
    const pos = new Float64Array([100, 100, 130, 140]); // 50 apart
    const g = built(800, 600, pos, 20);
    expect(nearestAgent(g, Float64Array.of(100, 100), 0, 0, 50)).toBe(-1);
    expect(nearestAgent(g, Float64Array.of(100, 100), 0, 0, 50.000001)).toBe(1);
    expect(nearestAgent(g, Float64Array.of(100, 100), 0, 0, 0)).toBe(1);
    expect(nearestAgent(g, Float64Array.of(700, 500), 0, -1, 0)).toBe(1);
  });

  it('returns −1 for an empty grid and when the only agent is the one asking', () => {
    const empty = built(800, 600, new Float64Array(0), 40);
    expect(nearestAgent(empty, Float64Array.of(400, 300), 0, -1, 0)).toBe(-1);
    const one = built(800, 600, new Float64Array([400, 300]), 40);
    expect(nearestAgent(one, Float64Array.of(400, 300), 0, 0, 0)).toBe(-1);
    expect(nearestAgent(one, Float64Array.of(0, 0), 0, -1, 0)).toBe(0);
    // sized but never rebuilt: nothing indexed yet
    const g = new Grid();
    g.resize(800, 600, 10, 40);
    expect(nearestAgent(g, Float64Array.of(400, 300), 0, -1, 0)).toBe(-1);
  });

  it('finds agents outside the world, which clamp into the edge cells, and answers queries from outside', () => {
    const pos = new Float64Array([-300, 300, 1200, 300, 400, -50]);
    const g = built(800, 600, pos, 20);
    expect(nearestAgent(g, Float64Array.of(10, 300), 0, -1, 0)).toBe(0);
    expect(nearestAgent(g, Float64Array.of(790, 300), 0, -1, 0)).toBe(1);
    expect(nearestAgent(g, Float64Array.of(400, 10), 0, -1, 0)).toBe(2);
    expect(nearestAgent(g, Float64Array.of(-5000, 300), 0, -1, 0)).toBe(0);
    expect(nearestAgent(g, Float64Array.of(400, 2000), 0, -1, 0)).toBe(0); // 0 and 1 are both √(700² + 1700²) away: lower index
    expect(nearestAgent(g, Float64Array.of(10, 300), 0, -1, 100)).toBe(-1);
  });

  it('indexes every agent at the module API’s bound of ±10⁷ px, which clamps into the corner cells', () => {
    const pos = new Float64Array([-1e7, -1e7, 1e7, 1e7, 1e7, -1e7, 400, 300]);
    const g = built(800, 600, pos, 40);
    expect(g.cellStart[g.nx * g.ny]).toBe(4);
    expect(Array.from(g.order).sort()).toEqual([0, 1, 2, 3]);
    expect(nearestAgent(g, Float64Array.of(0, 0), 0, -1, 0)).toBe(3);
    expect(nearestAgent(g, Float64Array.of(-9e6, -9e6), 0, -1, 0)).toBe(0);
    expect(nearestAgent(g, Float64Array.of(790, 590), 0, 3, 0)).toBe(1); // (10⁷, 10⁷) is 1,180 px nearer along y than (10⁷, −10⁷)
  });
});
