/**
 * Walls in the scene document (version 3): what the loader reads and refuses, how the saver writes
 * them, the limits, and edits past a limit.
 */
import { describe, expect, it } from 'vitest';
import { limitsExceeded } from '../../src/document/commands';
import { formatLoadError } from '../../src/document/errors';
import { History } from '../../src/document/history';
import { loadScene, validateScene } from '../../src/document/load';
import { LIMITS } from '../../src/document/schema';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument, SceneWall } from '../../src/document/types';
import { sampleScene } from './helpers';

/** The sample scene with these walls. */
function withWalls(walls: unknown): SceneDocument {
  const doc = sampleScene();
  (doc.world as { walls?: unknown }).walls = walls;
  return doc;
}

function errorsOf(value: unknown): string[] {
  const r = validateScene(value);
  return r.ok ? [] : r.errors.map(formatLoadError);
}

/** `list` with a hole at `at` (a sparse array). */
function holed<T>(list: T[], at: number): T[] {
  const out = list.slice();
  delete out[at];
  return out;
}

const room: SceneWall = { id: 'room', points: [[100, 100], [300, 100], [300, 250]], closed: true };
const fence: SceneWall = { id: 'fence', points: [[0, 400], [800, 400]], closed: false, solid: false };

describe('walls in a scene file', () => {
  it('load as they were saved, in the key order id, points, closed, solid, after the targets', () => {
    const doc = withWalls([room, fence]);
    const text = serializeScene(doc);
    expect(loadScene(text)).toStrictEqual({ ok: true, doc, warnings: [] });
    expect(text).toContain(`"targets": [
      {
        "name": "gate",
        "x": 780,
        "y": 20
      }
    ],
    "walls": [
      {
        "id": "room",
        "points": [
          [100, 100],
          [300, 100],
          [300, 250]
        ],
        "closed": true
      },
      {
        "id": "fence",
        "points": [
          [0, 400],
          [800, 400]
        ],
        "closed": false,
        "solid": false
      }
    ]
  },`);
  });

  it('are left out when there are none, so a scene without walls saves as before', () => {
    const none = serializeScene(sampleScene());
    expect(none).not.toContain('walls');
    expect(serializeScene(withWalls([]))).toBe(none);
    // An empty list in a file loads as none, and `solid: true` (the default) as absent: what loads saves and loads the same.
    const loaded = loadScene(JSON.stringify(withWalls([{ ...room, solid: true }, fence])));
    expect(loaded.ok && loaded.doc.world.walls).toStrictEqual([room, fence]);
    const empty = loadScene(JSON.stringify(withWalls([])));
    expect(empty.ok && Object.hasOwn(empty.doc.world, 'walls')).toBe(false);
  });

  it('refuse what is not a wall, saying what and where', () => {
    const cases: [unknown, string][] = [
      ['walls', 'world.walls: expected a list of walls, got "walls"'],
      [[[0, 0]], 'world.walls[0]: expected a wall: an object { id, points, closed }, got a list of 2 items'],
      [[{ ...room, id: '1st' }], 'world.walls[0].id: expected an id: a letter or _, then up to 63 letters, digits, _ or -, got "1st"'],
      [[{ points: room.points, closed: true }], 'world.walls[0].id: missing; expected an id: a letter or _, then up to 63 letters, digits, _ or -'],
      [[{ ...room, points: 'square' }], 'world.walls[0].points: expected a list of points [x, y], got "square"'],
      [[{ ...room, points: [[0, 0], [1, 1], [2, NaN]] }], 'world.walls[0].points[2][1]: expected a number from -10000000 to 10000000 px, got NaN'],
      [[fence, { ...room, points: [[0, 0], [1, 1], [2, 2], [3, 4], [2e7, 0]] }], 'world.walls[1].points[4][0]: expected a number from -10000000 to 10000000 px, got 20000000'],
      [[{ ...room, points: [[0, 0], [1], [2, 2]] }], 'world.walls[0].points[1][1]: expected a number from -10000000 to 10000000 px, got nothing'],
      [[{ ...room, points: [[0, 0], [1, 1, 1], [2, 2]] }], 'world.walls[0].points[1]: expected a point [x, y], got a list of 3 items'],
      // Holes: sparse lists, as values (JSON has none).
      [[{ ...room, points: holed([[0, 0], [1, 1], [2, 2]], 1) }], 'world.walls[0].points[1]: expected a point [x, y], got nothing'],
      [holed([fence, room], 1), 'world.walls[1]: expected a wall: an object { id, points, closed }, got nothing'],
      [[{ ...fence, points: [[0, 0]] }], 'world.walls[0].points: expected at least 2 points, got a list of 1 item'],
      [[{ ...room, points: [] }], 'world.walls[0].points: expected at least 2 points, got an empty list'],
      [[{ ...room, points: [[0, 0], [5, 5]] }], 'world.walls[0].points: expected at least 3 points for a closed wall (a polygon), got 2'],
      [[{ ...room, closed: 'yes' }], 'world.walls[0].closed: expected true or false, got "yes"'],
      [[{ id: 'w', points: room.points }], 'world.walls[0].closed: missing; expected true or false'],
      [[{ ...room, solid: 1 }], 'world.walls[0].solid: expected true or false, got 1'],
      [[{ ...room, loop: true }], 'world.walls[0].loop: unknown field'],
    ];
    for (const [walls, message] of cases) expect(errorsOf(withWalls(walls)), message).toEqual([message]);
  });

  it('refuse a repeated id, naming both walls', () => {
    expect(errorsOf(withWalls([room, fence, { ...fence, id: 'room' }]))).toEqual(['world.walls[2].id: duplicate wall id "room": world.walls[0] has it already']);
    // A wall may share its id with a path or a target.
    expect(errorsOf(withWalls([{ ...room, id: 'patrol' }, { ...fence, id: 'gate' }]))).toEqual([]);
  });

  it(`allow ${LIMITS.walls.toLocaleString('en-US')} walls, ${LIMITS.pointsPerWall.toLocaleString('en-US')} points per wall and ${LIMITS.wallPoints.toLocaleString('en-US')} in all`, () => {
    const walls = (n: number, points = 2): SceneWall[] =>
      Array.from({ length: n }, (_, k) => ({ id: `w${k}`, points: Array.from({ length: points }, (_, j) => [k, j] as [number, number]), closed: false }));
    expect(errorsOf(withWalls(walls(LIMITS.walls)))).toEqual([]);
    expect(errorsOf(withWalls(walls(LIMITS.walls + 1)))).toEqual(['world.walls: too many walls: 2001 (the limit is 2000)']);
    expect(errorsOf(withWalls(walls(1, LIMITS.pointsPerWall)))).toEqual([]);
    expect(errorsOf(withWalls([fence, ...walls(1, LIMITS.pointsPerWall + 1)]))).toEqual(['world.walls[1].points: too many points: 10001 (the limit is 10000 per wall)']);
    const full = walls(LIMITS.wallPoints / LIMITS.pointsPerWall, LIMITS.pointsPerWall);
    expect(errorsOf(withWalls(full))).toEqual([]);
    expect(errorsOf(withWalls([...full, { ...fence, id: 'one-more' }]))).toEqual(['world.walls: too many points in all walls: 50002 (the limit is 50000)']);
  });

  it('an edit past a wall limit is refused, saying which', () => {
    const h = new History(withWalls([room]));
    const many = Array.from({ length: LIMITS.walls + 1 }, (_, k) => ({ ...fence, id: `w${k}` }));
    expect(h.apply((d) => ({ ...d, world: { ...d.world, walls: many } }))).toBe(false);
    expect(h.refused).toBe('Not done: the scene would have more than 2,000 walls (more than a scene file may hold).');
    const long = { ...fence, points: Array.from({ length: LIMITS.pointsPerWall + 1 }, (_, j) => [j, 0] as [number, number]) };
    expect(limitsExceeded(withWalls([long]))).toEqual(['more than 10,000 points on wall "fence"']);
    const total = Array.from({ length: 6 }, (_, k) => ({ ...long, id: `w${k}`, points: long.points.slice(0, LIMITS.pointsPerWall) }));
    expect(limitsExceeded(withWalls(total))).toEqual(['more than 50,000 points in all walls']);
    expect(limitsExceeded(withWalls(total.slice(1)))).toEqual([]);
  });
});
