/**
 * States in an exported module, as a game drives it: the states of its agents, the transitions it
 * reads, setState and signal with their errors, setCount and snapshots, and the .d.ts naming the
 * states. Conditions are Go to State nodes left unconnected (always) with minimum times.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { BehaviorWorld } from '../../runtime/api';
import { emitModule } from '../../src/compiler/module';
import type { SceneDocument } from '../../src/document/types';
import { importModule, removeDir, tempDir } from '../fixtures/module-files';
import { agentType, node, scene, wire } from '../fixtures/scenes';

const dir = tempDir('steergraph-states-');
afterAll(() => removeDir(dir));

/** Sheep that graze (wander) for 60 ticks, then run (seek the pointer) for 30, and again; wolves of one state. */
function grazing(count = 4): SceneDocument {
  const sheep = agentType('sheep', [], [], { count });
  const wolf = agentType('wolf', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')], { count: 1 });
  return scene([
    {
      ...sheep,
      states: [
        {
          name: 'graze',
          minTicks: 60,
          graph: { nodes: [node('w', 'wander'), node('out', 'agent-output'), node('go', 'go-to-state', { state: 'run' })], connections: [wire('w.force', 'out.force')] },
        },
        {
          name: 'run',
          minTicks: 30,
          graph: { nodes: [node('p', 'pointer'), node('s', 'seek'), node('out', 'agent-output'), node('go', 'go-to-state', { state: 'graze' })], connections: [wire('p.point', 's.target'), wire('s.force', 'out.force')] },
        },
      ],
    },
    wolf,
  ]);
}

async function worldOf(doc: SceneDocument, options = {}): Promise<BehaviorWorld> {
  const m = emitModule(doc);
  expect(m.hasErrors).toBe(false);
  return (await importModule(dir, m.js, m.dts)).createWorld(options);
}

describe('a module with states', () => {
  it('names the states, keeps each agent’s state live, and lists the transitions once', async () => {
    const w = await worldOf(grazing());
    expect(w.stateNames('sheep')).toEqual(['graze', 'run']);
    expect(w.stateNames('wolf')).toEqual(['default']);
    const live = w.states('sheep');
    w.step(61);
    expect(Array.from(live)).toEqual([1, 1, 1, 1]);
    expect(w.transitions().map((e) => [e.tick, e.type, e.index, e.from, e.to])).toEqual([0, 1, 2, 3].map((i) => [60, 'sheep', i, 'graze', 'run']));
    expect(w.transitions()).toEqual([]);
    expect(w.transitionsLost).toBe(0);
    w.step(30);
    expect(Array.from(live)).toEqual([0, 0, 0, 0]);
  });

  it('keeps the newest 4,096 transitions and counts the ones it dropped', async () => {
    const w = await worldOf(grazing(5000));
    w.step(61);
    const events = w.transitions();
    expect(events).toHaveLength(4096);
    expect(w.transitionsLost).toBe(5000 - 4096);
    expect(events[0].index).toBe(5000 - 4096);
    expect(events[4095].index).toBe(4999);
  });

  it('setState moves one agent (time in state 0, not logged); bad arguments throw and change nothing', async () => {
    const w = await worldOf(grazing());
    w.step(10);
    w.setState('sheep', 2, 'run');
    expect(Array.from(w.states('sheep'))).toEqual([0, 0, 1, 0]);
    expect(w.transitions()).toEqual([]);
    w.step(30);
    // 30 ticks in run: back to graze at the next tick, a transition
    w.step(1);
    expect(w.transitions().map((e) => [e.index, e.from, e.to])).toEqual([[2, 'run', 'graze']]);
    const before = Array.from(w.states('sheep'));
    expect(() => w.setState('sheep', 0, 'flee')).toThrow('setState: sheep has no state "flee"; its states: "graze", "run"');
    expect(() => w.setState('sheep', 4, 'run')).toThrow('setState: index: expected an agent index from 0 to 3, got 4');
    expect(() => w.setState('sheep', -1, 'run')).toThrow('setState: index: expected an agent index from 0 to 3, got -1');
    expect(() => w.setState('goat', 0, 'run')).toThrow('setState: unknown agent type "goat"; this scene has "sheep", "wolf"');
    expect(Array.from(w.states('sheep'))).toEqual(before);
  });

  it('signal says which signals exist; a type without Signal nodes has none', async () => {
    const w = await worldOf(grazing());
    expect(() => w.signal('sheep', -1, 'alarm')).toThrow('signal: sheep has no signal "alarm"; its graphs have no Signal node');
    expect(() => w.signal('sheep', 9, 'alarm')).toThrow('signal: index: expected an agent index from 0 to 3 or −1 for every agent, got 9');
  });

  it('setCount keeps the states of the agents that stay; new agents start in the first state', async () => {
    const w = await worldOf(grazing());
    w.step(61);
    w.setCount('sheep', 6);
    expect(Array.from(w.states('sheep'))).toEqual([1, 1, 1, 1, 0, 0]);
    w.setCount('sheep', 2);
    expect(Array.from(w.states('sheep'))).toEqual([1, 1]);
  });

  it('a snapshot resumes states and times in state bit for bit', async () => {
    const doc = grazing();
    const a = await worldOf(doc);
    a.step(75);
    const b = await worldOf(doc, { snapshot: JSON.parse(JSON.stringify(a.snapshot())) });
    a.step(100);
    b.step(100);
    expect(Array.from(b.states('sheep'))).toEqual(Array.from(a.states('sheep')));
    expect(Array.from(b.positions('sheep'))).toEqual(Array.from(a.positions('sheep')));
    expect(b.transitions().map((e) => e.tick)).toEqual(a.transitions().map((e) => e.tick).filter((t) => t >= 75));
  });

  it('refuses a snapshot whose states are not states', async () => {
    const doc = grazing();
    const a = await worldOf(doc);
    a.step(5);
    const snap = JSON.parse(JSON.stringify(a.snapshot()));
    snap.types.sheep.states.index[0] = 7;
    await expect(worldOf(doc, { snapshot: snap })).rejects.toThrow('createWorld: snapshot.types.sheep.states.index: expected 4 state indices from 0 to 1');
  });
});

describe('the .d.ts of a module with states', () => {
  const run = promisify(execFile);
  const tsc = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsc');

  it('names each type’s states and refuses one it does not have', async () => {
    const m = emitModule(grazing());
    writeFileSync(path.join(dir, 'graze.behavior.js'), m.js);
    writeFileSync(path.join(dir, 'graze.behavior.d.ts'), m.dts);
    writeFileSync(
      path.join(dir, 'use.ts'),
      `import { createWorld, type TransitionEvent } from './graze.behavior.js';
const world = createWorld();
world.setState('sheep', 0, 'run');
const names: ('graze' | 'run')[] = world.stateNames('sheep');
const events: TransitionEvent[] = world.transitions();
const to: 'graze' | 'run' | 'default' = events[0]!.to;
world.setState('wolf', 0, 'run');
export { names, to };
`,
    );
    const out = await run(tsc, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', 'use.ts'], { cwd: dir }).then(
      () => '',
      (e: { stdout: string }) => e.stdout,
    );
    expect(out).toBe(`use.ts(7,27): error TS2345: Argument of type '"run"' is not assignable to parameter of type '"default"'.\n`);
  });
});
