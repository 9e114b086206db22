/**
 * Hide (BEHAVIORS.md, "Hide and Interpose"): Arrive at the hiding spot nearest to the agent, behind a
 * circle (c + (c − threat) · (r + buffer) / |c − threat|) or a closed solid wall (our rule: its
 * bounding circle about the mean of its points, kept only when the threat cannot see the spot and
 * neither stands inside the polygon); Evade (Flee for a point) when there is no spot; 0 beyond the
 * threat distance and, with whenSeen, while the threat cannot see the agent.
 */
import { describe, expect, it } from 'vitest';
import { arrive } from '../../../runtime/behaviors/arrive';
import { evade } from '../../../runtime/behaviors/evade';
import { flee } from '../../../runtime/behaviors/flee';
import { hide, hidePoint } from '../../../runtime/behaviors/hide';
import type { WallSpec } from '../../../runtime/walls';
import { World, type ObstacleSpec } from '../../../runtime/world';
import { pairAt, place, spec, type AgentState } from '../helpers';

const out = new Float64Array(2);
const want = new Float64Array(2);

/** A hider (type 0, agent 0) and a threat (type 1, agent 0) in a world of these circles and walls. */
function setup(me: AgentState, threat: AgentState, obstacles: ObstacleSpec[] = [], walls: WallSpec[] = []): World {
  const w = new World(
    spec({}, {
      agentTypes: [
        { id: 'hider', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2 },
        { id: 'seeker', count: 1, mass: 1, maxSpeed: 3, maxForce: 0.2 },
      ],
      obstacles,
      walls,
    }),
  );
  place(w.types[0], [me]);
  place(w.types[1], [threat]);
  return w;
}

type Opts = { buffer?: number; R?: number; threatDistance?: number; whenSeen?: boolean };
function hideFrom(w: World, o: Opts = {}): [number, number] {
  hide(out, 0, w.types[0], 0, w, w.types[1], 0, o.buffer ?? 30, o.R ?? 100, o.threatDistance ?? 0, o.whenSeen ?? false);
  return pairAt(out);
}
function arriveAt(w: World, x: number, y: number, R = 100): [number, number] {
  arrive(want, 0, w.types[0], 0, Float64Array.of(x, y), 0, R);
  return pairAt(want);
}

const me: AgentState = { x: 360, y: 500, vx: 1, vy: 0 };
const seeker: AgentState = { x: 100, y: 300, vx: 2, vy: 0 };
const rock: ObstacleSpec = { x: 300, y: 300, r: 30 };

