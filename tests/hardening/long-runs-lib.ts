/**
 * Long runs of every preset through its exported module: the module is emitted, written to a
 * temporary folder and run by long-run-child.mjs in a fresh `node --expose-gc` process (see there
 * for what is checked each tick). The heap after a forced garbage collection at the early tick
 * and at the last may differ by at most HEAP_SLACK bytes.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { emitModule } from '../../src/compiler/module';
import { preset } from './shared';

/** How much the heap may grow between the early tick and the last. */
export const HEAP_SLACK = 1024 * 1024;
const CHILD = path.join(import.meta.dirname, 'long-run-child.mjs');

/** What one long run found. */
export interface LongRun {
  key: string;
  ok: boolean;
  ticks: number;
  agents: number;
  problems: string[];
  heapEarly: number;
  heapLate: number;
  maxSpeedRatio: number;
  seconds: number;
  /** Per type: its states, those its agents were seen in, the transitions logged and the events the log dropped. */
  states: Record<string, { names: string[]; visited: string[]; transitions: number; lost: number }>;
}

/** Writes the preset's module into `dir`; returns its file. */
export function writePresetModule(key: string, dir: string): string {
  const m = emitModule(preset(key));
  if (m.hasErrors) throw new Error(`preset ${key} has errors: ${m.diagnostics.map((d) => d.message).join('; ')}`);
  const file = path.join(dir, `${key}.behavior.js`);
  writeFileSync(file, m.js);
  return file;
}

/** Runs a preset's module for `ticks` ticks, reading the heap at tick `early` and at the end. */
export function longRun(key: string, dir: string, ticks: number, early: number): Promise<LongRun> {
  const file = writePresetModule(key, dir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', CHILD, file, String(ticks), String(early)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      try {
        const r = JSON.parse(line) as Omit<LongRun, 'key'>;
        const problems = [...r.problems];
        const growth = r.heapLate - r.heapEarly;
        if (!(Math.abs(growth) <= HEAP_SLACK)) problems.push(`the heap grew by ${(growth / 1024).toFixed(0)} KiB from tick ${early} to tick ${r.ticks} (at most ${HEAP_SLACK / 1024} KiB)`);
        if (r.ticks !== ticks && r.ok) problems.push(`ran ${r.ticks} ticks, not ${ticks}`);
        resolve({ key, ...r, ok: problems.length === 0, problems });
      } catch {
        reject(new Error(`long run of ${key} exited with ${code}:\n${out}\n${err}`));
      }
    });
  });
}

/** Runs `jobs` with at most `parallel` at a time, in order of the list. */
export async function pool<T>(jobs: (() => Promise<T>)[], parallel: number): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      results[k] = await jobs[k]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  return results;
}

/** One line per run, for the console. */
export function describeRun(r: LongRun): string {
  const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  return `${r.ok ? 'ok  ' : 'FAIL'} ${r.key.padEnd(18)} ${String(r.agents).padStart(5)} agents ${r.ticks.toLocaleString('en-US').padStart(7)} ticks ${r.seconds.toFixed(1).padStart(6)} s  heap ${kib(r.heapEarly)} → ${kib(r.heapLate)} (${r.heapLate - r.heapEarly >= 0 ? '+' : ''}${kib(r.heapLate - r.heapEarly)})  ${Object.entries(r.states ?? {}).filter(([, s]) => s.names.length > 1).map(([id, s]) => ` ${id}: ${s.visited.length}/${s.names.length} states, ${s.transitions} transitions${s.lost ? ` (${s.lost} lost)` : ''}`).join(';')}  fastest ${r.maxSpeedRatio > 1 ? `maxSpeed × (1 + ${(r.maxSpeedRatio - 1).toExponential(1)})` : `${(r.maxSpeedRatio * 100).toFixed(4)} % of maxSpeed`}${r.problems.length ? `\n     ${r.problems.join('\n     ')}` : ''}`;
}
