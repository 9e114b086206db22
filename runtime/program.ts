/**
 * What a compiled scene is to the runtime: the parts of a scene document it reads, and the program
 * the compiler makes of it (per agent type its force function, layout and node memory map).
 */
import type { FlowFieldText } from './flow-field';
import type { ForceFn } from './step';
import type { ObstacleSpec, TypeLayout, WallSpec } from './world';

/** The parts of a scene document the runtime reads (the full format is src/document/types.ts). */
export interface SceneLike {
  world: {
    width: number;
    height: number;
    edges: 'wrap' | 'bounce';
    seed: number;
    obstacles: ObstacleSpec[];
    paths: { id: string; points: [number, number][]; loop: boolean }[];
    targets: { name: string; x: number; y: number }[];
    walls?: WallSpec[];
    /** Flow fields as the document stores them (vectors in base64; runtime/flow-field.ts). */
    flowFields?: FlowFieldText[];
  };
  agentTypes: {
    id: string;
    count: number;
    mass: number;
    maxSpeed: number;
    maxForce: number;
    spawn?: { x?: number; y?: number; width?: number; height?: number; speed?: number };
    variation?: { maxSpeed?: number; maxForce?: number };
    /** The type's parameters (runtime/params.ts). */
    params?: { name: string; default: number; min: number; max: number; unit?: string }[];
    /** The agents' radius, px (absent: 0). */
    radius?: number;
    states: { name: string; graph: { nodes: { id: string }[] } }[];
    anyState?: { nodes: { id: string }[] };
  }[];
}

/**
 * Where a node's per-agent memory lives: `size` slots at `offset`; `node` indexes the nodes of the
 * graph of state `state` (absent: the first state's).
 */
export interface NodeMemory {
  node: number;
  offset: number;
  size: number;
  state?: number;
}

/**
 * The key of a node's memory in a snapshot: its node id, prefixed with its state's name when the
 * type has several states (node ids are unique only within one graph). Undefined when the scene
 * does not have that node.
 */
export function memoryKey(type: SceneLike['agentTypes'][number] | undefined, m: NodeMemory): string | undefined {
  const states = type?.states;
  if (!states) return undefined;
  const state = states[m.state ?? 0];
  const node = state?.graph.nodes[m.node];
  if (!node) return undefined;
  return states.length > 1 ? `${state.name}/${node.id}` : node.id;
}

/** A compiled scene: per agent type (scene order) its force function, layout and node memory map. */
export interface Program {
  forces: ForceFn[];
  layouts: TypeLayout[];
  memory: NodeMemory[][];
  /**
   * Per type (null or absent: one state named "default", no signals): its states' names, the names
   * of the signals its Signal nodes read (bit k of `Agents.sig` is signals[k]), and per state the
   * memory entering it resets ([offset, size, …]; empty unless the state resets on enter).
   */
  states?: ({ names: string[]; signals: string[]; reset: number[][] } | null)[];
  /** Per type, the memory setting or clearing an agent's route resets ([offset, size, …]); absent: no Own Route. */
  routes?: number[][];
  /** Per type, the names its Emit Event nodes report, by index; absent: none. */
  events?: string[][];
  /** Present when compiled with probes (the editor's preview): per type, the buffer size and [node, output, type, offset] sites. */
  probes?: { size: number; sites: number[][] }[];
}

/** A type's states table: the program's, or for a type without one its one state (named as in the scene) and no signals. */
export function stateTable(scene: SceneLike, program: Program, k: number): { names: string[]; signals: string[]; reset: number[][] } {
  return program.states?.[k] ?? { names: [scene.agentTypes[k]?.states?.[0]?.name ?? 'default'], signals: [], reset: [] };
}
