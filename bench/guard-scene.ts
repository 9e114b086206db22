/**
 * The states bar's scene (issue 16, "Bars"; docs/performance.md, "States"): guards that patrol a
 * looped path, chase the nearest thief they see, search (wander) for a few seconds, and go back.
 * Three states, four conditions in each (Sees, a Distance compared, Time in State compared,
 * Chance), combined by And / Or / Not into Go to State nodes. Thieves wander.
 *
 * `guardScene(n)` is the full scene; `guardScene(n, 'chase')` the same world with the guards in
 * that one state only: its forces, no condition and no transition (a one-state type, compiled to
 * the code of a scene without states). `guardScene(n, 'chase', true)` keeps that state's four
 * conditions and Go to State nodes, all leading back to it: the conditions' cost in one state.
 */
import { VERSION, type SceneDocument } from '../src/document/types';
import { BENCH_SCENE, GraphBuilder } from './scene';

export const GUARD_STATES = ['patrol', 'chase', 'search'] as const;
export type GuardState = (typeof GUARD_STATES)[number];

/** The forces of a state: what the state runs alone. */
function forces(g: GraphBuilder, state: GuardState): void {
  g.node('out', 'agent-output');
  if (state === 'patrol') {
    g.node('path', 'path', { path: 'beat' });
    g.node('follow', 'follow-path', { threshold: 20 });
    g.wire('path.path', 'follow.path');
    g.wire('follow.force', 'out.force');
  } else if (state === 'chase') {
    g.node('thief', 'nearest-agent', { agentType: 'thief', radius: 300 });
    g.node('pursue', 'pursue');
    g.wire('thief.agent', 'pursue.target');
    g.wire('pursue.force', 'out.force');
  } else {
    g.node('wander', 'wander', { distance: 10, radius: 5, jitter: 1 });
    g.wire('wander.force', 'out.force');
  }
}

/** The four conditions of a state (Sees, Distance compare, Time in State compare, Chance) and its Go to State nodes. */
function transitions(g: GraphBuilder, state: GuardState): void {
  if (state !== 'chase') g.node('thief', 'nearest-agent', { agentType: 'thief', radius: 300 });
  g.node('sees', 'sees', { range: 120, fov: 90 });
  g.wire('thief.agent', 'sees.target');
  g.node('dist', 'distance');
  g.wire('thief.agent', 'dist.to');
  g.node('near', 'compare', { op: state === 'chase' ? 'gt' : 'lt', b: state === 'chase' ? 250 : 60 });
  g.wire('dist.value', 'near.a');
  g.node('tis', 'time-in-state');
  g.node('long', 'compare', { op: 'ge', b: state === 'patrol' ? 600 : state === 'chase' ? 30 : 180 });
  g.wire('tis.value', 'long.a');
  g.node('chance', 'chance', { p: state === 'patrol' ? 0.002 : state === 'chase' ? 0.004 : 0.005 });
  const go = (id: string, to: GuardState, order: number, when: string) => {
    g.node(id, 'go-to-state', { state: to, order });
    g.wire(when, `${id}.when`);
  };
  if (state === 'patrol') {
    // sees a thief, or one is very close: chase; patrolled long and a whim: search
    g.node('spot', 'or', { inputs: 2 });
    g.wire('sees.holds', 'spot.in0');
    g.wire('near.holds', 'spot.in1');
    go('toChase', 'chase', 1, 'spot.holds');
    g.node('bored', 'and', { inputs: 2 });
    g.wire('long.holds', 'bored.in0');
    g.wire('chance.holds', 'bored.in1');
    go('toSearch', 'search', 2, 'bored.holds');
  } else if (state === 'chase') {
    // lost sight of it (after half a second), or it got away: search; gives up on a whim: patrol
    g.node('lost', 'not');
    g.wire('sees.holds', 'lost.in');
    g.node('gone', 'and', { inputs: 2 });
    g.wire('lost.holds', 'gone.in0');
    g.wire('long.holds', 'gone.in1');
    go('toSearch', 'search', 1, 'gone.holds');
    go('away', 'search', 2, 'near.holds');
    go('giveUp', 'patrol', 3, 'chance.holds');
  } else {
    // sees it again, or bumps into it: chase; three seconds, or a whim: patrol again
    g.node('spot', 'or', { inputs: 2 });
    g.wire('sees.holds', 'spot.in0');
    g.wire('near.holds', 'spot.in1');
    go('toChase', 'chase', 1, 'spot.holds');
    go('done', 'patrol', 2, 'long.holds');
    go('whim', 'patrol', 3, 'chance.holds');
  }
}

/** `n` guards (1 per 400 px², the bench density) and n / 200 wandering thieves; `only`: one state, no transitions. */
export function guardScene(n: number, only?: GuardState, conditions = false): SceneDocument {
  const side = Math.sqrt(BENCH_SCENE.areaPerAgent * n);
  const states = (only ? [only] : GUARD_STATES).map((name) => {
    const g = new GraphBuilder();
    forces(g, name);
    if (!only || conditions) transitions(g, name);
    if (only) for (const x of g.nodes) if (x.kind === 'go-to-state') x.params.state = only;
    return { name, graph: { nodes: g.nodes, connections: g.connections } };
  });
  const thief = new GraphBuilder();
  thief.node('wander', 'wander', { distance: 10, radius: 5, jitter: 1 });
  thief.node('out', 'agent-output');
  thief.wire('wander.force', 'out.force');
  const ring = (k: number): [number, number] => [side * (0.5 + 0.4 * [1, 0.7071, 0, -0.7071, -1, -0.7071, 0, 0.7071][k]), side * (0.5 + 0.4 * [0, 0.7071, 1, 0.7071, 0, -0.7071, -1, -0.7071][k])];
  return {
    format: 'steergraph',
    version: VERSION,
    name: only ? `Guards: ${only} alone${conditions ? ', with its conditions' : ''}` : 'Guards',
    description: `${n} guards (patrol, chase, search) and ${Math.round(n / 200)} thieves`,
    world: { width: side, height: side, edges: 'wrap', seed: 1, obstacles: [], paths: [{ id: 'beat', points: Array.from({ length: 8 }, (_, k) => ring(k)), loop: true }], targets: [] },
    agentTypes: [
      { id: 'guard', name: 'Guard', color: '#3366cc', count: n, mass: 1, maxSpeed: 1, maxForce: 0.05, spawn: { speed: 0.5 }, states },
      { id: 'thief', name: 'Thief', color: '#cc3333', count: Math.round(n / 200), mass: 1, maxSpeed: 1.2, maxForce: 0.05, spawn: { speed: 0.5 }, states: [{ name: 'default', graph: { nodes: thief.nodes, connections: thief.connections } }] },
    ],
  };
}
