/**
 * Contract 5, untrusted input stays data: hostile documents are refused by the loader (with a path)
 * or diagnosed by the compiler, and whatever compiles puts document text into the exported module
 * only inside the one `const SCENE = deepFreeze(<json>)` literal. Importing such a module changes
 * no global.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../src/compiler/index';
import { emitModule } from '../../src/compiler/module';
import { loadScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, scene, wire } from '../fixtures/scenes';

/** Every payload carries the marker "zq", which no generated or core code contains. */
const PAYLOADS = [
  'zq"double"',
  "zq'single'",
  'zq`back`tick',
  'zq${globalThis.zqPwned = 1}',
  'zq*/ globalThis.zqPwned = 2; /*',
  'zq</script><script>globalThis.zqPwned = 3</script>',
  'zq<!-- comment',
  'zq\u2028line\u2029paragraph',
  'zq\nnew\r\nline',
  'zq\\back\\slash',
  'zq"); globalThis.zqPwned = 4; ("',
];

const PREFIX = 'const SCENE = deepFreeze(';

/**
 * Cuts the scene literal out of a module: it must be exactly one line, `const SCENE =
 * deepFreeze(<json>);`, whose JSON is the document. Returns the rest of the module.
 */
function outsideTheLiteral(js: string, doc: SceneDocument): string {
  const lines = js.split('\n');
  const at = lines.filter((l) => l.startsWith(PREFIX));
  expect(at.length).toBe(1);
  const line = at[0];
  expect(line.endsWith(');')).toBe(true);
  expect(JSON.parse(line.slice(PREFIX.length, -2))).toEqual(doc);
  return lines.filter((l) => l !== line).join('\n');
}

/** What every module of a hostile document must satisfy. */
function expectContained(js: string, doc: SceneDocument): void {
  const rest = outsideTheLiteral(js, doc);
  expect(rest.toLowerCase()).not.toContain('zq');
  for (const p of PAYLOADS) expect(rest).not.toContain(p);
  // Nothing that would end a script element or split a line in an old engine, even in the literal.
  expect(js).not.toMatch(/<\/script|<!--|[\u2028\u2029]/i);
}

/** Loads a document from its JSON text, as a file would be. */
function load(value: unknown): ReturnType<typeof loadScene> {
  return loadScene(JSON.stringify(value));
}

/** A clean scene whose ids all carry the marker: zqA seeks the named target zqGoal along … */
function markedScene(): SceneDocument {
  return scene(
    [
      agentType(
        'zqA',
        [node('zqGoalNode', 'named-target', { target: 'zqGoal' }), node('zqSeek', 'seek'), node('zqOut', 'agent-output')],
        [wire('zqGoalNode.point', 'zqSeek.target'), wire('zqSeek.force', 'zqOut.force')],
      ),
      agentType(
        'zqB',
        [node('zqRoute', 'path', { path: 'zqPath' }), node('zqFollow', 'follow-path'), node('zqOut', 'agent-output')],
        [wire('zqRoute.path', 'zqFollow.path'), wire('zqFollow.force', 'zqOut.force')],
      ),
    ],
    { targets: [{ name: 'zqGoal', x: 10, y: 10 }], paths: [{ id: 'zqPath', points: [[1, 2], [300, 4]], loop: true }] },
    'zq plain',
  );
}

/** Properties of the globals a module could touch. */
function globalsNow(): Record<string, string[]> {
  const names = (o: object) => Object.getOwnPropertyNames(o).sort();
  return {
    globalThis: names(globalThis),
    object: names(Object.prototype),
    array: names(Array.prototype),
    func: names(Function.prototype),
    string: names(String.prototype),
    Object: names(Object),
  };
}

const dir = tempDir('steergraph-security-');
afterAll(() => removeDir(dir));

