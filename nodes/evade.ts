import { guarded, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Evade: flee from where a pursuer will be. */
export const evade: NodeDef = {
  kind: 'evade',
  label: 'Evade',
  category: 'behaviour',
  help: 'Flee from the point where the threat agent will be, predicted from its velocity, while it is closer than the threat distance.',
  formula: 'T = |e.p − p| / (maxSpeed + |e.v|); Flee(e.p + e.v · T) while |e.p − p| < threat distance (0: always)',
  inputs: [{ key: 'target', label: 'Pursuer', type: 'agent', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    {
      key: 'threatDistance',
      label: 'Threat distance',
      type: 'number',
      default: 0,
      min: 0,
      max: 1e6,
      step: 10,
      unit: 'px',
      slider: true,
      help: 'Evade only while the pursuer is closer than this, px; 0 evades at any distance.',
    },
  ],
  emit: (ctx) => {
    const e = ctx.agent('target')!;
    const o = ctx.slot();
    const call = ctx.call('evade', 's', o, 'A', 'i', e.agents, e.index, ctx.num('threatDistance'));
    return { body: guarded(e.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
