import { guarded, scratchForce } from './emit-helpers';
import { slowingRadius } from './arrive';
import { LEADER_INPUT } from './offset-pursuit';
import type { NodeDef } from './types';

/** Leader Following (Reynolds): behind the leader, out of its way ahead, apart from each other. */
export const leaderFollowing: NodeDef = {
  kind: 'leader-following',
  label: 'Leader Following',
  category: 'behaviour',
  help: 'Follow behind the leader, step sideways out of its path when in front of it, and keep apart from the other followers (Separation within this agent type). The leader itself gets no force.',
  formula: 'in the leader’s path (0 ≤ along ≤ ahead, |lat| < half width): (perp(hL)·±maxSpeed − v)·m; else Arrive(L.p − hL·behind, R); + weight · Separation',
  inputs: [LEADER_INPUT],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'behind', label: 'Behind', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far behind the leader to arrive, px.' },
    { key: 'aheadLength', label: 'Ahead length', type: 'number', default: 60, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far ahead of the leader its path is kept clear, px.' },
    { key: 'halfWidth', label: 'Half width', type: 'number', default: 20, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Half the width of the leader’s path, px.' },
    slowingRadius,
    { key: 'separation', label: 'Separation', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, runtime: false, help: 'Followers closer than this push each other apart, px.' },
    { key: 'weight', label: 'Separation weight', type: 'number', default: 1, min: 0, max: 100, step: 0.1, unit: '×', slider: true, help: 'How strongly followers keep apart; 0 turns separation off.' },
  ],
  emit: (ctx) => {
    const L = ctx.agent('leader')!;
    const o = ctx.slot();
    const weighted = ctx.value('weight') !== 0 || ctx.paramIndex('weight') !== null;
    let pre: string | undefined;
    let P = 'null';
    if (weighted) {
      ctx.query('A', ctx.value('separation'));
      P = ctx.pass();
      pre = ctx.call('separationPass', 'A', 'A', ctx.num('separation'), false, P);
    }
    const call = ctx.call('leaderFollow', 's', o, 'A', 'i', L.agents, L.index, ctx.num('behind'), ctx.num('aheadLength'), ctx.num('halfWidth'), ctx.num('slowingRadius'), P, ctx.num('weight'));
    return { pre, body: guarded(L.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
