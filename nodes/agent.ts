import type { NodeDef } from './types';

/** One agent of a type, by index: the leader a formation or a Leader Following follows. */
export const agent: NodeDef = {
  kind: 'agent',
  label: 'Agent',
  category: 'source',
  help: 'One agent of a type, picked by its index (0 is the first): its position, velocity and heading. Absent while the type has fewer agents, and behaviours fed by it then give no force. Feed it to Formation, Offset Pursuit or Leader Following as the leader.',
  inputs: [],
  outputs: [{ key: 'agent', label: 'Agent', type: 'agent' }],
  params: [
    { key: 'agentType', label: 'Of type', type: 'agentType', default: '', help: 'Whose agent; empty means this agent type.' },
    { key: 'index', label: 'Index', type: 'number', default: 0, min: 0, max: 100_000, step: 1, unit: '', integer: true, help: 'Which agent of the type: 0 is the first.' },
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    const j = ctx.num('index');
    return { outputs: { agent: { type: 'agent', agents: G, index: j, present: `${j} < ${G}.count` } } };
  },
};
