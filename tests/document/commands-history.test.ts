import { describe, expect, it } from 'vitest';
import { moveNodes, setParam } from '../../src/document/commands';
import { HISTORY_BYTES, History, historyBytes } from '../../src/document/history';
import type { GraphNode, SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

/** The sample scene with `n` more Wander nodes in the first type's graph (a big graph, whose every edit copies its node list). */
function bigScene(n: number): SceneDocument {
  const doc = sampleScene();
  const nodes: GraphNode[] = Array.from({ length: n }, (_, i) => ({ id: `w${i}`, kind: 'wander', params: { wanderRadius: 10 + (i % 7) }, position: [i * 3, i] }));
  const [first, ...rest] = doc.agentTypes;
  return { ...doc, agentTypes: [{ ...first, states: [{ name: 'default', graph: { ...first.states[0].graph, nodes: [...first.states[0].graph.nodes, ...nodes] } }] }, ...rest] };
}

const typeId = (d: SceneDocument) => d.agentTypes[0].id;
const nodeIds = (d: SceneDocument) => d.agentTypes[0].states[0].graph.nodes.map((n) => n.id);

describe('historyBytes', () => {
  it('counts nothing for what two documents share, and the changed path for an edit', () => {
    const doc = bigScene(100);
    expect(historyBytes(doc, doc)).toBe(0);
    const next = setParam(typeId(doc), 'w5', 'wanderRadius', 3)(doc);
    const step = historyBytes(doc, next);
    // the node list that the edit copied (16 + 8 a node), and the changed node, graph, type and document
    const list = 16 + 8 * nodeIds(doc).length;
    expect(step).toBeGreaterThan(list);
    expect(step).toBeLessThan(list + 2000);
    // …and grows with the graph: each step of a bigger graph holds a bigger list
    const bigger = bigScene(1000);
    expect(historyBytes(bigger, setParam(typeId(bigger), 'w5', 'wanderRadius', 3)(bigger))).toBeGreaterThan(8000);
  });
});

describe('History bound', () => {
  it(`holds at most its bound (${HISTORY_BYTES / 1024 / 1024} MB by default), dropping the oldest undo steps with a notice`, () => {
    const start = bigScene(500);
    const id = typeId(start);
    const bound = 200_000; // about 40 steps of a 500-node graph
    const h = new History(start, bound);
    const docs: SceneDocument[] = [start];
    const notices: string[] = [];
    for (let i = 0; i < 200; i++) {
      expect(h.apply(setParam(id, `w${i % 500}`, 'wanderRadius', 20 + (i % 50)))).toBe(true);
      docs.push(h.doc);
      if (h.trimmed) notices.push(h.trimmed);
      expect(h.bytes).toBeLessThanOrEqual(bound);
    }
    expect(h.dropped).toBeGreaterThan(100);
    expect(h.undoSteps).toBe(200 - h.dropped);
    // One notice, when the first steps were dropped.
    expect(notices).toEqual(['The undo history is full (195 KB): its oldest steps are dropped from now on. Save to keep this version.']);
    // The newest steps are kept, the oldest gone: undo goes back exactly as far as what was kept.
    let undone = 0;
    while (h.undo()) undone++;
    expect(undone).toBe(200 - h.dropped);
    expect(h.doc).toBe(docs[h.dropped]);
    expect(h.doc).not.toBe(start);
    // Undo and redo move steps, they do not add to it.
    expect(h.bytes).toBeLessThanOrEqual(bound);
    while (h.redo());
    expect(h.doc).toBe(docs[200]);
    expect(h.bytes).toBeLessThanOrEqual(bound);
  });

  it('a merged run (a slider dragged) counts as one step, and reset starts the count over', () => {
    const start = bigScene(500);
    const id = typeId(start);
    const h = new History(start);
    h.apply(setParam(id, 'w1', 'wanderRadius', 1), 'drag');
    const one = h.bytes;
    for (let v = 2; v < 300; v++) h.apply(setParam(id, 'w1', 'wanderRadius', v), 'drag');
    expect(h.bytes).toBe(one);
    expect(h.undoSteps).toBe(1);
    h.apply(moveNodes(id, [{ id: 'w2', position: [5, 5] }]));
    expect(h.bytes).toBeGreaterThan(one);
    h.reset(start);
    expect(h.bytes).toBe(0);
    expect(h.dropped).toBe(0);
  });

  it('a new edit after undo frees the redo steps it discards', () => {
    const start = bigScene(200);
    const id = typeId(start);
    const h = new History(start);
    for (let i = 0; i < 10; i++) h.apply(setParam(id, `w${i}`, 'wanderRadius', 3));
    const ten = h.bytes;
    for (let i = 0; i < 10; i++) h.undo();
    expect(h.bytes).toBe(ten);
    h.apply(setParam(id, 'w0', 'wanderRadius', 4));
    expect(h.bytes).toBeLessThan(ten / 5);
  });

  it('keeps the newest step even when it alone is over the bound', () => {
    const start = bigScene(500);
    const h = new History(start, 100);
    h.apply(setParam(typeId(start), 'w1', 'wanderRadius', 2));
    h.apply(setParam(typeId(start), 'w2', 'wanderRadius', 2));
    expect(h.undoSteps).toBe(1);
    expect(h.undo()).toBe(true);
    expect(h.doc.agentTypes[0].states[0].graph.nodes.find((n) => n.id === 'w1')!.params.wanderRadius).toBe(2);
  });
});
