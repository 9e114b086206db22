import { forceXY, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Weighted Sum: Σ wᵢ · fᵢ over the connected inputs. */
export const sum: NodeDef = {
  kind: 'sum',
  label: 'Sum',
  category: 'combinator',
  help: 'Adds the connected forces, each times its weight. Connect the last input and another appears.',
  formula: 'Σ wᵢ · fᵢ over the connected inputs',
  inputs: [],
  variadic: {
    prefix: 'in',
    label: 'Force',
    type: 'force',
    // two and up; a new Sum (or a document that gives no count) has four, as it always had
    min: 2,
    default: 4,
    max: 32,
    weight: { prefix: 'w', label: 'Weight', type: 'number', default: 1, min: -1000, max: 1000, step: 0.1, unit: '×', input: true, help: 'This input’s weight; wire a number in to drive it (an absent number counts as 0).' },
  },
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [],
  emit: (ctx) => {
    const o = ctx.slot();
    const xs: string[] = [];
    const ys: string[] = [];
    const k = ctx.value('inputs');
    for (let n = 0; n < k; n++) {
      const f = ctx.force(`in${n}`);
      if (!f) continue;
      const [x, y] = forceXY(f);
      const w = ctx.num(`w${n}`);
      xs.push(`${w} * ${x}`);
      ys.push(`${w} * ${y}`);
    }
    const body = xs.length ? `s[${o}] = ${xs.join(' + ')}; s[${o + 1}] = ${ys.join(' + ')};` : `s[${o}] = 0; s[${o + 1}] = 0;`;
    return { body, outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
