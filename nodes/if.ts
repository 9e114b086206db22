import { drivenNumber, NUMBER_OUTPUT, numberIn, numberOut } from './emit-helpers';
import type { NodeDef } from './types';

/** Choose a number by a condition. */
export const ifNode: NodeDef = {
  kind: 'if',
  label: 'If',
  category: 'logic',
  help: 'One number while a condition holds, another while it does not: with a Scale it lets a condition switch a force on and off (or weigh it) in a graph without states.',
  formula: 'when ? then : else',
  inputs: [{ key: 'when', label: 'When', type: 'condition', required: true }],
  outputs: NUMBER_OUTPUT,
  params: [drivenNumber('then', 'Then', 1, 'The number while the condition holds.'), drivenNumber('else', 'Else', 0, 'The number while it does not.')],
  emit: (ctx) => {
    const c = ctx.condition('when')!;
    const a = numberIn(ctx, 'then');
    const b = numberIn(ctx, 'else');
    const v = ctx.local('f');
    const present = a.present || b.present ? `(${c.expr} ? ${a.present ?? 'true'} : ${b.present ?? 'true'})` : undefined;
    return { body: `const ${v} = ${c.expr} ? ${a.expr} : ${b.expr};`, outputs: { value: numberOut(v, present) } };
  },
};
