/**
 * Exposed parameters in the compiler (issue 18): an exposed node parameter reads the agent's value
 * of its type parameter from `A.par` at run time, everything else stays the literal it was (the
 * same source, byte for byte), and each exposure that cannot work is an error on the node's
 * parameter that names the parameter and the type parameter.
 */
import { describe, expect, it } from 'vitest';
import { compile, type Diagnostic } from '../../src/compiler/index';
import type { SplitOptions } from '../../src/compiler/emit';
import type { GraphNode, SceneDocument, TypeParam } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';

const FEAR: TypeParam = { name: 'fear', default: 1, min: 0, max: 4 };
const SLOW: TypeParam = { name: 'slow', default: 100, min: 10, max: 300, unit: 'px' };

/** Pointer → Arrive → Scale → Agent Output for type 'sheep', with these exposures and type parameters. */
function sheep(exposeArrive?: Record<string, string>, exposeScale?: Record<string, string>, params: TypeParam[] | null = [FEAR, SLOW]): SceneDocument {
  const arr: GraphNode = { ...node('arr', 'arrive', { slowingRadius: 50 }), ...(exposeArrive ? { exposed: exposeArrive } : {}) };
  const sc: GraphNode = { ...node('sc', 'scale', { factor: 2 }), ...(exposeScale ? { exposed: exposeScale } : {}) };
  return scene([
    agentType('sheep', [node('ptr', 'pointer'), arr, sc, node('out', 'agent-output')], [wire('ptr.point', 'arr.target'), wire('arr.force', 'sc.in'), wire('sc.force', 'out.force')], params ? { params } : {}),
  ]);
}

const errors = (doc: SceneDocument): Diagnostic[] => compile(doc).diagnostics.filter((d) => d.severity === 'error');

describe('an exposed parameter', () => {
  it('is read from the per-agent array, bound once before the loop', () => {
    const src = compile(sheep({ slowingRadius: 'slow' }, { factor: 'fear' })).programSource;
    expect(src).toContain('const Q1 = A.par[1];');
    expect(src).toContain('const Q0 = A.par[0];');
    expect(src).toContain('arrive(s, 0, A, i, W.pointer, 0, Q1[i]);');
    expect(src).toContain('s[2] = Q0[i] * s[0];');
    // bound before the loop, read in it
    expect(src.indexOf('const Q1')).toBeLessThan(src.indexOf('for (let i = 0'));
    expect(src).not.toContain('50');
  });

  it('not exposed, a parameter stays its literal: the same source as a scene without type parameters', () => {
    const plain = compile(sheep(undefined, undefined, null)).programSource;
    expect(compile(sheep()).programSource).toBe(plain);
    expect(compile(sheep({}, {})).programSource).toBe(plain);
    expect(plain).toContain('arrive(s, 0, A, i, W.pointer, 0, 50);');
    expect(plain).not.toContain('A.par');
  });

  it('a connected number input wins over the exposure (as it wins over the literal)', () => {
    const doc = sheep(undefined, { factor: 'fear' });
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push({ ...node('p', 'parameter', { name: 'slow' }) });
    g.connections.push(wire('p.value', 'sc.factor'));
    const src = compile(doc).programSource;
    expect(src).toContain('s[2] = Q1[i] * s[0];');
    expect(src).not.toContain('Q0');
  });

  it('a neighbour query of an exposed radius is bounded by the type parameter’s max', () => {
    const nodes = [{ ...node('nc', 'neighbour-count'), exposed: { radius: 'reach' } }, node('sc', 'scale'), node('w', 'wander'), node('out', 'agent-output')];
    const doc = scene([agentType('a', nodes, [wire('nc.value', 'sc.factor'), wire('w.force', 'sc.in'), wire('sc.force', 'out.force')], { params: [{ name: 'reach', default: 30, min: 5, max: 80 }] })]);
    const c = compile(doc);
    expect(c.diagnostics).toEqual([]);
    expect(c.lowered[0].queries).toEqual([{ type: 0, radius: 80 }]);
    expect(c.programSource).toContain('neighbourCount(A, A, i, Q0[i])');
    expect(c.programSource).toContain('queryRadius: 80');
  });

  it('of Flock: the pass gets each agent’s values and scans as far as the largest radius', () => {
    const flock = { ...node('f', 'flock', { sight: 40, separation: 20, cohesionWeight: 2 }), exposed: { sight: 'sight', cohesionWeight: 'glue' } };
    const doc = scene([
      agentType('a', [flock, node('out', 'agent-output')], [wire('f.force', 'out.force')], {
        params: [
          { name: 'glue', default: 2, min: 0, max: 5 },
          { name: 'sight', default: 40, min: 10, max: 60 },
        ],
      }),
    ]);
    const c = compile(doc);
    expect(c.diagnostics).toEqual([]);
    expect(c.programSource).toContain('flockPass(A, A, 60, 20, 1.5, 1, 5, false, P0, 1000, [1, -1, -1, -1, 0]);');
    expect(c.lowered[0].queries).toEqual([{ type: 0, radius: 60 }]);
  });

  it('in a force function split into chunks, the arrays are shared by the chunks', () => {
    const doc = sheep({ slowingRadius: 'slow' }, { factor: 'fear' });
    const split: SplitOptions = { above: 10, chunk: 10 };
    const src = compile(doc, { split }).programSource;
    expect(src).toMatch(/let n, F, Q1, Q0;/);
    expect(src).toContain('Q1 = A.par[1];');
    expect(src).not.toContain('const Q1');
  });
});

