import { scratchForce } from './emit-helpers';
import { warnSlowingRadius } from './physics';
import type { NodeDef, NumberParam } from './types';

const slowingRadius: NumberParam = { key: 'slowingRadius', label: 'Slowing radius', type: 'number', default: 100, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'At the end of an open path, start slowing down this far away, px.' };

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
    slowingRadius,
  ],
  emit: (ctx) => {
    const p = ctx.pathInput('path')!;
    const o = ctx.slot();
    const m = ctx.memory([0]);
    const call = ctx.call('followPath', 's', o, 'A', 'i', m, p.expr, ctx.num('threshold'), ctx.num('slowingRadius'));
    return { body: call, outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
  // at the end of an open path it arrives: when it reads the path straight from a Path node
  physics: (c) => {
    const from = c.source('path');
    if (!from || from.kind !== 'path') return;
    const id = from.value('path');
    const path = typeof id === 'string' ? c.scenePath(id) : undefined;
    if (!path || path.loop || path.points.length === 0) return;
    warnSlowingRadius(c, slowingRadius, { tooShort: ` for the end of path ${c.quote(path.id)}`, passes: 'runs past the last point and turns back' });
  },
};
