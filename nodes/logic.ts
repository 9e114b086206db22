import { CONDITION_OUTPUT } from './emit-helpers';
import type { EmitContext, Emitted, NodeDef } from './types';

/** And / Or over the connected condition inputs: And() holds, Or() does not. */
function variadic(kind: string, label: string, help: string, formula: string, op: '&&' | '||'): NodeDef {
  return {
    kind,
    label,
    category: 'logic',
    help,
    formula,
    inputs: [],
    variadic: { prefix: 'in', label: 'Condition', type: 'condition', min: 2, default: 2, max: 16 },
    outputs: CONDITION_OUTPUT,
    params: [],
    emit: (ctx: EmitContext): Emitted => {
      const parts: string[] = [];
      for (let n = 0, k = ctx.value('inputs'); n < k; n++) {
        const c = ctx.condition(`in${n}`);
        if (c) parts.push(c.expr);
      }
      const expr = parts.length ? `(${parts.join(` ${op} `)})` : op === '&&' ? 'true' : 'false';
      return { outputs: { holds: { type: 'condition', expr } } };
    },
  };
}

export const and = variadic('and', 'And', 'Holds while every connected condition holds (none connected: holds). Connect the last input and another appears.', 'c₁ and c₂ and …', '&&');
export const or = variadic('or', 'Or', 'Holds while any connected condition holds (none connected: does not). Connect the last input and another appears.', 'c₁ or c₂ or …', '||');

/** Not: the opposite of a condition. */
export const not: NodeDef = {
  kind: 'not',
  label: 'Not',
  category: 'logic',
  help: 'Holds while its condition does not. (Not of a Compare on an absent distance holds.)',
  formula: 'not c',
  inputs: [{ key: 'in', label: 'Condition', type: 'condition', required: true }],
  outputs: CONDITION_OUTPUT,
  params: [],
  emit: (ctx) => ({ outputs: { holds: { type: 'condition', expr: `!${ctx.condition('in')!.expr}` } } }),
};
