/**
 * `steergraph check | export | run` as a user runs it: `node bin/steergraph.mjs …` in a child
 * process, in a fresh folder. The runs start together before the tests (each costs ~0.5 s) and the
 * tests read their results.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
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
  dashDash: ['check', '--', '-dash.steer.json'],
  badOption: ['run', 'good.steer.json', '--ticks', '1e3'],
  version: ['--version'],
  exportHelp: ['export', '--help'],
} as const;

const results = {} as Record<keyof typeof RUNS, Run>;

beforeAll(async () => {
  copyFileSync(path.join(root, 'tests/fixtures/good.steer.json'), path.join(dir, 'good.steer.json'));
  copyFileSync(path.join(root, 'tests/fixtures/errors.steer.json'), path.join(dir, 'errors.steer.json'));
  copyFileSync(path.join(root, 'tests/fixtures/good.steer.json'), path.join(dir, '-dash.steer.json'));
  writeFileSync(path.join(dir, 'broken.json'), '{\n  "format": "steergraph",\n  "version": 1,\n}\n');
  const invalid = JSON.parse(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
  invalid.agentTypes[1].count = -5;
  writeFileSync(path.join(dir, 'invalid.steer.json'), JSON.stringify(invalid));
  mkdirSync(path.join(dir, 'build'));
  // The folder run must not race the export that writes into build/: it only reads the folder.
  const entries = Object.entries(RUNS) as [keyof typeof RUNS, readonly string[]][];
  const done = await Promise.all(entries.map(([, args]) => cli([...args])));
  entries.forEach(([name], k) => (results[name] = done[k]));
  // Each run is a Node process of its own: on a busy machine (the suite in parallel) they take a while.
}, 240_000);

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
        'error agentTypes[0].states[0].graph.nodes[4].params.slowingRadius (sheep/arr.slowingRadius): Slowing radius must be more than 0 px and at most 100000 px, got 0 px',
        'error agentTypes[0].states[0].graph.nodes[4] (sheep/arr.target): Arrive needs its Target input connected',
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
        '  error agentTypes[0].states[0].graph.nodes[4].params.slowingRadius (sheep/arr.slowingRadius): Slowing radius must be more than 0 px and at most 100000 px, got 0 px',
        '  error agentTypes[0].states[0].graph.nodes[4] (sheep/arr.target): Arrive needs its Target input connected',
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

describe('--version and each command’s --help', () => {
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;

  it('--version and -v print package.json’s version and exit 0, from the command too', async () => {
    expect(results.version).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await inProcess(['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('check, export and run --help (or -h, or help <command>) print that command’s usage and exit 0, reading no file', async () => {
    expect(results.exportHelp.code).toBe(0);
    expect(results.exportHelp.stdout.split('\n')[0]).toBe('Usage: steergraph export <scene.json> [-o out.js]');
    expect(results.exportHelp.stdout).toContain('-o, --out <file>');
    const firsts = {
      check: 'Usage: steergraph check <scene.json>',
      export: 'Usage: steergraph export <scene.json> [-o out.js]',
      run: 'Usage: steergraph run <scene.json> [--ticks N] [--seed S] [--json]',
    };
    for (const [command, first] of Object.entries(firsts)) {
      for (const args of [[command, '--help'], [command, 'nope.steer.json', '-h'], ['help', command]]) {
        const r = await inProcess(args);
        expect(r.code, args.join(' ')).toBe(0);
        expect(r.stderr, args.join(' ')).toBe('');
        expect(r.stdout.split('\n')[0], args.join(' ')).toBe(first);
      }
    }
    expect((await inProcess(['run', '--help'])).stdout).toContain('--ticks N');
  });

  it('after --, --help is a file name; help of an unknown command is a usage error', async () => {
    expect(await inProcess(['check', '--', '--help'])).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read --help: no such file\n' });
    const r = await inProcess(['help', 'compile']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('steergraph: unknown command "compile"');
  });

  it('steergraph --help lists the commands, --help and --version', async () => {
    const r = await inProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('steergraph <command> --help');
    expect(r.stdout).toContain('steergraph --version');
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

/** Every character a line must not carry raw (but the line break that ends it). */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function noRawText(r: Run): void {
  for (const line of (r.stdout + r.stderr).split('\n')) expect(line, JSON.stringify(line)).not.toMatch(RAW);
}

/** A copy of good.steer.json named `name` in the test folder; its path. */
function scene(name: string): string {
  const file = path.join(dir, name);
  copyFileSync(path.join(root, 'tests/fixtures/good.steer.json'), file);
  return file;
}

