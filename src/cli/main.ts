/**
 * `steergraph check | export | run`: the command-line side of the compiler. Every failure is one
 * clear message and exit code 1 (2 for a usage mistake), never a stack trace.
 */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createBehaviorWorld } from '../../runtime/api';
import { printable } from '../document/errors';
import { MAX_FILE_BYTES, fileTooLarge, loadSceneFile } from '../document/load';
import type { SceneDocument } from '../document/types';
import { compile, formatDiagnostic, hasErrors } from '../compiler/index';
import { instantiate } from '../compiler/instantiate';
import { moduleDeclarations, moduleSource } from '../compiler/module';
import { VERSION } from './version';

/** Where the command writes. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** Each command's usage, as `steergraph <command> --help` prints it. */
const COMMAND_USAGE = {
  check: `Usage: steergraph check <scene.json>

Loads and compiles the scene; prints each problem with its JSON path, agent type and node id.
Exit 1 when there is an error, 0 otherwise.
`,
  export: `Usage: steergraph export <scene.json> [-o out.js]

Writes the behaviour module and its declarations (out.d.ts; out.d.mts for an .mjs module).
  -o, --out <file>   where the module goes (default: <scene>.behavior.js in the working folder)
A scene with errors is refused (exit 1, the errors listed) and nothing is written.
`,
  run: `Usage: steergraph run <scene.json> [--ticks N] [--seed S] [--json]

Simulates the scene headless and prints per agent type the count, mean speed, bounding box and a
hash of the final state.
  --ticks N   ticks to run, 0 to 1000000000 (default 600)
  --seed S    the world's seed, 0 to 4294967295 (default: the scene's)
  --json      print one JSON object
`,
} as const;

const USAGE = `Usage:
  steergraph check <scene.json>                           load and compile; list the problems
  steergraph export <scene.json> [-o out.js]              write the behaviour module and its .d.ts
  steergraph run <scene.json> [--ticks N] [--seed S] [--json]
                                                          simulate headless; print per agent type
                                                          the count, mean speed, bounding box, state hash
  steergraph <command> --help                             one command's usage and options
  steergraph --version                                    the version
`;

export { VERSION };

/** Whether a command's arguments ask for its help (`-h` or `--help` before any `--`). */
function asksHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '-h' || a === '--help');
}

class UsageError extends Error {}

