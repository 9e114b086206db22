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
});
