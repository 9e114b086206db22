/**
 * The messages between the preview (the page) and its simulation worker (sim-worker.ts), and the
 * layout of a frame: the state the page draws, sent by the worker after the ticks of each of its
 * clock's turns. A frame's agent data travels in an ArrayBuffer that is transferred, not copied:
 * the page copies it out at once and sends the buffer back, so a few buffers ping-pong between
 * the two threads and nothing is allocated per frame in steady state. Free of DOM and Lit.
 */
import type { ProbeReading } from '../../runtime/api';
import type { Obstacle } from '../document/types';
import type { Carry, HostOutcome } from './world-host';
import type { SceneShape } from './reconcile';

/** A running world's state carried to another thread (world-host.ts). */
export type { Carry };

/** Page → worker. `seq` numbers the page's edits of the world (pointer, targets, obstacles, counts); frames echo the last one applied. */
export type ToWorker =
  /** Loads module text (resuming `carry` first, when given); answered by a `reply` with the outcome. */
  | { type: 'load'; id: number; source: string; scene: SceneShape | null; carry: Carry | null }
  /** A fresh world from the current module (with `seed`: that seed from now on); answered by a `reply`. */
  | { type: 'reset'; id: number; seed?: number }
  /** Starts or stops the worker's clock. A stop is answered by a frame of the state it stopped at. */
  | { type: 'play'; playing: boolean }
  /** Ticks per second = 60 × speed. */
  | { type: 'speed'; speed: number }
  /** Runs `n` ticks now and sends a frame. */
  | { type: 'step'; n: number }
  /** Whether frames carry each tick's capped steering forces (the force overlay). */
  | { type: 'forces'; on: boolean }
  /** The agent the inspector follows (null: none): frames carry its probe reading. */
  | { type: 'follow'; target: { type: string; index: number } | null }
  | { type: 'pointer'; seq: number; x: number; y: number }
  | { type: 'target'; seq: number; name: string; x: number; y: number }
  | { type: 'obstacles'; seq: number; obstacles: Obstacle[] }
  | { type: 'count'; seq: number; typeId: string; n: number }
  /** A type parameter's value (the Parameters panel's live slider): input the worker's recording logs. */
  | { type: 'param'; seq: number; typeId: string; name: string; value: number }
  /** When the page drew a frame (`performance.timeOrigin + performance.now()`): the worker lines its turns up with the page's frames. */
  | { type: 'vsync'; at: number }
  /** A frame's buffer coming back to the pool. */
  | { type: 'buffer'; buffer: ArrayBuffer }
  /** Stops the clock and puts the recorded run's state at `tick` in place (see replay.ts); answered by a frame. */
  | { type: 'seek'; tick: number }
  /** Starts the recording afresh at the current tick. */
  | { type: 'record' }
  /** Asks for the world's snapshot; answered by a `reply` with `carry`. */
  | { type: 'snapshot'; id: number }
  /** Stops the clock, answers with the world's `carry` (null before any world) and closes the worker. */
  | { type: 'close'; id: number };

/** Worker → page. */
export type FromWorker =
  | FrameMessage
  /** The answer to the request `id`. */
  | { type: 'reply'; id: number; outcome?: HostOutcome; seed?: number | null; scene?: SceneShape | null; carry?: Carry | null; frame?: FrameMessage }
  /** Something the user should hear of; `stopped`: the simulation threw while ticking and the clock stopped (the page pauses). */
  | { type: 'error'; message: string; stopped: boolean };

/** The state the page draws. */
export interface FrameMessage {
  type: 'frame';
  /** Numbers the worlds the worker ran: it changes whenever a world replaced the last (fresh or resumed). */
  generation: number;
  tick: number;
  /** Whether the worker's clock runs. */
  playing: boolean;
  /** The page's last edit applied (see ToWorker). */
  seq: number;
  /** Agent type ids in scene order, and their counts. */
  types: string[];
  counts: number[];
  /** Whether the buffer holds forces. */
  forces: boolean;
  /**
   * Per type in order: positions (2n), velocities (2n), then forces (2n) when `forces`, as float64;
   * then the drawn headings (2n float64) of each type of `headingTypes`, in that order; after them,
   * one byte per agent (its state index) for each type of `stateTypes`, in that order.
   */
  buffer: ArrayBuffer;
  /** The indices (into `types`) of the types with a heading smoother, whose drawn headings the buffer carries (absent: none). */
  headingTypes?: number[];
  /** The indices (into `types`) of the types with more than one state, whose states the buffer carries (absent: none). */
  stateTypes?: number[];
  /** The obstacles where they are now: x, y, r, vx, vy per circle. */
  obstacles: Float64Array;
  /** The pointer (world px). */
  pointer: [number, number];
  /** Named targets as [name, x, y]. */
  targets: [string, number, number][];
  /** The type parameters' values as [type id, name, value] (absent: the scene has none). */
  params?: [string, string, number][];
  /** Wall time per tick over the worker's last half second or so, ms (0 before it ran any). */
  msPerTick: number;
  /** Ticks run per second of wall time over that window (0 while stopped). */
  ticksPerSecond: number;
  /** The followed agent's node outputs (see `follow`), or null. */
  probe?: ProbeReading | null;
  /** The recorded range (see replay.ts), or null while nothing is recorded. */
  recording?: RecordedRange | null;
  /** True when the world stands in the recorded past (a recorded future lies ahead). */
  ahead?: boolean;
}

/** The ticks a recording holds: `start` to `end` can be sought; `inputEnd` is the last tick with recorded input (−1: none). */
export interface RecordedRange {
  start: number;
  end: number;
  inputEnd: number;
  interval: number;
}

/** Float64 numbers per agent in a frame. */
export function numbersPerAgent(forces: boolean): number {
  return forces ? 6 : 4;
}

/** Bytes of a frame's float64 data for these counts, with the drawn headings of `headingTypes` (the state bytes follow them). */
export function frameFloatBytes(counts: readonly number[], forces: boolean, headingTypes: readonly number[] = []): number {
  let n = 0;
  for (const c of counts) n += c;
  let h = 0;
  for (const k of headingTypes) h += 2 * counts[k];
  return (n * numbersPerAgent(forces) + h) * 8;
}

/**
 * Bytes of a frame's buffer for these counts: the float64 data, then a state byte per agent of
 * each type of `stateTypes`, rounded up to whole float64s (the buffer is read as a Float64Array).
 */
export function frameBytes(counts: readonly number[], forces: boolean, stateTypes: readonly number[] = [], headingTypes: readonly number[] = []): number {
  let n = 0;
  for (const k of stateTypes) n += counts[k];
  return frameFloatBytes(counts, forces, headingTypes) + 8 * Math.ceil(n / 8);
}
