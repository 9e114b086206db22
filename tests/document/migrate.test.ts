import { describe, expect, it } from 'vitest';
import { parseScene } from '../../src/document/load';
import { MIGRATIONS, checkMigrations, migrate, migrateWith } from '../../src/document/migrate';
import type { Migration } from '../../src/document/migrate';
import { VERSION } from '../../src/document/types';
import { sampleScene } from './helpers';

/** Test steps of an imagined history: v1 → v2 renames `name` to `title`; v2 → v3 adds `tags`. */
const renameName: Migration = {
  from: 1,
  to: 2,
  description: 'name became title',
  up(doc) {
    const { name, ...rest } = doc;
    return { ...rest, title: name };
  },
};
const addTags: Migration = {
  from: 2,
  to: 3,
  description: 'tags added',
  up(doc) {
    // Reads what step 1 → 2 wrote: the steps must run in order.
    return { ...doc, tags: [`about ${String(doc.title)}`] };
  },
};

describe('the version steps', () => {
  it('are a well-formed chain ending at the current version', () => {
    expect(() => checkMigrations(MIGRATIONS, VERSION)).not.toThrow();
    // Version 1 is the first format; version 2 gave agent types states; version 3 gave the world walls;
    // version 4 gave agent types parameters, turn rates and heading smoothing; version 5 gave graphs
    // groups, frames, notes, reroutes and collapsed nodes, agent types a radius, the world a flow field;
    // version 6 gave spawns a ring shape; version 7 gave node parameters lists of offsets (Formation's custom slots).
    expect(MIGRATIONS.map((m) => [m.from, m.to])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 7],
    ]);
  });

  it('leave a current-version document as it is', () => {
    const doc = sampleScene();
    expect(migrate(doc)).toEqual({ ok: true, value: doc, from: 7, applied: [] });
  });
});

describe('migrateWith', () => {
  it('applies the steps in order, stamping each version', () => {
    const r = migrateWith({ format: 'steergraph', version: 1, name: 'Old' }, [renameName, addTags], 3);
    expect(r).toEqual({
      ok: true,
      value: { format: 'steergraph', version: 3, title: 'Old', tags: ['about Old'] },
      from: 1,
      applied: [renameName, addTags],
    });
  });

  it('starts at the document’s own version', () => {
    const r = migrateWith({ version: 2, title: 'Mid' }, [renameName, addTags], 3);
    expect(r).toEqual({ ok: true, value: { version: 3, title: 'Mid', tags: ['about Mid'] }, from: 2, applied: [addTags] });
  });

  it('works on a copy: the caller’s value is never changed', () => {
    const input = { version: 1, name: 'Old', nested: { list: [1, 2] } };
    const before = structuredClone(input);
    const mutating: Migration = { from: 1, to: 2, description: 'mutates', up: (doc) => ((doc.nested as { list: number[] }).list.push(3), doc) };
    const r = migrateWith(input, [mutating], 2);
    expect(input).toEqual(before);
    expect(r.ok && r.value).toEqual({ version: 2, name: 'Old', nested: { list: [1, 2, 3] } });
  });

  it('refuses a list with a gap', () => {
    const fromThree: Migration = { ...addTags, from: 3, to: 4 };
    expect(() => migrateWith({ version: 1 }, [renameName, fromThree], 4)).toThrow('migrations[1]: a gap: no step from version 2 to 3');
  });

  it('refuses a list out of order, a step of more than one version, and a chain ending elsewhere', () => {
    expect(() => checkMigrations([addTags, renameName], 3)).toThrow('migrations[1]: out of order: 1 → 2 after 2 → 3');
    expect(() => checkMigrations([{ ...renameName, to: 3 }], 3)).toThrow('migrations[0]: a step goes from one version to the next, not 1 → 3');
    expect(() => checkMigrations([renameName], 3)).toThrow('migrations: the last step ends at version 2, not at the current version 3');
    expect(() => checkMigrations([renameName, renameName], 2)).toThrow('migrations[1]: out of order: 1 → 2 after 1 → 2');
  });

  it('refuses a version older than the first step', () => {
    expect(migrateWith({ version: 0 }, [renameName, addTags], 3)).toEqual({
      ok: false,
      errors: [{ path: 'version', message: 'version 0 is older than this app reads (versions 1 to 3)' }],
    });
  });

  it('refuses a newer version', () => {
    expect(migrateWith({ version: 4 }, [renameName, addTags], 3)).toEqual({
      ok: false,
      errors: [{ path: 'version', message: 'made by a newer Steergraph: version 4, this app reads up to 3' }],
    });
  });

  it('reports a step that fails, or returns something else than a document', () => {
    const failing: Migration = {
      from: 1,
      to: 2,
      description: 'fails',
      up() {
        throw new Error('points must be a list');
      },
    };
    expect(migrateWith({ version: 1 }, [failing], 2)).toEqual({
      ok: false,
      errors: [{ path: 'version', message: 'could not upgrade from version 1 to 2: points must be a list' }],
    });
    const broken: Migration = { from: 1, to: 2, description: 'broken', up: () => [] as unknown as Record<string, unknown> };
    expect(migrateWith({ version: 1 }, [broken], 2)).toEqual({
      ok: false,
      errors: [{ path: 'version', message: 'could not upgrade from version 1 to 2: the step returned an empty list' }],
    });
  });
});

