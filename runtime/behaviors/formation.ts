import { dsincos } from '../dsincos';
import { arrive } from './arrive';
import type { Agents } from '../world';

/**
 * Offset Pursuit, Formation and Leader Following (BEHAVIORS.md, "Offset Pursuit and formations" and
 * "Leader Following"): agent i of A keeps a place in the frame of agent j of L, the leader. The
 * leader's frame is its heading hL and side sL = perp(hL) = (−hL.y, hL.x) (the leader's right on
 * screen, y pointing down). An agent that is its own leader gets 0.
 */

/** The place a follower keeps in its leader's frame (ox, oy), and the point it arrives at: scratch, so no computed number is passed to a call (seek.ts). */
const OFFSET = new Float64Array(2);
const TARGET = new Float64Array(2);

/**
 * Offset Pursuit of the place OFFSET: W = L.p + hL·ox + sL·oy; T = |W − p| / (S + |L.v|) (0 when
 * that divisor is 0); Arrive(W + L.v·T, R).
 */
function pursueOffset(out: Float64Array, o: number, A: Agents, i: number, L: Agents, j: number, R: number): void {
  const hx = L.head[2 * j];
  const hy = L.head[2 * j + 1];
  const ox = OFFSET[0];
  const oy = OFFSET[1];
  const wx = L.pos[2 * j] + hx * ox - hy * oy;
  const wy = L.pos[2 * j + 1] + hy * ox + hx * oy;
  const lvx = L.vel[2 * j];
  const lvy = L.vel[2 * j + 1];
  const dx = wx - A.pos[2 * i];
  const dy = wy - A.pos[2 * i + 1];
  const div = A.maxSpeed[i] + Math.sqrt(lvx * lvx + lvy * lvy);
  const T = div > 0 ? Math.sqrt(dx * dx + dy * dy) / div : 0;
  TARGET[0] = wx + lvx * T;
  TARGET[1] = wy + lvy * T;
  arrive(out, o, A, i, TARGET, 0, R);
}

/** Writes a zero force and answers true for the agent that is its own leader. */
function zeroIfOwnLeader(out: Float64Array, o: number, A: Agents, i: number, L: Agents, j: number): boolean {
  if (L !== A || j !== i) return false;
  out[o] = 0;
  out[o + 1] = 0;
  return true;
}

/** Offset Pursuit (Buckland): hold the place (ox, oy) in the leader's frame. */
export function offsetPursuit(out: Float64Array, o: number, A: Agents, i: number, L: Agents, j: number, ox: number, oy: number, R: number): void {
  if (zeroIfOwnLeader(out, o, A, i, L, j)) return;
  OFFSET[0] = ox;
  OFFSET[1] = oy;
  pursueOffset(out, o, A, i, L, j, R);
}

/** The formation shapes, in the order of the `shape` argument; 'custom' has its own kernel, formationCustom. */
export const SHAPES = ['line', 'column', 'wedge', 'circle', 'custom'] as const;

/** Circle tables by follower count n: (c_k, s_k) = dsincos(360·k/n), built once per count, off the tick path. */
const CIRCLES = new Map<number, Float64Array>();

/** The table circleTable gave last, and its count: a tick asks for the same count once per follower. */
let lastN = -1;
let lastTable: Float64Array = new Float64Array(0);

/** The circle table for n followers (a few counts are kept; a count seen again after eight others is rebuilt, with the same bits). */

export function circleTable(n: number): Float64Array {
  if (n === lastN) return lastTable;
  let t = CIRCLES.get(n);
  if (t === undefined) {
    t = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      const [c, s] = dsincos((360 * k) / n);
      t[2 * k] = c;
      t[2 * k + 1] = s;
    }
    if (CIRCLES.size >= 8) CIRCLES.delete(CIRCLES.keys().next().value as number);
    CIRCLES.set(n, t);
  }
  lastN = n;
  lastTable = t;
  return t;
}

/** a(k) = 0, 1, −1, 2, −2, …: the side a line or wedge slot alternates to. */
function alternate(k: number): number {
  return k % 2 === 1 ? (k + 1) / 2 : -k / 2;
}

/**
 * The offset (ox, oy) of slot k of n in a formation of shape `shape` (an index into SHAPES),
 * spacing s and depth d, written to out[o], out[o + 1].
 */
