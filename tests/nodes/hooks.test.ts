/**
 * The hooks on the node definitions (nodes/types.ts): the sink, muting, and what a muted node of
 * each kind compiles to.
 */
import { describe, expect, it } from 'vitest';
import { NODE_DEFS, canMute, isSink } from '../../nodes/index';
import { compile } from '../../src/compiler/index';
import { agentType, node, scene, wire } from '../fixtures/scenes';

describe('the sink', () => {
  it('is one kind of the registry, the Agent Output, which takes a force and gives nothing', () => {
    const sinks = NODE_DEFS.filter((d) => d.sink);
    expect(sinks.map((d) => d.label)).toEqual(['Agent Output']);
    expect(isSink(sinks[0].kind)).toBe(true);
    expect(sinks[0].outputs).toEqual([]);
    expect(isSink('seek')).toBe(false);
    expect(isSink('no-such-kind')).toBe(false);
  });
});

describe('muting', () => {
  it('is offered for every kind with a force output but the sink (behaviours and combinators)', () => {
    for (const d of NODE_DEFS) {
      const forceOut = d.outputs.some((p) => p.type === 'force');
      expect(canMute(d.kind), d.kind).toBe(forceOut && !d.sink && !d.layout);
    }
    expect(canMute('no-such-kind')).toBe(false);
  });

  it('passes through a force input of the kind itself, when a kind says so', () => {
    for (const d of NODE_DEFS) {
      if (!d.mute || d.mute === 'zero') continue;
      const through = d.mute.through;
      expect(d.inputs.find((p) => p.key === through)?.type, d.kind).toBe('force');
    }
  });

  it('is ignored on a kind that cannot be muted: a muted Point still gives its point', () => {
    const graph = (muted: boolean) =>
      scene([
        agentType('a', [{ ...node('p', 'point', { x: 10, y: 20 }), ...(muted ? { muted: true } : {}) }, node('s', 'seek'), node('out', 'agent-output')], [wire('p.point', 's.target'), wire('s.force', 'out.force')]),
      ]);
    expect(compile(graph(true)).programSource).toBe(compile(graph(false)).programSource);
  });
});
