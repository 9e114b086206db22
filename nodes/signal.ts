import { CONDITION_OUTPUT, conditionLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** A flag the game raises. */
export const signal: NodeDef = {
  kind: 'signal',
  label: 'Signal',
  category: 'logic',
  help: 'Holds while the game has raised this signal for the agent: world.signal(type, index, name) raises it (index −1: every agent of the type) and world.signal(type, index, name, false) lowers it.',
  formula: 'the flag is set',
  inputs: [],
  outputs: CONDITION_OUTPUT,
  params: [{ key: 'name', label: 'Name', type: 'name', default: 'alarm', help: 'The signal’s name, as the game passes it to world.signal: a letter or _, then letters, digits, _ or -.' }],
  emit: (ctx) => conditionLocal(ctx, `((A.sig[i] >>> ${ctx.signal(ctx.text('name'))}) & 1) === 1`),
};
