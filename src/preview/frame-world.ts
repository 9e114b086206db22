/**
 * What the preview's `world` is in either mode ({@link PreviewWorld}), and the page's copy of a
 * world that runs in the simulation worker ({@link FrameWorld}): tick, positions and velocities
 * as of the last frame the worker sent, kept in arrays that are reused frame after frame, and
 * edits forwarded to the worker. Free of DOM and Lit.
 */
import type { AgentState, BehaviorWorld, PackedNumbers, Snapshot, TypeSnapshot } from '../../runtime/api';
import type { Obstacle } from '../document/types';
import { frameFloatBytes, numbersPerAgent, type FrameMessage } from './sim-protocol';

/**
 * The state of a preview's world as plain data (in worker mode: as of the last frame): the part of
 * the module's {@link Snapshot} a page-side copy of a worker's world knows (no generator, headings,
 * limits or node memory; those stay in the worker).
 */
export type PreviewSnapshot = Pick<Snapshot, 'seed' | 'tick' | 'pointer' | 'targets' | 'obstacles'> & {
  types: Record<string, Pick<TypeSnapshot, 'count' | 'pos' | 'vel'>>;
};

/**
 * The preview's world as its users (the app, tests) see it: the running module's world
 * ({@link BehaviorWorld}) on the main thread, or a {@link FrameWorld} in worker mode. It is the
 * module world's members the preview reads and edits through, with a snapshot of plain state only.
 * Positions and velocities are live arrays (`x0, y0, x1, y1, …`) that the preview updates in place;
 * so are the state indices of `states`.
 */
export type PreviewWorld = Pick<
  BehaviorWorld,
  'tick' | 'types' | 'scene' | 'positions' | 'velocities' | 'agents' | 'states' | 'stateNames' | 'setPointer' | 'setTarget' | 'setObstacles' | 'setCount' | 'step' | 'param' | 'setParam'
> & { snapshot(): PreviewSnapshot };

/** Where a FrameWorld sends the edits made through it (to the worker, where a step is of n ticks). */
export type FrameWorldCommands = Pick<PreviewWorld, 'setPointer' | 'setTarget' | 'setObstacles' | 'setCount' | 'setParam'> & { step(n: number): void };

const EMPTY = new Float64Array(0);
const NO_STATES = new Uint8Array(0);

/**
 * A world running in the simulation worker, as of the last frame: see the file comment. Edits go
 * to the worker and show in a later frame. One FrameWorld stands for one world of the worker (a
 * `generation`): a module swap or a reset there gives the page a new FrameWorld.
 */
export class FrameWorld implements PreviewWorld {
  tick = 0;
  types: readonly string[] = [];
  seed = 0;
  private readonly pos = new Map<string, Float64Array>();
  private readonly vel = new Map<string, Float64Array>();
  /** Each agent's state index, by type id: of the types the frames carry states of, else all 0. */
  private readonly st = new Map<string, Uint8Array>();
  /** The drawn headings of the types with a heading smoother, by type id, as of the last frame. */
  private readonly drawn = new Map<string, Float64Array>();
  /** The capped steering forces of the last tick, by type id, when the worker sends them (the force overlay). */
  readonly forces = new Map<string, Float64Array>();
  private obstacleData: Float64Array = EMPTY;
  private pointerAt: [number, number] = [0, 0];
  private targetList: [string, number, number][] = [];
  private paramList: [string, string, number][] = [];

  constructor(
    readonly generation: number,
    readonly scene: unknown,
    private readonly commands: FrameWorldCommands,
  ) {}

  /** Takes a frame's state (copying it out of the frame's buffer, which goes back to the worker). */
  apply(frame: FrameMessage): void {
    const data = new Float64Array(frame.buffer);
    const per = numbersPerAgent(frame.forces);
    let o = 0;
    this.tick = frame.tick;
    if (!sameList(this.types, frame.types)) {
      this.types = frame.types.slice();
      for (const m of [this.pos, this.vel, this.forces, this.st, this.drawn]) for (const id of m.keys()) if (!frame.types.includes(id)) m.delete(id);
    }
    for (let k = 0; k < frame.types.length; k++) {
      const id = frame.types[k];
      const n2 = 2 * frame.counts[k];
      copyInto(this.pos, id, data, o, n2);
      copyInto(this.vel, id, data, o + n2, n2);
      if (frame.forces) copyInto(this.forces, id, data, o + 2 * n2, n2);
      o += (per / 2) * n2;
    }
    if (!frame.forces) this.forces.clear();
    const smoothed = frame.headingTypes ?? [];
    for (const k of smoothed) {
      const n2 = 2 * frame.counts[k];
      copyInto(this.drawn, frame.types[k], data, o, n2);
      o += n2;
    }
    if (this.drawn.size > smoothed.length) for (const id of this.drawn.keys()) if (!smoothed.some((k) => frame.types[k] === id)) this.drawn.delete(id);
    this.applyStates(frame);
    this.obstacleData = frame.obstacles;
    this.pointerAt = frame.pointer;
    this.targetList = frame.targets;
    this.paramList = frame.params ?? [];
  }

