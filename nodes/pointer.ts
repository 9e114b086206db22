import type { NodeDef } from './types';

/** The pointer: the mouse over the preview; in a game, the point set by `world.setPointer`. */
export const pointer: NodeDef = {
  kind: 'pointer',
  label: 'Pointer',
  category: 'source',
  help: 'The mouse position over the preview. In an exported module it starts at the world’s centre and moves with world.setPointer(x, y).',
  inputs: [],
  outputs: [{ key: 'point', label: 'Point', type: 'point' }],
  params: [],
  emit: () => ({ outputs: { point: { type: 'point', arr: 'W.pointer', off: '0' } } }),
};
