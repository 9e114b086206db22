/**
 * A reroute takes the type of what it is wired to once its wires are all gone: connectRetyping
 * sets its type and connects in one edit; a reroute with a wire keeps its type.
 */
import { describe, expect, it } from 'vitest';
import { removeNodes } from '../../src/document/commands';
import { graphIn, type GraphAt } from '../../src/document/graphs';
import { connectRetyping, insertReroute, isFreeReroute, wireType } from '../../src/document/reroute-commands';
import type { SceneDocument } from '../../src/document/types';
import { deepFreeze, preset } from '../hardening/shared';

const SHEEP: GraphAt = { type: 'sheep', state: 0 };

/** The default scene with a reroute on the wire Evade → Sum, then that wire's ends deleted away (Evade, then the Sum's wire). */
function freeReroute(): { doc: SceneDocument; id: string } {
  const base = preset('default');
  const wire = graphIn(base, SHEEP)!.connections.find((c) => c.from[0] === 'evade')!;
  const made = insertReroute(base, SHEEP, wire, [400, 0])!;
  let doc = made.edit(base);
  // its wires all go: Evade deleted, and the wire to the Sum cut
  doc = removeNodes(SHEEP, ['evade'])(doc);
  const g = graphIn(doc, SHEEP)!;
  doc = { ...doc, agentTypes: doc.agentTypes.map((t, k) => (k === 0 ? { ...t, states: [{ ...t.states[0], graph: { ...g, connections: g.connections.filter((c) => c.from[0] !== made.id) } }] } : t)) };
  return { doc: deepFreeze(doc) as SceneDocument, id: made.id };
}

const rerouteType = (d: SceneDocument, id: string) => graphIn(d, SHEEP)!.nodes.find((n) => n.id === id)!.params.type;

describe('a reroute wired again after its wires are gone', () => {
  it('takes the type of an output wired into it, in the same edit as the wire', () => {
    const { doc, id } = freeReroute();
    expect(isFreeReroute(doc, SHEEP, id)).toBe(true);
    expect(rerouteType(doc, id)).toBe('force');
    const next = connectRetyping(doc, SHEEP, ['pointer', 'point'], [id, 'in'])(doc);
    expect(rerouteType(next, id)).toBe('point');
    expect(graphIn(next, SHEEP)!.connections).toContainEqual({ from: ['pointer', 'point'], to: [id, 'in'] });
    // what it passes on is a point now
    expect(wireType(next, SHEEP, { from: [id, 'out'], to: ['flee', 'target'] })).toBe('point');
  });

  it('takes the type of an input it is wired to from its output', () => {
    const { doc, id } = freeReroute();
    const next = connectRetyping(doc, SHEEP, [id, 'out'], ['avoid', 'obstacles'])(doc);
    expect(rerouteType(next, id)).toBe('obstacles');
  });

  it('keeps its type while it has a wire (it only takes what fits, as any socket)', () => {
    const { doc, id } = freeReroute();
    const wired = connectRetyping(doc, SHEEP, ['pointer', 'point'], [id, 'in'])(doc);
    expect(isFreeReroute(wired, SHEEP, id)).toBe(false);
    const more = connectRetyping(wired, SHEEP, [id, 'out'], ['flee', 'target'])(wired);
    expect(rerouteType(more, id)).toBe('point');
    // a reroute on a live wire: connectRetyping is a plain connect
    const base = preset('default');
    const made = insertReroute(base, SHEEP, graphIn(base, SHEEP)!.connections[0], [0, 0])!;
    const d = made.edit(base);
    expect(rerouteType(connectRetyping(d, SHEEP, [made.id, 'out'], ['flee', 'target'])(d), made.id)).toBe('agent');
  });

  it('a wire from a reroute to itself changes nothing', () => {
    const { doc, id } = freeReroute();
    expect(connectRetyping(doc, SHEEP, [id, 'out'], [id, 'in'])(doc)).toBe(doc);
  });
});
