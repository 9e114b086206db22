/**
 * Hostile and broken scene files, the full run: `npx tsx tests/hardening/fuzz-files.ts [count]`
 * (default 100,000) runs that many generated files, plus every enormous one once, through loadScene
 * and emitModule (see fuzz-files-lib.ts for what is checked), and prints the files tried, the
 * failures and the slowest files. Options: `--seed S` (default 1), `--from N` (first index),
 * `--only N` (one file, with its problems; a negative N is enormous file −1 − N). Exits 1 on a failure.
 */
import { bigFiles, fuzzFile, runFile, runFuzz, SLOW_MS, type FuzzSummary } from './fuzz-files-lib';

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

const seed = Number(arg('seed') ?? 1);
const only = arg('only');
if (only !== undefined) {
  const i = Number(only);
  const f = i < 0 ? bigFiles(seed)[-1 - i] : fuzzFile(seed, i);
  const r = runFile(f.text);
  console.log(`file ${i} (${f.name}, ${f.text.length} characters): ${r.loaded ? 'loaded' : 'refused'} in ${r.ms.toFixed(1)} ms`);
  console.log(r.problems.length ? r.problems.join('\n') : 'no problem');
  if (f.text.length < 3000) console.log(JSON.stringify(f.text));
  process.exit(r.problems.length ? 1 : 0);
}

const positional = process.argv.slice(2).filter((a, k, all) => !a.startsWith('--') && !(all[k - 1] ?? '').startsWith('--'));
const count = Number(positional[0] ?? 100_000);
const from = Number(arg('from') ?? 0);
const line = (s: FuzzSummary) =>
  `${s.tried.toLocaleString('en-US')} files tried, ${s.loaded.toLocaleString('en-US')} loaded, ${s.failures.length} failures, slowest ${s.slowest[0]?.ms.toFixed(1) ?? '–'} ms, ${s.seconds.toFixed(0)} s`;

console.log(`seed ${seed}: ${count.toLocaleString('en-US')} generated files from index ${from}, plus the enormous ones`);
const s = runFuzz({ seed, count, from, big: true, progress: (p) => console.log(`  … ${line(p)}`) });
console.log(line(s));
console.log(`files over ${SLOW_MS} ms: ${s.overSlow}`);
console.log('slowest:');
for (const x of s.slowest) console.log(`  ${x.ms.toFixed(1)} ms  #${x.index} ${x.name} (${x.chars.toLocaleString('en-US')} characters)`);
for (const f of s.failures.slice(0, 20)) console.log(`FAILED #${f.index} ${f.name}:\n  ${f.problems.join('\n  ')}`);
process.exit(s.failures.length ? 1 : 0);
