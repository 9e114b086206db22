/**
 * One test per kind of compiler diagnostic: severity, agent type, node, port, JSON path and the
 * sentence a designer reads. Then what a designer notices about a graph with errors: its type stands
 * still while the others run, and the scene still saves and reopens.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../runtime/api';
import { compile, formatDiagnostic, type Diagnostic } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { MAX_DIAGNOSTICS_PER_GRAPH } from '../../src/compiler/diagnostics';
import type { Connection, GraphNode, SceneWall, SceneWorld } from '../../src/document/types';
import { agentType, node, scene, seekPointerScene, wire } from '../fixtures/scenes';

/** The diagnostics of one agent type 'a' with this graph. */
function diagnose(nodes: GraphNode[], connections: Connection[], world: Partial<SceneWorld> = {}): Diagnostic[] {
  return compile(scene([agentType('a', nodes, connections), agentType('b', [node('w', 'wander'), node('out', 'agent-output')], [wire('w.force', 'out.force')])], world)).diagnostics;
}

/** Seek(Pointer) → Agent Output, with `extra` nodes appended (indices 3, 4, …) and wired in by `wires`. */
function withSeek(extra: GraphNode[] = [], wires: Connection[] = [wire('seek.force', 'out.force')], world: Partial<SceneWorld> = {}): Diagnostic[] {
  return diagnose([node('ptr', 'pointer'), node('seek', 'seek'), node('out', 'agent-output'), ...extra], [wire('ptr.point', 'seek.target'), ...wires], world);
}

/** A node feeding the output through `port`, with the parameters given: its diagnostics. */
function param(kind: string, params: GraphNode['params'], world: Partial<SceneWorld> = {}): Diagnostic[] {
  return diagnose([node('n', kind, params), node('out', 'agent-output')], [wire('n.force', 'out.force')], world);
}

const at = (k: number, rest = '') => `agentTypes[0].states[0].graph.nodes[${k}]${rest}`;

