/** Follow Path (BEHAVIORS.md): visits the waypoints in order, patrols a looped path, stops at the end of an open one. */
import { describe, expect, it } from 'vitest';
import { followPath, joinNearest } from '../../../runtime/behaviors/follow-path';
import { step, type ForceFn } from '../../../runtime/step';
import { World } from '../../../runtime/world';

const POINTS: [number, number][] = [
  [150, 150],
  [650, 150],
  [650, 450],
  [150, 450],
  [400, 300],
];
const THRESHOLD = 20;

/** Runs one agent along the path; returns each waypoint index change with the agent's distance to the waypoint it left. */
function patrol(loop: boolean, seed: number, ticks: number, nearest = false, spawn = { x: 20, y: 20, width: 100, height: 100, speed: 1 }) {
  const w = new World(
    {
      width: 800,
      height: 600,
      edges: 'bounce',
      seed,
      paths: [{ id: 'patrol', points: POINTS, loop }],
      agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2, spawn }],
    },
    [{ memory: [nearest ? -1 : 0] }],
  );
  const a = w.types[0];
  const follow: ForceFn = (W, A) => {
    if (nearest) joinNearest(A, 0, 0, W.paths[0]);
    followPath(A.force, 0, A, 0, 0, W.paths[0], THRESHOLD, 100);
  };
  const visits: { index: number; left: number; distance: number }[] = [];
  let index = nearest ? -1 : 0;
  for (let t = 0; t < ticks; t++) {
    const [x, y] = [a.pos[0], a.pos[1]];
    step(w, [follow]);
    if (a.mem[0] !== index) {
      // the force of this tick was computed at (x, y), where the waypoint was reached
      const [wx, wy] = POINTS[Math.max(index, 0)];
      visits.push({ index: a.mem[0], left: index, distance: Math.hypot(x - wx, y - wy) });
      index = a.mem[0];
    }
  }
  return { visits, a };
}

describe('Follow Path', () => {
  it('visits the waypoints in order, each within the threshold, and loops on a looped path', () => {
    for (const seed of [1, 2, 3]) {
      const { visits } = patrol(true, seed, 2000);
      expect(visits.length).toBeGreaterThanOrEqual(2 * POINTS.length); // at least two laps
      visits.forEach((v, k) => {
        expect(v.left).toBe(k % POINTS.length);
        expect(v.index).toBe((k + 1) % POINTS.length);
        expect(v.distance).toBeLessThan(THRESHOLD);
      });
    }
  });

  it('comes to rest on the last waypoint of an open path, after visiting the others in order', () => {
    for (const seed of [1, 2, 3]) {
      const { visits, a } = patrol(false, seed, 1500);
      expect(visits.map((v) => v.index)).toEqual([1, 2, 3, 4]);
      visits.forEach((v) => expect(v.distance).toBeLessThan(THRESHOLD));
      const [x, y] = POINTS[POINTS.length - 1];
      expect(Math.hypot(a.pos[0] - x, a.pos[1] - y)).toBeLessThan(1);
      expect(Math.hypot(a.vel[0], a.vel[1])).toBeLessThan(0.05);
    }
  });

  it('with Start at: nearest waypoint, joins the path at the waypoint nearest to where it spawned, then goes on in order', () => {
    for (const seed of [1, 2, 3]) {
      // spawned round (600, 420): waypoint 2, (650, 450), is the nearest
      const { visits } = patrol(true, seed, 1500, true, { x: 580, y: 400, width: 40, height: 40, speed: 1 });
      expect(visits[0], 'the waypoint it joins').toMatchObject({ left: -1, index: 2 });
      expect(visits.slice(1, 5).map((v) => v.index)).toEqual([3, 4, 0, 1]);
    }
    // from the first waypoint instead, the same spawn heads for waypoint 0 first
    const { visits } = patrol(true, 1, 1500, false, { x: 580, y: 400, width: 40, height: 40, speed: 1 });
    expect(visits[0]).toMatchObject({ left: 0, index: 1 });
  });
});
