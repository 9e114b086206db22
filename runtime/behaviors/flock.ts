import { sharedValue } from '../params';
import type { Agents } from '../world';

/**
 * Flock as a pass over a whole agent type (Reynolds' three rules). For every agent i of A it
 * writes out[2i], out[2i + 1]:
 *   separation  desired = normalize(Σ normalize(p − q) / |p − q|)   over neighbours closer than `separation`
 *   alignment   desired = normalize(Σ q.v)                          over neighbours within `sight`
 *   cohesion    desired = normalize(mean(q.p) − p)                  over neighbours within `sight`
 *   each rule   steer = truncate((desired · maxSpeed − v) · mass, maxForce)  (0 with no neighbour or zero direction)
 *   out = ws · sep + wa · ali + wc · coh
 * Neighbours are the agents of type G (A itself by default, never the agent itself) strictly within
 * range, through G's grid; with `frontOnly`, only those with (q − p) · h ≥ 0. A neighbour on the
 * agent's own point counts, for separation, as the unit vector (−1, 0) for the lower agent index and
 * (1, 0) for the other (always (−1, 0) across types), divided by separation / 100, so a coincident
 * pair splits along x, deterministically. A rule whose weight is 0 is skipped (it would add 0).
 *
 * At most `maxNeighbors` agents are looked at per agent (crowd tools' "max neighbours"; RVO's
 * maxNeighbors). The candidates are the C agents of G's grid cells within range of the agent's
 * cell (the cells a scan visits, known from the cell starts without visiting them). When C ≤
 * maxNeighbors every candidate is looked at, exactly as without the bound (same agents, same order,
 * same bits). When C > maxNeighbors, every s-th candidate in grid order is, s = ⌈C / maxNeighbors⌉,
 * starting at the (k mod s)-th for the k-th agent of the pass (so agents of one cell look at
 * different samples): an even sample of at most maxNeighbors agents, spread over every direction,
 * whose sums estimate the full ones (each rule normalizes its sum or takes a mean, so the sample
 * size cancels). Why a sample and not the K nearest: a dense crowd's cells hold thousands of agents,
 * and finding the nearest K means visiting them all (the cost this bound removes), while taking the
 * first K of the nearest cells biases every rule toward the agent's cell centre.
 *
 * Why a pass rather than a per-agent kernel: the neighbour scan is the hottest loop of any flock;
 * run over the whole type in grid order, in one function, the rule arithmetic of one agent overlaps
 * the scan of the next, and no call per agent boxes numbers (measured: ~15 % of a tick).
 */
/**
 * Which of Flock's parameters sight, separation, ws, wa, wc are exposed: per parameter the index of
 * its type parameter in `A.par` (runtime/params.ts), or −1 (the scalar argument holds). For an
 * exposed radius the scalar argument is its largest value, which bounds the scan.
 */
export type FlockVarying = ArrayLike<number>;

