import { dsincos } from './dsincos';
import { CONDITION_OUTPUT, conditionLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** Line of sight to a point. */
export const sees: NodeDef = {
  kind: 'sees',
  label: 'Sees',
  category: 'logic',
  help: 'Holds while the agent sees the target: nearer than the range, inside its field of view around its heading, and no obstacle circle or solid wall in between. False while the target is absent; an agent inside an obstacle sees nothing.',
  formula: 'sees(p, t) and |t − p| < range and (t − p)·h ≥ |t − p|·cos(fov / 2)',
  inputs: [{ key: 'target', label: 'Target', type: 'point', required: true }],
  outputs: CONDITION_OUTPUT,
  params: [
    { key: 'range', label: 'Range', type: 'number', default: 0, min: 0, max: 1e6, step: 10, unit: 'px', help: 'How far it sees, px; 0 sees any distance.' },
    { key: 'fov', label: 'Field of view', type: 'number', runtime: false, default: 360, min: 0, minExclusive: true, max: 360, step: 5, unit: '°', slider: true, help: 'The angle it sees, degrees, centred on its heading; 360 sees all round.' },
  ],
  emit: (ctx) => {
    const t = ctx.point('target')!;
    const fov = ctx.value('fov');
    const limited = fov < 360;
    // cos(fov / 2), fixed at compile time without Math.cos (BEHAVIORS.md, "Angles fixed at compile time")
    const cosHalf = limited ? dsincos(fov / 2)[0] : -1;
    return conditionLocal(ctx, ctx.call('sees', 'W', 'A', 'i', t.arr, t.off, ctx.num('range'), limited, literal(cosHalf)).slice(0, -1), t.present);
  },
};

/** A finite number as a JavaScript literal that reads back as the same bits. */
function literal(v: number): string {
  return Object.is(v, -0) ? '-0' : v < 0 ? `(${String(v)})` : String(v);
}
