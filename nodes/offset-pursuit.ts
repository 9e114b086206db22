import { guarded, scratchForce } from './emit-helpers';
import { slowingRadius } from './arrive';
import type { NodeDef, PortDef } from './types';

/** The leader input of Offset Pursuit, Formation and Leader Following. */
export const LEADER_INPUT: PortDef = { key: 'leader', label: 'Leader', type: 'agent', required: true, help: 'The agent to keep a place behind, usually an Agent node.' };

/** Offset Pursuit (Buckland): hold a place fixed in the leader's frame. */
export const offsetPursuit: NodeDef = {
  kind: 'offset-pursuit',
  label: 'Offset Pursuit',
  category: 'behaviour',
  help: 'Hold a place fixed in the leader’s frame: Offset x ahead of it (negative: behind) and Offset y to its right. Arrives at where that place will be, predicted from the leader’s velocity. The leader itself gets no force.',
  formula: 'W = L.p + hL·ox + perp(hL)·oy; T = |W − p| / (maxSpeed + |L.v|); Arrive(W + L.v·T, R)',
  inputs: [LEADER_INPUT],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'ox', label: 'Offset x (ahead)', type: 'number', default: -30, min: -1e4, max: 1e4, step: 5, unit: 'px', help: 'How far ahead of the leader the place is, px; negative is behind.' },
    { key: 'oy', label: 'Offset y (right)', type: 'number', default: 0, min: -1e4, max: 1e4, step: 5, unit: 'px', help: 'How far to the leader’s right the place is, px; negative is its left.' },
    slowingRadius,
  ],
  emit: (ctx) => {
    const L = ctx.agent('leader')!;
    const o = ctx.slot();
    const call = ctx.call('offsetPursuit', 's', o, 'A', 'i', L.agents, L.index, ctx.num('ox'), ctx.num('oy'), ctx.num('slowingRadius'));
    return { body: guarded(L.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
