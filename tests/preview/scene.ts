/**
 * Scenes for the preview's tests (unit and browser): a flock that wanders and avoids two
 * obstacles (one drifting), and a few hunters arriving at a named target; plus their module text.
 */
import { compile } from '../../src/compiler/index';
import { moduleSource } from '../../src/compiler/module';
import { VERSION, type SceneDocument } from '../../src/document/types';

/** The test scene; `boids` agents of the first type (60 unless given). */
export function previewScene(boids = 60): SceneDocument {
  return {
    format: 'steergraph',
    version: VERSION,
    name: 'Preview test',
    description: 'A flock among obstacles and hunters going home.',
    world: {
      width: 800,
      height: 600,
      edges: 'wrap',
      seed: 7,
      obstacles: [
        { x: 200, y: 200, r: 40 },
        { x: 560, y: 380, r: 60, vx: 0.3, vy: 0.2 },
      ],
      paths: [
        { id: 'loop', points: [[100, 500], [300, 450], [400, 550], [150, 580]], loop: true },
        { id: 'open', points: [[600, 80], [700, 150], [760, 90]], loop: false },
      ],
      targets: [
        { name: 'home', x: 650, y: 200 },
        { name: 'gate', x: 120, y: 60 },
      ],
    },
    agentTypes: [
      {
        id: 'boid',
        name: 'Boid',
        color: '#5ec8ff',
        count: boids,
        mass: 1,
        maxSpeed: 3,
        maxForce: 0.15,
        variation: { maxSpeed: 0.2 },
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'flock', kind: 'flock', params: { sight: 80 }, position: [0, 0] },
            { id: 'wander', kind: 'wander', params: { distance: 30, radius: 12 }, position: [0, 200] },
            { id: 'obs', kind: 'obstacles', params: {}, position: [0, 400] },
            { id: 'avoid', kind: 'avoid', params: { feelerLength: 120 }, position: [200, 400] },
            { id: 'sum', kind: 'sum', params: { inputs: 4 }, position: [400, 100] },
            { id: 'out', kind: 'agent-output', params: {}, position: [600, 100] },
          ],
          connections: [
            { from: ['flock', 'force'], to: ['sum', 'in0'] },
            { from: ['wander', 'force'], to: ['sum', 'in1'] },
            { from: ['obs', 'obstacles'], to: ['avoid', 'obstacles'] },
            { from: ['avoid', 'force'], to: ['sum', 'in2'] },
            { from: ['sum', 'force'], to: ['out', 'force'] },
          ],
        } }],
      },
      {
        id: 'hunter',
        name: 'Hunter',
        color: '#ff7a59',
        count: 5,
        mass: 1,
        maxSpeed: 2,
        maxForce: 0.1,
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'home', kind: 'named-target', params: { target: 'home' }, position: [0, 0] },
            { id: 'arrive', kind: 'arrive', params: {}, position: [200, 0] },
            { id: 'out', kind: 'agent-output', params: {}, position: [400, 0] },
          ],
          connections: [
            { from: ['home', 'point'], to: ['arrive', 'target'] },
            { from: ['arrive', 'force'], to: ['out', 'force'] },
          ],
        } }],
      },
    ],
  };
}

/** A copy of a scene, changed by `edit`. */
export function edited(scene: SceneDocument, edit: (s: SceneDocument) => void): SceneDocument {
  const copy = structuredClone(scene);
  edit(copy);
  return copy;
}

/** The module text of a scene; throws when it has compiler errors (a test scene must compile). */
export function sourceOf(scene: SceneDocument): string {
  const compiled = compile(scene);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`test scene does not compile: ${errors.map((d) => d.message).join('; ')}`);
  return moduleSource(scene, compiled);
}

/**
 * The flock of `npm run bench` (issue 6 §1) as a scene document: Flock (sight and separation 40,
 * weights 3, 1, 1) plus Wander (distance 10, radius 5, jitter 1) into a Sum, in a square wrap world
 * of 1 boid per 400 px², maxSpeed 1/3 px/tick, maxForce 50/3600 px/tick², spawn speed 0.75 ×
 * maxSpeed, seed 1.
 */
export function benchFlockScene(n: number): SceneDocument {
  const side = Math.sqrt(400 * n);
  return {
    format: 'steergraph',
    version: VERSION,
    name: `Benchmark flock, ${n} boids`,
    description: `${n} boids, 1 per 400 px²: the flock of npm run bench`,
    world: { width: side, height: side, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [
      {
        id: 'boid',
        name: 'Boid',
        color: '#3366cc',
        count: n,
        mass: 1,
        maxSpeed: 1 / 3,
        maxForce: 50 / 3600,
        spawn: { speed: 0.75 },
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'flock', kind: 'flock', params: { sight: 40, separation: 40, separationWeight: 3, alignmentWeight: 1, cohesionWeight: 1 }, position: [0, 0] },
            { id: 'wander', kind: 'wander', params: { distance: 10, radius: 5, jitter: 1 }, position: [0, 200] },
            { id: 'sum', kind: 'sum', params: { inputs: 4, w0: 1, w1: 1 }, position: [300, 100] },
            { id: 'out', kind: 'agent-output', params: {}, position: [600, 100] },
          ],
          connections: [
            { from: ['flock', 'force'], to: ['sum', 'in0'] },
            { from: ['wander', 'force'], to: ['sum', 'in1'] },
            { from: ['sum', 'force'], to: ['out', 'force'] },
          ],
        } }],
      },
    ],
  };
}

/**
 * The test scene with the first type's boids in two states on a timer (Go to State left
 * unconnected, so always, after the state's minimum time): `graze` for 60 ticks, then `run` for
 * 120, and again; the same forces in both. The hunters keep one state.
 */
export function timerScene(boids = 60): SceneDocument {
  return edited(previewScene(boids), (s) => {
    const t = s.agentTypes[0];
    const graph = t.states[0].graph;
    const go = (state: string) => ({ id: 'go', kind: 'go-to-state', params: { state, order: 1 }, position: [600, 300] as [number, number] });
    t.states = [
      { name: 'graze', minTicks: 60, graph: { nodes: [...graph.nodes, go('run')], connections: graph.connections } },
      { name: 'run', minTicks: 120, graph: { nodes: [...structuredClone(graph.nodes), go('graze')], connections: structuredClone(graph.connections) } },
    ];
  });
}
