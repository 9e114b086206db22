import type { NodeDef } from './types';

/** A named path of the scene. */
export const path: NodeDef = {
  kind: 'path',
  label: 'Path',
  category: 'source',
  help: 'A named path of the scene (a polyline, open or looped); edit it in the world panel or by clicking in the preview.',
  inputs: [],
  outputs: [{ key: 'path', label: 'Path', type: 'path' }],
  params: [{ key: 'path', label: 'Path', type: 'path', default: '', help: 'Which path of the scene.' }],
  emit: (ctx) => ({ outputs: { path: { type: 'path', expr: ctx.path('path') } } }),
};
