import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Truncate: cap a force's length. */
export const truncate: NodeDef = {
  kind: 'truncate',
  label: 'Truncate',
  category: 'combinator',
  help: 'Caps the force’s length at a maximum (the agent’s maxForce unless you set one). The agent output is always capped at maxForce, so use it inside a graph.',
  formula: 'f · min(1, max / |f|)',
  inputs: [{ key: 'in', label: 'Force', type: 'force', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'useMaxForce', label: 'Agent’s maxForce', type: 'boolean', default: true, help: 'Cap at each agent’s maxForce; off: at the value below.' },
    { key: 'max', label: 'Max', type: 'number', default: 1, min: 0, max: 1e4, step: 0.01, unit: 'px/tick²', when: { key: 'useMaxForce', value: false }, help: 'The cap, px/tick², when not using maxForce.' },
  ],
  emit: (ctx) => {
    const f = ctx.input('in') as { type: 'force'; arr: string; off: string };
    const o = ctx.slot();
    const body = ctx.bool('useMaxForce')
      ? `truncateIntoMaxForce(s, ${o}, ${f.arr}, ${f.off}, A, i);`
      : `truncateInto(s, ${o}, ${f.arr}, ${f.off}, ${ctx.num('max')});`;
    return { body, outputs: { force: scratchForce(o) } };
  },
};
