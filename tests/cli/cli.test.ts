/**
 * `steergraph check | export | run` as a user runs it: `node bin/steergraph.mjs …` in a child
 * process, in a fresh folder. The runs start together before the tests (each costs ~0.5 s) and the
 * tests read their results.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { emitModule } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';
import { importFile, removeDir, tempDir } from '../fixtures/module-files';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/steergraph.mjs');
const dir = tempDir('steergraph-cli-');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

/** The same command run in this process, for the expected output. */
async function inProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (s) => (stdout += s), err: (s) => (stderr += s), cwd: dir });
  return { code, stdout, stderr };
}

const RUNS = {
  checkGood: ['check', 'good.steer.json'],
  checkErrors: ['check', 'errors.steer.json'],
  exportDefault: ['export', 'good.steer.json'],
  exportNested: ['export', 'good.steer.json', '-o', 'build/games/sheep.mjs'],
  exportErrors: ['export', 'errors.steer.json', '-o', 'refused.js'],
  run: ['run', 'good.steer.json'],
  runJson: ['run', 'good.steer.json', '--json', '--ticks', '50', '--seed', '3'],
  runLonger: ['run', 'good.steer.json', '--ticks', '80', '--json', '--seed', '3'],
  runSeed: ['run', '--seed', '4', 'good.steer.json', '--ticks', '50', '--json'],
  missing: ['check', 'nope.steer.json'],
  folder: ['run', 'build'],
  notJson: ['check', 'broken.json'],
  invalid: ['export', 'invalid.steer.json'],
  unknownCommand: ['compile', 'good.steer.json'],
  badOption: ['run', 'good.steer.json', '--ticks', '1e3'],
} as const;

const results = {} as Record<keyof typeof RUNS, Run>;

beforeAll(async () => {
  copyFileSync(path.join(root, 'tests/fixtures/good.steer.json'), path.join(dir, 'good.steer.json'));
  copyFileSync(path.join(root, 'tests/fixtures/errors.steer.json'), path.join(dir, 'errors.steer.json'));
  writeFileSync(path.join(dir, 'broken.json'), '{\n  "format": "steergraph",\n  "version": 1,\n}\n');
  const invalid = JSON.parse(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
  invalid.agentTypes[1].count = -5;
  writeFileSync(path.join(dir, 'invalid.steer.json'), JSON.stringify(invalid));
  mkdirSync(path.join(dir, 'build'));
  // The folder run must not race the export that writes into build/: it only reads the folder.
  const entries = Object.entries(RUNS) as [keyof typeof RUNS, readonly string[]][];
  const done = await Promise.all(entries.map(([, args]) => cli([...args])));
  entries.forEach(([name], k) => (results[name] = done[k]));
}, 60_000);

afterAll(() => removeDir(dir));

/** No run prints a stack trace. */
function noStack(r: Run): void {
  expect(r.stdout + r.stderr).not.toMatch(/^\s+at /m);
}

describe('check', () => {
  it('on a good scene: exit 0 and "0 errors"', () => {
    const r = results.checkGood;
    expect(r).toEqual({ code: 0, stdout: 'good.steer.json: 0 errors, 0 warnings\n', stderr: '' });
  });

  it('on a scene with errors: exit 1, each with its JSON path and type/node', () => {
    const r = results.checkErrors;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'error agentTypes[0].graph.nodes[4].params.slowingRadius (sheep/arr.slowingRadius): Slowing radius must be more than 0 px and at most 100000 px, got 0 px',
        'error agentTypes[0].graph.nodes[4] (sheep/arr.target): Arrive needs its Target input connected',
        'errors.steer.json: 2 errors, 0 warnings',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('');
  });
});

describe('export', () => {
  it('writes scene.behavior.js and its .d.ts beside it by default: the module of the scene', async () => {
    const r = results.exportDefault;
    expect(r).toEqual({ code: 0, stdout: 'wrote good.behavior.js and good.behavior.d.ts\n', stderr: '' });
    const loaded = loadScene(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
    if (!loaded.ok) throw new Error('fixture: good.steer.json must load');
    const m = emitModule(loaded.doc);
    expect(readFileSync(path.join(dir, 'good.behavior.js'), 'utf8')).toBe(m.js);
    expect(readFileSync(path.join(dir, 'good.behavior.d.ts'), 'utf8')).toBe(m.dts);
    const mod = await importFile(path.join(dir, 'good.behavior.js'));
    const world = mod.createWorld();
    world.step(10);
    expect(world.agents('sheep').length).toBe(12);
  });

  it('-o writes where it is told, creating folders; an .mjs module gets a .d.mts', () => {
    const r = results.exportNested;
    expect(r).toEqual({ code: 0, stdout: `wrote ${path.join('build/games/sheep.mjs')} and ${path.join('build/games/sheep.d.mts')}\n`, stderr: '' });
    expect(existsSync(path.join(dir, 'build/games/sheep.mjs'))).toBe(true);
    expect(readFileSync(path.join(dir, 'build/games/sheep.d.mts'), 'utf8')).toContain('export type AgentTypeId = "sheep" | "dog";');
  });

  it('refuses a scene with errors, lists them, and writes nothing', () => {
    const r = results.exportErrors;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        'steergraph: errors.steer.json has errors, so it cannot be exported:',
        '  error agentTypes[0].graph.nodes[4].params.slowingRadius (sheep/arr.slowingRadius): Slowing radius must be more than 0 px and at most 100000 px, got 0 px',
        '  error agentTypes[0].graph.nodes[4] (sheep/arr.target): Arrive needs its Target input connected',
        '',
      ].join('\n'),
    );
    expect(existsSync(path.join(dir, 'refused.js'))).toBe(false);
  });
});

