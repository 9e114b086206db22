import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import type { SceneDocument } from '../../src/document/types';
import { LocalSimulation } from '../../src/preview/simulation-host';
import { Simulation } from '../../src/preview/simulation';
import type { ReplayInput } from '../../src/preview/replay';
import type { BehaviorModule } from '../../src/preview/world-host';
import { compile } from '../../src/compiler/index';
import { moduleSource } from '../../src/compiler/module';
import { edited, previewScene, sourceOf } from './scene';

const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const base = previewScene(30);
const sources = new Map<SceneDocument, string>();
function source(scene: SceneDocument): string {
  let s = sources.get(scene);
  if (!s) sources.set(scene, (s = sourceOf(scene)));
  return s;
}

/** Live input given at some ticks of a run. */
const INPUT: [number, ReplayInput][] = [
  [3, { kind: 'pointer', x: 120, y: 80 }],
  [10, { kind: 'target', name: 'home', x: 300, y: 300 }],
  [17, { kind: 'pointer', x: 500, y: 420 }],
  [25, { kind: 'obstacles', obstacles: [{ x: 400, y: 300, r: 50, vx: 0.5, vy: 0 }] }],
];

/** Runs `ticks` ticks on `advance`, giving INPUT at its ticks through `give`. */
function run(ticks: number, tick: () => number, advance: (n: number) => void, give: (input: ReplayInput) => void): void {
  while (tick() < ticks) {
    for (const [t, input] of INPUT) if (t === tick()) give(input);
    advance(1);
  }
}

/** The module's own world given the same input at the same ticks: what every host must match. */
async function reference(ticks: number): Promise<BehaviorWorld> {
  const mod = (await importText(source(base))) as BehaviorModule;
  const world = mod.createWorld();
  run(
    ticks,
    () => world.tick,
    (n) => world.step(n),
    (input) => {
      if (input.kind === 'pointer') world.setPointer(input.x, input.y);
      else if (input.kind === 'target') world.setTarget(input.name, input.x, input.y);
      else if (input.kind === 'obstacles') world.setObstacles(input.obstacles);
    },
  );
  return world;
}

function state(world: { types: readonly string[]; positions(id: string): Float64Array; velocities(id: string): Float64Array; tick: number }): unknown {
  return { tick: world.tick, types: world.types.map((id) => [Array.from(world.positions(id)), Array.from(world.velocities(id))]) };
}

async function loaded(text = source(base)): Promise<Simulation> {
  const sim = new Simulation(importText);
  const { outcome } = await sim.load(text, undefined);
  expect(outcome).toEqual({ kind: 'fresh', reason: 'first world' });
  sim.recordOutcome(outcome);
  return sim;
}

