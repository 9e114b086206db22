/**
 * The version steps on every preset, as each older version saved it:
 * - 1 → 2 (states): the presets as version 1 saved them (tests/fixtures/v1/, copied before states
 *   existed) load with one state each, and their exported modules run the trajectories recorded
 *   with the code before states (commit 64260a2, tests/fixtures/v1/trajectories.json), bit for bit;
 * - 2 → 3 (walls): the presets as version 2 saved them (tests/fixtures/v2/, copied before walls)
 *   load as the documents they hold, at version 3 and without walls, and their modules run the
 *   trajectories recorded with the code before walls reached the document (commit c0fa114,
 *   tests/fixtures/v2/trajectories.json), bit for bit: a scene without walls runs as before.
 *   (When the copies were made, every version-3 preset was its copy but for the version; the test
 *   compares with the copy, so that a preset may change later.)
 * - 3 → 4 (exposed parameters, turn rates, heading smoothing): the presets as version 3 saved them
 *   (tests/fixtures/v3/, copied before issue 18) load as the documents they hold, at version 4,
 *   compile to the same force code (tests/fixtures/v3/programs.json: a hash of each program's
 *   source, recorded before) and run the trajectories recorded then (trajectories.json), bit for
 *   bit: a scene that uses none of the new features compiles and runs as before.
 * - 4 → 5 (node groups, frames, notes, reroutes, collapsed nodes, radius, flow field): the presets
 *   as version 4 saved them (tests/fixtures/v4/, copied before issues 20 and 21) load as the
 *   documents they hold, at version 5, compile to the same force code (programs.json) and run the
 *   trajectories recorded then (trajectories.json), bit for bit.
 * - 5 → 6 (ring spawn): the presets as version 5 saved them (tests/fixtures/v5/, copied before the
 *   ring) load as the documents they hold, at version 6, compile to the same force code
 *   (programs.json) and run the trajectories recorded then (trajectories.json), bit for bit.
 * - 6 → 7 (list parameters: Formation's custom slots): the presets as version 6 saved them
 *   (tests/fixtures/v6/, copied before custom slots) load as the documents they hold, at version 7,
 *   compile to the same force code (programs.json) and run the trajectories recorded then
 *   (trajectories.json, recorded with the code of version 6), bit for bit.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { compile } from '../../src/compiler/index';
import { emitModule } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';
import { MIGRATIONS } from '../../src/document/migrate';
import { VERSION } from '../../src/document/types';
import { PRESET_KEYS, removeDir, tempDir, trajectoryHash } from './helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const filesOf = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.steer.json')).sort();
const V1 = path.join(FIXTURES, 'v1');
const V1_FILES = filesOf(V1);
const V2 = path.join(FIXTURES, 'v2');
const V2_FILES = filesOf(V2);
const recorded = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'trajectories.json'), 'utf8')) as Record<string, string>;
const RECORDED_V1 = recorded(V1);
const RECORDED_V2 = recorded(V2);
const V3 = path.join(FIXTURES, 'v3');
const V3_FILES = filesOf(V3);
const RECORDED_V3 = recorded(V3);
const PROGRAMS_V3 = JSON.parse(readFileSync(path.join(V3, 'programs.json'), 'utf8')) as Record<string, string>;
const V4 = path.join(FIXTURES, 'v4');
const V4_FILES = filesOf(V4);
const RECORDED_V4 = recorded(V4);
const PROGRAMS_V4 = JSON.parse(readFileSync(path.join(V4, 'programs.json'), 'utf8')) as Record<string, string>;
const V5 = path.join(FIXTURES, 'v5');
const V5_FILES = filesOf(V5);
const RECORDED_V5 = recorded(V5);
const PROGRAMS_V5 = JSON.parse(readFileSync(path.join(V5, 'programs.json'), 'utf8')) as Record<string, string>;
const V6 = path.join(FIXTURES, 'v6');
const V6_FILES = filesOf(V6);
const RECORDED_V6 = recorded(V6);
const PROGRAMS_V6 = JSON.parse(readFileSync(path.join(V6, 'programs.json'), 'utf8')) as Record<string, string>;
const dir = tempDir();
afterAll(() => removeDir(dir));

const keyOf = (file: string) => file.replace('.steer.json', '');

/** The notice of a file of version `from` upgraded to VERSION: each step's description. */
const upgraded = (from: number) =>
  `made by an older Steergraph (version ${from}), upgraded to version ${VERSION}: ${MIGRATIONS.filter((m) => m.from >= from).map((m) => m.description).join('; ')}`;

