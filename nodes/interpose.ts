import { allPresent, guarded, scratchForce } from './emit-helpers';
import type { EmitContext, NodeDef } from './types';

/** An input as interpose() takes it: position array and offset, velocity array and offset (−1: a point, velocity 0). */
function body(ctx: EmitContext, key: string): { args: string[]; present?: string } {
  const v = ctx.input(key)!;
  if (v.type === 'agent') {
    const off = `2 * ${v.index}`;
    return { args: [`${v.agents}.pos`, off, `${v.agents}.vel`, off], ...(v.present ? { present: v.present } : {}) };
  }
  const p = ctx.point(key)!;
  return { args: [p.arr, p.off, p.arr, '-1'], ...(p.present ? { present: p.present } : {}) };
}

/** Interpose: get between two agents or points. */
export const interpose: NodeDef = {
  kind: 'interpose',
  label: 'Interpose',
  category: 'behaviour',
  help: 'Get between a and b (agents or points): arrive at the midpoint of where they will be by the time this agent could reach their present midpoint. No force while either is absent.',
  formula: 'mid = (a.p + b.p) / 2; T = |mid − p| / maxSpeed; Arrive(((a.p + a.v·T) + (b.p + b.v·T)) / 2, R)',
  inputs: [
    { key: 'a', label: 'A', type: 'point', required: true, help: 'An agent (position and velocity) or a point (velocity 0).' },
    { key: 'b', label: 'B', type: 'point', required: true, help: 'An agent (position and velocity) or a point (velocity 0).' },
  ],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'slowingRadius', label: 'Slowing radius', type: 'number', default: 100, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'Start slowing down this far from the point between them, px (> 0).' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    const a = body(ctx, 'a');
    const b = body(ctx, 'b');
    const call = ctx.call('interpose', 's', o, 'A', 'i', ...a.args, ...b.args, ctx.num('slowingRadius'));
    return { body: guarded(allPresent(a.present, b.present), call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
