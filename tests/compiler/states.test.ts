/**
 * States compiled and run: a type's Go to State nodes, its states' minimum times and reset on
 * enter, the any-state graph, as the module's API shows them (states, transitions, snapshots), and
 * the compiler's warnings about states. Conditions here are Go to State nodes left unconnected
 * (always), so these tests need no condition node.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld, type BehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import type { AgentType, Connection, GraphNode, SceneDocument, TypeState } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';

/** A state with these nodes (an Agent Output `out` added) and wires. */
function state(name: string, nodes: GraphNode[], wires: Connection[], extra: Partial<TypeState> = {}): TypeState {
  return { name, graph: { nodes: [...nodes, node('out', 'agent-output')], connections: wires }, ...extra };
}

/** A state with no Agent Output (it steers with no force): only these nodes. */
const bare = (name: string, nodes: GraphNode[] = [], extra: Partial<TypeState> = {}): TypeState => ({ name, graph: { nodes, connections: [] }, ...extra });

const seekState = (name: string, to: string, extra: Partial<TypeState> = {}) =>
  state(name, [node('ptr', 'pointer'), node('seek', 'seek'), node('go', 'go-to-state', { state: to })], [wire('ptr.point', 'seek.target'), wire('seek.force', 'out.force')], extra);
const fleeState = (name: string, to: string, extra: Partial<TypeState> = {}) =>
  state(name, [node('ptr', 'pointer'), node('flee', 'flee', { panicDistance: 0 }), node('go', 'go-to-state', { state: to })], [wire('ptr.point', 'flee.target'), wire('flee.force', 'out.force')], extra);

/** Type 'a' with these states (count 5), in a scene with nothing else. */
function withStates(states: TypeState[], over: Partial<AgentType> = {}): SceneDocument {
  const t = agentType('a', [], [], { count: 5, ...over });
  return scene([{ ...t, states, ...over }]);
}

function world(doc: SceneDocument): BehaviorWorld {
  const c = compile(doc);
  expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const w = createBehaviorWorld(doc, instantiate(c));
  w.setPointer(400, 300);
  return w;
}

/** Seek for 30 ticks, flee for 20, seek again: a timer made of minimum times. */
const timer = () => withStates([seekState('seeking', 'fleeing', { minTicks: 30 }), fleeState('fleeing', 'seeking', { minTicks: 20 })]);

