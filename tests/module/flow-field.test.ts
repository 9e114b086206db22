/**
 * Flow fields through the module API, as a game meets them: setFlowField (checked, naming the bad
 * argument, changing nothing), flowField() (a copy), snapshots that carry a game's field and resume
 * bit for bit; in process and through the exported module imported by Node.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { preset } from '../presets/helpers';

type Factory = (options?: WorldOptions) => BehaviorWorld;

const dir = tempDir('steergraph-flow-');
afterAll(() => removeDir(dir));

const doc = preset('river');
const makers: [string, () => Promise<Factory>][] = [
  ['in process', async () => {
    const program = instantiate(compile(doc));
    return (options) => createBehaviorWorld(doc, program, options);
  }],
  ['the exported module', async () => {
    const mod = await importModule(dir, emitModule(doc).js);
    return (options) => mod.createWorld(options);
  }],
];

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

/** A field of 4 × 3 cells of 50 px all pointing up. */
const up = { x: 100, y: 100, cellSize: 50, cols: 4, rows: 3, vectors: Array.from({ length: 24 }, (_, k) => (k % 2 ? -1 : 0)) };

describe.each(makers)('flow fields, %s', (_, make) => {
  it('flowField gives the scene’s field as numbers (a fresh copy), null for an unknown id', async () => {
    const w = (await make())();
    const f = w.flowField('river')!;
    expect([f.id, f.x, f.y, f.cellSize, f.cols, f.rows]).toEqual(['river', 0, 0, 20, 48, 27]);
    expect(f.vectors).toHaveLength(2 * 48 * 27);
    // the river's middle row, far from the rocks, streams right at full speed
    expect(f.vectors[2 * (13 * 48 + 0)]).toBeCloseTo(1, 3);
    f.vectors[0] = 99;
    expect(w.flowField('river')!.vectors[0]).not.toBe(99);
    expect(w.flowField('nope')).toBeNull();
  });

  it('setFlowField replaces the field: the fish then follow it (up)', async () => {
    const w = (await make())();
    w.setFlowField('river', { x: 0, y: 0, cellSize: 60, cols: 16, rows: 9, vectors: new Array(2 * 16 * 9).fill(0).map((_, k) => (k % 2 ? -1 : 0)) });
    w.step(120);
    const v = w.velocities('fish');
    let vy = 0;
    for (let i = 0; i < v.length; i += 2) vy += v[i + 1];
    expect(vy / (v.length / 2)).toBeLessThan(-1.5);
    expect(w.flowField('river')!.cellSize).toBe(60);
  });

  it('setFlowField throws naming the argument and what it accepts, and changes nothing', async () => {
    const w = (await make())();
    const before = JSON.stringify(w.flowField('river'));
    expect(errorOf(() => w.setFlowField('lake' as never, up))).toBe('setFlowField: id: expected the id of one of the scene\'s flow fields ("river"), got "lake"');
    expect(errorOf(() => w.setFlowField('river', { ...up, cellSize: 0 }))).toBe('setFlowField: field.cellSize: expected a number more than 0 and at most 10000000 px, got 0');
    expect(errorOf(() => w.setFlowField('river', { ...up, cols: 2.5 }))).toBe('setFlowField: field.cols: expected a whole number from 0 to 1024, got 2.5');
    expect(errorOf(() => w.setFlowField('river', { ...up, vectors: [1, 2] }))).toBe('setFlowField: field.vectors: expected 24 numbers (vx, vy for each of the 12 cells), got "2 numbers"');
    expect(errorOf(() => w.setFlowField('river', { ...up, vectors: [...up.vectors.slice(0, 7), NaN, ...up.vectors.slice(8)] }))).toBe('setFlowField: field.vectors[7]: expected a number from -1000000 to 1000000 (a fraction of maxSpeed), got NaN');
    expect(errorOf(() => w.setFlowField('river', null as never))).toBe('setFlowField: field: expected a flow field { id, x, y, cellSize, cols, rows, vectors }, got null');
    expect(JSON.stringify(w.flowField('river'))).toBe(before);
  });

  it('a snapshot carries a game’s field, and the resumed world runs bit for bit', async () => {
    const f = await make();
    const a = f();
    a.step(30);
    a.setFlowField('river', up);
    a.step(10);
    const snap = JSON.parse(JSON.stringify(a.snapshot()));
    expect(snap.flowFields).toHaveLength(1);
    const b = f({ snapshot: snap });
    expect(b.flowField('river')).toEqual(a.flowField('river'));
    a.step(50);
    b.step(50);
    expect(Array.from(b.positions('fish'))).toEqual(Array.from(a.positions('fish')));
    // a world whose field the game never set carries none
    expect(f().snapshot().flowFields).toBeUndefined();
  });
});
