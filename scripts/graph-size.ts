/**
 * Graph size against the cost per node and agent, large graphs split into chunk functions (the
 * compiler's default) and not (every force function in one piece, as before), in one session:
 * 1,000 agents running bench/large-graph.ts graphs of 10 to 2,000 nodes, each module timed in a
 * fresh Node process by its CPU time per tick (scripts/graph-size-tick.mjs), the two ways
 * alternating, the best of `--reps` runs. docs/performance.md, "Large graphs".
 *
 *   node --import tsx scripts/graph-size.ts [--reps 2] [--sizes 10,100,500,1000,2000]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { largeGraph } from '../bench/large-graph';
import { sceneOf } from '../bench/scene';
import { compile } from '../src/compiler/index';
import { moduleSource } from '../src/compiler/module';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : dflt;
};
const reps = Number(opt('reps', '2'));
const sizes = opt('sizes', '10,100,500,1000,2000').split(',').map(Number);
const AGENTS = 1000;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'steergraph-graph-size-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const ways = { unsplit: { above: Infinity, chunk: Infinity }, split: undefined } as const;
const files = new Map<string, string>();
for (const n of sizes) {
  const doc = sceneOf(AGENTS, largeGraph(n), {}, `${n} nodes`);
  for (const [way, split] of Object.entries(ways)) {
    const compiled = compile(doc, split ? { split } : {});
    if (!compiled.ok.every(Boolean)) throw new Error(`${n} nodes: ${JSON.stringify(compiled.diagnostics.slice(0, 3))}`);
    const file = path.join(tmp, `${way}-${n}.mjs`);
    writeFileSync(file, moduleSource(doc, compiled));
    files.set(`${way}-${n}`, file);
  }
}
const best = new Map<string, number>();
for (let r = 0; r < reps; r++) {
  for (const n of sizes) {
    for (const way of r % 2 ? ['split', 'unsplit'] : ['unsplit', 'split']) {
      const key = `${way}-${n}`;
      const out = spawnSync(process.execPath, ['scripts/graph-size-tick.mjs', files.get(key)!], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`${key}: ${out.stderr}`);
      const { ms } = JSON.parse(out.stdout.trim()) as { ms: number };
      best.set(key, Math.min(best.get(key) ?? Infinity, ms));
      process.stderr.write(`${key}: ${ms.toFixed(2)} ms/tick\n`);
    }
  }
}
const ns = (ms: number, n: number) => ((ms * 1e6) / (n * AGENTS)).toFixed(1);
console.log(`\nNode ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}; ${AGENTS.toLocaleString('en')} agents; CPU ms per tick, best of ${reps}.\n`);
console.log('| nodes | one function: ms per tick | ns per node·agent | split: ms per tick | ns per node·agent |');
console.log('|---|---|---|---|---|');
for (const n of sizes) {
  const u = best.get(`unsplit-${n}`)!;
  const s = best.get(`split-${n}`)!;
  console.log(`| ${n.toLocaleString('en')} | ${u.toFixed(2)} | ${ns(u, n)} | ${s.toFixed(2)} | ${ns(s, n)} |`);
}
