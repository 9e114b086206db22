import { describe, expect, it } from 'vitest';
import { History } from '../../src/document/history';
import { loadScene } from '../../src/document/load';
import {
  addTypeParam,
  exposeParam,
  exposedNameBase,
  freshParamName,
  paramUses,
  removeTypeParam,
  renameTypeParam,
  unexposeParam,
  updateTypeParam,
} from '../../src/document/param-commands';
import { serializeScene } from '../../src/document/serialize';
import { VERSION, type SceneDocument } from '../../src/document/types';
import { getNodeDef } from '../../nodes/index';
import type { NumberParam } from '../../nodes/types';

function scene(): SceneDocument {
  return {
    format: 'steergraph',
    version: VERSION,
    name: 'Test',
    description: '',
    world: { width: 800, height: 600, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [
      {
        id: 'a',
        name: 'A',
        color: '#ffffff',
        count: 3,
        mass: 1,
        maxSpeed: 3,
        maxForce: 0.2,
        states: [
          {
            name: 'default',
            graph: {
              nodes: [
                { id: 'n1', kind: 'arrive', params: { slowingRadius: 80 }, position: [0, 0] },
                { id: 'n2', kind: 'wander', params: {}, position: [0, 200] },
                { id: 'n3', kind: 'arrive', params: {}, position: [0, 400] },
              ],
              connections: [],
            },
          },
          { name: 'calm', graph: { nodes: [{ id: 'n1', kind: 'arrive', params: { slowingRadius: 40 }, position: [0, 0] }], connections: [] } },
        ],
      },
    ],
  };
}

const type = (d: SceneDocument) => d.agentTypes[0];
const node = (d: SceneDocument, id: string, state = 0) => type(d).states[state].graph.nodes.find((n) => n.id === id)!;
/** The document as the app saves and loads it again. */
const reloaded = (d: SceneDocument) => {
  const r = loadScene(serializeScene(d));
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  return r.doc;
};

describe('exposing a node parameter', () => {
  it('makes a type parameter named after it, with the node’s value as default and a range that holds it', () => {
    const doc = scene();
    const { edit, name } = exposeParam(doc, 'a', 'n1', 'slowingRadius');
    const next = edit(doc);
    expect(name).toBe('slowingRadius');
    expect(type(next).params).toEqual([{ name: 'slowingRadius', default: 80, min: 5, max: 500, unit: 'px' }]);
    expect(node(next, 'n1').exposed).toEqual({ slowingRadius: 'slowingRadius' });
    expect(node(next, 'n1').params).toEqual({ slowingRadius: 80 });
    // saved and opened again, the same
    expect(reloaded(next)).toEqual(next);
  });

  it('names a second exposure of the same key uniquely, and a one-word key after its kind', () => {
    let doc = scene();
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    const second = exposeParam(doc, 'a', 'n3', 'slowingRadius');
    expect(second.name).toBe('slowingRadius2');
    doc = second.edit(doc);
    expect(type(doc).params!.map((p) => p.name)).toEqual(['slowingRadius', 'slowingRadius2']);
    const wander = getNodeDef('wander')!.params.find((p) => p.key === 'radius') as NumberParam;
    expect(exposedNameBase('wander', wander)).toBe('wanderRadius');
    expect(exposedNameBase('follow-path', { ...wander, key: 'radius' })).toBe('followPathRadius');
  });

  it('can read a parameter the type has, in another state too, without making one', () => {
    let doc = scene();
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    doc = exposeParam(doc, { type: 'a', state: 1 }, 'n1', 'slowingRadius', 'slowingRadius').edit(doc);
    expect(type(doc).params).toHaveLength(1);
    expect(node(doc, 'n1', 1).exposed).toEqual({ slowingRadius: 'slowingRadius' });
    expect(paramUses(type(doc), 'slowingRadius')).toEqual({ exposed: 2, nodes: 0 });
  });

  it('does nothing for an unknown node, key, name, a parameter exposed already or one that is not a number', () => {
    let doc = scene();
    expect(exposeParam(doc, 'a', 'nope', 'slowingRadius').edit(doc)).toBe(doc);
    expect(exposeParam(doc, 'a', 'n1', 'nope').edit(doc)).toBe(doc);
    expect(exposeParam(doc, 'a', 'n1', 'slowingRadius', 'missing').edit(doc)).toBe(doc);
    expect(exposeParam(doc, 'b', 'n1', 'slowingRadius').edit(doc)).toBe(doc);
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    expect(exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc)).toBe(doc);
  });

  it('is one undo step, and so is un-exposing', () => {
    const doc = scene();
    const h = new History(doc);
    h.apply(exposeParam(h.doc, 'a', 'n1', 'slowingRadius').edit);
    const exposed = h.doc;
    h.apply(unexposeParam('a', 'n1', 'slowingRadius'));
    expect(node(h.doc, 'n1').exposed).toBeUndefined();
    expect(type(h.doc).params).toHaveLength(1);
    h.undo();
    expect(h.doc).toBe(exposed);
    h.undo();
    expect(h.doc).toBe(doc);
    h.redo();
    expect(h.doc).toBe(exposed);
  });
});

