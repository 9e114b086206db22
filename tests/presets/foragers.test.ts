/**
 * The Foragers preset: foragers go to the food, eat there for at least 90 ticks, carry it home and
 * repeat; examples/foragers.mjs, run against the exported module, counts the deliveries through
 * world.transitions(), and the count matches the states read tick by tick.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { moduleSource } from '../../src/compiler/module';
import { distTo, importModule, preset, removeDir, tempDir, worldOf } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const dir = tempDir();
afterAll(() => removeDir(dir));

/** Deliveries counted from the states alone: agents whose state went from "home" to "to-food" in a tick. */
function countByStates(w: ReturnType<typeof worldOf>, ticks: number): number {
  const names = w.stateNames('forager');
  const [toFood, home] = [names.indexOf('to-food'), names.indexOf('home')];
  let before = Uint8Array.from(w.states('forager'));
  let count = 0;
  for (let t = 0; t < ticks; t++) {
    w.step();
    const now = w.states('forager');
    for (let i = 0; i < now.length; i++) if (before[i] === home && now[i] === toFood) count++;
    before = Uint8Array.from(now);
  }
  return count;
}

describe('foragers', () => {
  it('the example counts deliveries through transitions(), the same count the states give, and it grows', async () => {
    const doc = preset('foragers');
    writeFileSync(path.join(dir, 'foragers.behavior.js'), moduleSource(doc, compile(doc)));
    copyFileSync(path.join(root, 'examples/foragers.mjs'), path.join(dir, 'foragers.mjs'));
    const run = (ticks: number) => {
      const out = execFileSync(process.execPath, [path.join(dir, 'foragers.mjs'), String(ticks)], { encoding: 'utf8' });
      const m = /^deliveries after (\d+) ticks: (\d+)\n$/.exec(out);
      expect(m, out).not.toBeNull();
      expect(Number(m![1])).toBe(ticks);
      return Number(m![2]);
    };
    const minute = run(3600);
    const two = run(7200);
    // measured: 56 deliveries in a minute, 5 or 6 per forager
    expect(minute).toBeGreaterThan(30);
    expect(two).toBeGreaterThan(minute + 30);
    const m = await importModule(dir, 'foragers-direct', moduleSource(doc, compile(doc)));
    expect(countByStates(m.createWorld(), 3600)).toBe(minute);
    expect(countByStates(worldOf(doc), 7200)).toBe(two);
  });

  it('each forager eats at the food for at least 90 ticks, then delivers at the nest, and does it again', () => {
    const doc = preset('foragers');
    const [food, nest] = ['food', 'nest'].map((n) => doc.world.targets.find((t) => t.name === n)!);
    const w = worldOf(doc);
    const n = w.positions('forager').length / 2;
    const entered = new Array(n).fill(-1);
    const delivered = new Array(n).fill(0);
    for (let t = 0; t < 3600; t++) {
      w.step();
      const p = w.positions('forager');
      for (const e of w.transitions()) {
        if (e.to === 'eat') {
          entered[e.index] = e.tick;
          expect(distTo(p, e.index, food.x, food.y)).toBeLessThan(35);
        }
        if (e.from === 'eat') expect(e.tick - entered[e.index], `forager ${e.index}`).toBeGreaterThanOrEqual(90);
        if (e.from === 'home') {
          expect(e.to).toBe('to-food');
          expect(distTo(p, e.index, nest.x, nest.y)).toBeLessThan(35);
          delivered[e.index]++;
        }
      }
    }
    // measured: 5 or 6 each in a minute
    expect(Math.min(...delivered)).toBeGreaterThanOrEqual(3);
  });
});
