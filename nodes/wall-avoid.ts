import { dsincos } from './dsincos';
import { exactLiteral, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Wall Avoid: Buckland's three feelers against the solid walls (and the edges in bounce mode), with an ahead feeler no shorter than the braking distance and a braking barrier. */
export const wallAvoid: NodeDef = {
  kind: 'wall-avoid',
  label: 'Wall Avoid',
  category: 'behaviour',
  help: 'Feel ahead with three feelers (one along the heading, longer the faster the agent goes and never shorter than its braking distance, and two to the sides) and push straight off the nearest solid wall one of them reaches, harder the deeper it reaches (at full strength within the braking distance). Unlike Buckland’s feelers, it also brakes at full force off any wall, a free end or a corner included, that the agent could no longer stop short of. In bounce mode the world’s edges count as walls. Put it first in a Priority.',
  formula: 'a = 0.8·maxForce/m, stop = |v|²/(2a) + |v|/2. Barrier: for each solid segment near p, q its nearest point, d = |p − q|, c = min(closing speed toward q + maxForce/m, maxSpeed); if c > √(a²/4 + 2a(d − 2 − c)) − a/2 it pushes (p − q)/d · 4·maxSpeed (off its line when the straight path meets it); steer = Σ pushes · m. Else the nearest feeler hit (ahead La = max(feelerLength·|v|/maxSpeed, stop + |v| + 2), sides h·c ± perp(h)·s of sideLength): steer = n̂ · maxSpeed · k · m, k = pen/(La − stop − 2) ≤ 1 ahead, pen/sideLength at the sides, n̂ the wall’s normal on the agent’s side',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'feelerLength', label: 'Feeler length', type: 'number', default: 60, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'The ahead feeler’s length at full speed, px (> 0); it shrinks with the speed, but never below the braking distance plus a tick and 2 px.' },
    { key: 'sideLength', label: 'Side feelers', type: 'number', default: 30, min: 0, max: 1e5, step: 5, unit: 'px', slider: true, help: 'The two side feelers’ length, px (0: no side feelers).' },
    { key: 'angle', label: 'Side angle', type: 'number', runtime: false, default: 45, min: 0, minExclusive: true, max: 90, step: 5, unit: '°', slider: true, help: 'The side feelers’ angle from the heading, degrees (more than 0, at most 90).' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    // (cos, sin) of the side angle, fixed at compile time without Math.cos (BEHAVIORS.md, "Angles fixed at compile time")
    const [c, s] = dsincos(ctx.value('angle'));
    return { body: ctx.call('wallAvoid', 's', o, 'A', 'i', 'W.walls', ctx.num('feelerLength'), ctx.num('sideLength'), exactLiteral(c), exactLiteral(s)), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};

