import { neighbourTypeParam } from './emit-helpers';
import type { NodeDef } from './types';

/** Queue: Reynolds' queuing, a modifier that brakes the incoming steering behind an agent ahead (runtime/behaviors/queue.ts). */
export const queue: NodeDef = {
  kind: 'queue',
  label: 'Queue',
  category: 'combinator',
  help:
    'Passes its force through, but while another agent is close ahead in the agent’s lane and not pulling away, fades the forward part of the force and brakes, stopping at the stop distance. Sideways and backward parts pass, so put Separation or Avoid Agents inside it. Uses the agent types’ radius for the lane.',
  formula: 'β = clamp((D − d)/(D − stop), 0, 1), d the nearest agent ahead in the lane; out = in − h·max(in·h, 0)·β − h·(v·h)·m·β',
  inputs: [{ key: 'in', label: 'Force', type: 'force', required: true }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'distance', label: 'Distance', type: 'number', default: 40, min: 1, max: 1e4, step: 1, unit: 'px', slider: true, runtime: false, help: 'How far ahead the agent looks for someone to queue behind, px.' },
    { key: 'halfWidth', label: 'Half width', type: 'number', default: 10, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, runtime: false, help: 'Half the lane’s width beyond the two radii, px.' },
    { key: 'stop', label: 'Stop distance', type: 'number', default: 15, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, runtime: false, help: 'At this distance behind the one ahead the agent stops, px; below Distance.' },
    neighbourTypeParam,
  ],
  check: (value) => {
    const D = value('distance');
    const st = value('stop');
    return typeof D === 'number' && typeof st === 'number' && st >= D ? [{ param: 'stop', message: `Stop distance ${st} px must be below Distance ${D} px.` }] : [];
  },
  emit: (ctx) => {
    const f = ctx.force('in')!;
    const G = ctx.agents('agentType');
    ctx.query(G, ctx.value('distance'));
    const P = ctx.pass();
    const o = ctx.slot();
    return {
      pre: ctx.call('queuePass', 'A', G, ctx.num('distance'), ctx.num('halfWidth'), ctx.num('stop'), P),
      body: ctx.call('queue', 's', o, f.arr, f.off, 'A', 'i', P),
      outputs: { force: { type: 'force', arr: 's', off: String(o) } },
    };
  },
  mute: { through: 'in' },
};
