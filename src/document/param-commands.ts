/**
 * Edits of an agent type's parameters (its blackboard, `AgentType.params`) and of which node
 * parameters read them (`GraphNode.exposed`): add, rename, remove, change the default, range or
 * unit; expose a node's number parameter (a new type parameter, or one the type has) and un-expose
 * it. Pure functions from a document to a new document, like commands.ts: the same document object
 * when the edit does not apply (an unknown type or name, a name taken, a value the loader would
 * refuse: the app saves only what it loads, contract 6).
 *
 * References follow: renaming a parameter renames it in every exposed node parameter of the type
 * and in every Parameter node naming it. Removing one un-exposes the node parameters that read it
 * (each keeps the parameter's default as its literal, so the scene starts as it did); a Parameter
 * node that named it is left to the compiler's "missing parameter" diagnostic, as a Go to State
 * node is when its state goes.
 */
import { getNodeDef, paramDefs } from '../../nodes/index';
import { nodeDefIn } from './group-def';
import type { NumberParam, ParamDef } from '../../nodes/types';
import { updateType, type Edit } from './commands';
import { graphOf, graphsOf, groupOfGraph, stateOfGraph, typeOfGraph, withGraph, type GraphAt } from './graphs';
import { LENGTHS, LIMITS, RANGES } from './schema';
import { ID_PATTERN, type AgentType, type Graph, type GraphNode, type SceneDocument, type TypeParam } from './types';

/** The parameters of a type (none when it has no `params`). */
export function paramsOf(type: Pick<AgentType, 'params'>): readonly TypeParam[] {
  return type.params ?? [];
}

/** A type with these parameters (no `params` key when there are none, as the saver writes it). */
function withParams(type: AgentType, params: TypeParam[]): AgentType {
  if (params.length) return { ...type, params };
  const { params: _, ...rest } = type;
  return rest;
}

/**
 * Why a parameter's fields cannot be saved, or null when they can: the loader's rules (a finite
 * number in RANGES.paramValue each, min ≤ default ≤ max, a unit of at most 16 characters).
 */
export function typeParamProblem(p: Pick<TypeParam, 'default' | 'min' | 'max' | 'unit'>): string | null {
  const r = RANGES.paramValue;
  for (const k of ['default', 'min', 'max'] as const) {
    const v = p[k];
    if (!Number.isFinite(v) || v < r.min || v > r.max) return `${k}: expected a number from ${r.min} to ${r.max}`;
  }
  if (p.min > p.max) return `min (${p.min}) is above max (${p.max})`;
  if (p.default < p.min || p.default > p.max) return `the default (${p.default}) is outside ${p.min} to ${p.max}`;
  if (p.unit !== undefined && p.unit.length > LENGTHS.unit) return `unit: at most ${LENGTHS.unit} characters`;
  return null;
}

/** Why `name` cannot be the name of a parameter of `type` (other than the one called `own`), or null. */
export function paramNameProblem(type: Pick<AgentType, 'params'>, name: string, own?: string): string | null {
  if (!ID_PATTERN.test(name)) return 'Not a name: a letter or _, then up to 63 letters, digits, _ or -.';
  if (name !== own && paramsOf(type).some((p) => p.name === name)) return `This type has a parameter “${name}” already: names are unique.`;
  return null;
}

/** A parameter name not used in the type, from a base: "speed", "speed2", "speed3", … */
export function freshParamName(type: Pick<AgentType, 'params'>, base = 'param'): string {
  const taken = new Set(paramsOf(type).map((p) => p.name));
  const b = ID_PATTERN.test(base) ? base.slice(0, 60) : 'param';
  if (!taken.has(b)) return b;
  for (let k = 2; ; k++) if (!taken.has(`${b}${k}`)) return `${b}${k}`;
}

/**
 * Whether a node parameter may be exposed: a number that is not whole-only (a type parameter is
 * any number in its range) and that the node can read at run time (not marked `runtime: false`,
 * a value the compiler needs as a constant).
 */
export function canExpose(p: ParamDef): p is NumberParam {
  return p.type === 'number' && !p.integer && p.runtime !== false;
}

/** Whether a node parameter names a parameter of its own agent type (the Parameter node's `name`). */
function namesTypeParam(p: ParamDef): boolean {
  return p.type === 'name' && p.of === 'typeParam';
}

