/**
 * What a designer sees the new nodes do, run through the compiled module: Hide ends out of the
 * threat's sight behind a circle or a closed wall, Interpose settles between two points, Contain in a
 * closed wall keeps wanderers in a pen that does not stop them, and Wall Avoid turns an agent away
 * from a wall before it reaches it.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../../runtime/api';
import { clearSight } from '../../../runtime/behaviors/conditions';
import { World } from '../../../runtime/world';
import { compile } from '../../../src/compiler/index';
import { instantiate } from '../../../src/compiler/instantiate';
import type { AgentType, SceneWall, SceneWorld } from '../../../src/document/types';
import { agentType, node, scene, wire } from '../../fixtures/scenes';

function run(types: AgentType[], world: Partial<SceneWorld>, ticks: number, place?: (pos: Float64Array, vel: Float64Array) => void) {
  const doc = scene(types, world);
  const compiled = compile(doc);
  expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const w = createBehaviorWorld(doc, instantiate(compiled));
  place?.(w.positions('a'), w.velocities('a'));
  const seen: number[][] = [];
  for (let t = 0; t < ticks; t++) {
    w.step();
    seen.push(Array.from(w.positions('a')));
  }
  return { w, doc, seen };
}

/** A World with the scene's circles and walls, for line-of-sight checks. */
function sightWorld(world: Partial<SceneWorld>): World {
  return new World({ width: 800, height: 600, edges: 'wrap', seed: 1, agentTypes: [], obstacles: world.obstacles, walls: world.walls });
}

const hider = (threat: [number, number], extra: Record<string, number | boolean> = {}) =>
  agentType(
    'a',
    [node('p', 'point', { x: threat[0], y: threat[1] }), node('h', 'hide', extra), node('out', 'agent-output')],
    [wire('p.point', 'h.threat'), wire('h.force', 'out.force')],
    { count: 6, maxForce: 0.4 },
  );