/** The escaping of every message (src/document/errors.ts): file names and document text print as `\u` escapes. */
export { printable };

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
    if (a === '--') {
      // The end of the options: what follows is file names, even when it starts with '-'.
      args.push(...argv.slice(k + 1));
      break;
    }
    if (valued.includes(a)) {
      if (k + 1 >= argv.length) throw new UsageError(`${a} needs a value`);
      opts[a] = argv[++k];
    } else if (flags.includes(a)) opts[a] = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${printable(a)}`);
    else args.push(a);
  }
  return { args, opts };
}

/** Why a file cannot be read, from its error code. */
function readError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return printable(String((e as Error).message ?? e));
}

/** What a file that is not a regular file is, for the message. */
function notRegular(s: Stats): string {
  if (s.isDirectory()) return 'it is a folder';
  if (s.isFIFO()) return 'it is a named pipe (FIFO), not a regular file';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'it is a device, not a regular file';
  if (s.isSocket()) return 'it is a socket, not a regular file';
  return 'it is not a regular file';
}

/** A scene read from a file, and the file's identity (device and inode), to refuse writing over it. */
interface ReadScene {
  doc: SceneDocument;
  file: Stats;
}

/**
 * Reads a scene file: only a regular file (a FIFO, a device or a folder is refused before it is
 * read, so nothing blocks or reads forever), only up to MAX_FILE_BYTES (refused by its size first),
 * then the loader (UTF-8, JSON, the scene).
 */
async function readScene(file: string, io: CliIO): Promise<ReadScene | null> {
  const name = printable(file);
  const fail = (why: string) => {
    io.err(`steergraph: cannot read ${name}: ${why}\n`);
    return null;
  };
  const where = path.resolve(io.cwd, file);
  let bytes: Uint8Array;
  let info: Stats;
  try {
    info = await stat(where);
    if (!info.isFile()) return fail(notRegular(info));
    // Non-blocking: if the file became a FIFO since the stat, opening it must not wait for a writer.
    const handle = await open(where, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      info = await handle.stat();
      if (!info.isFile()) return fail(notRegular(info));
      const tooLarge = fileTooLarge(info.size);
      if (tooLarge) return refused(name, tooLarge.ok ? [] : tooLarge.errors, io);
      // Read at most one byte past the limit: the file may grow, or its size may be unknown (0).
      const chunks: Buffer[] = [];
      let total = 0;
      for (;;) {
        const chunk = Buffer.alloc(Math.min(Math.max(info.size - total, 0) + 65536, MAX_FILE_BYTES + 1 - total));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        total += bytesRead;
        if (total > MAX_FILE_BYTES) break;
      }
      bytes = Buffer.concat(chunks, total);
    } finally {
      await handle.close();
    }
  } catch (e) {
    return fail(readError(e));
  }
  const loaded = loadSceneFile(bytes);
  if (!loaded.ok) return refused(name, loaded.errors, io);
  for (const w of loaded.warnings) io.err(`steergraph: ${name}: ${printable(w)}\n`);
  return { doc: loaded.doc, file: info };
}

/** Prints why a file is not a scene; null. */
function refused(name: string, errors: readonly { path: string; message: string }[], io: CliIO): null {
  io.err(`steergraph: ${name} is not a scene Steergraph can open:\n`);
  for (const e of errors) io.err(`  ${printable(e.path ? `${e.path}: ${e.message}` : e.message)}\n`);
  return null;
}

async function check(argv: string[], io: CliIO): Promise<number> {
  const { args } = parseArgs(argv, [], []);
  if (args.length !== 1) throw new UsageError('check takes one scene file');
  const read = await readScene(args[0], io);
  if (!read) return 1;
  const { diagnostics } = compile(read.doc);
  for (const d of diagnostics) io.out(`${printable(formatDiagnostic(d))}\n`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  io.out(`${printable(args[0])}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors ? 1 : 0;
}

/** out.js for scene.steer.json / scene.json. */
function defaultOut(file: string): string {
  const base = path.basename(file).replace(/\.steer\.json$|\.json$/i, '');
  return `${base}.behavior.js`;
}

