import { describe, expect, it } from 'vitest';
import { History } from '../../src/document/history';
import {
  addAgentType,
  addNode,
  connect,
  disconnect,
  freshId,
  freshNodeId,
  moveNodes,
  paste,
  removeAgentType,
  removeNodes,
  setParam,
  updateAgentType,
  updateWorld,
} from '../../src/document/commands';
import { VERSION, type SceneDocument } from '../../src/document/types';

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
        states: [{ name: 'default', graph: {
          nodes: [
            { id: 'n1', kind: 'wander', params: {}, position: [0, 0] },
            { id: 'n2', kind: 'sum', params: {}, position: [200, 0] },
            { id: 'n3', kind: 'agent-output', params: {}, position: [400, 0] },
          ],
          connections: [
            { from: ['n1', 'force'], to: ['n2', 'in0'] },
            { from: ['n2', 'force'], to: ['n3', 'force'] },
          ],
        } }],
      },
    ],
  };
}

const graph = (d: SceneDocument) => d.agentTypes[0].states[0].graph;

describe('document edits', () => {
  it('return the same document when nothing changes (unknown ids, same values)', () => {
    const d = scene();
    expect(removeNodes('a', ['zz'])(d)).toBe(d);
    expect(removeNodes('nope', ['n1'])(d)).toBe(d);
    expect(moveNodes('a', [{ id: 'n1', position: [0, 0] }])(d)).toBe(d);
    expect(setParam('a', 'n1', 'jitter', undefined)(d)).toBe(d);
    expect(connect('a', ['n1', 'force'], ['n2', 'in0'])(d)).toBe(d);
    expect(disconnect('a', { from: ['n9', 'force'], to: ['n2', 'in0'] })(d)).toBe(d);
    expect(updateAgentType('a', { count: 3 })(d)).toBe(d);
    expect(updateWorld({ width: 800 })(d)).toBe(d);
    expect(addAgentType(d.agentTypes[0])(d)).toBe(d);
  });

  it('share what they did not change, and never mutate the input', () => {
    const d = scene();
    const frozen = JSON.stringify(d);
    const e = setParam('a', 'n1', 'jitter', 2)(d);
    expect(JSON.stringify(d)).toBe(frozen);
    expect(e.world).toBe(d.world);
    expect(graph(e).connections).toBe(graph(d).connections);
    expect(graph(e).nodes[1]).toBe(graph(d).nodes[1]);
    expect(graph(e).nodes[0].params).toEqual({ jitter: 2 });
  });

  it('removing nodes removes their connections', () => {
    const e = removeNodes('a', ['n2'])(scene());
    expect(graph(e).nodes.map((n) => n.id)).toEqual(['n1', 'n3']);
    expect(graph(e).connections).toEqual([]);
  });

  it('an input takes one connection: connecting replaces the old one', () => {
    const d = addNode('a', { id: 'n4', kind: 'wander', params: {}, position: [0, 100] })(scene());
    const e = connect('a', ['n4', 'force'], ['n2', 'in0'])(d);
    expect(graph(e).connections).toEqual([
      { from: ['n2', 'force'], to: ['n3', 'force'] },
      { from: ['n4', 'force'], to: ['n2', 'in0'] },
    ]);
    expect(connect('a', ['n2', 'force'], ['n2', 'in1'])(e)).toBe(e); // never into itself
  });

  it('connecting the last input of a Sum adds an input, up to its maximum', () => {
    let d = scene();
    d = connect('a', ['n1', 'force'], ['n2', 'in3'])(d);
    expect(graph(d).nodes[1].params.inputs).toBe(5);
    d = setParam('a', 'n2', 'inputs', 32)(d);
    d = connect('a', ['n1', 'force'], ['n2', 'in31'])(d);
    expect(graph(d).nodes[1].params.inputs).toBe(32);
  });

  it('lowering a Sum’s inputs drops the connections and weights of the inputs that go away', () => {
    let d = scene();
    d = setParam('a', 'n2', 'inputs', 6)(d);
    d = setParam('a', 'n2', 'w5', 3)(d);
    d = setParam('a', 'n2', 'w1', 2)(d);
    d = connect('a', ['n1', 'force'], ['n2', 'in5'])(d);
    d = setParam('a', 'n2', 'inputs', 4)(d);
    expect(graph(d).nodes[1].params).toEqual({ inputs: 4, w1: 2 });
    expect(graph(d).connections.some((c) => c.to[1] === 'in5')).toBe(false);
  });

  it('paste gives fresh ids, keeps the connections among the pasted nodes only, and offsets them', () => {
    const d = scene();
    const g = graph(d);
    const { edit, ids } = paste('a', d, [g.nodes[0], g.nodes[1]], g.connections, [10, 20]);
    const e = edit(d);
    expect(ids).toEqual(['n4', 'n5']);
    expect(graph(e).nodes.slice(3).map((n) => [n.id, n.kind, n.position])).toEqual([
      ['n4', 'wander', [10, 20]],
      ['n5', 'sum', [210, 20]],
    ]);
    expect(graph(e).connections.slice(2)).toEqual([{ from: ['n4', 'force'], to: ['n5', 'in0'] }]);
  });

  it('fresh ids do not collide', () => {
    expect(freshNodeId([{ id: 'n1' }, { id: 'n7' }, { id: 'x' }])).toBe('n8');
    expect(freshNodeId([{ id: 'n1' }], new Set(['n2']))).toBe('n3');
    expect(freshId('sheep', ['sheep', 'sheep-2'])).toBe('sheep-3');
    expect(freshId('wolf', ['sheep'])).toBe('wolf');
  });

  it('agent types are added, changed (undefined removes an optional field) and removed', () => {
    let d = scene();
    d = addAgentType({ ...d.agentTypes[0], id: 'b', name: 'B' })(d);
    d = updateAgentType('b', { count: 9, spawn: { speed: 1 } })(d);
    expect(d.agentTypes[1].count).toBe(9);
    d = updateAgentType('b', { spawn: undefined })(d);
    expect('spawn' in d.agentTypes[1]).toBe(false);
    d = removeAgentType('a')(d);
    expect(d.agentTypes.map((t) => t.id)).toEqual(['b']);
  });
});