const camel = (s: string): string => s.replace(/[-_\s]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The name an exposed parameter gets from its node parameter: a key that says what it is on its
 * own (`slowingRadius`, `separationWeight`: camel case) as it is, a one-word key with the kind in
 * front (`wanderRadius`, `fleeDistance`), a variadic weight from its label (`sumWeight1`).
 */
export function exposedNameBase(kind: string, p: NumberParam): string {
  if (/^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(p.key)) return p.key;
  const word = /^[a-z]+$/.test(p.key) && p.key.length > 2 ? p.key : camel(p.label);
  return `${camel(kind)}${cap(word)}`;
}

/**
 * The range a new type parameter takes from a node parameter: from the parameter's minimum (a step
 * above it when the minimum itself is refused) to the top of the node's own slider (four times the
 * default, at least a hundred steps, within the parameter's maximum), widened to hold `value`. A
 * narrower range than the parameter's keeps every value the game may set one the node accepts,
 * and a live slider over it useful.
 */
export function exposedRange(p: NumberParam, value: number): { min: number; max: number } {
  const r = RANGES.paramValue;
  const top = Math.max(Math.min(p.max, Math.max(Math.abs(p.default) * 4, p.step * 100)), value);
  let min = p.minExclusive ? Math.min(p.min + p.step, value) : p.min;
  if (min < 0) min = Math.max(min, -top);
  return { min: Math.max(r.min, min), max: Math.min(r.max, top) };
}

/** Adds a parameter at the end (a new valid name, fields the loader accepts; at most LIMITS.paramsPerType). */
export const addTypeParam =
  (typeId: string, param: TypeParam): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) =>
      paramNameProblem(t, param.name) || typeParamProblem(param) || paramsOf(t).length >= LIMITS.paramsPerType ? t : withParams(t, [...paramsOf(t), { ...param }]),
    );

/** A graph with `f` applied to each node (the same graph when `f` returns every node as it was). */
function mapNodes(graph: Graph, f: (n: GraphNode) => GraphNode): Graph {
  let changed = false;
  const nodes = graph.nodes.map((n) => {
    const m = f(n);
    if (m !== n) changed = true;
    return m;
  });
  return changed ? { ...graph, nodes } : graph;
}

/** A type with `f` applied to every node of every graph. */
function mapTypeNodes(type: AgentType, f: (n: GraphNode) => GraphNode): AgentType {
  let next = type;
  for (const { state, graph } of graphsOf(type, 0)) next = withGraph(next, state, mapNodes(graph, f));
  return next;
}

/** A node with `exposed` (no key when empty). */
function withExposed(n: GraphNode, exposed: Record<string, string>): GraphNode {
  if (Object.keys(exposed).length) return { ...n, exposed };
  const { exposed: _, ...rest } = n;
  return rest;
}

/** The literal an un-exposed parameter keeps: `value` inside the node parameter's range (the old literal when it is not). */
function literalFor(n: GraphNode, key: string, value: number): number | undefined {
  const def = getNodeDef(n.kind);
  const p = def && paramDefs(def, n.params).find((q) => q.key === key);
  if (!p || p.type !== 'number') return undefined;
  const ok = p.minExclusive ? value > p.min : value >= p.min;
  return ok && value <= p.max ? value : undefined;
}

/** `n` with `key` read from its literal again, that literal `value` when the node accepts it. */
function unexposed(n: GraphNode, key: string, value: number | undefined): GraphNode {
  if (!n.exposed || !Object.hasOwn(n.exposed, key)) return n;
  const exposed = { ...n.exposed };
  delete exposed[key];
  const lit = value === undefined ? undefined : literalFor(n, key, value);
  const next = withExposed(n, exposed);
  return lit === undefined ? next : { ...next, params: { ...n.params, [key]: lit } };
}

/**
 * Removes parameter `name` and un-exposes every node parameter that read it (each keeps the
 * parameter's default as its literal). Parameter nodes naming it are left to the compiler's diagnostic.
 */
export const removeTypeParam =
  (typeId: string, name: string): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const p = paramsOf(t).find((x) => x.name === name);
      if (!p) return t;
      const next = withParams(t, paramsOf(t).filter((x) => x !== p));
      return mapTypeNodes(next, (n) => {
        let m = n;
        for (const [key, to] of Object.entries(n.exposed ?? {})) if (to === name) m = unexposed(m, key, p.default);
        return m;
      });
    });

/**
 * Renames parameter `from` to `to`, and with it every exposed node parameter and Parameter node of
 * the type that named it. A name taken, not an ID_PATTERN name, or no change: the same document.
 */
export const renameTypeParam =
  (typeId: string, from: string, to: string): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const k = paramsOf(t).findIndex((x) => x.name === from);
      if (k < 0 || from === to || paramNameProblem(t, to)) return t;
      const params = paramsOf(t).slice();
      params[k] = { ...params[k], name: to };
      return mapTypeNodes(withParams(t, params), (n) => {
        let m = n;
        if (n.exposed && Object.values(n.exposed).includes(from)) {
          const exposed: Record<string, string> = {};
          for (const [key, v] of Object.entries(n.exposed)) exposed[key] = v === from ? to : v;
          m = { ...m, exposed };
        }
        const def = getNodeDef(n.kind);
        if (!def) return m;
        for (const p of paramDefs(def, n.params)) {
          if (namesTypeParam(p) && n.params[p.key] === from) m = { ...m, params: { ...m.params, [p.key]: to } };
        }
        return m;
      });
    });

/**
 * Changes a parameter's default, range or unit (an empty unit removes it). Fields the loader would
 * refuse (min above max, the default outside them, out of RANGES.paramValue): no change.
 */
