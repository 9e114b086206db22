/**
 * Type parameters at run time (issue 18, "Exposed parameters"): each agent type's parameters (its
 * blackboard, `AgentType.params` of the scene) as the world holds them: per type the type values
 * (`Agents.parValue`, one number per parameter in document order) and per parameter a per-agent
 * array (`Agents.par[k]`, length = capacity like the other SoA arrays; a new agent gets the type
 * value). Generated code reads `A.par[k][i]` (docs/module.md, "Parameters").
 */
import type { Agents } from './world';

/** One parameter of an agent type, as the scene document carries it. */
export interface ParamSpec {
  name: string;
  default: number;
  min: number;
  max: number;
  unit?: string;
}

/** The type values of a fresh world: each parameter's default. */
export function initParams(a: Agents, params: ReadonlyArray<ParamSpec> | undefined): void {
  const list = params ?? [];
  a.params = list;
  a.parValue = Float64Array.from(list, (p) => p.default);
  a.parWatch = new Uint8Array(list.length);
  a.parSame = new Uint8Array(list.length).fill(1);
  a.par = list.map(() => new Float64Array(0));
}

/** New per-agent arrays for `n` agents: the first `keep` agents keep theirs, the others get the type value. */
export function resizeParams(a: Agents, keep: number, n: number): void {
  for (let k = 0; k < a.par.length; k++) {
    const old = a.par[k];
    const next = new Float64Array(n);
    const kept = Math.min(keep, old.length);
    next.set(old.subarray(0, kept));
    next.fill(a.parValue[k], kept);
    a.par[k] = next;
  }
}

/** The index of a parameter of the type, or −1. */
export function paramIndex(a: Agents, name: unknown): number {
  if (typeof name !== 'string') return -1;
  for (let k = 0; k < a.params.length; k++) if (a.params[k].name === name) return k;
  return -1;
}

/** `from 0 to 4` (with the unit when the parameter has one). */
export function rangeText(p: ParamSpec): string {
  return `from ${p.min} to ${p.max}${p.unit ? ` ${p.unit}` : ''}`;
}

/** Whether `v` is a number the parameter accepts (finite, min ≤ v ≤ max). */
export function inRange(p: ParamSpec, v: unknown): v is number {
  return typeof v === 'number' && v >= p.min && v <= p.max;
}

/** Sets the type value and every agent's value (checked by the caller). */
export function setTypeValue(a: Agents, k: number, v: number): void {
  a.parValue[k] = v;
  a.par[k].fill(v, 0, a.count);
  // (a game holding the array may write it at any time: then the agents may differ)
  a.parSame[k] = a.parWatch[k] ? 0 : 1;
}

/**
 * The value every agent of the type holds for parameter `k`, or null when they differ: the type
 * value while no array was handed out, else found by one pass over the array (−0 and 0 differ).
 * Whole-type passes (Flock) use it to read a shared value once instead of per agent.
 */
export function sharedValue(a: Agents, k: number): number | null {
  if (a.parSame[k]) return a.parValue[k];
  const arr = a.par[k];
  const n = a.count;
  if (n === 0) return a.parValue[k];
  const v0 = arr[0];
  for (let i = 1; i < n; i++) {
    const v = arr[i];
    if (v !== v0 || (v === 0 && 1 / v !== 1 / v0)) return null;
  }
  return v0;
}

/** The per-agent array of parameter `k`, handed to a game (which may write it from now on). */
export function watchParam(a: Agents, k: number): Float64Array {
  a.parWatch[k] = 1;
  a.parSame[k] = 0;
  return a.par[k];
}

/**
 * Throws, naming the type, the parameter, the agent and the range, when an agent's value in a
 * per-agent array the game was handed (`paramArray`) is outside the parameter's range (NaN
 * included). Checks only the arrays handed out, once per `step`/`computeForces`, before anything moves.
 */
export function checkParamArrays(types: readonly Agents[], method: string): void {
  for (const a of types) {
    for (let k = 0; k < a.par.length; k++) {
      if (!a.parWatch[k]) continue;
      const p = a.params[k];
      const arr = a.par[k];
      const lo = p.min;
      const hi = p.max;
      for (let i = 0, n = a.count; i < n; i++) {
        const v = arr[i];
        if (v >= lo && v <= hi) continue;
        throw new Error(
          `${method}: agent ${i} of "${a.id}" has parameter "${p.name}" = ${Object.is(v, -0) ? '-0' : String(v)} ` +
            `(paramArray("${a.id}", "${p.name}")[${i}]); expected a number ${rangeText(p)}. Nothing moved: fix the value.`,
        );
      }
    }
  }
}

/** A value carried into a parameter whose range may have changed (an edit): held to the range. */
export function held(p: ParamSpec, v: number): number {
  return Number.isNaN(v) ? p.default : v < p.min ? p.min : v > p.max ? p.max : v;
}

/**
 * Carries type values and per-agent values by parameter name from `from` (another world's, or a
 * snapshot's) into `a`, which holds its agents already: a parameter `a` lacks is dropped, one
 * `from` lacks keeps `a`'s default; values are held to `a`'s ranges (a range edited since).
 */
export function carryParams(a: Agents, from: { names: readonly string[]; values: ArrayLike<number>; agents: readonly ArrayLike<number>[] } | undefined): void {
  if (!from) return;
  for (let k = 0; k < a.params.length; k++) {
    const p = a.params[k];
    const j = from.names.indexOf(p.name);
    if (j < 0) continue;
    a.parValue[k] = held(p, from.values[j]);
    const src = from.agents[j];
    const dst = a.par[k];
    const n = Math.min(a.count, src ? src.length : 0);
    let same = 1;
    for (let i = 0; i < n; i++) {
      dst[i] = held(p, src[i]);
      if (!Object.is(dst[i], a.parValue[k])) same = 0;
    }
    dst.fill(a.parValue[k], n, a.count);
    a.parSame[k] = a.parWatch[k] ? 0 : same;
  }
}
