import { scratchForce } from './emit-helpers';
import { show } from './physics';
import type { NodeDef, PhysicsContext } from './types';

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
    const f = ctx.force('in')!;
    const o = ctx.slot();
    const body = ctx.bool('useMaxForce')
      ? ctx.call('truncateIntoMaxForce', 's', o, f.arr, f.off, 'A', 'i')
      : ctx.call('truncateInto', 's', o, f.arr, f.off, ctx.num('max'));
    return { body, outputs: { force: scratchForce(o) } };
  },
  mute: { through: 'in' },
  // its input against its output
  inspect: (c) => {
    const input = c.input('in');
    const output = c.output();
    if (!output || !input) return [];
    const s = truncateShare(input, output);
    return [{ key: 'in', name: ['in ', s.asked, ' → out ', s.got], value: s.cutFraction > 1e-9 ? [{ cut: `cut ${Math.round(s.cutFraction * 100)}%`, flagged: true }] : ['nothing cut'] }];
  },
  physics: (c) => {
    if (c.feedsSink) warnCapAboveMaxForce(c);
  },
};

/** Truncate straight into the Agent Output at or above maxForce. */
function warnCapAboveMaxForce(c: PhysicsContext): void {
  const type = c.type;
  const useMax = c.value('useMaxForce') !== false;
  if (useMax) {
    c.warn(
      'useMaxForce',
      'This Truncate caps the force at the agent’s maxForce, which the Agent Output already does: it does nothing here. ' +
        'Remove it, or turn off “Agent’s maxForce” and set a Max below maxForce to make this agent steer more gently.',
    );
    return;
  }
  const max = c.value('max');
  if (typeof max !== 'number') return;
  const vf = type.variation?.maxForce ?? 0;
  const top = type.maxForce * (1 + vf);
  // (× (1 − 1e-12): 0.2 × 1.5 is 0.30000000000000004, and a Max of 0.3 means it.)
  if (max < top * (1 - 1e-12)) return;
  const of = vf > 0 ? `the largest maxForce of this type’s agents (${show(top)} px/tick², with its per-agent variation)` : `this agent type’s maxForce (${show(top)} px/tick²)`;
  c.warn(
    'max',
    `Max ${show(max)} px/tick² is not below ${of}, and the Agent Output already caps the force at maxForce: this Truncate does nothing here. ` +
      `Set Max below ${show(top)} to make this agent steer more gently, or remove the node.`,
  );
}

/** A Truncate's input and output magnitudes, and the part of the input it cut (0–1). */
export function truncateShare(input: readonly [number, number], output: readonly [number, number]): { asked: number; got: number; cutFraction: number } {
  const asked = Math.hypot(input[0], input[1]);
  const got = Math.hypot(output[0], output[1]);
  return { asked, got, cutFraction: asked > 0 ? Math.max(0, 1 - got / asked) : 0 };
}
