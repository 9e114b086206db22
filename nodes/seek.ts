import { guarded, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Seek: steer toward a point at full speed. */
export const seek: NodeDef = {
  kind: 'seek',
  label: 'Seek',
  category: 'behaviour',
  help: 'Steer toward the target at full speed: normalize(target − position) · maxSpeed − velocity. Overshoots and circles back; use Arrive to stop.',
  formula: 'steer = (normalize(t − p) · maxSpeed − v) · m; at the target, −v · m (a brake)',
  inputs: [{ key: 'target', label: 'Target', type: 'point', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [],
  emit: (ctx) => {
    const t = ctx.point('target')!;
    const o = ctx.slot();
    return { body: guarded(t.present, ctx.call('seek', 's', o, 'A', 'i', t.arr, t.off), o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