describe('hostile free text (names, descriptions) loads, and stays in the literal', () => {
  const doc = markedScene();
  doc.name = PAYLOADS.slice(0, 6).join(' ');
  doc.description = PAYLOADS.join('\n');
  doc.agentTypes.forEach((t, k) => (t.name = PAYLOADS[6 + k]));

  it('loads and compiles without a diagnostic', () => {
    const loaded = load(doc);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.doc).toEqual(doc);
    expect(compile(loaded.doc).diagnostics).toEqual([]);
  });

  it('appears in the module only inside the scene literal; not at all in the program or the declarations', () => {
    const m = emitModule(doc);
    expect(m.hasErrors).toBe(false);
    expectContained(m.js, doc);
    expect(compile(doc).programSource.toLowerCase()).not.toContain('zq');
    // The declarations name the agent types and targets (ids, by design), never a name or description.
    for (const p of PAYLOADS) expect(m.dts).not.toContain(p);
    expect(m.dts).toContain('export type AgentTypeId = "zqA" | "zqB";');
    expect(m.dts).toContain('export type TargetName = "zqGoal";');
  });

  it('imports without changing a global, and gives the text back as data', async () => {
    const before = globalsNow();
    const mod = await importModule(dir, emitModule(doc).js);
    const world = mod.createWorld();
    world.setTarget('zqGoal', 400, 300);
    world.step(5);
    expect(globalsNow()).toEqual(before);
    expect((globalThis as Record<string, unknown>).zqPwned).toBeUndefined();
    expect(mod.scene).toEqual(doc);
    expect(Object.isFrozen(mod.scene)).toBe(true);
  });
});

describe('hostile ids and target names are refused by the loader, with the path', () => {
  const places: [string, (d: SceneDocument, v: string) => void][] = [
    ['agentTypes[0].id', (d, v) => (d.agentTypes[0].id = v)],
    ['agentTypes[0].states[0].graph.nodes[1].id', (d, v) => (d.agentTypes[0].states[0].graph.nodes[1].id = v)],
    ['world.paths[0].id', (d, v) => (d.world.paths[0].id = v)],
    ['world.targets[0].name', (d, v) => (d.world.targets[0].name = v)],
  ];
  for (const [path, set] of places) {
    it(path, () => {
      for (const payload of PAYLOADS) {
        const doc = markedScene();
        set(doc, payload);
        const loaded = load(doc);
        expect(loaded.ok, payload).toBe(false);
        if (loaded.ok) continue;
        expect(loaded.errors[0].path).toBe(path);
        expect(loaded.errors[0].message).toMatch(/^expected an id/);
      }
    });
  }
});

describe('hostile kinds, references and connection ends load, are diagnosed, and stay in the literal', () => {
  const hostile = (payload: string): SceneDocument => {
    const doc = markedScene();
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(
      node('zqKind', payload.slice(0, 64)),
      node('zqNear', 'nearest-agent', { agentType: payload }),
      node('zqRoute2', 'path', { path: payload }),
      node('zqGoal2', 'named-target', { target: payload }),
    );
    g.connections.push({ from: [payload, payload], to: [payload, payload] }, { from: [payload, 'force'], to: ['zqOut', payload] });
    return doc;
  };

  it('every payload: loads, errors on the nodes and connections, and no text leaves the literal', () => {
    for (const payload of PAYLOADS) {
      const loaded = load(hostile(payload));
      expect(loaded.ok, payload).toBe(true);
      if (!loaded.ok) continue;
      const m = emitModule(loaded.doc);
      expect(m.hasErrors).toBe(true);
      const errors = m.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => d.path)).toEqual([
        'agentTypes[0].states[0].graph.nodes[3].kind',
        'agentTypes[0].states[0].graph.nodes[4].params.agentType',
        'agentTypes[0].states[0].graph.nodes[5].params.path',
        'agentTypes[0].states[0].graph.nodes[6].params.target',
        'agentTypes[0].states[0].graph.connections[2]',
        'agentTypes[0].states[0].graph.connections[3]',
      ]);
      // A message quotes the text as JSON, so a CLI line stays one line.
      for (const d of errors) expect(formatDiagnostic(d)).not.toMatch(/[\n\r\u2028\u2029]/);
      // … and quoted so that it reads back as exactly the document's text.
      const quoted = /^Unknown node kind (".*"): this version of Steergraph has no such node$/.exec(errors[0].message);
      expect(JSON.parse(quoted![1])).toBe(payload.slice(0, 64));
      expectContained(m.js, loaded.doc);
    }
  });

  it('imports and runs: the broken type stands still, the other one moves, and no global changes', async () => {
    const loaded = load(hostile(PAYLOADS[3]));
    if (!loaded.ok) throw new Error('fixture: expected to load');
    const before = globalsNow();
    const mod = await importModule(dir, emitModule(loaded.doc).js);
    const world = mod.createWorld();
    expect(Array.from(world.computeForces('zqA')).every((v) => v === 0)).toBe(true);
    expect(Array.from(world.computeForces('zqB')).some((v) => v !== 0)).toBe(true);
    world.step(3);
    expect(globalsNow()).toEqual(before);
    expect((globalThis as Record<string, unknown>).zqPwned).toBeUndefined();
  });
});

