import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Priority: Buckland's prioritized truncated running sum. */
export const priority: NodeDef = {
  kind: 'priority',
  label: 'Priority',
  category: 'combinator',
  help: 'Spends a force budget on the inputs in order: each gets what is left (capped), and once the budget is used up later inputs are cut off. Put what matters most (Avoid, Evade) first.',
  formula: 'acc = 0; for each input in order: left = budget − |acc|; stop when left ≤ 0; acc += truncate(fᵢ, left)',
  inputs: [],
  variadic: { prefix: 'in', label: 'Force', type: 'force', min: 2, max: 16 },
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'useMaxForce', label: 'Agent’s maxForce', type: 'boolean', default: true, help: 'The budget is each agent’s maxForce; off: the value below.' },
    { key: 'budget', label: 'Budget', type: 'number', default: 1, min: 0, max: 1e4, step: 0.01, unit: 'px/tick²', when: { key: 'useMaxForce', value: false }, help: 'The budget, px/tick², when not using maxForce.' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    const add = ctx.bool('useMaxForce')
      ? (arr: string, off: string) => ctx.call('priorityAddMaxForce', 's', o, arr, off, 'A', 'i')
      : (arr: string, off: string) => ctx.call('priorityAdd', 's', o, arr, off, ctx.num('budget'));
    const lines = [`s[${o}] = 0; s[${o + 1}] = 0;`];
    const k = ctx.value('inputs');
    for (let n = 0; n < k; n++) {
      const f = ctx.force(`in${n}`);
      if (!f) continue;
      lines.push(add(f.arr, f.off));
    }
    return { body: lines.join(' '), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
