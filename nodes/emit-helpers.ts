import type { ForceRef, ValueRef } from './types';

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
