// One benchmark configuration of an EXPORTED behaviour module, in plain Node (no TypeScript loader,
// no hooks: the module text runs exactly as a game would import it), measured with the peer
// benchmark's own harness (../shared/peers/common.mjs runMeasurement: same warm-up, tick count and
// allocation accounting) and printed as one JSON row. bench/run.mjs and bench/scaling.ts write the
// module files (bench/emit-modules.ts) and run this script in a fresh process per configuration.
//
//   node bench/module-flock.mjs --module /tmp/…/bench-10000.mjs [--type boid] [--radius 40] --json
//
// The timed work is world.step() only. Neighbour counts (for matching the engines' densities) are
// computed between ticks, untimed, from the public positions() with a grid of our own: the number
// of other agents strictly within --radius of each agent (0: not counted).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { peersDir } from './peers.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length && !argv[i + 1].startsWith('--') ? argv[i + 1] : dflt;
};
const file = opt('module', '');
if (!file) {
  console.error('module-flock: --module <file> is required');
  process.exit(2);
}
const typeId = opt('type', 'boid');
const radius = Number(opt('radius', '40'));
const label = opt('label', 'steergraph-module');
const harness = {
  ticks: Number(opt('ticks', '100')),
  minTicks: Number(opt('minTicks', '30')),
  budgetS: Number(opt('budgetS', '20')),
  maxRunS: Number(opt('maxRunS', '60')),
  warmup: Number(opt('warmup', '0')),
  gcprof: opt('gcprof', 'true') !== 'false',
};

const common = await import(pathToFileURL(path.join(peersDir(), 'common.mjs')).href);
const mod = await import(pathToFileURL(path.resolve(file)).href);
const world = mod.createWorld();
const n = world.positions(typeId).length / 2;
const { width, height } = mod.scene.world;

/** Neighbours strictly within `radius`, summed over agents, from positions only (untimed). */
function makeCounter(r) {
  if (!(r > 0)) return () => 0;
  const cs = r;
  const nx = Math.max(1, Math.ceil(width / cs));
  const ny = Math.max(1, Math.ceil(height / cs));
  const start = new Int32Array(nx * ny + 1);
  const cursor = new Int32Array(nx * ny);
  const cellOf = new Int32Array(n);
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const r2 = r * r;
  const cell = (v, m) => {
    const c = Math.floor(v / cs);
    return c < 0 ? 0 : c >= m ? m - 1 : c;
  };
  return () => {
    const P = world.positions(typeId);
    start.fill(0);
    for (let i = 0; i < n; i++) {
      const c = cell(P[2 * i + 1], ny) * nx + cell(P[2 * i], nx);
      cellOf[i] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < nx * ny; c++) {
      start[c + 1] += start[c];
      cursor[c] = start[c];
    }
    for (let i = 0; i < n; i++) {
      const k = cursor[cellOf[i]]++;
      sx[k] = P[2 * i];
      sy[k] = P[2 * i + 1];
    }
    let total = 0;
    for (let k = 0; k < n; k++) {
      const x = sx[k];
      const y = sy[k];
      const cx = cell(x, nx);
      const cy = cell(y, ny);
      for (let ry = Math.max(0, cy - 1); ry <= Math.min(ny - 1, cy + 1); ry++) {
        const a = start[ry * nx + Math.max(0, cx - 1)];
        const b = start[ry * nx + Math.min(nx - 1, cx + 1) + 1];
        for (let j = a; j < b; j++) {
          const dx = sx[j] - x;
          const dy = sy[j] - y;
          if (j !== k && dx * dx + dy * dy < r2) total++;
        }
      }
    }
    return total;
  };
}

const sim = {
  n,
  step: () => world.step(),
  neighborTotal: makeCounter(radius),
  checksum: () => {
    const p = world.positions(typeId);
    let s = 0;
    for (let i = 0; i < n; i++) s += p[2 * i] * 1e-3 + p[2 * i + 1] * 1e-6;
    return s;
  },
};

const res = common.runMeasurement(sim, harness);
process.stdout.write(JSON.stringify({ engine: label, module: path.basename(file), ...res, n }) + '\n');
