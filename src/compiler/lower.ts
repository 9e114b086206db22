/**
 * Stage 4, lower: run each live node's `emit` in dependency order with a context that allocates
 * scratch slots, per-agent memory, random draws, pass buffers and constants, and resolves inputs to
 * the code that produced them. The result is a plain description of each agent type's force
 * function (code fragments and a layout), ready to print.
 */
import type { EmitContext, Emitted, ValueRef } from '../../nodes/types';
import type { SceneDocument } from '../document/types';
import { numberLiteral } from './literal';
import type { Diagnostic } from './diagnostics';
import type { Ordered, OrderedScene } from './order';
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
  /**
   * What the inspector can read for one followed agent: each probed output's value and where it
   * goes in the probe buffer (offsets 0 and 1 hold the agent's maxSpeed and maxForce). `capture`
   * is the code that copies it, run right after the node's own code when `i` is the followed agent.
   */
  probes: ProbeSite[];
  /** Numbers in the probe buffer. */
  probeSize: number;
  /** The locals the nodes declared in `body` (`ctx.local`), in order (absent: none). */
  locals?: string[];
  /** Some node reads the time in state (`ctx.timeInState`). */
  timed?: boolean;
  /** The signal names the type's Signal nodes read, bit k = signals[k] (absent: none). */
  signals?: string[];
}

/** One probed output of one node. */
export interface ProbeSite {
  /** The node's index in its graph's `nodes`. */
  node: number;
  /** The output's index in the node's outputs. */
  output: number;
  type: 'force' | 'point' | 'agent';
  /** Where x and y go in the probe buffer. */
  offset: number;
  /** Index in `body` after which the capture runs. */
  after: number;
  /** Statements that copy the value (x to PR[offset], y to PR[offset + 1]; NaN when absent). */
  capture: string;
}

/** Code that copies a value the compiler can read into the probe buffer at `o`. */
function captureOf(v: ValueRef, o: number): string | null {
  const put = (x: string, y: string) => `PR[${o}] = ${x}; PR[${o + 1}] = ${y};`;
  const absent = (present: string | undefined, code: string) => (present ? `if (${present}) { ${code} } else { PR[${o}] = NaN; PR[${o + 1}] = NaN; }` : code);
  if (v.type === 'force') return put(`${v.arr}[${v.off}]`, `${v.arr}[(${v.off}) + 1]`);
  if (v.type === 'point') return absent(v.present, put(`${v.arr}[${v.off}]`, `${v.arr}[(${v.off}) + 1]`));
  if (v.type === 'agent') return absent(v.present, put(`${v.agents}.pos[2 * (${v.index})]`, `${v.agents}.pos[2 * (${v.index}) + 1]`));
  return null;
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
    probes: [],
    probeSize: 2,
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
      num: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'number' ? (v.present ? `(${v.present} ? ${v.expr} : 0)` : v.expr) : numberLiteral(value(key));
      },
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
      force: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'force' ? v : null;
      },
      point: (key) => {
        const v = inputOf(node, key);
        if (!v) return null;
        if (v.type === 'agent') return { type: 'point', arr: `${v.agents}.pos`, off: `2 * ${v.index}`, ...(v.present ? { present: v.present } : {}) };
        return v.type === 'point' ? v : null;
      },
      agent: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'agent' ? v : null;
      },
      pathInput: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'path' ? v : null;
      },
      number: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'number' ? v : null;
      },
      condition: (key) => {
        const v = inputOf(node, key);
        return v?.type === 'condition' ? v : null;
      },
      text: (key) => String(value(key)),
      call: (kernel, ...args) => `${kernel}(${args.join(', ')});`,
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
      local: (prefix) => {
        const name = `${prefix}${locals++}`;
        (lowered.locals ??= []).push(name);
        return name;
      },
      worldSize: () => ({ width: numberLiteral(scene.world.width), height: numberLiteral(scene.world.height) }),
      timeInState: () => {
        lowered.timed = true;
        return 'A.tis[i]';
      },
      signal: (name) => {
        const signals = (lowered.signals ??= []);
        if (!signals.includes(name)) signals.push(name);
        return signals.indexOf(name);
      },
    };
    const emitted = node.muted ? bypass(node, ctx) : def.emit(ctx);
    if (emitted.pre) lowered.pre.push(emitted.pre);
    if (emitted.body) lowered.body.push(emitted.body);
    outputs.set(node.id, emitted.outputs);
    def.outputs.forEach((port, k) => {
      const v = emitted.outputs[port.key];
      const capture = v ? captureOf(v, lowered.probeSize) : null;
      if (!v || !capture || (v.type !== 'force' && v.type !== 'point' && v.type !== 'agent')) return;
      lowered.probes.push({ node: node.index, output: k, type: v.type, offset: lowered.probeSize, after: lowered.body.length, capture });
      lowered.probeSize += 2;
    });
  }
  return lowered;

  /**
   * A muted node, bypassed as its definition's `mute` says: its force outputs pass
   * one force input through (Truncate, Scale) or are a zero force (behaviours, and combinators of
   * several inputs); other outputs are left out. A kind that cannot be muted (a source, the sink)
   * ignores `muted`.
   */
  function bypass(node: CheckedNode, ctx: EmitContext): Emitted {
    const def = node.def!;
    const mute = def.mute;
    if (!mute) return def.emit(ctx);
    const out: Record<string, ValueRef> = {};
    let body: string | undefined;
    for (const port of def.outputs) {
      if (port.type !== 'force') continue;
      const through = mute === 'zero' ? null : inputOf(node, mute.through);
      if (through && through.type === 'force') out[port.key] = through;
      else {
        const o = ctx.slot();
        body = `${body ?? ''}s[${o}] = 0; s[${o + 1}] = 0;`;
        out[port.key] = { type: 'force', arr: 's', off: String(o) };
      }
    }
    return { body, outputs: out };
  }

  function inputOf(node: CheckedNode, key: string): ValueRef | null {
    const edge = graph.incoming.get(node.id)?.get(key);
    if (!edge) return null;
    return outputs.get(edge.from.id)?.[edge.port.key] ?? null;
  }
}

/** The lower stage's value: every diagnostic, in document order per agent type, and each type lowered. */
export interface LoweredScene {
  diagnostics: Diagnostic[];
  lowered: LoweredType[];
}

/** The lower stage: every graph lowered (one that cannot compile, to a zero force). */
export function lowerStage(o: OrderedScene): LoweredScene {
  return {
    diagnostics: [...o.diagnostics, ...o.graphs.flatMap((g) => g.diagnostics)],
    lowered: o.graphs.map((g) => lowerType(g, o.scene)),
  };
}
