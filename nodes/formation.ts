import { SHAPES } from '../runtime/behaviors/formation';
import { guarded, scratchForce } from './emit-helpers';
import { slowingRadius } from './arrive';
import { LEADER_INPUT } from './offset-pursuit';
import type { NodeDef } from './types';

const SHAPE_LABELS: Record<(typeof SHAPES)[number], string> = { line: 'Line (abreast)', column: 'Column (single file)', wedge: 'Wedge (V)', circle: 'Circle (around)' };

/** Formation: Offset Pursuit with the place taken from the agent's slot in a shape. */
export const formation: NodeDef = {
  kind: 'formation',
  label: 'Formation',
  category: 'behaviour',
  help: 'Keep a slot in a formation behind the leader: line, column, wedge or circle. Agent k of the type takes slot k (the leader, when it is of the same type, takes none), so agents added later take the next slots. Each agent does Offset Pursuit of its slot.',
  formula: 'slot k: line (−d, s·a(k)); column (−d − s·k, 0); wedge (−d − s·|a(k)|, s·a(k)); circle −d·(cos, sin)(360°·k/n); a(k) = 0, 1, −1, 2, −2, …; then Offset Pursuit',
  inputs: [LEADER_INPUT],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'shape', label: 'Shape', type: 'choice', default: 'wedge', options: SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] })), help: 'How the slots are laid out behind the leader.' },
    { key: 'spacing', label: 'Spacing', type: 'number', default: 30, min: 0, minExclusive: true, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Distance between neighbouring slots, px (> 0).' },
    { key: 'depth', label: 'Depth', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far behind the leader the first slot is, px; for the circle, its radius.' },
    slowingRadius,
  ],
  emit: (ctx) => {
    const L = ctx.agent('leader')!;
    const o = ctx.slot();
    const shape = SHAPES.indexOf(ctx.text('shape') as (typeof SHAPES)[number]);
    const call = ctx.call('formation', 's', o, 'A', 'i', L.agents, L.index, shape, ctx.num('spacing'), ctx.num('depth'), ctx.num('slowingRadius'));
    return { body: guarded(L.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