describe('a type with states, run', () => {
  it('starts every agent in the first state and switches when the minimum time is reached', () => {
    const w = world(timer());
    expect(w.stateNames('a')).toEqual(['seeking', 'fleeing']);
    expect(Array.from(w.states('a'))).toEqual([0, 0, 0, 0, 0]);
    w.step(30);
    // 30 ticks ran with τ = 0 … 29: the transition is tried at τ = 30, the next tick
    expect(Array.from(w.states('a'))).toEqual([0, 0, 0, 0, 0]);
    w.step(1);
    expect(Array.from(w.states('a'))).toEqual([1, 1, 1, 1, 1]);
    const events = w.transitions();
    expect(events).toHaveLength(5);
    expect(events[0]).toEqual({ tick: 30, type: 'a', index: 0, from: 'seeking', to: 'fleeing' });
    expect(w.transitions()).toEqual([]);
    w.step(20);
    expect(Array.from(w.states('a'))).toEqual([0, 0, 0, 0, 0]);
  });

  it('runs the first state’s forces exactly as a one-state scene of that graph does', () => {
    const one = world(withStates([seekState('seeking', 'seeking')].map((s) => ({ ...s, graph: { ...s.graph, nodes: s.graph.nodes.filter((n) => n.kind !== 'go-to-state') } }))));
    const two = world(timer());
    for (let t = 0; t < 30; t++) {
      one.step();
      two.step();
    }
    expect(Array.from(two.positions('a'))).toEqual(Array.from(one.positions('a')));
    // then the second state flees: the agents turn away from the pointer
    two.step(25);
    one.step(25);
    expect(Array.from(two.positions('a'))).not.toEqual(Array.from(one.positions('a')));
  });

  it('a snapshot carries states and times in state: a resumed world continues bit for bit', () => {
    const doc = timer();
    const a = world(doc);
    a.step(45);
    const snap = JSON.parse(JSON.stringify(a.snapshot()));
    const c = compile(doc);
    const b = createBehaviorWorld(doc, instantiate(c), { snapshot: snap });
    a.step(40);
    b.step(40);
    expect(Array.from(b.states('a'))).toEqual(Array.from(a.states('a')));
    expect(Array.from(b.positions('a'))).toEqual(Array.from(a.positions('a')));
  });

  it('an any-state transition is taken from every state but not into the state the agent is in', () => {
    const doc = withStates([seekState('seeking', 'seeking'), fleeState('fleeing', 'fleeing')].map((s) => ({ ...s, graph: { ...s.graph, nodes: s.graph.nodes.filter((n) => n.kind !== 'go-to-state') } })));
    doc.agentTypes[0].anyState = { nodes: [node('go', 'go-to-state', { state: 'fleeing' })], connections: [] };
    const w = world(doc);
    w.step(1);
    expect(Array.from(w.states('a'))).toEqual([1, 1, 1, 1, 1]);
    expect(w.transitions()).toHaveLength(5);
    w.step(10);
    expect(w.transitions()).toEqual([]);
  });

  it('the Go to State with the lowest order is tried first', () => {
    const doc = withStates([
      bare('start', [node('a', 'go-to-state', { state: 'second', order: 2 }), node('b', 'go-to-state', { state: 'first', order: 1 })]),
      bare('first'),
      bare('second'),
    ]);
    const w = world(doc);
    w.step(1);
    expect(Array.from(w.states('a'))).toEqual([1, 1, 1, 1, 1]);
  });

  it('reset on enter returns the state’s node memory to its defaults; without it, the state resumes', () => {
    const path = { id: 'p', points: [[100, 100], [700, 100], [700, 500], [100, 500], [400, 300]] as [number, number][], loop: true };
    const follow = (extra: Partial<TypeState>) =>
      state('patrol', [node('path', 'path', { path: 'p' }), node('follow', 'follow-path', { threshold: 10000 }), node('go', 'go-to-state', { state: 'rest' })], [wire('path.path', 'follow.path'), wire('follow.force', 'out.force')], { minTicks: 3, ...extra });
    const run = (extra: Partial<TypeState>) => {
      const doc = withStates([follow(extra), bare('rest', [node('go', 'go-to-state', { state: 'patrol' })], { minTicks: 2 })]);
      doc.world.paths = [path];
      const w = world(doc);
      w.step(4);
      const during = w.snapshot().types.a.memory['patrol/follow'];
      w.step(3);
      return { during, after: w.snapshot().types.a.memory['patrol/follow'] };
    };
    const kept = run({});
    const reset = run({ resetOnEnter: true });
    // a threshold of 10,000 px: every tick in the state moves to the next waypoint. Ticks 0–2 in
    // patrol (waypoint 3), 3–4 at rest, 5–6 in patrol again: on from 3, or from 0 after the reset.
    expect(kept.during).toEqual([3, 3, 3, 3, 3]);
    expect(reset.during).toEqual([3, 3, 3, 3, 3]);
    expect(kept.after).toEqual([0, 0, 0, 0, 0]);
    expect(reset.after).toEqual([2, 2, 2, 2, 2]);
  });
});

