/**
 * What is under the mouse on the preview's canvas, pure: the edited path's waypoints, the target
 * markers and the obstacles (topmost first), and where a grabbed thing is now. Screen points are
 * CSS px of the canvas; the slop is in screen px, so grabbing feels the same at every zoom.
 */
import { TARGET_MARKER_PX, type Hot } from './draw';
import { pointAt, type EditedPath } from './path-edit';
import type { SceneWall } from '../document/types';
import { toScreen, toWorld, type View } from './view';
import { wallPointAt } from './wall-edit';

/** Extra hit radius around obstacles and target markers, CSS px. */
export const HIT_SLOP_PX = 4;

/** Live obstacles: x, y, r, vx, vy per circle. */
export interface LiveObstacles {
  readonly data: ArrayLike<number>;
  readonly count: number;
}

/** What the canvas shows that can be grabbed. */
export interface Grabbable {
  readonly view: View;
  /** The walls whose vertices can be grabbed (the Walls tool is on: they come first), or null. */
  readonly walls?: readonly SceneWall[] | null;
  /** The path being edited (its points come next), or null. */
  readonly edited: EditedPath | null;
  /** The targets, or null when their overlay is off (they cannot be grabbed then). */
  readonly targets: ReadonlyMap<string, readonly [number, number]> | null;
  /** The obstacles, or null when their overlay is off. */
  readonly obstacles: LiveObstacles | null;
}

const _s: [number, number] = [0, 0];
const _w: [number, number] = [0, 0];

/** The wall's vertex (Walls tool), the edited path's point, target or obstacle under screen point (sx, sy), topmost first; null for none. */
export function hitTest(g: Grabbable, sx: number, sy: number): Hot {
  const v = g.view;
  if (g.walls) {
    const p = wallPointAt(g.walls, v, sx, sy);
    if (p) return { kind: 'wall-point', wall: p.wall, index: p.index };
  }
  if (g.edited) {
    const k = pointAt(g.edited.points, v, sx, sy);
    if (k >= 0) return { kind: 'path-point', path: g.edited.id, index: k };
  }
  if (g.targets) {
    let best: Hot = null;
    let bestD = (TARGET_MARKER_PX + HIT_SLOP_PX) ** 2;
    for (const [name, [x, y]] of g.targets) {
      toScreen(_s, v, x, y);
      const d = (_s[0] - sx) ** 2 + (_s[1] - sy) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = { kind: 'target', name };
      }
    }
    if (best) return best;
  }
  if (g.obstacles) {
    const { data, count } = g.obstacles;
    toWorld(_w, v, sx, sy);
    const slop = HIT_SLOP_PX / v.scale;
    for (let k = count - 1; k >= 0; k--) {
      const dx = _w[0] - data[5 * k];
      const dy = _w[1] - data[5 * k + 1];
      const r = data[5 * k + 2] + slop;
      if (dx * dx + dy * dy <= r * r) return { kind: 'obstacle', index: k };
    }
  }
  return null;
}

/** Where the grabbed thing is now (world px); (0, 0) when it is gone. */
export function grabPosition(
  grab: NonNullable<Hot>,
  targets: ReadonlyMap<string, readonly [number, number]>,
  edited: EditedPath | null,
  obstacles: LiveObstacles,
  walls: readonly SceneWall[] = [],
): [number, number] {
  if (grab.kind === 'wall-point') {
    const p = walls.find((w) => w.id === grab.wall)?.points[grab.index];
    return p ? [p[0], p[1]] : [0, 0];
  }
  if (grab.kind === 'target') {
    const t = targets.get(grab.name);
    return t ? [t[0], t[1]] : [0, 0];
  }
  if (grab.kind === 'path-point') {
    const p = edited?.points[grab.index];
    return p ? [p[0], p[1]] : [0, 0];
  }
  return [obstacles.data[5 * grab.index], obstacles.data[5 * grab.index + 1]];
}

/** Whether two hits are the same thing. */
export function sameHot(a: Hot, b: Hot): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'target') return b.kind === 'target' && a.name === b.name;
  if (a.kind === 'path-point') return b.kind === 'path-point' && a.path === b.path && a.index === b.index;
  if (a.kind === 'wall-point') return b.kind === 'wall-point' && a.wall === b.wall && a.index === b.index;
  return b.kind === 'obstacle' && a.index === b.index;
}
