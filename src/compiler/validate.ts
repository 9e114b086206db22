/**
 * Stage 1, validate: check every graph of a scene against the node registry and the scene, and
 * resolve it into a checked form (definitions, parameter values with defaults, incoming edges).
 * Problems become diagnostics, never exceptions.
 */
import { canConnect, getNodeDef, inputPorts, paramDefs, paramValue } from '../../nodes/index';
import type { NodeDef, OffsetsParam, ParamDef, PortDef, SocketType } from '../../nodes/types';
import { Walls } from '../../runtime/walls';
import { ANY_STATE, graphsOf } from '../document/graphs';
import { ID_PATTERN, type AgentType, type Graph, type GraphNode, type ParamValue, type SceneDocument, type TypeParam } from '../document/types';
import { GraphBudget, quote, type Diagnostic } from './diagnostics';
import { worldDiagnostics } from './world';

/** A node after validation. */
export interface CheckedNode {
  id: string;
  /** Index in its graph's `nodes` array. */
  index: number;
  kind: string;
  /** Undefined for an unknown kind. */
  def: NodeDef | undefined;
  /** Every parameter's value, defaults filled in (only for a known kind). */
  values: Map<string, ParamValue>;
  inputs: PortDef[];
  outputs: PortDef[];
  /** True when the node itself has an error (unknown kind, bad parameter). */
  broken: boolean;
  /** Bypassed by the designer (`muted` in the document). */
  muted: boolean;
  /** Its exposed parameters that check out: parameter key → the type parameter (its index in `AgentType.params`). Absent: none. */
  exposed?: Map<string, { index: number; param: TypeParam }>;
}

/** An edge into an input. */
export interface Edge {
  from: CheckedNode;
  port: PortDef;
}

/** A graph after validation. */
export interface CheckedGraph {
  /** Index of the agent type in the scene. */
  typeIndex: number;
  type: AgentType;
  /** Which of the type's graphs: the state's index, or ANY_STATE (src/document/graphs.ts). */
  state: number;
  /** Its document path: `agentTypes[0].states[1].graph`. */
  base: string;
  /** Whether the type has more than one graph (its diagnostics then name the state). */
  several: boolean;
  nodes: CheckedNode[];
  byId: Map<string, CheckedNode>;
  /** node id → input key → the edge feeding it. */
  incoming: Map<string, Map<string, Edge>>;
  /** The sink (the Agent Output node), when there is exactly one (else the first). */
  output: CheckedNode | undefined;
  /** The Go to State nodes, in graph order. */
  transitions: CheckedNode[];
}

/** What validation found: the first stage's value. */
export interface Validated {
  scene: SceneDocument;
  graphs: CheckedGraph[];
  diagnostics: Diagnostic[];
}

/** Formats a value for a message: a number to 6 significant digits, a text quoted (one safe line). */
function show(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : String(v);
  if (typeof v === 'string') return quote(v);
  return String(v);
}

/** What flows along each socket type, with its article, for messages: "takes an agent". */
const A_SOCKET: Record<SocketType, string> = {
  force: 'a force',
  point: 'a point',
  agent: 'an agent',
  path: 'a path',
  obstacles: 'the obstacles',
  number: 'a number',
  condition: 'a condition',
};

function withUnit(v: number, unit: string): string {
  return unit && unit !== '×' ? `${show(v)} ${unit}` : show(v);
}