describe('the Parameter node', () => {
  it('feeds the agent’s value of the type parameter into a number input', () => {
    const doc = sheep();
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(node('p', 'parameter', { name: 'fear' }));
    g.connections.push(wire('p.value', 'sc.factor'));
    const c = compile(doc);
    expect(c.diagnostics).toEqual([]);
    expect(c.programSource).toContain('const Q0 = A.par[0];');
    expect(c.programSource).toContain('s[2] = Q0[i] * s[0];');
  });

  it('naming a parameter the type does not have is an error on its Name', () => {
    const doc = sheep();
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(node('p', 'parameter', { name: 'courage' }));
    g.connections.push(wire('p.value', 'sc.factor'));
    expect(errors(doc)).toEqual([
      { severity: 'error', agentType: 'sheep', nodeId: 'p', port: 'name', path: 'agentTypes[0].states[0].graph.nodes[4].params.name', message: 'Name: "sheep" has no parameter "courage" (its parameters: "fear", "slow")' },
    ]);
    expect(compile(doc).ok).toEqual([false]);
  });

  it('in a type without parameters, says how to add one', () => {
    const doc = sheep(undefined, undefined, null);
    const g = doc.agentTypes[0].states[0].graph;
    g.nodes.push(node('p', 'parameter', { name: 'fear' }));
    g.connections.push(wire('p.value', 'sc.factor'));
    expect(errors(doc).map((d) => d.message)).toEqual(['Name: "sheep" has no parameter "fear" (it has no parameters: add one in its Parameters panel)']);
  });
});

describe('exposures that cannot work are errors on the node’s parameter', () => {
  const one = (doc: SceneDocument) => {
    const e = errors(doc);
    expect(e).toHaveLength(1);
    return e[0];
  };

  it('a key that is not a number parameter of the kind', () => {
    expect(one(sheep({ target: 'fear' }))).toEqual({
      severity: 'error',
      agentType: 'sheep',
      nodeId: 'arr',
      port: 'target',
      path: 'agentTypes[0].states[0].graph.nodes[1].exposed.target',
      message: '"target" is not a number parameter of Arrive, so it cannot be exposed',
    });
  });

  it('a type parameter the type does not have', () => {
    expect(one(sheep({ slowingRadius: 'calm' })).message).toBe('Slowing radius is exposed as type parameter "calm", which "sheep" does not have (its parameters: "fear", "slow")');
  });

  it('a type parameter whose range the node parameter does not accept', () => {
    const doc = sheep(undefined, { factor: 'fear' }, [{ ...FEAR, max: 5000 }, SLOW]);
    expect(one(doc).message).toBe('Factor is exposed as type parameter "fear", whose range 0 to 5000 is not inside what Factor accepts (at least -1000 and at most 1000): narrow the parameter’s range');
    // an exclusive minimum: a slowing radius must be more than 0
    const zero = sheep({ slowingRadius: 'slow' }, undefined, [FEAR, { ...SLOW, min: 0 }]);
    expect(one(zero).message).toBe('Slowing radius is exposed as type parameter "slow", whose range 0 to 300 is not inside what Slowing radius accepts (more than 0 px and at most 100000 px): narrow the parameter’s range');
  });

  it('a whole-number parameter', () => {
    const nodes = [{ ...node('f', 'flock'), exposed: { maxNeighbors: 'fear' } }, node('out', 'agent-output')];
    const doc = scene([agentType('a', nodes, [wire('f.force', 'out.force')], { params: [FEAR] })]);
    expect(one(doc)).toMatchObject({ nodeId: 'f', port: 'maxNeighbors', message: 'Max neighbours is a whole number and cannot be exposed as type parameter "fear": only numbers that may vary continuously can' });
  });

  it('a parameter the kind needs as a constant (an angle whose cosine is fixed at compile time)', () => {
    const nodes = [node('ptr', 'pointer'), { ...node('s', 'sees'), exposed: { fov: 'fear' } }, node('w', 'wander'), node('g', 'if'), node('sc', 'scale'), node('out', 'agent-output')];
    const wires = [wire('ptr.point', 's.target'), wire('s.holds', 'g.when'), wire('g.value', 'sc.factor'), wire('w.force', 'sc.in'), wire('sc.force', 'out.force')];
    const doc = scene([agentType('a', nodes, wires, { params: [FEAR] })]);
    expect(one(doc)).toMatchObject({ nodeId: 's', port: 'fov', message: 'Field of view cannot be exposed as type parameter "fear": Sees needs it as a constant when the scene compiles' });
  });

  it('and the graph then compiles to a zero force, as with any error', () => {
    expect(compile(sheep({ slowingRadius: 'calm' })).ok).toEqual([false]);
  });
});

describe('physics warnings of an exposed parameter', () => {
  it('judge the type parameter’s default (what the agents start with), not the literal left in the node', () => {
    // Arrive warns about a slowing radius too short to stop in; the literal 50 is fine, the default 1 is not
    const warnings = (doc: SceneDocument) => compile(doc).diagnostics.filter((d) => d.severity === 'warning' && d.nodeId === 'arr');
    expect(warnings(sheep({ slowingRadius: 'slow' }, undefined, [FEAR, { name: 'slow', default: 1, min: 0.5, max: 300 }])).length).toBeGreaterThan(0);
    expect(warnings(sheep(undefined, undefined, [FEAR, { name: 'slow', default: 1, min: 0.5, max: 300 }]))).toEqual([]);
  });
});
