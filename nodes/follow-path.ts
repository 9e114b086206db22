import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Follow Path: visit a path's waypoints in order. */
export const followPath: NodeDef = {
  kind: 'follow-path',
  label: 'Follow Path',
  category: 'behaviour',
  help: 'Seek the path’s waypoints in order; on a looped path start again, on an open one arrive at the last point and stop.',
  formula: 'Seek the current waypoint; within the threshold, advance to the next (a looped path wraps); Arrive at the last of an open path',
  inputs: [{ key: 'path', label: 'Path', type: 'path', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'threshold', label: 'Waypoint radius', type: 'number', default: 20, min: 0, max: 1e5, step: 1, unit: 'px', slider: true, help: 'A waypoint counts as reached within this distance, px.' },
    { key: 'slowingRadius', label: 'Slowing radius', type: 'number', default: 100, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'At the end of an open path, start slowing down this far away, px.' },
  ],
  emit: (ctx) => {
    const p = ctx.input('path') as { type: 'path'; expr: string };
    const o = ctx.slot();
    const m = ctx.memory([0]);
    const call = `followPath(s, ${o}, A, i, ${m}, ${p.expr}, ${ctx.num('threshold')}, ${ctx.num('slowingRadius')});`;
    return { body: call, outputs: { force: scratchForce(o) } };
  },
};