describe('parseScene with migrations', () => {
  /** An imagined version-0 draft: the prototype called agent types `agents`. */
  const zeroToOne: Migration = {
    from: 0,
    to: 1,
    description: 'agents renamed agentTypes',
    up(doc) {
      const { agents, ...rest } = doc;
      return { ...rest, agentTypes: agents };
    },
  };

  /** The sample scene's agent types as version 1 wrote them: one `graph` each. */
  const version1Types = () => sampleScene().agentTypes.map(({ states, ...t }) => ({ ...t, graph: states[0].graph }));

  it('upgrades an old file before validating it, and says so in a warning', () => {
    const { agentTypes: _, ...rest } = sampleScene();
    const old = { ...rest, version: 0, agents: version1Types() };
    expect(parseScene(old, { migrations: [zeroToOne, ...MIGRATIONS] })).toStrictEqual({
      ok: true,
      doc: sampleScene(),
      warnings: [`made by an older Steergraph (version 0), upgraded to version 7: agents renamed agentTypes; ${MIGRATIONS[0].description}; ${MIGRATIONS[1].description}; ${MIGRATIONS[2].description}; ${MIGRATIONS[3].description}; ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`],
    });
  });

  it('brings a version-1 file to version 7: each graph becomes the one state "default", and there are no walls', () => {
    const { agentTypes: _, ...rest } = sampleScene();
    const r = parseScene({ ...rest, version: 1, agentTypes: version1Types() });
    expect(r).toStrictEqual({
      ok: true,
      doc: sampleScene(),
      warnings: [`made by an older Steergraph (version 1), upgraded to version 7: ${MIGRATIONS[0].description}; ${MIGRATIONS[1].description}; ${MIGRATIONS[2].description}; ${MIGRATIONS[3].description}; ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`],
    });
  });

  it('brings a version-2 file to version 7 changing nothing but the version: no walls', () => {
    const r = parseScene({ ...sampleScene(), version: 2 });
    expect(r).toStrictEqual({ ok: true, doc: sampleScene(), warnings: [`made by an older Steergraph (version 2), upgraded to version 7: ${MIGRATIONS[1].description}; ${MIGRATIONS[2].description}; ${MIGRATIONS[3].description}; ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`] });
    expect(r.ok && Object.hasOwn(r.doc.world, 'walls')).toBe(false);
  });

  it('brings a version-3 file to version 7 changing nothing but the version: no parameters, turn rates or smoothing', () => {
    const r = parseScene({ ...sampleScene(), version: 3 });
    expect(r).toStrictEqual({ ok: true, doc: sampleScene(), warnings: [`made by an older Steergraph (version 3), upgraded to version 7: ${MIGRATIONS[2].description}; ${MIGRATIONS[3].description}; ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`] });
    expect(r.ok && r.doc.agentTypes.some((t) => 'params' in t || 'maxTurnRate' in t || 'headingSmoothing' in t)).toBe(false);
  });

  it('brings a version-4 file to version 7 changing nothing but the version', () => {
    const r = parseScene({ ...sampleScene(), version: 4 });
    expect(r).toStrictEqual({ ok: true, doc: sampleScene(), warnings: [`made by an older Steergraph (version 4), upgraded to version 7: ${MIGRATIONS[3].description}; ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`] });
  });

  it('brings a version-5 file to version 7 changing nothing but the version: every spawn a rectangle', () => {
    const r = parseScene({ ...sampleScene(), version: 5 });
    expect(r).toStrictEqual({ ok: true, doc: sampleScene(), warnings: [`made by an older Steergraph (version 5), upgraded to version 7: ${MIGRATIONS[4].description}; ${MIGRATIONS[5].description}`] });
  });

  it('brings a version-6 file to version 7 changing nothing but the version: no custom slots', () => {
    const r = parseScene({ ...sampleScene(), version: 6 });
    expect(r).toStrictEqual({ ok: true, doc: sampleScene(), warnings: [`made by an older Steergraph (version 6), upgraded to version 7: ${MIGRATIONS[5].description}`] });
  });

  it('validates a version-6 file as version 7 does: a list parameter in it is read and checked', () => {
    // (Version 6 had no list parameters; a file that has one anyway is read as version 7 reads it.)
    const withSlots = (slots: unknown) => {
      const doc = sampleScene();
      const n = doc.agentTypes[0].states[0].graph.nodes[0];
      return { ...doc, version: 6, agentTypes: [{ ...doc.agentTypes[0], states: [{ ...doc.agentTypes[0].states[0], graph: { ...doc.agentTypes[0].states[0].graph, nodes: [{ ...n, params: { ...n.params, slots } }, ...doc.agentTypes[0].states[0].graph.nodes.slice(1)] } }] }, ...doc.agentTypes.slice(1)] };
    };
    const r = parseScene(withSlots([[-30, 10]]));
    expect(r.ok && r.doc.agentTypes[0].states[0].graph.nodes[0].params.slots).toEqual([[-30, 10]]);
    const bad = parseScene(withSlots([[-30, 'x']]));
    expect(bad.ok ? [] : bad.errors).toEqual([{ path: 'agentTypes[0].states[0].graph.nodes[0].params.slots[0][1]', message: 'expected a number from -10000000 to 10000000 px, got "x"' }]);
  });

  it('validates a version-2 file as version 3 does: walls in it are read and checked', () => {
    // (Version 2 had no walls; a file that has them anyway is read as version 3 reads them.)
    const walls = [{ id: 'w', points: [[0, 0], [10, 0]], closed: false }];
    const r = parseScene({ ...sampleScene(), version: 2, world: { ...sampleScene().world, walls } });
    expect(r.ok && r.doc.world.walls).toEqual(walls);
    const bad = parseScene({ ...sampleScene(), version: 2, world: { ...sampleScene().world, walls: [{ ...walls[0], points: [[0, 0]] }] } });
    expect(bad.ok ? [] : bad.errors).toEqual([{ path: 'world.walls[0].points', message: 'expected at least 2 points, got a list of 1 item' }]);
  });

  it('validates the upgraded document: a step cannot let a bad value through', () => {
    const { agentTypes: _, ...rest } = sampleScene();
    const agentTypes = version1Types();
    agentTypes[0].count = -1;
    const r = parseScene({ ...rest, version: 0, agents: agentTypes }, { migrations: [zeroToOne, ...MIGRATIONS] });
    expect(r.ok ? [] : r.errors).toEqual([{ path: 'agentTypes[0].count', message: 'expected a whole number from 0 to 100000, got -1' }]);
  });

  it('refuses the version-0 draft without the step: there is no version 0 today', () => {
    const r = parseScene({ ...sampleScene(), version: 0 });
    expect(r.ok ? [] : r.errors).toEqual([{ path: 'version', message: 'version 0 is older than this app reads (versions 1 to 7)' }]);
  });
});
