/**
 * Long runs, shortened for the test suite: every preset's exported module for 10,000 ticks (the
 * 5,000-agent large flock for 1,000), each in its own `node --expose-gc` process, checking every
 * tick that states are finite, agents inside the world and no faster than their maxSpeed, and that
 * the heap after a forced GC at a tenth of the run and at its end differ by at most 1 MB; that every
 * agent is always in one of its type's states and the transitions logged name them; and that the
 * last tenth of the run (at most 1,000 ticks), resumed from a snapshot, ends bit for bit alike. The full
 * length (100,000 ticks each) is `npx tsx tests/hardening/long-runs.ts`; HARDENING_LONG_TICKS
 * lengthens this one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRun, longRun, pool, type LongRun } from './long-runs-lib';
import { PRESET_KEYS } from './shared';

const TICKS = Number(process.env.HARDENING_LONG_TICKS ?? 10_000);
const LARGE = 'large-flock';
const dir = mkdtempSync(path.join(tmpdir(), 'steergraph-long-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('long runs of every preset through its exported module', () => {
  it(`${PRESET_KEYS.length} presets: ${TICKS.toLocaleString('en-US')} ticks (${LARGE}: ${(TICKS / 10).toLocaleString('en-US')})`, async () => {
    const keys = [LARGE, ...PRESET_KEYS.filter((k) => k !== LARGE)];
    const runs: LongRun[] = await pool(
      keys.map((key) => () => {
        const ticks = key === LARGE ? TICKS / 10 : TICKS;
        return longRun(key, dir, ticks, ticks / 10);
      }),
      2,
    );
    console.log(runs.map(describeRun).join('\n'));
    expect(runs.map((r) => r.key).sort()).toEqual([...PRESET_KEYS].sort());
    expect(runs.filter((r) => !r.ok).map(describeRun)).toEqual([]);
    // The presets with states change states in their long runs (every-node's hawk hunts and perches).
    const stateful = runs.flatMap((r) => Object.entries(r.states).filter(([, s]) => s.names.length > 1).map(([id, s]) => ({ key: r.key, id, ...s })));
    expect(stateful.map((s) => `${s.key}/${s.id}`)).toContain('every-node/hawk');
    expect(stateful.find((s) => s.key === 'every-node' && s.id === 'hawk')).toMatchObject({ visited: ['hunting', 'perched'] });
    expect(stateful.every((s) => s.transitions > 0), JSON.stringify(stateful)).toBe(true);
  }, 600_000);
});
