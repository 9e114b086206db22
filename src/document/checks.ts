/**
 * The document rules a JSON Schema cannot say, run on the raw value beside the valibot schema:
 * size limits that add up across the document, duplicate ids, and parameter names valibot would
 * skip silently. Each reads the raw value defensively (it may be anything) and returns errors
 * with the path of the offending item.
 */
import { describe, joinPath } from './errors';
import type { LoadError } from './errors';
import { LIMITS, RANGES } from './schema';
import { flowTextLength, isFlowText } from '../../runtime/flow-field';

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `too many obstacles: 1001 (the limit is 1000)`. */
function tooMany(path: string, what: string, got: number, limit: number, per = ''): LoadError {
  return { path, message: `too many ${what}: ${got} (the limit is ${limit}${per})` };
}

/** The graphs of the raw document's agent types (each state's, then the any-state one), with their paths. */
function* graphs(doc: Json): Generator<{ path: string; graph: Json }> {
  const types = asArray(doc.agentTypes);
  for (let k = 0; k < types.length; k++) {
    const type = asObject(types[k]);
    const states = asArray(type?.states);
    for (let s = 0; s < states.length; s++) {
      const graph = asObject(asObject(states[s])?.graph);
      if (graph) yield { path: `agentTypes[${k}].states[${s}].graph`, graph };
    }
    const any = asObject(type?.anyState);
    if (any) yield { path: `agentTypes[${k}].anyState`, graph: any };
  }
  // (the group library's graphs count against the same limits, and their node ids must be unique too)
  const groups = asArray(doc.groups);
  for (let k = 0; k < groups.length; k++) {
    const graph = asObject(asObject(groups[k])?.graph);
    if (graph) yield { path: `groups[${k}].graph`, graph };
  }
}

/**
 * The size limits (LIMITS, except the file size, which loadScene checks on the text). Run before
 * the schema: a file over a limit is refused for that alone, and the schema never walks it.
 */
export function checkLimits(value: unknown): LoadError[] {
  const doc = asObject(value);
  if (!doc) return [];
  const errors: LoadError[] = [];
  const check = (items: unknown, path: string, what: string, limit: number, per = '') => {
    if (Array.isArray(items) && items.length > limit) errors.push(tooMany(path, what, items.length, limit, per));
  };
  /** Paths or walls: how many, the points of each, and the points of all. */
  const polylines = (items: unknown, path: string, what: string, one: string, limit: number, perOne: number, total: number) => {
    check(items, path, what, limit);
    const list = asArray(items);
    let points = 0;
    for (let k = 0; k < list.length; k++) {
      const p = asObject(list[k])?.points;
      check(p, `${path}[${k}].points`, 'points', perOne, ` per ${one}`);
      points += asArray(p).length;
    }
    if (points > total) errors.push(tooMany(path, `points in all ${what}`, points, total));
  };
  const world = asObject(doc.world);
  if (world) {
    check(world.obstacles, 'world.obstacles', 'obstacles', LIMITS.obstacles);
    polylines(world.paths, 'world.paths', 'paths', 'path', LIMITS.paths, LIMITS.pointsPerPath, LIMITS.pointsTotal);
    check(world.targets, 'world.targets', 'targets', LIMITS.targets);
    polylines(world.walls, 'world.walls', 'walls', 'wall', LIMITS.walls, LIMITS.pointsPerWall, LIMITS.wallPoints);
    check(world.flowFields, 'world.flowFields', 'flow fields', LIMITS.flowFields);
  }
  check(doc.agentTypes, 'agentTypes', 'agent types', LIMITS.agentTypes);
  check(doc.groups, 'groups', 'groups', LIMITS.groups);
  asArray(doc.agentTypes).forEach((t, k) => check(asObject(t)?.states, `agentTypes[${k}].states`, 'states', LIMITS.statesPerType, ' per agent type'));
  let agents = 0;
  for (const t of asArray(doc.agentTypes)) {
    // Counts out of their own range are the schema's to report, so only valid ones add up.
    const count = asObject(t)?.count;
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= RANGES.count.max) agents += count;
  }
  if (agents > LIMITS.agentsTotal) errors.push(tooMany('agentTypes', 'agents in all', agents, LIMITS.agentsTotal));
  let nodesTotal = 0;
  let connectionsTotal = 0;
  for (const { path, graph } of graphs(doc)) {
    check(graph.nodes, `${path}.nodes`, 'nodes', LIMITS.nodesPerGraph, ' per graph');
    check(graph.connections, `${path}.connections`, 'connections', LIMITS.connectionsPerGraph, ' per graph');
    connectionsTotal += asArray(graph.connections).length;
    const nodes = asArray(graph.nodes);
    nodesTotal += nodes.length;
    for (let j = 0; j < nodes.length; j++) {
      const params = asObject(asObject(nodes[j])?.params);
      const n = params ? Object.keys(params).length : 0;
      if (n > LIMITS.paramsPerNode) {
        errors.push(tooMany(`${path}.nodes[${j}].params`, 'parameters', n, LIMITS.paramsPerNode, ' per node'));
      }
    }
  }
  if (nodesTotal > LIMITS.nodesTotal) errors.push(tooMany('agentTypes', 'nodes in all', nodesTotal, LIMITS.nodesTotal));
  if (connectionsTotal > LIMITS.connectionsTotal) errors.push(tooMany('agentTypes', 'connections in all', connectionsTotal, LIMITS.connectionsTotal));
  return errors;
}

