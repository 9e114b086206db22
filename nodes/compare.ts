import { allPresent, CONDITION_OUTPUT, conditionLocal, drivenNumber, numberIn } from './emit-helpers';
import type { NodeDef } from './types';

const OPS: Record<string, string> = { lt: '<', le: '<=', gt: '>', ge: '>=' };

/** Compare two numbers: a condition. */
export const compare: NodeDef = {
  kind: 'compare',
  label: 'Compare',
  category: 'logic',
  help: 'Holds while a number compares so with another (or a constant). False while either number is absent (a Distance to no one), whichever the operator: so “not below” is not “above”.',
  formula: 'a < b, a ≤ b, a > b or a ≥ b',
  inputs: [{ key: 'a', label: 'A', type: 'number', required: true }],
  outputs: CONDITION_OUTPUT,
  params: [
    {
      key: 'op',
      label: 'Is',
      type: 'choice',
      default: 'lt',
      options: [
        { value: 'lt', label: '<' },
        { value: 'le', label: '≤' },
        { value: 'gt', label: '>' },
        { value: 'ge', label: '≥' },
      ],
      help: 'How A compares with B.',
    },
    drivenNumber('b', 'B', 100, 'The number A is compared with; wire a number in to compare two.'),
  ],
  physics: (c) => {
    // A Distance compared with a constant it can never reach while both points are in the world.
    if (c.source('a')?.kind !== 'distance' || c.source('b')) return;
    const op = c.value('op');
    const b = c.value('b');
    if (typeof b !== 'number') return;
    const diagonal = Math.sqrt(c.world.width * c.world.width + c.world.height * c.world.height);
    const never =
      (op === 'lt' && b <= 0) || (op === 'le' && b < 0) ? 'a distance is never below 0 px' : (op === 'gt' && b >= diagonal) || (op === 'ge' && b > diagonal) ? `two points in this ${c.world.width} × ${c.world.height} px world are at most ${Math.round(diagonal)} px apart` : null;
    if (never) c.warn('b', `This comparison can never hold: ${never}`);
  },
  emit: (ctx) => {
    const a = ctx.number('a')!;
    const b = numberIn(ctx, 'b');
    return conditionLocal(ctx, `${a.expr} ${OPS[ctx.text('op')]} ${b.expr}`, allPresent(a.present, b.present));
  },
};
