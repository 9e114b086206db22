import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Contain: turn back from the walls before reaching them (the world's box, or a closed wall's region). */
export const contain: NodeDef = {
  kind: 'contain',
  label: 'Contain',
  category: 'behaviour',
  help: 'Turn back from the world’s walls before reaching them, harder the closer the wall. With a region, keep inside a closed wall instead: push away from its nearest point within the margin, and head straight back when outside.',
  formula: 'world: desired = v + Σ n̂ · maxSpeed · clamp((margin − dist) / margin, 0, 1) over the walls; steer = truncate(desired, maxSpeed) − v. Region: one push from the nearest boundary point q, desired = v + normalize(p − q) · maxSpeed · clamp((margin − |p − q|) / margin, 0, 1); outside, desired = normalize(q − p) · maxSpeed',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'margin', label: 'Margin', type: 'number', default: 50, min: 0, minExclusive: true, max: 5e5, step: 5, unit: 'px', slider: true, help: 'Start turning this far from a wall, px (in the world’s box, at most half the world’s smaller side).' },
    { key: 'region', label: 'Region', type: 'wall', default: 'world', help: 'Where to stay: the world’s box, or inside a closed wall of the scene (solid or not) with at least 3 segments.' },
  ],
  check: (value, world) => {
    if (value('region') !== 'world') return [];
    const margin = value('margin');
    const limit = Math.min(world.width, world.height) / 2;
    return typeof margin === 'number' && margin > limit
      ? [{ param: 'margin', message: `Margin is ${margin} px, more than half the world’s smaller side (${limit} px): the walls’ pushes would overlap everywhere` }]
      : [];
  },
  emit: (ctx) => {
    const o = ctx.slot();
    const k = ctx.wall('region');
    if (k >= 0) return { body: ctx.call('containPolygon', 's', o, 'A', 'i', 'W.walls', k, ctx.num('margin')), outputs: { force: scratchForce(o) } };
    const { width, height } = ctx.worldSize();
    return { body: ctx.call('contain', 's', o, 'A', 'i', width, height, ctx.num('margin')), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
