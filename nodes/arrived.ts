import { CONDITION_OUTPUT, conditionLocal, pointXY } from './emit-helpers';
import type { NodeDef } from './types';

/** Within a distance of a point and slow. */
export const arrived: NodeDef = {
  kind: 'arrived',
  label: 'Arrived',
  category: 'logic',
  help: 'Holds while the agent is within a distance of the target and no faster than a speed. False while the target is absent.',
  formula: '|t − p| ≤ d and |v| ≤ s',
  inputs: [{ key: 'target', label: 'Target', type: 'point', required: true }],
  outputs: CONDITION_OUTPUT,
  params: [
    { key: 'distance', label: 'Within', type: 'number', default: 10, min: 0, max: 1e6, step: 1, unit: 'px', slider: true, help: 'How near the target counts as there, px.' },
    { key: 'speed', label: 'Slower than', type: 'number', default: 0.5, min: 0, max: 1e4, step: 0.05, unit: 'px/tick', help: 'At most this speed, px/tick (the agent has stopped, or nearly).' },
  ],
  emit: (ctx) => {
    const t = ctx.point('target')!;
    const [tx, ty] = pointXY(t);
    const d = ctx.num('distance');
    const s = ctx.num('speed');
    const dist2 = `(${tx} - A.pos[2 * i]) * (${tx} - A.pos[2 * i]) + (${ty} - A.pos[2 * i + 1]) * (${ty} - A.pos[2 * i + 1])`;
    const speed2 = 'A.vel[2 * i] * A.vel[2 * i] + A.vel[2 * i + 1] * A.vel[2 * i + 1]';
    return conditionLocal(ctx, `${dist2} <= ${d} * ${d} && ${speed2} <= ${s} * ${s}`, t.present);
  },
};
