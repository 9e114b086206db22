import { NUMBER_OUTPUT, numberOut } from './emit-helpers';
import type { NodeDef } from './types';

/** How long the agent has been in its state, whole ticks. */
export const timeInState: NodeDef = {
  kind: 'time-in-state',
  label: 'Time in State',
  category: 'logic',
  help: 'How many ticks the agent has spent in its current state (0 on the first tick in it; in a type without states, ticks since it appeared). Compare it with a number of ticks: 60 ticks is a second at 60 ticks per second.',
  formula: 'τ (ticks)',
  inputs: [],
  outputs: NUMBER_OUTPUT,
  params: [],
  emit: (ctx) => ({ outputs: { value: numberOut(ctx.timeInState()) } }),
};
