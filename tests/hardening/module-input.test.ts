/**
 * Exported module input, the cases tests/module/api.test.ts does not already cover: seeds and counts
 * that are not numbers, not finite, or far too large (a count near 2³⁰ used to pass the check and
 * then exhaust the memory: the system killed the process), prototype names as type ids, and calls
 * naming a type that does not exist with something that is not even a text. All through the module
 * as a game imports it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitModule } from '../../src/compiler/module';
import { importModule, removeDir, tempDir, type BehaviorModule } from '../fixtures/module-files';
import { agentType, node, richScene, scene, wire } from '../fixtures/scenes';

const dir = tempDir('steergraph-module-input-');
let mod: BehaviorModule;
beforeAll(async () => {
  mod = await importModule(dir, emitModule(richScene()).js);
});
afterAll(() => removeDir(dir));

const HAS = 'this scene has "boid", "wolf", "walker"';
const SEED = 'expected a whole number from 0 to 4294967295';

describe('createWorld refuses bad options with a clear error', () => {
  it.each<[string, unknown, string]>([
    ['seed -Infinity', { seed: -Infinity }, `createWorld: seed: ${SEED}, got -Infinity`],
    ['seed 2³²', { seed: 2 ** 32 }, `createWorld: seed: ${SEED}, got 4294967296`],
    ['seed 2⁵³', { seed: 2 ** 53 }, `createWorld: seed: ${SEED}, got 9007199254740992`],
    ['seed null', { seed: null }, `createWorld: seed: ${SEED}, got null`],
    ['count NaN', { counts: { boid: NaN } }, 'createWorld: counts.boid: expected a whole number ≥ 0, got NaN'],
    ['count Infinity', { counts: { boid: Infinity } }, 'createWorld: counts.boid: expected a whole number ≥ 0, got Infinity'],
    ['count as a text', { counts: { wolf: '5' } }, 'createWorld: counts.wolf: expected a whole number ≥ 0, got "5"'],
    ['count null', { counts: { walker: null } }, 'createWorld: counts.walker: expected a whole number ≥ 0, got null'],
    ['count 1e-300', { counts: { boid: 1e-300 } }, 'createWorld: counts.boid: expected a whole number ≥ 0, got 1e-300'],
    ['count over the loader’s 100,000', { counts: { boid: 100_001 } }, 'createWorld: counts.boid: expected a whole number ≤ 100000, got 100001'],
    ['count 10⁹ (was: the process killed for memory)', { counts: { boid: 1e9 } }, 'createWorld: counts.boid: expected a whole number ≤ 100000, got 1000000000'],
    ['type "__proto__" (from JSON)', { counts: JSON.parse('{"__proto__": 3}') }, `createWorld: counts: unknown agent type "__proto__"; ${HAS}`],
    ['type "constructor"', { counts: { constructor: 3 } }, `createWorld: counts: unknown agent type "constructor"; ${HAS}`],
    ['type "toString"', { counts: { toString: 1 } }, `createWorld: counts: unknown agent type "toString"; ${HAS}`],
    ['type with a trailing space', { counts: { 'boid ': 1 } }, `createWorld: counts: unknown agent type "boid "; ${HAS}`],
    ['counts as a text', { counts: 'boid' }, 'createWorld: counts must be an object of agent type id → count'],
    ['counts null', { counts: null }, 'createWorld: counts must be an object of agent type id → count'],
    ['options an array', [], 'createWorld: options must be an object, got object'],
  ])('%s', (_, options, message) => {
    expect(() => mod.createWorld(options as never)).toThrow(message);
  });

  it('and accepts the edges of what is allowed', () => {
    expect(mod.createWorld({ seed: 0 }).tick).toBe(0);
    expect(mod.createWorld({ seed: 2 ** 32 - 1 }).tick).toBe(0);
    const w = mod.createWorld({ counts: { boid: 0, wolf: -0, walker: 1 } });
    expect([w.agents('boid').length, w.agents('wolf').length, w.agents('walker').length]).toEqual([0, 0, 1]);
    expect(mod.createWorld({ counts: Object.create(null) as Record<string, number> }).agents('boid').length).toBe(40);
  });
});

describe('a call naming a type that does not exist says so', () => {
  it.each<[string, unknown, string]>([
    ['a number', 123, 'unknown agent type number 123'],
    ['null', null, 'unknown agent type null null'],
    ['an object', {}, 'unknown agent type object [object Object]'],
    ['"__proto__"', '__proto__', 'unknown agent type "__proto__"'],
    ['"constructor"', 'constructor', 'unknown agent type "constructor"'],
    ['"hasOwnProperty"', 'hasOwnProperty', 'unknown agent type "hasOwnProperty"'],
    ['another case', 'BOID', 'unknown agent type "BOID"'],
  ])('%s', (_, id, message) => {
    const w = mod.createWorld();
    for (const method of ['agents', 'positions', 'velocities', 'computeForces', 'headings', 'drawnHeadings'] as const) {
      expect(() => (w[method] as (x: unknown) => unknown)(id)).toThrow(`${method}: ${message}; ${HAS}`);
    }
    expect(() => w.setCount(id as string, 1)).toThrow(`setCount: ${message}; ${HAS}`);
    // the type parameters' methods (issue 18)
    expect(() => w.paramNames(id as string)).toThrow(`paramNames: ${message}; ${HAS}`);
    expect(() => w.param(id as string, 'fear')).toThrow(`param: ${message}; ${HAS}`);
    expect(() => w.setParam(id as string, 'fear', 1)).toThrow(`setParam: ${message}; ${HAS}`);
    expect(() => w.paramArray(id as string, 'fear')).toThrow(`paramArray: ${message}; ${HAS}`);
  });

  it('setCount refuses counts that are not whole, not finite or too large, and keeps the world as it was', () => {
    const w = mod.createWorld();
    w.step(3);
    const before = Array.from(w.positions('boid'));
    for (const [n, got] of [
      [NaN, 'NaN'],
      [Infinity, 'Infinity'],
      ['3', '"3"'],
      [2.5, '2.5'],
    ] as const) {
      expect(() => w.setCount('boid', n as number)).toThrow(`setCount: boid: expected a whole number ≥ 0, got ${got}`);
    }
    expect(() => w.setCount('boid', 2 ** 31)).toThrow('setCount: boid: expected a whole number ≤ 100000, got 2147483648');
    expect(Array.from(w.positions('boid'))).toEqual(before);
    w.step(3);
    expect(w.positions('boid').every(Number.isFinite)).toBe(true);
  });
});

describe('the type parameters’ methods refuse bad input, naming the method, type, parameter and range, and change nothing', () => {
  let pmod: BehaviorModule;
  beforeAll(async () => {
    const doc = scene([
      agentType('sheep', [node('ptr', 'pointer'), node('seek', 'seek'), { ...node('sc', 'scale'), exposed: { factor: 'fear' } }, node('out', 'agent-output')], [wire('ptr.point', 'seek.target'), wire('seek.force', 'sc.in'), wire('sc.force', 'out.force')], {
        params: [
          { name: 'fear', default: 1, min: 0, max: 4 },
          { name: 'reach', default: 50, min: 10, max: 200, unit: 'px' },
        ],
      }),
      agentType('rock', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')]),
    ]);
    pmod = await importModule(dir, emitModule(doc).js);
  });

  /** Everything a bad call could have changed: the type values, the per-agent arrays, the agents. */
  const everything = (w: ReturnType<BehaviorModule['createWorld']>) => [w.param('sheep', 'fear'), w.param('sheep', 'reach'), Array.from(w.paramArray('sheep', 'fear')), Array.from(w.paramArray('sheep', 'reach')), Array.from(w.positions('sheep')), w.tick];

  it.each<[string, unknown, string]>([
    ['NaN', NaN, 'setParam("sheep", "fear", NaN): expected a number from 0 to 4'],
    ['Infinity', Infinity, 'setParam("sheep", "fear", Infinity): expected a number from 0 to 4'],
    ['above the range', 9, 'setParam("sheep", "fear", 9): expected a number from 0 to 4'],
    ['below the range', -0.5, 'setParam("sheep", "fear", -0.5): expected a number from 0 to 4'],
    ['a text', '2', 'setParam("sheep", "fear", "2"): expected a number from 0 to 4'],
    ['null', null, 'setParam("sheep", "fear", null): expected a number from 0 to 4'],
    ['nothing', undefined, 'setParam("sheep", "fear", undefined): expected a number from 0 to 4'],
    ['an object', { valueOf: () => 2 }, 'setParam("sheep", "fear", an object): expected a number from 0 to 4'],
    ['true', true, 'setParam("sheep", "fear", true): expected a number from 0 to 4'],
  ])('setParam with %s', (_, value, message) => {
    const w = pmod.createWorld();
    w.step(2);
    const before = everything(w);
    expect(() => w.setParam('sheep', 'fear', value as number)).toThrow(message);
    expect(everything(w)).toEqual(before);
  });

  it('the range’s unit is named, and its ends are accepted', () => {
    const w = pmod.createWorld();
    expect(() => w.setParam('sheep', 'reach', 201)).toThrow('setParam("sheep", "reach", 201): expected a number from 10 to 200 px');
    w.setParam('sheep', 'reach', 10);
    w.setParam('sheep', 'reach', 200);
    w.setParam('sheep', 'fear', -0);
    expect([w.param('sheep', 'reach'), Object.is(w.param('sheep', 'fear'), -0)]).toEqual([200, true]);
  });

  it.each<[string, unknown, string]>([
    ['a name the type does not have', 'typo', 'has no parameter "typo"; its parameters: "fear", "reach"'],
    ['another case', 'Fear', 'has no parameter "Fear"; its parameters: "fear", "reach"'],
    ['"__proto__"', '__proto__', 'has no parameter "__proto__"; its parameters: "fear", "reach"'],
    ['a number', 0, 'has no parameter number 0; its parameters: "fear", "reach"'],
    ['null', null, 'has no parameter null null; its parameters: "fear", "reach"'],
  ])('param, setParam and paramArray with %s', (_, name, message) => {
    const w = pmod.createWorld();
    const before = everything(w);
    expect(() => w.param('sheep', name as string)).toThrow(`param: sheep ${message}`);
    expect(() => w.setParam('sheep', name as string, 1)).toThrow(`setParam: sheep ${message}`);
    expect(() => w.paramArray('sheep', name as string)).toThrow(`paramArray: sheep ${message}`);
    expect(everything(w)).toEqual(before);
  });

  it('a type without parameters says so', () => {
    const w = pmod.createWorld();
    expect(w.paramNames('rock')).toEqual([]);
    expect(() => w.setParam('rock', 'fear', 1)).toThrow('setParam: rock has no parameter "fear"; it has no parameters');
  });

  it.each<[string, number, string]>([
    ['NaN', NaN, 'NaN'],
    ['above the range', 4.5, '4.5'],
    ['−Infinity', -Infinity, '-Infinity'],
  ])('a per-agent value written as %s stops step and computeForces, naming agent and range; nothing moves', (_, v, shown) => {
    const w = pmod.createWorld();
    w.step(1);
    const arr = w.paramArray('sheep', 'fear');
    arr[1] = v;
    const before = [Array.from(w.positions('sheep')), Array.from(w.velocities('sheep')), w.tick];
    const message = `agent 1 of "sheep" has parameter "fear" = ${shown} (paramArray("sheep", "fear")[1]); expected a number from 0 to 4. Nothing moved: fix the value.`;
    expect(() => w.step()).toThrow(`step: ${message}`);
    expect(() => w.computeForces('sheep')).toThrow(`computeForces: ${message}`);
    expect([Array.from(w.positions('sheep')), Array.from(w.velocities('sheep')), w.tick]).toEqual(before);
    arr[1] = 2;
    w.step();
    expect(w.tick).toBe(2);
  });
});