describe('hide', () => {
  it('arrives at the spot behind a circle, r + buffer beyond its centre away from the threat', () => {
    const w = setup(me, seeker, [rock]);
    expect(hideFrom(w)).toEqual(arriveAt(w, 360, 300));
    expect(hideFrom(w, { buffer: 10, R: 50 })).toEqual(arriveAt(w, 340, 300, 50));
  });

  it('takes the spot nearest to the agent, not the nearest circle; equal spots go to the lower index', () => {
    // spots (360, 300) and (100, 560): the agent at (360, 500) is nearer the first though the second circle is nearer it
    const w = setup(me, seeker, [rock, { x: 100, y: 500, r: 30 }]);
    expect(hideFrom(w)).toEqual(arriveAt(w, 360, 300));
    // two circles mirrored about the line y = 0 through the threat and the agent: equal distances
    // (negation is exact), the first wins
    const v = setup({ x: 400, y: 0 }, { x: 100, y: 0 }, [{ x: 300, y: -100, r: 10 }, { x: 300, y: 100, r: 10 }]);
    const q = 40 / Math.sqrt(200 * 200 + 100 * 100);
    expect(hideFrom(v)).toEqual(arriveAt(v, 300 + 200 * q, -100 + -100 * q));
    expect(hideFrom(v)).not.toEqual(arriveAt(v, 300 + 200 * q, 100 + 100 * q));
  });

  it('skips a circle centred on the threat; with no spot left it evades the threat agent', () => {
    const w = setup(me, { ...seeker, x: 300, y: 300 }, [rock]);
    hideFrom(w);
    evade(want, 0, w.types[0], 0, w.types[1], 0, 0);
    expect(pairAt(out)).toEqual(pairAt(want));
    const bare = setup(me, seeker);
    hideFrom(bare, { threatDistance: 500 });
    evade(want, 0, bare.types[0], 0, bare.types[1], 0, 500);
    expect(pairAt(out)).toEqual(pairAt(want));
  });

  it('is 0 when the threat is at or beyond the threat distance', () => {
    const w = setup(me, seeker, [rock]);
    const d = Math.sqrt(260 * 260 + 200 * 200);
    expect(hideFrom(w, { threatDistance: d })).toEqual([0, 0]);
    expect(hideFrom(w, { threatDistance: d + 1 })).toEqual(arriveAt(w, 360, 300));
  });

  it('with whenSeen, is 0 while a circle or a solid wall stands between the threat and the agent', () => {
    // the agent behind the rock, on the threat's line: already hidden
    const hidden = setup({ x: 360, y: 300 }, seeker, [rock]);
    expect(hideFrom(hidden, { whenSeen: true })).toEqual([0, 0]);
    const walled = setup(me, seeker, [rock], [{ id: 'screen', points: [[200, 350], [250, 450]], closed: false }]);
    expect(hideFrom(walled, { whenSeen: true })).toEqual([0, 0]);
    // seen: hides as without the switch
    const seen = setup(me, seeker, [rock]);
    expect(hideFrom(seen, { whenSeen: true })).toEqual(arriveAt(seen, 360, 300));
  });

  describe('behind closed solid walls', () => {
    // a box; the mean of its points (330, 300), the bounding circle's radius √(30² + 50²)
    const box: WallSpec = { id: 'box', points: [[300, 250], [360, 250], [360, 350], [300, 350]], closed: true };
    const r = Math.sqrt(30 * 30 + 50 * 50);

    it('arrives at the spot beyond the bounding circle about the mean of its points', () => {
      const w = setup(me, seeker, [], [box]);
      const q = (r + 30) / 230;
      expect(hideFrom(w)).toEqual(arriveAt(w, 330 + 230 * q, 300));
    });

    it('competes with the circles by distance to the agent', () => {
      const w = setup({ x: 600, y: 300 }, seeker, [{ x: 300, y: 100, r: 20 }], [box]);
      const q = (r + 30) / 230;
      expect(hideFrom(w)).toEqual(arriveAt(w, 330 + 230 * q, 300));
    });

    it('ignores a wall the agent or the threat stands inside, and walls that are open or not solid', () => {
      const inside = setup({ x: 330, y: 300 }, seeker, [], [box]);
      hideFrom(inside);
      evade(want, 0, inside.types[0], 0, inside.types[1], 0, 0);
      expect(pairAt(out)).toEqual(pairAt(want));
      const threatInside = setup(me, { x: 320, y: 300 }, [], [box]);
      hideFrom(threatInside);
      evade(want, 0, threatInside.types[0], 0, threatInside.types[1], 0, 0);
      expect(pairAt(out)).toEqual(pairAt(want));
      for (const wl of [{ ...box, solid: false }, { ...box, closed: false }]) {
        const w = setup(me, seeker, [], [wl]);
        hideFrom(w);
        evade(want, 0, w.types[0], 0, w.types[1], 0, 0);
        expect(pairAt(out)).toEqual(pairAt(want));
      }
    });

    it('skips a spot the threat can see (a U-shaped wall seen into from its open side)', () => {
      // U open to the right; the threat stands in its notch, so the line through the mean of the
      // points leaves by the opening and the spot beyond is in plain view
      const u: WallSpec = { id: 'u', points: [[0, 0], [100, 0], [100, 10], [10, 10], [10, 90], [100, 90], [100, 100], [0, 100]].map(([x, y]) => [x + 200, y + 250] as [number, number]), closed: true };
      const w = setup(me, { x: 230, y: 300 }, [], [u]);
      hideFrom(w);
      evade(want, 0, w.types[0], 0, w.types[1], 0, 0);
      expect(pairAt(out)).toEqual(pairAt(want));
    });
  });
});

describe('hidePoint', () => {
  it('hides from a point as from an agent standing still', () => {
    const w = setup(me, seeker, [rock]);
    hidePoint(out, 0, w.types[0], 0, w, Float64Array.of(100, 300), 0, 30, 100, 0, false);
    expect(pairAt(out)).toEqual(arriveAt(w, 360, 300));
  });

  it('flees the point when there is nowhere to hide, with the threat distance as its panic distance', () => {
    const w = setup(me, seeker);
    hidePoint(out, 0, w.types[0], 0, w, Float64Array.of(100, 300), 0, 30, 100, 400, false);
    flee(want, 0, w.types[0], 0, Float64Array.of(100, 300), 0, 400);
    expect(pairAt(out)).toEqual(pairAt(want));
    expect(pairAt(out)).not.toEqual([0, 0]);
    hidePoint(out, 0, w.types[0], 0, w, Float64Array.of(100, 300), 0, 30, 100, 300, false);
    expect(pairAt(out)).toEqual([0, 0]);
  });
});