describe('run', () => {
  it('prints per agent type its count, mean speed, bounding box and state hash (600 ticks by default)', async () => {
    const r = results.run;
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Sheep and dog: 600 ticks, seed 21');
    expect(lines[1]).toMatch(/^ {2}sheep: 12 agents, mean speed \d\.\d{3} px\/tick, box \(\d+\.\d, \d+\.\d\)–\(\d+\.\d, \d+\.\d\), state [0-9a-f]{8}$/);
    expect(lines[2]).toMatch(/^ {2}dog: 2 agents, mean speed \d\.\d{3} px\/tick, box /);
    expect(lines.length).toBe(4);
    // The same numbers as the library computes in this process.
    expect(r.stdout).toBe((await inProcess([...RUNS.run])).stdout);
  });

  it('--json prints one parseable object; the numbers stay inside the world', () => {
    const r = results.runJson;
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.trim().split('\n').length).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ scene: 'Sheep and dog', ticks: 50, seed: 3 });
    expect(out.types.map((t: { id: string; count: number }) => [t.id, t.count])).toEqual([
      ['sheep', 12],
      ['dog', 2],
    ]);
    for (const t of out.types) {
      expect(t.hash).toMatch(/^[0-9a-f]{8}$/);
      expect(t.meanSpeed).toBeGreaterThan(0);
      expect(t.meanSpeed).toBeLessThanOrEqual(5);
      expect(t.bbox.minX).toBeGreaterThanOrEqual(0);
      expect(t.bbox.maxX).toBeLessThanOrEqual(640);
      expect(t.bbox.minY).toBeGreaterThanOrEqual(0);
      expect(t.bbox.maxY).toBeLessThanOrEqual(480);
    }
  });

  it('--ticks and --seed change the result deterministically: the same arguments give the same hash', async () => {
    const hashes = (r: Run) => JSON.parse(r.stdout).types.map((t: { hash: string }) => t.hash);
    const base = hashes(results.runJson);
    expect(hashes(results.runLonger)).not.toEqual(base);
    expect(hashes(results.runSeed)).not.toEqual(base);
    expect(JSON.parse(results.runLonger.stdout).ticks).toBe(80);
    expect(JSON.parse(results.runSeed.stdout).seed).toBe(4);
    // Another process (this one) with the same arguments gets the very same output.
    for (const name of ['runJson', 'runLonger', 'runSeed'] as const) {
      expect(results[name].stdout).toBe((await inProcess([...RUNS[name]])).stdout);
    }
  });
});

describe('failures: one clear message, no stack trace, the right exit code', () => {
  it('a file that does not exist', () => {
    expect(results.missing).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read nope.steer.json: no such file\n' });
  });

  it('a folder', () => {
    expect(results.folder).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read build: it is a folder\n' });
  });

  it('a file that is not JSON says where', () => {
    const r = results.notJson;
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: "steergraph: broken.json is not a scene Steergraph can open:\n  not JSON: line 4, column 1: a comma before '}': JSON allows no trailing comma\n",
    });
  });

  it('a document that is not a valid scene says what and where', () => {
    const r = results.invalid;
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'steergraph: invalid.steer.json is not a scene Steergraph can open:\n  agentTypes[1].count: expected a whole number from 0 to 100000, got -5\n',
    });
  });

  it('an unknown command, with the usage', () => {
    const r = results.unknownCommand;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe('steergraph: unknown command "compile"');
    expect(r.stderr).toContain('Usage:\n  steergraph check <scene.json>');
  });

  it('a bad option value, with the usage', () => {
    const r = results.badOption;
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('steergraph: --ticks must be a whole number from 0 to 1000000000, got "1e3"');
  });

  it('none prints a stack trace', () => {
    for (const r of Object.values(results)) noStack(r);
  });
});

describe('in process (no child): option mistakes', () => {
  it('each is a usage error with exit code 2', async () => {
    const cases: [string[], string][] = [
      [['check', 'good.steer.json', '--frobnicate'], 'steergraph: unknown option --frobnicate'],
      [['check'], 'steergraph: check takes one scene file'],
      [['export', 'good.steer.json', '-o'], 'steergraph: -o needs a value'],
      [['run', 'good.steer.json', '--seed', '4294967296'], 'steergraph: --seed must be a whole number from 0 to 4294967295, got "4294967296"'],
      [['run', 'good.steer.json', '--seed', '0x10'], 'steergraph: --seed must be a whole number from 0 to 4294967295, got "0x10"'],
      [['run', 'good.steer.json', '--ticks', ''], 'steergraph: --ticks must be a whole number from 0 to 1000000000, got ""'],
    ];
    for (const [args, first] of cases) {
      const r = await inProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(first);
    }
  });

  it('a scene’s name cannot break or steer the output of run', async () => {
    const doc = JSON.parse(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
    doc.name = 'Evil\n\u001b[31mred\u2028';
    writeFileSync(path.join(dir, 'evil.steer.json'), JSON.stringify(doc));
    const r = await inProcess(['run', 'evil.steer.json', '--ticks', '1']);
    expect(r.stdout.split('\n')[0]).toBe('Evil\\u000a\\u001b[31mred\\u2028: 1 ticks, seed 21');
  });
});