/** The problem with a parameter's value, or null. */
export function checkParam(p: ParamDef, v: ParamValue, scene: SceneDocument, ownType: AgentType): string | null {
  switch (p.type) {
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return `${p.label} must be a number, got ${show(v)}`;
      if (p.integer && !Number.isInteger(v)) return `${p.label} must be a whole number, got ${show(v)}`;
      const low = p.minExclusive ? v <= p.min : v < p.min;
      if (low || v > p.max) {
        const lower = p.minExclusive ? `more than ${withUnit(p.min, p.unit)}` : `at least ${withUnit(p.min, p.unit)}`;
        return `${p.label} must be ${lower} and at most ${withUnit(p.max, p.unit)}, got ${withUnit(v, p.unit)}`;
      }
      return null;
    }
    case 'boolean':
      return typeof v === 'boolean' ? null : `${p.label} must be on or off (true or false), got ${show(v)}`;
    case 'agentType':
      if (typeof v !== 'string') return `${p.label} must be an agent type id, got ${show(v)}`;
      if (v === '' || v === ownType.id) return null;
      return scene.agentTypes.some((t) => t.id === v) ? null : `${p.label}: agent type ${show(v)} does not exist in this scene`;
    case 'path':
      if (typeof v !== 'string') return `${p.label} must be a path id, got ${show(v)}`;
      if (v === '') return `${p.label}: choose one of the scene’s paths`;
      return scene.world.paths.some((x) => x.id === v) ? null : `${p.label}: path ${show(v)} does not exist in this scene`;
    case 'target':
      if (typeof v !== 'string') return `${p.label} must be a target name, got ${show(v)}`;
      if (v === '') return `${p.label}: choose one of the scene’s named targets`;
      return scene.world.targets.some((x) => x.name === v) ? null : `${p.label}: named target ${show(v)} does not exist in this scene`;
    case 'state':
      if (typeof v !== 'string') return `${p.label} must be a state name, got ${show(v)}`;
      if (v === '') return `${p.label}: choose one of ${show(ownType.id)}’s states`;
      return ownType.states.some((x) => x.name === v)
        ? null
        : `${p.label}: ${show(ownType.id)} has no state ${show(v)} (its states: ${ownType.states.map((x) => show(x.name)).join(', ')})`;
    case 'wall':
      return checkRegion(p.label, v, scene);
    case 'flowField':
      if (typeof v !== 'string') return `${p.label} must be a flow field id, got ${show(v)}`;
      if (v === '') return (scene.world.flowFields ?? []).length ? `${p.label}: choose one of the scene’s flow fields` : `${p.label}: the scene has no flow field yet: paint one in the preview (Flow brush)`;
      return (scene.world.flowFields ?? []).some((f) => f.id === v) ? null : `${p.label}: flow field ${show(v)} does not exist in this scene`;
    case 'choice':
      return p.options.some((o) => o.value === v) ? null : `${p.label} must be one of ${p.options.map((o) => show(o.value)).join(', ')}, got ${show(v)}`;
    case 'name': {
      if (typeof v !== 'string' || !ID_PATTERN.test(v)) return `${p.label} must be a name (a letter or _, then letters, digits, _ or -; at most 64), got ${show(v)}`;
      if (p.of !== 'typeParam' || (ownType.params ?? []).some((x) => x.name === v)) return null;
      return `${p.label}: ${show(ownType.id)} has no parameter ${show(v)} (${paramList(ownType)})`;
    }
    case 'offsets':
      return checkOffsets(p, v);
  }
}

/** The problem with a list of offsets (the loader proved each a pair of finite numbers), or null. */
function checkOffsets(p: OffsetsParam, v: ParamValue): string | null {
  if (!Array.isArray(v)) return `${p.label} must be a list of places [ox, oy], got ${show(v)}`;
  if (v.length > p.max) return `${p.label}: at most ${p.max} places, got ${v.length}`;
  const far = v.findIndex(([x, y]) => !(Math.abs(x) <= p.range && Math.abs(y) <= p.range));
  return far < 0 ? null : `${p.label}: place ${far + 1} (${show(v[far][0])}, ${show(v[far][1])}) is more than ${p.range} px from the leader on an axis`;
}

/** `its parameters: "a", "b"` or `it has no parameters: add one in its Parameters panel`. */
function paramList(type: AgentType): string {
  const names = (type.params ?? []).map((x) => show(x.name));
  return names.length ? `its parameters: ${names.join(', ')}` : 'it has no parameters: add one in its Parameters panel';
}

/**
 * The problem with exposing number parameter `key` of a node of kind `def` as the type
 * parameter `name`, or null: the key must be a number parameter the kind lets vary at run time
 * (not an integer, not `runtime: false`), the type must have the parameter, and every value it
 * may take (its range) must be one the node parameter accepts (else the game could set a value
 * that breaks the kernel).
 */
export function checkExposed(def: NodeDef, defs: readonly ParamDef[], key: string, name: unknown, type: AgentType): string | null {
  const p = defs.find((d) => d.key === key);
  if (!p || p.type !== 'number') return `${show(key)} is not a number parameter of ${def.label}, so it cannot be exposed`;
  if (typeof name !== 'string') return `${p.label} is exposed as ${show(name)}, which is not a parameter name`;
  if (p.integer) return `${p.label} is a whole number and cannot be exposed as type parameter ${show(name)}: only numbers that may vary continuously can`;
  if (p.runtime === false) return `${p.label} cannot be exposed as type parameter ${show(name)}: ${def.label} needs it as a constant when the scene compiles`;
  const tp = (type.params ?? []).find((x) => x.name === name);
  if (!tp) return `${p.label} is exposed as type parameter ${show(name)}, which ${show(type.id)} does not have (${paramList(type)})`;
  const low = p.minExclusive ? tp.min <= p.min : tp.min < p.min;
  if (low || tp.max > p.max) {
    const lower = p.minExclusive ? `more than ${withUnit(p.min, p.unit)}` : `at least ${withUnit(p.min, p.unit)}`;
    return `${p.label} is exposed as type parameter ${show(name)}, whose range ${show(tp.min)} to ${show(tp.max)} is not inside what ${p.label} accepts (${lower} and at most ${withUnit(p.max, p.unit)}): narrow the parameter’s range`;
  }
  return null;
}

