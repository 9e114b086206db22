import { guarded, scratchForce } from './emit-helpers';
import { warnSlowingRadius } from './physics';
import type { NodeDef, NumberParam } from './types';

/** The slowing radius of Arrive, and of the kinds that end in an Arrive (Offset Pursuit, Formation, Leader Following). */
export const slowingRadius: NumberParam = {
  key: 'slowingRadius',
  label: 'Slowing radius',
  type: 'number',
  default: 100,
  min: 0,
  minExclusive: true,
  max: 1e5,
  step: 5,
  unit: 'px',
  slider: true,
  help: 'Start slowing down this far from the target, px (> 0).',
};

/** Arrive: seek that slows down inside the slowing radius and stops on the target. */
export const arrive: NodeDef = {
  kind: 'arrive',
  label: 'Arrive',
  category: 'behaviour',
  help: 'Seek that slows down inside the slowing radius and comes to rest on the target. A heavy or fast agent needs a larger radius to stop without passing it.',
  formula: 'd = |t − p|; desired = normalize(t − p) · (d > R ? maxSpeed : maxSpeed · d / R); steer = (desired − v) · m',
  inputs: [{ key: 'target', label: 'Target', type: 'point', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [slowingRadius],
  emit: (ctx) => {
    const t = ctx.point('target')!;
    const o = ctx.slot();
    const call = ctx.call('arrive', 's', o, 'A', 'i', t.arr, t.off, ctx.num('slowingRadius'));
    return { body: guarded(t.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
  physics: (c) => warnSlowingRadius(c, slowingRadius, { tooShort: '', passes: 'passes the target and turns back' }),
};
