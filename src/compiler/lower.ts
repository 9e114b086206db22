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
import { lowerOrientation, type LoweredOrientation } from './orientation';

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
  nodeMemory: { node: number; offset: number; size: number; state?: number }[];
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
  /** The type parameters the code reads (`Q<k>`, bound to `A.par[k]` in `pre`), in the order first read (absent: none). */
  params?: number[];
  /** The type's state names, in order (one for a type without states). */
  stateNames: string[];
  /** Some node reads the time in state (`ctx.timeInState`). */
  timed?: boolean;
  /** The signal names the type's Signal nodes read, bit k = signals[k] (absent: none). */
  signals?: string[];
  /** The memory setting or clearing a route resets, [offset, size, …] (absent: no Follow Path reads an Own Route). */
  routeReset?: number[];
  /** The event names the type's Emit Event nodes report, by index (absent: none). */
  events?: string[];
  /**
   * A type with states or transitions: its code is per state (`states`; `body` and `probes` are
   * then empty) and the transitions are tried before the forces. Absent: one state, as before.
   */
  stateful?: boolean;
  states?: LoweredState[];
  /** The any-state transitions, tried after the current state's own. */
  any?: LoweredTransitions;
  /** The type's turn limit and heading smoother (src/compiler/orientation.ts); absent or empty: none. */
  orientation?: LoweredOrientation;
}

/** The transitions of one graph: the code that computes their conditions, and the Go to States in the order they are tried. */
export interface LoweredTransitions {
  code: string[];
  gotos: { to: number; when: string }[];
  /** The inspector's probe sites of the condition code (positions in `code`). */
  probes: ProbeSite[];
}

/** One state of a stateful type, lowered. */
export interface LoweredState extends Omit<LoweredTransitions, 'probes'> {
  /** Probe sites of the condition code. */
  tryProbes: ProbeSite[];
  name: string;
  minTicks: number;
  resetOnEnter: boolean;
  /** Its nodes' memory, [offset, size, offset, size, …]. */
  reset: number[];
  /** Its force code and probe sites (positions in `body`). */
  body: string[];
  probes: ProbeSite[];
}

/** What a probed output holds: x, y of a force, point or agent; a number in x; a condition as 1 or 0 in x. */
export type ProbeType = 'force' | 'point' | 'agent' | 'number' | 'condition';

/** The probe types in the order the PROGRAM table numbers them. */
export const PROBE_TYPES: readonly ProbeType[] = ['force', 'point', 'agent', 'number', 'condition'];

/** One probed output of one node. */
export interface ProbeSite {
  /** The node's index in its graph's `nodes`. */
  node: number;
  /** The output's index in the node's outputs. */
  output: number;
  type: ProbeType;
  /** Where x and y go in the probe buffer. */
  offset: number;
  /** Index in `body` after which the capture runs. */
  after: number;
  /** Statements that copy the value (x to PR[offset], y to PR[offset + 1]; NaN when absent). */
  capture: string;
  /** In a stateful type: the state whose graph holds the node. */
  state?: number;
}

/** Code that copies a value the compiler can read into the probe buffer at `o`. */
function captureOf(v: ValueRef, o: number): string | null {
  const put = (x: string, y: string) => `PR[${o}] = ${x}; PR[${o + 1}] = ${y};`;
  const absent = (present: string | undefined, code: string) => (present ? `if (${present}) { ${code} } else { PR[${o}] = NaN; PR[${o + 1}] = NaN; }` : code);
  if (v.type === 'force') return put(`${v.arr}[${v.off}]`, `${v.arr}[(${v.off}) + 1]`);
  if (v.type === 'point') return absent(v.present, put(`${v.arr}[${v.off}]`, `${v.arr}[(${v.off}) + 1]`));
  if (v.type === 'agent') return absent(v.present, put(`${v.agents}.pos[2 * (${v.index})]`, `${v.agents}.pos[2 * (${v.index}) + 1]`));
  if (v.type === 'number') return put(v.expr, '0');
  if (v.type === 'condition') return put(`(${v.expr}) ? 1 : 0`, '0');
  return null;
}

/**
 * What one node's emits share across the places it is emitted in (a node that feeds both a
 * condition and the force is emitted twice): the per-agent memory, random draws and pass buffers
 * it allocates are allocated once, so it draws one number per tick wherever it is used.
 */
interface Allocations {
  memory: number[];
  draws: number[];
  passes: string[];
}

/** Lowers a type's graphs: one LoweredType (see {@link lowerType} for one graph). */
class TypeLowering {
  readonly lowered: LoweredType;
  private readonly t: number;
  private locals = 0;
  private readonly allocations = new Map<CheckedNode, Allocations>();
  private readonly emitted = new Set<CheckedNode>();

