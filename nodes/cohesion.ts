import { frontOnlyParam, maxNeighborsParam, neighbourTypeParam, passArgs } from './emit-helpers';
import type { NodeDef } from './types';

/** Cohesion: one rule of Flock on its own (capped at maxForce, unweighted: weight it in a Sum). */
export const cohesion: NodeDef = {
  kind: 'cohesion',
  label: 'Cohesion',
  category: 'behaviour',
  help: 'Move toward the neighbours’ centre: seek their mean position, capped at maxForce. In a crowd denser than Max neighbours, it uses an even sample of that many nearby agents.',
  formula: 'Seek the mean position of the neighbours within sight, capped at maxForce',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'sight', label: 'Sight', type: 'number', default: 100, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Neighbours closer than this count, px.' },
    frontOnlyParam,
    neighbourTypeParam,
    maxNeighborsParam,
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    ctx.query(G, ctx.value('sight'));
    const P = ctx.pass();
    const { scalars, varying } = passArgs(ctx, ['sight']);
    return {
      pre: ctx.call('cohesionPass', 'A', G, scalars[0], ctx.bool('frontOnly'), P, ctx.num('maxNeighbors'), ...(varying ?? [])),
      outputs: { force: { type: 'force', arr: P, off: '2 * i' } },
    };
  },
  mute: 'zero',
  overlays: { neighbours: { radius: 'sight' } },
};
