/**
 * Reroutes (nodes/reroute.ts): points a wire passes through. A graph with reroutes compiles to the
 * same program as the graph without them and runs bit-identically; one with nothing wired in leaves
 * what it feeds unconnected; they give no diagnostics of their own; deleting one joins its wires.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { emitModule } from '../../src/compiler/module';
import { removeNodes, setParams } from '../../src/document/commands';
import { makeGroup } from '../../src/document/group-commands';
import { graphIn, type GraphAt } from '../../src/document/graphs';
import { loadScene } from '../../src/document/load';
import { insertReroute } from '../../src/document/reroute-commands';
import { serializeScene } from '../../src/document/serialize';
import type { Connection, SceneDocument } from '../../src/document/types';
import { agentType, node, scene, wire } from '../fixtures/scenes';
import { preset, removeDir, tempDir, trajectoryHash } from '../presets/helpers';

const dir = tempDir();
afterAll(() => removeDir(dir));

const GRAZE: GraphAt = { type: 'sheep', state: 0 };

/** The wire of the graph at `at` from `from` (node.port) to `to`. */
function wireAt(doc: SceneDocument, at: GraphAt, from: string, to: string): Connection {
  const w = wire(from, to);
  const c = graphIn(doc, at)!.connections.find((x) => x.from.join('.') === w.from.join('.') && x.to.join('.') === w.to.join('.'));
  if (!c) throw new Error(`no wire ${from} → ${to}`);
  return c;
}

/** The scene with a reroute put on each of these wires of the graph at `at` (in turn: a wire may run through an earlier one). */
function rerouted(doc: SceneDocument, at: GraphAt, wires: [string, string][]): { doc: SceneDocument; ids: string[] } {
  const ids: string[] = [];
  for (const [from, to] of wires) {
    const r = insertReroute(doc, at, wireAt(doc, at, from, to), [100, 100]);
    if (!r) throw new Error(`cannot reroute ${from} → ${to}`);
    doc = r.edit(doc);
    ids.push(r.id);
  }
  return { doc, ids };
}

function reload(doc: SceneDocument): SceneDocument {
  const r = loadScene(serializeScene(doc));
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.doc;
}

/** The scene with the grazing graph's Sum given these parameters. */
const updateSum = (doc: SceneDocument, params: Record<string, number>): SceneDocument =>
  setParams(GRAZE, 'sum', params)(doc);

const errors = (doc: SceneDocument) => compile(doc).diagnostics.filter((d) => d.severity === 'error');

