/**
 * The scene document: what Steergraph saves, loads, shares and exports. Plain JSON data; the one
 * source of truth (DESIGN.md contract 1). Version 7 (version 6 had no list parameters (Formation's custom slots); version 5 had no ring spawn; version 1 had one `graph` per agent type; version 2 had no walls; version 3 had no exposed parameters, turn rates or heading smoothing; version 4 had no node groups, frames, notes, reroute points, collapsed nodes, agent radius or flow field; see migrate.ts). Units: px and ticks (velocities px/tick,
 * forces px/tick²). The loader (src/document/load.ts) checks shape, types and limits; problems
 * inside a graph (a parameter out of range, a dangling connection, a missing reference) are the
 * compiler's diagnostics, so a half-finished scene always reopens (contract 6).
 */
import type { ParamValue, SocketType } from '../../nodes/types';
import type { FlowFieldGrid } from '../../runtime/flow-field';

/** The value of `format` in every scene document. */
export const FORMAT = 'steergraph';
/** The newest document version this code reads and writes. */
export const VERSION = 7;

/** A node parameter's value: numbers, switches, and references (agent type id, path id, target name); one type, the nodes'. */
export type { ParamValue };

/**
 * One node of a graph. `params` holds only values that differ from, or repeat, the defaults: a
 * number, switch or text, or (since version 7) a list of offsets [ox, oy] (Formation's `slots`).
 */
export interface GraphNode {
  /** Unique within its graph; see ID_PATTERN. */
  id: string;
  /** A kind from the node registry (nodes/index.ts), e.g. "seek". */
  kind: string;
  params: Record<string, ParamValue>;
  /** Position in the editor, px of the graph canvas. */
  position: [number, number];
  /**
   * Bypassed: a muted behaviour adds no force; a muted combinator with one force input passes it
   * through unchanged (Truncate, Scale), one with several adds nothing. Absent means false.
   */
  muted?: boolean;
  /**
   * Exposed parameters: a number parameter of this node (the key) read at run time from the
   * agent type's parameter of this name (`AgentType.params`) instead of its literal value. Absent:
   * none (the saver leaves an empty map out). Since version 4.
   */
  exposed?: Record<string, string>;
  /** Collapsed: the editor draws only the header and the connected sockets. Absent: false. Since version 5. */
  collapsed?: true;
  /** A variadic node (Sum) shows only its connected inputs and one free one. Absent: false. Since version 5. */
  hideUnconnected?: true;
}

/**
 * A frame: a titled, coloured box drawn behind the nodes of a graph. It holds no node ids: the nodes
 * it moves are those whose top-left corner lies in it when a drag starts. Since version 5.
 */