/** Whether `a` and `b` are one file (the same device and inode: through symbolic and hard links alike). */
function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** The file at `where` (following links), or null when there is none. */
async function statOrNull(where: string): Promise<Stats | null> {
  try {
    return await stat(where);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

/** A name beside `target` for writing it before it is renamed into place. */
function tempName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`);
}

async function exportModule(argv: string[], io: CliIO): Promise<number> {
  const { args, opts } = parseArgs(argv, ['-o', '--out'], []);
  if (args.length !== 1) throw new UsageError('export takes one scene file');
  const read = await readScene(args[0], io);
  if (!read) return 1;
  const scene = read.doc;
  const out = path.resolve(io.cwd, String(opts['-o'] ?? opts['--out'] ?? defaultOut(args[0])));
  // TypeScript looks for the declarations of x.mjs in x.d.mts, and of x.js (or x) in x.d.ts.
  const dts = /\.mjs$/i.test(out) ? out.replace(/\.mjs$/i, '.d.mts') : out.replace(/\.js$/i, '') + '.d.ts';
  const shown = (p: string) => printable(path.relative(io.cwd, p) || p);
  // Neither output may be the scene itself (resolved through links) nor anything but a file.
  try {
    for (const [target, what] of [
      [out, 'the module'],
      [dts, 'the declarations'],
    ] as const) {
      const existing = await statOrNull(target);
      if (existing && sameFile(existing, read.file)) {
        io.err(`steergraph: will not write ${what} to ${shown(target)}: it is the scene file being exported (${printable(args[0])}); choose another -o\n`);
        return 1;
      }
      if (existing && !existing.isFile()) {
        io.err(`steergraph: cannot write ${what} to ${shown(target)}: ${notRegular(existing)}; nothing was written\n`);
        return 1;
      }
    }
  } catch (e) {
    io.err(`steergraph: cannot write ${shown(out)}: ${readError(e)}; nothing was written\n`);
    return 1;
  }
  const compiled = compile(scene);
  if (hasErrors(compiled.diagnostics)) {
    io.err(`steergraph: ${printable(args[0])} has errors, so it cannot be exported:\n`);
    for (const d of compiled.diagnostics) if (d.severity === 'error') io.err(`  ${printable(formatDiagnostic(d))}\n`);
    return 1;
  }
  // Both files are written under temporary names and renamed into place only once both are
  // written, so a failed export leaves no half of its output.
  const tempOut = tempName(out);
  const tempDts = tempName(dts);
  let placed = false;
  try {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(tempOut, moduleSource(scene, compiled), { flag: 'wx' });
    await writeFile(tempDts, moduleDeclarations(scene), { flag: 'wx' });
    await rename(tempOut, out);
    placed = true;
    await rename(tempDts, dts);
  } catch (e) {
    await rm(tempOut, { force: true }).catch(() => undefined);
    await rm(tempDts, { force: true }).catch(() => undefined);
    // The module is in place but its declarations could not be: take it out again, so no half remains.
    if (placed) await rm(out, { force: true }).catch(() => undefined);
    io.err(`steergraph: cannot write ${shown(out)}: ${readError(e)}; nothing was written\n`);
    return 1;
  }
  io.out(`wrote ${shown(out)} and ${shown(dts)}\n`);
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
  if (ticks === undefined || ticks > 1e9) throw new UsageError(`--ticks must be a whole number from 0 to 1000000000, got ${printable(JSON.stringify(opts['--ticks']))}`);
  const seed = opts['--seed'] === undefined ? undefined : wholeNumber(opts['--seed']);
  if (opts['--seed'] !== undefined && (seed === undefined || seed > 0xffffffff)) {
    throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got ${printable(JSON.stringify(opts['--seed']))}`);
  }
  const read = await readScene(args[0], io);
  if (!read) return 1;
  const scene = read.doc;
  const compiled = compile(scene);
  for (const d of compiled.diagnostics) if (d.severity === 'error') io.err(`steergraph: ${printable(formatDiagnostic(d))} (this type gets no force)\n`);
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
      io.out(`  ${t.id}: ${t.count} ${t.count === 1 ? 'agent' : 'agents'}, mean speed ${t.meanSpeed.toFixed(3)} px/tick, box ${box}, state ${t.hash}\n`);
    }
  }
  return 0;
}

/** Runs the command; returns the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if ((command === 'check' || command === 'export' || command === 'run') && asksHelp(rest)) {
      io.out(COMMAND_USAGE[command]);
      return 0;
    }
    switch (command) {
      case 'check':
        return await check(rest, io);
      case 'export':
        return await exportModule(rest, io);
      case 'run':
        return await run(rest, io);
      case '-v':
      case '--version':
        io.out(`${VERSION}\n`);
        return 0;
      case 'help':
        // `steergraph help <command>`: that command's usage.
        if (rest[0] === 'check' || rest[0] === 'export' || rest[0] === 'run') {
          io.out(COMMAND_USAGE[rest[0]]);
          return 0;
        }
        if (rest.length) throw new UsageError(`unknown command ${printable(JSON.stringify(rest[0]))}`);
        io.out(USAGE);
        return 0;
      case undefined:
      case '-h':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ${printable(JSON.stringify(command))}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`steergraph: ${e.message}\n${USAGE}`);
      return 2;
    }
    io.err(`steergraph: ${printable(String((e as Error).message ?? e))}\n`);
    return 1;
  }
}
