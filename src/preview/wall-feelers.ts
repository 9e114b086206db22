/**
 * The wall feelers overlay, pure: the three feelers of Wall Avoid (BEHAVIORS.md, "Walls" (b),
 * step 1) for one agent, from its position, velocity and heading, and where each first meets a
 * solid wall (step 2), with the nearest of them (step 3: the one that steers). Computed in the
 * page from a frame's positions and velocities and the scene's walls (the world's edges too in
 * bounce mode); the drawing is paint/wall-feelers.ts. Not on the tick path: plain Math is fine.
 */
import type { SceneDocument } from '../document/types';

/** Wall Avoid's parameters and their defaults (BEHAVIORS.md). */
export interface FeelerParams {
  /** The ahead feeler's length at full speed, px. */
  feelerLength: number;
  /** The side feelers' length, px. */
  sideLength: number;
  /** The side feelers' angle from the heading, degrees. */
  angle: number;
}

export const FEELER_DEFAULTS: FeelerParams = { feelerLength: 60, sideLength: 30, angle: 45 };

/** One feeler: from the agent to its tip, and the first solid wall point on it (null: none). */
export interface Feeler {
  from: [number, number];
  to: [number, number];
  hit: [number, number] | null;
}

/** The feelers of one agent (ahead, +side, −side; one of length 0 is left out) and the index of the nearest hit (−1: none). */
export interface Feelers {
  feelers: Feeler[];
  nearest: number;
}

const EPS = 1e-3;

/**
 * The parameters of a 'wall-avoid' node of `graph` (the first one), each a finite number in its
 * range, else the default; the defaults when the graph has none.
 */
export function feelerParams(graph: { nodes: readonly { kind: string; params: Readonly<Record<string, unknown>> }[] } | undefined): FeelerParams {
  const node = graph?.nodes.find((n) => n.kind === 'wall-avoid');
  const num = (key: keyof FeelerParams, ok: (v: number) => boolean): number => {
    const v = node?.params[key];
    return typeof v === 'number' && Number.isFinite(v) && ok(v) ? v : FEELER_DEFAULTS[key];
  };
  return {
    feelerLength: num('feelerLength', (v) => v > 0),
    sideLength: num('sideLength', (v) => v >= 0),
    angle: num('angle', (v) => v > 0 && v <= 90),
  };
}

/** The solid segments of a scene, `ax, ay, bx, by` each: its solid walls', then the world's edges in bounce mode. */
export function solidSegments(scene: Pick<SceneDocument, 'world'>): number[] {
  const out: number[] = [];
  for (const w of scene.world.walls ?? []) {
    if (w.solid === false) continue;
    const n = w.points.length;
    const m = w.closed && n > 2 ? n : n - 1;
    for (let k = 0; k < m; k++) {
      const a = w.points[k];
      const b = w.points[(k + 1) % n];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) > EPS) out.push(a[0], a[1], b[0], b[1]);
    }
  }
  const { width: W, height: H, edges } = scene.world;
  if (edges === 'bounce') out.push(0, 0, W, 0, W, 0, W, H, W, H, 0, H, 0, H, 0, 0);
  return out;
}

/**
 * The feelers of an agent at `p` with velocity `v` and unit heading `h`, of maximum speed
 * `maxSpeed` and acceleration limit `accel` (maxForce / mass; 0: Buckland's lengths), against
 * `segments` (from {@link solidSegments}). As the kernel, the ahead feeler is never shorter than
 * the braking distance |v|²/(2a) + |v|/2 plus |v| + 2 px, a = 0.8 · accel.
 */
export function wallFeelers(p: readonly [number, number], v: readonly [number, number], h: readonly [number, number], maxSpeed: number, params: FeelerParams, segments: readonly number[], accel = 0): Feelers {
  const speed = Math.hypot(v[0], v[1]);
  let ahead = maxSpeed > 0 ? (params.feelerLength * speed) / maxSpeed : 0;
  const a = 0.8 * accel;
  if (maxSpeed > 0 && speed > 0 && a > 0) ahead = Math.max(ahead, (speed * speed) / (2 * a) + speed * 0.5 + 2 + speed);
  const c = Math.cos((params.angle * Math.PI) / 180);
  const s = Math.sin((params.angle * Math.PI) / 180);
  // perp(h) = (−h.y, h.x)
  const dirs: [number, number, number][] = [
    [h[0], h[1], ahead],
    [h[0] * c - h[1] * s, h[1] * c + h[0] * s, params.sideLength],
    [h[0] * c + h[1] * s, h[1] * c - h[0] * s, params.sideLength],
  ];
  const feelers: Feeler[] = [];
  let nearest = -1;
  let nearestD = Infinity;
  for (const [dx0, dy0, len] of dirs) {
    if (!(len > 0)) continue;
    const dx = dx0 * len;
    const dy = dy0 * len;
    let best = Infinity;
    for (let k = 0; k + 3 < segments.length; k += 4) {
      const ax = segments[k];
      const ay = segments[k + 1];
      const L = Math.hypot(segments[k + 2] - ax, segments[k + 3] - ay);
      const ux = (segments[k + 2] - ax) / L;
      const uy = (segments[k + 3] - ay) / L;
      // s(p) = (p − a)·n̂, n̂ = (−û.y, û.x): an agent on a segment's line does not feel it
      if ((p[0] - ax) * -uy + (p[1] - ay) * ux === 0) continue;
      const den = dx * uy - dy * ux;
      if (den === 0) continue;
      const qx = ax - p[0];
      const qy = ay - p[1];
      const t = (qx * uy - qy * ux) / den;
      const mu = (qx * dy - qy * dx) / den;
      if (t >= 0 && t <= 1 && mu >= -EPS && mu <= L + EPS && t < best) best = t;
    }
    const hit: [number, number] | null = best <= 1 ? [p[0] + dx * best, p[1] + dy * best] : null;
    if (hit && best * len < nearestD) {
      nearestD = best * len;
      nearest = feelers.length;
    }
    feelers.push({ from: [p[0], p[1]], to: [p[0] + dx, p[1] + dy], hit });
  }
  return { feelers, nearest };
}
