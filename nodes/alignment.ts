import { frontOnlyParam, maxNeighborsParam, neighbourTypeParam, passArgs } from './emit-helpers';
import type { NodeDef } from './types';

/** Alignment: one rule of Flock on its own (capped at maxForce, unweighted: weight it in a Sum). */
export const alignment: NodeDef = {
  kind: 'alignment',
  label: 'Alignment',
  category: 'behaviour',
  help: 'Match the neighbours’ heading: steer toward their summed velocity at full speed, capped at maxForce. In a crowd denser than Max neighbours, it uses an even sample of that many nearby agents.',
  formula: 'desired = normalize(Σ o.v) over neighbours within sight; truncate((desired · maxSpeed − v) · m, maxForce)',
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
      pre: ctx.call('alignmentPass', 'A', G, scalars[0], ctx.bool('frontOnly'), P, ctx.num('maxNeighbors'), ...(varying ?? [])),
      outputs: { force: { type: 'force', arr: P, off: '2 * i' } },
    };
  },
  mute: 'zero',
  overlays: { neighbours: { radius: 'sight' } },
};
