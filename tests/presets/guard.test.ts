/**
 * The Guard preset does what its description promises: the guard patrols its beat, chases the
 * thief only once it sees it (within 250 px, inside its 140° field of view, no rock in between),
 * searches where it lost it for at least 4 s and goes back to its beat, rejoining it at the waypoint
 * nearest to where it gave up the search. Run headless; what the
 * conditions read is taken before each tick, as they read the world at the start of the tick.
 */
import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { circlesOf, preset, worldOf } from './helpers';

type Circle = { x: number; y: number; r: number };

/** Whether a rock lies strictly closer than its radius to the segment a → b (the Sees node's rule). */
function blocked(rocks: Circle[], ax: number, ay: number, bx: number, by: number): boolean {
  const [dx, dy] = [bx - ax, by - ay];
  const L = dx * dx + dy * dy;
  return rocks.some((c) => {
    const lambda = L > 0 ? Math.min(1, Math.max(0, ((c.x - ax) * dx + (c.y - ay) * dy) / L)) : 0;
    const [qx, qy] = [ax + lambda * dx - c.x, ay + lambda * dy - c.y];
    return qx * qx + qy * qy < c.r * c.r;
  });
}

/** The guard's heading now (snapshot(), the public API). */
function heading(w: BehaviorWorld): [number, number] {
  const packed = w.snapshot().types.guard.head;
  const v = Array.isArray(packed) ? packed : packed.values;
  return [v[0], v[1]];
}

/** Distance from a point to the closed polyline of a looped path. */
function toPath(points: [number, number][], x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k < points.length; k++) {
    const [a, b] = [points[k], points[(k + 1) % points.length]];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const l = Math.min(1, Math.max(0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(a[0] + l * dx - x, a[1] + l * dy - y));
  }
  return best;
}

/** The index of the waypoint nearest to (x, y); ties to the lower index. */
function nearestWaypoint(points: [number, number][], x: number, y: number): number {
  let best = 0;
  for (let k = 1; k < points.length; k++) {
    if (Math.hypot(points[k][0] - x, points[k][1] - y) < Math.hypot(points[best][0] - x, points[best][1] - y)) best = k;
  }
  return best;
}

describe('guard', () => {
  it.each([undefined, 1, 2])('seed %s: chases only a thief it sees, never one behind a rock, searches for 4 s and returns to its beat at the nearest waypoint', (seed) => {
    const doc = preset('guard');
    const beat = doc.world.paths.find((p) => p.id === 'beat')!.points;
    const w = worldOf(doc, seed === undefined ? {} : { seed });
    const rocks = circlesOf(w);
    const cosHalf = Math.cos((70 * Math.PI) / 180);
    const names = w.stateNames('guard');
    let hidden = 0; // ticks the guard patrolled with the thief in range and in view but behind a rock
    let searchedFrom = -1;
    let chasedFrom = -1;
    let backOnBeat = -1; // tick the guard last went back to patrol, until it is on the path again
    let lastSeen: [number, number] | null = null; // where the thief was when the guard began to search
    let closest = Infinity; // how near the guard has come to it since
    let startedAt = 0; // how far from it the guard began
    const searches: number[] = []; // per whole search, the nearest it came to that spot
    let rejoin = -1; // the beat's waypoint nearest to the guard when it went back to patrol, until it reaches one
    let rejoined = 0;
    const taken: Record<string, number> = {};
    for (let t = 0; t < 12000; t++) {
      const [gx, gy] = w.positions('guard');
      const [tx, ty] = w.positions('thief');
      const [hx, hy] = heading(w);
      const d = Math.hypot(tx - gx, ty - gy);
      const inView = d < 250 && (tx - gx) * hx + (ty - gy) * hy >= d * cosHalf;
      const behindRock = blocked(rocks, gx, gy, tx, ty);
      const before = names[w.states('guard')[0]];
      w.step();
      if (before === 'patrol' && inView && behindRock) {
        hidden++;
        expect(names[w.states('guard')[0]], `tick ${t}`).toBe('patrol');
      }
      for (const e of w.transitions()) {
        if (e.type !== 'guard') continue;
        const key = `${e.from} → ${e.to}`;
        taken[key] = (taken[key] ?? 0) + 1;
        if (e.to === 'chase') {
          expect(inView, `tick ${t}: chases a thief ${d.toFixed(0)} px away, out of view`).toBe(true);
          expect(behindRock, `tick ${t}: chases a thief behind a rock`).toBe(false);
        }
        // it gives up when the thief is out of sight (300 px, or a rock between) or after 5 s
        if (e.from === 'chase') expect(d >= 300 || behindRock || e.tick - chasedFrom >= 300, `tick ${t}`).toBe(true);
        if (e.to === 'chase') chasedFrom = e.tick;
        if (e.to === 'search') {
          searchedFrom = e.tick;
          lastSeen = [tx, ty];
          startedAt = d;
          closest = Infinity;
        }
        if (e.from === 'search' && e.to === 'patrol') {
          expect(e.tick - searchedFrom, `tick ${t}`).toBeGreaterThanOrEqual(240);
          // a whole search went toward where it lost the thief (not where the thief is now)
          expect(closest, `tick ${t}: searched ${closest.toFixed(0)} px from where it lost the thief, ${startedAt.toFixed(0)} px away`).toBeLessThan(Math.max(60, startedAt - 60));
          searches.push(closest);
          backOnBeat = e.tick;
          // the waypoint nearest to where it stood when the tick began (what the patrol reads)
          rejoin = nearestWaypoint(beat, gx, gy);
        }
        if (e.to !== 'patrol') rejoin = -1;
        if (e.from === 'search' && e.to === 'chase') expect(e.tick - searchedFrom).toBeGreaterThanOrEqual(120);
      }
      if (lastSeen && names[w.states('guard')[0]] === 'search') {
        const [x, y] = w.positions('guard');
        closest = Math.min(closest, Math.hypot(x - lastSeen[0], y - lastSeen[1]));
      }
      if (rejoin >= 0) {
        const [x, y] = w.positions('guard');
        const reached = beat.findIndex(([px, py]) => Math.hypot(px - x, py - y) < 40);
        if (reached >= 0) {
          expect(reached, `tick ${t}: the first waypoint reached after the search`).toBe(rejoin);
          rejoined++;
          rejoin = -1;
        }
      }
      if (backOnBeat >= 0 && names[w.states('guard')[0]] === 'patrol') {
        const [x, y] = w.positions('guard');
        if (toPath(beat, x, y) < 40) backOnBeat = -1;
        else expect(t - backOnBeat, `tick ${t}: back on patrol for a while and not on its beat yet`).toBeLessThan(400);
      }
    }
    expect(hidden).toBeGreaterThan(0);
    // and mostly reached it (a rock or the wall keeps it from some spots)
    expect(searches.length, 'whole searches').toBeGreaterThan(0);
    expect(searches.filter((c) => c < 60).length, `searches that reached the spot: ${searches.map((c) => c.toFixed(0))}`).toBeGreaterThanOrEqual(0.75 * searches.length);
    expect(rejoined, 'times it rejoined its beat after a search').toBeGreaterThan(0);
    for (const key of ['patrol → chase', 'chase → search', 'search → patrol']) expect(taken[key] ?? 0, key).toBeGreaterThan(0);
  });
});
