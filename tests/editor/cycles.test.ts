import { describe, expect, it } from 'vitest';
import { cycleThrough } from '../../src/editor/cycles';
import type { Connection } from '../../src/document/types';

const wire = (a: string, b: string, input = 'in0'): Connection => ({ from: [a, 'force'], to: [b, input] });

describe('cycleThrough', () => {
  // a → b → c, and c → out
  const chain = { connections: [wire('a', 'b'), wire('b', 'c'), wire('c', 'out', 'force')] };

  it('finds the cycle a wire from downstream back upstream would close, in order from the wire’s input', () => {
    expect(cycleThrough(chain, ['c', 'force'], ['a', 'in1'])).toEqual(['a', 'b', 'c']);
    expect(cycleThrough(chain, ['b', 'force'], ['a', 'in1'])).toEqual(['a', 'b']);
  });

  it('a node wired into itself is a cycle of one', () => {
    expect(cycleThrough(chain, ['b', 'force'], ['b', 'in1'])).toEqual(['b']);
  });

  it('accepts wires that close no cycle: forward, across, into a node that already feeds the source’s target', () => {
    expect(cycleThrough(chain, ['a', 'force'], ['c', 'in1'])).toBeNull();
    expect(cycleThrough(chain, ['x', 'force'], ['a', 'in1'])).toBeNull();
    // two paths joining again (a diamond) are no cycle
    const diamond = { connections: [wire('a', 'b'), wire('a', 'c'), wire('b', 'd'), wire('c', 'd', 'in1')] };
    expect(cycleThrough(diamond, ['b', 'force'], ['c', 'in1'])).toBeNull();
  });

  it('does not follow the connection the input holds, which the new wire replaces', () => {
    // b's in0 holds a → b; wiring c into b's in0 instead closes no cycle through that old wire
    const g = { connections: [wire('a', 'b'), wire('b', 'c')] };
    expect(cycleThrough(g, ['c', 'force'], ['b', 'in0'])).toEqual(['b', 'c']);
    expect(cycleThrough({ connections: [wire('b', 'a'), wire('a', 'c')] }, ['c', 'force'], ['a', 'in0'])).toEqual(['a', 'c']);
    // the cycle a → b → a exists only through b's in0, which the wire replaces
    expect(cycleThrough({ connections: [wire('a', 'b'), wire('b', 'a', 'in1')] }, ['x', 'force'], ['b', 'in0'])).toBeNull();
  });

  it('keeps going round a graph that already holds a cycle elsewhere', () => {
    const g = { connections: [wire('p', 'q'), wire('q', 'p'), wire('a', 'b')] };
    expect(cycleThrough(g, ['b', 'force'], ['a', 'in1'])).toEqual(['a', 'b']);
    expect(cycleThrough(g, ['p', 'force'], ['a', 'in1'])).toBeNull();
  });
});