describe('the compiler on states', () => {
  it('a Go to State naming a missing state is an error on its parameter, listing the states', () => {
    const doc = withStates([seekState('seeking', 'nowhere'), fleeState('fleeing', 'seeking')]);
    const d = compile(doc).diagnostics.filter((x) => x.severity === 'error');
    expect(d).toEqual([
      {
        severity: 'error',
        agentType: 'a',
        state: 0,
        nodeId: 'go',
        port: 'state',
        path: 'agentTypes[0].states[0].graph.nodes[2].params.state',
        message: 'State: "a" has no state "nowhere" (its states: "seeking", "fleeing")',
      },
    ]);
  });

  it('warns about a state no transition leads to', () => {
    const doc = withStates([seekState('seeking', 'seeking'), fleeState('lost', 'seeking')]);
    expect(compile(doc).diagnostics).toEqual([
      { severity: 'warning', agentType: 'a', state: 1, path: 'agentTypes[0].states[1]', message: 'State "lost" is never entered: no Go to State leads to it from the start state "seeking"' },
    ]);
  });

  it('warns about two any-state transitions that always hold, which would switch every tick', () => {
    const doc = withStates([seekState('seeking', 'seeking'), fleeState('fleeing', 'fleeing')]);
    doc.agentTypes[0].anyState = { nodes: [node('g1', 'go-to-state', { state: 'seeking' }), node('g2', 'go-to-state', { state: 'fleeing' })], connections: [] };
    expect(compile(doc).diagnostics.map((d) => [d.severity, d.state, d.nodeId, d.message])).toEqual([
      ['warning', -1, 'g2', 'This and the any-state Go to State to "seeking" always hold: an agent would switch between "seeking" and "fleeing" every tick (give one a condition, or a state a minimum time)'],
    ]);
  });

  it('a state without an Agent Output is a warning: its agents steer with no force', () => {
    const doc = withStates([seekState('seeking', 'idle'), { name: 'idle', graph: { nodes: [], connections: [] } }]);
    expect(compile(doc).diagnostics).toEqual([
      { severity: 'warning', agentType: 'a', state: 1, path: 'agentTypes[0].states[1].graph.nodes', message: 'State "idle" has no Agent Output: its agents steer with no force' },
    ]);
    const w = world(doc);
    w.step(2);
    expect(Array.from(w.computeForces('a')).every((v) => v === 0)).toBe(true);
  });

  it('a type with one state and no Go to State compiles to the code it had before states', () => {
    const doc = withStates([seekState('default', 'default')].map((s) => ({ ...s, graph: { ...s.graph, nodes: s.graph.nodes.filter((n) => n.kind !== 'go-to-state') } })));
    const source = compile(doc).programSource;
    expect(source).not.toContain('ST[i]');
    expect(source).not.toContain('states:');
  });
});

describe('the inspector’s view of a transition', () => {
  it('reads whether a Go to State’s condition holds for the followed agent, and its number', () => {
    const doc = withStates([
      state(
        'graze',
        [node('p', 'pointer'), node('d', 'distance'), node('near', 'compare', { op: 'lt', b: 100 }), node('go', 'go-to-state', { state: 'flee' }), node('w', 'wander')],
        [wire('p.point', 'd.to'), wire('d.value', 'near.a'), wire('near.holds', 'go.when'), wire('w.force', 'out.force')],
      ),
      fleeState('flee', 'flee'),
    ]);
    const c = compile(doc, { probes: true });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const w = createBehaviorWorld(doc, instantiate(c));
    const p = w.positions('a');
    w.follow('a', 0);
    w.setPointer(p[0] + 500 > 800 ? p[0] - 500 : p[0] + 500, p[1]);
    w.step();
    const far = w.probe('a')!;
    expect(far.state).toBe(0);
    expect(far.values.find((v) => v.node === 'near')).toMatchObject({ type: 'condition', state: 0, x: 0 });
    expect(far.values.find((v) => v.node === 'd')?.x).toBeCloseTo(500, 0);
    w.setPointer(p[0] + 10, p[1]);
    w.step();
    const near = w.probe('a')!;
    // it held this tick: the agent went to flee, and the reading says why
    expect(near.state).toBe(1);
    expect(near.values.find((v) => v.node === 'near')).toMatchObject({ type: 'condition', state: 0, x: 1 });
  });
});

describe('random draws', () => {
  it('Chance draws before Wander, whatever the graph’s order (so the stream of draws does not depend on how the graph is wired)', () => {
    const doc = withStates([
      state(
        'only',
        [node('w', 'wander'), node('c', 'chance', { p: 0.5 }), node('if', 'if'), node('sc', 'scale')],
        [wire('w.force', 'sc.in'), wire('c.holds', 'if.when'), wire('if.value', 'sc.factor'), wire('sc.force', 'out.force')],
      ),
    ]);
    const c = compile(doc);
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.programSource).toContain('A.rnd[i * A.draws + 0] < 0.5');
    expect(c.programSource).toMatch(/wander\(s, \d+, A, i, 0, 1,/);
  });
});

