import fc from 'fast-check';
import { ID_PATTERN, VERSION } from '../../src/document/types';
import type { AgentType, SceneDocument } from '../../src/document/types';

/** A small valid scene with every optional field present and no value at its default. */
export function sampleScene(): SceneDocument {
  return {
    $schema: './steergraph.schema.json',
    format: 'steergraph',
    version: VERSION,
    name: 'Sheep and wolf',
    description: 'A wolf pursues the flock.',
    world: {
      width: 800,
      height: 600,
      edges: 'bounce',
      seed: 42,
      obstacles: [{ x: 400, y: 300, r: 40, vx: 0.5, vy: -0.25 }],
      paths: [{ id: 'patrol', points: [[100, 100], [700, 100], [700, 500]], loop: true }],
      targets: [{ name: 'gate', x: 780, y: 20 }],
    },
    agentTypes: [
      {
        id: 'sheep',
        name: 'Sheep',
        color: '#e8e8e0',
        count: 40,
        mass: 1.5,
        maxSpeed: 2,
        maxForce: 0.1,
        spawn: { x: 100, y: 150, width: 300, height: 200, speed: 0.25 },
        variation: { maxSpeed: 0.1, maxForce: 0.2 },
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'flee', kind: 'flee', params: { panicDistance: 120, target: 'wolf', enabled: true }, position: [40, 60] },
            { id: 'sum', kind: 'sum', params: {}, position: [260, 60] },
          ],
          connections: [{ from: ['flee', 'force'], to: ['sum', 'in0'] }],
        } }],
      },
      {
        id: 'wolf',
        name: 'Wolf',
        color: '#703020',
        count: 1,
        mass: 2,
        maxSpeed: 3,
        maxForce: 0.2,
        states: [{ name: 'default', graph: { nodes: [{ id: 'pursue', kind: 'pursue', params: { target: 'sheep' }, position: [0, 0] }], connections: [] } }],
      },
    ],
  };
}

/** An agent type with no nodes, for filling a document up to a limit. */
export function bareType(id: string, count = 0): AgentType {
  return { id, name: id, color: '#000000', count, mass: 1, maxSpeed: 1, maxForce: 1, states: [{ name: 'default', graph: { nodes: [], connections: [] } }] };
}

/** Texts that stress JSON: quotes, backslashes, line separators, lone surrogates, astral characters. */
const unit = fc.oneof(
  fc.constantFrom('"', '\\', '\n', '\u2028', '\ud800', '\udfff', '😀', '</script>', '\u0000'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
);
/** A text of `min` to `max` UTF-16 units (each unit above is at most 2 long, hence / 2). */
const text = (min: number, max: number) =>
  fc.string({ unit, minLength: min, maxLength: Math.floor(max / 2) }).filter((s) => s.length >= min && s.length <= max);

/** fc.record, always with Object.prototype (the loader builds plain objects). */
function rec<T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> {
  return fc.record(model, { noNullPrototype: true }) as fc.Arbitrary<T>;
}

const id = fc.stringMatching(ID_PATTERN);
const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const positive = (max: number) => fc.double({ min: 0, max, minExcluded: true, noNaN: true, noDefaultInfinity: true });
const coordinate = num(-10_000_000, 10_000_000);
const point = fc.tuple(coordinate, coordinate);
const paramName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,31}$/).filter((k) => k !== 'constructor' && k !== 'prototype');
// (a list of offsets, Formation's custom slots, since version 7)
const paramValue = fc.oneof(num(-1e300, 1e300), fc.boolean(), text(0, 200), fc.array(point, { maxLength: 6 }));

const node = rec({
  id,
  kind: text(1, 64),
  params: fc.dictionary(paramName, paramValue, { maxKeys: 4, noNullPrototype: true }),
  position: point,
});

const end = fc.tuple(text(0, 64), text(0, 64));

const agentType = rec({
  id,
  name: text(1, 200),
  color: fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
  count: fc.integer({ min: 0, max: 50_000 }),
  mass: positive(1_000_000),
  maxSpeed: num(0, 10_000),
  maxForce: num(0, 10_000),
  spawn: rec({
    x: num(0, 10_000_000),
    y: num(0, 10_000_000),
    width: num(0, 10_000_000),
    height: num(0, 10_000_000),
    speed: num(0, 1),
  }),
  variation: rec({ maxSpeed: num(0, 1), maxForce: num(0, 1) }),
  states: fc.uniqueArray(
    rec({
      name: fc.constantFrom('default', 'graze', 'flee', 'calm'),
      graph: rec({
        nodes: fc.uniqueArray(node, { selector: (n) => n.id, maxLength: 4 }),
        connections: fc.array(rec({ from: end, to: end }), { maxLength: 3 }),
      }),
      minTicks: fc.integer({ min: 0, max: 10_000_000 }),
      resetOnEnter: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3, selector: (s) => s.name },
  ),
});

/** Random valid scenes: every optional field present, values spread over their whole ranges. */
export const arbScene: fc.Arbitrary<SceneDocument> = rec({
  $schema: text(0, 100),
  format: fc.constant('steergraph' as const),
  version: fc.constant(VERSION),
  name: text(1, 200),
  description: text(0, 300),
  world: rec({
    width: positive(1_000_000),
    height: positive(1_000_000),
    edges: fc.constantFrom('wrap' as const, 'bounce' as const),
    seed: fc.integer({ min: 0, max: 4_294_967_295 }),
    obstacles: fc.array(
      rec({ x: coordinate, y: coordinate, r: num(0, 1_000_000), vx: num(-10_000, 10_000), vy: num(-10_000, 10_000) }),
      { maxLength: 3 },
    ),
    paths: fc.uniqueArray(rec({ id, points: fc.array(point, { maxLength: 4 }), loop: fc.boolean() }), {
      selector: (p) => p.id,
      maxLength: 3,
    }),
    targets: fc.uniqueArray(rec({ name: id, x: coordinate, y: coordinate }), { selector: (t) => t.name, maxLength: 3 }),
    // (`solid` only as false: true is the default, which the saver leaves out. A list of none is
    // left out too, so there is at least one wall.)
    walls: fc.uniqueArray(rec({ id, points: fc.array(point, { minLength: 3, maxLength: 4 }), closed: fc.boolean(), solid: fc.constant(false) }), {
      selector: (w) => w.id,
      minLength: 1,
      maxLength: 3,
    }),
  }),
  agentTypes: fc.uniqueArray(agentType, { selector: (t) => t.id, minLength: 1, maxLength: 4 }),
});