describe('History', () => {
  it('undoes and redoes to the exact documents', () => {
    const start = scene();
    const h = new History(start);
    expect(h.apply(setParam('a', 'n1', 'jitter', 2))).toBe(true);
    const mid = h.doc;
    h.apply(removeNodes('a', ['n2']));
    const end = h.doc;
    expect(h.undo()).toBe(true);
    expect(h.doc).toBe(mid);
    expect(h.undo()).toBe(true);
    expect(h.doc).toBe(start);
    expect(h.undo()).toBe(false);
    expect(h.redo()).toBe(true);
    expect(h.redo()).toBe(true);
    expect(h.doc).toBe(end);
    expect(h.redo()).toBe(false);
  });

  it('records nothing for an edit that changes nothing', () => {
    const h = new History(scene());
    expect(h.apply(removeNodes('a', ['zz']))).toBe(false);
    expect(h.canUndo).toBe(false);
  });

  it('merges edits with the same key into one step, until sealed or another key', () => {
    const start = scene();
    const h = new History(start);
    for (const v of [1.5, 2, 2.5, 3]) h.apply(setParam('a', 'n1', 'jitter', v), 'drag');
    expect(graph(h.doc).nodes[0].params.jitter).toBe(3);
    h.undo();
    expect(h.doc).toBe(start);
    h.redo();
    h.seal();
    h.apply(setParam('a', 'n1', 'jitter', 4), 'drag');
    h.undo();
    expect(graph(h.doc).nodes[0].params.jitter).toBe(3);
  });

  it('a new edit clears redo; reset starts over', () => {
    const h = new History(scene());
    h.apply(setParam('a', 'n1', 'jitter', 2));
    h.undo();
    h.apply(setParam('a', 'n1', 'radius', 7));
    expect(h.canRedo).toBe(false);
    const other = scene();
    h.reset(other);
    expect(h.doc).toBe(other);
    expect(h.canUndo || h.canRedo).toBe(false);
  });
});
