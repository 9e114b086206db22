import type * as kernels from '../runtime/behaviors/kernels';

/**
 * The shape of a node kind's definition. Each file in nodes/ exports one `NodeDef`; nodes/index.ts is
 * the only list. The palette, the node controls, validation and the compiler all read this registry.
 */

/** A list of places (x, y) in px: an {@link OffsetsParam}'s value (Formation's custom slots). Never changed in place: an edit makes a new list. */
export type Offsets = [number, number][];

/** A parameter's value in a document (src/document/types.ts uses this one). */
export type ParamValue = number | boolean | string | Offsets;

/** What flows along a connection. */
export type SocketType = 'force' | 'point' | 'agent' | 'path' | 'obstacles' | 'number' | 'condition';

/** Where a node appears in the palette. */
export type Category = 'source' | 'behaviour' | 'combinator' | 'logic' | 'layout' | 'output';

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
  /** Shown only when this boolean or choice param has this value (e.g. a custom max when "use maxForce" is off). */
  when?: { key: string; value: boolean | string };
  /**
   * The node also has an optional *number* input port of the same key. Connected, `ctx.num(key)`
   * gives the connected expression (0 while that number is absent) and the editor disables the
   * field; unconnected, the literal (no cost).
   */
  input?: true;
  /**
   * `false`: the node needs this number as a constant when the scene compiles (an angle whose
   * cosine is fixed then, a radius or weight of a whole-type pass), so it cannot be exposed as a
   * type parameter (`GraphNode.exposed`); absent: it can (integer parameters never can).
   */
  runtime?: false;
}

/** A switch. */
export interface BooleanParam extends ParamBase {
  type: 'boolean';
  default: boolean;
}

/**
 * A reference to something in the scene, stored as its id: an agent type ('' = the graph's own
 * type), a path, a named target, a state of the graph's own agent type, or a region (`wall`):
 * 'world' (the world's box) or the id of a closed wall of the scene; or a flow field of the scene (`flowField`).
 */
export interface RefParam extends ParamBase {
  type: 'agentType' | 'path' | 'target' | 'state' | 'wall' | 'flowField';
  default: string;
}

/** One of a few options, stored as the option's value: Compare's operator, Inside's shape. */
export interface ChoiceParam extends ParamBase {
  type: 'choice';
  default: string;
  options: readonly { value: string; label: string }[];
}

/** A name the game uses (a signal's): a string matching the document's ID_PATTERN. */
export interface NameParam extends ParamBase {
  type: 'name';
  default: string;
  /** `'typeParam'`: it names a parameter of the graph's own agent type (`AgentType.params`), which must exist (the Parameter node's). */
  of?: 'typeParam';
}

/**
 * A list of offsets (ox, oy) in px in the leader's frame (ox > 0 ahead, oy > 0 on its right):
 * Formation's custom slots, drawn on the node's slot pad. At most `max` of them, each coordinate
 * within ±`range`. Shown only when `when` holds.
 */
export interface OffsetsParam extends ParamBase {
  type: 'offsets';
  default: Offsets;
  max: number;
  range: number;
  when?: { key: string; value: boolean | string };
  /**
   * What the editor fills the list with when the `when` choice is made while it is empty (in the
   * same undo step), from the node's values before that choice; absent: it stays empty.
   */
  seed?(value: (key: string) => ParamValue): Offsets;
}

export type ParamDef = NumberParam | BooleanParam | RefParam | ChoiceParam | NameParam | OffsetsParam;

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
  /** A path object; `route`: an agent's own route (Own Route), which restarts when the game sets it. */
  | { type: 'path'; expr: string; route?: true }
  /** The scene's obstacles. */
  | { type: 'obstacles' }
  /**
   * A finite number: a JavaScript expression valid inside the agent loop (usually a local); absent
   * this tick unless `present` (when given) is true (a Distance to no one), its value then 0.
   */
  | { type: 'number'; expr: string; present?: string }
  /** A condition: a boolean JavaScript expression valid inside the agent loop. */
  | { type: 'condition'; expr: string };

export type ForceRef = ValueRef & { type: 'force' };
export type PointRef = ValueRef & { type: 'point' };
export type AgentRef = ValueRef & { type: 'agent' };
export type PathRef = ValueRef & { type: 'path' };
export type NumberRef = ValueRef & { type: 'number' };
export type ConditionRef = ValueRef & { type: 'condition' };

/**
 * The runtime functions generated code may call: exactly the exports of runtime/behaviors/kernels.ts, so a
 * misspelt kernel in a definition fails the typecheck.
 */
export type KernelName = keyof typeof kernels;

