/**
 * A world snapshot as the replay recording keeps it: every number in one Float64Array, and the
 * rest (seed, tick, generator state, ids, counts) as is.
 *
 * A snapshot as `world.snapshot()` gives it is dozens of plain arrays (a 200-node graph with 200
 * agents: 45 arrays, 19,600 numbers). Hundreds of them, kept for minutes, were copied by each of
 * the garbage collector's young-generation passes that found them new, and then filled the old
 * generation its full passes walk: frames of 30–50 ms in the preview while editing. One typed
 * array per keyframe lives outside the JavaScript heap.
 */
import { pack, setOwn, type PackedNumbers, type Snapshot, type TypeSnapshot } from '../../runtime/api';

/** A {@link Snapshot} with its numbers moved into `numbers`: see the file comment. */
export interface StoredSnapshot {
  /** The snapshot without its packed numbers (each replaced by null). */
  readonly frame: Snapshot;
  /** Every packed number of the snapshot, −0 kept, in the order {@link eachPacked} visits them. */
  readonly numbers: Float64Array;
  /** How many numbers each packed field has, in the same order. */
  readonly lengths: Int32Array;
}

/** The snapshot's packed fields in a fixed order: `visit` returns each field's replacement. */
function eachPacked(s: Snapshot, visit: (p: PackedNumbers) => PackedNumbers): Snapshot {
  const type = (t: TypeSnapshot): TypeSnapshot => {
    const out: TypeSnapshot = {
      count: t.count,
      pos: visit(t.pos),
      vel: visit(t.vel),
      head: visit(t.head),
      maxSpeed: visit(t.maxSpeed),
      maxForce: visit(t.maxForce),
      memory: {},
    };
    // (own properties: a node id, a type id or a target name may be "__proto__")
    for (const id of Object.keys(t.memory)) setOwn(out.memory, id, visit(t.memory[id]));
    if (t.force !== undefined) out.force = visit(t.force);
    // (whole numbers, never −0: packed as plain arrays)
    if (t.states) out.states = { names: [...t.states.names], index: visit(t.states.index) as number[], time: visit(t.states.time) as number[] };
    if (t.signals) out.signals = { names: [...t.signals.names], flags: visit(t.signals.flags) as number[] };
    // a type's parameters: the type values and each parameter's per-agent values
    if (t.params) out.params = { names: [...t.params.names], values: visit(t.params.values), agents: t.params.agents.map((a) => visit(a)) };
    return out;
  };
  const targets: Record<string, PackedNumbers> = {};
  const types: Record<string, TypeSnapshot> = {};
  const pointer = visit(s.pointer);
  for (const name of Object.keys(s.targets)) setOwn(targets, name, visit(s.targets[name]));
  const obstacles = visit(s.obstacles);
  for (const id of Object.keys(s.types)) setOwn(types, id, type(s.types[id]));
  // (the world it was taken in travels as it is: a module refuses a snapshot of another world)
  const world = s.world ? { world: { ...s.world } } : {};
  return { format: s.format, version: s.version, ...world, seed: s.seed, tick: s.tick, rng: [...s.rng], pointer, targets, obstacles, types };
}

const NONE = null as unknown as PackedNumbers;

/** Stores a snapshot (which it does not keep or change). */
export function storeSnapshot(s: Snapshot): StoredSnapshot {
  // (taken every few ticks while the preview plays: the numbers are copied once, straight into
  // the one array, with no array per field on the way)
  const parts: PackedNumbers[] = [];
  let total = 0;
  const frame = eachPacked(s, (p) => {
    parts.push(p);
    total += Array.isArray(p) ? p.length : p.values.length;
    return NONE;
  });
  const numbers = new Float64Array(total);
  const lengths = new Int32Array(parts.length);
  let at = 0;
  parts.forEach((p, k) => {
    const values = Array.isArray(p) ? p : p.values;
    numbers.set(values, at);
    if (!Array.isArray(p)) for (const j of p.negativeZero) numbers[at + j] = -0;
    lengths[k] = values.length;
    at += values.length;
  });
  return { frame, numbers, lengths };
}

/** The snapshot again, equal to the one stored (−0 and all), as a new object. */
export function loadSnapshot(stored: StoredSnapshot): Snapshot {
  let k = 0;
  let at = 0;
  return eachPacked(stored.frame, () => {
    const n = stored.lengths[k++];
    const p = pack(stored.numbers.subarray(at, at + n));
    at += n;
    return p;
  });
}

/** About how many bytes a stored snapshot holds. */
export function storedBytes(stored: StoredSnapshot): number {
  return stored.numbers.byteLength + stored.lengths.byteLength + 64 * (stored.lengths.length + 4);
}