/** A fixture file, loaded (throws when it does not load). */
function loadFixture(dir: string, file: string) {
  const r = loadScene(readFileSync(path.join(dir, file), 'utf8'));
  if (!r.ok) throw new Error(`${file}: ${JSON.stringify(r.errors)}`);
  return r;
}

describe('every version-1 preset, upgraded', () => {
  it('is every preset of that version', () => {
    expect(V1_FILES.length).toBe(16);
    expect(Object.keys(RECORDED_V1).sort()).toEqual(V1_FILES);
  });

  it.each(V1_FILES)('%s loads with each graph as the one state "default", and says it was upgraded', (f) => {
    const old = JSON.parse(readFileSync(path.join(V1, f), 'utf8')) as { agentTypes: { graph: unknown }[] };
    const r = loadFixture(V1, f);
    expect(r.doc.version).toBe(VERSION);
    expect(r.warnings).toEqual([upgraded(1)]);
    expect(r.doc.agentTypes.map((t) => t.states.map((s) => s.name))).toEqual(old.agentTypes.map(() => ['default']));
    expect(r.doc.agentTypes.map((t) => t.states[0].graph)).toEqual(old.agentTypes.map((t) => t.graph));
  });

  it.each(V1_FILES)('%s runs bit-identically to before states', async (f) => {
    expect(await trajectoryHash(dir, `v1-${keyOf(f)}`, emitModule(loadFixture(V1, f).doc).js)).toBe(RECORDED_V1[f]);
  });
});

describe('every version-2 preset, upgraded (version 3 then)', () => {
  it('is every preset of that version, each still a preset', () => {
    expect(V2_FILES.length).toBe(19);
    expect(V2_FILES.map(keyOf).filter((k) => !PRESET_KEYS.includes(k))).toEqual([]);
    expect(Object.keys(RECORDED_V2).sort()).toEqual(V2_FILES);
  });

  it.each(V2_FILES)('%s loads as the document it holds, at version 3 and without walls, and says it was upgraded', (f) => {
    const r = loadFixture(V2, f);
    expect(r.warnings).toEqual([upgraded(2)]);
    expect(r.doc).toStrictEqual({ ...JSON.parse(readFileSync(path.join(V2, f), 'utf8')), version: VERSION });
    expect(Object.hasOwn(r.doc.world, 'walls')).toBe(false);
  });

  it.each(V2_FILES)('%s runs bit-identically to before walls', async (f) => {
    expect(await trajectoryHash(dir, `v2-${keyOf(f)}`, emitModule(loadFixture(V2, f).doc).js)).toBe(RECORDED_V2[f]);
  });
});

describe('every version-3 preset, upgraded to version 4', () => {
  it('is every preset of that version, each still a preset', () => {
    expect(V3_FILES.length).toBe(22);
    expect(V3_FILES.map(keyOf).filter((k) => !PRESET_KEYS.includes(k))).toEqual([]);
    expect(Object.keys(RECORDED_V3).sort()).toEqual(V3_FILES);
    expect(Object.keys(PROGRAMS_V3).sort()).toEqual(V3_FILES);
  });

  it.each(V3_FILES)('%s loads as the document it holds, at version 4, and says it was upgraded', (f) => {
    const r = loadFixture(V3, f);
    expect(r.warnings).toEqual([upgraded(3)]);
    expect(r.doc).toStrictEqual({ ...JSON.parse(readFileSync(path.join(V3, f), 'utf8')), version: VERSION });
  });

  it.each(V3_FILES)('%s compiles to the same force code as before exposed parameters and turn rates', (f) => {
    expect(createHash('sha256').update(compile(loadFixture(V3, f).doc).programSource).digest('hex').slice(0, 16)).toBe(PROGRAMS_V3[f]);
  });

  it.each(V3_FILES)('%s runs bit-identically to before', async (f) => {
    expect(await trajectoryHash(dir, `v3-${keyOf(f)}`, emitModule(loadFixture(V3, f).doc).js)).toBe(RECORDED_V3[f]);
  });
});

