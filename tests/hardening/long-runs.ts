/**
 * Long runs, the full length: `npx tsx tests/hardening/long-runs.ts [ticks] [early]` runs every
 * preset's exported module for `ticks` ticks (default 100,000), each in its own
 * `node --expose-gc` process, two at a time (the large flock first: it takes longest), checking
 * every tick that states are finite, agents inside the world and no faster than their maxSpeed,
 * and that the heap after a forced GC at tick `early` (default 10,000) and at the end differ by at
 * most 1 MB. Options: `--only key,key`. Exits 1 on a failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeRun, longRun, pool } from './long-runs-lib';
import { PRESET_KEYS } from './shared';

const args = process.argv.slice(2);
const k = args.indexOf('--only');
const only = k >= 0 ? args.splice(k, 2)[1].split(',') : undefined;
const ticks = Number(args[0] ?? 100_000);
const early = Number(args[1] ?? Math.min(10_000, Math.floor(ticks / 10)));
const keys = (only ?? [...PRESET_KEYS]).sort((a, b) => (a === 'large-flock' ? -1 : b === 'large-flock' ? 1 : a.localeCompare(b)));

const dir = mkdtempSync(path.join(tmpdir(), 'steergraph-long-'));
const t0 = performance.now();
console.log(`${keys.length} presets × ${ticks.toLocaleString('en-US')} ticks (heap compared at tick ${early.toLocaleString('en-US')} and at the end)`);
try {
  const runs = await pool(
    keys.map((key) => async () => {
      const r = await longRun(key, dir, ticks, early);
      console.log(describeRun(r));
      return r;
    }),
    2,
  );
  const failed = runs.filter((r) => !r.ok);
  const total = runs.reduce((n, r) => n + r.ticks, 0);
  const agentTicks = runs.reduce((n, r) => n + r.ticks * r.agents, 0);
  console.log(`${runs.length} presets, ${total.toLocaleString('en-US')} ticks (${agentTicks.toLocaleString('en-US')} agent-ticks), ${failed.length} failed, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  process.exitCode = failed.length ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
