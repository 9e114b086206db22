import { guarded, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Flee: steer away from a point while it is within the panic distance. */
export const flee: NodeDef = {
  kind: 'flee',
  label: 'Flee',
  category: 'behaviour',
  help: 'Steer directly away from the target at full speed while it is closer than the panic distance.',
  formula: 'steer = (normalize(p − t) · maxSpeed − v) · m while |p − t| < panic distance (0: always), else 0',
  inputs: [{ key: 'target', label: 'Threat', type: 'point', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    {
      key: 'panicDistance',
      label: 'Panic distance',
      type: 'number',
      default: 0,
      min: 0,
      max: 1e6,
      step: 10,
      unit: 'px',
      slider: true,
      help: 'Flee only while the threat is closer than this, px; 0 flees at any distance.',
    },
  ],
  emit: (ctx) => {
    const t = ctx.point('target')!;
    const o = ctx.slot();
    const call = ctx.call('flee', 's', o, 'A', 'i', t.arr, t.off, ctx.num('panicDistance'));
    return { body: guarded(t.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
