import { CONDITION_OUTPUT, conditionLocal, OWN_POSITION, pointXY } from './emit-helpers';
import type { NodeDef } from './types';

const CIRCLE = { key: 'shape', value: 'circle' } as const;
const RECT = { key: 'shape', value: 'rectangle' } as const;

/** Inside a region of the world. */
export const inside: NodeDef = {
  kind: 'inside',
  label: 'Inside',
  category: 'logic',
  help: 'Holds while a point (unconnected: the agent itself) is inside a rectangle or a circle of the world, edges included. False while the point is absent.',
  formula: 'x ≤ p.x ≤ x + w and y ≤ p.y ≤ y + h; or |p − c| ≤ r',
  inputs: [{ key: 'point', label: 'Point', type: 'point', help: 'Unconnected: the agent’s own position.' }],
  outputs: CONDITION_OUTPUT,
  params: [
    {
      key: 'shape',
      label: 'Shape',
      type: 'choice',
      default: 'rectangle',
      options: [
        { value: 'rectangle', label: 'Rectangle' },
        { value: 'circle', label: 'Circle' },
      ],
      help: 'A rectangle (corner, width, height) or a circle (centre, radius).',
    },
    { key: 'x', label: 'x', type: 'number', default: 0, min: -1e7, max: 1e7, step: 1, unit: 'px', help: 'The rectangle’s left edge, or the circle’s centre, px.' },
    { key: 'y', label: 'y', type: 'number', default: 0, min: -1e7, max: 1e7, step: 1, unit: 'px', help: 'The rectangle’s top edge, or the circle’s centre, px.' },
    { key: 'width', label: 'Width', type: 'number', default: 200, min: 0, max: 1e7, step: 1, unit: 'px', when: RECT, help: 'The rectangle’s width, px.' },
    { key: 'height', label: 'Height', type: 'number', default: 200, min: 0, max: 1e7, step: 1, unit: 'px', when: RECT, help: 'The rectangle’s height, px.' },
    { key: 'radius', label: 'Radius', type: 'number', default: 100, min: 0, max: 1e7, step: 1, unit: 'px', when: CIRCLE, help: 'The circle’s radius, px.' },
  ],
  emit: (ctx) => {
    const p = ctx.point('point');
    const [px, py] = pointXY(p ?? OWN_POSITION);
    const x = ctx.num('x');
    const y = ctx.num('y');
    if (ctx.text('shape') === 'circle') {
      const r = ctx.num('radius');
      return conditionLocal(ctx, `(${px} - ${x}) * (${px} - ${x}) + (${py} - ${y}) * (${py} - ${y}) <= ${r} * ${r}`, p?.present);
    }
    const right = `${x} + ${ctx.num('width')}`;
    const bottom = `${y} + ${ctx.num('height')}`;
    return conditionLocal(ctx, `${px} >= ${x} && ${px} <= ${right} && ${py} >= ${y} && ${py} <= ${bottom}`, p?.present);
  },
};