export function flockPass(
  A: Agents,
  G: Agents,
  sight: number,
  separation: number,
  ws0: number,
  wa0: number,
  wc0: number,
  frontOnly: boolean,
  out: Float64Array,
  maxNeighbors = Infinity,
  X: FlockVarying | null = null,
): void {
  const grid = G.grid!;
  const same = A === G;
  const nx = grid.nx;
  const ny = grid.ny;
  const cellStart = grid.cellStart;
  const sp = grid.pos;
  const sv = grid.vel;
  const gorder = grid.order;
  const P = A.pos;
  const V = A.vel;
  const H = A.head;
  const MS = A.maxSpeed;
  const MF = A.maxForce;
  const M = A.mass;
  // The scan reaches as far as the largest radius (an exposed radius's is its type parameter's max).
  const reach = grid.reach(sight > separation ? sight : separation);
  // Exposed parameters: a value every agent shares (the type value, or equal per-agent values) is
  // a scalar for the whole pass; one whose agents differ is read per agent (in grid order: scattered reads).
  let sB = sight;
  let pB = separation;
  let wsB = ws0;
  let waB = wa0;
  let wcB = wc0;
  let XS: Float64Array | null = null;
  let XP: Float64Array | null = null;
  let XWS: Float64Array | null = null;
  let XWA: Float64Array | null = null;
  let XWC: Float64Array | null = null;
  if (X !== null) {
    const par = A.par;
    let v: number | null = null;
    let q = X[0];
    if (q >= 0 && (v = sharedValue(A, q)) !== null) sB = v;
    else if (q >= 0) XS = par[q];
    q = X[1];
    if (q >= 0 && (v = sharedValue(A, q)) !== null) pB = v;
    else if (q >= 0) XP = par[q];
    q = X[2];
    if (q >= 0 && (v = sharedValue(A, q)) !== null) wsB = v;
    else if (q >= 0) XWS = par[q];
    q = X[3];
    if (q >= 0 && (v = sharedValue(A, q)) !== null) waB = v;
    else if (q >= 0) XWA = par[q];
    q = X[4];
    if (q >= 0 && (v = sharedValue(A, q)) !== null) wcB = v;
    else if (q >= 0) XWC = par[q];
  }
  const varying = XS !== null || XP !== null || XWS !== null || XWA !== null || XWC !== null;
  const range = sB > pB ? sB : pB;
  let range2 = range * range;
  let sight2 = sB * sB;
  let sep2 = pB * pB;
  let sepI = pB;
  // One radius in all directions: one test per candidate, and every neighbour counts for all rules.
  let simple = sB === pB && !frontOnly;
  let ws = wsB;
  let wa = waB;
  let wc = wcB;
  const n = A.count;
  // The loop starts with one empty turn (k = −1). V8 compiles this loop, which runs once per tick,
  // by on-stack replacement, and some runs (one in five in bench/module-flock.mjs at 10,000 agents)
  // keep entering each call in the baseline tier and switching to that code at the loop's first
  // back edge; with a real first turn, the first agent's neighbour scan ran with boxed numbers every
  // tick (~4 KB allocated per tick). The empty turn reaches the back edge at once. Same arithmetic.
  for (let k = -1; k < n; k++) {
    if (k < 0) continue;
    // Same type: visit agents in grid order, so consecutive agents scan the same cells.
    const i = same ? gorder[k] : k;
    const me = same ? k : -1;
    const self = same ? i : -1;
    if (varying) {
      // this agent's own radii and weights
      const si = XS !== null ? XS[i] : sB;
      sepI = XP !== null ? XP[i] : pB;
      const ri = si > sepI ? si : sepI;
      range2 = ri * ri;
      sight2 = si * si;
      sep2 = sepI * sepI;
      simple = si === sepI && !frontOnly;
      ws = XWS !== null ? XWS[i] : wsB;
      wa = XWA !== null ? XWA[i] : waB;
      wc = XWC !== null ? XWC[i] : wcB;
    }
    const x = P[2 * i];
    const y = P[2 * i + 1];
    const cx = grid.col(x);
    const cy = grid.row(y);
    const x0 = cx - reach > 0 ? cx - reach : 0;
    const x1 = cx + reach < nx - 1 ? cx + reach : nx - 1;
    const y0 = cy - reach > 0 ? cy - reach : 0;
    const y1 = cy + reach < ny - 1 ? cy + reach : ny - 1;
    // The candidates: the agents in the cells scanned (rows x0 … x1 are contiguous slots).
    let candidates = 0;
    for (let ry = y0; ry <= y1; ry++) candidates += cellStart[ry * nx + x1 + 1] - cellStart[ry * nx + x0];
    const stride = candidates > maxNeighbors ? Math.ceil(candidates / maxNeighbors) : 1;
    // Slots to skip at the start of the next row (the sample runs on across rows).
    let skip = stride > 1 ? k % stride : 0;
    let cnt = 0;
    let svx = 0;
    let svy = 0;
    let spx = 0;
    let spy = 0;
    let scnt = 0;
    let sepx = 0;
    let sepy = 0;
    if (simple) {
      for (let ry = y0; ry <= y1; ry++) {
        const row = ry * nx;
        const end = cellStart[row + x1 + 1];
        let j = cellStart[row + x0] + skip;
        for (; j < end; j += stride) {
          const qx = sp[2 * j];
          const qy = sp[2 * j + 1];
          const dx = x - qx;
          const dy = y - qy;
          const d2 = dx * dx + dy * dy;
          if (d2 < range2 && j !== me) {
            cnt++;
            svx += sv[2 * j];
            svy += sv[2 * j + 1];
            spx += qx;
            spy += qy;
            if (d2 > 0) {
              // normalize(p − q) / |p − q| = (p − q) / |p − q|²
              const inv = 1 / d2;
              sepx += dx * inv;
              sepy += dy * inv;
            } else {
              sepx += self < gorder[j] ? -100 / sepI : 100 / sepI;
            }
          }
        }
        skip = j - end;
      }
      scnt = cnt;
    } else {
      const hx = H[2 * i];
      const hy = H[2 * i + 1];
      for (let ry = y0; ry <= y1; ry++) {
        const row = ry * nx;
        const end = cellStart[row + x1 + 1];
        let j = cellStart[row + x0] + skip;
        for (; j < end; j += stride) {
          const qx = sp[2 * j];
          const qy = sp[2 * j + 1];
          const dx = x - qx;
          const dy = y - qy;
          const d2 = dx * dx + dy * dy;
          if (d2 >= range2 || j === me) continue;
          if (frontOnly && dx * hx + dy * hy > 0) continue;
          if (d2 < sight2) {
            cnt++;
            svx += sv[2 * j];
            svy += sv[2 * j + 1];
            spx += qx;
            spy += qy;
          }
          if (d2 < sep2) {
            scnt++;
            if (d2 > 0) {
              const inv = 1 / d2;
              sepx += dx * inv;
              sepy += dy * inv;
            } else {
              sepx += self < gorder[j] ? -100 / sepI : 100 / sepI;
            }
          }
        }
        skip = j - end;
      }
    }
    const vx = V[2 * i];
    const vy = V[2 * i + 1];
    const S = MS[i];
    const F = MF[i];
    const inv = cnt > 0 ? 1 / cnt : 0;
    let fx = 0;
    let fy = 0;
    // The three rules share one loop body (not three calls: see above).
    for (let rule = 0; rule < 3; rule++) {
      if ((rule === 0 ? scnt : cnt) === 0) continue;
      const w = rule === 0 ? ws : rule === 1 ? wa : wc;
      if (w === 0) continue;
      const dx = rule === 0 ? sepx : rule === 1 ? svx : spx * inv - x;
      const dy = rule === 0 ? sepy : rule === 1 ? svy : spy * inv - y;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (!(d > 0)) continue;
      // steer = truncate((normalize(d) · maxSpeed − v) · mass, maxForce)
      const q = S / d;
      let rx = (dx * q - vx) * M;
      let ry = (dy * q - vy) * M;
      const r2 = rx * rx + ry * ry;
      if (r2 > F * F) {
        const t = F / Math.sqrt(r2);
        rx *= t;
        ry *= t;
      }
      fx += w * rx;
      fy += w * ry;
    }
    out[2 * i] = fx;
    out[2 * i + 1] = fy;
  }
}

