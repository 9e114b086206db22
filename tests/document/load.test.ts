import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ERRORS, formatLoadError } from '../../src/document/errors';
import { jsonSyntaxError, loadScene, parseScene, validateScene } from '../../src/document/load';
import type { LoadResult } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { sampleScene } from './helpers';

function messages(r: LoadResult): string[] {
  return r.ok ? [] : r.errors.map(formatLoadError);
}

describe('loadScene', () => {
  it('loads a saved scene as it was saved', () => {
    const doc = sampleScene();
    expect(loadScene(serializeScene(doc))).toStrictEqual({ ok: true, doc, warnings: [] });
  });

  it('fills in the lists a hand-written file leaves out, and only those', () => {
    const text = `{
      "format": "steergraph", "version": 1, "name": "Minimal", "description": "",
      "world": { "width": 400, "height": 300, "edges": "wrap", "seed": 7 },
      "agentTypes": [{ "id": "boid", "name": "Boid", "color": "#336699", "count": 10, "mass": 1, "maxSpeed": 2, "maxForce": 0.05,
                       "graph": { "nodes": [] } }]
    }`;
    const r = loadScene(text);
    if (!r.ok) throw new Error(messages(r).join('\n'));
    expect(r.doc.world).toStrictEqual({ width: 400, height: 300, edges: 'wrap', seed: 7, obstacles: [], paths: [], targets: [] });
    expect(r.doc.agentTypes[0].states[0].graph).toStrictEqual({ nodes: [], connections: [] });
    expect('spawn' in r.doc.agentTypes[0]).toBe(false);
    expect('variation' in r.doc.agentTypes[0]).toBe(false);
    expect('$schema' in r.doc).toBe(false);
  });

  it('does not fill in lists that are there but wrong', () => {
    const text = serializeScene(sampleScene()).replace('"connections": []', '"connections": null');
    expect(messages(loadScene(text))).toEqual(['agentTypes[1].states[0].graph.connections: expected a list of connections, got null']);
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(loadScene(`\ufeff${serializeScene(sampleScene())}`).ok).toBe(true);
  });

  it('says where text is not JSON, by line and column', () => {
    const text = serializeScene(sampleScene()).replace('"seed": 42,', '"seed": 42,,');
    expect(loadScene(text)).toEqual({
      ok: false,
      errors: [{ path: '', message: "not JSON: line 11, column 16: expected a property name in double quotes, found ','" }],
    });
    expect(messages(loadScene(''))).toEqual(['not JSON: line 1, column 1: expected a value, found the end of the text']);
    expect(messages(loadScene('{ "format": True }'))).toEqual(["not JSON: line 1, column 13: expected a value, found 'True'"]);
  });

  it('refuses a file of another format', () => {
    expect(loadScene('{ "format": "blender", "version": 1 }')).toEqual({
      ok: false,
      errors: [{ path: 'format', message: 'expected "steergraph", got "blender" (not a Steergraph scene?)' }],
    });
    expect(messages(loadScene('{ "version": 1 }'))).toEqual(['format: missing; expected "steergraph" (not a Steergraph scene?)']);
  });

  it('refuses a file from a newer Steergraph', () => {
    expect(loadScene('{ "format": "steergraph", "version": 8, "whatever": "comes in version 8" }')).toEqual({
      ok: false,
      errors: [{ path: 'version', message: 'made by a newer Steergraph: version 8, this app reads up to 7' }],
    });
  });

  it('refuses a missing or malformed version', () => {
    const load = (version: string) => messages(loadScene(`{ "format": "steergraph"${version} }`));
    expect(load('')).toEqual(['version: missing; expected the format version, a whole number (this app reads versions 1 to 7)']);
    expect(load(', "version": "1"')).toEqual(['version: expected the format version, a whole number (this app reads versions 1 to 7), got "1"']);
    expect(load(', "version": 1.5')).toEqual(['version: expected the format version, a whole number (this app reads versions 1 to 7), got 1.5']);
    expect(load(', "version": 0')).toEqual(['version: version 0 is older than this app reads (versions 1 to 7)']);
  });

  it('refuses JSON that is not an object', () => {
    for (const [text, got] of [['[]', 'an empty list'], ['"scene"', '"scene"'], ['null', 'null'], ['42', '42']]) {
      expect(messages(loadScene(text))).toEqual([`expected a scene: a JSON object, got ${got}`]);
    }
  });

  it('says what is wrong in words a designer reads, with the path', () => {
    const doc = sampleScene() as unknown as Record<string, any>;
    doc.agentTypes[1].count = -5;
    doc.agentTypes[0].maxSpeed = 'fast';
    doc.world.paths[0].points[2] = [700];
    doc.world.obstacles[0].r = -1;
    delete doc.agentTypes[0].states[0].graph.nodes[1].position;
    expect(messages(loadScene(JSON.stringify(doc)))).toEqual([
      'agentTypes[0].maxSpeed: expected a number from 0 to 10000 px/tick, got "fast"',
      'agentTypes[0].states[0].graph.nodes[1].position: missing; expected a position [x, y]',
      'agentTypes[1].count: expected a whole number from 0 to 100000, got -5',
      'world.obstacles[0].r: expected a number from 0 to 1000000 px, got -1',
      'world.paths[0].points[2][1]: expected a number from -10000000 to 10000000 px, got nothing',
    ]);
  });

  it('sorts errors by path, indices by number', () => {
    const doc = sampleScene();
    doc.agentTypes = Array.from({ length: 12 }, (_, k) => ({ ...sampleScene().agentTypes[1], id: `t${k}`, count: -k - 1 }));
    const paths = loadScene(JSON.stringify(doc));
    expect(paths.ok ? [] : paths.errors.map((e) => e.path)).toEqual(Array.from({ length: 12 }, (_, k) => `agentTypes[${k}].count`));
  });

  it(`returns at most ${MAX_ERRORS} errors, then says how many more there are`, () => {
    const doc = sampleScene();
    doc.world.paths[0].points = Array.from({ length: 70 }, (_, i) => [i, -1e9] as [number, number]);
    const r = loadScene(JSON.stringify(doc));
    if (r.ok) throw new Error('expected errors');
    expect(r.errors).toHaveLength(MAX_ERRORS + 1);
    expect(r.errors[0].path).toBe('world.paths[0].points[0][1]');
    expect(r.errors[MAX_ERRORS - 1].path).toBe('world.paths[0].points[49][1]');
    expect(r.errors[MAX_ERRORS]).toEqual({ path: '', message: '… and 20 more problems' });
  });

  it('stops looking once a garbage file has given enough errors, and says so', () => {
    const doc = sampleScene() as unknown as { world: { paths: { points: unknown[] }[] } };
    doc.world.paths[0].points = Array.from({ length: 10_000 }, () => [true, false]);
    const started = performance.now();
    const r = loadScene(JSON.stringify(doc));
    expect(performance.now() - started).toBeLessThan(5_000);
    if (r.ok) throw new Error('expected errors');
    expect(r.errors).toHaveLength(MAX_ERRORS + 1);
    expect(r.errors[MAX_ERRORS].message).toMatch(/^… and more problems \(checking stopped after the first \d+\)$/);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))), (text) => {
        const r = loadScene(text);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    // Not JavaScript strings at all, for callers without types.
    expect(messages(loadScene(undefined as unknown as string))).toEqual(['expected the text of a scene file, got nothing']);
  });

  it('never throws on near-miss scenes: the sample with one value replaced by anything', () => {
    const text = serializeScene(sampleScene());
    const spots = [...text.matchAll(/: ([^{[\n,][^\n,]*)/g)].map((m) => m.index + 2);
    fc.assert(
      fc.property(fc.constantFrom(...spots), fc.jsonValue(), (at, value) => {
        const end = text.slice(at).search(/,?\n/) + at;
        const r = loadScene(text.slice(0, at) + JSON.stringify(value) + text.slice(end));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseScene and validateScene', () => {
  it('give the same result as loadScene for a parsed value', () => {
    const doc = sampleScene();
    expect(parseScene(doc)).toStrictEqual(loadScene(serializeScene(doc)));
    expect(validateScene(doc)).toStrictEqual(parseScene(doc));
    const bad = { ...doc, name: '' };
    expect(parseScene(bad)).toStrictEqual(loadScene(JSON.stringify(bad)));
  });

  it('never throw, whatever the value', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }), (value) => {
        expect(typeof parseScene(value).ok).toBe('boolean');
        expect(typeof validateScene(value).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on hostile objects: throwing getters, proxies, cycles', () => {
    const doc = sampleScene() as unknown as Record<string, any>;
    Object.defineProperty(doc.world, 'width', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(messages(validateScene(doc))).toEqual(['could not read the scene: boom']);
    expect(messages(parseScene(doc))).toEqual(['could not read the scene: boom']);

    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(messages(parseScene(trap))).toEqual(['could not read the scene: trap']);

    const cyclic = sampleScene() as unknown as Record<string, any>;
    cyclic.agentTypes[0].states[0].graph = cyclic;
    expect(validateScene(cyclic).ok).toBe(false);
  });

  it('refuse values JSON cannot carry', () => {
    const doc = sampleScene() as unknown as Record<string, any>;
    doc.world.targets[0].x = NaN;
    doc.agentTypes[0].states[0].graph.nodes[0].params.panicDistance = -Infinity;
    doc.agentTypes[1].name = () => 'Wolf';
    doc.agentTypes[1].count = 10n;
    expect(messages(validateScene(doc))).toEqual([
      'agentTypes[0].states[0].graph.nodes[0].params.panicDistance: expected a finite number, true, false, a text of at most 200 characters or a list of offsets [ox, oy], got -Infinity',
      'agentTypes[1].count: expected a whole number from 0 to 100000, got 10n',
      'agentTypes[1].name: expected a name of 1 to 200 characters, got a function',
      'world.targets[0].x: expected a number from -10000000 to 10000000 px, got NaN',
    ]);
  });

  it('refuse a list with holes (a sparse array), which JSON cannot carry either', () => {
    // (The lists of points, connections and nodes are first tried item by item on a fast path; a hole is an item too.)
    const doc = sampleScene();
    delete doc.world.paths[0].points[1];
    delete doc.agentTypes[0].states[0].graph.connections[0];
    expect(messages(validateScene(doc))).toEqual([
      'agentTypes[0].states[0].graph.connections[0]: expected a connection: an object { from, to }, got nothing',
      'world.paths[0].points[1]: expected a point [x, y], got nothing',
    ]);
  });

  it('validateScene does not migrate: it takes the current version only', () => {
    expect(messages(validateScene({ ...sampleScene(), version: 0 }))).toEqual(['version: expected 7, got 0']);
  });
});

describe('jsonSyntaxError', () => {
  it('finds the first error of invalid JSON', () => {
    const cases: [string, string][] = [
      ['{"a":}', "line 1, column 6: expected a value, found '}'"],
      ['{\n  "a": 1,\n}', "line 3, column 1: a comma before '}': JSON allows no trailing comma"],
      ['[1,]', "line 1, column 4: a comma before ']': JSON allows no trailing comma"],
      ['[1,2', "line 1, column 5: expected ',' or ']', found the end of the text"],
      ['{"a" 1}', "line 1, column 6: expected ':' after the property name, found '1'"],
      ["{'a': 1}", `line 1, column 2: expected a property name in double quotes, found "'"`],
      ['{"a": "x\ny"}', 'line 1, column 9: a line break or tab inside a text must be written \\n or \\t'],
      ['"abc', 'line 1, column 1: a text (") is never closed'],
      ['"\\x"', 'line 1, column 2: unknown escape \\x in a text'],
      ['"\\u12"', 'line 1, column 2: a \\u escape needs four hex digits'],
      ['{} x', "line 1, column 4: expected the end of the text, found 'x'"],
      ['-', 'line 1, column 1: a malformed number'],
      ['[\n\n  nul]', "line 3, column 3: expected a value, found 'nul'"],
    ];
    for (const [text, expected] of cases) {
      expect(() => JSON.parse(text)).toThrow();
      expect(jsonSyntaxError(text)).toBe(expected);
    }
  });

  it('finds nothing in valid JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonSyntaxError(text)).toBeUndefined();
      }),
    );
    expect(jsonSyntaxError(' { "a" : [ 1 , -2.5e+3 , true , null , { } , [ ] , "\\u00e9\\n" ] } ')).toBeUndefined();
  });

  it('agrees with JSON.parse on random near-JSON', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '1', '-0.5e3', 'true', 'null', ' ', '\n', '"', '\\', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(jsonSyntaxError(text) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});
