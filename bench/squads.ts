/**
 * node --import tsx bench/squads.ts — issue 21's cost bar: one whole-type pass of Avoid Agents
 * against one of Separation, over 10,000 agents of radius 8 moving in every direction at 2 px/tick
 * (their maxSpeed; --speed 0.5 for 1 px/tick) at the density of bench/scaling.ts (400 px² per
 * agent), the grid rebuilt each tick as a tick does. The two passes alternate in rounds; reported:
 * ms per pass, median over the rounds, and the ratio (the bar: Avoid Agents at most 1.5 ×
 * Separation). Figures in docs/performance.md.
 *
 *   node --import tsx bench/squads.ts [--rounds 15] [--ticks 50] [--agents 10000] [--range 30] [--speed 1] [--cpu]
 *
 * --cpu times the process's CPU time rather than the wall clock: on a machine shared with other
 * work, what this process was given rather than how long it waited for it.
 */
import { avoidAgentsPass } from '../runtime/behaviors/avoid-agents';
import { separationPass } from '../runtime/behaviors/flock';
import { World } from '../runtime/world';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const rounds = Number(opt('rounds', '15'));
const ticks = Number(opt('ticks', '50'));
const n = Number(opt('agents', '10000'));
const side = Math.sqrt(400 * n);
// the agents' speed as a fraction of their maxSpeed (2 px/tick)
const speed = Number(opt('speed', '1'));

// Separation at its default distance (30); Avoid Agents at --range (default 30: the same neighbour
// radius) with its default horizon 60 and buffer 10. Each has its own world (same seed, so the same
// agents), its grid sized for its own radius, as in a scene that uses only that node.
const range = Number(opt('range', '30'));
function worldFor(radius: number) {
  const w = new World(
    { width: side, height: side, edges: 'wrap', seed: 1, agentTypes: [{ id: 'a', count: n, mass: 1, maxSpeed: 2, maxForce: 0.2, radius: 8, spawn: { speed } }] },
    [{ queryRadius: radius, passes: 1 }],
  );
  return w.types[0];
}
const SA = worldFor(30);
const AA = worldFor(range);

const cpu = argv.includes('--cpu');
/** ms: of CPU time given to this process (--cpu), or of the wall clock. */
function now(): number {
  if (!cpu) return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function time(A: typeof SA, pass: () => void): number {
  const t0 = now();
  for (let t = 0; t < ticks; t++) {
    A.grid!.rebuild(A.pos, A.vel, A.count);
    pass();
  }
  return (now() - t0) / ticks;
}

const avoid = () => avoidAgentsPass(AA, AA, range, 60, 10, AA.passes[0]);
const sep = () => separationPass(SA, SA, 30, false, SA.passes[0]);
const runs = { avoid: [] as number[], sep: [] as number[] };
// warm up both
time(AA, avoid);
time(SA, sep);
for (let r = 0; r < rounds; r++) {
  runs.avoid.push(time(AA, avoid));
  runs.sep.push(time(SA, sep));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const a = median(runs.avoid);
const s = median(runs.sep);
console.log(`${n} agents in ${side} × ${side} px at ${2 * speed} px/tick (${cpu ? 'CPU time' : 'wall clock'})`);
console.log(`Separation (distance 30):                    ${s.toFixed(3)} ms per pass`);
console.log(`Avoid Agents (range ${range}, horizon 60, buffer 10): ${a.toFixed(3)} ms per pass`);
console.log(`ratio ${(a / s).toFixed(2)} (bar: ≤ 1.5)`);
