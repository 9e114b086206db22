import type { EmitContext, ForceRef, NumberParam, NumberRef, PortDef, ValueRef } from './types';

/** Code that sets scratch force o to zero. */
export function zero(o: number): string {
  return `s[${o}] = 0; s[${o + 1}] = 0;`;
}

/** `code` when the target is present this tick (or always, without a condition), else a zero force. */
export function guarded(present: string | undefined, code: string, o: number): string {
  return present ? `if (${present}) { ${code} } else { ${zero(o)} }` : code;
}

/** The force stored at scratch offset o. */
export function scratchForce(o: number): ValueRef {
  return { type: 'force', arr: 's', off: String(o) };
}

/** The x and y expressions of a force reference. */
export function forceXY(f: ForceRef): [string, string] {
  const next = /^\d+$/.test(f.off) ? String(Number(f.off) + 1) : `${f.off} + 1`;
  return [`${f.arr}[${f.off}]`, `${f.arr}[${next}]`];
}

/** Parameters shared by the neighbour behaviours: which agents count as neighbours. */
export const neighbourTypeParam = {
  key: 'agentType',
  label: 'Neighbours',
  type: 'agentType',
  default: '',
  help: 'The agent type whose agents count as neighbours; empty means this agent type.',
} as const;

/** Only neighbours in front of the agent count. */
export const frontOnlyParam = {
  key: 'frontOnly',
  label: 'Front only',
  type: 'boolean',
  default: false,
  help: 'Count only neighbours in front of the agent ((q − p) · heading ≥ 0).',
} as const;

/**
 * The bound on a neighbour scan (Flock and its three rules): at most this many nearby agents are
 * looked at per agent, so a tick's cost follows the agent count even in a crowd packed into a small
 * area (runtime/behaviors/flock.ts). The default is above what any shipped scene reaches, so a scene
 * that does not set it behaves exactly as before the bound existed.
 */
export const maxNeighborsParam = {
  key: 'maxNeighbors',
  label: 'Max neighbours',
  type: 'number',
  default: 1000,
  min: 1,
  max: 100_000,
  step: 1,
  unit: '',
  integer: true,
  help: 'At most this many nearby agents (those in the grid cells around the agent) are looked at per tick; in a denser crowd the rule uses an even sample of this many. Bounds the cost of a tick.',
} as const;

/** The x and y expressions of a point (array and offset). */
export function pointXY(p: { arr: string; off: string }): [string, string] {
  const next = /^\d+$/.test(p.off) ? String(Number(p.off) + 1) : `${p.off} + 1`;
  return [`${p.arr}[${p.off}]`, `${p.arr}[${next}]`];
}

/** The agent's own position, as a point. */
export const OWN_POSITION = { arr: 'A.pos', off: '2 * i' } as const;

/** The presence of a value made of these: all of them present (undefined: always present). */
export function allPresent(...ps: (string | undefined)[]): string | undefined {
  const q = ps.filter((p): p is string => !!p);
  return q.length ? q.join(' && ') : undefined;
}

/** A number output: the expression, absent unless `present` (when given). */
export function numberOut(expr: string, present?: string): NumberRef {
  return present ? { type: 'number', expr, present } : { type: 'number', expr };
}

/** A number input or, unconnected, its parameter's literal (for a parameter with `input: true`). */
export function numberIn(ctx: EmitContext, key: string): { expr: string; present?: string } {
  const v = ctx.number(key);
  return v ? { expr: v.expr, ...(v.present ? { present: v.present } : {}) } : { expr: ctx.num(key) };
}

/**
 * A number node's value: a local set to `expr`, or to 0 while `present` is false. Returns the
 * statement and the output.
 */
export function numberLocal(ctx: EmitContext, prefix: string, expr: string, present?: string): { body: string; outputs: Record<string, ValueRef> } {
  const v = ctx.local(prefix);
  return { body: `const ${v} = ${present ? `${present} ? ${expr} : 0` : expr};`, outputs: { value: numberOut(v, present) } };
}

/** A condition node's value: a local set to `expr`, false while `present` is false. */
export function conditionLocal(ctx: EmitContext, expr: string, present?: string): { body: string; outputs: Record<string, ValueRef> } {
  const c = ctx.local('c');
  return { body: `const ${c} = ${present ? `${present} && ${expr}` : expr};`, outputs: { holds: { type: 'condition', expr: c } } };
}

/**
 * Numbers that arithmetic makes are held to ±NUMBER_LIMIT: a chain of Multiply nodes could
 * otherwise overflow to Infinity, and a number in the graph is always finite (nodes/types.ts).
 */
export const NUMBER_LIMIT = 1e12;

/** `expr` held to ±{@link NUMBER_LIMIT}. */
export function bounded(expr: string): string {
  return `Math.min(Math.max(${expr}, -1000000000000), 1000000000000)`;
}

/** The one number output of a number node. */
export const NUMBER_OUTPUT: PortDef[] = [{ key: 'value', label: 'Value', type: 'number' }];

/** The one condition output of a condition node. */
export const CONDITION_OUTPUT: PortDef[] = [{ key: 'holds', label: 'Holds', type: 'condition' }];

/** A number parameter that a number input may drive, from −1e6 to 1e6. */
export function drivenNumber(key: string, label: string, def: number, help: string): NumberParam {
  return { key, label, type: 'number', default: def, min: -1e6, max: 1e6, step: 0.1, unit: '', input: true, help };
}

/** A finite number computed at compile time (dsincos) as a JavaScript literal that reads back as the same bits. */
export function exactLiteral(v: number): string {
  return Object.is(v, -0) ? '-0' : v < 0 ? `(${String(v)})` : String(v);
}

/**
 * The number arguments of a whole-type pass (code before the agent loop, where `ctx.num`'s
 * per-agent reads do not exist): each parameter's literal, or for an exposed one its largest value
 * (which bounds a neighbour scan); and, when some are exposed, per parameter the index of its type
 * parameter or −1 (else `varying` is null: the call is exactly as before exposure existed).
 */
export function passArgs(ctx: EmitContext, keys: readonly string[]): { scalars: string[]; varying: string[] | null } {
  const index = keys.map((k) => ctx.paramIndex(k));
  const scalars = keys.map((k, j) => (index[j] !== null ? exactLiteral(ctx.value(k)) : ctx.num(k)));
  return { scalars, varying: index.some((q) => q !== null) ? index.map((q) => String(q ?? -1)) : null };
}
