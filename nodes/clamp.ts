import { NUMBER_OUTPUT, numberLocal } from './emit-helpers';
import type { NodeDef } from './types';

/** Hold a number between two bounds. */
export const clamp: NodeDef = {
  kind: 'clamp',
  label: 'Clamp',
  category: 'logic',
  help: 'Holds a number between a lower and an upper bound.',
  formula: 'min(max(x, lo), hi)',
  inputs: [{ key: 'in', label: 'Number', type: 'number', required: true }],
  outputs: NUMBER_OUTPUT,
  params: [
    { key: 'min', label: 'At least', type: 'number', default: 0, min: -1e6, max: 1e6, step: 0.1, unit: '', help: 'The lower bound.' },
    { key: 'max', label: 'At most', type: 'number', default: 1, min: -1e6, max: 1e6, step: 0.1, unit: '', help: 'The upper bound (not below the lower one).' },
  ],
  check: (value) => ((value('min') as number) > (value('max') as number) ? [{ param: 'max', message: 'At most must not be below At least' }] : []),
  emit: (ctx) => {
    const x = ctx.number('in')!;
    return numberLocal(ctx, 'q', `Math.min(Math.max(${x.expr}, ${ctx.num('min')}), ${ctx.num('max')})`, x.present);
  },
};
