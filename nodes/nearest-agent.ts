import type { NodeDef } from './types';

/** The nearest agent of a type: position, velocity and heading, or nothing this tick. */
export const nearestAgent: NodeDef = {
  kind: 'nearest-agent',
  label: 'Nearest Agent',
  category: 'source',
  help: 'The nearest agent of a type (never the agent itself) strictly within the radius, or nothing this tick: behaviours fed by it then give no force. Ties go to the lower index. With “in sight”, only agents it sees count (nothing in between).',
  inputs: [],
  outputs: [{ key: 'agent', label: 'Agent', type: 'agent' }],
  params: [
    { key: 'agentType', label: 'Of type', type: 'agentType', default: '', help: 'Whose agents to look for; empty means this agent type.' },
    { key: 'radius', label: 'Radius', type: 'number', default: 0, min: 0, max: 1e6, step: 10, unit: 'px', help: 'Look only this far, px; 0 looks everywhere.' },
    { key: 'inSight', label: 'In sight', type: 'boolean', default: false, help: 'Count only the agents this agent sees: no circle obstacle or solid wall on the line between them.' },
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    const radius = ctx.value('radius');
    ctx.query(G, radius);
    const j = ctx.local('j');
    return {
      body: `const ${j} = ${ctx.bool('inSight') ? ctx.call('nearestSeen', G, 'A', 'i', ctx.num('radius'), 'W') : ctx.call('nearest', G, 'A', 'i', ctx.num('radius'))}`,
      outputs: { agent: { type: 'agent', agents: G, index: j, present: `${j} >= 0` } },
    };
  },
};
