import { bounded, NUMBER_OUTPUT, numberLocal } from './emit-helpers';
import type { NodeDef, NumberParam } from './types';

const end = (key: string, label: string, def: number, help: string): NumberParam => ({ key, label, type: 'number', default: def, min: -1e6, max: 1e6, step: 1, unit: '', help });

/** Map a number from one range onto another. */
export const mapRange: NodeDef = {
  kind: 'map-range',
  label: 'Map Range',
  category: 'logic',
  help: 'Maps a number linearly from one range onto another: In from → Out from, In to → Out to (either way round, e.g. near → strong, far → weak). Clamped, the result stays between Out from and Out to.',
  formula: 'outFrom + (x − inFrom) / (inTo − inFrom) · (outTo − outFrom)',
  inputs: [{ key: 'in', label: 'Number', type: 'number', required: true }],
  outputs: NUMBER_OUTPUT,
  params: [
    end('inFrom', 'In from', 0, 'The input value that maps to Out from.'),
    end('inTo', 'In to', 100, 'The input value that maps to Out to (not equal to In from).'),
    end('outFrom', 'Out from', 0, 'The result at In from.'),
    end('outTo', 'Out to', 1, 'The result at In to.'),
    { key: 'clamp', label: 'Clamp', type: 'boolean', default: true, help: 'Keep the result between Out from and Out to.' },
  ],
  check: (value) => (value('inFrom') === value('inTo') ? [{ param: 'inTo', message: 'In to must differ from In from: a range of width 0 maps nothing' }] : []),
  emit: (ctx) => {
    const x = ctx.number('in')!;
    const outFrom = ctx.num('outFrom');
    const span = `(${ctx.num('inTo')} - ${ctx.num('inFrom')})`;
    const outSpan = `(${ctx.num('outTo')} - ${outFrom})`;
    let t = `(${x.expr} - ${ctx.num('inFrom')}) / ${span}`;
    if (ctx.bool('clamp')) t = `Math.min(Math.max(${t}, 0), 1)`;
    const y = `${outFrom} + ${t} * ${outSpan}`;
    return numberLocal(ctx, 'm', ctx.bool('clamp') ? y : bounded(y), x.present);
  },
};
