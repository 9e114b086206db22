/**
 * The Hide-and-seek preset does what its description promises: with the seeker near, the hiders
 * keep a pillar or a shed between it and them, far more than the same hiders do when they only
 * wander (their Hide node muted); they are out of its sight on most ticks, and seen about half as
 * often as wanderers; the seeker chases only once it sees a hider (within 300 px, inside its 160°
 * field of view, no pillar or wall in between: checked here independently of the runtime, on the
 * positions the conditions read, those before the tick), and looks round for 3 s before it goes
 * back to searching; no agent passes through a shed's wall.
 */
import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { circlesOf, preset, worldOf } from './helpers';
import { circleBetween, crossed, segmentsOf, wallBetween } from './walls';

const TICKS = 5000;

/** The seeker's heading now (snapshot(), the public API). */
function heading(w: BehaviorWorld): [number, number] {
  const packed = w.snapshot().types.seeker.head;
  const v = Array.isArray(packed) ? packed : packed.values;
  return [v[0], v[1]];
}

interface Run {
  /** Hider-ticks with the seeker within 300 px. */
  near: number;
  /** Of those, with a pillar or a wall between them. */
  nearHidden: number;
  /** Hider-ticks in which the seeker sees the hider (range, field of view, nothing between). */
  seen: number;
  hiderTicks: number;
}

function run(seed: number | undefined, hide: boolean): Run {
  const doc = preset('hide-and-seek');
  if (!hide) for (const n of doc.agentTypes.find((t) => t.id === 'hider')!.states[0].graph.nodes) if (n.kind === 'hide') n.muted = true;
  const segs = segmentsOf(doc);
  const w = worldOf(doc, seed === undefined ? {} : { seed });
  const circles = circlesOf(w);
  const cosHalf = Math.cos((80 * Math.PI) / 180);
  const between = (ax: number, ay: number, bx: number, by: number) => circleBetween(circles, ax, ay, bx, by) || wallBetween(segs, ax, ay, bx, by);
  const r: Run = { near: 0, nearHidden: 0, seen: 0, hiderTicks: 0 };
  let lookedFrom = -1;
  let chases = 0;
  let searches = 0;
  for (let t = 0; t < TICKS; t++) {
    const [sx, sy] = w.positions('seeker');
    const [hx, hy] = heading(w);
    const h = w.positions('hider').slice();
    let seesOne = false;
    for (let i = 0; i < h.length / 2; i++) {
      const [x, y] = [h[2 * i], h[2 * i + 1]];
      const d = Math.hypot(x - sx, y - sy);
      const hidden = between(sx, sy, x, y);
      const seen = d < 300 && (x - sx) * hx + (y - sy) * hy >= d * cosHalf && !hidden;
      seesOne ||= seen;
      r.hiderTicks++;
      if (seen) r.seen++;
      if (d < 300) (r.near++, hidden && r.nearHidden++);
    }
    w.step();
    const [qx, qy] = w.positions('seeker');
    const k = crossed(segs, sx, sy, qx, qy);
    if (k >= 0) expect.fail(`tick ${t}: the seeker went through ${JSON.stringify(segs[k])}`);
    const p = w.positions('hider');
    for (let i = 0; i < p.length / 2; i++) {
      const j = crossed(segs, h[2 * i], h[2 * i + 1], p[2 * i], p[2 * i + 1]);
      if (j >= 0) expect.fail(`tick ${t}: hider ${i} went through ${JSON.stringify(segs[j])}`);
    }
    for (const e of w.transitions()) {
      if (e.type !== 'seeker') continue;
      if (e.to === 'chase') {
        expect(seesOne, `tick ${t}: chases from ${e.from} with no hider in sight`).toBe(true);
        chases++;
      }
      if (e.to === 'look') lookedFrom = e.tick;
      if (e.from === 'look' && e.to === 'search') {
        expect(e.tick - lookedFrom, `tick ${t}: looked round`).toBeGreaterThanOrEqual(180);
        searches++;
      }
    }
  }
  expect(chases, 'chases').toBeGreaterThan(0);
  // the preset as shipped (Hide on) loses its hiders and goes back to searching; among wanderers
  // the seeker may keep one in sight all run long
  if (hide) expect(searches, 'returns to searching').toBeGreaterThan(0);
  return r;
}

describe('hide-and-seek', () => {
  it.each([undefined, 1, 2])('seed %s: hiders keep cover between them and a near seeker, far more than wanderers; out of its sight most ticks; it chases only one it sees', (seed) => {
    const hiding = run(seed, true);
    const wandering = run(seed, false);
    const cover = (x: Run) => x.nearHidden / x.near;
    const seen = (x: Run) => x.seen / x.hiderTicks;
    // measured (seeds 5, the preset’s, and 1, 2, 3, over 6,000 ticks): in cover 66–82% of the near ticks hiding, 21–45% wandering
    expect(cover(hiding), 'hiding: in cover while the seeker is near').toBeGreaterThan(0.6);
    expect(cover(hiding) - cover(wandering), `in cover: hiding ${cover(hiding).toFixed(2)}, wandering ${cover(wandering).toFixed(2)}`).toBeGreaterThan(0.2);
    // measured: seen 5–7% of the ticks hiding, 11–16% wandering
    expect(seen(hiding), 'hiding: seen').toBeLessThan(0.1);
    expect(seen(hiding), `seen: hiding ${seen(hiding).toFixed(3)}, wandering ${seen(wandering).toFixed(3)}`).toBeLessThan(0.75 * seen(wandering));
  });
});