/**
 * What a definition's `emit` may ask of the compiler. Identifiers in emitted code: `W` the world,
 * `A` this type's agents, `i` the agent index, `s` this type's scratch forces, `n` the count.
 */
export interface EmitContext {
  /**
   * A number parameter as a JavaScript literal (proven finite); for a parameter with `input: true`
   * whose input is connected, the connected expression instead (0 while it is absent); for an
   * exposed parameter (`GraphNode.exposed`), the agent's value of its type parameter
   * (`Q<k>[i]`, see {@link param}).
   */
  num(key: string): string;
  /**
   * A number parameter's value. For an exposed parameter: the largest value the game may set (its
   * type parameter's max), which is what a bound needs (a query radius); a kind that needs the
   * value itself marks the parameter `runtime: false`.
   */
  value(key: string): number;
  /**
   * The agent's value of the type parameter `name` (an expression valid in the agent loop:
   * `Q<k>[i]` with `const Q<k> = A.par[k];` before the loop), or null when the graph's agent type
   * has no parameter of that name.
   */
  param(name: string): string | null;
  /**
   * For a whole-type pass (code before the agent loop, where there is no agent `i`): the index of
   * the type parameter an exposed parameter reads (in `A.par`, `A.parValue`), or null when the
   * parameter is not exposed. The kernel reads the values itself (runtime/params.ts).
   */
  paramIndex(key: string): number | null;
  /** A boolean parameter. */
  bool(key: string): boolean;
  /** An agent-type parameter: the identifier of that type's agent set ('A' for the own type). */
  agents(key: string): string;
  /** A path parameter: an expression for the path object. */
  path(key: string): string;
  /** A wall parameter naming a wall of the scene: its index in the scene's walls (and the runtime's `W.walls`); −1 for 'world'. */
  wall(key: string): number;
  /** A flow field parameter: an expression for the field object (`W.flowFields[j]`). */
  flowField(key: string): string;
  /** A named-target parameter: the point's array and offset. */
  target(key: string): { arr: string; off: string };
  /** The value connected to an input, or null. A force input is null when unconnected. */
  input(key: string): ValueRef | null;
  /** A force input, or null when unconnected (or fed something else). */
  force(key: string): ForceRef | null;
  /** A point input: an agent connected there is coerced to its position. */
  point(key: string): PointRef | null;
  /** An agent input, or null. */
  agent(key: string): AgentRef | null;
  /** A path input, or null. */
  pathInput(key: string): PathRef | null;
  /** A number input (or a number parameter's input), or null when unconnected. */
  number(key: string): NumberRef | null;
  /** A condition input, or null when unconnected. */
  condition(key: string): ConditionRef | null;
  /** A choice or name parameter's value (never emitted into code as text). */
  text(key: string): string;
  /** An offsets parameter's list (each number proven finite by the loader; empty when the value is not a list). */
  offsets(key: string): Offsets;
  /**
   * A call of a runtime kernel, as code: `call('seek', 's', 0, 'A', 'i')` is `seek(s, 0, A, i);`.
   * The name is checked against the runtime's kernel exports ({@link KernelName}).
   */
  call(kernel: KernelName, ...args: (string | number | boolean)[]): string;
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
  /**
   * Where the code goes: `'conditions'` before the state's forces (what feeds a Go to State, which
   * must only read: a node with memory then reads what it left last tick), or `'forces'`.
   */
  readonly phase: 'conditions' | 'forces';
  /** The agent's time in its state, whole ticks (an expression); the type then counts it. */
  timeInState(): string;
  /** The bit of the type's signal flags (`A.sig[i]`) that holds this signal; the type then has it. */
  signal(name: string): number;
  /** Declares memory (`size` slots at `offset`) that returns to its defaults when the game sets or clears an agent's route (Follow Path fed by Own Route). */
  routeMemory(offset: number, size: number): void;
  /** The index of event name `name` among the type's (Emit Event); the type then reports it. */
  event(name: string): number;
}

/** What `emit` returns: code before the agent loop (passes), code in it, and the outputs. */
export interface Emitted {
  pre?: string;
  body?: string;
  outputs: Record<string, ValueRef>;
}

// ── Hooks: what a kind tells the rest of the tool (all optional, in the manner of tldraw's shape utils) ──

/** A parameter change that fixes a warning on its node, and what the fix button says. */
export interface Fix {
  label: string;
  params: Record<string, number | boolean>;
}

/** The agent type a graph steers, as the physics hooks read it. */
export interface PhysicsAgentType {
  maxSpeed: number;
  maxForce: number;
  mass: number;
  variation?: { maxSpeed?: number; maxForce?: number };
}

