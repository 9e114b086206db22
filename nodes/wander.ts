import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Wander: a smooth random walk. */
export const wander: NodeDef = {
  kind: 'wander',
  label: 'Wander',
  category: 'behaviour',
  help: 'A smooth random walk: seek a point on a circle ahead of the agent that drifts a little every tick (random numbers from the world’s seed).',
  formula: 'u ← normalize(u + perp(u) · (rand − ½) · jitter); Seek(p + h · distance + radius · u turned into the heading)',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'distance', label: 'Distance', type: 'number', default: 10, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far ahead of the agent the wander circle sits, px.' },
    { key: 'radius', label: 'Radius', type: 'number', default: 5, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Radius of the wander circle, px: larger turns harder.' },
    { key: 'jitter', label: 'Jitter', type: 'number', default: 1, min: 0, max: 10, step: 0.05, unit: '', slider: true, help: 'How fast the point drifts round the circle: it turns by at most atan(jitter / 2) per tick.' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    const m = ctx.memory([1, 0]);
    const r = ctx.draw();
    const call = ctx.call('wander', 's', o, 'A', 'i', m, r, ctx.num('distance'), ctx.num('radius'), ctx.num('jitter'));
    return { body: call, outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
  overlays: { wander: { distance: 'distance', radius: 'radius' } },
};
