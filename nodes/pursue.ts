import { guarded, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Pursue: seek where a moving agent will be. */
export const pursue: NodeDef = {
  kind: 'pursue',
  label: 'Pursue',
  category: 'behaviour',
  help: 'Seek the point where the target agent will be, predicted from its velocity; head-on, seek it directly.',
  formula: 'T = |e.p − p| / (maxSpeed + |e.v|); Seek(e.p + e.v · T) (Seek e.p when the target comes head-on)',
  inputs: [{ key: 'target', label: 'Evader', type: 'agent', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [],
  emit: (ctx) => {
    const e = ctx.agent('target')!;
    const o = ctx.slot();
    return { body: guarded(e.present, ctx.call('pursue', 's', o, 'A', 'i', e.agents, e.index), o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