describe('un-exposing', () => {
  it('gives the node the type parameter’s default as its literal, keeping the type parameter', () => {
    let doc = scene();
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    doc = updateTypeParam('a', 'slowingRadius', { default: 150 })(doc);
    doc = unexposeParam('a', 'n1', 'slowingRadius')(doc);
    expect(node(doc, 'n1')).toEqual({ id: 'n1', kind: 'arrive', params: { slowingRadius: 150 }, position: [0, 0] });
    expect(type(doc).params![0].name).toBe('slowingRadius');
    expect(unexposeParam('a', 'n1', 'slowingRadius')(doc)).toBe(doc);
  });
});

describe('type parameter edits', () => {
  const speed = { name: 'speed', default: 2, min: 0, max: 4, unit: 'px/tick' };

  it('adds a parameter with a new valid name and fields the loader accepts, else nothing', () => {
    const doc = scene();
    const next = addTypeParam('a', speed)(doc);
    expect(type(next).params).toEqual([speed]);
    expect(reloaded(next)).toEqual(next);
    expect(addTypeParam('a', speed)(next)).toBe(next);
    expect(addTypeParam('a', { ...speed, name: '2fast' })(doc)).toBe(doc);
    expect(addTypeParam('a', { ...speed, min: 5 })(doc)).toBe(doc);
    expect(addTypeParam('a', { ...speed, default: 9 })(doc)).toBe(doc);
    expect(freshParamName(type(next), 'speed')).toBe('speed2');
  });

  it('changes the default, range and unit, refusing min above max or the default outside', () => {
    const doc = addTypeParam('a', speed)(scene());
    expect(type(updateTypeParam('a', 'speed', { default: 3.5 })(doc)).params![0].default).toBe(3.5);
    expect(updateTypeParam('a', 'speed', { default: 5 })(doc)).toBe(doc);
    expect(updateTypeParam('a', 'speed', { min: 3 })(doc)).toBe(doc);
    expect(updateTypeParam('a', 'speed', { max: 1 })(doc)).toBe(doc);
    expect(updateTypeParam('a', 'speed', { max: 1e10 })(doc)).toBe(doc);
    expect(updateTypeParam('a', 'speed', { default: 2 })(doc)).toBe(doc);
    const wide = updateTypeParam('a', 'speed', { min: -1, max: 10 })(doc);
    expect(type(wide).params![0]).toEqual({ ...speed, min: -1, max: 10 });
    const unitless = updateTypeParam('a', 'speed', { unit: '' })(doc);
    expect(type(unitless).params![0]).toEqual({ name: 'speed', default: 2, min: 0, max: 4 });
  });

  it('renames a parameter and every exposed reference to it, in every state', () => {
    let doc = scene();
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    doc = exposeParam(doc, { type: 'a', state: 1 }, 'n1', 'slowingRadius', 'slowingRadius').edit(doc);
    const next = renameTypeParam('a', 'slowingRadius', 'brakeRadius')(doc);
    expect(type(next).params![0].name).toBe('brakeRadius');
    expect(node(next, 'n1').exposed).toEqual({ slowingRadius: 'brakeRadius' });
    expect(node(next, 'n1', 1).exposed).toEqual({ slowingRadius: 'brakeRadius' });
    expect(renameTypeParam('a', 'brakeRadius', 'bad name')(next)).toBe(next);
    expect(renameTypeParam('a', 'nope', 'x')(next)).toBe(next);
  });

  it('renames the parameter a Parameter node reads with it; removing it leaves the node to the compiler', () => {
    let doc = addTypeParam('a', speed)(scene());
    doc = { ...doc, agentTypes: [{ ...type(doc), states: [{ ...type(doc).states[0], graph: { ...type(doc).states[0].graph, nodes: [...type(doc).states[0].graph.nodes, { id: 'p1', kind: 'parameter', params: { name: 'speed' }, position: [0, 600] }] } }, type(doc).states[1]] }] };
    expect(paramUses(type(doc), 'speed')).toEqual({ exposed: 0, nodes: 1 });
    const next = renameTypeParam('a', 'speed', 'pace')(doc);
    expect(node(next, 'p1').params).toEqual({ name: 'pace' });
    expect(node(removeTypeParam('a', 'pace')(next), 'p1').params).toEqual({ name: 'pace' });
  });

  it('refuses a rename onto another parameter’s name', () => {
    let doc = addTypeParam('a', speed)(scene());
    doc = addTypeParam('a', { ...speed, name: 'fear' })(doc);
    expect(renameTypeParam('a', 'fear', 'speed')(doc)).toBe(doc);
  });

  it('removes a parameter and un-exposes its uses, each keeping the default as its literal', () => {
    let doc = scene();
    doc = exposeParam(doc, 'a', 'n1', 'slowingRadius').edit(doc);
    doc = exposeParam(doc, { type: 'a', state: 1 }, 'n1', 'slowingRadius', 'slowingRadius').edit(doc);
    doc = updateTypeParam('a', 'slowingRadius', { default: 120 })(doc);
    const next = removeTypeParam('a', 'slowingRadius')(doc);
    expect(type(next).params).toBeUndefined();
    expect(node(next, 'n1')).toEqual({ id: 'n1', kind: 'arrive', params: { slowingRadius: 120 }, position: [0, 0] });
    expect(node(next, 'n1', 1).params).toEqual({ slowingRadius: 120 });
    expect(reloaded(next)).toEqual(next);
    expect(removeTypeParam('a', 'slowingRadius')(next)).toBe(next);
  });
});