describe('a comparison that can never hold', () => {
  const withCompare = (op: string, b: number) =>
    withStates([
      state(
        'graze',
        [node('p', 'pointer'), node('d', 'distance'), node('cmp', 'compare', { op, b }), node('go', 'go-to-state', { state: 'flee' }), node('w', 'wander')],
        [wire('p.point', 'd.to'), wire('d.value', 'cmp.a'), wire('cmp.holds', 'go.when'), wire('w.force', 'out.force')],
      ),
      fleeState('flee', 'flee'),
    ]);

  it('a distance beyond the world’s diagonal, or below 0, is warned about on the node', () => {
    // the fixture world is 800 × 600: its diagonal is 1000 px
    expect(compile(withCompare('gt', 1000)).diagnostics).toEqual([
      {
        severity: 'warning',
        agentType: 'a',
        state: 0,
        nodeId: 'cmp',
        port: 'b',
        path: 'agentTypes[0].states[0].graph.nodes[2].params.b',
        message: 'This comparison can never hold: two points in this 800 × 600 px world are at most 1000 px apart',
      },
    ]);
    expect(compile(withCompare('lt', 0)).diagnostics.map((d) => d.message)).toEqual(['This comparison can never hold: a distance is never below 0 px']);
    expect(compile(withCompare('ge', 1000)).diagnostics).toEqual([]);
    expect(compile(withCompare('lt', 120)).diagnostics).toEqual([]);
  });
});

describe('Follow Path’s Finished condition', () => {
  /** Walkers that follow path `p` and go to "done" when their Follow Path says it is finished. */
  const walk = (points: [number, number][], loop: boolean) => {
    const doc = withStates([
      state(
        'walk',
        [node('path', 'path', { path: 'p' }), node('follow', 'follow-path', { threshold: 15 }), node('go', 'go-to-state', { state: 'done' })],
        [wire('path.path', 'follow.path'), wire('follow.force', 'out.force'), wire('follow.finished', 'go.when')],
      ),
      bare('done'),
    ]);
    doc.world.paths = [{ id: 'p', points, loop }];
    return doc;
  };

  it('holds once a walker is within the waypoint radius of an open path’s last point: it reads the waypoint the node left, and moves it on no further', () => {
    const w = world(walk([[100, 100], [300, 100]], false));
    const arrived = () => {
      const p = w.positions('a');
      return [0, 1, 2, 3, 4].map((i) => Math.hypot(p[2 * i] - 300, p[2 * i + 1] - 100) < 15);
    };
    let ticks = 0;
    while (Array.from(w.states('a')).some((s) => s === 0) && ticks < 5000) {
      const before = Array.from(w.states('a'));
      const near = arrived();
      w.step();
      ticks++;
      // an agent still walking leaves only after a tick that began within 15 px of the end, on the last waypoint
      Array.from(w.states('a')).forEach((s, i) => {
        if (before[i] === 0 && s === 1) expect(near[i]).toBe(true);
      });
    }
    expect(Array.from(w.states('a'))).toEqual([1, 1, 1, 1, 1]);
    expect(w.transitions().every((e) => e.from === 'walk' && e.to === 'done')).toBe(true);
  });

  it('never holds on a looped path; always on an empty one', () => {
    const looped = world(walk([[100, 100], [300, 100]], true));
    looped.step(3000);
    expect(Array.from(looped.states('a'))).toEqual([0, 0, 0, 0, 0]);
    const empty = world(walk([], false));
    empty.step(1);
    expect(Array.from(empty.states('a'))).toEqual([1, 1, 1, 1, 1]);
  });

  it('costs nothing where nothing reads it: a graph that does not wire it compiles as before', () => {
    const doc = withStates([state('only', [node('path', 'path', { path: 'p' }), node('follow', 'follow-path')], [wire('path.path', 'follow.path'), wire('follow.force', 'out.force')])]);
    doc.world.paths = [{ id: 'p', points: [[100, 100], [300, 100]], loop: false }];
    doc.agentTypes[0].states[0].name = 'default';
    expect(compile(doc).programSource).not.toContain('pathFinished(');
  });
});
