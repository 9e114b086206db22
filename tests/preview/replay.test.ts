import { describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { Recorder, give, keyframeInterval, type RecorderOptions, type ReplayInput } from '../../src/preview/replay';
import { storeSnapshot, storedBytes } from '../../src/preview/stored-snapshot';
import { WorldHost, type BehaviorModule } from '../../src/preview/world-host';
import { edited, previewScene, sourceOf } from './scene';

const importText = async (source: string): Promise<BehaviorModule> =>
  (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as BehaviorModule;

/** The preview's test scene with hunters that arrive at the Pointer (so pointer input matters). */
const scene = edited(previewScene(40), (s) => {
  const g = s.agentTypes[1].states[0].graph;
  g.nodes.push({ id: 'ptr', kind: 'pointer', params: {}, position: [0, 100] });
  g.nodes.push({ id: 'seek', kind: 'seek', params: {}, position: [200, 100] });
  g.nodes.push({ id: 'sum', kind: 'sum', params: { inputs: 4 }, position: [300, 0] });
  g.connections = [
    { from: ['home', 'point'], to: ['arrive', 'target'] },
    { from: ['ptr', 'point'], to: ['seek', 'target'] },
    { from: ['arrive', 'force'], to: ['sum', 'in0'] },
    { from: ['seek', 'force'], to: ['sum', 'in1'] },
    { from: ['sum', 'force'], to: ['out', 'force'] },
  ];
});
/** The same scene with another Wander: a graph edit. */
const editedScene = edited(scene, (s) => {
  s.agentTypes[0].states[0].graph.nodes[1].params = { distance: 30, radius: 40 };
});

/** The input the "user" gives, by tick: the Pointer moves often, a target and the obstacles now and then. */
function inputAt(tick: number): ReplayInput[] {
  const out: ReplayInput[] = [];
  if (tick % 7 === 3) out.push({ kind: 'pointer', x: 100 + ((tick * 37) % 600), y: 80 + ((tick * 53) % 440) });
  if (tick === 40) out.push({ kind: 'target', name: 'home', x: 150, y: 500 });
  if (tick === 90) out.push({ kind: 'obstacles', obstacles: [{ x: 400, y: 300, r: 50, vx: -0.2, vy: 0 }] });
  return out;
}

/** Everything that moves, as numbers (positions and velocities of every type). */
function state(world: BehaviorWorld): number[] {
  return world.types.flatMap((id) => [...world.positions(id), ...world.velocities(id)]);
}

/** Bit for bit: Object.is per number (tells −0 from 0). */
function same(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((v, k) => Object.is(v, b[k]));
}

/**
 * Runs `ticks` ticks of `mod` the way the preview does (live input given through the recorder; each step
 * between beforeStep and afterStep) and returns the recorder and the state at every tick.
 */
async function record(ticks: number, options: RecorderOptions = {}, input = inputAt) {
  const mod = await importText(sourceOf(scene));
  const world = mod.createWorld();
  const rec = new Recorder(options);
  rec.begin(world, mod);
  const states: number[][] = [state(world)];
  for (let t = 0; t < ticks; t++) {
    for (const i of input(t)) {
      rec.input(world.tick, i, world);
    }
    rec.beforeStep(world, mod, world);
    world.step(1);
    rec.afterStep(world, mod);
    states.push(state(world));
  }
  return { mod, world, rec, states };
}

/** Plays `world` on for `ticks` ticks like the preview, feeding the recording's input. */
function play(rec: Recorder, world: BehaviorWorld, mod: BehaviorModule, ticks: number): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < ticks; k++) {
    rec.beforeStep(world, mod, world);
    world.step(1);
    rec.afterStep(world, mod);
    out.push(state(world));
  }
  return out;
}

describe('keyframeInterval', () => {
  it('is 10 ticks for small worlds and grows with the agent count above 1,500', () => {
    expect(keyframeInterval(50)).toBe(10);
    expect(keyframeInterval(1500)).toBe(10);
    expect(keyframeInterval(3000)).toBe(20);
    expect(keyframeInterval(20000)).toBe(134);
  });
});

describe('Recorder.seek', () => {
  it('gives every recorded tick bit for bit as the run had it, input included', async () => {
    const { mod, rec, states } = await record(250);
    expect(rec.start).toBe(0);
    expect(rec.end).toBe(250);
    for (const t of [0, 1, 3, 4, 39, 40, 41, 89, 90, 91, 100, 137, 249, 250]) {
      const w = rec.seek(t, mod)!;
      expect(w.tick).toBe(t);
      expect(same(state(w), states[t]), `tick ${t}`).toBe(true);
    }
  });

  it('clamps to the recorded range', async () => {
    const { mod, rec } = await record(30);
    expect(rec.seek(-5, mod)!.tick).toBe(0);
    expect(rec.seek(99, mod)!.tick).toBe(30);
  });

  it('plays on from a sought tick exactly as the run went, replaying the logged input', async () => {
    const { mod, rec, states } = await record(200);
    const w = rec.seek(73, mod)!;
    const after = play(rec, w, mod, 127);
    expect(w.tick).toBe(200);
    expect(same(after[126], states[200])).toBe(true);
    expect(same(after[30], states[104])).toBe(true);
    // replaying over the recorded stretch keeps the recording as it was
    expect(rec.end).toBe(200);
    expect(same(state(rec.seek(150, mod)!), states[150])).toBe(true);
  });
});