describe('node diagnostics', () => {
  it('an unknown kind', () => {
    expect(withSeek([node('tp', 'teleport')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'tp', path: at(3, '.kind'), message: 'Unknown node kind "teleport": this version of Steergraph has no such node' },
      { severity: 'warning', agentType: 'a', nodeId: 'tp', path: at(3), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });

  it('an unknown kind wired into a graph is reported once, not also as a missing input and a dead node', () => {
    const d = diagnose([node('tp', 'teleport'), node('seek', 'seek'), node('out', 'agent-output')], [wire('tp.point', 'seek.target'), wire('seek.force', 'out.force')]);
    expect(d).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'tp', path: at(0, '.kind'), message: 'Unknown node kind "teleport": this version of Steergraph has no such node' },
    ]);
  });

  it('a parameter of the wrong type: a number written as a text', () => {
    expect(param('wander', { distance: '12' })).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'distance', path: at(0, '.params.distance'), message: 'Distance must be a number, got "12"' },
    ]);
  });

  it('a switch that is not true or false, and a reference that is not a text', () => {
    expect(param('flock', { frontOnly: 1, agentType: 5 })).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'frontOnly', path: at(0, '.params.frontOnly'), message: 'Front only must be on or off (true or false), got 1' },
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'agentType', path: at(0, '.params.agentType'), message: 'Neighbours must be an agent type id, got 5' },
    ]);
  });

  it('a number out of range, with its unit', () => {
    expect(param('wander', { jitter: 11, radius: -1e308 })).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'radius', path: at(0, '.params.radius'), message: 'Radius must be at least 0 px and at most 10000 px, got -1e+308 px' },
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'jitter', path: at(0, '.params.jitter'), message: 'Jitter must be at least 0 and at most 10, got 11' },
    ]);
  });

  it('a number on an exclusive minimum', () => {
    expect(withSeek([node('arr', 'arrive', { slowingRadius: 0 })], [wire('seek.force', 'out.force'), wire('ptr.point', 'arr.target')])).toContainEqual({
      severity: 'error',
      agentType: 'a',
      nodeId: 'arr',
      port: 'slowingRadius',
      path: at(3, '.params.slowingRadius'),
      message: 'Slowing radius must be more than 0 px and at most 100000 px, got 0 px',
    });
  });

  it('an input count that is not a whole number, or out of its range', () => {
    expect(param('sum', { inputs: 4.5 })).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'inputs', path: at(0, '.params.inputs'), message: 'Inputs must be a whole number, got 4.5' },
    ]);
    expect(param('priority', { inputs: 17 })).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'n', port: 'inputs', path: at(0, '.params.inputs'), message: 'Inputs must be at least 2 and at most 16, got 17' },
    ]);
  });

  it('a reference to an agent type, a path or a target the scene does not have', () => {
    const d = diagnose(
      [
        node('near', 'nearest-agent', { agentType: 'ghost' }),
        node('route', 'path', { path: 'ghost' }),
        node('goal', 'named-target', { target: 'ghost' }),
        node('out', 'agent-output'),
      ],
      [],
      { paths: [{ id: 'loop', points: [[0, 0]], loop: true }], targets: [{ name: 'home', x: 0, y: 0 }] },
    );
    expect(d.filter((x) => x.severity === 'error')).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'near', port: 'agentType', path: at(0, '.params.agentType'), message: 'Of type: agent type "ghost" does not exist in this scene' },
      { severity: 'error', agentType: 'a', nodeId: 'route', port: 'path', path: at(1, '.params.path'), message: 'Path: path "ghost" does not exist in this scene' },
      { severity: 'error', agentType: 'a', nodeId: 'goal', port: 'target', path: at(2, '.params.target'), message: 'Target: named target "ghost" does not exist in this scene' },
      { severity: 'error', agentType: 'a', nodeId: 'out', port: 'force', path: at(3), message: 'Agent Output needs its Force input connected' },
    ]);
  });

  it('a path or target not chosen yet', () => {
    const d = diagnose([node('route', 'path'), node('goal', 'named-target'), node('out', 'agent-output')], []);
    expect(d.slice(0, 2)).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'route', port: 'path', path: at(0, '.params.path'), message: 'Path: choose one of the scene’s paths' },
      { severity: 'error', agentType: 'a', nodeId: 'goal', port: 'target', path: at(1, '.params.target'), message: 'Target: choose one of the scene’s named targets' },
    ]);
  });

  it('an unknown parameter is a warning, and the graph still compiles', () => {
    const doc = scene([agentType('a', [node('ptr', 'pointer'), node('seek', 'seek', { speed: 3 }), node('out', 'agent-output')], [wire('ptr.point', 'seek.target'), wire('seek.force', 'out.force')])]);
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([
      { severity: 'warning', agentType: 'a', nodeId: 'seek', port: 'speed', path: at(1, '.params.speed'), message: 'Parameter "speed" is not one of Seek’s and is ignored' },
    ]);
    expect(compiled.ok).toEqual([true]);
  });

  it('a weight beyond a Sum’s inputs is an unknown parameter', () => {
    expect(param('sum', { inputs: 4, w4: 2 })).toEqual([
      { severity: 'warning', agentType: 'a', nodeId: 'n', port: 'w4', path: at(0, '.params.w4'), message: 'Parameter "w4" is not one of Sum’s and is ignored' },
    ]);
  });

  it('a Contain margin over half the world’s smaller side', () => {
    expect(param('contain', { margin: 301 })).toEqual([
      {
        severity: 'error',
        agentType: 'a',
        nodeId: 'n',
        port: 'margin',
        path: at(0, '.params.margin'),
        message: 'Margin is 301 px, more than half the world’s smaller side (300 px): the walls’ pushes would overlap everywhere',
      },
    ]);
    expect(param('contain', { margin: 300 })).toEqual([]);
    expect(param('contain', { margin: 301 }, { width: 1000, height: 700 })).toEqual([]);
  });
});