/** Separation alone, as a pass: Flock's first rule, capped at maxForce, unweighted (`R`: the index of the type parameter exposed as its distance, or −1). */
export function separationPass(A: Agents, G: Agents, distance: number, frontOnly: boolean, out: Float64Array, maxNeighbors = Infinity, R = -1): void {
  flockPass(A, G, 0, distance, 1, 0, 0, frontOnly, out, maxNeighbors, R >= 0 ? [-1, R, -1, -1, -1] : null);
}

/** Alignment alone, as a pass: Flock's second rule, capped at maxForce, unweighted (`R`: the index of the type parameter exposed as its sight, or −1). */
export function alignmentPass(A: Agents, G: Agents, sight: number, frontOnly: boolean, out: Float64Array, maxNeighbors = Infinity, R = -1): void {
  flockPass(A, G, sight, 0, 0, 1, 0, frontOnly, out, maxNeighbors, R >= 0 ? [R, -1, -1, -1, -1] : null);
}

/** Cohesion alone, as a pass: Flock's third rule, capped at maxForce, unweighted (`R`: the index of the type parameter exposed as its sight, or −1). */
export function cohesionPass(A: Agents, G: Agents, sight: number, frontOnly: boolean, out: Float64Array, maxNeighbors = Infinity, R = -1): void {
  flockPass(A, G, sight, 0, 0, 0, 1, frontOnly, out, maxNeighbors, R >= 0 ? [R, -1, -1, -1, -1] : null);
}
