/**
 * Document versions. A file written by an older Steergraph is brought up to VERSION by an ordered
 * list of steps, each taking a document of version `from` to `from + 1`, before it is validated.
 * A step sees a deep copy of the file's data (never the caller's value), may assume only what
 * its own version guaranteed (the document is not validated yet: guard every read), and need
 * not set `version`: the mechanism stamps `to` after it. Adding a version means: bump VERSION in
 * types.ts, change the schema, and append `{ from: VERSION − 1, to: VERSION, … }` here with a test
 * (and keep the presets as the old version saved them, under tests/fixtures/, for
 * tests/presets/migration.test.ts).
 */
import { describe } from './errors';
import type { LoadError } from './errors';
import { VERSION } from './types';

/** One step: turns a document of version `from` into one of version `to` (= from + 1). */
export interface Migration {
  readonly from: number;
  readonly to: number;
  /** What changed, in one line (shown in the warning after an upgrade). */
  readonly description: string;
  /** The change. Receives a copy it may mutate; returns the upgraded document. */
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Every step, oldest first. Version 1 is the first released format; a file claiming version 0 is
 * refused.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    description: 'each agent type’s graph became the graph of its one state, "default" (agent types may now have several states)',
    up(doc) {
      const types = doc.agentTypes;
      if (!Array.isArray(types)) return doc;
      doc.agentTypes = types.map((t: unknown) => {
        if (typeof t !== 'object' || t === null || Array.isArray(t) || !Object.hasOwn(t, 'graph')) return t;
        const { graph, ...rest } = t as Record<string, unknown>;
        return { ...rest, states: [{ name: 'default', graph }] };
      });
      return doc;
    },
  },
  {
    from: 2,
    to: 3,
    description: 'the world may hold walls (`world.walls`); a version-2 file has none, and nothing else changed',
    // Nothing to change: `world.walls` is optional, and absent means none.
    up: (doc) => doc,
  },
  {
    from: 3,
    to: 4,
    description: 'agent types may have parameters the game sets, a maximum turn rate and heading smoothing; a version-3 file has none, and nothing else changed',
    // Nothing to change: `params`, `maxTurnRate`, `headingSmoothing` and a node's `exposed` are optional, and absent means none.
    up: (doc) => doc,
  },
  {
    from: 4,
    to: 5,
    description: 'graphs may hold node groups (from the scene’s group library), frames, sticky notes, reroute points and collapsed nodes, agent types a radius, and the world a flow field; a version-4 file has none, and nothing else changed',
    // Nothing to change: every addition is optional, and absent means none.
    up: (doc) => doc,
  },
  {
    from: 5,
    to: 6,
    description: 'agents may spawn on a ring (`spawn.shape`); a version-5 file spawns them in its rectangles, as before, and nothing else changed',
    // Nothing to change: `spawn.shape` is optional, and absent means "area".
    up: (doc) => doc,
  },
  {
    from: 6,
    to: 7,
    description: 'a node parameter may hold a list of offsets (a Formation’s custom slots, drawn on its pad); a version-6 file has none, and nothing else changed',
    // Nothing to change: every version-6 parameter value is still valid, and Formation's `slots` is absent (none drawn).
    up: (doc) => doc,
  },
];

/** The result of migrating: the upgraded (still unvalidated) value, or why it cannot be. */
export type MigrateResult =
  | { ok: true; value: unknown; from: number; applied: readonly Migration[] }
  | { ok: false; errors: LoadError[] };

/**
 * Throws unless `migrations` is a well-formed chain ending at `current`: ordered, each step one
 * version, no gaps, no repeats. A malformed list is a programmer error, so it throws.
 */
export function checkMigrations(migrations: readonly Migration[], current: number): void {
  migrations.forEach((m, i) => {
    if (!Number.isInteger(m.from) || m.to !== m.from + 1) {
      throw new Error(`migrations[${i}]: a step goes from one version to the next, not ${m.from} → ${m.to}`);
    }
    const prev = migrations[i - 1];
    if (prev && m.from !== prev.to) {
      throw new Error(
        m.from > prev.to
          ? `migrations[${i}]: a gap: no step from version ${prev.to} to ${m.from}`
          : `migrations[${i}]: out of order: ${m.from} → ${m.to} after ${prev.from} → ${prev.to}`,
      );
    }
  });
  const last = migrations[migrations.length - 1];
  if (last && last.to !== current) {
    throw new Error(`migrations: the last step ends at version ${last.to}, not at the current version ${current}`);
  }
}

/** The oldest version `migrations` can bring up to `current`. */
export function oldestVersion(migrations: readonly Migration[], current: number): number {
  return migrations.length > 0 ? migrations[0].from : current;
}

function failure(message: string): MigrateResult {
  return { ok: false, errors: [{ path: 'version', message }] };
}

/**
 * Brings `value` (a parsed document of any version) up to `current` with `migrations`. Refuses
 * a missing or malformed version, a version newer than `current`, and one older than the first
 * step. Throws only for a malformed `migrations` list (see checkMigrations).
 */
export function migrateWith(value: unknown, migrations: readonly Migration[], current: number): MigrateResult {
  checkMigrations(migrations, current);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [{ path: '', message: `expected a scene: an object, got ${describe(value)}` }] };
  }
  const oldest = oldestVersion(migrations, current);
  const reads = oldest === current ? `version ${current}` : `versions ${oldest} to ${current}`;
  const version = (value as Record<string, unknown>).version;
  if (version === undefined) return failure(`missing; expected the format version, a whole number (this app reads ${reads})`);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return failure(`expected the format version, a whole number (this app reads ${reads}), got ${describe(version)}`);
  }
  if (version > current) return failure(`made by a newer Steergraph: version ${version}, this app reads up to ${current}`);
  if (version < oldest) return failure(`version ${version} is older than this app reads (${reads})`);
  if (version === current) return { ok: true, value, from: version, applied: [] };

  let doc = structuredClone(value) as Record<string, unknown>;
  const applied: Migration[] = [];
  for (let at = version; at < current; ) {
    const step = migrations.find((m) => m.from === at);
    if (!step) return failure(`no way to upgrade version ${at} to ${current}`);
    let next: unknown;
    try {
      next = step.up(doc);
    } catch (e) {
      return failure(`could not upgrade from version ${step.from} to ${step.to}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      return failure(`could not upgrade from version ${step.from} to ${step.to}: the step returned ${describe(next)}`);
    }
    doc = next as Record<string, unknown>;
    doc.version = step.to;
    applied.push(step);
    at = step.to;
  }
  return { ok: true, value: doc, from: version, applied };
}

/** Brings a parsed document of any readable version up to VERSION with MIGRATIONS. */
export function migrate(value: unknown): MigrateResult {
  return migrateWith(value, MIGRATIONS, VERSION);
}
