import { describe, expect, it } from 'vitest';
import type { BehaviorWorld, PackedNumbers } from '../../runtime/api';
import type { SceneDocument } from '../../src/document/types';
import { WARM_UP, WorldHost, warmUp, type BehaviorModule } from '../../src/preview/world-host';
import { edited, previewScene, sourceOf } from './scene';

/** Runs module text the way Node can: a data: URL import (the page uses a Blob URL). */
const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const sources = new Map<SceneDocument, string>();
function source(scene: SceneDocument): string {
  let s = sources.get(scene);
  if (!s) sources.set(scene, (s = sourceOf(scene)));
  return s;
}

const base = previewScene(40);

async function hostWith(scene: SceneDocument, ticks = 0): Promise<WorldHost> {
  const host = new WorldHost(importText);
  expect(await host.load(source(scene))).toEqual({ kind: 'fresh', reason: 'first world' });
  host.world!.step(ticks);
  return host;
}

function values(p: PackedNumbers): number[] {
  return Array.isArray(p) ? p : p.values;
}

function positions(world: BehaviorWorld, id: string): number[] {
  return Array.from(world.positions(id));
}

describe('WorldHost.load', () => {
  it('starts the first world of a module at tick 0', async () => {
    const host = await hostWith(base);
    expect(host.world!.tick).toBe(0);
    expect(host.world!.types).toEqual(['boid', 'hunter']);
    expect(host.targets.get('home')).toEqual([650, 200]);
    expect(host.obstacles).toEqual(base.world.obstacles);
  });

  it('swaps a recompiled module in without a reset: the run continues exactly as if uninterrupted', async () => {
    const host = await hostWith(base, 25);
    const old = host.world!;
    const before = positions(old, 'boid');
    // the same scene recompiled (a colour edit changes nothing the simulation reads)
    const recoloured = edited(base, (s) => (s.agentTypes[0].color = '#00ff00'));
    expect(await host.load(source(recoloured))).toEqual({ kind: 'resumed' });
    expect(host.world).not.toBe(old);
    expect(host.world!.tick).toBe(25);
    expect(positions(host.world!, 'boid')).toEqual(before);
    // and onward, bit for bit like a world that never swapped
    const reference = await hostWith(base, 25 + 40);
    host.world!.step(40);
    expect(positions(host.world!, 'boid')).toEqual(positions(reference.world!, 'boid'));
    expect(positions(host.world!, 'hunter')).toEqual(positions(reference.world!, 'hunter'));
  });

  it('keeps the agents through a graph edit and applies the new behaviour from the next tick', async () => {
    const host = await hostWith(base, 10);
    const before = positions(host.world!, 'boid');
    const next = edited(base, (s) => (s.agentTypes[0].states[0].graph.nodes[1].params.radius = 40));
    expect(await host.load(source(next))).toEqual({ kind: 'resumed' });
    expect(positions(host.world!, 'boid')).toEqual(before);
  });

  it('applies an edited count with setCount, keeping the agents that were there', async () => {
    const host = await hostWith(base, 10);
    const before = positions(host.world!, 'hunter');
    const more = edited(base, (s) => (s.agentTypes[1].count = 8));
    expect(await host.load(source(more))).toEqual({ kind: 'resumed' });
    const after = positions(host.world!, 'hunter');
    expect(after).toHaveLength(16);
    expect(after.slice(0, 10)).toEqual(before);
    expect(host.world!.tick).toBe(10);
  });

  it('replaces the obstacles when the scene’s were edited, else keeps the drifted ones', async () => {
    const host = await hostWith(base, 30);
    const drifted = values(host.world!.snapshot().obstacles);
    // the second obstacle drifts 0.3, 0.2 px per tick
    expect(drifted[5]).toBeCloseTo(560 + 30 * 0.3, 9);

    const other = edited(base, (s) => (s.agentTypes[0].color = '#123456'));
    await host.load(source(other));
    expect(values(host.world!.snapshot().obstacles)).toEqual(drifted);
    expect(host.obstacles[1].x).toBe(drifted[5]);

    const moved = edited(other, (s) => (s.world.obstacles[0] = { x: 300, y: 310, r: 45 }));
    expect(await host.load(source(moved))).toEqual({ kind: 'resumed' });
    expect(values(host.world!.snapshot().obstacles)).toEqual([300, 310, 45, 0, 0, 560, 380, 60, 0.3, 0.2]);
    expect(host.obstacles).toEqual(moved.world.obstacles);
    expect(host.world!.tick).toBe(30);
  });

  it('moves a target whose start was edited and leaves the others where the game put them', async () => {
    const host = await hostWith(base, 5);
    host.setTarget('gate', 11, 22);
    const next = edited(base, (s) => (s.world.targets[0] = { name: 'home', x: 100, y: 150 }));
    await host.load(source(next));
    const t = host.world!.snapshot().targets;
    expect(values(t.home)).toEqual([100, 150]);
    expect(values(t.gate)).toEqual([11, 22]);
    expect([...host.targets]).toEqual([
      ['home', [100, 150]],
      ['gate', [11, 22]],
    ]);
  });

  it('gives agents the edited per-agent limits of a fresh spawn, keeping their state', async () => {
    const host = await hostWith(base, 10);
    const before = positions(host.world!, 'boid');
    const faster = edited(base, (s) => (s.agentTypes[0].maxSpeed = 5));
    expect(await host.load(source(faster))).toEqual({ kind: 'resumed' });
    expect(positions(host.world!, 'boid')).toEqual(before);
    const spawned = (await hostWith(faster)).world!.snapshot().types.boid.maxSpeed;
    expect(host.world!.snapshot().types.boid.maxSpeed).toEqual(spawned);
    expect(Math.min(...values(spawned))).toBeGreaterThan(3 * 1.2);
  });

  it('starts afresh when the world size, edges, seed or agent types change', async () => {
    const edits: [string, (s: SceneDocument) => void][] = [
      ['the world size changed', (s) => (s.world.width = 1000)],
      ['the edges changed', (s) => (s.world.edges = 'bounce')],
      ['the seed changed', (s) => (s.world.seed = 99)],
      ['the agent types changed', (s) => s.agentTypes.pop()],
    ];
    for (const [reason, edit] of edits) {
      const host = await hostWith(base, 10);
      const next = edited(base, edit);
      expect(await host.load(source(next))).toEqual({ kind: 'fresh', reason });
      expect(host.world!.tick).toBe(0);
    }
    const host = await hostWith(base, 10);
    await host.load(source(edited(base, (s) => (s.world.seed = 99))));
    expect(host.world!.snapshot().seed).toBe(99);
  });

  it('starts afresh, quietly, when the new module cannot resume the snapshot (the snapshot path)', async () => {
    const real = (await importText(source(base))) as BehaviorModule;
    const picky: BehaviorModule = {
      scene: real.scene,
      createWorld: (o) => {
        if (o?.snapshot) throw new Error('createWorld: snapshot: version 1 is not supported');
        return real.createWorld(o);
      },
    };
    const h2 = new WorldHost(async (text) => (text === 'picky' ? picky : importText(text)), { direct: false });
    await h2.load(source(base));
    h2.world!.step(10);
    const outcome = await h2.load('picky');
    expect(outcome.kind).toBe('fresh');
    expect(outcome.kind === 'fresh' && outcome.reason).toMatch(/could not be resumed.*version 1 is not supported/);
    expect(h2.world!.tick).toBe(0);
  });

  it('keeps the last good world running when a module fails to load or to start', async () => {
    const host = await hostWith(base, 10);
    const world = host.world;
    const broken = await host.load('export const = ;');
    expect(broken.kind).toBe('error');
    expect(broken.kind === 'error' && broken.message).toMatch(/^The compiled scene did not load: SyntaxError/);
    expect(host.world).toBe(world);

    // a module without an embedded scene is reconciled against the scene the element was given
    const throwing = await host.load('export function createWorld() { throw new Error("boom"); }', base);
    expect(throwing).toEqual({ kind: 'error', message: 'The preview could not start the scene: boom' });
    expect(host.world).toBe(world);

    expect(await host.load('export const x = 1;')).toEqual({
      kind: 'error',
      message: 'The compiled scene did not load: the module exports no createWorld function',
    });
    host.world!.step(1);
    expect(host.world!.tick).toBe(11);
  });

  it('drops a load overtaken by a newer one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const host = new WorldHost(async (text) => {
      if (text === 'slow') await gate;
      return importText(text === 'slow' ? source(base) : text);
    });
    const slow = host.load('slow');
    const recoloured = edited(base, (s) => (s.agentTypes[0].color = '#000000'));
    expect(await host.load(source(recoloured))).toEqual({ kind: 'fresh', reason: 'first world' });
    release();
    expect(await slow).toEqual({ kind: 'stale' });
    expect((host.scene as SceneDocument).agentTypes[0].color).toBe('#000000');
  });
});

