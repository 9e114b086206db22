import { CONDITION_OUTPUT, conditionLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** A random condition, p per tick. */
export const chance: NodeDef = {
  kind: 'chance',
  label: 'Chance',
  category: 'logic',
  help: 'Holds on a tick with probability p, from the world’s random numbers (one draw per agent per tick, whether or not the condition is looked at). p = 0.01 is on average once in 100 ticks; 0 never holds, 1 always.',
  formula: 'rand < p',
  inputs: [],
  outputs: CONDITION_OUTPUT,
  params: [{ key: 'p', label: 'Per tick', type: 'number', default: 0.01, min: 0, max: 1, step: 0.001, unit: '', help: 'The probability that it holds on a tick, from 0 to 1.' }],
  emit: (ctx) => conditionLocal(ctx, `A.rnd[i * A.draws + ${ctx.draw()}] < ${ctx.num('p')}`),
};