describe('Recorder memory', () => {
  it('holds the keyframes to a byte budget, thinning evenly, and every tick still seeks exactly', async () => {
    const probe = await record(0);
    const bytes = storedBytes(storeSnapshot(probe.world.snapshot()));
    const { mod, rec, states } = await record(1200, { budgetBytes: 12 * bytes });
    expect(rec.keyframeBytes).toBeLessThanOrEqual(12 * bytes);
    const ticks = rec.keyframeTicks;
    expect(ticks.length).toBeLessThanOrEqual(12);
    expect(ticks[0]).toBe(0);
    // thinned evenly: no gap more than about twice the mean
    const gaps = ticks.slice(1).map((t, k) => t - ticks[k]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual((2.5 * 1200) / ticks.length);
    for (const t of [5, 333, 777, 1199]) expect(same(state(rec.seek(t, mod)!), states[t]), `tick ${t}`).toBe(true);
  });

  it('holds the keyframes to a count', async () => {
    const { rec } = await record(600, { maxKeyframes: 8 });
    expect(rec.keyframeTicks.length).toBeLessThanOrEqual(8);
    expect(rec.start).toBe(0);
  });

  it('starts the recording later when the input log is full', async () => {
    const { mod, rec, states } = await record(400, { maxInputTicks: 20 }, (t) => [{ kind: 'pointer', x: t, y: 300 }]);
    expect(rec.start).toBeGreaterThan(0);
    expect(same(state(rec.seek(rec.start + 3, mod)!), states[rec.start + 3])).toBe(true);
  });
});

describe('Recorder: live input and graph edits', () => {
  it('cuts the recorded future when the user gives input from an earlier tick', async () => {
    const { mod, rec, states } = await record(200);
    expect(rec.hasFuture(100)).toBe(true);
    const w = rec.seek(100, mod)!;
    const live: ReplayInput = { kind: 'pointer', x: 20, y: 20 };
    rec.input(100, live, w);
    expect(rec.end).toBe(100);
    expect(rec.inputEnd).toBe(100);
    expect(rec.hasFuture(100)).toBe(false);
    const after = play(rec, w, mod, 50);
    expect(same(after[49], states[150])).toBe(false);
    // the new run is what is recorded now
    expect(rec.end).toBe(150);
    expect(same(state(rec.seek(150, mod)!), after[49])).toBe(true);
    expect(same(state(rec.seek(100, mod)!), states[100])).toBe(true);
  });

  it('does not record input the world refuses, and keeps the recorded future then', async () => {
    const { mod, rec, states } = await record(200);
    const w = rec.seek(100, mod)!;
    expect(() => rec.input(100, { kind: 'target', name: 'nowhere', x: 1, y: 2 }, w)).toThrow(/nowhere/);
    expect(rec.end).toBe(200);
    expect(rec.hasFuture(100)).toBe(true);
    // played on, the run is the recorded one (the refused input is not replayed to fail again)
    const after = play(rec, w, mod, 50);
    expect(same(after[49], states[150])).toBe(true);
  });

  it('re-runs an edited graph from an earlier tick with the recorded input, and keeps the time before it', async () => {
    const { mod, rec, states } = await record(200);
    const editedMod = await importText(sourceOf(editedScene));
    // scrub back to 100, then the graph edit swaps in keeping the world (as WorldHost.load does)
    const back = rec.seek(100, mod)!;
    const swapped = editedMod.createWorld({ snapshot: back.snapshot() });
    rec.adopt(swapped, editedMod);
    expect(rec.end).toBe(100);
    expect(rec.inputEnd).toBeGreaterThan(100);
    expect(same(state(swapped), states[100])).toBe(true);
    const rerun = play(rec, swapped, editedMod, 100);
    expect(same(rerun[49], states[150])).toBe(false);

    // the same: the edited graph run by hand from the state at 100, with the same input
    const ref = editedMod.createWorld({ snapshot: back.snapshot() });
    for (let t = 100; t < 200; t++) {
      for (const i of inputAt(t)) give(i, ref);
      ref.step(1);
    }
    expect(same(state(ref), rerun[99])).toBe(true);

    // the re-run is recorded; the time before the edit still seeks as it was, in the old graph
    expect(rec.end).toBe(200);
    expect(same(state(rec.seek(150, editedMod)!), rerun[49])).toBe(true);
    expect(same(state(rec.seek(60, editedMod)!), states[60])).toBe(true);
  });

  it('playing from before a graph edit runs the current graph from there', async () => {
    const { mod, rec, states } = await record(100);
    const editedMod = await importText(sourceOf(editedScene));
    const at80 = mod.createWorld({ snapshot: rec.seek(80, mod)!.snapshot() });
    rec.adopt(editedMod.createWorld({ snapshot: at80.snapshot() }), editedMod);
    play(rec, rec.seek(80, editedMod)!, editedMod, 20);
    // back to 30 (before the edit): the state as the old graph had it, carried into the new one
    const w = rec.seek(30, editedMod)!;
    expect(same(state(w), states[30])).toBe(true);
    play(rec, w, editedMod, 10);
    expect(rec.end).toBe(40);
    expect(same(state(w), states[40])).toBe(false);
  });

  it('a new recording forgets the old one', async () => {
    const { mod, rec, world } = await record(50);
    rec.begin(mod.createWorld(), mod);
    expect([rec.start, rec.end, rec.inputEnd]).toEqual([0, 0, -1]);
    rec.clear();
    expect(rec.recording).toBe(false);
    expect(rec.seek(10, mod)).toBeNull();
    expect(world.tick).toBe(50);
  });
});

describe('WorldHost.replaceWorld', () => {
  it('runs the given world and takes its pointer, targets and obstacles as the ones last set', async () => {
    const { mod, rec } = await record(120);
    const host = new WorldHost(importText);
    await host.load(sourceOf(scene));
    const w = rec.seek(100, mod)!;
    host.replaceWorld(w);
    expect(host.world).toBe(w);
    // input of ticks 94 and 90 and 40 (see inputAt): the pointer, the obstacles, the target
    expect(host.pointer).toEqual([100 + ((94 * 37) % 600), 80 + ((94 * 53) % 440)]);
    expect(host.targets.get('home')).toEqual([150, 500]);
    expect(host.obstacles).toHaveLength(1);
    expect(host.obstacles[0].x).toBeCloseTo(400 - 0.2 * 10, 9);
    expect(host.obstacles[0].r).toBe(50);
  });
});

describe('the modules a recording holds', () => {
  it('stay bounded over many graph edits: older graphs’ spans go, with their modules, and what is left replays bit for bit', async () => {
    const { mod, world, rec } = await record(20);
    const modules: BehaviorModule[] = [mod];
    const states = new Map<number, number[]>();
    // 200 edits, each a module of its own (as each recompile imports one), 5 ticks apart
    for (let e = 0; e < 200; e++) {
      const next: BehaviorModule = { createWorld: (o) => mod.createWorld(o) };
      modules.push(next);
      rec.adopt(world, next);
      play(rec, world, next, 5);
      states.set(world.tick, state(world));
      expect(rec.moduleCount).toBeLessThanOrEqual(32);
    }
    expect(rec.moduleCount).toBe(32);
    expect(rec.heldBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    // the first graphs' modules are let go; the last 32 are held
    expect(modules.filter((m) => rec.holds(m))).toEqual(modules.slice(-32));
    expect(rec.start).toBe(20 + 168 * 5);
    const last = modules[modules.length - 1];
    for (const t of [rec.start + 5, rec.start + 60, world.tick - 1]) {
      const want = states.get(t) ?? null;
      if (want) expect(same(state(rec.seek(t, last)!), want)).toBe(true);
    }
  });

  it('count against the budget: a recording of many graphs keeps fewer keyframes', async () => {
    const budgetBytes = 4 * 1024 * 1024;
    const { mod, world, rec } = await record(10, { budgetBytes, moduleBytes: 512 * 1024, maxKeyframes: 10_000 });
    for (let e = 0; e < 20; e++) {
      const next: BehaviorModule = { createWorld: (o) => mod.createWorld(o) };
      rec.adopt(world, next);
      play(rec, world, next, 40);
      expect(rec.heldBytes).toBeLessThanOrEqual(budgetBytes);
    }
    // at most half the budget goes to modules: 4 earlier graphs and the running one
    expect(rec.moduleCount).toBe(5);
  });

  it('are one per distinct graph: an edit back to an earlier graph (an undo) runs the module already held', async () => {
    const host = new WorldHost(importText);
    const rec = new Recorder();
    const a = sourceOf(scene);
    const b = sourceOf(editedScene);
    await host.load(a);
    const first = host.module!;
    rec.begin(host.world!, first);
    for (const [k, source] of [b, a, b, a, b, a].entries()) {
      expect((await host.load(source)).kind).toBe('resumed');
      rec.adopt(host.world!, host.module!);
      play(rec, host.world!, host.module!, 10 + k);
    }
    expect(host.module).toBe(first);
    expect(rec.moduleCount).toBe(2);
  });
});