describe('WorldHost.reset', () => {
  it('restores tick 0 and the starting positions', async () => {
    const host = await hostWith(base);
    const start = positions(host.world!, 'boid');
    host.world!.step(50);
    expect(host.reset()).toEqual({ kind: 'fresh', reason: 'reset' });
    expect(host.world!.tick).toBe(0);
    expect(positions(host.world!, 'boid')).toEqual(start);
  });

  it('with a seed, starts that seed and keeps it for later resets and swaps', async () => {
    const host = await hostWith(base);
    const start7 = positions(host.world!, 'boid');
    host.reset(1234);
    expect(host.seed).toBe(1234);
    const start1234 = positions(host.world!, 'boid');
    expect(start1234).not.toEqual(start7);
    host.world!.step(5);
    host.reset();
    expect(positions(host.world!, 'boid')).toEqual(start1234);
    // a fresh world forced by an edit keeps the chosen seed too
    await host.load(source(edited(base, (s) => (s.world.width = 900))));
    expect(host.world!.snapshot().seed).toBe(1234);
    // until the scene's own seed is edited
    await host.load(source(edited(base, (s) => (s.world.seed = 5))));
    expect(host.seed).toBe(5);
  });

  it('refuses a bad seed and keeps the world', async () => {
    const host = await hostWith(base, 3);
    const world = host.world;
    const out = host.reset(-1);
    expect(out.kind).toBe('error');
    expect(out.kind === 'error' && out.message).toMatch(/seed/);
    expect(host.world).toBe(world);
  });

  it('keeps the pointer where it was set', async () => {
    const host = await hostWith(base);
    host.setPointer(123, 45);
    host.reset();
    expect(values(host.world!.snapshot().pointer)).toEqual([123, 45]);
  });
});