describe('every version-4 preset, upgraded (version 5 then)', () => {
  it('is every preset of that version, each still a preset', () => {
    expect(V4_FILES.length).toBe(23);
    expect(V4_FILES.map(keyOf).filter((k) => !PRESET_KEYS.includes(k))).toEqual([]);
    expect(Object.keys(RECORDED_V4).sort()).toEqual(V4_FILES);
    expect(Object.keys(PROGRAMS_V4).sort()).toEqual(V4_FILES);
  });

  it.each(V4_FILES)('%s loads as the document it holds, at the current version, and says it was upgraded', (f) => {
    const r = loadFixture(V4, f);
    expect(r.warnings).toEqual([upgraded(4)]);
    expect(r.doc).toStrictEqual({ ...JSON.parse(readFileSync(path.join(V4, f), 'utf8')), version: VERSION });
  });

  it.each(V4_FILES)('%s compiles to the same force code as before groups, reroutes and radius', (f) => {
    expect(createHash('sha256').update(compile(loadFixture(V4, f).doc).programSource).digest('hex').slice(0, 16)).toBe(PROGRAMS_V4[f]);
  });

  it.each(V4_FILES)('%s runs bit-identically to before', async (f) => {
    expect(await trajectoryHash(dir, `v4-${keyOf(f)}`, emitModule(loadFixture(V4, f).doc).js)).toBe(RECORDED_V4[f]);
  });
});

describe('every version-5 preset, upgraded (version 6 then)', () => {
  it('is every preset of that version, each still a preset', () => {
    expect(V5_FILES.length).toBe(27);
    expect(V5_FILES.map(keyOf).filter((k) => !PRESET_KEYS.includes(k))).toEqual([]);
    expect(Object.keys(RECORDED_V5).sort()).toEqual(V5_FILES);
    expect(Object.keys(PROGRAMS_V5).sort()).toEqual(V5_FILES);
  });

  it.each(V5_FILES)('%s loads as the document it holds, at the current version, and says it was upgraded', (f) => {
    const r = loadFixture(V5, f);
    expect(r.warnings).toEqual([upgraded(5)]);
    expect(r.doc).toStrictEqual({ ...JSON.parse(readFileSync(path.join(V5, f), 'utf8')), version: VERSION });
  });

  it.each(V5_FILES)('%s compiles to the same force code as before the ring spawn', (f) => {
    expect(createHash('sha256').update(compile(loadFixture(V5, f).doc).programSource).digest('hex').slice(0, 16)).toBe(PROGRAMS_V5[f]);
  });

  it.each(V5_FILES)('%s runs bit-identically to before', async (f) => {
    expect(await trajectoryHash(dir, `v5-${keyOf(f)}`, emitModule(loadFixture(V5, f).doc).js)).toBe(RECORDED_V5[f]);
  });
});

describe('every version-6 preset, upgraded to version 7', () => {
  it('is every preset of that version, each still a preset', () => {
    expect(V6_FILES.length).toBe(28);
    expect(V6_FILES.map(keyOf).filter((k) => !PRESET_KEYS.includes(k))).toEqual([]);
    expect(Object.keys(RECORDED_V6).sort()).toEqual(V6_FILES);
    expect(Object.keys(PROGRAMS_V6).sort()).toEqual(V6_FILES);
  });

  it.each(V6_FILES)('%s loads as the document it holds, at version 7, and says it was upgraded', (f) => {
    const r = loadFixture(V6, f);
    expect(r.warnings).toEqual([upgraded(6)]);
    expect(r.doc).toStrictEqual({ ...JSON.parse(readFileSync(path.join(V6, f), 'utf8')), version: VERSION });
  });

  it.each(V6_FILES)('%s compiles to the same force code as before custom slots', (f) => {
    expect(createHash('sha256').update(compile(loadFixture(V6, f).doc).programSource).digest('hex').slice(0, 16)).toBe(PROGRAMS_V6[f]);
  });

  it.each(V6_FILES)('%s runs bit-identically to before', async (f) => {
    expect(await trajectoryHash(dir, `v6-${keyOf(f)}`, emitModule(loadFixture(V6, f).doc).js)).toBe(RECORDED_V6[f]);
  });
});
