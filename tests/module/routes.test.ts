/**
 * Routes, dynamic paths and events (docs/module.md, "Routes" and "Events") as a game drives them,
 * run twice: in process (the compiled program bound to runtime/) and through the exported module
 * imported by Node. setPath, setRoute, clearRoute and route; Own Route feeding Follow Path and its
 * finished condition in states; events() with route-finished, Emit Event and transition events in
 * tick order and its overflow count; bad input (the message, and the world unchanged); snapshots.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld, type Snapshot, type SteerEvent, type WorldOptions } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { importModule, removeDir, tempDir, typecheckConsumer } from '../fixtures/module-files';
import { agentType, node, scene, wire } from '../fixtures/scenes';

type Factory = (options?: WorldOptions) => BehaviorWorld;
type Make = (doc: SceneDocument) => Promise<Factory>;

const dir = tempDir('steergraph-routes-');
afterAll(() => removeDir(dir));

const inProcess: Make = async (doc) => {
  const program = instantiate(compile(doc));
  return (options) => createBehaviorWorld(doc, program, options);
};
const imported: Make = async (doc) => {
  const m = emitModule(doc);
  expect(m.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const mod = await importModule(dir, m.js, m.dts);
  return (options) => mod.createWorld(options);
};

/**
 * Couriers in a bounce world: in state "walk" they follow their own route (Own Route, falling back
 * to nothing) and go to "wait" when it is finished; "wait" has no force (they drift on at the speed
 * they arrived with, slowly: the tests read positions as they finish). Porters follow
 * the scene path "lane" (a Path node), which setPath replaces.
 */
function couriers(count = 3): SceneDocument {
  const courier = agentType('courier', [], [], { count, maxSpeed: 3, maxForce: 0.5 });
  const porter = agentType(
    'porter',
    [node('p', 'path', { path: 'lane' }), node('f', 'follow-path', { threshold: 10, slowingRadius: 60 }), node('out', 'agent-output')],
    [wire('p.path', 'f.path'), wire('f.force', 'out.force')],
    { count: 2, maxSpeed: 3, maxForce: 0.5 },
  );
  return scene(
    [
      {
        ...courier,
        states: [
          {
            name: 'wait',
            // (no force: a zero Scale of Seek)
            graph: {
              nodes: [node('ptr', 'pointer'), node('seek', 'seek'), node('zero', 'scale', { factor: 0 }), node('out', 'agent-output')],
              connections: [wire('ptr.point', 'seek.target'), wire('seek.force', 'zero.in'), wire('zero.force', 'out.force')],
            },
          },
          {
            name: 'walk',
            graph: {
              nodes: [node('own', 'own-route'), node('f', 'follow-path', { threshold: 10, slowingRadius: 60 }), node('out', 'agent-output'), node('go', 'go-to-state', { state: 'wait' })],
              connections: [wire('own.path', 'f.path'), wire('f.force', 'out.force'), wire('f.finished', 'go.when')],
            },
          },
        ],
      },
      porter,
    ],
    {
      edges: 'bounce',
      paths: [
        { id: 'lane', points: [[100, 100], [300, 100], [500, 100], [700, 100], [700, 500]], loop: false },
        { id: 'spare', points: [[50, 50]], loop: true },
      ],
    },
  );
}

/** Walkers that follow their own route (falling back to the looped "beat") and report "arrived" (Emit Event fed by Arrived at the goal). */
function walkers(count = 3): SceneDocument {
  return scene(
    [
      agentType(
        'walker',
        [
          node('beat', 'path', { path: 'beat' }),
          node('own', 'own-route'),
          node('f', 'follow-path', { threshold: 10, slowingRadius: 60 }),
          node('goal', 'named-target', { target: 'goal' }),
          node('there', 'arrived', { distance: 12, speed: 0.5 }),
          node('ev', 'emit-event', { name: 'arrived' }),
          node('out', 'agent-output'),
        ],
        [wire('beat.path', 'own.fallback'), wire('own.path', 'f.path'), wire('f.force', 'ev.in'), wire('goal.point', 'there.target'), wire('there.holds', 'ev.when'), wire('ev.force', 'out.force')],
        { count, maxSpeed: 3, maxForce: 0.5 },
      ),
    ],
    { edges: 'bounce', paths: [{ id: 'beat', points: [[100, 100], [700, 100], [700, 500]], loop: true }], targets: [{ name: 'goal', x: 400, y: 300 }] },
  );
}