describe('__proto__, constructor and prototype', () => {
  it('as parameter names: refused by the loader, with the path', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const doc = markedScene();
      const text = JSON.stringify(doc).replace('"params":{"target":"zqGoal"}', `"params":{"target":"zqGoal","${key}":{"polluted":1}}`);
      const loaded = loadScene(text);
      expect(loaded.ok, key).toBe(false);
      if (!loaded.ok) expect(loaded.errors.map((e) => e.path)).toContain(`agentTypes[0].states[0].graph.nodes[0].params.${key}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('as keys elsewhere: refused as unknown fields, with the path', () => {
    const cases: [string, string, string][] = [
      ['"format"', '"__proto__":{"polluted":1},"format"', '__proto__'],
      ['"width"', '"constructor":{"polluted":1},"width"', 'world.constructor'],
      ['"color"', '"prototype":{"polluted":1},"color"', 'agentTypes[0].prototype'],
      ['"nodes"', '"__proto__":{"polluted":1},"nodes"', 'agentTypes[0].states[0].graph.__proto__'],
    ];
    for (const [find, replace, path] of cases) {
      const loaded = loadScene(JSON.stringify(markedScene()).replace(find, replace));
      expect(loaded.ok, path).toBe(false);
      if (!loaded.ok) expect(loaded.errors).toContainEqual({ path, message: 'unknown field' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('other inherited names as parameters are only unknown parameters', () => {
    const doc = markedScene();
    doc.agentTypes[0].states[0].graph.nodes[1].params = { toString: 1, hasOwnProperty: 'x', valueOf: true };
    const loaded = load(doc);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const d = compile(loaded.doc).diagnostics;
    expect(d.map((x) => [x.severity, x.port])).toEqual([
      ['warning', 'toString'],
      ['warning', 'hasOwnProperty'],
      ['warning', 'valueOf'],
    ]);
  });

  it('as ids and target names: a valid scene, whose module runs, snapshots and resumes exactly', async () => {
    const doc = scene(
      [
        agentType(
          '__proto__',
          [node('__proto__', 'wander'), node('constructor', 'follow-path'), node('prototype', 'path', { path: 'constructor' }), node('sum', 'sum'), node('out', 'agent-output')],
          [wire('__proto__.force', 'sum.in0'), wire('prototype.path', 'constructor.path'), wire('constructor.force', 'sum.in1'), wire('sum.force', 'out.force')],
        ),
        agentType('constructor', [node('t', 'named-target', { target: '__proto__' }), node('s', 'seek'), node('out', 'agent-output')], [wire('t.point', 's.target'), wire('s.force', 'out.force')]),
      ],
      { targets: [{ name: '__proto__', x: 5, y: 6 }, { name: 'prototype', x: 7, y: 8 }], paths: [{ id: 'constructor', points: [[10, 10], [500, 300]], loop: true }] },
    );
    const loaded = load(doc);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.doc).toEqual(doc);
    const m = emitModule(loaded.doc);
    expect(m.diagnostics).toEqual([]);
    // (These ids are words the core itself uses, so only the literal's shape is checked here.)
    outsideTheLiteral(m.js, doc);
    const before = globalsNow();
    const mod = await importModule(dir, m.js);
    const world = mod.createWorld();
    world.setTarget('__proto__', 600, 500);
    world.step(30);
    const snap = JSON.parse(JSON.stringify(world.snapshot()));
    expect(Object.keys(snap.types)).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(snap.targets)).toEqual(['__proto__', 'prototype']);
    expect(Object.keys(snap.types.__proto__.memory)).toEqual(['__proto__', 'constructor']);
    const resumed = mod.createWorld({ snapshot: snap });
    world.step(30);
    resumed.step(30);
    for (const id of ['__proto__', 'constructor']) {
      expect(Array.from(resumed.positions(id))).toEqual(Array.from(world.positions(id)));
      expect(Array.from(resumed.velocities(id))).toEqual(Array.from(world.velocities(id)));
    }
    expect(globalsNow()).toEqual(before);
    expect(Object.getPrototypeOf(snap.types)).toBe(Object.prototype);
  });
});

describe('numbers', () => {
  it('written as texts: a parameter is diagnosed, a world field refused', () => {
    const doc = markedScene();
    doc.agentTypes[1].states[0].graph.nodes[1].params = { threshold: '20' };
    const loaded = load(doc);
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(compile(loaded.doc).diagnostics).toEqual([
        { severity: 'error', agentType: 'zqB', nodeId: 'zqFollow', port: 'threshold', path: 'agentTypes[1].states[0].graph.nodes[1].params.threshold', message: 'Waypoint radius must be a number, got "20"' },
      ]);
    }
    for (const [path, set] of [
      ['world.width', (d: SceneDocument) => ((d.world as unknown as Record<string, unknown>).width = '800')],
      ['agentTypes[0].count', (d: SceneDocument) => ((d.agentTypes[0] as unknown as Record<string, unknown>).count = '5')],
      ['world.targets[0].x', (d: SceneDocument) => ((d.world.targets[0] as unknown as Record<string, unknown>).x = '1')],
    ] as const) {
      const bad = markedScene();
      set(bad);
      const r = load(bad);
      expect(r.ok, path).toBe(false);
      if (!r.ok) expect(r.errors[0].path).toBe(path);
    }
  });

  it('±1e308 in parameters: diagnosed as out of range, never emitted', () => {
    const doc = markedScene();
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(node('zqW', 'wander', { distance: 1e308, radius: -1e308 }), node('zqP', 'point', { x: 1e308, y: -1e308 }));
    const loaded = load(doc);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const m = emitModule(loaded.doc);
    expect(m.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      'Distance must be at least 0 px and at most 10000 px, got 1e+308 px',
      'Radius must be at least 0 px and at most 10000 px, got -1e+308 px',
      'x must be at least -10000000 px and at most 10000000 px, got 1e+308 px',
      'y must be at least -10000000 px and at most 10000000 px, got -1e+308 px',
    ]);
    expect(outsideTheLiteral(m.js, loaded.doc)).not.toMatch(/1e\+308/);
  });

  it('±1e308 in the world, and 1e309 (Infinity) anywhere: refused by the loader', () => {
    const base = JSON.stringify(markedScene());
    const cases: [string, string, string][] = [
      ['"width":800', '"width":1e308', 'world.width'],
      ['"x":10,"y":10', '"x":-1e308,"y":10', 'world.targets[0].x'],
      ['"maxSpeed":4', '"maxSpeed":1e308', 'agentTypes[0].maxSpeed'],
      ['"seed":7', '"seed":1e308', 'world.seed'],
      ['"target":"zqGoal"', '"target":"zqGoal","slowingRadius":1e309', 'agentTypes[0].states[0].graph.nodes[0].params.slowingRadius'],
      ['"position":[0,0]', '"position":[1e309,0]', 'agentTypes[0].states[0].graph.nodes[0].position[0]'],
    ];
    for (const [find, replace, path] of cases) {
      expect(base).toContain(find);
      const r = loadScene(base.replace(find, replace));
      expect(r.ok, path).toBe(false);
      if (!r.ok) expect(r.errors[0].path).toBe(path);
    }
  });
});
