// One module's CPU time per tick (user + system, so other programs on a busy machine count less
// than in wall time): warms up, then the best of 5 runs of k ticks. Run by scripts/graph-size.ts.
//
//   node scripts/graph-size-tick.mjs <module file>      prints { ms } as JSON
import { pathToFileURL } from 'node:url';

const mod = await import(pathToFileURL(process.argv[2]).href);
const world = mod.createWorld();
const t0 = process.cpuUsage();
world.step(3);
const warm = process.cpuUsage(t0).user / 3e3;
const k = Math.max(2, Math.min(40, Math.round(300 / Math.max(warm, 0.1))));
world.step(k);
let best = Infinity;
for (let r = 0; r < 5; r++) {
  const a = process.cpuUsage();
  world.step(k);
  const u = process.cpuUsage(a);
  best = Math.min(best, (u.user + u.system) / 1e3 / k);
}
console.log(JSON.stringify({ ms: best }));