export const updateTypeParam =
  (typeId: string, name: string, patch: Partial<Pick<TypeParam, 'default' | 'min' | 'max' | 'unit'>>): Edit =>
  (doc) =>
    updateType(doc, typeId, (t) => {
      const k = paramsOf(t).findIndex((x) => x.name === name);
      if (k < 0) return t;
      const old = paramsOf(t)[k];
      const next: TypeParam = { ...old, ...patch };
      if (patch.unit !== undefined && !patch.unit.trim()) delete next.unit;
      else if (patch.unit !== undefined) next.unit = patch.unit.trim();
      if (typeParamProblem(next)) return t;
      if (next.default === old.default && next.min === old.min && next.max === old.max && next.unit === old.unit) return t;
      const params = paramsOf(t).slice();
      params[k] = next;
      return withParams(t, params);
    });

/** The number a node parameter holds now (its literal, or the definition's default). */
function currentValue(n: GraphNode, p: NumberParam): number {
  const v = n.params[p.key];
  return typeof v === 'number' ? v : p.default;
}

/**
 * Exposes number parameter `key` of node `nodeId` (in the graph at `at`): with `name` of a
 * parameter the type has, the node reads that one; without, a new parameter is made, named after
 * the node parameter ({@link exposedNameBase}, unique in the type), its default the node's value
 * now and its range {@link exposedRange}. Returns the edit and the name read. A parameter that
 * cannot be exposed ({@link canExpose}), is exposed already, or an unknown name: no change.
 */
export function exposeParam(doc: { agentTypes: readonly AgentType[] }, at: GraphAt, nodeId: string, key: string, name?: string): { edit: Edit; name: string } {
  const typeId = typeOfGraph(at);
  const state = stateOfGraph(at);
  const none = { edit: (d: Parameters<Edit>[0]) => d, name: '' };
  // (inside a group, a node's parameter is not the type's to read: its uses set it, see group-commands.ts)
  if (groupOfGraph(at) !== undefined) return none;
  const type = doc.agentTypes.find((t) => t.id === typeId);
  const node = type && graphOf(type, state)?.nodes.find((n) => n.id === nodeId);
  // (a group use's parameters are its group's: group-def.ts)
  const def = node && ('groups' in doc ? nodeDefIn(doc as SceneDocument, node) : getNodeDef(node.kind));
  const p = def && paramDefs(def, node.params).find((q) => q.key === key);
  if (!type || !node || !p || !canExpose(p) || node.exposed?.[key] !== undefined) return none;
  if (name !== undefined && !paramsOf(type).some((x) => x.name === name)) return none;
  const value = currentValue(node, p);
  const fresh = name === undefined;
  const chosen = name ?? freshParamName(type, exposedNameBase(node.kind, p));
  const made: TypeParam = { name: chosen, default: value, ...exposedRange(p, value), ...(p.unit && p.unit !== '×' ? { unit: p.unit.slice(0, LENGTHS.unit) } : {}) };
  const edit: Edit = (d) =>
    updateType(d, typeId, (t) => {
      const g = graphOf(t, state);
      const n = g?.nodes.find((x) => x.id === nodeId);
      if (!g || !n || n.exposed?.[key] !== undefined) return t;
      let next = t;
      if (fresh) {
        if (paramNameProblem(t, chosen) || typeParamProblem(made) || paramsOf(t).length >= LIMITS.paramsPerType) return t;
        next = withParams(t, [...paramsOf(t), made]);
      } else if (!paramsOf(t).some((x) => x.name === chosen)) return t;
      return withGraph(next, state, mapNodes(g, (x) => (x.id === nodeId ? { ...x, exposed: { ...(x.exposed ?? {}), [key]: chosen } } : x)));
    });
  return { edit, name: chosen };
}

/**
 * Un-exposes parameter `key` of node `nodeId`: it is a literal again, the type parameter's default
 * (when the node accepts it; else the literal it had). The type parameter stays.
 */
export const unexposeParam =
  (at: GraphAt, nodeId: string, key: string): Edit =>
  (doc) =>
    groupOfGraph(at) !== undefined ? doc : updateType(doc, typeOfGraph(at), (t) => {
      const state = stateOfGraph(at);
      const g = graphOf(t, state);
      const n = g?.nodes.find((x) => x.id === nodeId);
      const name = n?.exposed?.[key];
      if (!g || !n || name === undefined) return t;
      const p = paramsOf(t).find((x) => x.name === name);
      return withGraph(t, state, mapNodes(g, (x) => (x === n ? unexposed(x, key, p?.default) : x)));
    });

/** How many node parameters and Parameter nodes of the type read parameter `name`. */
export function paramUses(type: AgentType, name: string): { exposed: number; nodes: number } {
  let exposed = 0;
  let nodes = 0;
  for (const { graph } of graphsOf(type, 0)) {
    for (const n of graph.nodes) {
      for (const v of Object.values(n.exposed ?? {})) if (v === name) exposed++;
      const def = getNodeDef(n.kind);
      if (def && paramDefs(def, n.params).some((p) => namesTypeParam(p) && n.params[p.key] === name)) nodes++;
    }
  }
  return { exposed, nodes };
}
