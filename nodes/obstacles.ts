import type { NodeDef } from './types';

/** The scene's circles. */
export const obstacles: NodeDef = {
  kind: 'obstacles',
  label: 'Obstacles',
  category: 'source',
  help: 'The scene’s circular obstacles (drifting ones included), for Avoid.',
  inputs: [],
  outputs: [{ key: 'obstacles', label: 'Obstacles', type: 'obstacles' }],
  params: [],
  emit: () => ({ outputs: { obstacles: { type: 'obstacles' } } }),
};
