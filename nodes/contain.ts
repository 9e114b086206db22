import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Contain: turn back from the walls before reaching them. */
export const contain: NodeDef = {
  kind: 'contain',
  label: 'Contain',
  category: 'behaviour',
  help: 'Turn back from the world’s walls before reaching them, harder the closer the wall.',
  formula: 'desired = v + Σ n̂ · maxSpeed · clamp((margin − dist) / margin, 0, 1) over the walls; steer = truncate(desired, maxSpeed) − v',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'margin', label: 'Margin', type: 'number', default: 50, min: 0, minExclusive: true, max: 5e5, step: 5, unit: 'px', slider: true, help: 'Start turning this far from a wall, px (at most half the world’s smaller side).' },
  ],
  check: (value, world) => {
    const margin = value('margin');
    const limit = Math.min(world.width, world.height) / 2;
    return typeof margin === 'number' && margin > limit
      ? [{ param: 'margin', message: `Margin is ${margin} px, more than half the world’s smaller side (${limit} px): the walls’ pushes would overlap everywhere` }]
      : [];
  },
  emit: (ctx) => {
    const o = ctx.slot();
    const { width, height } = ctx.worldSize();
    return { body: ctx.call('contain', 's', o, 'A', 'i', width, height, ctx.num('margin')), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
