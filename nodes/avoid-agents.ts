import { neighbourTypeParam } from './emit-helpers';
import type { NodeDef } from './types';

/** Avoid Agents: Reynolds' unaligned collision avoidance (runtime/behaviors/avoid-agents.ts). */
export const avoidAgents: NodeDef = {
  kind: 'avoid-agents',
  label: 'Avoid Agents',
  category: 'behaviour',
  help:
    'Predicts when each nearby agent will come closest, from both velocities, and steers sideways away from the most imminent one that would touch (the two radii plus the buffer). Head-on it also brakes; crossing, the slower one brakes. Give the agent type a radius.',
  formula: 't = −(r·w)/(w·w), threat if 0 ≤ t ≤ horizon and |r + w·t| < radius + j.radius + buffer; steer = (perp(h)·±S·(1 − t/horizon) + brake)·m',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'range', label: 'Range', type: 'number', default: 200, min: 1, max: 1e4, step: 10, unit: 'px', slider: true, runtime: false, help: 'Only agents closer than this now are considered, px.' },
    { key: 'horizon', label: 'Horizon', type: 'number', default: 60, min: 1, max: 1e4, step: 1, unit: 'ticks', slider: true, runtime: false, help: 'How far ahead collisions are predicted, ticks.' },
    { key: 'buffer', label: 'Buffer', type: 'number', default: 10, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, runtime: false, help: 'Extra clearance kept beyond the two radii, px.' },
    neighbourTypeParam,
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    ctx.query(G, ctx.value('range'));
    const P = ctx.pass();
    return {
      pre: ctx.call('avoidAgentsPass', 'A', G, ctx.num('range'), ctx.num('horizon'), ctx.num('buffer'), P),
      outputs: { force: { type: 'force', arr: P, off: '2 * i' } },
    };
  },
  mute: 'zero',
};