/** Every number of every type's positions and velocities. */
function state(w: BehaviorWorld): Record<string, number[][]> {
  return Object.fromEntries(w.types.map((id) => [id, [Array.from(w.positions(id)), Array.from(w.velocities(id))]]));
}

function at(w: BehaviorWorld, type: string, i: number): [number, number] {
  const p = w.positions(type);
  return [p[2 * i], p[2 * i + 1]];
}

const near = (p: [number, number], q: [number, number], r: number) => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 <= r * r;

/** Steps until `done` (at most `max` ticks), collecting the events; returns them. */
function runUntil(w: BehaviorWorld, done: (events: SteerEvent[]) => boolean, max = 2000): SteerEvent[] {
  const all: SteerEvent[] = [];
  for (let t = 0; t < max && !done(all); t++) {
    w.step();
    all.push(...w.events());
  }
  return all;
}

describe.each([
  ['in process', inProcess],
  ['imported module', imported],
] as const)('%s', (_, make) => {
  describe('setRoute and Own Route', () => {
    it('an agent without a route is finished ("wait"); given one it walks it, reports it finished once and waits again', async () => {
      const w = (await make(couriers()))();
      w.step();
      // couriers start waiting: nothing happens
      expect(w.events()).toEqual([]);
      expect(Array.from(w.states('courier'))).toEqual([0, 0, 0]);
      w.setRoute('courier', 1, [[200, 200], [600, 200], [600, 450]]);
      expect(w.route('courier', 1)).toEqual([[200, 200], [600, 200], [600, 450]]);
      expect(w.route('courier', 0)).toBeNull();
      w.setState('courier', 1, 'walk');
      const events = runUntil(w, (e) => e.some((x) => x.kind === 'transition' && x.to === 'wait'));
      const finished = events.find((e) => e.kind === 'route-finished')!;
      expect(finished).toMatchObject({ kind: 'route-finished', type: 'courier', index: 1 });
      expect(events.filter((e) => e.kind === 'route-finished')).toHaveLength(1);
      // the Go to State reading Finished takes the agent to "wait" on that tick, the route-finished event first
      expect(events.find((e) => e.kind === 'transition')).toEqual({ tick: finished.tick, kind: 'transition', type: 'courier', index: 1, from: 'walk', to: 'wait' });
      expect(events.indexOf(finished)).toBeLessThan(events.findIndex((e) => e.kind === 'transition'));
      expect(near(at(w, 'courier', 1), [600, 450], 12)).toBe(true);
      // a route finished is reported once: waiting on, nothing more
      w.step(50);
      expect(w.events()).toEqual([]);
    });

    it('a new route restarts at its first waypoint and can finish again; clearRoute takes it away', async () => {
      const w = (await make(couriers(2)))();
      w.setRoute('courier', 0, [[400, 300]]);
      w.setState('courier', 0, 'walk');
      runUntil(w, (e) => e.some((x) => x.kind === 'route-finished'));
      expect(near(at(w, 'courier', 0), [400, 300], 10)).toBe(true);
      w.setRoute('courier', 0, [[100, 300], [100, 500]]);
      w.setState('courier', 0, 'walk');
      w.step(20);
      // heading for the new first waypoint (left of it), not the old route's end
      expect(at(w, 'courier', 0)[0]).toBeLessThan(380);
      const events = runUntil(w, (e) => e.some((x) => x.kind === 'route-finished'));
      expect(events.filter((e) => e.kind === 'route-finished').map((e) => e.index)).toEqual([0]);
      expect(near(at(w, 'courier', 0), [100, 500], 10)).toBe(true);
      w.clearRoute('courier', 0);
      expect(w.route('courier', 0)).toBeNull();
      w.setState('courier', 0, 'walk');
      w.step(2);
      // no route: finished at once, back to waiting (no route-finished: there is no route)
      expect(w.events().map((e) => [e.kind, e.index])).toEqual([['transition', 0]]);
    });

    it('falls back to its Fallback path, and reports arrivals from Emit Event once per arrival', async () => {
      const w = (await make(walkers(2)))();
      w.step(5);
      const p0 = at(w, 'walker', 0);
      w.step(60);
      // without a route: patrolling the beat (moving), no events
      expect(at(w, 'walker', 0)).not.toEqual(p0);
      expect(w.events()).toEqual([]);
      w.setRoute('walker', 0, [[400, 300]]);
      w.setRoute('walker', 1, [[400, 300]]);
      const events = runUntil(w, (e) => e.filter((x) => x.kind === 'event').length === 2);
      const arrivals = events.filter((e) => e.kind === 'event');
      expect(arrivals.map((e) => [e.type, e.name]).sort()).toEqual([
        ['walker', 'arrived'],
        ['walker', 'arrived'],
      ]);
      expect(arrivals.map((e) => e.index).sort()).toEqual([0, 1]);
      expect(events.filter((e) => e.kind === 'route-finished').map((e) => e.index).sort()).toEqual([0, 1]);
      w.step(100);
      expect(w.events()).toEqual([]);
      // away and back: a second arrival
      w.setRoute('walker', 0, [[200, 300]]);
      w.step(200);
      w.setRoute('walker', 0, [[400, 300]]);
      const again = runUntil(w, (e) => e.some((x) => x.kind === 'event'));
      expect(again.filter((e) => e.kind === 'event').map((e) => e.index)).toEqual([0]);
      // in tick order
      const ticks = [...events, ...again].map((e) => e.tick);
      expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
    });

    it('routes grow with setCount: agents kept keep theirs, new ones have none', async () => {
      const w = (await make(couriers(3)))();
      w.setRoute('courier', 2, [[10, 20]]);
      w.setCount('courier', 5);
      expect(w.route('courier', 2)).toEqual([[10, 20]]);
      expect(w.route('courier', 4)).toBeNull();
      w.setCount('courier', 2);
      expect(() => w.route('courier', 2)).toThrow('route: index: expected an agent index from 0 to 1, got 2');
      w.setCount('courier', 3);
      expect(w.route('courier', 2)).toBeNull();
    });
  });

  describe('setPath', () => {
    it('replaces a scene path; an agent past the new last waypoint heads for the last', async () => {
      const w = (await make(couriers()))();
      const porters = w.positions('porter');
      // porter 0 walks the lane to its fourth waypoint (index 3)
      porters.set([100, 100, 300, 100]);
      runUntil(w, () => near(at(w, 'porter', 0), [700, 100], 15), 3000);
      expect(near(at(w, 'porter', 0), [700, 100], 15)).toBe(true);
      w.setPath('lane', [[100, 400], [300, 400]]);
      w.step(300);
      // index 3 or 4 on a path of two points: the last one
      expect(near(at(w, 'porter', 0), [300, 400], 12)).toBe(true);
      // loop omitted keeps the path's own (open: it stays there)
      w.step(100);
      expect(near(at(w, 'porter', 0), [300, 400], 12)).toBe(true);
      w.setPath('lane', [[100, 400], [300, 400], [300, 200]], true);
      w.step(400);
      expect(near(at(w, 'porter', 0), [300, 400], 12)).toBe(false);
    });
  });

  describe('bad input', () => {
    it('every new method names itself and the argument, and leaves the world as it was', async () => {
      const w = (await make(couriers()))();
      w.step(3);
      w.setRoute('courier', 0, [[1, 2]]);
      const before = JSON.stringify(w.snapshot());
      const C = 'from -10000000 to 10000000 px';
      const many = Array.from({ length: 10_001 }, (_, k) => [k, k] as [number, number]);
      const cases: [() => unknown, string][] = [
        [() => w.setPath('road', [[1, 2]]), 'setPath: id: expected the id of a path of the scene ("lane", "spare"), got "road"'],
        [() => w.setPath(3 as never, [[1, 2]]), 'setPath: id: expected the id of a path of the scene ("lane", "spare"), got 3'],
        [() => w.setPath('lane', 'a' as never), 'setPath: points: expected an array of [x, y] points (at most 10000), got "a"'],
        [() => w.setPath('lane', [[1, NaN]]), `setPath: points[0]: expected [x, y] with x and y ${C}, got [1, NaN]`],
        [() => w.setPath('lane', [[1, 2], [Infinity, 2]]), `setPath: points[1]: expected [x, y] with x and y ${C}, got [Infinity, 2]`],
        [() => w.setPath('lane', [[1, 2, 3]] as never), `setPath: points[0]: expected [x, y] with x and y ${C}, got [1, 2, 3]`],
        [() => w.setPath('lane', [{ x: 1, y: 2 }] as never), `setPath: points[0]: expected [x, y] with x and y ${C}, got an object`],
        [() => w.setPath('lane', [[1e8, 0]]), `setPath: points[0]: expected [x, y] with x and y ${C}, got [100000000, 0]`],
        [() => w.setPath('lane', many), 'setPath: points: expected at most 10000 points, got 10001'],
        [() => w.setPath('lane', [[1, 2]], 'yes' as never), "setPath: loop: expected true, false or nothing (keep the path's own), got \"yes\""],
        [() => w.setRoute('sheep', 0, [[1, 2]]), 'setRoute: unknown agent type "sheep"; this scene has "courier", "porter"'],
        [() => w.setRoute('courier', 3, [[1, 2]]), 'setRoute: index: expected an agent index from 0 to 2, got 3'],
        [() => w.setRoute('courier', -1, [[1, 2]]), 'setRoute: index: expected an agent index from 0 to 2, got -1'],
        [() => w.setRoute('courier', 0.5, [[1, 2]]), 'setRoute: index: expected an agent index from 0 to 2, got 0.5'],
        [() => w.setRoute('courier', NaN, [[1, 2]]), 'setRoute: index: expected an agent index from 0 to 2, got NaN'],
        [() => w.setRoute('courier', 0, [[1, 2], [NaN, 0]]), `setRoute: points[1]: expected [x, y] with x and y ${C}, got [NaN, 0]`],
        [() => w.setRoute('courier', 0, [[1, 2], , [3, 4]] as never), `setRoute: points[1]: expected [x, y] with x and y ${C}, got a hole in the array`],
        [() => w.setRoute('courier', 0, null as never), 'setRoute: points: expected an array of [x, y] points (at most 10000), got null'],
        [() => w.setRoute('courier', 0, many), 'setRoute: points: expected at most 10000 points, got 10001'],
        [() => w.clearRoute('porter ', 0), 'clearRoute: unknown agent type "porter "; this scene has "courier", "porter"'],
        [() => w.clearRoute('courier', 7), 'clearRoute: index: expected an agent index from 0 to 2, got 7'],
        [() => w.clearRoute('courier', '0' as never), 'clearRoute: index: expected an agent index from 0 to 2, got "0"'],
        [() => w.route('courier', 3), 'route: index: expected an agent index from 0 to 2, got 3'],
        [() => w.route('Courier', 0), 'route: unknown agent type "Courier"'],
      ];
      for (const [call, message] of cases) expect(call, message).toThrow(message);
      expect(JSON.stringify(w.snapshot())).toBe(before);
      expect(w.route('courier', 0)).toEqual([[1, 2]]);
      // the edges of what is allowed
      w.setRoute('courier', 1, many.slice(0, 10_000));
      w.setPath('spare', [[-10_000_000, 10_000_000]]);
      w.setRoute('courier', 2, []);
    });
  });

  describe('events()', () => {
    it('keeps the newest 4,096 events and counts the ones it dropped', async () => {
      const w = (await make(walkers(5000)))();
      // an empty route is finished at once: 5,000 route-finished events on one tick
      for (let i = 0; i < 5000; i++) w.setRoute('walker', i, []);
      w.step();
      const events = w.events();
      expect(events).toHaveLength(4096);
      expect(w.eventsLost).toBe(5000 - 4096);
      expect(events[0]).toEqual({ tick: 0, kind: 'route-finished', type: 'walker', index: 5000 - 4096 });
      expect(events[4095]).toMatchObject({ index: 4999 });
      w.step();
      expect(w.events()).toEqual([]);
      expect(w.eventsLost).toBe(0);
    });

    it('lists transitions too, and transitions() still reads them on its own', async () => {
      const w = (await make(couriers(2)))();
      w.setState('courier', 0, 'walk');
      w.setState('courier', 1, 'walk');
      w.step();
      const t = { tick: 0, type: 'courier', from: 'walk', to: 'wait' };
      expect(w.events()).toEqual([0, 1].map((index) => ({ ...t, kind: 'transition', index })));
      expect(w.transitions()).toEqual([0, 1].map((index) => ({ ...t, index })));
    });
  });

  describe('snapshot', () => {
    it('carries routes and set paths: a resumed world runs on bit for bit, also through JSON', async () => {
      const create = await make(couriers(4));
      const w = create({ seed: 11 });
      w.step(5);
      w.setPath('lane', [[400, 300], [100, -0]]);
      w.setRoute('courier', 1, [[200, 200], [600, 200], [600, 450]]);
      w.setRoute('courier', 3, [[-0, 100], [700, 500]]);
      w.setState('courier', 1, 'walk');
      w.setState('courier', 3, 'walk');
      w.step(40);
      const snap = w.snapshot();
      expect(snap.types.courier.routes?.[0]).toBeNull();
      expect(snap.paths?.map((p) => p.id)).toEqual(['lane', 'spare']);
      const resumed = create({ snapshot: JSON.parse(JSON.stringify(snap)) as Snapshot });
      expect(resumed.route('courier', 3)).toEqual(w.route('courier', 3));
      expect(Object.is(resumed.route('courier', 3)![0][0], -0)).toBe(true);
      for (const x of [w, resumed]) {
        x.step(100);
        x.setRoute('courier', 0, [[50, 50]]);
        x.setState('courier', 0, 'walk');
        x.step(300);
      }
      expect(state(resumed)).toEqual(state(w));
      expect(resumed.events()).toEqual(w.events().filter((e) => e.tick >= 45));
      expect(resumed.snapshot()).toEqual(w.snapshot());
    });

    it('refuses a snapshot with bad routes or paths', async () => {
      const create = await make(couriers(2));
      const w = create();
      w.setRoute('courier', 0, [[1, 2]]);
      w.setPath('lane', [[3, 4]]);
      const snap = w.snapshot();
      const bad = (edit: (s: Snapshot) => void) => {
        const s = JSON.parse(JSON.stringify(snap)) as Snapshot;
        edit(s);
        return () => create({ snapshot: s });
      };
      expect(bad((s) => (s.types.courier.routes = [null]))).toThrow('createWorld: snapshot.types.courier.routes: expected 2 routes (each null or x0, y0, x1, …)');
      expect(bad((s) => (s.types.courier.routes![0] = [1, 2, 3]))).toThrow('createWorld: snapshot.types.courier.routes[0]: expected x, y per point, at most 10000 points');
      expect(bad((s) => (s.types.courier.routes![0] = [1, 1e9]))).toThrow('createWorld: snapshot.types.courier.routes[0][1]: expected a number from -10000000 to 10000000 px, got 1000000000');
      expect(bad((s) => (s.paths![0].loop = 'no' as never))).toThrow('createWorld: snapshot.paths[0]: expected { id, points, loop }');
    });
  });
});