describe('Simulation (the one the page and the worker run)', () => {
  it('runs the module’s trajectories bit for bit, live input included, with or without the recording and the force overlay', async () => {
    const want = state(await reference(40));
    for (const forces of [false, true]) {
      for (const record of [false, true]) {
        const sim = await loaded();
        if (!record) sim.replay.clear();
        sim.setForces(forces);
        run(
          40,
          () => sim.host.world!.tick,
          (n) => expect(sim.advance(n)).toBeNull(),
          (input) => sim.input(input),
        );
        expect(state(sim.host.world!)).toEqual(want);
        expect(sim.recording !== null).toBe(record);
      }
    }
  });

  it('keeps each tick’s steering forces while the force overlay is on, as the world computes them, and forgets them when it goes off', async () => {
    const sim = await loaded();
    const twin = await loaded();
    sim.setForces(true);
    sim.advance(5);
    twin.advance(4);
    const world = twin.host.world!;
    for (const id of world.types) expect(Array.from(sim.forces.get(id)!)).toEqual(Array.from(world.computeForces(id)));
    sim.setForces(false);
    expect(sim.forces.size).toBe(0);
    sim.advance(1);
    expect(sim.forces.size).toBe(0);
  });

  it('records the run and seeks back into it bit for bit; playing on replays the recorded input', async () => {
    const sim = await loaded();
    const at = new Map<number, unknown>();
    run(
      40,
      () => sim.host.world!.tick,
      (n) => {
        sim.advance(n);
        at.set(sim.host.world!.tick, state(sim.host.world!));
      },
      (input) => sim.input(input),
    );
    expect(sim.recording).toMatchObject({ start: 0, end: 40, inputEnd: 25 });
    expect(sim.ahead).toBe(false);
    expect(sim.seek(12)).toEqual({ kind: 'sought' });
    expect(state(sim.host.world!)).toEqual(at.get(12));
    expect(sim.ahead).toBe(true);
    // the recorded input acts again on the way
    sim.advance(28);
    expect(state(sim.host.world!)).toEqual(at.get(40));
    expect(sim.recording!.end).toBe(40);
  });

  it('cuts the recorded future when live input is given in the past', async () => {
    const sim = await loaded();
    sim.advance(30);
    sim.seek(10);
    sim.input({ kind: 'pointer', x: 1, y: 2 });
    expect(sim.recording).toMatchObject({ end: 10, inputEnd: 10 });
    expect(sim.ahead).toBe(false);
  });

  it('seeks nothing without a recording', async () => {
    const sim = new Simulation(importText);
    expect(sim.seek(3)).toEqual({ kind: 'none' });
    const loadedSim = await loaded();
    loadedSim.replay.clear();
    expect(loadedSim.seek(3)).toEqual({ kind: 'none' });
  });

  it('follows an agent: the probe reads its node outputs at once, and again in a new world (a reset) without being told', async () => {
    // the editor's preview compiles the inspector's probes in
    const sim = await loaded(moduleSource(base, compile(base, { probes: true })));
    expect(sim.probe()).toBeNull();
    sim.follow({ type: 'boid', index: 2 });
    const now = sim.probe();
    expect(now).not.toBeNull();
    expect(Number.isNaN(now!.maxSpeed)).toBe(false);
    sim.advance(1);
    expect(sim.probe()!.maxSpeed).toBeGreaterThan(0);
    const outcome = sim.host.reset();
    sim.recordOutcome(outcome);
    expect(sim.probe()).not.toBeNull();
    sim.follow({ type: 'nobody', index: 0 });
    expect(sim.probe()).toBeNull();
    sim.follow(null);
    expect(sim.probe()).toBeNull();
  });

  it('starts a recording on a fresh world and on the first world carried in; a swapped module carries it on', async () => {
    const sim = await loaded();
    sim.advance(20);
    const swapped = await sim.load(source(edited(base, (s) => (s.agentTypes[0].maxSpeed = 2.5))), undefined);
    expect(swapped.outcome.kind).toBe('resumed');
    sim.recordOutcome(swapped.outcome);
    expect(sim.recording).toMatchObject({ start: 0, end: 20 });

    // carried to another simulation (the other thread): a recording from where it was
    const other = new Simulation(importText);
    const carried = await other.load(source(base), undefined, sim.host.carry());
    expect(carried.carried).toEqual({ kind: 'resumed' });
    other.recordOutcome(carried.outcome);
    expect(other.host.world!.tick).toBe(20);
    expect(other.recording).toMatchObject({ start: 20, end: 20 });
  });

  it('tells what the world threw, instead of throwing', async () => {
    const sim = await loaded();
    const world = sim.host.world!;
    world.step = () => {
      throw new Error('boom');
    };
    sim.replay.clear();
    expect(sim.advance(1)).toBe('The simulation stopped: boom');
  });
});

describe('LocalSimulation (the page’s host)', () => {
  it('runs the same trajectories as the module, its ticks through the page’s loop, and reports what it measured', async () => {
    const measured: number[] = [];
    let host: LocalSimulation;
    const steps: number[] = [];
    host = new LocalSimulation(
      importText,
      (n) => {
        steps.push(n);
        host.advance(n);
      },
      { measured: (_ms, n) => measured.push(n), stopped: (m) => expect.fail(m) },
    );
    expect(await host.load(source(base), null)).toEqual({ kind: 'fresh', reason: 'first world' });
    expect(host.recording).toMatchObject({ start: 0, end: 0 });
    run(
      40,
      () => host.world!.tick,
      (n) => host.step(n),
      (input) => host.input(input),
    );
    expect(steps).toHaveLength(40);
    expect(state(host.world!)).toEqual(state(await reference(40)));
    host.ticked(1, 3);
    expect(measured).toEqual([3]);
    expect(host.animationFrame()).toBe(true);
    expect(host.timing({ msPerTick: 0.5, ticksPerSecond: 60 }, true)).toEqual({ msPerTick: 0.5, ticksPerSecond: 60 });
  });

  it('tells the page when the simulation stopped', async () => {
    const stopped: string[] = [];
    const host = new LocalSimulation(importText, () => {}, { measured: () => {}, stopped: (m) => stopped.push(m) });
    await host.load(source(base), null);
    host.world!.step = () => {
      throw new Error('bad');
    };
    host.restartRecording();
    host.sim.replay.clear();
    host.advance(1);
    expect(stopped).toEqual(['The simulation stopped: bad']);
  });

  it('lets go of its world and recording when the other thread takes over, and resumes a carried world', async () => {
    const a = new LocalSimulation(importText, () => {}, { measured: () => {}, stopped: () => {} });
    await a.load(source(base), null);
    a.advance(15);
    const carry = await a.carry();
    a.dispose();
    expect(a.world).toBeNull();
    expect(a.recording).toBeNull();
    const b = new LocalSimulation(importText, () => {}, { measured: () => {}, stopped: () => {} });
    expect(await b.restore(carry!)).toEqual({ kind: 'resumed' });
    expect(await b.load(source(base), null)).toEqual({ kind: 'resumed' });
    expect(b.world!.tick).toBe(15);
    expect(b.recording).toMatchObject({ start: 15 });
  });
});