describe('export never overwrites its input, and never leaves half its output', () => {
  it('refuses -o naming the scene itself, through a symbolic link, through a hard link, or its .d.ts', async () => {
    const input = scene('self.steer.json');
    const before = readFileSync(input, 'utf8');
    symlinkSync('self.steer.json', path.join(dir, 'self-link.js'));
    linkSync(input, path.join(dir, 'self-hard.js'));
    scene('foo.d.ts');
    const cases: [string[], string][] = [
      [['export', 'self.steer.json', '-o', 'self.steer.json'], 'steergraph: will not write the module to self.steer.json: it is the scene file being exported (self.steer.json); choose another -o\n'],
      [['export', 'self.steer.json', '-o', 'self-link.js'], 'steergraph: will not write the module to self-link.js: it is the scene file being exported (self.steer.json); choose another -o\n'],
      [['export', 'self.steer.json', '-o', 'self-hard.js'], 'steergraph: will not write the module to self-hard.js: it is the scene file being exported (self.steer.json); choose another -o\n'],
      [['export', 'self-link.js', '--out', './self.steer.json'], 'steergraph: will not write the module to self.steer.json: it is the scene file being exported (self-link.js); choose another -o\n'],
      [['export', 'foo.d.ts', '-o', 'foo.js'], 'steergraph: will not write the declarations to foo.d.ts: it is the scene file being exported (foo.d.ts); choose another -o\n'],
    ];
    for (const [args, stderr] of cases) {
      expect(await inProcess(args), args.join(' ')).toEqual({ code: 1, stdout: '', stderr });
    }
    expect(readFileSync(input, 'utf8')).toBe(before);
    expect(readFileSync(path.join(dir, 'foo.d.ts'), 'utf8')).toBe(before);
    expect(existsSync(path.join(dir, 'foo.js'))).toBe(false);
  });

  it('with a folder where the .d.ts goes: exit 1, no module written, an old module left as it was', async () => {
    scene('half.steer.json');
    mkdirSync(path.join(dir, 'half.d.ts'));
    const r = await inProcess(['export', 'half.steer.json', '-o', 'half.js']);
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot write the declarations to half.d.ts: it is a folder; nothing was written\n' });
    expect(existsSync(path.join(dir, 'half.js'))).toBe(false);
    writeFileSync(path.join(dir, 'old.js'), 'the old module\n');
    mkdirSync(path.join(dir, 'old.d.ts'));
    expect((await inProcess(['export', 'half.steer.json', '-o', 'old.js'])).code).toBe(1);
    expect(readFileSync(path.join(dir, 'old.js'), 'utf8')).toBe('the old module\n');
  });

  it('leaves no temporary file behind, and replaces an older export whole', async () => {
    scene('again.steer.json');
    writeFileSync(path.join(dir, 'again.behavior.js'), 'old\n');
    const r = await inProcess(['export', 'again.steer.json']);
    expect(r).toEqual({ code: 0, stdout: 'wrote again.behavior.js and again.behavior.d.ts\n', stderr: '' });
    expect(readFileSync(path.join(dir, 'again.behavior.js'), 'utf8')).toContain('createWorld');
    expect(execFileSync('ls', ['-a', dir], { encoding: 'utf8' })).not.toMatch(/\.tmp$/m);
  });
});

