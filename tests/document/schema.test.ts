import { describe, expect, it } from 'vitest';
import { formatLoadError } from '../../src/document/errors';
import { validateScene } from '../../src/document/load';
import { RANGES, rangeMessage } from '../../src/document/schema';
import type { Range } from '../../src/document/schema';
import { sampleScene } from './helpers';

/** sampleScene() with the value at `path` (`agentTypes[0].count`) replaced, or deleted for `undefined`. */
function withValue(path: string, value: unknown): unknown {
  const doc = sampleScene() as unknown as Record<string, unknown>;
  const keys = [...path.matchAll(/[^.[\]]+/g)].map((m) => (/^\d+$/.test(m[0]) ? Number(m[0]) : m[0]));
  let at: Record<string | number, unknown> = doc;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = keys[keys.length - 1];
  if (value === undefined) delete at[last];
  else at[last] = value;
  return doc;
}

/** The formatted errors of validating `value`, or [] when it is valid. */
function errorsOf(value: unknown): string[] {
  const r = validateScene(value);
  return r.ok ? [] : r.errors.map(formatLoadError);
}

const numberFields: [string, Range][] = [
  ['world.width', RANGES.worldSize],
  ['world.height', RANGES.worldSize],
  ['world.seed', RANGES.seed],
  ['world.obstacles[0].x', RANGES.coordinate],
  ['world.obstacles[0].y', RANGES.coordinate],
  ['world.obstacles[0].r', RANGES.obstacleRadius],
  ['world.obstacles[0].vx', RANGES.obstacleVelocity],
  ['world.obstacles[0].vy', RANGES.obstacleVelocity],
  ['world.paths[0].points[1][0]', RANGES.coordinate],
  ['world.targets[0].y', RANGES.coordinate],
  ['agentTypes[0].count', RANGES.count],
  ['agentTypes[0].mass', RANGES.mass],
  ['agentTypes[0].maxSpeed', RANGES.maxSpeed],
  ['agentTypes[0].maxForce', RANGES.maxForce],
  ['agentTypes[0].spawn.x', RANGES.spawnRect],
  ['agentTypes[0].spawn.height', RANGES.spawnRect],
  ['agentTypes[0].spawn.speed', RANGES.spawnSpeed],
  ['agentTypes[0].variation.maxSpeed', RANGES.variation],
  ['agentTypes[0].variation.maxForce', RANGES.variation],
  ['agentTypes[1].states[0].graph.nodes[0].position[1]', RANGES.coordinate],
];

describe('number ranges', () => {
  it.each(numberFields)('%s accepts its bounds and refuses what lies beyond', (path, r) => {
    const expected = (got: string) => [`${path}: ${rangeMessage(r)}, got ${got}`];
    expect(errorsOf(withValue(path, r.max))).toEqual([]);
    if (r.exclusiveMin) {
      expect(errorsOf(withValue(path, r.min))).toEqual(expected(String(r.min)));
      expect(errorsOf(withValue(path, Number.MIN_VALUE))).toEqual([]);
    } else {
      expect(errorsOf(withValue(path, r.min))).toEqual([]);
    }
    const below = r.min - 1;
    const above = r.max + 1;
    expect(errorsOf(withValue(path, below))).toEqual(expected(String(below)));
    expect(errorsOf(withValue(path, above))).toEqual(expected(String(above)));
    if (r.whole) expect(errorsOf(withValue(path, r.min + 0.5))).toEqual(expected(String(r.min + 0.5)));
    expect(errorsOf(withValue(path, '5'))).toEqual(expected('"5"'));
  });

  it.each(numberFields)('%s refuses NaN and ±Infinity, which only a JavaScript value can carry', (path, r) => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(errorsOf(withValue(path, bad))).toEqual([`${path}: ${rangeMessage(r)}, got ${bad}`]);
    }
  });

  it('words ranges the way the runtime contract reads', () => {
    expect(rangeMessage(RANGES.count)).toBe('expected a whole number from 0 to 100000');
    expect(rangeMessage(RANGES.mass)).toBe('expected a number greater than 0 and at most 1000000');
    expect(rangeMessage(RANGES.maxSpeed)).toBe('expected a number from 0 to 10000 px/tick');
    expect(rangeMessage(RANGES.variation)).toBe('expected a fraction from 0 to 1');
  });

  it('keeps spawn x and y at 0 or more, as the runtime requires', () => {
    expect(errorsOf(withValue('agentTypes[0].spawn.y', -1))).toEqual([
      'agentTypes[0].spawn.y: expected a number from 0 to 10000000 px, got -1',
    ]);
  });
});

