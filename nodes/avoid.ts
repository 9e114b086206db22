import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Avoid: steer around circular obstacles. */
export const avoid: NodeDef = {
  kind: 'avoid',
  label: 'Avoid',
  category: 'behaviour',
  help: 'Steer around the circles ahead (and push away from any that are too close). Combine it with another behaviour, first in a Priority.',
  formula: 'for each circle ahead within the feeler length: turn h · maxSpeed by 90° away from it, scaled by 1 − ahead/length; inside radius + buffer: push straight away',
  inputs: [{ key: 'obstacles', label: 'Obstacles', type: 'obstacles', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'feelerLength', label: 'Look ahead', type: 'number', default: 300, min: 0, max: 1e5, step: 10, unit: 'px', slider: true, help: 'How far ahead obstacles are noticed, px.' },
    { key: 'buffer', label: 'Buffer', type: 'number', default: 20, min: 0, minExclusive: true, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Clearance kept around each circle, px (> 0).' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    const call = ctx.call('avoid', 's', o, 'A', 'i', 'W.obstacles', 'W.obstacleCount', ctx.num('feelerLength'), ctx.num('buffer'), 'W');
    return { body: call, outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
  overlays: { feelers: { length: 'feelerLength' } },
};
