import { forceXY } from './emit-helpers';
import type { NodeDef } from './types';

/** The sink: this agent type's steering force (capped at maxForce by the core). */
export const agentOutput: NodeDef = {
  kind: 'agent-output',
  label: 'Agent Output',
  category: 'output',
  help: 'The agent type’s steering force each tick. The simulation caps it at maxForce, divides it by the mass and adds it to the velocity. Exactly one per graph.',
  formula: 'f = truncate(steer, maxForce); v = truncate(v + f / m, maxSpeed); p = p + v',
  inputs: [{ key: 'force', label: 'Force', type: 'force', required: true }],
  outputs: [],
  params: [],
  emit: (ctx) => {
    const f = ctx.force('force')!;
    const [x, y] = forceXY(f);
    return { body: `F[2 * i] = ${x}; F[2 * i + 1] = ${y};`, outputs: {} };
  },
  sink: true,
};
