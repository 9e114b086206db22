/**
 * Sum's and Priority's input count: two and up, so a designer can lower a Sum to the inputs they
 * use without the graph turning into an error; a Sum whose document gives no count keeps four,
 * so every saved scene means what it meant.
 */
import { describe, expect, it } from 'vitest';
import { countParam, getNodeDef, inputPorts } from '../../nodes/index';
import { createBehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import type { GraphNode } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';

const sum = getNodeDef('sum')!;
const priority = getNodeDef('priority')!;

/** Two constant-ish forces (Seek and Flee of the pointer) into a combinator of `params`. */
function combined(kind: string, params: GraphNode['params']) {
  return scene([
    agentType(
      'a',
      [node('ptr', 'pointer'), node('seek', 'seek'), node('flee', 'flee', { panicDistance: 1000 }), node('c', kind, params), node('out', 'agent-output')],
      [wire('ptr.point', 'seek.target'), wire('ptr.point', 'flee.target'), wire('seek.force', 'c.in0'), wire('flee.force', 'c.in1'), wire('c.force', 'out.force')],
    ),
  ]);
}

describe('the input count of Sum and Priority', () => {
  it('goes down to 2 for both', () => {
    expect(countParam(sum)).toMatchObject({ min: 2, max: 32 });
    expect(countParam(priority)).toMatchObject({ min: 2, max: 16 });
  });

  it('is 4 for a Sum and 2 for a Priority whose document gives none (as before)', () => {
    expect(countParam(sum)!.default).toBe(4);
    // (the force inputs; each weight also has a number input of its own since issue 16)
    expect(inputPorts(sum, {}).filter((p) => p.type === 'force').map((p) => p.key)).toEqual(['in0', 'in1', 'in2', 'in3']);
    expect(inputPorts(sum, {}).filter((p) => p.type === 'number').map((p) => p.key)).toEqual(['w0', 'w1', 'w2', 'w3']);
    expect(inputPorts(priority, {}).map((p) => p.key)).toEqual(['in0', 'in1']);
  });

  it('a Sum of 2 and of 3 inputs compiles without a problem, to the same forces as a Sum of 4', () => {
    const forces = (inputs: number) => {
      const doc = combined('sum', { inputs, w0: 0.5, w1: 2 });
      const c = compile(doc);
      expect(c.diagnostics, `inputs ${inputs}`).toEqual([]);
      const w = createBehaviorWorld(doc, instantiate(c));
      w.setPointer(300, 200);
      return Array.from(w.computeForces('a'));
    };
    const four = forces(4);
    expect(four.some((v) => v !== 0)).toBe(true);
    expect(forces(2)).toEqual(four);
    expect(forces(3)).toEqual(four);
  });

  it('below 2 is an error on the Inputs field, naming the range', () => {
    const d = compile(combined('sum', { inputs: 1 })).diagnostics;
    expect(d.filter((x) => x.severity === 'error').map((x) => [x.nodeId, x.port, x.message])).toEqual([['c', 'inputs', 'Inputs must be at least 2 and at most 32, got 1']]);
  });
});
