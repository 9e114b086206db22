import { SHAPES, slotOffset } from '../runtime/behaviors/formation';
import { guarded, scratchForce, zero } from './emit-helpers';
import { slowingRadius } from './arrive';
import { LEADER_INPUT } from './offset-pursuit';
import type { NodeDef, NumberParam, Offsets, OffsetsParam } from './types';

const SHAPE_LABELS: Record<(typeof SHAPES)[number], string> = {
  line: 'Line (abreast)',
  column: 'Column (single file)',
  wedge: 'Wedge (V)',
  circle: 'Circle (around)',
  custom: 'Custom (drawn)',
};

const spacing: NumberParam = {
  key: 'spacing',
  label: 'Spacing',
  type: 'number',
  default: 30,
  min: 0,
  minExclusive: true,
  max: 1e4,
  step: 1,
  unit: 'px',
  slider: true,
  help: 'Distance between neighbouring slots, px (> 0); for Custom, the gap between one repeat of the drawn slots and the next.',
};

/** Formation's custom slots: the places drawn on the node's slot pad (src/editor/slot-pad.ts). */
export const SLOTS_PARAM: OffsetsParam = {
  key: 'slots',
  label: 'Slots',
  type: 'offsets',
  default: [],
  max: 256,
  range: 1e4,
  when: { key: 'shape', value: 'custom' },
  // switched to Custom, the pad starts from the first five slots of the shape it had
  seed: (value) => shapeOffsets(String(value('shape')), 5, Number(value('spacing')), Number(value('depth'))),
  help: 'The custom slots, px in the leader’s frame (x ahead, y to its right): click the pad to add one, drag a dot to move it, Alt+click a dot to remove it. Follower k takes slot k; past the last, the pattern repeats further behind.',
};

/**
 * The depth extent of custom offsets, max ox − min ox (0 for none): each repeat of the pattern moves
 * back by this plus the spacing, so it starts one spacing behind the last row of the one before.
 */
export function depthExtent(offsets: Offsets): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x] of offsets) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return offsets.length ? hi - lo : 0;
}

/**
 * The first `count` slots of a built-in shape (line, column, wedge; a circle of `count`), as
 * offsets: what the slot pad starts from when a node is switched to Custom.
 */
export function shapeOffsets(shape: string, count: number, s: number, d: number): Offsets {
  const k = SHAPES.indexOf(shape as (typeof SHAPES)[number]);
  if (k < 0 || SHAPES[k] === 'custom') return [];
  const out = new Float64Array(2);
  const list: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    slotOffset(out, 0, k, i, count, s, d);
    // (whole px on the pad: a circle's sines are not, and -0 would save as 0 anyway)
    list.push([Math.round(out[0]) + 0, Math.round(out[1]) + 0]);
  }
  return list;
}

/** Formation: Offset Pursuit with the place taken from the agent's slot in a shape. */
export const formation: NodeDef = {
  kind: 'formation',
  label: 'Formation',
  category: 'behaviour',
  help: 'Keep a slot in a formation behind the leader: line, column, wedge, circle, or Custom: slots drawn on the node’s pad (click to add, drag to move, Alt+click to remove). Agent k of the type takes slot k (the leader, when it is of the same type, takes none), so agents added later take the next slots; past the last drawn slot, the drawn pattern repeats further behind. Each agent does Offset Pursuit of its slot.',
  formula:
    'slot k: line (−d, s·a(k)); column (−d − s·k, 0); wedge (−d − s·|a(k)|, s·a(k)); circle −d·(cos, sin)(360°·k/n); a(k) = 0, 1, −1, 2, −2, …; custom: drawn offset k mod m, moved back floor(k/m)·(depth extent + s); then Offset Pursuit',
  inputs: [LEADER_INPUT],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'shape', label: 'Shape', type: 'choice', default: 'wedge', options: SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] })), help: 'How the slots are laid out behind the leader; Custom: as drawn on the pad.' },
    spacing,
    { key: 'depth', label: 'Depth', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far behind the leader the first slot is, px; for the circle, its radius; Custom does not use it.' },
    slowingRadius,
    SLOTS_PARAM,
  ],
  emit: (ctx) => {
    const L = ctx.agent('leader')!;
    const o = ctx.slot();
    const shape = SHAPES.indexOf(ctx.text('shape') as (typeof SHAPES)[number]);
    if (SHAPES[shape] !== 'custom') {
      const call = ctx.call('formation', 's', o, 'A', 'i', L.agents, L.index, shape, ctx.num('spacing'), ctx.num('depth'), ctx.num('slowingRadius'));
      return { body: guarded(L.present, call, o), outputs: { force: scratchForce(o) } };
    }
    const slots = ctx.offsets('slots');
    if (slots.length === 0) return { body: zero(o), outputs: { force: scratchForce(o) } };
    // The drawn offsets go into the type's constants, one after another; their depth extent is a literal.
    const first = ctx.constant(slots[0][0], slots[0][1]);
    for (let k = 1; k < slots.length; k++) ctx.constant(slots[k][0], slots[k][1]);
    const call = ctx.call('formationCustom', 's', o, 'A', 'i', L.agents, L.index, first.arr, first.off, slots.length, depthExtent(slots), ctx.num('spacing'), ctx.num('slowingRadius'));
    return { body: guarded(L.present, call, o), outputs: { force: scratchForce(o) } };
  },
  physics: (c) => {
    const slots = c.value('slots');
    if (c.value('shape') === 'custom' && Array.isArray(slots) && slots.length === 0) {
      c.warn('slots', 'Custom shape with no slots drawn: the followers get no force. Click on the slot pad to add slots.');
    }
  },
  mute: 'zero',
};