describe('determinism', () => {
  it('the exported module and the in-process world run the same trajectories with routes set mid-run', async () => {
    const doc = couriers(6);
    const worlds = [(await inProcess(doc))({ seed: 3 }), (await imported(doc))({ seed: 3 })];
    const logs: SteerEvent[][] = [[], []];
    worlds.forEach((w, k) => {
      for (let t = 0; t < 600; t++) {
        if (t % 97 === 13) {
          const i = t % 6;
          w.setRoute('courier', i, [[(t * 31) % 800, (t * 17) % 600], [(t * 7) % 800, (t * 29) % 600]]);
          w.setState('courier', i, 'walk');
        }
        if (t === 250) w.setPath('lane', [[600, 300], [200, 300]], true);
        w.step();
        const events = w.events();
        logs[k].push(...events);
        for (const e of events) if (e.kind === 'route-finished') w.clearRoute(e.type, e.index);
      }
    });
    expect(state(worlds[1])).toEqual(state(worlds[0]));
    expect(logs[1]).toEqual(logs[0]);
    expect(logs[0].some((e) => e.kind === 'route-finished')).toBe(true);
  });
});

describe('the .d.ts', () => {
  it('names the paths and each type’s event names, and types events by their kind', async () => {
    const m = emitModule(walkers());
    writeFileSync(path.join(dir, 'walk.behavior.js'), m.js);
    writeFileSync(path.join(dir, 'walk.behavior.d.ts'), m.dts);
    const out = await typecheckConsumer(
      dir,
      'use-routes',
      `import { createWorld, type Point, type SteerEvent } from './walk.behavior.js';
const world = createWorld();
world.setPath('beat', [[1, 2], [3, 4]], true);
world.setRoute('walker', 0, [[5, 6]]);
const route: Point[] | null = world.route('walker', 0);
world.clearRoute('walker', 0);
const lost: number = world.eventsLost;
for (const e of world.events() as SteerEvent[]) {
  if (e.kind === 'event') { const name: 'arrived' = e.name; void name; }
  if (e.kind === 'transition') { const to: 'default' = e.to; void to; }
  if (e.kind === 'route-finished') { const index: number = e.index; void index; }
}
world.setPath('road', []);
for (const e of world.events()) if (e.kind === 'event' && e.name === 'left') console.log(e);
export { route, lost };
`,
    );
    expect(out).toBe(
      [
        `use-routes.ts(13,15): error TS2345: Argument of type '"road"' is not assignable to parameter of type '"beat"'.`,
        `use-routes.ts(14,59): error TS2367: This comparison appears to be unintentional because the types '"arrived"' and '"left"' have no overlap.`,
        '',
      ].join('\n'),
    );
  });
});