describe('files that are not regular files, or too large, are refused before they are read', () => {
  it('a device, a named pipe (which would block forever) and a folder', async () => {
    execFileSync('mkfifo', [path.join(dir, 'pipe.json')]);
    expect(await inProcess(['check', '/dev/zero'])).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read /dev/zero: it is a device, not a regular file\n' });
    expect(await inProcess(['check', 'pipe.json'])).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read pipe.json: it is a named pipe (FIFO), not a regular file\n' });
    expect(await inProcess(['run', 'build'])).toEqual({ code: 1, stdout: '', stderr: 'steergraph: cannot read build: it is a folder\n' });
  });

  it('a 600 MiB file, by its size (a sparse file: nothing is read)', async () => {
    const big = path.join(dir, 'big.steer.json');
    writeFileSync(big, '');
    truncateSync(big, 600 * 1024 * 1024);
    expect(statSync(big).size).toBe(600 * 1024 * 1024);
    expect(await inProcess(['check', 'big.steer.json'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'steergraph: big.steer.json is not a scene Steergraph can open:\n  the file is too large: 600.0 MB (the limit is 5 MB of text)\n',
    });
  });
});

describe('arguments and file names', () => {
  it('-- ends the options: a file name after it may start with -', () => {
    expect(results.dashDash).toEqual({ code: 0, stdout: '-dash.steer.json: 0 errors, 0 warnings\n', stderr: '' });
  });

  it('file names print escaped, in every message', async () => {
    const evil = 'e\u001b[31m\u202ev\u2028il.json';
    const shown = 'e\\u001b[31m\\u202ev\\u2028il.json';
    const runs = [await inProcess(['check', evil])];
    expect(runs[0]).toEqual({ code: 1, stdout: '', stderr: `steergraph: cannot read ${shown}: no such file\n` });
    scene(evil);
    runs.push(await inProcess(['check', evil]));
    expect(runs[1]).toEqual({ code: 0, stdout: `${shown}: 0 errors, 0 warnings\n`, stderr: '' });
    runs.push(await inProcess(['export', evil, '-o', `${evil}.js`]));
    expect(runs[2].stdout).toBe(`wrote ${shown}.js and ${shown}.d.ts\n`);
    runs.push(await inProcess(['check', `--x\u001b[2J`]));
    expect(runs[3].stderr.split('\n')[0]).toBe('steergraph: unknown option --x\\u001b[2J');
    for (const r of runs) noRawText(r);
  });
});

describe('text from the file is escaped in every line check, run and export print', () => {
  it('ids, kinds, ports, keys and names with controls, bidirectional overrides and line separators', async () => {
    const evil = 'x\u001b[31m\u202e\u2066\u200b\u2028\u0085';
    const doc = JSON.parse(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
    doc.name = `N${evil}`;
    const graph = doc.agentTypes[0].states[0].graph;
    graph.nodes[1].kind = `kind${evil}`;
    graph.connections.push({ from: [`n${evil}`, `p${evil}`], to: ['sum', `q${evil}`] });
    writeFileSync(path.join(dir, 'crafted.steer.json'), JSON.stringify(doc).replace('"seed":21', '"seed":1,"seed":21'));
    const check = await inProcess(['check', 'crafted.steer.json']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('Unknown node kind "kindx\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\u0085"');
    const run = await inProcess(['run', 'crafted.steer.json', '--ticks', '1']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('Nx\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\u0085: 1 ticks, seed 21');
    const exported = await inProcess(['export', 'crafted.steer.json', '-o', 'crafted.js']);
    expect(exported.code).toBe(1);
    // The duplicate key is warned of, by its path.
    expect(check.stderr).toBe('steergraph: crafted.steer.json: world.seed: this key is given more than once in its object; the last value is used\n');
    for (const r of [check, run, exported]) noRawText(r);
    // The unknown field itself is refused by the loader, escaped too.
    const bad = JSON.parse(readFileSync(path.join(dir, 'good.steer.json'), 'utf8'));
    bad.agentTypes[0][evil] = 1;
    writeFileSync(path.join(dir, 'bad-key.steer.json'), JSON.stringify(bad));
    const refused = await inProcess(['check', 'bad-key.steer.json']);
    expect(refused.stderr).toContain('agentTypes[0]["x\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\u0085"]: unknown field');
    noRawText(refused);
  });

  it('a UTF-16 file, bytes that are not UTF-8, a binary file: what each is, not a JSON syntax error', async () => {
    const good = readFileSync(path.join(dir, 'good.steer.json'), 'utf8');
    writeFileSync(path.join(dir, 'wide.steer.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good, 'utf16le')]));
    writeFileSync(path.join(dir, 'latin1.steer.json'), Buffer.from(good.replace('Sheep and dog', 'Sheep and d\u00f6g'), 'latin1'));
    writeFileSync(path.join(dir, 'binary.steer.json'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0x62, 0]));
    expect((await inProcess(['check', 'wide.steer.json'])).stderr).toBe(
      'steergraph: wide.steer.json is not a scene Steergraph can open:\n  the file is UTF-16 (little-endian) text; Steergraph reads scene files as UTF-8: save it as UTF-8\n',
    );
    expect((await inProcess(['check', 'latin1.steer.json'])).stderr).toBe(
      `steergraph: latin1.steer.json is not a scene Steergraph can open:\n  not UTF-8 text: the byte at byte offset ${good.indexOf('Sheep and dog') + 11} (line 4) is 0xF6, which is not valid UTF-8 there (text in another encoding, such as Latin-1, or a binary file?); save the file as UTF-8\n`,
    );
    expect((await inProcess(['check', 'binary.steer.json'])).stderr).toBe(
      'steergraph: binary.steer.json is not a scene Steergraph can open:\n  not a text file: it has a NUL byte at byte offset 7 (a binary file?)\n',
    );
  });
});
