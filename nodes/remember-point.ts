import { pointXY } from './emit-helpers';
import type { NodeDef } from './types';

/**
 * Remember Point: a point the agent keeps. Where it last saw a thief, where it found food: each
 * agent stores the input point while the condition holds (unconnected: whenever the point is
 * present) and gives back the stored one afterwards, until it stores another.
 */
export const rememberPoint: NodeDef = {
  kind: 'remember-point',
  label: 'Remember Point',
  category: 'logic',
  help: 'Keeps a point per agent: it takes the input point on every tick the condition holds (unconnected: whenever the point is present) and gives the last one taken afterwards. Absent until it has taken one; a state that resets on enter forgets it. Feeding a Go to State it reads what it kept last tick.',
  formula: 'when and point present: kept ← point; out = kept (absent before the first)',
  inputs: [
    { key: 'point', label: 'Point', type: 'point', required: true },
    { key: 'when', label: 'When', type: 'condition', help: 'Take the point only while this holds; unconnected: whenever it is present.' },
  ],
  outputs: [{ key: 'point', label: 'Kept', type: 'point', help: 'The last point taken; absent until the first.' }],
  params: [],
  emit: (ctx) => {
    const m = ctx.memory([0, 0, 0]);
    const b = ctx.local('k');
    const kept = { type: 'point' as const, arr: 'A.mem', off: b, present: `A.mem[${b} + 2] !== 0` };
    const at = `const ${b} = i * A.memStride + ${m};`;
    // feeding a Go to State: read what was kept last tick, take nothing
    if (ctx.phase === 'conditions') return { body: at, outputs: { point: kept } };
    const p = ctx.point('point')!;
    const when = [p.present, ctx.condition('when')?.expr].filter((c): c is string => c !== undefined);
    const [x, y] = pointXY(p);
    const take = `A.mem[${b}] = ${x}; A.mem[${b} + 1] = ${y}; A.mem[${b} + 2] = 1;`;
    return { body: `${at} ${when.length ? `if (${when.map((c) => `(${c})`).join(' && ')}) { ${take} }` : take}`, outputs: { point: kept } };
  },
};
