/**
 * The shape of a node kind's definition. Each file in nodes/ exports one `NodeDef`; nodes/index.ts is
 * the only list. The palette, the node controls, validation and the compiler all read this registry.
 */

/** What flows along a connection. */
export type SocketType = 'force' | 'point' | 'agent' | 'path' | 'obstacles';

/** Where a node appears in the palette. */
export type Category = 'source' | 'behaviour' | 'combinator' | 'output';

/** An input or output port. */
export interface PortDef {
  key: string;
  label: string;
  type: SocketType;
  /** An unconnected required input is an error; an optional one contributes nothing. */
  required?: boolean;
  help?: string;
}

interface ParamBase {
  key: string;
  label: string;
  /** One sentence, shown on hover; says the unit. */
  help: string;
}

/** A number. `min`/`max` are inclusive unless `minExclusive`. */
export interface NumberParam extends ParamBase {
  type: 'number';
  default: number;
  min: number;
  max: number;
  minExclusive?: boolean;
  step: number;
  /** Shown after the value: "px", "px/tick", "×", "". */
  unit: string;
  integer?: boolean;
  /** Offer a slider (the range suits one). */
  slider?: boolean;
  /** Shown only when this boolean param has this value (e.g. a custom max when "use maxForce" is off). */
  when?: { key: string; value: boolean };
}

/** A switch. */
export interface BooleanParam extends ParamBase {
  type: 'boolean';
  default: boolean;
}

/**
 * A reference to something in the scene, stored as its id: an agent type ('' = the graph's own
 * type), a path, or a named target.
 */
export interface RefParam extends ParamBase {
  type: 'agentType' | 'path' | 'target';
  default: string;
}

export type ParamDef = NumberParam | BooleanParam | RefParam;

/**
 * Repeated inputs (Sum, Priority): inputs `${prefix}0 … ${prefix}{k−1}` where k is the node's
 * `inputs` parameter (from `min` to `max`), each optionally with a number parameter
 * `${weight.prefix}k`.
 */
export interface Variadic {
  prefix: string;
  label: string;
  type: SocketType;
  min: number;
  max: number;
  /** The input count of a node whose document gives none (default: `min`). */
  default?: number;
  weight?: Omit<NumberParam, 'key' | 'label'> & { prefix: string; label: string };
}

/** A reference to a value another node produced, as code the compiler emitted. */
export type ValueRef =
  /** A force at arr[off], arr[off + 1]. */
  | { type: 'force'; arr: string; off: string }
  /** A point at arr[off], arr[off + 1]; absent this tick unless `present` (when given) is true. */
  | { type: 'point'; arr: string; off: string; present?: string }
  /** Agent `index` of the agent set `agents` (position, velocity, heading); absent unless `present`. */
  | { type: 'agent'; agents: string; index: string; present?: string }
  /** A path object. */
  | { type: 'path'; expr: string }
  /** The scene's obstacles. */
  | { type: 'obstacles' };

/**
 * What a definition's `emit` may ask of the compiler. Identifiers in emitted code: `W` the world,
 * `A` this type's agents, `i` the agent index, `s` this type's scratch forces, `n` the count.
 */
export interface EmitContext {
  /** A number parameter as a JavaScript literal (proven finite). */
  num(key: string): string;
  /** A number parameter's value. */
  value(key: string): number;
  /** A boolean parameter. */
  bool(key: string): boolean;
  /** An agent-type parameter: the identifier of that type's agent set ('A' for the own type). */
  agents(key: string): string;
  /** A path parameter: an expression for the path object. */
  path(key: string): string;
  /** A named-target parameter: the point's array and offset. */
  target(key: string): { arr: string; off: string };
  /** The value connected to an input, or null. A force input is null when unconnected. */
  input(key: string): ValueRef | null;
  /** A point input: an agent connected there is coerced to its position. */
  point(key: string): (ValueRef & { type: 'point' }) | null;
  /** Allocates two scratch numbers for a force output; returns the offset in `s`. */
  slot(): number;
  /** Allocates `size` per-agent memory slots with these initial values; returns the offset. */
  memory(defaults: number[]): number;
  /** Allocates one random draw per agent per tick; returns its offset. */
  draw(): number;
  /** Allocates a whole-type pass buffer; returns the identifier it is bound to before the loop. */
  pass(): string;
  /** Declares that this node queries the agents of `agents` (an identifier from `agents()`) within `radius` (0 = unbounded). */
  query(agents: string, radius: number): void;
  /** A constant point; returns its array and offset. */
  constant(x: number, y: number): { arr: string; off: string };
  /** A fresh local identifier. */
  local(prefix: string): string;
  /** The world's width and height as literals. */
  worldSize(): { width: string; height: string };
}

/** What `emit` returns: code before the agent loop (passes), code in it, and the outputs. */
export interface Emitted {
  pre?: string;
  body?: string;
  outputs: Record<string, ValueRef>;
}

/** One node kind. */
export interface NodeDef {
  /** kebab-case id, stored in documents: "follow-path". */
  kind: string;
  /** Title Case: "Follow Path". */
  label: string;
  category: Category;
  /** A sentence or two for the palette and the node's tooltip. */
  help: string;
  /** What it computes, in one line of the notation of BEHAVIORS.md (shown in the node's help). */
  formula?: string;
  inputs: PortDef[];
  variadic?: Variadic;
  outputs: PortDef[];
  params: ParamDef[];
  /**
   * Extra checks that depend on the scene (e.g. Contain's margin against the world size): returns
   * a message per parameter in trouble.
   */
  check?(value: (key: string) => number | boolean | string, world: { width: number; height: number }): { param: string; message: string }[];
  /** Writes the node's code. Called once per compile, in dependency order. */
  emit(ctx: EmitContext): Emitted;
}
