import { scratchForce } from './emit-helpers';
import { warnSlowingRadius } from './physics';
import type { Emitted, NodeDef, NumberParam } from './types';

const slowingRadius: NumberParam = { key: 'slowingRadius', label: 'Slowing radius', type: 'number', default: 100, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'At the end of an open path, start slowing down this far away, px.' };

/** Follow Path: visit a path's waypoints in order. */
export const followPath: NodeDef = {
  kind: 'follow-path',
  label: 'Follow Path',
  category: 'behaviour',
  help: 'Seek the path’s waypoints in order; on a looped path start again, on an open one arrive at the last point and stop.',
  formula: 'Seek the current waypoint; within the threshold, advance to the next (a looped path wraps); Arrive at the last of an open path. Finished: open, on the last waypoint, within the threshold',
  inputs: [{ key: 'path', label: 'Path', type: 'path', required: true }],
  outputs: [
    { key: 'force', label: 'Force', type: 'force' },
    { key: 'finished', label: 'Finished', type: 'condition', help: 'Holds on an open path once the agent is within the waypoint radius of its last point (an empty path: always; a looped one: never).' },
  ],
  params: [
    { key: 'threshold', label: 'Waypoint radius', type: 'number', default: 20, min: 0, max: 1e5, step: 1, unit: 'px', slider: true, help: 'A waypoint counts as reached within this distance, px.' },
    slowingRadius,
    {
      key: 'start',
      label: 'Start at',
      type: 'choice',
      default: 'first',
      options: [
        { value: 'first', label: 'first waypoint' },
        { value: 'nearest', label: 'nearest waypoint' },
      ],
      help: 'Where an agent joins the path: its first waypoint, or the waypoint nearest to it. With a state that resets on enter, “nearest” makes an agent coming back to a patrol rejoin it where it is closest.',
    },
  ],
  emit: (ctx): Emitted => {
    const p = ctx.pathInput('path')!;
    // −1: not joined yet (the nearest waypoint is picked on the first tick that reads it)
    const nearest = ctx.text('start') === 'nearest';
    // fed by Own Route: a second slot says whether this route's finish was reported (both restart with a new route)
    const m = p.route ? ctx.memory([nearest ? -1 : 0, 0]) : ctx.memory([nearest ? -1 : 0]);
    if (p.route) ctx.routeMemory(m, 2);
    // (an expression, so it costs nothing where nothing reads it; it only reads the waypoint index)
    // (fed by Own Route it also reports the route finished, once: a Go to State reading it may take the agent away at once)
    const finished = {
      type: 'condition' as const,
      expr: p.route ? `routeFinished(W, A, i, ${m}, ${p.expr}, ${ctx.num('threshold')})` : `pathFinished(A, i, ${m}, ${p.expr}, ${ctx.num('threshold')})`,
    };
    // feeding a Go to State: read the waypoint the node left last tick, do not move on
    if (ctx.phase === 'conditions') return { outputs: { finished } };
    const o = ctx.slot();
    const call = p.route
      ? ctx.call('followRoute', 'W', 's', o, 'A', 'i', m, p.expr, ctx.num('threshold'), ctx.num('slowingRadius'))
      : ctx.call('followPath', 's', o, 'A', 'i', m, p.expr, ctx.num('threshold'), ctx.num('slowingRadius'));
    const join = nearest ? ctx.call('joinNearest', 'A', 'i', m, p.expr) : '';
    return { body: join + call, outputs: { force: scratchForce(o), finished } };
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