describe('connection diagnostics', () => {
  const conn = (k: number) => `agentTypes[0].states[0].graph.connections[${k}]`;

  it('into a node that does not exist', () => {
    expect(withSeek([], [wire('seek.force', 'out.force'), wire('seek.force', 'ghost.in')])).toEqual([
      { severity: 'error', agentType: 'a', path: conn(2), message: 'A connection goes into node "ghost", which does not exist' },
    ]);
  });

  it('from a node that does not exist', () => {
    expect(withSeek([node('sc', 'scale')], [wire('seek.force', 'out.force'), wire('ghost.force', 'sc.in')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'sc', port: 'in', path: conn(2), message: 'Input "in" is connected from node "ghost", which does not exist' },
      { severity: 'warning', agentType: 'a', nodeId: 'sc', path: at(3), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });

  it('from or into a port the node does not have', () => {
    expect(withSeek([node('sc', 'scale')], [wire('seek.force', 'out.force'), wire('seek.point', 'sc.in'), wire('seek.force', 'sc.target')]).slice(0, 2)).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'seek', port: 'point', path: conn(2), message: 'Seek has no output "point"' },
      { severity: 'error', agentType: 'a', nodeId: 'sc', port: 'target', path: conn(3), message: 'Scale has no input "target"' },
    ]);
  });

  it('a variadic input beyond the node’s input count', () => {
    const d = diagnose(
      [node('w', 'wander'), node('sum', 'sum'), node('out', 'agent-output')],
      [wire('w.force', 'sum.in4'), wire('sum.force', 'out.force')],
    );
    expect(d[0]).toEqual({ severity: 'error', agentType: 'a', nodeId: 'sum', port: 'in4', path: conn(0), message: 'Sum has no input "in4"' });
  });

  it('a type mismatch: a point into a force input, a force into a point input', () => {
    expect(diagnose([node('ptr', 'pointer'), node('out', 'agent-output')], [wire('ptr.point', 'out.force')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'out', port: 'force', path: conn(0), message: 'Agent Output’s Force input takes a force, not the point of Pointer' },
      { severity: 'error', agentType: 'a', nodeId: 'out', port: 'force', path: at(1), message: 'Agent Output needs its Force input connected' },
      { severity: 'warning', agentType: 'a', nodeId: 'ptr', path: at(0), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
    expect(withSeek([node('fl', 'flee')], [wire('seek.force', 'out.force'), wire('seek.force', 'fl.target')])[0]).toEqual({
      severity: 'error',
      agentType: 'a',
      nodeId: 'fl',
      port: 'target',
      path: conn(2),
      message: 'Flee’s Threat input takes a point, not the force of Seek',
    });
  });

  it('an agent into a point input is allowed (its position is used)', () => {
    expect(diagnose([node('near', 'nearest-agent'), node('seek', 'seek'), node('out', 'agent-output')], [wire('near.agent', 'seek.target'), wire('seek.force', 'out.force')])).toEqual([]);
  });

  it('a point into an agent input is not', () => {
    expect(diagnose([node('ptr', 'pointer'), node('pur', 'pursue'), node('out', 'agent-output')], [wire('ptr.point', 'pur.target'), wire('pur.force', 'out.force')])[0]).toEqual({
      severity: 'error',
      agentType: 'a',
      nodeId: 'pur',
      port: 'target',
      path: conn(0),
      message: 'Pursue’s Evader input takes an agent, not the point of Pointer',
    });
  });

  it('a node connected to itself', () => {
    expect(withSeek([node('sc', 'scale')], [wire('seek.force', 'out.force'), wire('sc.force', 'sc.in')])[0]).toEqual({
      severity: 'error',
      agentType: 'a',
      nodeId: 'sc',
      port: 'in',
      path: conn(2),
      message: 'Scale cannot feed itself',
    });
  });

  it('two connections into one input (the second is named)', () => {
    expect(withSeek([node('w', 'wander')], [wire('seek.force', 'out.force'), wire('w.force', 'out.force')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'out', port: 'force', path: conn(2), message: 'Agent Output’s Force input takes one connection and has more' },
      { severity: 'warning', agentType: 'a', nodeId: 'w', path: at(3), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });
});

describe('graph diagnostics', () => {
  it('no Agent Output', () => {
    expect(diagnose([node('w', 'wander')], [])).toEqual([
      { severity: 'error', agentType: 'a', path: 'agentTypes[0].states[0].graph.nodes', message: 'This graph has no Agent Output: add one and connect a force to it' },
      { severity: 'warning', agentType: 'a', nodeId: 'w', path: at(0), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });

  it('two Agent Outputs (the second is named)', () => {
    expect(withSeek([node('out2', 'agent-output')], [wire('seek.force', 'out.force'), wire('seek.force', 'out2.force')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'out2', path: at(3), message: 'A graph takes exactly one Agent Output; remove this one' },
    ]);
  });

  it('an unconnected required input on a live node', () => {
    expect(diagnose([node('seek', 'seek'), node('out', 'agent-output')], [wire('seek.force', 'out.force')])).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'seek', port: 'target', path: at(0), message: 'Seek needs its Target input connected' },
    ]);
  });

  it('an unconnected input on a dead node is only the dead-node warning', () => {
    expect(withSeek([node('fl', 'flee')])).toEqual([
      { severity: 'warning', agentType: 'a', nodeId: 'fl', path: at(3), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
  });

  it('a cycle names each node on it', () => {
    expect(
      diagnose(
        [node('w', 'wander'), node('sum', 'sum'), node('sc', 'scale'), node('out', 'agent-output')],
        [wire('w.force', 'sum.in0'), wire('sc.force', 'sum.in1'), wire('sum.force', 'sc.in'), wire('sum.force', 'out.force')],
      ),
    ).toEqual([
      { severity: 'error', agentType: 'a', nodeId: 'sum', path: at(1), message: 'This node is part of a cycle: a force cannot depend on itself' },
      { severity: 'error', agentType: 'a', nodeId: 'sc', path: at(2), message: 'This node is part of a cycle: a force cannot depend on itself' },
    ]);
  });

  it('a dead node is a warning, and the graph still compiles', () => {
    const doc = scene([agentType('a', [node('w', 'wander'), node('c', 'contain'), node('out', 'agent-output')], [wire('w.force', 'out.force')])]);
    const compiled = compile(doc);
    expect(compiled.diagnostics).toEqual([
      { severity: 'warning', agentType: 'a', nodeId: 'c', path: at(1), message: 'Not connected to the Agent Output: this node does nothing' },
    ]);
    expect(compiled.ok).toEqual([true]);
    expect(compiled.programSource).not.toContain('contain(');
  });

  it('names the agent type and its index in a scene of several', () => {
    const doc = seekPointerScene([agentType('wolf', [node('seek', 'seek'), node('out', 'agent-output')], [wire('seek.force', 'out.force')])]);
    expect(compile(doc).diagnostics).toEqual([
      { severity: 'error', agentType: 'wolf', nodeId: 'seek', port: 'target', path: 'agentTypes[1].states[0].graph.nodes[0]', message: 'Seek needs its Target input connected' },
    ]);
  });

  it('formats as one line for the CLI: severity, path, type/node.port, message', () => {
    const [d] = param('wander', { jitter: 11 });
    expect(formatDiagnostic(d)).toBe('error agentTypes[0].states[0].graph.nodes[0].params.jitter (a/n.jitter): Jitter must be at least 0 and at most 10, got 11');
    expect(formatDiagnostic({ severity: 'error', agentType: 'a', path: 'agentTypes[0].states[0].graph.nodes', message: 'm' })).toBe('error agentTypes[0].states[0].graph.nodes (a): m');
  });
});

describe('world diagnostics', () => {
  const ignored = (id: string) => `Wall "${id}" is ignored: it has no segment, every point repeating the one before it (within 0.001 px)`;

  it('a wall whose points leave no segment (each within 0.001 px of the one before) is a warning, on the world and the wall', () => {
    const walls: SceneWall[] = [
      { id: 'room', points: [[0, 0], [100, 0], [100, 100]], closed: true },
      { id: 'dot', points: [[50, 50], [50, 50.0009]], closed: false },
      // Repeated points in a wall that keeps one segment are only dropped.
      { id: 'stub', points: [[10, 10], [10, 10], [20, 10], [20, 10]], closed: false },
      // Each step under ε, though the ends are 0.0018 px apart: no segment either (the runtime cuts it so).
      { id: 'creep', points: [[0, 0], [0.0009, 0], [0.0018, 0]], closed: false, solid: false },
      { id: 'knot', points: [[7, 7], [7, 7], [7.0005, 7]], closed: true },
    ];
    const compiled = compile(seekPointerScene([], { walls }));
    expect(compiled.diagnostics).toEqual([
      { severity: 'warning', agentType: '', wall: 'dot', path: 'world.walls[1]', message: ignored('dot') },
      { severity: 'warning', agentType: '', wall: 'creep', path: 'world.walls[3]', message: ignored('creep') },
      { severity: 'warning', agentType: '', wall: 'knot', path: 'world.walls[4]', message: ignored('knot') },
    ]);
    // A warning: the scene compiles and its agents run.
    expect(compiled.ok).toEqual([true]);
    expect(formatDiagnostic(compiled.diagnostics[0])).toBe(`warning world.walls[1] (wall dot): ${ignored('dot')}`);
  });

  it('none for a scene without walls, or with an empty list', () => {
    expect(compile(seekPointerScene()).diagnostics).toEqual([]);
    expect(compile(seekPointerScene([], { walls: [] })).diagnostics).toEqual([]);
  });

  it(`lists at most ${MAX_DIAGNOSTICS_PER_GRAPH}, then counts the rest`, () => {
    const walls: SceneWall[] = Array.from({ length: 150 }, (_, k) => ({ id: `w${k}`, points: [[k, k], [k, k]], closed: false }));
    const ds = compile(seekPointerScene([], { walls })).diagnostics;
    expect(ds.length).toBe(MAX_DIAGNOSTICS_PER_GRAPH + 1);
    expect(ds[MAX_DIAGNOSTICS_PER_GRAPH]).toEqual({
      severity: 'warning',
      agentType: '',
      path: 'world.walls',
      message: `… and 50 more problems in the walls (the first ${MAX_DIAGNOSTICS_PER_GRAPH} are listed)`,
    });
  });
});

describe('a graph with errors', () => {
  // 'a' has a Seek with nothing connected to its target; 'b' seeks the pointer.
  const broken = () =>
    scene([
      agentType('a', [node('seek', 'seek'), node('out', 'agent-output')], [wire('seek.force', 'out.force')], { count: 5 }),
      agentType('b', [node('ptr', 'pointer'), node('seek', 'seek'), node('out', 'agent-output')], [wire('ptr.point', 'seek.target'), wire('seek.force', 'out.force')], { count: 5 }),
    ]);

  it('compiles to a zero force for that type while the other types still run', () => {
    const doc = broken();
    const compiled = compile(doc);
    expect(compiled.ok).toEqual([false, true]);
    expect(compiled.programSource).toContain('function force0(W, A) {\n  A.force.fill(0);\n}');
    const world = createBehaviorWorld(doc, instantiate(compiled));
    world.setPointer(100, 100);
    expect(Array.from(world.computeForces('a'))).toEqual(new Array(10).fill(0));
    expect(Array.from(world.computeForces('b')).some((v) => v !== 0)).toBe(true);
    const va = Array.from(world.velocities('a'));
    const vb = Array.from(world.velocities('b'));
    world.step(20);
    // No force: the broken type's agents coast at their spawn velocity (below maxSpeed, so unchanged).
    expect(Array.from(world.velocities('a'))).toEqual(va);
    expect(Array.from(world.velocities('b'))).not.toEqual(vb);
    expect(world.tick).toBe(20);
  });

  it('still saves and opens again, and gives the same diagnostics', () => {
    const doc = broken();
    doc.agentTypes[0].states[0].graph.nodes.push(node('x', 'teleport', { warp: 9 }), node('arr', 'arrive', { slowingRadius: -5 }));
    doc.agentTypes[0].states[0].graph.connections.push(wire('ghost.force', 'out.force'), wire('x.force', 'arr.target'));
    const loaded = loadScene(serializeScene(doc));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.doc).toEqual(doc);
    expect(compile(loaded.doc).diagnostics).toEqual(compile(doc).diagnostics);
    expect(compile(loaded.doc).diagnostics.filter((d) => d.severity === 'error').length).toBeGreaterThanOrEqual(4);
  });
});
