import { NUMBER_OUTPUT, numberLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** The agent's speed. */
export const speed: NodeDef = {
  kind: 'speed',
  label: 'Speed',
  category: 'logic',
  help: 'The agent’s speed |v|, px/tick.',
  formula: '|v|',
  inputs: [],
  outputs: NUMBER_OUTPUT,
  params: [],
  emit: (ctx) => numberLocal(ctx, 'v', 'Math.sqrt(A.vel[2 * i] * A.vel[2 * i] + A.vel[2 * i + 1] * A.vel[2 * i + 1])'),
};