/**
 * The problem with a region (Contain's): 'world' (the world's box) or the id of a closed wall with at
 * least 3 segments and a non-zero area, counted as the runtime cuts it (runtime/walls.ts), or null.
 */
function checkRegion(label: string, v: ParamValue, scene: SceneDocument): string | null {
  if (v === 'world') return null;
  if (typeof v !== 'string') return `${label} must be ${show('world')} or a closed wall’s id, got ${show(v)}`;
  const wall = (scene.world.walls ?? []).find((w) => w.id === v);
  if (!wall) return `${label}: wall ${show(v)} does not exist in this scene`;
  if (!wall.closed) return `${label}: wall ${show(v)} is not closed, so it encloses no region`;
  const cut = new Walls([wall]);
  if (cut.segments[0] < 3) return `${label}: wall ${show(v)} has ${cut.segments[0]} segment${cut.segments[0] === 1 ? '' : 's'}; a region needs at least 3`;
  if (cut.sigma[0] === 0) return `${label}: wall ${show(v)} encloses no area`;
  return null;
}

function checkNode(
  n: GraphNode,
  k: number,
  scene: SceneDocument,
  type: AgentType,
  base: string,
  out: GraphBudget,
  stateOf: { state?: number },
): CheckedNode {
  const path = `${base}.nodes[${k}]`;
  const def = getNodeDef(n.kind);
  const node: CheckedNode = { id: n.id, index: k, kind: n.kind, def, values: new Map(), inputs: [], outputs: [], broken: false, muted: n.muted === true };
  const diag = (message: string, port?: string, severity: Diagnostic['severity'] = 'error', p = path): void => {
    out.add({ severity, agentType: type.id, ...stateOf, nodeId: n.id, ...(port ? { port } : {}), path: p, message });
  };
  if (def?.layout) {
    // (a reroute: flatten wired through it, so it has no wires, and nothing of it is compiled)
    node.inputs = def.inputs;
    node.outputs = def.outputs;
    return node;
  }
  if (!def) {
    node.broken = true;
    if (out.full) out.skip('error');
    else diag(`Unknown node kind ${show(n.kind)}: this version of Steergraph has no such node`, undefined, 'error', `${path}.kind`);
    return node;
  }
  const params = n.params;
  const defs = paramDefs(def, params);
  for (const p of defs) {
    const v = paramValue(p, params);
    node.values.set(p.key, v);
    const problem = checkParam(p, v, scene, type);
    if (problem) {
      node.broken = true;
      diag(problem, p.key, 'error', `${path}.params.${p.key}`);
    }
  }
  if (n.exposed) {
    for (const [key, name] of Object.entries(n.exposed)) {
      const problem = checkExposed(def, defs, key, name, type);
      if (problem) {
        node.broken = true;
        diag(problem, key, 'error', `${path}.exposed.${key}`);
        continue;
      }
      const index = (type.params ?? []).findIndex((x) => x.name === name);
      (node.exposed ??= new Map()).set(key, { index, param: type.params![index] });
    }
  }
  for (const key of Object.keys(params)) {
    if (!defs.some((p) => p.key === key)) {
      if (out.full) out.skip('warning');
      else diag(`Parameter ${show(key)} is not one of ${def.label}’s and is ignored`, key, 'warning', `${path}.params.${key}`);
    }
  }
  if (def.check && !node.broken) {
    // (an exposed parameter is checked at its default: what the agents start with)
    const value = (key: string): ParamValue => node.exposed?.get(key)?.param.default ?? node.values.get(key) ?? '';
    for (const c of def.check(value, scene.world)) {
      node.broken = true;
      diag(c.message, c.param, 'error', `${path}.params.${c.param}`);
    }
  }
  node.inputs = inputPorts(def, params);
  node.outputs = def.outputs;
  return node;
}

/** The `state` field of a diagnostic in this graph: present when its type has several graphs. */
export function stateField(g: { state: number; several: boolean }): { state?: number } {
  return g.several ? { state: g.state } : {};
}

