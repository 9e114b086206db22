/**
 * `steergraph check | export | run`: the command-line side of the compiler. Every failure is one
 * clear message and exit code 1 (2 for a usage mistake), never a stack trace.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createBehaviorWorld } from '../../runtime/api';
import { loadScene } from '../document/load';
import type { SceneDocument } from '../document/types';
import { compile, formatDiagnostic, hasErrors } from '../compiler/index';
import { instantiate } from '../compiler/instantiate';
import { moduleDeclarations, moduleSource } from '../compiler/module';

/** Where the command writes. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

const USAGE = `Usage:
  steergraph check <scene.json>                           load and compile; list the problems
  steergraph export <scene.json> [-o out.js]              write the behaviour module and its .d.ts
  steergraph run <scene.json> [--ticks N] [--seed S] [--json]
                                                          simulate headless; print per agent type
                                                          the count, mean speed, bounding box, state hash
`;

class UsageError extends Error {}

/**
 * Text from a document made safe for one terminal line: control characters (but tab), C1 controls
 * and the line and paragraph separators as \u escapes, so a scene cannot break or steer the output.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A whole number ≥ 0 written in decimal digits (not "", "1e3", "0x10" or "-0"). */
function wholeNumber(text: string | true | undefined): number | undefined {
  return typeof text === 'string' && /^\d{1,16}$/.test(text) ? Number(text) : undefined;
}

/** Parses `--name value` options and positional arguments. */
function parseArgs(argv: string[], valued: string[], flags: string[]): { args: string[]; opts: Record<string, string | true> } {
  const args: string[] = [];
  const opts: Record<string, string | true> = {};
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (valued.includes(a)) {
      if (k + 1 >= argv.length) throw new UsageError(`${a} needs a value`);
      opts[a] = argv[++k];
    } else if (flags.includes(a)) opts[a] = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else args.push(a);
  }
  return { args, opts };
}

async function readScene(file: string, io: CliIO): Promise<SceneDocument | null> {
  let text: string;
  try {
    text = await readFile(path.resolve(io.cwd, file), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
    io.err(`steergraph: cannot read ${file}: ${why}\n`);
    return null;
  }
  const loaded = loadScene(text);
  if (!loaded.ok) {
    io.err(`steergraph: ${file} is not a scene Steergraph can open:\n`);
    for (const e of loaded.errors) io.err(`  ${printable(e.path ? `${e.path}: ${e.message}` : e.message)}\n`);
    return null;
  }
  for (const w of loaded.warnings) io.err(`steergraph: ${file}: ${printable(w)}\n`);
  return loaded.doc;
}

async function check(argv: string[], io: CliIO): Promise<number> {
  const { args } = parseArgs(argv, [], []);
  if (args.length !== 1) throw new UsageError('check takes one scene file');
  const scene = await readScene(args[0], io);
  if (!scene) return 1;
  const { diagnostics } = compile(scene);
  for (const d of diagnostics) io.out(`${formatDiagnostic(d)}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  io.out(`${args[0]}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors ? 1 : 0;
}

/** out.js for scene.steer.json / scene.json. */
function defaultOut(file: string): string {
  const base = path.basename(file).replace(/\.steer\.json$|\.json$/i, '');
  return `${base}.behavior.js`;
}

async function exportModule(argv: string[], io: CliIO): Promise<number> {
  const { args, opts } = parseArgs(argv, ['-o', '--out'], []);
  if (args.length !== 1) throw new UsageError('export takes one scene file');
  const scene = await readScene(args[0], io);
  if (!scene) return 1;
  const compiled = compile(scene);
  if (hasErrors(compiled.diagnostics)) {
    io.err(`steergraph: ${args[0]} has errors, so it cannot be exported:\n`);
    for (const d of compiled.diagnostics) if (d.severity === 'error') io.err(`  ${formatDiagnostic(d)}\n`);
    return 1;
  }
  const out = path.resolve(io.cwd, String(opts['-o'] ?? opts['--out'] ?? defaultOut(args[0])));
  // TypeScript looks for the declarations of x.mjs in x.d.mts, and of x.js (or x) in x.d.ts.
  const dts = /\.mjs$/i.test(out) ? out.replace(/\.mjs$/i, '.d.mts') : out.replace(/\.js$/i, '') + '.d.ts';
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, moduleSource(scene, compiled));
    await writeFile(dts, moduleDeclarations(scene));
  } catch (e) {
    io.err(`steergraph: cannot write ${path.relative(io.cwd, out) || out}: ${(e as Error).message}\n`);
    return 1;
  }
  io.out(`wrote ${path.relative(io.cwd, out)} and ${path.relative(io.cwd, dts)}\n`);
  return 0;
}

