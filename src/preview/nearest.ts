/**
 * Picks the agents of a type nearest a point, in O(n): the per-agent overlays of a large scene
 * (velocity, force, wander, feelers, neighbours) are drawn for these only, the ones nearest the
 * centre of the view, so zooming in on any part of a crowd shows its overlays there. Pure; scratch
 * arrays are kept and grown, nothing is allocated per frame in steady state.
 */

/** Reusable scratch of {@link nearestAgents}. */
export class NearestScratch {
  /** Squared distances, agent order. */
  dist = new Float64Array(0);
  /** A copy that quickselect reorders. */
  work = new Float64Array(0);
  /** The chosen agents' indices, ascending. */
  index = new Int32Array(0);

  /** Makes room for `n` agents. */
  fit(n: number): void {
    if (this.dist.length < n) {
      this.dist = new Float64Array(n);
      this.work = new Float64Array(n);
    }
    if (this.index.length < n) this.index = new Int32Array(n);
  }
}

/**
 * Writes into `s.index` the indices (ascending) of the `k` agents nearest (cx, cy) among the `n`
 * whose positions are `pos` (`x0, y0, x1, y1, …`), and returns how many it wrote: min(k, n). At
 * equal distances the lower index wins.
 */
export function nearestAgents(pos: ArrayLike<number>, n: number, cx: number, cy: number, k: number, s: NearestScratch): number {
  s.fit(n);
  const index = s.index;
  if (k >= n) {
    for (let i = 0; i < n; i++) index[i] = i;
    return n;
  }
  if (k <= 0) return 0;
  const d = s.dist;
  const w = s.work;
  for (let i = 0; i < n; i++) {
    const dx = pos[2 * i] - cx;
    const dy = pos[2 * i + 1] - cy;
    d[i] = w[i] = dx * dx + dy * dy;
  }
  const t = kthSmallest(w, n, k - 1);
  // all strictly nearer than the k-th distance, then ties at it by index until there are k
  let below = 0;
  for (let i = 0; i < n; i++) if (d[i] < t) below++;
  let ties = k - below;
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (d[i] < t) index[m++] = i;
    else if (d[i] === t && ties > 0) {
      index[m++] = i;
      ties--;
    }
  }
  return m;
}

/** The value that would be at position `k` (0-based) of a[0 … n) sorted ascending; reorders `a`. */
export function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    // median of three as the pivot: sorted or clustered input stays linear
    const mid = (lo + hi) >> 1;
    const p = median3(a[lo], a[mid], a[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) {
        const x = a[i];
        a[i] = a[j];
        a[j] = x;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

function median3(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}
