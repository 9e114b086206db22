import { allPresent, NUMBER_OUTPUT, numberLocal, OWN_POSITION, pointXY } from './emit-helpers';
import type { NodeDef } from './types';

/** Distance between two points (from: the agent, unless connected). */
export const distance: NodeDef = {
  kind: 'distance',
  label: 'Distance',
  category: 'logic',
  help: 'The distance from one point (unconnected: the agent itself) to another, px. When a point is absent this tick (no nearest agent), the distance is absent: a Compare fed by it is false, and a factor it drives is 0.',
  formula: '|to − from|',
  inputs: [
    { key: 'from', label: 'From', type: 'point', help: 'Unconnected: the agent’s own position.' },
    { key: 'to', label: 'To', type: 'point', required: true },
  ],
  outputs: NUMBER_OUTPUT,
  params: [],
  emit: (ctx) => {
    const [ax, ay] = pointXY(ctx.point('from') ?? OWN_POSITION);
    const to = ctx.point('to')!;
    const [bx, by] = pointXY(to);
    const present = allPresent(ctx.point('from')?.present, to.present);
    return numberLocal(ctx, 'd', `Math.sqrt((${bx} - ${ax}) * (${bx} - ${ax}) + (${by} - ${ay}) * (${by} - ${ay}))`, present);
  },
};