describe('texts and names', () => {
  it('takes names of 1 to 200 characters', () => {
    expect(errorsOf(withValue('name', 'x'.repeat(200)))).toEqual([]);
    expect(errorsOf(withValue('agentTypes[1].name', ''))).toEqual(['agentTypes[1].name: expected a name of 1 to 200 characters, got ""']);
    expect(errorsOf(withValue('name', 'x'.repeat(201)))).toEqual(['name: expected a name of 1 to 200 characters, got a text of 201 characters']);
  });

  it('takes a description of up to 5000 characters, empty included', () => {
    expect(errorsOf(withValue('description', ''))).toEqual([]);
    expect(errorsOf(withValue('description', 'd'.repeat(5000)))).toEqual([]);
    expect(errorsOf(withValue('description', 'd'.repeat(5001)))).toEqual([
      'description: expected a text of at most 5000 characters, got a text of 5001 characters',
    ]);
  });

  it('takes ids, path ids and target names matching ID_PATTERN', () => {
    const message = 'expected an id: a letter or _, then up to 63 letters, digits, _ or -';
    for (const path of ['agentTypes[0].id', 'agentTypes[0].states[0].graph.nodes[1].id', 'world.paths[0].id', 'world.targets[0].name']) {
      expect(errorsOf(withValue(path, '_a-B9'))).toEqual([]);
      expect(errorsOf(withValue(path, 'a'.repeat(64)))).toEqual([]);
      expect(errorsOf(withValue(path, '9lives'))).toEqual([`${path}: ${message}, got "9lives"`]);
      expect(errorsOf(withValue(path, 'two words'))).toEqual([`${path}: ${message}, got "two words"`]);
      expect(errorsOf(withValue(path, 'a'.repeat(65)))).toEqual([`${path}: ${message}, got a text of 65 characters`]);
    }
  });

  it('takes colors as #rrggbb only', () => {
    expect(errorsOf(withValue('agentTypes[0].color', '#A0b1C2'))).toEqual([]);
    for (const bad of ['red', '#abc', '#abcdeg', '#aabbccdd']) {
      expect(errorsOf(withValue('agentTypes[0].color', bad))).toEqual([`agentTypes[0].color: expected a color "#rrggbb", got ${JSON.stringify(bad)}`]);
    }
  });

  it('takes edges "wrap" or "bounce"', () => {
    expect(errorsOf(withValue('world.edges', 'wrap'))).toEqual([]);
    expect(errorsOf(withValue('world.edges', 'Wrap'))).toEqual(['world.edges: expected "wrap" or "bounce", got "Wrap"']);
  });

  it('takes any node kind of 1 to 64 characters: an unknown kind is the compiler’s to report', () => {
    expect(errorsOf(withValue('agentTypes[0].states[0].graph.nodes[0].kind', 'no-such-kind'))).toEqual([]);
    expect(errorsOf(withValue('agentTypes[0].states[0].graph.nodes[0].kind', 'k'.repeat(64)))).toEqual([]);
    expect(errorsOf(withValue('agentTypes[0].states[0].graph.nodes[0].kind', ''))).toEqual([
      'agentTypes[0].states[0].graph.nodes[0].kind: expected a node kind of 1 to 64 characters, got ""',
    ]);
  });

  it('allows $schema at the top only', () => {
    expect(errorsOf(withValue('$schema', undefined))).toEqual([]);
    expect(errorsOf(withValue('$schema', 3))).toEqual(['$schema: expected a text of at most 2000 characters, got 3']);
    expect(errorsOf(withValue('world.$schema', 'x'))).toEqual(['world.$schema: unknown field']);
  });
});

