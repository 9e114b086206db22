import { frontOnlyParam, maxNeighborsParam, neighbourTypeParam } from './emit-helpers';
import type { NodeDef } from './types';

/** Flock: separation, alignment and cohesion, weighted. */
export const flock: NodeDef = {
  kind: 'flock',
  label: 'Flock',
  category: 'behaviour',
  help: 'Reynolds’ flocking: keep apart from close neighbours (separation), match their heading (alignment) and move toward their centre (cohesion). Each rule is capped at maxForce, then weighted. In a crowd denser than Max neighbours, the rules use an even sample of that many nearby agents.',
  formula: 'ws · Separation + wa · Alignment + wc · Cohesion, each rule truncate((desired · maxSpeed − v) · m, maxForce)',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'sight', label: 'Sight', type: 'number', default: 100, min: 0, max: 1e4, step: 5, unit: 'px', slider: true, help: 'Neighbours closer than this count for alignment and cohesion, px.' },
    { key: 'separation', label: 'Separation', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'Neighbours closer than this push the agent away, px.' },
    { key: 'separationWeight', label: 'Separation weight', type: 'number', default: 1.5, min: 0, max: 100, step: 0.1, unit: '×', slider: true, help: 'Weight of the separation rule.' },
    { key: 'alignmentWeight', label: 'Alignment weight', type: 'number', default: 1, min: 0, max: 100, step: 0.1, unit: '×', slider: true, help: 'Weight of the alignment rule.' },
    { key: 'cohesionWeight', label: 'Cohesion weight', type: 'number', default: 1, min: 0, max: 100, step: 0.1, unit: '×', slider: true, help: 'Weight of the cohesion rule.' },
    frontOnlyParam,
    neighbourTypeParam,
    maxNeighborsParam,
  ],
  emit: (ctx) => {
    const G = ctx.agents('agentType');
    ctx.query(G, Math.max(ctx.value('sight'), ctx.value('separation')));
    const P = ctx.pass();
    const pre = `flockPass(A, ${G}, ${ctx.num('sight')}, ${ctx.num('separation')}, ${ctx.num('separationWeight')}, ${ctx.num('alignmentWeight')}, ${ctx.num('cohesionWeight')}, ${ctx.bool('frontOnly')}, ${P}, ${ctx.num('maxNeighbors')});`;
    return { pre, outputs: { force: { type: 'force', arr: P, off: '2 * i' } } };
  },
};