/** Reports each repeat of a string `key` among `items`, at the second (third…) occurrence. */
function duplicates(items: readonly unknown[], listPath: string, key: string, what: string, errors: LoadError[]): void {
  const first = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const id = asObject(items[i])?.[key];
    if (typeof id !== 'string') continue;
    const seen = first.get(id);
    if (seen === undefined) first.set(id, i);
    else errors.push({ path: `${listPath}[${i}].${key}`, message: `duplicate ${what} ${describe(id)}: ${listPath}[${seen}] has it already` });
  }
}

/**
 * Duplicate agent type ids, state names within a type, node ids within one graph, path ids, wall ids, target names, group ids and a group's port and parameter keys. The app never
 * saves them, and every reference (a Seek's target, a Follow Path's path) would be ambiguous.
 */
export function checkUnique(value: unknown): LoadError[] {
  const doc = asObject(value);
  if (!doc) return [];
  const errors: LoadError[] = [];
  duplicates(asArray(doc.agentTypes), 'agentTypes', 'id', 'agent type id', errors);
  asArray(doc.agentTypes).forEach((t, k) => duplicates(asArray(asObject(t)?.states), `agentTypes[${k}].states`, 'name', 'state name', errors));
  asArray(doc.agentTypes).forEach((t, k) => duplicates(asArray(asObject(t)?.params), `agentTypes[${k}].params`, 'name', 'parameter name', errors));
  for (const { path, graph } of graphs(doc)) duplicates(asArray(graph.nodes), `${path}.nodes`, 'id', 'node id', errors);
  const world = asObject(doc.world);
  if (world) {
    duplicates(asArray(world.paths), 'world.paths', 'id', 'path id', errors);
    duplicates(asArray(world.targets), 'world.targets', 'name', 'target name', errors);
    duplicates(asArray(world.walls), 'world.walls', 'id', 'wall id', errors);
    duplicates(asArray(world.flowFields), 'world.flowFields', 'id', 'flow field id', errors);
  }
  duplicates(asArray(doc.groups), 'groups', 'id', 'group id', errors);
  asArray(doc.groups).forEach((g, k) => {
    duplicates(asArray(asObject(g)?.inputs), `groups[${k}].inputs`, 'key', 'input key', errors);
    duplicates(asArray(asObject(g)?.outputs), `groups[${k}].outputs`, 'key', 'output key', errors);
    duplicates(asArray(asObject(g)?.params), `groups[${k}].params`, 'key', 'parameter key', errors);
  });
  return errors;
}

/**
 * Closed walls of 2 points: a polygon needs 3 corners. (The schema asks every wall for 2 points and
 * reports fewer itself; JSON Schema cannot make the count depend on `closed`.)
 */
