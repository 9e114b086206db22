import { describe, expect, it } from 'vitest';
import type { SceneWall } from '../../src/document/types';
import { snapAngle, wallAt, wallClick, wallPointAt } from '../../src/preview/wall-edit';

const walls: SceneWall[] = [
  { id: 'a', points: [[0, 0], [100, 0]], closed: false },
  { id: 'b', points: [[200, 0], [300, 0], [300, 100]], closed: true },
];
const view = { scale: 2, x: 10, y: 10 };

describe('the Walls tool, pure', () => {
  it('snaps a segment to the nearest multiple of 15°, keeping its length', () => {
    expect(snapAngle([0, 0], [100, 3])).toEqual([100, 0]);
    expect(snapAngle([0, 0], [0, -50])).toEqual([0, -50]);
    const [x, y] = snapAngle([10, 10], [110, 70]);
    // 31° → 30°, at the same distance
    expect(Math.hypot(x - 10, y - 10)).toBeCloseTo(Math.hypot(100, 60), 0);
    expect(Math.atan2(y - 10, x - 10) * (180 / Math.PI)).toBeCloseTo(30, 1);
    expect(snapAngle([5, 5], [5, 5])).toEqual([5, 5]);
  });

  it('finds a vertex and a wall in screen px, whatever the zoom', () => {
    // (300, 100) shows at (610, 210)
    expect(wallPointAt(walls, view, 615, 214)).toEqual({ wall: 'b', index: 2 });
    expect(wallPointAt(walls, view, 630, 210)).toBeNull();
    // on the closing segment of b, from (300, 100) back to (200, 0)
    expect(wallAt(walls, view, 510, 113)).toBe('b');
    expect(wallAt(walls, view, 110, 14)).toBe('a');
    expect(wallAt(walls, view, 110, 30)).toBeNull();
  });

  it('a click on a wall selects it; elsewhere it starts one; a point on the last point finishes, on the first closes', () => {
    expect(wallClick(walls, [], null, view, 110, 12, false)).toEqual({ draft: [], edit: null, selected: 'a' });
    expect(wallClick(walls, [], 'a', view, 110, 300, false)).toEqual({ draft: [[50, 145]], edit: null, selected: null });
    const draft = [[50, 145], [90, 145], [90, 190]] as const;
    expect(wallClick(walls, draft, null, view, 190, 390, false).edit).toEqual({ kind: 'add-wall', points: draft, closed: false });
    expect(wallClick(walls, draft, null, view, 110, 300, false).edit).toEqual({ kind: 'add-wall', points: draft, closed: true });
    // with two points, the first one is only a point (a wall of two points cannot close)
    expect(wallClick(walls, draft.slice(0, 2), null, view, 110, 300, false).draft).toHaveLength(3);
    // on the selected wall's segment: a vertex inserted there; Alt on a vertex removes it
    expect(wallClick(walls, [], 'a', view, 110, 12, false)).toEqual({ draft: [], edit: { kind: 'insert-wall-point', wall: 'a', index: 1, x: 50, y: 0 }, selected: 'a' });
    expect(wallClick(walls, [], 'a', view, 610, 210, false, true)).toEqual({ draft: [], edit: { kind: 'remove-wall-point', wall: 'b', index: 2 }, selected: 'b' });
    expect(wallClick(walls, [], 'a', view, 610, 210, false)).toEqual({ draft: [], edit: null, selected: 'b' });
    // while drawing, a click on another wall adds a point there
    expect(wallClick(walls, draft, 'a', view, 110, 12, false)).toEqual({ draft: [...draft, [50, 1]], edit: null, selected: 'a' });
  });
});
