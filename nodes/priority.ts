import { priorityAdd } from '../runtime/behaviors/combine';
import { scratchForce } from './emit-helpers';
import type { InspectPart, NodeDef } from './types';

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
  // where each input came from, and its share of the budget
  inspect: (c) => {
    const count = c.value('inputs');
    const budget = c.value('useMaxForce') === true ? c.maxForce : c.value('budget');
    if (typeof count !== 'number' || typeof budget !== 'number') return [];
    const shares = priorityShares(Array.from({ length: count }, (_, k) => c.input(`in${k}`)), budget);
    return shares.flatMap((s, k) => {
      const label = c.source(`in${k}`);
      if (label === null) return [];
      const value: InspectPart[] = s.cut
        ? [{ cut: 'cut off', flagged: true }, ' (asked ', s.asked, ')']
        : s.got < s.asked - 1e-12
          ? ['got ', s.got, ' of ', s.asked, ' ', { cut: '(budget used up)' }]
          : ['got all ', s.got];
      return [{ key: String(k), name: [`${k + 1}. ${label}`], value }];
    });
  },
};

/** How one input of a Priority fared. */
export interface BudgetShare {
  /** The input's own force magnitude, px/tick². */
  asked: number;
  /** What it added to the output, px/tick² (its force scaled to what was left). */
  got: number;
  /** The budget was spent before it: it added nothing (to rounding) although it asked for something. */
  cut: boolean;
}

/**
 * Replays a Priority's running sum over its inputs' forces (in order; null: unconnected) with the
 * runtime's own kernel, so the shares are the ones the agent got, bit for bit.
 */
export function priorityShares(inputs: readonly (readonly [number, number] | null)[], budget: number): BudgetShare[] {
  const acc = new Float64Array(2);
  const src = new Float64Array(2);
  return inputs.map((f) => {
    if (!f) return { asked: 0, got: 0, cut: false };
    src[0] = f[0];
    src[1] = f[1];
    const q = priorityAdd(acc, 0, src, 0, budget);
    const asked = Math.hypot(f[0], f[1]);
    // what is left after the budget is spent can be a rounding error (1e-17): that is cut off too
    const got = asked * q;
    return { asked, got, cut: asked > 0 && got <= 1e-9 * budget };
  });
}