/** FNV-1a over the bytes of the arrays: a short fingerprint of a state. */
export function stateHash(arrays: Float64Array[]): string {
  let h = 0x811c9dc5;
  for (const a of arrays) {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let k = 0; k < bytes.length; k++) {
      h ^= bytes[k];
      h = Math.imul(h, 0x01000193);
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

async function run(argv: string[], io: CliIO): Promise<number> {
  const { args, opts } = parseArgs(argv, ['--ticks', '--seed'], ['--json']);
  if (args.length !== 1) throw new UsageError('run takes one scene file');
  const ticks = opts['--ticks'] === undefined ? 600 : wholeNumber(opts['--ticks']);
  if (ticks === undefined || ticks > 1e9) throw new UsageError(`--ticks must be a whole number from 0 to 1000000000, got ${JSON.stringify(opts['--ticks'])}`);
  const seed = opts['--seed'] === undefined ? undefined : wholeNumber(opts['--seed']);
  if (opts['--seed'] !== undefined && (seed === undefined || seed > 0xffffffff)) {
    throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got ${JSON.stringify(opts['--seed'])}`);
  }
  const scene = await readScene(args[0], io);
  if (!scene) return 1;
  const compiled = compile(scene);
  for (const d of compiled.diagnostics) if (d.severity === 'error') io.err(`steergraph: ${formatDiagnostic(d)} (this type gets no force)\n`);
  const world = createBehaviorWorld(scene, instantiate(compiled), seed === undefined ? {} : { seed });
  world.step(ticks);
  const types = world.types.map((id) => {
    const p = world.positions(id);
    const v = world.velocities(id);
    const n = p.length / 2;
    let speed = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      speed += Math.sqrt(v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]);
      minX = Math.min(minX, p[2 * i]);
      maxX = Math.max(maxX, p[2 * i]);
      minY = Math.min(minY, p[2 * i + 1]);
      maxY = Math.max(maxY, p[2 * i + 1]);
    }
    return {
      id,
      count: n,
      meanSpeed: n ? speed / n : 0,
      bbox: n ? { minX, minY, maxX, maxY } : null,
      hash: stateHash([p, v]),
    };
  });
  const result = { scene: scene.name, ticks: world.tick, seed: seed ?? scene.world.seed, types };
  if (opts['--json']) {
    io.out(`${JSON.stringify(result)}\n`);
  } else {
    io.out(`${printable(scene.name)}: ${world.tick} ticks, seed ${result.seed}\n`);
    for (const t of types) {
      const box = t.bbox ? `(${t.bbox.minX.toFixed(1)}, ${t.bbox.minY.toFixed(1)})–(${t.bbox.maxX.toFixed(1)}, ${t.bbox.maxY.toFixed(1)})` : 'none';
      io.out(`  ${t.id}: ${t.count} agents, mean speed ${t.meanSpeed.toFixed(3)} px/tick, box ${box}, state ${t.hash}\n`);
    }
  }
  return 0;
}

/** Runs the command; returns the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await check(rest, io);
      case 'export':
        return await exportModule(rest, io);
      case 'run':
        return await run(rest, io);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`steergraph: ${e.message}\n${USAGE}`);
      return 2;
    }
    io.err(`steergraph: ${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}