describe('WorldHost.liveObstacles', () => {
  it('follows drifting obstacles as the world moves them', async () => {
    const host = await hostWith(base, 10);
    const { data, count } = host.liveObstacles();
    expect(count).toBe(2);
    expect(data[5]).toBeCloseTo(563, 9);
    expect(data[6]).toBeCloseTo(382, 9);
  });
});

describe('WorldHost.carry and restore', () => {
  it('carries a running world to another host bit-exactly: the run goes on as if uninterrupted', async () => {
    const host = await hostWith(base, 20);
    host.setPointer(300, 200);
    host.reset(99);
    host.world!.step(15);
    const carry = host.carry()!;
    expect(carry.seedOverride).toBe(99);
    expect(carry.pointer).toEqual([300, 200]);

    const other = new WorldHost(importText);
    expect(await other.restore(carry)).toEqual({ kind: 'resumed' });
    expect(other.world!.tick).toBe(15);
    expect(other.seed).toBe(99);
    expect(other.pointer).toEqual([300, 200]);
    expect(other.targets.get('home')).toEqual([650, 200]);
    expect(other.obstacles).toHaveLength(2);
    host.world!.step(30);
    other.world!.step(30);
    expect(positions(other.world!, 'boid')).toEqual(positions(host.world!, 'boid'));
    expect(positions(other.world!, 'hunter')).toEqual(positions(host.world!, 'hunter'));
    // and an edited module swaps in over the carried world as it would have over the original
    const next = edited(base, (s) => (s.agentTypes[1].count = 7));
    expect(await other.load(source(next))).toEqual({ kind: 'resumed' });
    expect(other.world!.positions('hunter')).toHaveLength(14);
  });

  it('has nothing to carry before a module loaded, and a carry that does not load changes nothing', async () => {
    expect(new WorldHost(importText).carry()).toBeNull();
    const host = await hostWith(base, 5);
    const world = host.world;
    const carry = host.carry()!;
    const out = await host.restore({ ...carry, source: 'export const = ;' });
    expect(out.kind).toBe('error');
    expect(out.kind === 'error' && out.message).toMatch(/^The running world could not be carried over: SyntaxError/);
    expect(host.world).toBe(world);
  });

  it('lets go of its world on clear', async () => {
    const host = await hostWith(base, 5);
    host.clear();
    expect(host.world).toBeNull();
    expect(host.carry()).toBeNull();
  });
});