export interface GraphFrame {
  /** Unique among the graph's frames and notes; see ID_PATTERN. */
  id: string;
  title: string;
  /** `#rrggbb`. */
  color: string;
  /** Top-left corner and size, px of the graph canvas. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A sticky note on the graph canvas: text only, it changes nothing in the behaviour. Since version 5. */
export interface GraphNote {
  /** Unique among the graph's frames and notes; see ID_PATTERN. */
  id: string;
  text: string;
  /** Top-left corner and size, px of the graph canvas. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A connection from an output port to an input port: [node id, port key]. */
export interface Connection {
  from: [string, string];
  to: [string, string];
}

/** A behaviour graph: one state's, or a type's any-state transitions. */
export interface Graph {
  nodes: GraphNode[];
  connections: Connection[];
  /** Frames behind the nodes, drawn in this order; absent: none. Since version 5. */
  frames?: GraphFrame[];
  /** Sticky notes; absent: none. Since version 5. */
  notes?: GraphNote[];
}

/**
 * One state of an agent type: a name and the graph that steers its agents while they are in it.
 * Agents start in the type's first state; Go to State nodes in a graph say when to leave
 * (BEHAVIORS.md, "States and conditions").
 */
export interface TypeState {
  /** Unique within the type; see ID_PATTERN. What Go to State nodes and the module's API name. */
  name: string;
  graph: Graph;
  /** Whole ticks ≥ 0 (absent: 0): no transition out of the state before its agents spent this long in it. */
  minTicks?: number;
  /** Entering the state returns its nodes' memory (Wander's vector, Follow Path's waypoint) to the defaults. Absent: false. */
  resetOnEnter?: boolean;
}

/** Where agents appear: uniformly in the rectangle (default: the whole world), moving at `speed` × maxSpeed (default 0.5). */
export interface Spawn {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  speed?: number;
  /** 'area' (absent): anywhere in the rectangle; 'ring': evenly on the ellipse inscribed in it, facing its centre (runtime/world.ts, SpawnSpec). Since version 6. */
  shape?: 'area' | 'ring';
}

/** Seeded per-agent variation: each agent's value is the type's × (1 ± up to this fraction). */
export interface Variation {
  maxSpeed?: number;
  maxForce?: number;
}

/**
 * A parameter of an agent type (its blackboard): a number the game sets at run time
 * (`world.setParam`), per type and per agent (`world.paramArray`), which node parameters exposed
 * under its name (`GraphNode.exposed`) and Parameter nodes read. Since version 4.
 */
export interface TypeParam {
  /** Unique within the type; see ID_PATTERN. What the game's code and the `.d.ts` name. */
  name: string;
  /** The value every agent starts with; from `min` to `max`. */
  default: number;
  /** The smallest value the game may set. */
  min: number;
  /** The largest value the game may set; ≥ min. */
  max: number;
  /** Shown after the value ("px", "px/tick"); absent: none. */
  unit?: string;
}

/** One agent type: its agents and their states' graphs. */
export interface AgentType {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  count: number;
  /** > 0. */
  mass: number;
  /** px/tick, ≥ 0. */
  maxSpeed: number;
  /** px/tick², ≥ 0. */
  maxForce: number;
  spawn?: Spawn;
  variation?: Variation;
  /** One or more; the first is where every agent starts. */
  states: TypeState[];
  /** Transitions taken from any state (condition and Go to State nodes), after the current state's own. */
  anyState?: Graph;
  /**
   * Largest turn of the heading per tick, degrees, 0 < rate ≤ 180; absent: no limit (BEHAVIORS.md,
   * "Orientation"). The velocity turns with the heading. Since version 4.
   */
  maxTurnRate?: number;
  /** Headings drawn as the mean of the last k (0: off, or 2 to 64); drawing only. Absent: 0. Since version 4. */
  headingSmoothing?: number;
  /** The type's parameters, names unique; absent: none. Since version 4. */
  params?: TypeParam[];
  /**
   * The agents' radius, px, ≥ 0 (BEHAVIORS.md, "Unaligned collision avoidance"): used by Avoid
   * Agents and Queue, drawn in the preview. Absent: 0 (point agents). Since version 5.
   */
  radius?: number;
}

/** A circular obstacle; `vx`, `vy` (px/tick) make it drift and bounce off the walls. */
export interface Obstacle {
  x: number;
  y: number;
  r: number;
  vx?: number;
  vy?: number;
}

/** A named polyline. A looped path returns from its last point to its first. */
export interface ScenePath {
  id: string;
  points: [number, number][];
  loop: boolean;
}

/**
 * A wall: a polyline, or with `closed` a polygon (its last point joins the first). Solid walls
 * (the default) stop agents, feed Wall Avoid and block sight; a non-solid closed wall is a region
 * for Contain (BEHAVIORS.md, "Walls").
 */
export interface SceneWall {
  /** Unique among walls; see ID_PATTERN. */
  id: string;
  /** At least 2 (a closed wall at least 3), in the coordinate range. */
  points: [number, number][];
  closed: boolean;
  /** Absent: true. */
  solid?: boolean;
}

/**
 * A flow field (BEHAVIORS.md, "Flow Field"): cols × rows cells of `cellSize` px with the top-left
 * corner at (x, y) (the grid: runtime/flow-field.ts FlowFieldGrid; the id per ID_PATTERN); Flow
 * Field nodes steer along its vectors (fractions of maxSpeed). Since version 5.
 */
export interface SceneFlowField extends FlowFieldGrid {
  /**
   * The vectors, row by row, as base64 (standard alphabet, '=' padded) of two signed bytes per cell,
   * vx then vy: byte k is k / 127 of maxSpeed (runtime/flow-field.ts). Small (a 64 × 48 field is
   * 8 KB) and exact: the bytes are the data, decoded alike everywhere.
   */
  vectors: string;
}

/** A point the host program moves by name at run time; (x, y) is where it starts. */
export interface NamedTarget {
  name: string;
  x: number;
  y: number;
}

/** The world every agent type shares. */
export interface SceneWorld {
  width: number;
  height: number;
  edges: 'wrap' | 'bounce';
  /** Whole number from 0 to 4294967295. */
  seed: number;
  obstacles: Obstacle[];
  paths: ScenePath[];
  targets: NamedTarget[];
  /** Absent: none (the loader and the saver leave an empty list out). Since version 3. */
  walls?: SceneWall[];
  /** Flow fields, ids unique. Absent: none (the loader and the saver leave an empty list out). Since version 5. */
  flowFields?: SceneFlowField[];
}

/** A whole scene. */
export interface SceneDocument {
  /** JSON Schema reference for editors; ignored by the loader. */
  $schema?: string;
  format: typeof FORMAT;
  version: typeof VERSION;
  name: string;
  description: string;
  world: SceneWorld;
  agentTypes: AgentType[];
  /** The scene's group library, usable in every agent type and state; ids unique. Absent: none. Since version 5. */
  groups?: NodeGroup[];
}

/** A socket of a group's uses: what a wire that crossed the group's boundary carried. Since version 5. */
export interface GroupPort {
  /** Unique among the group's inputs (or outputs); see ID_PATTERN. The port key of a use's socket. */
  key: string;
  /** Shown beside the socket. */
  label: string;
  type: SocketType;
}

/** A parameter a group's uses set: it names an inner node's parameter, and a use's `params[key]` overrides it. Since version 5. */
export interface GroupParam {
  /** The key in a use's params (and exposed); a parameter name, not `group`. */
  key: string;
  /** Shown on the use node. */
  label: string;
  /** The inner node's id. */
  node: string;
  /** The inner node's parameter. */
  param: string;
}

/**
 * A node group (a subgraph): nodes and wires used as one node of kind `group` (GROUP_KIND) whose
 * `params.group` is the group's id. Inside `graph.connections` the boundary is the reserved node
 * ids `@in` (GROUP_IN) and `@out` (GROUP_OUT), which ID_PATTERN never matches:
 * `{from: ['@in', key], to: [inner, port]}` and `{from: [inner, port], to: ['@out', key]}`.
 * The compiler flattens every use into copies of the inner nodes (src/compiler/flatten.ts). Since version 5.
 */
export interface NodeGroup {
  /** Unique in the library; see ID_PATTERN. */
  id: string;
  /** Shown on the group's nodes. */
  name: string;
  inputs: GroupPort[];
  outputs: GroupPort[];
  /** The parameters a use sets; absent: none. */
  params?: GroupParam[];
  /** The inner nodes and wires. */
  graph: Graph;
  /** Where the Group Input node is drawn inside, px; absent: left of the inner nodes. */
  inputPosition?: [number, number];
  /** Where the Group Output node is drawn inside, px; absent: right of the inner nodes. */
  outputPosition?: [number, number];
}

/** The kind of a node that uses a group. Since version 5. */
export const GROUP_KIND = 'group';
/** The reserved node id of a group's inputs inside its graph. */
export const GROUP_IN = '@in';
/** The reserved node id of a group's outputs inside its graph. */
export const GROUP_OUT = '@out';

/**
 * Ids of agent types, nodes, paths and walls, and target names: a letter or underscore, then letters,
 * digits, `_` or `-`, at most 64 characters. They never reach generated code (contract 5), but a
 * narrow alphabet keeps them readable as keys in a game's code (`world.agents("sheep")`).
 */
export const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