describe('parameters', () => {
  const params = 'agentTypes[0].states[0].graph.nodes[0].params';
  const valueMessage = 'expected a finite number, true, false, a text of at most 200 characters or a list of offsets [ox, oy]';

  it('takes finite numbers, booleans and texts of up to 200 characters, unchecked against the kind', () => {
    const value = { slowingRadius: -1e300, enabled: false, target: 'x'.repeat(200), not_a_param_of_flee: 3 };
    expect(errorsOf(withValue(params, value))).toEqual([]);
  });

  it('refuses other values', () => {
    const cases: [unknown, string][] = [
      [null, 'null'],
      [{}, 'an object'],
      ['y'.repeat(201), 'a text of 201 characters'],
      [Infinity, 'Infinity'],
      [NaN, 'NaN'],
    ];
    for (const [value, got] of cases) {
      expect(errorsOf(withValue(`${params}.weight`, value))).toEqual([`${params}.weight: ${valueMessage}, got ${got}`]);
    }
  });

  it('takes a list of up to 256 offsets [ox, oy] (Formation’s custom slots, since version 7), and names a bad one by its index', () => {
    const slots = Array.from({ length: 256 }, (_, k) => [-k, k % 7 === 0 ? -0.5 : 12]);
    expect(errorsOf(withValue(`${params}.slots`, slots))).toEqual([]);
    expect(errorsOf(withValue(`${params}.slots`, []))).toEqual([]);
    const offsets = 'expected a list of at most 256 offsets [ox, oy], px';
    const pair = 'expected an offset [ox, oy]: two numbers from -10000000 to 10000000 px';
    expect(errorsOf(withValue(`${params}.slots`, [...slots, [1, 2]]))).toEqual([`${params}.slots: ${offsets}, got a list of 257 items`]);
    expect(errorsOf(withValue(`${params}.slots`, [[1, 2], [3]]))).toEqual([`${params}.slots[1][1]: expected a number from -10000000 to 10000000 px, got nothing`]);
    expect(errorsOf(withValue(`${params}.slots`, [[1, 2], [3, 4, 5]]))).toEqual([`${params}.slots[1]: ${pair}, got a list of 3 items`]);
    expect(errorsOf(withValue(`${params}.slots`, [[1, 'x']]))).toEqual([`${params}.slots[0][1]: expected a number from -10000000 to 10000000 px, got "x"`]);
    expect(errorsOf(withValue(`${params}.slots`, [[NaN, 0], [0, Infinity], [2e7, 0]]))).toEqual([
      `${params}.slots[0][0]: expected a number from -10000000 to 10000000 px, got NaN`,
      `${params}.slots[1][1]: expected a number from -10000000 to 10000000 px, got Infinity`,
      `${params}.slots[2][0]: expected a number from -10000000 to 10000000 px, got 20000000`,
    ]);
  });

  it('takes names of a letter then up to 31 letters, digits or _', () => {
    const message = 'expected a parameter name: a letter, then up to 31 letters, digits or _';
    expect(errorsOf(withValue(params, { [`a${'_'.repeat(31)}`]: 1 }))).toEqual([]);
    expect(errorsOf(withValue(params, { [`a${'_'.repeat(32)}`]: 1 }))).toEqual([
      `${params}.a________________________________: ${message}, got "a________________________________"`,
    ]);
    expect(errorsOf(withValue(params, { 'max-speed': 1 }))).toEqual([`${params}["max-speed"]: ${message}, got "max-speed"`]);
    expect(errorsOf(withValue(params, { _x: 1 }))).toEqual([`${params}._x: ${message}, got "_x"`]);
  });

  it('refuses a list where the parameters belong', () => {
    expect(errorsOf(withValue(params, []))).toEqual([`${params}: expected the parameters: an object, got an empty list`]);
  });
});

describe('connections', () => {
  const c = 'agentTypes[0].states[0].graph.connections[0]';
  const message = 'expected [node id, port], each a text of at most 64 characters';

  it('takes a connection to a missing node or port: the compiler reports it', () => {
    expect(errorsOf(withValue(`${c}.to`, ['nowhere', 'nothing']))).toEqual([]);
    expect(errorsOf(withValue(`${c}.from`, ['', 'p'.repeat(64)]))).toEqual([]);
  });

  it('refuses ends that are not two short texts', () => {
    expect(errorsOf(withValue(`${c}.from`, ['flee', 'p'.repeat(65)]))).toEqual([`${c}.from[1]: ${message}, got a text of 65 characters`]);
    expect(errorsOf(withValue(`${c}.from`, ['flee', 'force', 'x']))).toEqual([`${c}.from: ${message}, got a list of 3 items`]);
    expect(errorsOf(withValue(`${c}.to`, ['sum']))).toEqual([`${c}.to[1]: ${message}, got nothing`]);
    expect(errorsOf(withValue(`${c}.to`, 'sum.in0'))).toEqual([`${c}.to: ${message}, got "sum.in0"`]);
  });
});

