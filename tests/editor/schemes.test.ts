import { describe, expect, it } from 'vitest';
import { NODE_DEFS } from '../../nodes/index';
import { SteerNode, type NodeHost } from '../../src/editor/schemes';

const host = {} as NodeHost;

describe('SteerNode.setParams (what the editor redraws after an edit)', () => {
  it('reports no change for the same params, for every kind of node, with or without inputs', () => {
    for (const def of NODE_DEFS) {
      const params = {};
      const node = new SteerNode({ id: 'n', kind: def.kind, params, position: [0, 0] }, host);
      expect(node.setParams(params), def.kind).toBe(false);
    }
  });

  it('reports a change for new params, and builds the inputs they call for', () => {
    const node = new SteerNode({ id: 's', kind: 'sum', params: { inputs: 5 }, position: [0, 0] }, host);
    // (each weight has a number input of its own since issue 16, drawn on the weight's row)
    expect(Object.keys(node.inputs)).toEqual(['in0', 'in1', 'in2', 'in3', 'in4', 'w0', 'w1', 'w2', 'w3', 'w4']);
    expect(node.rowInputs.map((p) => p.key)).toEqual(['in0', 'in1', 'in2', 'in3', 'in4']);
    expect(node.setParams({ inputs: 6 })).toBe(true);
    expect(node.rowInputs.map((p) => p.key)).toEqual(['in0', 'in1', 'in2', 'in3', 'in4', 'in5']);
    expect(Object.keys(node.inputs).sort()).toEqual(['in0', 'in1', 'in2', 'in3', 'in4', 'in5', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5']);
    const point = new SteerNode({ id: 'p', kind: 'point', params: { x: 1, y: 2 }, position: [0, 0] }, host);
    expect(point.setParams({ x: 5, y: 2 })).toBe(true);
    expect(point.params).toEqual({ x: 5, y: 2 });
  });
});
