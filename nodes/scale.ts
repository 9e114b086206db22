import { forceXY, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Scale: k · f. */
export const scale: NodeDef = {
  kind: 'scale',
  label: 'Scale',
  category: 'combinator',
  help: 'Multiplies a force by a factor (negative reverses it). The factor can be a number wired in; an absent number (a Distance to no one) counts as 0.',
  formula: 'k · f',
  inputs: [{ key: 'in', label: 'Force', type: 'force', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [{ key: 'factor', label: 'Factor', type: 'number', default: 1, min: -1000, max: 1000, step: 0.1, unit: '×', slider: true, input: true, help: 'The factor; wire a number in to drive it (e.g. Distance → Map Range: a flee that grows as the threat nears).' }],
  emit: (ctx) => {
    const f = ctx.force('in')!;
    const o = ctx.slot();
    const [x, y] = forceXY(f);
    const k = ctx.num('factor');
    return { body: `s[${o}] = ${k} * ${x}; s[${o + 1}] = ${k} * ${y};`, outputs: { force: scratchForce(o) } };
  },
  mute: { through: 'in' },
};
