/**
 * The node registry: the only list of node kinds. Adding a kind means adding one file in nodes/ and
 * one line here (and its test): docs/architecture.md, "Add a node kind". Everything kind-specific
 * (code, physics warnings, overlays, inspector rows, muting, the sink) is on the definition.
 */
import { agentOutput } from './agent-output';
import { add, max, min, multiply } from './arithmetic';
import { arrived } from './arrived';
import { chance } from './chance';
import { clamp } from './clamp';
import { compare } from './compare';
import { distance } from './distance';
import { ifNode } from './if';
import { inside } from './inside';
import { and, not, or } from './logic';
import { mapRange } from './map-range';
import { neighbourCount } from './neighbour-count';
import { randomPerAgent } from './random-per-agent';
import { rememberPoint } from './remember-point';
import { sees } from './sees';
import { signal } from './signal';
import { speed } from './speed';
import { timeInState } from './time-in-state';
import { alignment } from './alignment';
import { arrive } from './arrive';
import { avoid } from './avoid';
import { cohesion } from './cohesion';
import { contain } from './contain';
import { evade } from './evade';
import { flee } from './flee';
import { flock } from './flock';
import { goToState } from './go-to-state';
import { followPath } from './follow-path';
import { namedTarget } from './named-target';
import { nearestAgent } from './nearest-agent';
import { agent } from './agent';
import { offsetPursuit } from './offset-pursuit';
import { formation } from './formation';
import { leaderFollowing } from './leader-following';
import { obstacles } from './obstacles';
import { parameter } from './parameter';
import { path } from './path';
import { ownRoute } from './own-route';
import { emitEvent } from './emit-event';
import { point } from './point';
import { pointer } from './pointer';
import { priority } from './priority';
import { pursue } from './pursue';
import { scale } from './scale';
import { seek } from './seek';
import { separation } from './separation';
import { sum } from './sum';
import { truncate } from './truncate';
import { wander } from './wander';
import { wallAvoid } from './wall-avoid';
import { flowField } from './flow-field';
import { hide } from './hide';
import { interpose } from './interpose';
import { avoidAgents } from './avoid-agents';
import { queue } from './queue';
import { reroute } from './reroute';
import type { NodeDef, NumberParam, ParamDef, ParamValue, PortDef, SocketType } from './types';

/** Every node kind, in palette order within each category. */
export const NODE_DEFS: readonly NodeDef[] = [
  pointer,
  point,
  namedTarget,
  nearestAgent,
  agent,
  path,
  ownRoute,
  obstacles,
  parameter,
  seek,
  flee,
  arrive,
  pursue,
  evade,
  offsetPursuit,
  formation,
  leaderFollowing,
  wander,
  avoid,
  followPath,
  flock,
  separation,
  avoidAgents,
  alignment,
  cohesion,
  contain,
  wallAvoid,
  flowField,
  hide,
  interpose,
  sum,
  truncate,
  priority,
  scale,
  queue,
  emitEvent,
  distance,
  speed,
  timeInState,
  neighbourCount,
  randomPerAgent,
  rememberPoint,
  compare,
  mapRange,
  clamp,
  min,
  max,
  add,
  multiply,
  ifNode,
  arrived,
  chance,
  signal,
  inside,
  sees,
  and,
  or,
  not,
  agentOutput,
  goToState,
  reroute,
];


const BY_KIND = new Map(NODE_DEFS.map((d) => [d.kind, d]));

/** The definition of a kind, or undefined for an unknown kind. */
export function getNodeDef(kind: string): NodeDef | undefined {
  return BY_KIND.get(kind);
}

/** Whether nodes of this kind give a force of their own (the inspector draws it): not the sink. */
export function hasForceOutput(kind: string): boolean {
  const def = BY_KIND.get(kind);
  return !!def && !def.sink && !def.layout && def.outputs.some((p) => p.type === 'force');
}

/** The kind of the graph's sink (the Agent Output): what a new state's graph starts with. */
export function sinkKind(): string {
  return NODE_DEFS.find((d) => d.sink)!.kind;
}

/** Whether nodes of this kind are transitions (Go to State). */
export function isTransition(kind: string): boolean {
  return BY_KIND.get(kind)?.transition === true;
}

/** Whether nodes of this kind are the graph's sink (the Agent Output). */
export function isSink(kind: string): boolean {
  return BY_KIND.get(kind)?.sink === true;
}

