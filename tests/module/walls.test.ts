/**
 * Walls through the module API, as a game meets them: setWalls (checked, naming the bad entry),
 * walls() (a copy), snapshots that carry a game's walls and resume bit for bit, old snapshots
 * without walls, and agents that do not pass through walls. In process and through the exported
 * module imported by Node.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld, type Snapshot, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { WALLS, walledScene } from '../fixtures/walled-scene';
import { transferWorld } from '../../src/preview/transfer';

type Factory = (options?: WorldOptions) => BehaviorWorld;
type Make = (doc: SceneDocument) => Promise<Factory>;

const dir = tempDir('steergraph-walls-');
afterAll(() => removeDir(dir));

const inProcess: Make = async (doc) => {
  const program = instantiate(compile(doc));
  return (options) => createBehaviorWorld(doc, program, options);
};
const imported: Make = async (doc) => {
  const mod = await importModule(dir, emitModule(doc).js);
  return (options) => mod.createWorld(options);
};

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

function bits(w: BehaviorWorld): string[] {
  return w.types.map((id) => Array.from(w.positions(id)).concat(Array.from(w.velocities(id))).map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(','));
}

/** A gate the seekers of the pointer cannot pass: a vertical wall across the whole world at x = 400. */
const GATE = [{ id: 'gate', points: [[400, -10], [400, 610]] as [number, number][], closed: false }];

describe.each([
  ['in process', inProcess],
  ['imported module', imported],
] as const)('%s', (_, make) => {
  it('setWalls refuses bad walls, naming setWalls and the entry, and changes nothing', async () => {
    const create = await make(walledScene());
    const w = create();
    expect(errorOf(() => w.setWalls({} as never))).toBe('setWalls: walls: expected an array of walls { id, points, closed, solid? }, got an object');
    expect(errorOf(() => w.setWalls([{ id: 'a', points: [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 'x' as never]], closed: false }]))).toBe(
      'setWalls: walls[0].points[5][1]: expected a finite number, got "x"',
    );
    expect(errorOf(() => w.setWalls([GATE[0], GATE[0]]))).toBe('setWalls: walls[1].id: expected an id no other wall has, got "gate"');
    expect(errorOf(() => w.setWalls([{ id: 'b', points: [[0, 0], [1, 0]], closed: true }]))).toBe('setWalls: walls[0].points: expected at least 3 points (a closed wall), got 2');
    expect(w.walls().map((x) => x.id)).toEqual(WALLS.map((x) => x.id));
  });

  it('walls() gives a fresh copy of the walls as given', async () => {
    const create = await make(walledScene());
    const w = create();
    expect(w.walls()).toEqual(WALLS.map((x) => ({ ...x, solid: x.solid !== false })));
    const copy = w.walls();
    copy[0].points[0][0] = 999;
    copy.pop();
    expect(w.walls()[0].points[0][0]).toBe(200);
    expect(w.walls().length).toBe(4);
    w.setWalls(GATE);
    expect(w.walls()).toEqual([{ ...GATE[0], solid: true }]);
    w.setWalls([]);
    expect(w.walls()).toEqual([]);
  });

  it('a wall set by the game stops the agents: none of the seekers crosses it', async () => {
    const create = await make(walledScene());
    const w = create();
    w.setWalls(GATE);
    const side = (x: number) => (x < 400 ? -1 : 1);
    const start = Array.from(w.positions('seeker').filter((_, k) => k % 2 === 0), side);
    for (let t = 0; t < 600; t++) {
      // the pointer swings from one side to the other: the seekers press against the gate
      w.setPointer(t % 200 < 100 ? 50 : 750, 300);
      w.step();
      expect(Array.from(w.positions('seeker').filter((_, k) => k % 2 === 0), side)).toEqual(start);
    }
    // they did go to the gate: each is within a step of it at some point
    const xs = Array.from(w.positions('seeker').filter((_, k) => k % 2 === 0));
    expect(xs.some((x) => Math.abs(x - 400) < 10)).toBe(true);
  });

  it('a snapshot carries the game’s walls and resumes bit for bit, also through JSON', async () => {
    const create = await make(walledScene());
    const w = create();
    w.step(50);
    expect(w.snapshot().walls).toBeUndefined(); // the scene's walls: not carried
    w.setWalls([...GATE, { id: 'ring', points: [[500, 200], [560, 200], [560, 260], [500, 260]], closed: true }]);
    for (let t = 0; t < 50; t++) {
      w.setPointer((t * 53) % 800, (t * 29) % 600);
      w.step();
    }
    const snap = w.snapshot();
    expect(snap.walls?.map((x) => x.id)).toEqual(['gate', 'ring']);
    const resumed = create({ snapshot: JSON.parse(JSON.stringify(snap)) as Snapshot });
    expect(resumed.walls()).toEqual(w.walls());
    for (let t = 0; t < 300; t++) {
      for (const x of [w, resumed]) {
        x.setPointer((t * 37) % 800, (t * 13) % 600);
        x.step();
      }
    }
    expect(bits(resumed)).toEqual(bits(w));
    expect(resumed.snapshot()).toEqual(w.snapshot());
    // a snapshot without walls (as before walls existed) resumes with the scene's walls
    const old = JSON.parse(JSON.stringify(snap)) as Snapshot;
    delete old.walls;
    expect(create({ snapshot: old }).walls().map((x) => x.id)).toEqual(WALLS.map((x) => x.id));
    // setWalls([]) travels too
    w.setWalls([]);
    expect(create({ snapshot: w.snapshot() }).walls()).toEqual([]);
  });

  it('refuses a snapshot with bad walls, naming the entry', async () => {
    const create = await make(walledScene());
    const w = create();
    w.setWalls(GATE);
    const snap = JSON.parse(JSON.stringify(w.snapshot())) as Snapshot;
    (snap.walls as unknown as { points: number[][] }[])[0].points[1][0] = 1e9;
    expect(errorOf(() => create({ snapshot: snap }))).toBe('createWorld: snapshot.walls[0].points[1][0]: expected a number from -10000000 to 10000000 px, got 1000000000');
    (snap as { walls: unknown }).walls = 'none';
    expect(errorOf(() => create({ snapshot: snap }))).toBe('createWorld: snapshot.walls: expected an array of walls { id, points, closed, solid? }, got "none"');
  });

  it('setWalls and walls are bound', async () => {
    const create = await make(walledScene());
    const { setWalls, walls } = create();
    setWalls(GATE);
    expect(walls().map((x) => x.id)).toEqual(['gate']);
  });
});

describe('the preview’s hand-over (a hot swap)', () => {
  it('keeps a game’s walls, as a snapshot does, and the runs go on bit for bit', async () => {
    const doc = walledScene();
    const mod = await importModule(dir, emitModule(doc).js);
    const from = mod.createWorld();
    from.step(30);
    const scenes = transferWorld(mod, from, from.types);
    expect(scenes?.walls()).toEqual(from.walls()); // the scene's walls, untouched
    from.setWalls(GATE);
    from.step(20);
    const to = transferWorld(mod, from, from.types)!;
    const resumed = mod.createWorld({ snapshot: from.snapshot() });
    expect(to.walls()).toEqual([{ ...GATE[0], solid: true }]);
    expect(to.snapshot()).toEqual(resumed.snapshot());
    for (const w of [from, to, resumed]) {
      for (let t = 0; t < 100; t++) {
        w.setPointer(t % 50 < 25 ? 50 : 750, 300);
        w.step();
      }
    }
    expect(bits(to)).toEqual(bits(from));
    expect(bits(resumed)).toEqual(bits(from));
  });
});
