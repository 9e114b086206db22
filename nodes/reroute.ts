import type { NodeDef, SocketType, ValueRef } from './types';

/**
 * Reroute: a point a wire passes through, to lead it around other nodes. It computes nothing: the
 * compiler sees through it (src/compiler/flatten.ts), so `a → reroute → b` compiles as `a → b`
 * and a reroute with nothing wired in leaves the inputs it feeds unconnected. Its one input and
 * one output carry the type in its `type` parameter (the type of the wire it was made on; one with
 * no wires takes the type of the next socket it is wired to: connectRetyping,
 * src/document/reroute-commands.ts), so everything that reads a node's ports asks
 * {@link rerouteDef} for that type's definition.
 */

/** The socket types a reroute can carry, in the order of SocketType. */
const TYPES: readonly SocketType[] = ['force', 'point', 'agent', 'path', 'obstacles', 'number', 'condition'];

const CACHE = new Map<SocketType, NodeDef>();

/** Whether a parameter value names a socket type. */
function isSocketType(v: unknown): v is SocketType {
  return typeof v === 'string' && (TYPES as readonly string[]).includes(v);
}

/** The definition of a reroute carrying `type` (an unknown type: a force's), made once per type. */
export function rerouteDef(type: unknown): NodeDef {
  const t: SocketType = isSocketType(type) ? type : 'force';
  const cached = CACHE.get(t);
  if (cached) return cached;
  const def: NodeDef = {
    kind: 'reroute',
    label: 'Reroute',
    category: 'layout',
    help: 'A point a wire passes through, to lead it around other nodes; it changes nothing. Double-click a wire, or choose Insert reroute on its menu, to add one; Delete joins its wires again.',
    inputs: [{ key: 'in', label: 'In', type: t }],
    outputs: [{ key: 'out', label: 'Out', type: t }],
    params: [
      {
        key: 'type',
        label: 'Type',
        type: 'choice',
        default: 'force',
        options: TYPES.map((value) => ({ value, label: value })),
        help: 'What the wires through it carry: the type of the wire it was made on, or, once its wires are all gone, of the next socket it is wired to.',
      },
    ],
    layout: true,
    // (never reached: flatten wires through every reroute before validation; kept a pass-through so it means the same if it were)
    emit: (ctx) => {
      const v = ctx.input('in');
      const outputs: Record<string, ValueRef> = {};
      if (v) outputs.out = v;
      return { outputs };
    },
  };
  CACHE.set(t, def);
  return def;
}

/** The registry's reroute: one carrying a force (what the palette adds). */
export const reroute: NodeDef = rerouteDef('force');

/** The kind id of reroutes. */
export const REROUTE_KIND = reroute.kind;