export function checkWalls(value: unknown): LoadError[] {
  const walls = asArray(asObject(asObject(value)?.world)?.walls);
  const errors: LoadError[] = [];
  for (let k = 0; k < walls.length; k++) {
    const w = asObject(walls[k]);
    if (w?.closed === true && Array.isArray(w.points) && w.points.length === 2) {
      errors.push({ path: `world.walls[${k}].points`, message: 'expected at least 3 points for a closed wall (a polygon), got 2' });
    }
  }
  return errors;
}

/**
 * What JSON Schema cannot say of an agent type's new fields: a parameter's min ≤ default ≤ max,
 * and headingSmoothing 1 (a mean of one heading is no smoothing: 0 or 2 to 64).
 */
export function checkTypeFields(value: unknown): LoadError[] {
  const errors: LoadError[] = [];
  asArray(asObject(value)?.agentTypes).forEach((t, k) => {
    const type = asObject(t);
    if (type?.headingSmoothing === 1) errors.push({ path: `agentTypes[${k}].headingSmoothing`, message: 'expected 0 (off) or a whole number from 2 to 64, got 1' });
    asArray(type?.params).forEach((p, j) => {
      const param = asObject(p);
      const [min, def, max] = [param?.min, param?.default, param?.max];
      if (typeof min !== 'number' || typeof def !== 'number' || typeof max !== 'number') return;
      if (min > max) errors.push({ path: `agentTypes[${k}].params[${j}].max`, message: `expected at least min (${min}), got ${max}` });
      else if (def < min || def > max) errors.push({ path: `agentTypes[${k}].params[${j}].default`, message: `expected a number from min to max (${min} to ${max}), got ${def}` });
    });
  });
  return errors;
}

/** Names valibot's record skips without a word (they would vanish on load). */
const SKIPPED_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Parameters named `__proto__`, `constructor` or `prototype`. PARAM_NAME_PATTERN refuses them, but
 * valibot's record never shows them to the pattern (it skips them so that no key lands on a
 * prototype), so they are reported here; otherwise they would be dropped silently.
 */
export function checkParamNames(value: unknown): LoadError[] {
  const doc = asObject(value);
  if (!doc) return [];
  const errors: LoadError[] = [];
  for (const { path, graph } of graphs(doc)) {
    const nodes = asArray(graph.nodes);
    for (let j = 0; j < nodes.length; j++) {
      const params = asObject(asObject(nodes[j])?.params);
      if (!params) continue;
      for (const key of SKIPPED_KEYS) {
        if (Object.hasOwn(params, key)) {
          errors.push({
            path: joinPath(`${path}.nodes[${j}].params`, key),
            message: `expected a parameter name other than ${describe(key)}, which is reserved`,
          });
        }
      }
    }
  }
  return errors;
}

/**
 * Flow fields whose cells or vectors do not fit: at most LIMITS.flowCells cells, and `vectors` base64
 * of exactly two bytes per cell. (The schema checks each field alone; JSON Schema cannot tie the
 * text's length to cols × rows.)
 */
export function checkFlowFields(value: unknown): LoadError[] {
  const fields = asArray(asObject(asObject(value)?.world)?.flowFields);
  const errors: LoadError[] = [];
  for (let k = 0; k < fields.length; k++) {
    const f = asObject(fields[k]);
    if (!f || !Number.isInteger(f.cols) || !Number.isInteger(f.rows) || typeof f.vectors !== 'string') continue;
    const cells = (f.cols as number) * (f.rows as number);
    if (cells > LIMITS.flowCells) {
      errors.push({ path: `world.flowFields[${k}]`, message: `expected at most ${LIMITS.flowCells} cells (cols × rows), got ${f.cols} × ${f.rows} = ${cells}` });
    } else if (!isFlowText(f.vectors, cells)) {
      errors.push({
        path: `world.flowFields[${k}].vectors`,
        message: `expected base64 of ${2 * cells} bytes (two per cell of ${f.cols} × ${f.rows}): ${flowTextLength(cells)} characters of A–Z, a–z, 0–9, + and /, '='-padded; got ${f.vectors.length} characters${f.vectors.length === flowTextLength(cells) ? ' with one outside the alphabet' : ''}`,
      });
    }
  }
  return errors;
}