describe('reroutes: compiling through them', () => {
  const base = preset('grazing-sheep');

  it('a graph with reroutes on a force, a point, an agent, a number and a condition wire compiles to the same program and runs bit-identically', async () => {
    // (and a chain: the second reroute goes on the wire out of the first)
    const r1 = rerouted(base, GRAZE, [
      ['wander.force', 'sum.in0'],
      ['meadow.point', 'stay.target'],
      ['wolf.agent', 'distance.to'],
      ['distance.value', 'near.a'],
      ['near.holds', 'flee.when'],
    ]);
    const { doc, ids } = rerouted(r1.doc, GRAZE, [[`${r1.ids[0]}.out`, 'sum.in0']]);
    const graph = graphIn(doc, GRAZE)!;
    expect(graph.nodes.filter((n) => n.kind === 'reroute').map((n) => n.params.type)).toEqual(['force', 'point', 'agent', 'number', 'condition', 'force']);
    expect(graph.connections.some((c) => c.from[0] === 'wander')).toBe(true);
    expect(graph.connections.some((c) => c.from[0] === 'wander' && c.to[0] === 'sum')).toBe(false);
    const loaded = reload(doc);
    const c = compile(loaded);
    expect(c.diagnostics).toEqual(compile(base).diagnostics);
    expect(c.programSource).toBe(compile(base).programSource);
    const want = await trajectoryHash(dir, 'plain', emitModule(base).js);
    expect(await trajectoryHash(dir, 'rerouted', emitModule(loaded).js)).toBe(want);
    expect(ids).toHaveLength(1);
  });

  it('a reroute listed before the nodes it joins gives the same trajectories (the other nodes keep their indices)', async () => {
    const { doc } = rerouted(base, GRAZE, [['stay.force', 'sum.in1']]);
    const t = doc.agentTypes[0];
    const g = t.states[0].graph;
    const first = { ...g, nodes: [g.nodes[g.nodes.length - 1], ...g.nodes.slice(0, -1)] };
    const moved: SceneDocument = { ...doc, agentTypes: [{ ...t, states: [{ ...t.states[0], graph: first }, ...t.states.slice(1)] }, ...doc.agentTypes.slice(1)] };
    expect(errors(moved)).toEqual([]);
    const want = await trajectoryHash(dir, 'plain2', emitModule(base).js);
    expect(await trajectoryHash(dir, 'first', emitModule(moved).js)).toBe(want);
  });

  it('a reroute with nothing wired in leaves the input it feeds unconnected, and the message is on that node', () => {
    const wired = scene([
      agentType('a', [node('p', 'pointer'), node('seek', 'seek'), node('r', 'reroute', { type: 'point' }), node('out', 'agent-output')], [wire('r.out', 'seek.target'), wire('seek.force', 'out.force')]),
    ]);
    const bare = scene([agentType('a', [node('p', 'pointer'), node('seek', 'seek'), node('r', 'reroute', { type: 'point' }), node('out', 'agent-output')], [wire('seek.force', 'out.force')])]);
    const e = errors(wired);
    expect(e.map((d) => [d.nodeId, d.message])).toEqual([['seek', 'Seek needs its Target input connected']]);
    expect(e).toEqual(errors(bare));
  });

  it('says nothing about a reroute itself: not unconnected, not an unknown type', () => {
    const doc = scene([
      agentType(
        'a',
        [node('p', 'pointer'), node('seek', 'seek'), node('r', 'reroute', { type: 'zz' }), node('loose', 'reroute'), node('out', 'agent-output')],
        [wire('p.point', 'seek.target'), wire('seek.force', 'out.force')],
      ),
    ]);
    expect(compile(doc).diagnostics.filter((d) => d.nodeId === 'r' || d.nodeId === 'loose')).toEqual([]);
  });

  it('a loop of reroutes feeds nothing, and compiles', () => {
    const doc = scene([
      agentType('a', [node('r1', 'reroute'), node('r2', 'reroute'), node('out', 'agent-output')], [wire('r1.out', 'r2.in'), wire('r2.out', 'r1.in'), wire('r2.out', 'out.force')]),
    ]);
    expect(errors(doc).map((d) => d.message)).toEqual(['Agent Output needs its Force input connected']);
  });

  it('a type mismatch through a reroute is reported on the node it feeds', () => {
    // (a file can say anything: a point wired through a force reroute into a Sum)
    const doc = scene([
      agentType(
        'a',
        [node('p', 'pointer'), node('r', 'reroute'), node('sum', 'sum'), node('out', 'agent-output')],
        [wire('p.point', 'r.in'), wire('r.out', 'sum.in0'), wire('sum.force', 'out.force')],
      ),
    ]);
    const e = errors(doc);
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ nodeId: 'sum', port: 'in0', path: 'agentTypes[0].states[0].graph.connections' });
  });

  it('a grouped graph with reroutes inside and outside the group compiles to the same program as without them', async () => {
    const picked = ['wolf', 'distance', 'near', 'meadow', 'wander', 'stay'];
    const plain = makeGroup(base, GRAZE, picked, 'Keep watch').edit(base);
    const inner = rerouted(base, GRAZE, [
      ['distance.value', 'near.a'],
      ['wander.force', 'sum.in0'],
    ]);
    const grouped = makeGroup(inner.doc, GRAZE, [...picked, inner.ids[0]], 'Keep watch').edit(inner.doc);
    expect(grouped.groups![0].graph.nodes.some((n) => n.kind === 'reroute')).toBe(true);
    const outside = rerouted(grouped, GRAZE, [['sum.force', 'out.force']]).doc;
    const c = compile(reload(outside));
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.programSource).toBe(compile(plain).programSource);
    const want = await trajectoryHash(dir, 'plain3', emitModule(base).js);
    expect(await trajectoryHash(dir, 'grouped', emitModule(outside).js)).toBe(want);
  });
});