function checkGraph(scene: SceneDocument, typeIndex: number, state: number, graph: Graph, base: string, several: boolean, diagnostics: Diagnostic[]): CheckedGraph {
  const type = scene.agentTypes[typeIndex];
  const where = stateField({ state, several });
  const out = new GraphBudget(diagnostics, type.id, base, where);
  const nodes = graph.nodes.map((n, k) => checkNode(n, k, scene, type, base, out, where));
  const byId = new Map<string, CheckedNode>();
  for (const n of nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  const incoming = new Map<string, Map<string, Edge>>();
  // (The message is made only when there is room for it: a graph can hold 10,000 bad connections.)
  const diag = (message: () => string, k: number, nodeId?: string, port?: string): void => {
    if (out.full) return out.skip('error');
    out.add({ severity: 'error', agentType: type.id, ...where, ...(nodeId ? { nodeId } : {}), ...(port ? { port } : {}), path: `${base}.connections[${k}]`, message: message() });
  };
  graph.connections.forEach((c, k) => {
    const [fromId, fromPort] = c.from;
    const [toId, toPort] = c.to;
    const from = byId.get(fromId);
    const to = byId.get(toId);
    if (!to) return diag(() => `A connection goes into node ${show(toId)}, which does not exist`, k);
    if (!from) return diag(() => `Input ${show(toPort)} is connected from node ${show(fromId)}, which does not exist`, k, toId, toPort);
    const toDef = to.def;
    const fromDef = from.def;
    if (!toDef) return; // the unknown kind is already diagnosed, and its inputs are unknown
    const known = fromDef ? from.outputs.find((p) => p.key === fromPort) : undefined;
    if (fromDef && !known) return diag(() => `${fromDef.label} has no output ${show(fromPort)}`, k, fromId, fromPort);
    const inPort = to.inputs.find((p) => p.key === toPort);
    if (!inPort) return diag(() => `${toDef.label} has no input ${show(toPort)}`, k, toId, toPort);
    // From a node of unknown kind (already diagnosed): keep the edge with a stand-in port, so the
    // input counts as connected and the unknown node as live, rather than two misleading messages.
    const outPort = known ?? { key: fromPort, label: fromPort, type: inPort.type };
    if (from === to) return diag(() => `${toDef.label} cannot feed itself`, k, toId, toPort);
    if (!canConnect(outPort.type, inPort.type)) {
      return diag(() => `${toDef.label}’s ${inPort.label} input takes ${A_SOCKET[inPort.type]}, not the ${outPort.type} of ${fromDef?.label ?? from.kind}`, k, toId, toPort);
    }
    let ins = incoming.get(toId);
    if (!ins) incoming.set(toId, (ins = new Map()));
    if (ins.has(toPort)) return diag(() => `${toDef.label}’s ${inPort.label} input takes one connection and has more`, k, toId, toPort);
    ins.set(toPort, { from, port: outPort });
  });
  const outputs = nodes.filter((n) => n.def?.sink === true);
  const transitions = nodes.filter((n) => n.def?.transition === true);
  if (state === ANY_STATE) {
    for (const o of outputs) {
      out.add({ severity: 'error', agentType: type.id, ...where, nodeId: o.id, path: `${base}.nodes[${o.index}]`, message: 'The any-state graph holds transitions only: move this Agent Output into a state' });
    }
    out.finish();
    return { typeIndex, type, state, base, several, nodes, byId, incoming, output: undefined, transitions };
  }
  if (outputs.length === 0) {
    if (type.states.length > 1) {
      out.add({ severity: 'warning', agentType: type.id, ...where, path: `${base}.nodes`, message: `State ${show(type.states[state].name)} has no Agent Output: its agents steer with no force` });
    } else {
      out.add({ severity: 'error', agentType: type.id, ...where, path: `${base}.nodes`, message: 'This graph has no Agent Output: add one and connect a force to it' });
    }
  }
  for (const extra of outputs.slice(1)) {
    out.add({
      severity: 'error',
      agentType: type.id,
      ...where,
      nodeId: extra.id,
      path: `${base}.nodes[${extra.index}]`,
      message: 'A graph takes exactly one Agent Output; remove this one',
    });
  }
  out.finish();
  return { typeIndex, type, state, base, several, nodes, byId, incoming, output: outputs[0], transitions };
}

/** Validates every graph of a scene: per agent type, each state's, then its any-state graph; then the world (src/compiler/world.ts). */
export function validate(scene: SceneDocument): Validated {
  const diagnostics: Diagnostic[] = [];
  const graphs: CheckedGraph[] = [];
  scene.agentTypes.forEach((t, k) => {
    const several = t.states.length > 1 || t.anyState !== undefined;
    for (const g of graphsOf(t, k)) graphs.push(checkGraph(scene, k, g.state, g.graph, g.path, several, diagnostics));
  });
  worldDiagnostics(scene, diagnostics);
  return { scene, graphs, diagnostics };
}