describe('the wall nodes in a run', () => {
  it('Hide: every hider ends out of the threat’s sight, behind the rock', () => {
    const world: Partial<SceneWorld> = { obstacles: [{ x: 400, y: 300, r: 40 }] };
    const { w } = run([hider([150, 300])], world, 1500);
    const S = sightWorld(world);
    const p = w.positions('a');
    for (let i = 0; i < 6; i++) expect(clearSight(S, 150, 300, p[2 * i], p[2 * i + 1]), `hider ${i} at ${p[2 * i]}, ${p[2 * i + 1]}`).toBe(false);
  });

  it('Hide: behind a closed solid wall too', () => {
    const world: Partial<SceneWorld> = { walls: [{ id: 'rock', points: [[380, 240], [440, 260], [430, 360], [370, 340]], closed: true }] };
    const wallAvoid = agentType(
      'a',
      [node('p', 'point', { x: 150, y: 300 }), node('wa', 'wall-avoid'), node('h', 'hide'), node('pr', 'priority', { inputs: 2 }), node('out', 'agent-output')],
      [wire('p.point', 'h.threat'), wire('wa.force', 'pr.in0'), wire('h.force', 'pr.in1'), wire('pr.force', 'out.force')],
      { count: 6, maxForce: 0.4 },
    );
    const { w } = run([wallAvoid], world, 1500, (pos) => {
      for (let i = 0; i < 6; i++) pos.set([600 + 20 * i, 100 + 80 * i], 2 * i);
    });
    const S = sightWorld(world);
    const p = w.positions('a');
    for (let i = 0; i < 6; i++) expect(clearSight(S, 150, 300, p[2 * i], p[2 * i + 1]), `hider ${i} at ${p[2 * i]}, ${p[2 * i + 1]}`).toBe(false);
  });

  it('Interpose: settles on the midpoint of two points', () => {
    const t = agentType(
      'a',
      [node('p', 'point', { x: 200, y: 100 }), node('q', 'point', { x: 600, y: 500 }), node('ip', 'interpose'), node('out', 'agent-output')],
      [wire('p.point', 'ip.a'), wire('q.point', 'ip.b'), wire('ip.force', 'out.force')],
      { count: 4 },
    );
    const { w } = run([t], {}, 1500);
    const p = w.positions('a');
    for (let i = 0; i < 4; i++) expect(Math.hypot(p[2 * i] - 400, p[2 * i + 1] - 300)).toBeLessThan(1);
  });

  it('Contain in a closed wall: wanderers started in a pen that does not stop them stay within a few px of it', () => {
    const t = agentType(
      'a',
      [node('w', 'wander'), node('c', 'contain', { region: 'pen', margin: 40 }), node('pr', 'priority', { inputs: 2 }), node('out', 'agent-output')],
      [wire('c.force', 'pr.in0'), wire('w.force', 'pr.in1'), wire('pr.force', 'out.force')],
      { count: 20, maxForce: 0.3 },
    );
    // a triangle pen, not solid: nothing but Contain keeps them in
    const pen: [number, number][] = [[200, 100], [650, 250], [250, 520]];
    const { seen } = run([t], { walls: [{ id: 'pen', points: pen, closed: true, solid: false }] }, 3000, (pos) => {
      for (let i = 0; i < 20; i++) pos.set([330 + 5 * i, 280 + 3 * i], 2 * i);
    });
    // the farthest any agent got outside the triangle, over the whole run
    let worst = 0;
    for (const frame of seen)
      for (let i = 0; i < 20; i++) {
        const x = frame[2 * i];
        const y = frame[2 * i + 1];
        for (let k = 0; k < 3; k++) {
          const [ax, ay] = pen[k];
          const [bx, by] = pen[(k + 1) % 3];
          // how far past edge k's line, outward (this winding puts the inside on the negative side)
          const L = Math.hypot(bx - ax, by - ay);
          worst = Math.max(worst, ((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / L);
        }
      }
    expect(worst).toBeLessThan(10);
  });

  it('Wall Avoid: an agent heading for a wall turns away before touching it', () => {
    const t = agentType(
      'a',
      [node('wa', 'wall-avoid', { feelerLength: 80 }), node('p', 'point', { x: 700, y: 300 }), node('seek', 'seek'), node('pr', 'priority', { inputs: 2 }), node('out', 'agent-output')],
      [wire('p.point', 'seek.target'), wire('wa.force', 'pr.in0'), wire('seek.force', 'pr.in1'), wire('pr.force', 'out.force')],
      { count: 1, maxForce: 0.4 },
    );
    // a long wall across the way to the target
    const { seen } = run([t], { walls: [{ id: 'w', points: [[400, 0], [400, 600]], closed: false }] }, 600, (pos, vel) => {
      pos.set([100, 300]);
      vel.set([4, 0]);
    });
    const closest = Math.min(...seen.map((f) => 400 - f[0]));
    expect(closest).toBeGreaterThan(0);
    // and it did go up to the wall (it wants the target behind it)
    expect(closest).toBeLessThan(60);
  });

  it('Wall Avoid with Wander among free ends and corners: after the start, no agent touches a wall, slow or fast', () => {
    // a comb of walls hanging from the top (free ends below), an L, a zigzag and a closed box
    const walls: SceneWall[] = [
      ...[150, 300, 450, 600].map((x, k) => ({ id: `t${k}`, points: [[x, 0], [x, 250]] as [number, number][], closed: false })),
      { id: 'L', points: [[100, 350], [100, 500], [300, 500]], closed: false },
      { id: 'z', points: [[380, 380], [460, 460], [540, 380], [620, 460]], closed: false },
      { id: 'box', points: [[660, 320], [740, 320], [740, 400], [660, 400]], closed: true },
    ];
    const segs = walls.flatMap((w) => w.points.slice(0, w.closed ? undefined : -1).map((p, j) => [p, w.points[(j + 1) % w.points.length]]));
    const gap = (x: number, y: number) => Math.min(...segs.map(([a, b]) => distanceToSegment(x, y, a, b)));
    for (const [maxSpeed, maxForce] of [
      [4, 0.3],
      [10, 1],
    ]) {
      const t = agentType(
        'a',
        [node('wa', 'wall-avoid'), node('wander', 'wander', { distance: 40, radius: 20, jitter: 1 }), node('pr', 'priority', { inputs: 2 }), node('out', 'agent-output')],
        [wire('wa.force', 'pr.in0'), wire('wander.force', 'pr.in1'), wire('pr.force', 'out.force')],
        { count: 20, maxSpeed, maxForce },
      );
      const { seen } = run([t], { walls, edges: 'bounce' }, 3000);
      let nearest = Infinity;
      for (const f of seen.slice(100)) for (let i = 0; i < 20; i++) nearest = Math.min(nearest, gap(f[2 * i], f[2 * i + 1]));
      // the solid contact stops an agent 0.001 px from a wall; Wall Avoid's barrier keeps it about 2 px off
      expect(nearest, `maxSpeed ${maxSpeed}: the nearest an agent came to a wall`).toBeGreaterThan(0.5);
    }
  });
});

/** The distance from (x, y) to the segment a–b. */
function distanceToSegment(x: number, y: number, a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const u = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - a[0] - u * dx, y - a[1] - u * dy);
}