  /** A type parameter's value as of the last frame (throws, as a world does, for one the type has not). */
  param(typeId: string, name: string): number {
    for (const [t, n, v] of this.paramList) if (t === typeId && n === name) return v;
    if (!this.types.includes(typeId)) throw this.unknownType('param', typeId);
    throw new Error(`param: ${typeId} has no parameter ${JSON.stringify(name)}`);
  }

  /** Sets a type parameter's value in the worker's world (shows in a later frame). */
  setParam(typeId: string, name: string, value: number): void {
    this.commands.setParam(typeId, name, value);
  }

  /** Copies the frame's state bytes (after its float64 data) out; types without states get all 0. */
  private applyStates(frame: FrameMessage): void {
    const carried = frame.stateTypes ?? [];
    const bytes = carried.length ? new Uint8Array(frame.buffer, frameFloatBytes(frame.counts, frame.forces, frame.headingTypes)) : NO_STATES;
    let b = 0;
    for (const k of carried) {
      const n = frame.counts[k];
      let a = this.st.get(frame.types[k]);
      if (!a || a.length !== n) this.st.set(frame.types[k], (a = new Uint8Array(n)));
      a.set(bytes.subarray(b, b + n));
      b += n;
    }
    for (let k = 0; k < frame.types.length; k++) {
      if (carried.includes(k)) continue;
      const id = frame.types[k];
      const a = this.st.get(id);
      if (a && a.length === frame.counts[k]) a.fill(0);
      else if (a || frame.counts[k] > 0) this.st.set(id, new Uint8Array(frame.counts[k]));
    }
  }

  /** Each agent's state index as of the last frame (into {@link stateNames}). */
  states(typeId: string): Uint8Array {
    const a = this.st.get(typeId);
    if (a) return a;
    if (this.types.includes(typeId)) return NO_STATES;
    throw this.unknownType('states', typeId);
  }

  /** The type's state names, from the scene the worker's module runs (one state: `default`). */
  stateNames(typeId: string): string[] {
    if (!this.types.includes(typeId)) throw this.unknownType('stateNames', typeId);
    const shape = this.scene as { agentTypes?: { id: string; states?: { name: string }[] }[] } | null;
    const names = shape?.agentTypes?.find((t) => t.id === typeId)?.states?.map((s) => s.name);
    return names?.length ? names : ['default'];
  }

  /** The drawn (smoothed) headings of a type with a heading smoother as of the last frame; null for a type without one (draw it by its velocity). */
  drawnHeadings(typeId: string): Float64Array | null {
    return this.drawn.get(typeId) ?? null;
  }

  /** The obstacles as of the last frame: x, y, r, vx, vy per circle. */
  get obstacles(): Float64Array {
    return this.obstacleData;
  }

  positions(typeId: string): Float64Array {
    return this.get(this.pos, typeId, 'positions');
  }

  velocities(typeId: string): Float64Array {
    return this.get(this.vel, typeId, 'velocities');
  }

  agents(typeId: string): AgentState[] {
    const p = this.positions(typeId);
    const v = this.velocities(typeId);
    const out: AgentState[] = [];
    for (let i = 0; 2 * i < p.length; i++) out.push({ x: p[2 * i], y: p[2 * i + 1], vx: v[2 * i], vy: v[2 * i + 1] });
    return out;
  }

  /** The last frame's state as plain data (not a resumable snapshot: the worker keeps the rest). */
  snapshot(): PreviewSnapshot {
    const targets: Record<string, PackedNumbers> = {};
    for (const [name, x, y] of this.targetList) Object.defineProperty(targets, name, { value: [x, y], enumerable: true, writable: true, configurable: true });
    const types: PreviewSnapshot['types'] = {};
    for (const id of this.types) {
      const pos = Array.from(this.positions(id));
      Object.defineProperty(types, id, { value: { count: pos.length >> 1, pos, vel: Array.from(this.velocities(id)) }, enumerable: true, writable: true, configurable: true });
    }
    return {
      seed: this.seed,
      tick: this.tick,
      pointer: [this.pointerAt[0], this.pointerAt[1]],
      targets,
      obstacles: Array.from(this.obstacleData),
      types,
    };
  }

  setPointer(x: number, y: number): void {
    this.commands.setPointer(x, y);
  }

  setTarget(name: string, x: number, y: number): void {
    this.commands.setTarget(name, x, y);
  }

  setObstacles(circles: Obstacle[]): void {
    this.commands.setObstacles(circles);
  }

  setCount(typeId: string, n: number): void {
    this.commands.setCount(typeId, n);
  }

  step(n = 1): void {
    this.commands.step(n);
  }

  private get(m: Map<string, Float64Array>, typeId: string, method: string): Float64Array {
    const a = m.get(typeId);
    if (a) return a;
    if (this.types.includes(typeId)) return EMPTY;
    throw this.unknownType(method, typeId);
  }

  private unknownType(method: string, typeId: string): Error {
    return new Error(`${method}: unknown agent type ${JSON.stringify(typeId)}; this scene has ${this.types.map((x) => `"${x}"`).join(', ') || 'none'}`);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

/** m[id] = data[o … o + n), reusing m[id] when it has length n. */
function copyInto(m: Map<string, Float64Array>, id: string, data: Float64Array, o: number, n: number): void {
  let a = m.get(id);
  if (!a || a.length !== n) m.set(id, (a = new Float64Array(n)));
  a.set(data.subarray(o, o + n));
}