/** Whether nodes of this kind can be muted (bypassed): behaviours and combinators, not sources nor the sink. */
export function canMute(kind: string): boolean {
  return BY_KIND.get(kind)?.mute !== undefined;
}

/** Whether an output of type `from` may feed an input of type `to`: the same type, or an agent into a point (its position). */
export function canConnect(from: SocketType, to: SocketType): boolean {
  return from === to || (from === 'agent' && to === 'point');
}

/** The parameter holding a variadic node's input count. */
export function countParam(def: NodeDef): NumberParam | undefined {
  const v = def.variadic;
  if (!v) return undefined;
  return {
    key: 'inputs',
    label: 'Inputs',
    type: 'number',
    default: v.default ?? v.min,
    min: v.min,
    max: v.max,
    step: 1,
    unit: '',
    integer: true,
    help: `Number of ${v.label.toLowerCase()} inputs (${v.min} to ${v.max}).`,
  };
}

/** A variadic node's input count from its params (clamped to the definition's range). */
export function inputCount(def: NodeDef, params: Readonly<Record<string, ParamValue>>): number {
  const c = countParam(def);
  if (!c) return 0;
  const v = Object.hasOwn(params, 'inputs') ? params.inputs : c.default;
  return typeof v === 'number' && Number.isInteger(v) ? Math.min(c.max, Math.max(c.min, v)) : c.default;
}

/**
 * A variadic node's ports and parameters for each input count, made once: a graph of 2,000 Sums
 * asks for them 2,000 times per compile. Callers only read them.
 */
const VARIADIC = new Map<NodeDef, { ports: PortDef[][]; params: ParamDef[][] }>();

function variadicOf(def: NodeDef, k: number): { ports: PortDef[]; params: ParamDef[] } {
  let cache = VARIADIC.get(def);
  if (!cache) VARIADIC.set(def, (cache = { ports: [], params: [] }));
  if (!cache.ports[k]) {
    const v = def.variadic!;
    const ports = [...def.inputs];
    for (let n = 0; n < k; n++) ports.push({ key: `${v.prefix}${n}`, label: `${v.label} ${n + 1}`, type: v.type });
    const params: ParamDef[] = [...def.params, countParam(def)!];
    if (v.weight) {
      const { prefix, label, ...rest } = v.weight;
      for (let n = 0; n < k; n++) params.push({ ...rest, key: `${prefix}${n}`, label: `${label} ${n + 1}` });
    }
    ports.push(...params.flatMap(paramPort));
    cache.ports[k] = ports;
    cache.params[k] = params;
  }
  return { ports: cache.ports[k], params: cache.params[k] };
}

/** The optional number input of a number parameter with `input: true` (same key and label). */
function paramPort(p: ParamDef): PortDef[] {
  return p.type === 'number' && p.input ? [{ key: p.key, label: p.label, type: 'number', help: `Drives ${p.label} with a number; unconnected, the value typed here.` }] : [];
}

/** A fixed kind's ports with its parameters' inputs, made once per kind. */
const FIXED = new Map<NodeDef, PortDef[]>();

/** Every input port of a node: the definition's own, then the variadic ones, then its number parameters' inputs. */
export function inputPorts(def: NodeDef, params: Readonly<Record<string, ParamValue>>): PortDef[] {
  if (def.variadic) return variadicOf(def, inputCount(def, params)).ports;
  let ports = FIXED.get(def);
  if (!ports) {
    const driven = def.params.flatMap(paramPort);
    FIXED.set(def, (ports = driven.length ? [...def.inputs, ...driven] : def.inputs));
  }
  return ports;
}

/** Whether an input port of a node is a number parameter's input (drawn on the parameter's row). */
export function isParamInput(def: NodeDef, params: Readonly<Record<string, ParamValue>>, key: string): boolean {
  return paramDefs(def, params).some((p) => p.key === key && p.type === 'number' && p.input === true);
}

/** Every parameter of a node: the definition's own, the input count, and a weight per variadic input. */
export function paramDefs(def: NodeDef, params: Readonly<Record<string, ParamValue>>): ParamDef[] {
  if (!def.variadic) return def.params;
  return variadicOf(def, inputCount(def, params)).params;
}

/** A parameter's value on a node: its own when present, else the default. */
export function paramValue(p: ParamDef, params: Readonly<Record<string, ParamValue>>): ParamValue {
  return Object.hasOwn(params, p.key) ? params[p.key] : p.default;
}