  /** The nodes that drew random numbers, with their draws' offsets, in the order they first drew. */
  drawsByNode(): [CheckedNode, number[]][] {
    return [...this.allocations].filter(([, a]) => a.draws.length > 0).map(([n, a]) => [n, a.draws]);
  }

  /** Fixes where each node's draws go before anything is emitted (see {@link ordered}). */
  presetDraws(draws: ReadonlyMap<CheckedNode, number[]>, total: number): void {
    for (const [node, offsets] of draws) this.allocations.set(node, { memory: [], draws: [...offsets], passes: [] });
    this.lowered.draws = total;
  }
  /** The state whose graph is being lowered (for node memory and probes). */
  state = 0;

  constructor(
    private readonly scene: SceneDocument,
    typeIndex: number,
    ok: boolean,
  ) {
    this.t = typeIndex;
    this.lowered = {
      typeIndex,
      ok,
      stateNames: scene.agentTypes[typeIndex].states.map((s) => s.name),
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
  }

  /**
   * Emits `nodes` of `ordered`'s graph in order, appending their loop code to `body`, their outputs
   * to `outputs` and, with `probes`, their probe sites (positions in `body`) to `probes`.
   */
  emit(ordered: Ordered, nodes: readonly CheckedNode[], body: string[], outputs: Map<string, Record<string, ValueRef>>, probes: ProbeSite[] | null, phase: 'conditions' | 'forces' = 'forces'): void {
    const { graph } = ordered;
    const { scene, lowered, t } = this;
    const identOf = (k: number): string => (k === t ? 'A' : `T${k}`);
    const typeOfIdent = (ident: string): number => (ident === 'A' ? t : Number(ident.slice(1)));
    const inputOf = (node: CheckedNode, key: string): ValueRef | null => {
      const edge = graph.incoming.get(node.id)?.get(key);
      if (!edge) return null;
      return outputs.get(edge.from.id)?.[edge.port.key] ?? null;
    };
    for (const node of nodes) {
      const def = node.def!;
      const value = (key: string) => {
        if (!node.values.has(key)) throw new Error(`compiler: ${node.kind} has no parameter ${key}`);
        return node.values.get(key)!;
      };
      const first = !this.emitted.has(node);
      this.emitted.add(node);
      const alloc = this.allocations.get(node) ?? { memory: [], draws: [], passes: [] };
      this.allocations.set(node, alloc);
      const used = { memory: 0, draws: 0, passes: 0 };
      const ctx: EmitContext = {
        num: (key) => {
          const v = inputOf(node, key);
          if (v?.type === 'number') return v.present ? `(${v.present} ? ${v.expr} : 0)` : v.expr;
          const exposed = node.exposed?.get(key);
          return exposed ? this.paramRead(exposed.index) : numberLiteral(value(key));
        },
        value: (key) => node.exposed?.get(key)?.param.max ?? (value(key) as number),
        paramIndex: (key) => node.exposed?.get(key)?.index ?? null,
        param: (name) => {
          const k = (scene.agentTypes[t].params ?? []).findIndex((p) => p.name === name);
          return k < 0 ? null : this.paramRead(k);
        },
        bool: (key) => value(key) === true,
        agents: (key) => {
          const id = value(key) as string;
          const k = id === '' ? t : scene.agentTypes.findIndex((a) => a.id === id);
          if (k !== t && !lowered.typeRefs.includes(k)) lowered.typeRefs.push(k);
          return identOf(k);
        },
        path: (key) => `W.paths[${scene.world.paths.findIndex((p) => p.id === value(key))}]`,
        flowField: (key) => `W.flowFields[${(scene.world.flowFields ?? []).findIndex((f) => f.id === value(key))}]`,
        wall: (key) => {
          const id = value(key);
          return id === 'world' ? -1 : (scene.world.walls ?? []).findIndex((w) => w.id === id);
        },
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
        offsets: (key) => {
          const v = value(key);
          return Array.isArray(v) ? v : [];
        },
        call: (kernel, ...args) => `${kernel}(${args.join(', ')});`,
        slot: () => {
          const o = lowered.scratch;
          lowered.scratch += 2;
          return o;
        },
        memory: (defaults) => {
          const j = used.memory++;
          if (j < alloc.memory.length) return alloc.memory[j];
          const offset = lowered.memory.length;
          lowered.memory.push(...defaults);
          lowered.nodeMemory.push({ node: node.index, offset, size: defaults.length, ...(this.stateful ? { state: this.state } : {}) });
          alloc.memory.push(offset);
          return offset;
        },
        draw: () => {
          const j = used.draws++;
          if (j < alloc.draws.length) return alloc.draws[j];
          alloc.draws.push(lowered.draws);
          return lowered.draws++;
        },
        pass: () => {
          const j = used.passes++;
          if (j < alloc.passes.length) return alloc.passes[j];
          const k = lowered.passes++;
          lowered.pre.push(`const P${k} = A.passes[${k}];`);
          alloc.passes.push(`P${k}`);
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
          const name = `${prefix}${this.locals++}`;
          (lowered.locals ??= []).push(name);
          return name;
        },
        worldSize: () => ({ width: numberLiteral(scene.world.width), height: numberLiteral(scene.world.height) }),
        phase,
        timeInState: () => {
          lowered.timed = true;
          return 'A.tis[i]';
        },
        signal: (name) => {
          const signals = (lowered.signals ??= []);
          if (!signals.includes(name)) signals.push(name);
          return signals.indexOf(name);
        },
        routeMemory: (offset, size) => {
          const reset = (lowered.routeReset ??= []);
          for (let r = 0; r < reset.length; r += 2) if (reset[r] === offset) return;
          reset.push(offset, size);
        },
        event: (name) => {
          const events = (lowered.events ??= []);
          if (!events.includes(name)) events.push(name);
          return events.indexOf(name);
        },
      };
      const emitted = node.muted ? bypass(node, ctx, inputOf) : def.emit(ctx);
      if (emitted.pre && first) lowered.pre.push(emitted.pre);
      if (emitted.body) body.push(emitted.body);
      outputs.set(node.id, emitted.outputs);
      if (!probes) continue;
      def.outputs.forEach((port, k) => {
        const v = emitted.outputs[port.key];
        const capture = v ? captureOf(v, lowered.probeSize) : null;
        if (!v || !capture || (v.type !== 'force' && v.type !== 'point' && v.type !== 'agent' && v.type !== 'number' && v.type !== 'condition')) return;
        probes.push({ node: node.index, output: k, type: v.type, offset: lowered.probeSize, after: body.length, capture, ...(this.stateful ? { state: this.state } : {}) });
        lowered.probeSize += 2;
      });
    }
  }

  /** Whether the type has states (its node memory and probes then say which state they are in). */
  stateful = false;

  /** The agent's value of type parameter `k`: `Q<k>[i]`, its array bound before the loop (once). */
  private paramRead(k: number): string {
    const params = (this.lowered.params ??= []);
    if (!params.includes(k)) {
      params.push(k);
      this.lowered.pre.push(`const Q${k} = A.par[${k}];`);
    }
    return `Q${k}[i]`;
  }
}

/**
 * A muted node, bypassed as its definition's `mute` says: its force outputs pass
 * one force input through (Truncate, Scale) or are a zero force (behaviours, and combinators of
 * several inputs); other outputs are left out. A kind that cannot be muted (a source, the sink)
 * ignores `muted`.
 */
function bypass(node: CheckedNode, ctx: EmitContext, inputOf: (node: CheckedNode, key: string) => ValueRef | null): Emitted {
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

/**
 * Runs a lowering with the random draws in the order BEHAVIORS.md fixes: the draws of nodes with a
 * condition output (Chance) first, then the others (Wander), each group in the order they first
 * drew. A type with no condition node is lowered once, exactly as before; one with some is lowered
 * twice: a first run finds who draws, the second puts the draws in that order.
 */
function ordered(graphs: readonly Ordered[], make: () => TypeLowering, run: (l: TypeLowering) => void): TypeLowering {
  const conditional = (n: CheckedNode) => n.def?.outputs.some((p) => p.type === 'condition') === true;
  const l = make();
  if (!graphs.some((g) => [...g.order, ...g.conditions].some(conditional))) {
    run(l);
    return l;
  }
  const dry = make();
  run(dry);
  const found = dry.drawsByNode();
  const draws = new Map<CheckedNode, number[]>();
  let next = 0;
  for (const [n, offsets] of [...found.filter(([n]) => conditional(n)), ...found.filter(([n]) => !conditional(n))]) draws.set(n, offsets.map(() => next++));
  l.presetDraws(draws, next);
  run(l);
  return l;
}

/** Lowers one ordered graph: a type of one state without transitions, exactly as before states. */
export function lowerType(o: Ordered, scene: SceneDocument): LoweredType {
  if (!o.ok) return new TypeLowering(scene, o.graph.typeIndex, false).lowered;
  return ordered([o], () => new TypeLowering(scene, o.graph.typeIndex, true), (l) => l.emit(o, o.order, l.lowered.body, new Map(), l.lowered.probes)).lowered;
}

/** The index of the state a Go to State node names (validation proved it exists). */
function targetOf(node: CheckedNode, type: SceneDocument['agentTypes'][number]): number {
  return type.states.findIndex((s) => s.name === node.values.get('state'));
}

/**
 * Lowers an agent type with states or transitions: each graph's conditions first (the states in
 * order, then the any-state graph: so Chance nodes draw before every Wander, BEHAVIORS.md), then
 * each state's forces. `graphs` are the type's ordered graphs, the states' in order, then the
 * any-state one when present.
 */
export function lowerStates(graphs: readonly Ordered[], scene: SceneDocument): LoweredType {
  const first = graphs[0].graph;
  const ok = graphs.every((g) => g.ok);
  const make = () => {
    const l = new TypeLowering(scene, first.typeIndex, ok);
    l.stateful = true;
    l.lowered.stateful = true;
    return l;
  };
  if (!ok) return make().lowered;
  return ordered(graphs, make, (l) => lowerStatesInto(l, graphs)).lowered;
}

/** The body of {@link lowerStates}: every graph of the type lowered into `l`. */
function lowerStatesInto(l: TypeLowering, graphs: readonly Ordered[]): void {
  const type = graphs[0].graph.type;
  const lowered = l.lowered;
  const outputs = graphs.map(() => new Map<string, Record<string, ValueRef>>());
  const tries = (g: Ordered, k: number): LoweredTransitions => {
    const code: string[] = [];
    const probes: ProbeSite[] = [];
    l.state = g.graph.state;
    l.emit(g, g.conditions.filter((n) => n.def?.transition !== true), code, outputs[k], probes, 'conditions');
    const gotos: { to: number; when: string }[] = [];
    for (const n of g.conditions) {
      if (n.def?.transition !== true || n.muted) continue;
      const edge = g.graph.incoming.get(n.id)?.get('when');
      const v = edge ? outputs[k].get(edge.from.id)?.[edge.port.key] : undefined;
      // (an unconnected condition always holds: with the state's minimum time, a timer)
      if (!edge) gotos.push({ to: targetOf(n, type), when: 'true' });
      else if (v?.type === 'condition') gotos.push({ to: targetOf(n, type), when: v.expr });
    }
    return { code, gotos, probes };
  };
  const states: LoweredState[] = [];
  graphs.forEach((g, k) => {
    if (g.graph.state < 0) return;
    const s = type.states[g.graph.state];
    const { probes: tryProbes, ...t } = tries(g, k);
    states.push({ name: s.name, minTicks: s.minTicks ?? 0, resetOnEnter: s.resetOnEnter === true, reset: [], ...t, tryProbes, body: [], probes: [] });
  });
  const anyGraph = graphs.findIndex((g) => g.graph.state < 0);
  if (anyGraph >= 0) lowered.any = tries(graphs[anyGraph], anyGraph);
  graphs.forEach((g, k) => {
    if (g.graph.state < 0) return;
    const st = states[g.graph.state];
    l.state = g.graph.state;
    const before = lowered.nodeMemory.length;
    l.emit(g, g.order, st.body, outputs[k], st.probes);
    for (const m of lowered.nodeMemory.slice(before)) st.reset.push(m.offset, m.size);
  });
  // Memory the conditions allocated belongs to its state too (none of today's condition kinds has any).
  lowered.states = states;
}

/** A lowered type with its orientation, when it has one (else the same object, as before). */
function withOrientation(t: LoweredType, o: LoweredOrientation): LoweredType {
  return o.turn || o.smoothing ? { ...t, orientation: o } : t;
}

/** The lower stage's value: every diagnostic, in document order per agent type, and each type lowered. */
export interface LoweredScene {
  diagnostics: Diagnostic[];
  lowered: LoweredType[];
}

/**
 * The lower stage: every agent type lowered (one that cannot compile, to a zero force). A type of
 * one state with no Go to State node and no Time in State lowers exactly as before states existed.
 */
export function lowerStage(o: OrderedScene): LoweredScene {
  const byType: Ordered[][] = o.scene.agentTypes.map(() => []);
  for (const g of o.graphs) byType[g.graph.typeIndex].push(g);
  return {
    diagnostics: [...o.diagnostics, ...o.graphs.flatMap((g) => g.diagnostics)],
    lowered: byType.map((graphs) => {
      if (graphs.length === 1 && graphs[0].conditions.length === 0) {
        const one = lowerType(graphs[0], o.scene);
        if (!one.timed) return one;
      }
      return lowerStates(graphs, o.scene);
    }).map((t, k) => withOrientation(t, lowerOrientation(o.scene.agentTypes[k]))),
  };
}
