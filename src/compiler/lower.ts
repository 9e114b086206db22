/**
 * Stage 3, lower: run each live node's `emit` in dependency order with a context that allocates
 * scratch slots, per-agent memory, random draws, pass buffers and constants, and resolves inputs to
 * the code that produced them. The result is a plain description of each agent type's force
 * function (code fragments and a layout), ready to print.
 */
import type { EmitContext, ValueRef } from '../../nodes/types';
import type { SceneDocument } from '../document/types';
import { numberLiteral } from './literal';
import type { Ordered } from './order';
import type { CheckedNode } from './validate';

/** One agent type's force function, lowered. */
export interface LoweredType {
  typeIndex: number;
  /** False: the graph has an error and compiles to a zero force. */
  ok: boolean;
  /** Statements before the agent loop (passes), then in it. */
  pre: string[];
  body: string[];
  /** Scratch numbers used (two per force slot). */
  scratch: number;
  /** Per-agent memory defaults, and which node owns which slots. */
  memory: number[];
  nodeMemory: { node: number; offset: number; size: number }[];
  draws: number;
  passes: number;
  /** Other agent types this function reads (`T<k>`). */
  typeRefs: number[];
  /** Constant points, x0, y0, … (`K<typeIndex>`). */
  constants: number[];
  /** Neighbour and nearest-agent queries: type index and radius (Infinity: unbounded). */
  queries: { type: number; radius: number }[];
}

/** Lowers one ordered graph. */
export function lowerType(ordered: Ordered, scene: SceneDocument): LoweredType {
  const { graph } = ordered;
  const t = graph.typeIndex;
  const lowered: LoweredType = {
    typeIndex: t,
    ok: ordered.ok,
    pre: [],
    body: [],
    scratch: 0,
    memory: [],
    nodeMemory: [],
    draws: 0,
    passes: 0,
    typeRefs: [],
    constants: [],
    queries: [],
  };
  if (!ordered.ok) return lowered;
  const outputs = new Map<string, Record<string, ValueRef>>();
  const identOf = (k: number): string => (k === t ? 'A' : `T${k}`);
  const typeOfIdent = (ident: string): number => (ident === 'A' ? t : Number(ident.slice(1)));
  let locals = 0;
  for (const node of ordered.order) {
    const def = node.def!;
    const value = (key: string) => {
      if (!node.values.has(key)) throw new Error(`compiler: ${node.kind} has no parameter ${key}`);
      return node.values.get(key)!;
    };
    const ctx: EmitContext = {
      num: (key) => numberLiteral(value(key)),
      value: (key) => value(key) as number,
      bool: (key) => value(key) === true,
      agents: (key) => {
        const id = value(key) as string;
        const k = id === '' ? t : scene.agentTypes.findIndex((a) => a.id === id);
        if (k !== t && !lowered.typeRefs.includes(k)) lowered.typeRefs.push(k);
        return identOf(k);
      },
      path: (key) => `W.paths[${scene.world.paths.findIndex((p) => p.id === value(key))}]`,
      target: (key) => ({ arr: 'W.targets', off: String(2 * scene.world.targets.findIndex((x) => x.name === value(key))) }),
      input: (key) => inputOf(node, key),
      point: (key) => {
        const v = inputOf(node, key);
        if (!v) return null;
        if (v.type === 'agent') return { type: 'point', arr: `${v.agents}.pos`, off: `2 * ${v.index}`, ...(v.present ? { present: v.present } : {}) };
        return v.type === 'point' ? v : null;
      },
      slot: () => {
        const o = lowered.scratch;
        lowered.scratch += 2;
        return o;
      },
      memory: (defaults) => {
        const offset = lowered.memory.length;
        lowered.memory.push(...defaults);
        lowered.nodeMemory.push({ node: node.index, offset, size: defaults.length });
        return offset;
      },
      draw: () => lowered.draws++,
      pass: () => {
        const k = lowered.passes++;
        lowered.pre.push(`const P${k} = A.passes[${k}];`);
        return `P${k}`;
      },
      query: (ident, radius) => {
        lowered.queries.push({ type: typeOfIdent(ident), radius: radius > 0 ? radius : Infinity });
      },
      constant: (x, y) => {
        const off = lowered.constants.length;
        lowered.constants.push(x, y);
        return { arr: `K${t}`, off: String(off) };
      },
      local: (prefix) => `${prefix}${locals++}`,
      worldSize: () => ({ width: numberLiteral(scene.world.width), height: numberLiteral(scene.world.height) }),
    };
    const emitted = def.emit(ctx);
    if (emitted.pre) lowered.pre.push(emitted.pre);
    if (emitted.body) lowered.body.push(emitted.body);
    outputs.set(node.id, emitted.outputs);
  }
  return lowered;

  function inputOf(node: CheckedNode, key: string): ValueRef | null {
    const edge = graph.incoming.get(node.id)?.get(key);
    if (!edge) return null;
    return outputs.get(edge.from.id)?.[edge.port.key] ?? null;
  }
}
