import { describe, expect, it } from 'vitest';
import { nodesInBox } from '../../src/editor/box-select';

const nodes = [
  { id: 'a', x: 0, y: 0, width: 100, height: 50 },
  { id: 'b', x: 200, y: 0, width: 100, height: 50 },
  { id: 'c', x: 0, y: 200, width: 100, height: 50 },
];

describe('nodesInBox (Shift+drag on the canvas)', () => {
  it('selects the nodes the box touches, even partly', () => {
    expect(nodesInBox(nodes, 50, 25, 250, 40)).toEqual(['a', 'b']);
    expect(nodesInBox(nodes, -10, -10, 400, 400)).toEqual(['a', 'b', 'c']);
  });

  it('selects none for a box between nodes, or one only touching an edge', () => {
    expect(nodesInBox(nodes, 110, 60, 190, 190)).toEqual([]);
    expect(nodesInBox(nodes, 100, 0, 200, 50)).toEqual([]);
  });
});