/** What a {@link NodeDef.physics} hook may ask about its node and warn about. */
export interface PhysicsContext {
  /** A parameter's value, its default filled in. */
  value(key: string): ParamValue | undefined;
  /** The agent type whose graph this is. */
  type: PhysicsAgentType;
  /** Whether this node feeds the graph's sink (the Agent Output) directly, and the sink is not muted. */
  feedsSink: boolean;
  /** The node feeding an input (its kind and parameter values), or null when unconnected. */
  source(input: string): { kind: string; value(key: string): ParamValue | undefined } | null;
  /** The scene's path of this id. */
  scenePath(id: string): { id: string; loop: boolean; points: readonly (readonly [number, number])[] } | undefined;
  /** The world's size and edges. */
  world: { width: number; height: number; edges: 'wrap' | 'bounce' };
  /** A document's text for a message, quoted as the loader quotes it. */
  quote(text: string): string;
  /** A warning on one of the node's parameters, with the values that fix it when one change does. */
  warn(param: string, message: string, fix?: Fix): void;
}

/**
 * The sizes the preview's kind-specific overlays are drawn with (world px). A kind feeds an
 * overlay through {@link NodeDef.overlays}; the painter (src/preview/paint/) combines the type's
 * nodes and falls back to the defaults of the first kind in the registry that feeds it.
 */
export interface OverlaySizes {
  /** The wander circle: `radius` px, `distance` px ahead of the agent (the type's first node). */
  wander: { distance: number; radius: number };
  /** The feelers at full speed, px (the type's longest). */
  feelers: { length: number };
  /** The neighbour circle's radius, px (the type's widest). */
  neighbours: { radius: number };
}

/** An overlay a node kind feeds. */
export type KindOverlay = keyof OverlaySizes;

/** The kind-specific overlays, in the preview menu's order (after the generic ones). */
export const KIND_OVERLAYS: readonly KindOverlay[] = ['wander', 'feelers', 'neighbours'];

/** Which parameter gives each size of each overlay the kind feeds: `{ wander: { distance: 'distance', radius: 'radius' } }`. */
export type OverlayFeeds = { [K in KindOverlay]?: { [S in keyof OverlaySizes[K]]: string } };

/** A piece of an inspector row: text, a number (the inspector formats it), or a highlighted "cut" mark. */
export type InspectPart = string | number | { cut: string; flagged?: boolean };

/** A row the inspector shows under a node: `key` identifies it within the node (`data-share="<node>:<key>"`). */
export interface InspectRow {
  key: string;
  name: InspectPart[];
  value: InspectPart[];
}

/** What a {@link NodeDef.inspect} hook reads for the followed agent. */
export interface InspectContext {
  /** A parameter's value, its default filled in (variadic ones too). */
  value(key: string): ParamValue | undefined;
  /** The agent's maxForce, px/tick². */
  maxForce: number;
  /** The label of the node feeding an input, or null when unconnected. */
  source(input: string): string | null;
  /** The force feeding an input this tick, or null (unconnected or absent). */
  input(input: string): readonly [number, number] | null;
  /** The node's own first output this tick, or null when it has none. */
  output(): readonly [number, number] | null;
}

/**
 * How a muted node is bypassed: `'zero'` gives a zero force on its force outputs; `{ through }`
 * passes that force input on to them (a zero force when it is unconnected).
 */
export type Bypass = 'zero' | { through: string };

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
  check?(value: (key: string) => ParamValue, world: { width: number; height: number }): { param: string; message: string }[];
  /** Writes the node's code. Called once per compile, in dependency order. */
  emit(ctx: EmitContext): Emitted;
  /** The graph's sink: its force is the agent type's steering force. Exactly one per graph. */
  sink?: true;
  /**
   * A transition (Go to State): its `when` condition input and `state` parameter say when an agent
   * leaves its state for which; the compiler evaluates it before the state's forces. Its `emit`
   * gives no code of its own.
   */
  transition?: true;
  /** How the node is bypassed when muted; absent: it cannot be muted (sources, the sink). */
  mute?: Bypass;
  /**
   * Warnings that know physics (src/compiler/physics.ts runs them for every live, unmuted node of a
   * graph that compiles): parameter values that validate but misbehave for this agent type.
   */
  physics?(c: PhysicsContext): void;
  /** The preview overlays this kind feeds, and from which parameters. */
  overlays?: OverlayFeeds;
  /**
   * A layout aid (the Reroute): no code and no diagnostics of its own; the compiler's flatten stage
   * wires through it, so it can be neither muted nor inspected.
   */
  layout?: true;
  /** Extra rows under the node in the agent inspector (unmuted nodes only). */
  inspect?(c: InspectContext): InspectRow[];
}
