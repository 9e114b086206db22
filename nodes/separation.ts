import { frontOnlyParam, maxNeighborsParam, neighbourTypeParam, passArgs } from './emit-helpers';
import type { NodeDef } from './types';

/** Separation: one rule of Flock on its own (capped at maxForce, unweighted: weight it in a Sum). */
export const separation: NodeDef = {
  kind: 'separation',
  label: 'Separation',
  category: 'behaviour',
  help: 'Keep apart from neighbours closer than the distance: steer away from them at full speed, capped at maxForce. In a crowd denser than Max neighbours, it uses an even sample of that many nearby agents.',
  formula: 'desired = normalize(Σ normalize(p − o.p) / d) over neighbours closer than the separation; truncate((desired · maxSpeed − v) · m, maxForce)',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'distance', label: 'Distance', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Neighbours closer than this push the agent away, px.' },
    frontOnlyParam,
    neighbourTypeParam,
    maxNeighborsParam,
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    ctx.query(G, ctx.value('distance'));
    const P = ctx.pass();
    const { scalars, varying } = passArgs(ctx, ['distance']);
    return {
      pre: ctx.call('separationPass', 'A', G, scalars[0], ctx.bool('frontOnly'), P, ctx.num('maxNeighbors'), ...(varying ?? [])),
      outputs: { force: { type: 'force', arr: P, off: '2 * i' } },
    };
  },
  mute: 'zero',
};
