/**
 * One benchmark configuration of our flock in this process, measured with the peer benchmark's own
 * harness (../shared/peers/common.mjs: same warm-up, tick count and allocation accounting), printed
 * as one JSON row. Run by bench/run.mjs in a fresh process per configuration.
 *
 *   node --import tsx bench/ours.ts --n 10000 [--engine kernels] [--ticks 100 --minTicks 30 --budgetS 20 --maxRunS 60 --warmup 0] --json
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { peersDir } from './peers.mjs';
import { benchStep, benchWorld, BENCH } from './flock-world';
import type { World } from '../runtime/world';

const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const n = Number(arg('n', '10000'));
const engine = arg('engine', 'kernels');

const common = await import(pathToFileURL(path.join(peersDir(), 'common.mjs')).href);

/** Neighbours within sight, summed over agents, in the current state (untimed; the next step rebuilds the grid anyway). */
function neighborTotal(w: World): number {
  const a = w.types[0];
  const G = a.grid!;
  G.rebuild(a.pos, a.vel, a.count);
  const r2 = BENCH.sight * BENCH.sight;
  const reach = G.reach(BENCH.sight);
  let total = 0;
  for (let k = 0; k < G.n; k++) {
    const x = G.pos[2 * k];
    const y = G.pos[2 * k + 1];
    const cx = G.col(x);
    const cy = G.row(y);
    for (let ry = Math.max(0, cy - reach); ry <= Math.min(G.ny - 1, cy + reach); ry++) {
      for (let rx = Math.max(0, cx - reach); rx <= Math.min(G.nx - 1, cx + reach); rx++) {
        const c = ry * G.nx + rx;
        for (let j = G.cellStart[c]; j < G.cellStart[c + 1]; j++) {
          const dx = G.pos[2 * j] - x;
          const dy = G.pos[2 * j + 1] - y;
          if (j !== k && dx * dx + dy * dy < r2) total++;
        }
      }
    }
  }
  return total;
}

function makeSim() {
  if (engine !== 'kernels') throw new Error(`unknown engine ${engine}`);
  const w = benchWorld(n);
  return {
    n,
    step: () => benchStep(w),
    neighborTotal: () => neighborTotal(w),
    checksum: () => {
      let s = 0;
      const p = w.types[0].pos;
      for (let i = 0; i < n; i++) s += p[2 * i] * 1e-3 + p[2 * i + 1] * 1e-6;
      return s;
    },
  };
}

const res = common.runMeasurement(makeSim(), {
  ticks: Number(arg('ticks', '100')),
  minTicks: Number(arg('minTicks', '30')),
  budgetS: Number(arg('budgetS', '20')),
  maxRunS: Number(arg('maxRunS', '60')),
  warmup: Number(arg('warmup', '0')),
  gcprof: arg('gcprof', 'true') !== 'false',
});
process.stdout.write(JSON.stringify({ engine: `steergraph-${engine}`, ...res, n }) + '\n');
