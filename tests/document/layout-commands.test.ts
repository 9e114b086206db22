import { describe, expect, it } from 'vitest';
import { addFrame, addNote, alignment, frameAround, moveFrame, removeBoxes, setCollapsed, setHideUnconnected, updateFrame, updateNote } from '../../src/document/layout-commands';
import { loadScene } from '../../src/document/load';
import { removeNodes, setParam } from '../../src/document/commands';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

const graph = (d: SceneDocument) => d.agentTypes[0].states[0].graph;
const frame = { id: 'frame', title: 'Flee', color: '#4a6fa5', x: 0, y: 0, width: 400, height: 200 };
const note = { id: 'note', text: 'Keep the wolf away', x: 500, y: 0, width: 160, height: 90 };

describe('frames and notes', () => {
  it('add, rename, recolour, resize and remove a frame; its nodes stay', () => {
    const doc = sampleScene();
    const a = addFrame('sheep', frame)(doc);
    expect(graph(a).frames).toEqual([frame]);
    expect(addFrame('sheep', { ...frame, title: 'again' })(a)).toBe(a);
    const b = updateFrame('sheep', 'frame', { title: 'Run', color: '#a54a4a', width: 10, height: 300 })(a);
    expect(graph(b).frames).toEqual([{ ...frame, title: 'Run', color: '#a54a4a', width: 80, height: 300 }]);
    expect(updateFrame('sheep', 'frame', { title: 'Flee' })(a)).toBe(a);
    expect(updateFrame('sheep', 'nope', { title: 'x' })(a)).toBe(a);
    const c = removeBoxes('sheep', ['frame'])(b);
    expect(graph(c).frames).toBeUndefined();
    expect(graph(c).nodes).toBe(graph(doc).nodes);
  });

  it('moving a frame moves the nodes given with it, in one edit', () => {
    const a = addFrame('sheep', frame)(sampleScene());
    const b = moveFrame('sheep', 'frame', 15, -5, ['flee'])(a);
    expect(graph(b).frames?.[0]).toMatchObject({ x: 15, y: -5 });
    expect(graph(b).nodes.map((n) => n.position)).toEqual([[55, 55], [260, 60]]);
    expect(moveFrame('sheep', 'frame', 0, 0, ['flee'])(a)).toBe(a);
  });

  it('notes take text, move and go; node edits keep frames and notes', () => {
    const a = addNote('sheep', note)(addFrame('sheep', frame)(sampleScene()));
    const b = updateNote('sheep', 'note', { text: 'Wolves!', x: 10 })(a);
    expect(graph(b).notes).toEqual([{ ...note, text: 'Wolves!', x: 10 }]);
    const c = setParam('sheep', 'flee', 'panicDistance', 50)(removeNodes('sheep', ['sum'])(b));
    expect(graph(c).frames).toEqual([frame]);
    expect(graph(c).notes).toEqual(graph(b).notes);
    expect(graph(removeBoxes('sheep', ['note', 'frame'])(a)).notes).toBeUndefined();
  });

  it('a frame is fitted around nodes with room for its title', () => {
    expect(frameAround([{ x: 100, y: 100, width: 200, height: 80 }, { x: 400, y: 150, width: 100, height: 50 }])).toEqual({ x: 70, y: 36, width: 460, height: 194 });
  });
});

describe('collapse and hidden inputs', () => {
  it('set and clear the flags, absent when off', () => {
    const a = setCollapsed('sheep', ['flee'], true)(sampleScene());
    expect(graph(a).nodes[0].collapsed).toBe(true);
    expect(setCollapsed('sheep', ['flee'], true)(a)).toBe(a);
    expect('collapsed' in graph(setCollapsed('sheep', ['flee'], false)(a)).nodes[0]).toBe(false);
    const b = setHideUnconnected('sheep', ['sum'], true)(a);
    expect(graph(b).nodes[1].hideUnconnected).toBe(true);
  });
});

describe('saving and loading', () => {
  it('round-trips frames, notes and flags; a scene without them saves as before', () => {
    const plain = sampleScene();
    expect(serializeScene(plain)).not.toMatch(/frames|notes|collapsed|hideUnconnected/);
    const doc = setHideUnconnected('sheep', ['sum'], true)(setCollapsed('sheep', ['flee'], true)(addNote('sheep', note)(addFrame('sheep', frame)(plain))));
    const loaded = loadScene(serializeScene(doc));
    expect(loaded.ok && loaded.doc).toEqual(doc);
  });

  it('refuses a frame of the wrong shape with a path', () => {
    const doc = addFrame('sheep', frame)(sampleScene());
    const bad = serializeScene(doc).replace('"#4a6fa5"', '"blue"');
    const r = loadScene(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe('agentTypes[0].states[0].graph.frames[0].color');
  });
});

describe('alignment', () => {
  const boxes = [
    { id: 'a', x: 0, y: 0, width: 100, height: 40 },
    { id: 'b', x: 200, y: 50, width: 100, height: 60 },
    { id: 'c', x: 500, y: 20, width: 100, height: 40 },
  ];
  it('left, top, centres and distribution', () => {
    expect(alignment(boxes, 'left')).toEqual([{ id: 'b', position: [0, 50] }, { id: 'c', position: [0, 20] }]);
    expect(alignment(boxes, 'top')).toEqual([{ id: 'b', position: [200, 0] }, { id: 'c', position: [500, 0] }]);
    expect(alignment(boxes, 'center-y')).toEqual([{ id: 'a', position: [0, 27] }, { id: 'b', position: [200, 17] }, { id: 'c', position: [500, 27] }]);
    expect(alignment(boxes, 'distribute-x')).toEqual([{ id: 'b', position: [250, 50] }]);
    expect(alignment(boxes.slice(0, 1), 'left')).toEqual([]);
  });
  it('straighten puts each node level with the one feeding it', () => {
    const wires = [{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }];
    expect(alignment(boxes, 'straighten', wires)).toEqual([{ id: 'b', position: [200, -10] }, { id: 'c', position: [500, 0] }]);
    // with socket offsets: b's input (at 50) level with a's output (at 30), c's input (at 10) with b's output (at 20)
    const sockets = [{ from: 'a', to: 'b', fromY: 30, toY: 50 }, { from: 'b', to: 'c', fromY: 20, toY: 10 }];
    expect(alignment(boxes, 'straighten', sockets)).toEqual([{ id: 'b', position: [200, -20] }, { id: 'c', position: [500, -10] }]);
  });
});
