import type { NodeDef } from './types';

/** A point the host program moves by name. */
export const namedTarget: NodeDef = {
  kind: 'named-target',
  label: 'Named Target',
  category: 'source',
  help: 'A point of the scene that your game moves by name at run time with world.setTarget(name, x, y); drag it in the preview.',
  inputs: [],
  outputs: [{ key: 'point', label: 'Point', type: 'point' }],
  params: [{ key: 'target', label: 'Target', type: 'target', default: '', help: 'Which named target of the scene.' }],
  emit: (ctx) => {
    const t = ctx.target('target');
    return { outputs: { point: { type: 'point', arr: t.arr, off: t.off } } };
  },
};
