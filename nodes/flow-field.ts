import { scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Flow Field: Reynolds' flow field following, along one of the scene's flow fields. */
export const flowField: NodeDef = {
  kind: 'flow-field',
  label: 'Flow Field',
  category: 'behaviour',
  help: 'Move with a flow field painted over the world: steer toward the field’s vector (a fraction of maxSpeed) where the agent will be in look-ahead ticks, blended between cell centres. Off the field it gives nothing; where the field is zero it brakes.',
  formula: 'q = p + v·τ; F = bilinear(field at q, between cell centres; outer half-cells take the border); off the field: 0; steer = (F·maxSpeed − v) · m',
  inputs: [],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'field', label: 'Field', type: 'flowField', default: '', help: 'The scene’s flow field to follow (paint one in the preview with the flow brush).' },
    { key: 'lookAhead', label: 'Look-ahead', type: 'number', default: 0, min: 0, max: 1000, step: 1, unit: 'ticks', slider: true, help: 'Sample the field where the agent will be after this many ticks at its velocity, ticks (0: where it is; Reynolds’ ≈ 10 turns earlier).' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    return { body: ctx.call('flowField', 's', o, 'A', 'i', ctx.flowField('field'), ctx.num('lookAhead')), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
