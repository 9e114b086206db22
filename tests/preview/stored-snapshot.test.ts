import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../runtime/api';
import { loadSnapshot, storeSnapshot, storedBytes } from '../../src/preview/stored-snapshot';
import { PRESET_KEYS, preset, worldOf } from '../presets/helpers';

describe('stored snapshots (the replay recording keeps its keyframes this way)', () => {
  it.each(PRESET_KEYS)('%s: a stored snapshot loads back equal, and resumes the same run', (key) => {
    const doc = preset(key);
    const world = worldOf(doc);
    world.step(key === 'large-flock' ? 5 : 40);
    const snap = world.snapshot();
    const stored = storeSnapshot(snap);
    const back = loadSnapshot(stored);
    expect(back).toEqual(snap);
    expect(JSON.stringify(back)).toBe(JSON.stringify(snap));
    // the numbers live in one typed array, about 8 bytes each
    expect(stored.numbers.length).toBeGreaterThan(0);
    expect(storedBytes(stored)).toBeGreaterThanOrEqual(stored.numbers.byteLength);
    // the stored snapshot is not tied to the one it came from
    snap.rng[0] = 12345;
    expect(loadSnapshot(stored)).toEqual(back);
  });

  it('keeps −0 apart from 0, and optional fields (this tick’s forces) as they were', () => {
    const world = worldOf(preset(PRESET_KEYS[0]));
    world.step(3);
    const snap = world.snapshot() as Snapshot;
    const [id] = Object.keys(snap.types);
    const t = snap.types[id];
    // a velocity of −0 packs as { values, negativeZero }
    t.vel = { values: [0, 1, 0, 2], negativeZero: [0, 2] };
    t.force = [0.5, -0.25];
    const back = loadSnapshot(storeSnapshot(snap));
    expect(back.types[id].vel).toEqual({ values: [0, 1, 0, 2], negativeZero: [0, 2] });
    expect(back.types[id].force).toEqual([0.5, -0.25]);
    expect(back).toEqual(snap);
  });

  it('keeps entries whose id is "__proto__" (a valid id) as entries, not as a prototype', () => {
    // a type of a preset whose nodes keep memory (a Wander, say)
    const world = worldOf(preset('every-node'));
    world.step(3);
    const snap = world.snapshot();
    const id = Object.keys(snap.types).find((k) => Object.keys(snap.types[k].memory).length > 0)!;
    const t = snap.types[id];
    const [node] = Object.keys(t.memory);
    expect(node).toBeDefined();
    // a type, a node and a target named "__proto__", as runtime/api.ts writes them (own properties)
    const own = <T>(o: Record<string, T>, k: string, v: T) => Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    const memory = {};
    own(memory, '__proto__', t.memory[node]);
    const types = {};
    own(types, '__proto__', { ...t, memory });
    const targets = {};
    own(targets, '__proto__', [1, 2]);
    const odd = { ...snap, types, targets } as Snapshot;
    const back = loadSnapshot(storeSnapshot(odd));
    expect(Object.keys(back.types)).toEqual(['__proto__']);
    expect(Object.keys(back.targets)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(back.types)).toBe(Object.prototype);
    expect(back.targets.__proto__).toEqual([1, 2]);
    expect(Object.keys(back.types.__proto__.memory)).toEqual(['__proto__']);
    expect(back.types.__proto__.memory.__proto__).toEqual(t.memory[node]);
    expect(JSON.stringify(back)).toBe(JSON.stringify(odd));
  });
});