describe('shapes', () => {
  it('refuses unknown fields at every level, suggesting the field meant', () => {
    const doc = sampleScene() as unknown as Record<string, any>;
    doc.author = 'me';
    doc.world.gravity = 1;
    doc.world.obstacles[0].radius = 3;
    doc.agentTypes[0].colour = '#ffffff';
    doc.agentTypes[0].spawn.w = 3;
    doc.agentTypes[0].states[0].graph.nodes[0].pos = [0, 0];
    doc.agentTypes[0].states[0].graph.connections[0].weight = 1;
    doc.agentTypes[1].MaxForce = 1;
    expect(errorsOf(doc)).toEqual([
      'agentTypes[0].colour: unknown field (did you mean "color"?)',
      'agentTypes[0].spawn.w: unknown field',
      'agentTypes[0].states[0].graph.connections[0].weight: unknown field',
      'agentTypes[0].states[0].graph.nodes[0].pos: unknown field',
      'agentTypes[1].MaxForce: unknown field (did you mean "maxForce"?)',
      'author: unknown field',
      'world.gravity: unknown field',
      'world.obstacles[0].radius: unknown field',
    ]);
  });

  it('refuses `__proto__` and `constructor` as unknown fields', () => {
    const doc = JSON.parse(JSON.stringify(sampleScene()).replace('"world":{', '"world":{"__proto__":{"x":1},"constructor":2,'));
    expect(errorsOf(doc)).toEqual(['world.__proto__: unknown field']);
  });

  it('says what is missing and what belongs there', () => {
    expect(errorsOf(withValue('agentTypes[0].maxForce', undefined))).toEqual([
      'agentTypes[0].maxForce: missing; expected a number from 0 to 10000 px/tick²',
    ]);
    expect(errorsOf(withValue('world.paths[0].loop', undefined))).toEqual(['world.paths[0].loop: missing; expected true or false']);
    expect(errorsOf(withValue('agentTypes[1].states[0].graph', undefined))).toEqual([
      'agentTypes[1].states[0].graph: missing; expected a graph: an object { nodes, connections }',
    ]);
  });

  it('refuses lists where objects belong and objects where lists belong', () => {
    expect(errorsOf(withValue('world', []))).toEqual(['world: expected the world: an object { width, height, edges, seed }, got an empty list']);
    expect(errorsOf(withValue('agentTypes[0].spawn', [1, 2]))).toEqual([
      'agentTypes[0].spawn: expected a spawn rectangle: an object { x, y, width, height, speed, shape }, got a list of 2 items',
    ]);
    expect(errorsOf(withValue('agentTypes', {}))).toEqual(['agentTypes: expected a list of agent types, got an object']);
    expect(errorsOf(withValue('world.paths[0].points', { 0: [1, 2] }))).toEqual([
      'world.paths[0].points: expected a list of points [x, y], got an object',
    ]);
  });

  it('takes an empty scene: no agent types, no nodes', () => {
    const doc = sampleScene();
    doc.agentTypes = [];
    expect(errorsOf(doc)).toEqual([]);
  });

  it('returns a fresh copy that shares no object with the value it checked', () => {
    const input = sampleScene();
    const r = validateScene(input);
    if (!r.ok) throw new Error('expected a valid scene');
    expect(r.doc).toStrictEqual(input);
    expect(r.doc).not.toBe(input);
    expect(r.doc.world.paths[0].points[0]).not.toBe(input.world.paths[0].points[0]);
    expect(r.doc.agentTypes[0].states[0].graph.nodes[0].params).not.toBe(input.agentTypes[0].states[0].graph.nodes[0].params);
  });
});
