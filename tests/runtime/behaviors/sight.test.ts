/**
 * Line of sight (BEHAVIORS.md, Walls (c)) as `clearSight` gives it to Sees, Hide and Nearest Agent's
 * "in sight", and the nearest agent in sight (`nearestSeen`).
 */
import { describe, expect, it } from 'vitest';
import { clearSight, sees } from '../../../runtime/behaviors/conditions';
import { nearest, nearestSeen } from '../../../runtime/behaviors/nearest';
import { Rng } from '../../../runtime/rng';
import type { WallSpec } from '../../../runtime/walls';
import { World, type ObstacleSpec } from '../../../runtime/world';
import { spec } from '../helpers';

function world(obstacles: ObstacleSpec[] = [], walls: WallSpec[] = [], edges: 'wrap' | 'bounce' = 'wrap'): World {
  return new World(spec({}, { obstacles, walls, edges }));
}

const screen: WallSpec = { id: 'screen', points: [[200, 100], [200, 300]], closed: false };

describe('clearSight', () => {
  it('is blocked by a solid wall crossing the line, not by one through either end or along the line', () => {
    const w = world([], [screen]);
    expect(clearSight(w, 100, 200, 300, 200)).toBe(false);
    expect(clearSight(w, 200, 200, 300, 200)).toBe(true);
    expect(clearSight(w, 100, 200, 200, 200)).toBe(true);
    expect(clearSight(w, 200, 50, 200, 350)).toBe(true);
    // past the end, beyond ε
    expect(clearSight(w, 100, 350, 300, 350)).toBe(true);
    expect(clearSight(world([], [{ ...screen, solid: false }]), 100, 200, 300, 200)).toBe(true);
  });

  it('is blocked by a circle strictly closer than its radius to the segment, and at P = Q only inside a circle', () => {
    const w = world([{ x: 200, y: 200, r: 20 }]);
    expect(clearSight(w, 100, 210, 300, 210)).toBe(false);
    expect(clearSight(w, 100, 220, 300, 220)).toBe(true); // tangent
    expect(clearSight(w, 205, 205, 205, 205)).toBe(false);
    expect(clearSight(w, 100, 100, 100, 100)).toBe(true);
  });

  it('never sees through the world’s edges in bounce mode, which no line inside the world crosses', () => {
    const w = world([], [], 'bounce');
    expect(clearSight(w, 0, 0, 800, 600)).toBe(true);
    expect(clearSight(w, 0, 300, 800, 300)).toBe(true);
  });
});

describe('sees', () => {
  it('is blocked by a solid wall between the agent and the target (through clearSight)', () => {
    const w = world([], [screen]);
    const A = w.types[0];
    A.pos.set([100, 200]);
    expect(sees(w, A, 0, Float64Array.of(300, 200), 0, 0, false, -1)).toBe(false);
    expect(sees(w, A, 0, Float64Array.of(100, 400), 0, 0, false, -1)).toBe(true);
  });
});

describe('nearestSeen', () => {
  function typed(walls: WallSpec[], others: [number, number][], obstacles: ObstacleSpec[] = []): World {
    const w = new World(
      spec({}, {
        agentTypes: [
          { id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
          { id: 'b', count: others.length, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        ],
        walls,
        obstacles,
      }),
      [{}, { queryRadius: 120 }],
    );
    w.types[0].pos.set([100, 200]);
    others.forEach(([x, y], k) => w.types[1].pos.set([x, y], 2 * k));
    w.types[1].grid!.rebuild(w.types[1].pos, w.types[1].vel, w.types[1].count);
    return w;
  }

  it('skips the nearer agent a wall or a circle hides', () => {
    const w = typed([screen], [[300, 200], [100, 420]]);
    expect(nearest(w.types[1], w.types[0], 0, 0)).toBe(0);
    expect(nearestSeen(w.types[1], w.types[0], 0, 0, w)).toBe(1);
    const c = typed([], [[300, 200], [100, 420]], [{ x: 200, y: 200, r: 10 }]);
    expect(nearestSeen(c.types[1], c.types[0], 0, 0, c)).toBe(1);
  });

  it('is −1 when every agent in range is hidden; ties go to the lower index', () => {
    const w = typed([screen], [[300, 200], [300, 250]]);
    expect(nearestSeen(w.types[1], w.types[0], 0, 0, w)).toBe(-1);
    const t = typed([], [[100, 300], [200, 200]]);
    expect(nearestSeen(t.types[1], t.types[0], 0, 0, t)).toBe(0);
    expect(nearestSeen(t.types[1], t.types[0], 0, 50, t)).toBe(-1);
  });

  it('equals the brute-force nearest seen agent in a crowd (the ring walk)', () => {
    const rng = new Rng(5);
    const walls: WallSpec[] = [];
    for (let k = 0; k < 30; k++) {
      const x = rng.next() * 800;
      const y = rng.next() * 600;
      walls.push({ id: `w${k}`, points: [[x, y], [x + (rng.next() - 0.5) * 200, y + (rng.next() - 0.5) * 200]], closed: false });
    }
    const others: [number, number][] = [];
    for (let k = 0; k < 300; k++) others.push([rng.next() * 800, rng.next() * 600]);
    const w = typed(walls, others);
    const A = w.types[0];
    const B = w.types[1];
    for (let q = 0; q < 200; q++) {
      A.pos.set([rng.next() * 800, rng.next() * 600]);
      const radius = q % 2 ? 0 : 150;
      let best = -1;
      let best2 = Infinity;
      for (let j = 0; j < B.count; j++) {
        const dx = B.pos[2 * j] - A.pos[0];
        const dy = B.pos[2 * j + 1] - A.pos[1];
        const d2 = dx * dx + dy * dy;
        if ((radius === 0 || d2 < radius * radius) && d2 < best2 && clearSight(w, A.pos[0], A.pos[1], B.pos[2 * j], B.pos[2 * j + 1])) {
          best2 = d2;
          best = j;
        }
      }
      expect(nearestSeen(B, A, 0, radius, w)).toBe(best);
    }
  });
});
