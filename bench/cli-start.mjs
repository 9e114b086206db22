/**
 * How fast the `steergraph` command starts: the median wall time of N runs (default 20, after one
 * warm-up) of `node <bin> --version` for each bin given, beside `node -e 0` (Node's own start-up):
 *   node bench/cli-start.mjs [--runs N] <bin.mjs> [<bin.mjs> …]
 * e.g. the installed package's bin against this checkout's bin over the sources (tsx):
 *   node bench/cli-start.mjs /tmp/x/node_modules/steergraph/bin/steergraph.mjs bin/steergraph.mjs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const argv = process.argv.slice(2);
let runs = 20;
if (argv[0] === '--runs') {
  runs = Number(argv[1]);
  argv.splice(0, 2);
}

/**
 * Median wall time and CPU time (user + system, from GNU time: less swayed by a loaded machine)
 * in ms of `node …args` over the runs.
 */
function median(args) {
  execFileSync(process.execPath, args, { stdio: 'ignore' });
  const times = [];
  const cpu = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], { encoding: 'utf8' });
    times.push(performance.now() - t0);
    const [user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    cpu.push((user + sys) * 1000);
  }
  const mid = (xs) => xs.sort((a, b) => a - b)[Math.floor(runs / 2)];
  return { median: mid(times), cpu: mid(cpu), min: times[0], max: times[runs - 1] };
}

const rows = [['node -e 0', ['-e', '0']], ...argv.map((bin) => [`node ${bin} --version`, [bin, '--version']])];
for (const [name, args] of rows) {
  const t = median(args);
  console.log(`${name}: median ${t.median.toFixed(0)} ms wall (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)}), ${t.cpu.toFixed(0)} ms CPU, over ${runs} runs`);
}
