/**
 * The exported behaviour module: one standalone ES module (no imports; Node 18+ and browsers) that
 * embeds the scene as one JSON literal, the runtime core and the compiled force functions, and
 * exports `createWorld` and `scene`; plus its TypeScript declarations.
 */
import type { SceneDocument } from '../document/types';
import { CORE_SOURCE } from './core-source.generated';
import { hasErrors, type Diagnostic } from './diagnostics';
import { compile, type Compiled } from './index';
import { dataLiteralParts } from './literal';
import { EXPORTS, HEADER } from './module-format';

/** An exported module: its JavaScript, its declarations, and the compiler's diagnostics. */
export interface ModuleText {
  js: string;
  dts: string;
  diagnostics: Diagnostic[];
  /** True when some agent type has an error (the app and the CLI refuse to export then). */
  hasErrors: boolean;
}

/** The module's JavaScript for an already compiled scene. */
export function moduleSource(scene: SceneDocument, compiled: Compiled): string {
  // One join, so the scene's text (megabytes, perhaps) is copied once.
  return [`${HEADER}\nconst SCENE = deepFreeze(`, ...dataLiteralParts(scene), `);\n\n${CORE_SOURCE}\n`, compiled.programSource, '\n', EXPORTS].join('');
}

/** TypeScript declarations matching {@link moduleSource}. Ids appear as string literal types. */
export function moduleDeclarations(scene: SceneDocument, compiled: Compiled = compile(scene)): string {
  const union = (xs: string[]): string => (xs.length ? xs.map((x) => JSON.stringify(x)).join(' | ') : 'never');
  const typeIds = union(scene.agentTypes.map((t) => t.id));
  const targets = union(scene.world.targets.map((t) => t.name));
  const perType = (of: (k: number) => string[]) => scene.agentTypes.map((t, k) => `  ${JSON.stringify(t.id)}: ${union(of(k))};`).join('\n');
  const stateNames = perType((k) => scene.agentTypes[k].states.map((s) => s.name));
  const signalNames = perType((k) => compiled.lowered[k]?.signals ?? []);
  const paramNames = perType((k) => (scene.agentTypes[k].params ?? []).map((p) => p.name));
  const pathIds = union(scene.world.paths.map((p) => p.id));
  const flowFieldIds = union((scene.world.flowFields ?? []).map((f) => f.id));
  const eventNames = perType((k) => compiled.lowered[k]?.events ?? []);
  return `// Declarations of a Steergraph behaviour module (generated).

/** The agent type ids of this scene. */
export type AgentTypeId = ${typeIds};
/** The named targets of this scene. */
export type TargetName = ${targets};
/** Each agent type's state names, in order (agents start in the first). */
export interface StateNames {
${stateNames}
}
/** The signals each agent type's Signal nodes read. */
export interface SignalNames {
${signalNames}
}
/** Each agent type's parameters (its Parameters panel; world.setParam). */
export interface ParamNames {
${paramNames}
}
/** A transition one agent took. */
export type TransitionEvent = { [T in AgentTypeId]: { tick: number; type: T; index: number; from: StateNames[T]; to: StateNames[T] } }[AgentTypeId];
/** The paths of this scene (setPath). */
export type PathId = ${pathIds};
/** The flow fields of this scene (setFlowField). */
export type FlowFieldId = ${flowFieldIds};
/**
 * A flow field (BEHAVIORS.md, "Flow Field"): cols × rows cells (whole, 0 to 1024, at most 65536 cells)
 * of cellSize px (> 0) with the top-left corner at (x, y); vectors: vx, vy per cell, row by row
 * (2·cols·rows numbers within ±1000000), fractions of maxSpeed, one longer than 1 truncated to 1.
 */
export interface FlowField { x: number; y: number; cellSize: number; cols: number; rows: number; vectors: ArrayLike<number>; }
/** The event names each agent type's Emit Event nodes report. */
export interface EventNames {
${eventNames}
}
/** A point [x, y], px (within ±10000000). */
export type Point = [number, number];
/**
 * One event of events(), in tick order; tick: the tick whose forces it happened in. A transition; a
 * route finished (an agent's own route, once per setRoute: it reached the last waypoint); an Emit Event node's condition turned true.
 */
export type SteerEvent = { [T in AgentTypeId]:
  | { tick: number; kind: 'transition'; type: T; index: number; from: StateNames[T]; to: StateNames[T] }
  | { tick: number; kind: 'route-finished'; type: T; index: number }
  | { tick: number; kind: 'event'; type: T; index: number; name: EventNames[T] } }[AgentTypeId];

/** One agent: position (px) and velocity (px/tick). */
export interface AgentState { x: number; y: number; vx: number; vy: number; }

/** A circle; vx, vy (px/tick) make it drift and bounce off the walls. */
export interface Obstacle { x: number; y: number; r: number; vx?: number; vy?: number; }

/**
 * A wall: a polyline (n points, n − 1 segments) or, with closed, a polygon (the last point joins the
 * first). Solid (the default) walls stop agents (they slide along them), and block Wall Avoid's
 * feelers and line of sight (Sees); a non-solid closed wall is only a region (Contain in polygon).
 * Points within ±10000000 px; at least 2 (3 closed), at most 10000 per wall, 50000 in all; at most 2000 walls; ids unique.
 */
export interface Wall { id: string; points: [number, number][]; closed: boolean; solid?: boolean; }

/** Numbers as JSON; −0 entries are listed apart so they survive JSON. */
export type PackedNumbers = number[] | { values: number[]; negativeZero: number[] };

/** A world's whole state as plain JSON; createWorld({ snapshot }) resumes it bit-exactly. */
export interface Snapshot {
  format: 'steergraph-snapshot';
  version: 1;
  /** The world it was taken in: createWorld refuses a snapshot of another world (or with an agent type this scene lacks). */
  world?: { width: number; height: number; edges: 'wrap' | 'bounce' };
  seed: number;
  tick: number;
  rng: [number, number, number, number];
  pointer: PackedNumbers;
  targets: Record<string, PackedNumbers>;
  obstacles: PackedNumbers;
  /** The walls, when the game replaced the scene's with setWalls (absent: the scene's). */
  walls?: Wall[];
  types: Record<string, {
    count: number;
    pos: PackedNumbers; vel: PackedNumbers; head: PackedNumbers;
    maxSpeed: PackedNumbers; maxForce: PackedNumbers;
    memory: Record<string, PackedNumbers>;
    /** This tick's raw forces, when the snapshot was taken between computeForces and step. */
    force?: PackedNumbers;
    /** Per agent its state (an index into names) and time in state, ticks (types with states). */
    states?: { names: string[]; index: number[]; time: number[] };
    /** Per agent its signal flags, bit k for names[k] (types whose graphs read signals). */
    signals?: { names: string[]; flags: number[] };
    /** The heading smoother of a type with headingSmoothing: k, k headings per agent, the drawn headings. */
    smoother?: { slots: number; ring: PackedNumbers; drawn: PackedNumbers };
    /** The type's parameters: names, type values and per-agent values (types with parameters). */
    params?: { names: string[]; values: PackedNumbers; agents: PackedNumbers[] };
    /** Per agent its own route x0, y0, x1, … or null (when some agent has one). */
    routes?: (PackedNumbers | null)[];
  }>;
  /** The paths, when the game replaced one with setPath (absent: the scene's). */
  paths?: { id: string; points: PackedNumbers; loop: boolean }[];
  /** The flow fields, when the game replaced one with setFlowField (absent: the scene's). */
  flowFields?: { id: string; x: number; y: number; cellSize: number; cols: number; rows: number; vectors: PackedNumbers }[];
}

/** Options of createWorld: a seed and counts, or a snapshot to resume (not both). */
export interface WorldOptions {
  /** Whole number from 0 to 4294967295; default: the scene's seed. */
  seed?: number;
  /** Agents per type (at most 100000 each, 200000 in all); default: the scene's counts. */
  counts?: Partial<Record<AgentTypeId, number>>;
  snapshot?: Snapshot;
}

/** A running world. Units: px and ticks (velocities px/tick, forces px/tick²). Its methods are bound: \`const { step } = world\` works. */
export interface World {
  /** Ticks simulated so far. */
  readonly tick: number;
  /** Agent type ids, in scene order. */
  readonly types: readonly AgentTypeId[];
  /** Moves the Pointer target (x, y within ±10000000 px). */
  setPointer(x: number, y: number): void;
  /** Moves a named target (x, y within ±10000000 px). */
  setTarget(name: TargetName, x: number, y: number): void;
  /**
   * Advances n ticks (default 1; a whole number from 0 to 10000 per call). Throws, moving nothing,
   * when a position or velocity is NaN, ±Infinity or beyond ±10000000 (a game wrote it).
   */
  step(n?: number): void;
  /** A fresh array of the agents of a type. */
  agents(typeId: AgentTypeId): AgentState[];
  /** The live positions x0, y0, x1, y1, … (valid until the next setCount of that type); writable, within ±10000000 px. */
  positions(typeId: AgentTypeId): Float64Array;
  /** The live velocities vx0, vy0, … (valid until the next setCount of that type); writable, within ±10000000 px/tick. */
  velocities(typeId: AgentTypeId): Float64Array;
  /** This tick's steering forces fx0, fy0, … capped at maxForce, without moving anyone; the next step uses them. */
  computeForces(typeId: AgentTypeId): Float64Array;
  /** The whole state as plain JSON. */
  snapshot(): Snapshot;
  /** Removes agents from the end, or spawns new ones: at most 100000 of a type, 200000 in all. */
  setCount(typeId: AgentTypeId, n: number): void;
  /** Replaces the obstacles (x, y within ±10000000 px, r from 0 to 1000000 px, vx, vy within ±10000 px/tick). */
  setObstacles(circles: Obstacle[]): void;
  /** Replaces the walls (see Wall): they act from the next step; a snapshot carries them from then on. Throws naming the bad entry (setWalls: walls[2].points[5][1]: …). */
  setWalls(walls: Wall[]): void;
  /** The walls now: a fresh copy (solid filled in). */
  walls(): Wall[];
  /** Follows agent \`index\` of a type (−1: none) for \`probe\`. */
  follow(typeId: AgentTypeId, index: number): void;
  /** The followed agent's node outputs as of the last computed forces (modules compiled with probes only; else null). */
  probe(typeId: AgentTypeId): { index: number; state: number; time: number; maxSpeed: number; maxForce: number; values: { node: string; state?: number; output: number; type: 'force' | 'point' | 'agent' | 'number' | 'condition'; x: number; y: number }[] } | null;
  /** Each agent's state, an index into stateNames(typeId): the live array (valid until the next setCount of that type). */
  states(typeId: AgentTypeId): Uint8Array;
  /** The type's state names, in order. */
  stateNames<T extends AgentTypeId>(typeId: T): StateNames[T][];
  /** Puts agent \`index\` into a state (time in state 0; its node memory reset when the state resets on enter). Not logged as a transition. */
  setState<T extends AgentTypeId>(typeId: T, index: number, name: StateNames[T]): void;
  /** Raises (on = true, the default) or clears a signal of agent \`index\` (−1: every agent of the type). */
  signal<T extends AgentTypeId>(typeId: T, index: number, name: SignalNames[T], on?: boolean): void;
  /** The transitions since the last call, oldest first (at most 4096; see transitionsLost). */
  transitions(): TransitionEvent[];
  /** How many transitions the last transitions() call could not return (dropped from the full log). */
  readonly transitionsLost: number;
  /** The live unit headings hx0, hy0, … (the direction of motion, or the last one while at rest; turned at most maxTurnRate per tick); valid until the next setCount of that type. */
  headings(typeId: AgentTypeId): Float64Array;
  /** The headings to draw: with headingSmoothing k, the normalized sum of each agent's last k headings; else the same array as headings(typeId). Live, valid until the next setCount. */
  drawnHeadings(typeId: AgentTypeId): Float64Array;
  /** The type value of a parameter. */
  param<T extends AgentTypeId>(typeId: T, name: ParamNames[T]): number;
  /** Sets a parameter's type value and every agent's value: a number from its min to its max (else throws, changing nothing). Acts from the next forces computed; a snapshot carries it. */
  setParam<T extends AgentTypeId>(typeId: T, name: ParamNames[T], value: number): void;
  /** Each agent's value of a parameter: the live array (valid until the next setCount of that type). Writable, within the parameter's range: step and computeForces throw, moving nothing, naming the agent, when a value is outside it. */
  paramArray<T extends AgentTypeId>(typeId: T, name: ParamNames[T]): Float64Array;
  /** The type's parameter names, in order. */
  paramNames<T extends AgentTypeId>(typeId: T): ParamNames[T][];
  /** Replaces a scene path (at most 10000 points; loop omitted: the path's own). An agent past the new last waypoint heads for the last. */
  setPath(id: PathId, points: Point[], loop?: boolean): void;
  /** Gives agent \`index\` its own route (at most 10000 points), read by Own Route; a Follow Path on it starts at the first waypoint. */
  setRoute(typeId: AgentTypeId, index: number, points: Point[]): void;
  /** Takes agent \`index\`'s route away (Own Route gives its fallback again); a Follow Path on it starts again. */
  clearRoute(typeId: AgentTypeId, index: number): void;
  /** Agent \`index\`'s route (a fresh copy), or null. */
  route(typeId: AgentTypeId, index: number): Point[] | null;
  /** The events since the last call, in tick order (at most 4096; see eventsLost). Transitions also stay in transitions(). */
  events(): SteerEvent[];
  /** How many events the last events() call could not return (dropped from the full log). */
  readonly eventsLost: number;
  /** Replaces scene flow field \`id\` (see FlowField): Flow Field nodes read it from the next forces computed; a snapshot carries it. Throws naming the bad argument (setFlowField: field.vectors[7]: …), changing nothing. */
  setFlowField(id: FlowFieldId, field: FlowField): void;
  /** Flow field \`id\` now: a fresh copy (vectors truncated to length 1), or null for an id the scene lacks. */
  flowField(id: FlowFieldId): { id: FlowFieldId; x: number; y: number; cellSize: number; cols: number; rows: number; vectors: number[] } | null;
}

/** Creates a world of this scene. Throws a clear Error on bad options. */
export declare function createWorld(options?: WorldOptions): World;

/** The embedded scene document (read-only). */
export declare const scene: Readonly<Record<string, unknown>>;
`;
}

/** Compiles a scene into its module text and declarations. */
export function emitModule(scene: SceneDocument): ModuleText {
  const compiled = compile(scene);
  return {
    js: moduleSource(scene, compiled),
    dts: moduleDeclarations(scene, compiled),
    diagnostics: compiled.diagnostics,
    hasErrors: hasErrors(compiled.diagnostics),
  };
}
