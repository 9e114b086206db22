import { neighbourTypeParam, NUMBER_OUTPUT, numberLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** How many agents of a type are near. */
export const neighbourCount: NodeDef = {
  kind: 'neighbour-count',
  label: 'Neighbour Count',
  category: 'logic',
  help: 'How many agents of a type are strictly within the radius (never counting the agent itself).',
  formula: '#{ j ≠ i of the type : |p_j − p| < r }',
  inputs: [],
  outputs: NUMBER_OUTPUT,
  params: [
    neighbourTypeParam,
    { key: 'radius', label: 'Radius', type: 'number', default: 50, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'Count the agents closer than this, px (> 0).' },
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    ctx.query(G, ctx.value('radius'));
    return numberLocal(ctx, 'k', ctx.call('neighbourCount', G, 'A', 'i', ctx.num('radius')).slice(0, -1));
  },
  overlays: { neighbours: { radius: 'radius' } },
};