export function slotOffset(out: Float64Array, o: number, shape: number, k: number, n: number, s: number, d: number): void {
  if (shape === 0) {
    out[o] = -d;
    out[o + 1] = s * alternate(k);
  } else if (shape === 1) {
    out[o] = -d - s * k;
    out[o + 1] = 0;
  } else if (shape === 2) {
    const a = alternate(k);
    out[o] = -d - s * (a < 0 ? -a : a);
    out[o + 1] = s * a;
  } else {
    const t = circleTable(n);
    out[o] = -d * t[2 * k];
    out[o + 1] = -d * t[2 * k + 1];
  }
}

/**
 * Formation: Offset Pursuit with the offset of the agent's slot. The slot is the agent's index,
 * less one after a leader of the same type with a lower index (the leader takes no slot); n counts
 * the followers of the type.
 */
export function formation(out: Float64Array, o: number, A: Agents, i: number, L: Agents, j: number, shape: number, s: number, d: number, R: number): void {
  if (zeroIfOwnLeader(out, o, A, i, L, j)) return;
  const same = L === A;
  const k = same && j < i ? i - 1 : i;
  const n = same ? A.count - 1 : A.count;
  slotOffset(OFFSET, 0, shape, k, n, s, d);
  pursueOffset(out, o, A, i, L, j, R);
}

/**
 * The offset of slot k in a custom formation: the m drawn offsets (ox, oy) at C[c … c + 2m − 1]
 * repeat behind one another, repetition r = floor(k/m) moved back by r·back (back = the pattern's
 * depth extent, max ox − min ox, plus the spacing; the compiler works it out). Integer arithmetic
 * and one product, so every environment gets the same bits. Written to out[o], out[o + 1]; m ≥ 1.
 */
export function customSlot(out: Float64Array, o: number, C: Float64Array, c: number, m: number, back: number, k: number): void {
  const q = k % m;
  const r = (k - q) / m;
  out[o] = C[c + 2 * q] - r * back;
  out[o + 1] = C[c + 2 * q + 1];
}

/**
 * Formation with a custom shape: Offset Pursuit of the agent's slot among the m offsets drawn on
 * the node (C[c …]), repeats moved back by extent + s (extent: max ox − min ox of the drawn
 * offsets; see customSlot). The slot is the agent's index, less one after a leader of the same type
 * with a lower index; with no offsets drawn (m = 0) the force is 0.
 */
export function formationCustom(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  L: Agents,
  j: number,
  C: Float64Array,
  c: number,
  m: number,
  extent: number,
  s: number,
  R: number,
): void {
  if (m === 0 || zeroIfOwnLeader(out, o, A, i, L, j)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  customSlot(OFFSET, 0, C, c, m, extent + s, L === A && j < i ? i - 1 : i);
  pursueOffset(out, o, A, i, L, j, R);
}

/**
 * Leader Following (Reynolds): in the leader's path (0 ≤ along ≤ aheadLength and |lat| < halfWidth)
 * step sideways out of it at full speed; otherwise Arrive behind the leader. Plus weight × the
 * Separation pass P (capped and multiplied by m already), when there is one.
 */
export function leaderFollow(
  out: Float64Array,
  o: number,
  A: Agents,
  i: number,
  L: Agents,
  j: number,
  behind: number,
  aheadLength: number,
  halfWidth: number,
  R: number,
  P: Float64Array | null,
  weight: number,
): void {
  if (zeroIfOwnLeader(out, o, A, i, L, j)) return;
  const hx = L.head[2 * j];
  const hy = L.head[2 * j + 1];
  const lx = L.pos[2 * j];
  const ly = L.pos[2 * j + 1];
  const rx = A.pos[2 * i] - lx;
  const ry = A.pos[2 * i + 1] - ly;
  const along = rx * hx + ry * hy;
  const lat = rx * -hy + ry * hx;
  if (along >= 0 && along <= aheadLength && (lat < 0 ? -lat : lat) < halfWidth) {
    const k = (lat < 0 ? -1 : 1) * A.maxSpeed[i];
    const m = A.mass;
    out[o] = (-hy * k - A.vel[2 * i]) * m;
    out[o + 1] = (hx * k - A.vel[2 * i + 1]) * m;
  } else {
    TARGET[0] = lx - hx * behind;
    TARGET[1] = ly - hy * behind;
    arrive(out, o, A, i, TARGET, 0, R);
  }
  if (P !== null) {
    out[o] += weight * P[2 * i];
    out[o + 1] += weight * P[2 * i + 1];
  }
}
