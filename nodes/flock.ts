import { frontOnlyParam, maxNeighborsParam, neighbourTypeParam, passArgs } from './emit-helpers';
import { show } from './physics';
import type { NodeDef, PhysicsContext } from './types';

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
    const { scalars, varying } = passArgs(ctx, ['sight', 'separation', 'separationWeight', 'alignmentWeight', 'cohesionWeight']);
    const pre = ctx.call('flockPass', 'A', G, ...scalars, ctx.bool('frontOnly'), P, ctx.num('maxNeighbors'), ...(varying ? [`[${varying.join(', ')}]`] : []));
    return { pre, outputs: { force: { type: 'force', arr: P, off: '2 * i' } } };
  },
  mute: 'zero',
  physics: (c) => warnSeparation(c),
  overlays: { neighbours: { radius: 'sight' } },
};

/**
 * Flock whose separation reaches beyond its sight. Equal radii are left alone: they are the
 * classic boids setting (and the peer benchmark's), where density, not cohesion, keeps neighbours
 * in sight; beyond it every neighbour seen pushes away.
 */
function warnSeparation(c: PhysicsContext): void {
  const num = (k: string): number => {
    const v = c.value(k);
    return typeof v === 'number' ? v : 0;
  };
  const sight = num('sight');
  const separation = num('separation');
  if (!(separation > 0) || separation <= sight) return;
  if (!(num('separationWeight') > 0) || !(num('cohesionWeight') > 0 || num('alignmentWeight') > 0)) return;
  const message =
    `Separation ${show(separation)} px reaches beyond Sight ${show(sight)} px: every neighbour this agent sees also pushes it away, ` +
    'so no distance is left where cohesion and alignment hold the flock together, and the agents spread apart until they no longer see each other.';
  const param = flock.params.find((p) => p.key === 'separation');
  const step = param?.type === 'number' ? param.step : 1;
  const value = Math.floor(sight / 2 / step) * step;
  if (!(sight > 0) || value <= 0) return c.warn('separation', `${message} Raise Sight above the separation.`);
  c.warn('separation', message, { label: `set separation to ${show(value)} px (half the sight)`, params: { separation: value } });
}
