import type { NodeDef } from './types';

/** Emit Event: tell the game when a condition becomes true. */
export const emitEvent: NodeDef = {
  kind: 'emit-event',
  label: 'Emit Event',
  category: 'combinator',
  help: 'Passes its force on unchanged, and reports an event with this name to the game (world.events()) on each tick its condition becomes true: once per time it turns true, not every tick it holds. Put it anywhere on the way to the Agent Output; fed by Arrived it reports arrivals.',
  formula: 'out = force; event when the condition was false last tick and holds now',
  inputs: [
    { key: 'in', label: 'Force', type: 'force', help: 'Passed on unchanged (unconnected: a zero force).' },
    { key: 'when', label: 'When', type: 'condition', required: true },
  ],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [{ key: 'name', label: 'Name', type: 'name', default: 'arrived', help: 'The event’s name, as world.events() gives it: a letter or _, then letters, digits, _ or -.' }],
  emit: (ctx) => {
    const when = ctx.condition('when')!;
    const f = ctx.force('in');
    // the condition, as the previous tick left it (0: false), one slot per agent
    const m = ctx.memory([0]);
    const body = ctx.call('emitEvent', 'W', 'A', 'i', m, ctx.event(ctx.text('name')), when.expr);
    if (f) return { body, outputs: { force: f } };
    const o = ctx.slot();
    return { body: `${body} s[${o}] = 0; s[${o + 1}] = 0;`, outputs: { force: { type: 'force', arr: 's', off: String(o) } } };
  },
  mute: { through: 'in' },
};
