import { NUMBER_OUTPUT, numberOut } from './emit-helpers';
import type { NodeDef } from './types';

/** A parameter of the agent type, as the game sets it (world.setParam, world.paramArray). */
export const parameter: NodeDef = {
  kind: 'parameter',
  label: 'Parameter',
  category: 'source',
  help: 'The agent’s value of one of its type’s parameters: the type value the game sets with world.setParam, or the agent’s own value written into world.paramArray. Feeds any number input.',
  formula: 'the agent’s value of the parameter',
  inputs: [],
  outputs: NUMBER_OUTPUT,
  params: [
    { key: 'name', label: 'Name', type: 'name', of: 'typeParam', default: 'speed', help: 'Which parameter of this agent type (its Parameters panel) to read.' },
  ],
  emit: (ctx) => {
    // validation proved the type has it; a type without it compiles to a zero force
    const expr = ctx.param(ctx.text('name')) ?? '0';
    return { outputs: { value: numberOut(expr) } };
  },
};