describe('reroutes: deleting one joins its wires', () => {
  const base = preset('grazing-sheep');

  it('what fed it then feeds everything it fed', () => {
    const { doc, ids } = rerouted(base, GRAZE, [['wolf.agent', 'distance.to']]);
    // a second wire out of the reroute, as a user drags one from it
    const two: SceneDocument = {
      ...doc,
      agentTypes: [
        {
          ...doc.agentTypes[0],
          states: [
            { ...doc.agentTypes[0].states[0], graph: { ...doc.agentTypes[0].states[0].graph, nodes: [...doc.agentTypes[0].states[0].graph.nodes, node('fl', 'flee')], connections: [...doc.agentTypes[0].states[0].graph.connections, wire(`${ids[0]}.out`, 'fl.target')] } },
            ...doc.agentTypes[0].states.slice(1),
          ],
        },
        ...doc.agentTypes.slice(1),
      ],
    };
    const after = removeNodes(GRAZE, ids)(two);
    const g = graphIn(after, GRAZE)!;
    expect(g.nodes.some((n) => n.kind === 'reroute')).toBe(false);
    expect(g.connections.filter((c) => c.from[0] === 'wolf').map((c) => c.to.join('.')).sort()).toEqual(['distance.to', 'fl.target']);
  });

  it('a chain deleted at once joins end to end; the plain graph comes back', () => {
    const r1 = rerouted(base, GRAZE, [['wander.force', 'sum.in0']]);
    const r2 = rerouted(r1.doc, GRAZE, [[`${r1.ids[0]}.out`, 'sum.in0']]);
    const after = removeNodes(GRAZE, [...r1.ids, ...r2.ids])(r2.doc);
    expect(compile(after).programSource).toBe(compile(base).programSource);
    expect(graphIn(after, GRAZE)!.connections.filter((c) => c.from[0] === 'wander')).toEqual([wire('wander.force', 'sum.in0')]);
  });

  it('deleting a reroute with the node that fed it leaves nothing dangling', () => {
    const { doc, ids } = rerouted(base, GRAZE, [['wander.force', 'sum.in0']]);
    const g = graphIn(removeNodes(GRAZE, [ids[0], 'wander'])(doc), GRAZE)!;
    expect(g.connections.some((c) => c.to[0] === 'sum' && c.to[1] === 'in0')).toBe(false);
  });

  it('a reroute on the wire into a Sum’s last input leaves the Sum’s inputs as they were', () => {
    // (a new wire into the last input adds a free one; a reroute only moves where the wire comes from)
    const sum = (d: SceneDocument) => graphIn(d, GRAZE)!.nodes.find((n) => n.id === 'sum')!.params;
    expect(sum(base).inputs).toBe(4);
    const { doc } = rerouted(base, GRAZE, [['separation.force', 'sum.in3']]);
    expect(sum(doc)).toEqual(sum(base));
    // nor does it mend a Sum whose input count is out of range: its error stays, and so does the program
    const broken = updateSum(base, { inputs: 0 });
    expect(errors(broken).map((e) => e.nodeId)).toEqual(['sum']);
    const after = rerouted(broken, GRAZE, [['stay.force', 'sum.in1']]).doc;
    expect(sum(after).inputs).toBe(0);
    expect(compile(after).programSource).toBe(compile(broken).programSource);
  });

  it('putting a reroute on a wire that is not there changes nothing', () => {
    expect(insertReroute(base, GRAZE, wire('wander.force', 'out.force'), [0, 0])).toBeNull();
  });
});
