import { NUMBER_OUTPUT, numberLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** A number fixed per agent. */
export const randomPerAgent: NodeDef = {
  kind: 'random-per-agent',
  label: 'Random per Agent',
  category: 'logic',
  help: 'A number in [0, 1) of the agent’s own, the same every tick (from the world’s seed, the agent type and the agent’s index): give agents a personality, e.g. their own flee distance through Map Range.',
  formula: 'hash(seed, type, key, index) / 2³²',
  inputs: [],
  outputs: NUMBER_OUTPUT,
  params: [
    { key: 'key', label: 'Key', type: 'number', default: 0, min: 0, max: 1e6, step: 1, unit: '', integer: true, help: 'Nodes with different keys give each agent independent numbers; equal keys the same number.' },
  ],
  emit: (ctx) => numberLocal(ctx, 'u', ctx.call('agentRandom', 'W', 'A', 'i', ctx.num('key')).slice(0, -1)),
};
