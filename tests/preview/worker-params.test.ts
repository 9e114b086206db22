import { describe, expect, it } from 'vitest';
import { exposeParam } from '../../src/document/param-commands';
import { FrameWorld } from '../../src/preview/frame-world';
import type { FromWorker, FrameMessage } from '../../src/preview/sim-protocol';
import { WorkerSimulation, type WorkerEnv } from '../../src/preview/worker-simulation';
import type { BehaviorModule } from '../../src/preview/world-host';
import { previewScene, sourceOf } from './scene';

const importText = (source: string): Promise<unknown> =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

const base = previewScene(20);
const scene = exposeParam(base, 'hunter', 'arrive', 'slowingRadius').edit(base);

/** A worker scope whose clock never runs (the test steps). */
class Scope implements WorkerEnv {
  readonly origin = 0;
  posted: FromWorker[] = [];
  post(m: FromWorker): void {
    this.posted.push(m);
  }
  now(): number {
    return 0;
  }
  setTimer(): unknown {
    return 0;
  }
  clearTimer(): void {}
  close(): void {}
  lastFrame(): FrameMessage {
    const f = this.posted.flatMap((m) => (m.type === 'frame' ? [m] : m.type === 'reply' && m.frame ? [m.frame] : [])).at(-1);
    if (!f) throw new Error('no frame yet');
    return f;
  }
}

describe('type parameters in worker mode', () => {
  it('sets a live value from the page’s message, records it, and tells it in the frames; a scene without parameters sends none', async () => {
    const scope = new Scope();
    const sim = new WorkerSimulation(scope, importText);
    await sim.handle({ type: 'load', id: 1, source: sourceOf(scene), scene: null, carry: null });
    await sim.handle({ type: 'play', playing: false });
    const commands = { setPointer() {}, setTarget() {}, setObstacles() {}, setCount() {}, step() {}, setParam() {} };
    const page = new FrameWorld(scope.lastFrame().generation, null, commands);
    page.apply(scope.lastFrame());
    expect(page.param('hunter', 'slowingRadius')).toBe(100);
    await sim.handle({ type: 'step', n: 5 });
    await sim.handle({ type: 'param', seq: 2, typeId: 'hunter', name: 'slowingRadius', value: 420 });
    page.apply(scope.lastFrame());
    expect(scope.lastFrame().seq).toBe(2);
    expect(page.param('hunter', 'slowingRadius')).toBe(420);
    expect(() => page.param('hunter', 'nope')).toThrow(/param: hunter has no parameter "nope"/);
    // the same run in the module directly
    const mod = (await importText(sourceOf(scene))) as BehaviorModule;
    const world = mod.createWorld();
    world.step(5);
    world.setParam('hunter', 'slowingRadius', 420);
    world.step(20);
    await sim.handle({ type: 'step', n: 20 });
    page.apply(scope.lastFrame());
    expect(page.positions('hunter')).toEqual(world.positions('hunter'));
    // recorded: sought back and played on, the same
    await sim.handle({ type: 'seek', tick: 2 });
    await sim.handle({ type: 'step', n: 23 });
    page.apply(scope.lastFrame());
    expect(page.tick).toBe(25);
    expect(page.positions('hunter')).toEqual(world.positions('hunter'));
    // out of range: reported, nothing changes
    await sim.handle({ type: 'param', seq: 3, typeId: 'hunter', name: 'slowingRadius', value: 9000 });
    expect(scope.posted.some((m) => m.type === 'error' && /setParam.*from 5 to 500/.test(m.message))).toBe(true);
    page.apply(scope.lastFrame());
    expect(page.param('hunter', 'slowingRadius')).toBe(420);

    const plain = new Scope();
    await new WorkerSimulation(plain, importText).handle({ type: 'load', id: 1, source: sourceOf(base), scene: null, carry: null });
    expect(plain.lastFrame().params).toBeUndefined();
  });
});