describe('warmUp', () => {
  it('runs the module on a throwaway world of a few agents, and changes no trajectory', async () => {
    const mod = (await importText(source(base))) as BehaviorModule;
    const made: unknown[] = [];
    const steps: number[] = [];
    const spy: BehaviorModule = {
      createWorld: (options) => {
        made.push(options);
        const w = mod.createWorld(options);
        const step = w.step.bind(w);
        w.step = (n = 1) => (steps.push(n), step(n));
        return w;
      },
    };
    warmUp(spy, base, () => 0);
    expect(made).toEqual([{ counts: { boid: WARM_UP.agents, hunter: WARM_UP.agents } }]);
    expect(steps).toHaveLength(WARM_UP.ticks);
    // a world of the warmed module runs bit for bit like one of a module never warmed
    const cold = ((await importText(`${source(base)}\n// another copy`)) as BehaviorModule).createWorld();
    const warm = mod.createWorld();
    cold.step(60);
    warm.step(60);
    expect(positions(warm, 'boid')).toEqual(positions(cold, 'boid'));
    expect(positions(warm, 'hunter')).toEqual(positions(cold, 'hunter'));
  });

  it('runs before the world of every module imported: by load, and by restore (a world carried to or from the worker)', async () => {
    const calls: string[] = [];
    const logged = async (text: string): Promise<unknown> => {
      const mod = (await importText(text)) as BehaviorModule;
      return { scene: mod.scene, createWorld: (o?: object) => (calls.push(Object.keys(o ?? {}).join() || 'none'), mod.createWorld(o)) };
    };
    const host = new WorldHost(logged);
    expect(await host.load(source(base))).toEqual({ kind: 'fresh', reason: 'first world' });
    host.world!.step(5);
    expect(calls).toEqual(['counts', 'none']);
    calls.length = 0;
    expect(await new WorldHost(logged).restore(host.carry()!)).toEqual({ kind: 'resumed' });
    expect(calls).toEqual(['counts', 'snapshot']);
  });

  it('stops when its time is up, and keeps quiet when the module throws (the real world reports it)', () => {
    let t = 0;
    let ticks = 0;
    const slow: BehaviorModule = { createWorld: () => ({ step: () => void ((t += 3), ticks++) }) as unknown as BehaviorWorld };
    warmUp(slow, base, () => t);
    expect(ticks).toBe(Math.ceil(WARM_UP.ms / 3));
    const broken: BehaviorModule = {
      createWorld: () => {
        throw new Error('no');
      },
    };
    expect(() => warmUp(broken, base)).not.toThrow();
  });

  it('gives a type of fewer agents than the warm-up its own count (none stays none)', () => {
    const made: unknown[] = [];
    const few = edited(base, (s) => {
      s.agentTypes[0].count = 2;
      s.agentTypes[1].count = 0;
    });
    warmUp({ createWorld: (o) => (made.push(o), { step() {} }) as unknown as BehaviorWorld }, few);
    expect(made).toEqual([{ counts: { boid: 2, hunter: 0 } }]);
  });
});
