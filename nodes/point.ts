import type { NodeDef } from './types';

/** A fixed point of the world. */
export const point: NodeDef = {
  kind: 'point',
  label: 'Point',
  category: 'source',
  help: 'A fixed point in the world.',
  inputs: [],
  outputs: [{ key: 'point', label: 'Point', type: 'point' }],
  params: [
    { key: 'x', label: 'x', type: 'number', runtime: false, default: 400, min: -1e7, max: 1e7, step: 1, unit: 'px', help: 'Horizontal position, px from the left edge.' },
    { key: 'y', label: 'y', type: 'number', runtime: false, default: 300, min: -1e7, max: 1e7, step: 1, unit: 'px', help: 'Vertical position, px from the top edge.' },
  ],
  emit: (ctx) => {
    const c = ctx.constant(ctx.value('x'), ctx.value('y'));
    return { outputs: { point: { type: 'point', arr: c.arr, off: c.off } } };
  },
};
