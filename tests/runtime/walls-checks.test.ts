import { describe, expect, it } from 'vitest';
import { LIMITS, World } from '../../runtime/world';
import { spec } from './helpers';

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

const build = (walls: unknown) => errorOf(() => new World(spec({}, { walls: walls as never })));
const set = (walls: unknown) => errorOf(() => new World(spec()).setWalls(walls as never));

describe('walls: what a world accepts (construction and setWalls)', () => {
  it('accepts polylines, polygons and regions', () => {
    const walls = [
      { id: 'a', points: [[0, 0], [10, 0]], closed: false },
      { id: 'b', points: [[0, 0], [10, 0], [10, 10]], closed: true, solid: false },
    ];
    expect(build(walls)).toBe('no error');
    expect(set(walls)).toBe('no error');
  });

  it('names the bad entry', () => {
    const ok = { id: 'a', points: [[0, 0], [10, 0]], closed: false };
    for (const f of [build, set]) {
      expect(f({})).toBe('walls: expected an array of walls { id, points, closed, solid? }, got an object');
      expect(f([ok, null])).toBe('walls[1]: expected a wall { id, points, closed, solid? }, got null');
      expect(f([{ ...ok, id: 3 }])).toBe('walls[0].id: expected a string, got 3');
      expect(f([ok, ok])).toBe('walls[1].id: expected an id no other wall has, got "a"');
      expect(f([{ ...ok, closed: 1 }])).toBe('walls[0].closed: expected true or false, got 1');
      expect(f([{ ...ok, solid: 'yes' }])).toBe('walls[0].solid: expected true, false or nothing, got "yes"');
      expect(f([{ ...ok, points: 'p' }])).toBe('walls[0].points: expected an array of [x, y], got "p"');
      expect(f([{ ...ok, points: [[0, 0]] }])).toBe('walls[0].points: expected at least 2 points, got 1');
      expect(f([{ ...ok, closed: true }])).toBe('walls[0].points: expected at least 3 points (a closed wall), got 2');
      expect(f([ok, { id: 'b', closed: false, points: [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, NaN]] }])).toBe(
        'walls[1].points[5][1]: expected a finite number, got NaN',
      );
      expect(f([{ ...ok, points: [[0, 0], [2e7, 0]] }])).toBe(`walls[0].points[1][0]: expected a number from -${LIMITS.coordinate} to ${LIMITS.coordinate} px, got 20000000`);
      expect(f([{ ...ok, points: [[0, 0], [1]] }])).toBe('walls[0].points[1]: expected a point [x, y], got an array');
      // eslint-disable-next-line no-sparse-arrays
      expect(f([{ ...ok, points: [[0, 0], , [1, 1]] }])).toBe('walls[0].points[1]: expected a point [x, y], got a hole in the array');
    }
  });

  it('holds the loader limits: walls, points per wall, points in all', () => {
    const seg = (k: number) => ({ id: `w${k}`, points: [[0, 0], [1, 1]], closed: false });
    expect(set(Array.from({ length: LIMITS.walls + 1 }, (_, k) => seg(k)))).toBe(`walls: expected at most ${LIMITS.walls} walls, got ${LIMITS.walls + 1}`);
    const pts = (n: number) => Array.from({ length: n }, (_, j) => [j, 0]);
    expect(set([{ id: 'a', points: pts(LIMITS.pointsPerWall + 1), closed: false }])).toBe(
      `walls[0].points: expected at most ${LIMITS.pointsPerWall} points, got ${LIMITS.pointsPerWall + 1}`,
    );
    const many = Array.from({ length: 6 }, (_, k) => ({ id: `w${k}`, points: pts(LIMITS.pointsPerWall), closed: false }));
    expect(set(many)).toBe(`walls[5].points: expected at most ${LIMITS.wallPoints} points in all walls together, got ${6 * LIMITS.pointsPerWall}`);
    expect(LIMITS.walls).toBe(2000);
    expect(LIMITS.pointsPerWall).toBe(10_000);
    expect(LIMITS.wallPoints).toBe(50_000);
  });
});
