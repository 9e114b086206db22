import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/document/commands';
import { exposeParam } from '../../src/document/param-commands';
import { compile } from '../../src/compiler/index';
import { emitModule } from '../../src/compiler/module';
import { addGroupUse, makeGroup, removeGroup, renameGroup, setGroupParams, ungroup, usesOfGroup } from '../../src/document/group-commands';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import type { Graph, SceneDocument } from '../../src/document/types';
import { preset, removeDir, tempDir, trajectoryHash } from '../presets/helpers';

const dir = tempDir();
afterAll(() => removeDir(dir));

const SHEEP = { type: 'sheep', state: 0 };

/** The scene with the graze graph's nodes `ids` moved to the end of its list (in their order there): the flattened form, by hand. */
function moved(doc: SceneDocument, ids: readonly string[]): SceneDocument {
  const t = doc.agentTypes[0];
  const g = t.states[0].graph;
  const graph: Graph = { ...g, nodes: [...g.nodes.filter((n) => !ids.includes(n.id)), ...g.nodes.filter((n) => ids.includes(n.id))] };
  const states = t.states.slice();
  states[0] = { ...states[0], graph };
  return { ...doc, agentTypes: [{ ...t, states }, ...doc.agentTypes.slice(1)] };
}

/** Runs the scene through save and load (groups must survive). */
function reload(doc: SceneDocument): SceneDocument {
  const r = loadScene(serializeScene(doc));
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.doc;
}

describe('node groups: flattening', () => {
  const base = preset('grazing-sheep');
  // the wolf sensing (nearest wolf, distance, compare) and the meadow drift (wander, target, arrive): wires in and out, a random draw
  const picked = ['wolf', 'distance', 'near', 'meadow', 'wander', 'stay'];

  it('a grouped graph compiles to the same program as its hand-flattened copy and runs bit-identically', async () => {
    const made = makeGroup(base, SHEEP, picked, 'Keep watch');
    const grouped = reload(made.edit(base));
    expect(grouped.groups).toHaveLength(1);
    expect(grouped.agentTypes[0].states[0].graph.nodes.some((n) => picked.includes(n.id))).toBe(false);
    const c = compile(grouped);
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.programSource).toBe(compile(moved(base, picked)).programSource);
    const want = await trajectoryHash(dir, 'plain', emitModule(base).js);
    expect(await trajectoryHash(dir, 'grouped', emitModule(grouped).js)).toBe(want);
  });

  it('a group inside a group flattens too, and ungrouping both gives back the same trajectories', async () => {
    const one = makeGroup(base, SHEEP, ['wolf', 'distance', 'near'], 'Sense');
    const d1 = one.edit(base);
    const two = makeGroup(d1, SHEEP, [one.useId, 'wander', 'stay', 'meadow'], 'Outer');
    const d2 = reload(two.edit(d1));
    expect(d2.groups!.map((g) => g.name)).toEqual(['Sense', 'Outer']);
    expect(compile(d2).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const want = await trajectoryHash(dir, 'plain2', emitModule(base).js);
    expect(await trajectoryHash(dir, 'nested', emitModule(d2).js)).toBe(want);
    const out = ungroup(d2, SHEEP, two.useId);
    const d3 = out.edit(d2);
    expect(out.ids.sort()).toEqual([one.useId, 'meadow', 'stay', 'wander'].sort());
    const back = ungroup(d3, SHEEP, one.useId).edit(d3);
    expect(back.agentTypes[0].states[0].graph.nodes.map((n) => n.id).sort()).toEqual(base.agentTypes[0].states[0].graph.nodes.map((n) => n.id).sort());
    expect(await trajectoryHash(dir, 'ungrouped', emitModule(back).js)).toBe(want);
  });

  it('editing inside a group changes every use: two uses, one group', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow']);
    const d1 = made.edit(base);
    // a second use in the wolf's prowl state
    const added = addGroupUse(d1, { type: 'wolf', state: 0 }, made.groupId, [0, 0]);
    const d2 = connect({ type: 'wolf', state: 0 }, [added.id, 'out1'], ['sum', 'in0'])(added.edit(d1));
    const before = compile(d2).programSource;
    const g = d2.groups![0];
    const inner = g.graph.nodes.map((n) => (n.kind === 'wander' ? { ...n, params: { ...n.params, radius: 7.125 } } : n));
    const d3: SceneDocument = { ...d2, groups: [{ ...g, graph: { ...g.graph, nodes: inner } }] };
    const after = compile(d3).programSource;
    expect(after).not.toBe(before);
    // both types' code changed: the new radius is in the code of each
    expect(after.split('7.125').length - 1).toBe(2);
    expect(before).not.toContain('7.125');
  });

  it('a use sets the group parameters it exposes, and an exposed one reads the agent type parameter', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow']);
    let d = made.edit(base);
    d = setGroupParams(made.groupId, [{ key: 'radius', label: 'Radius', node: 'wander', param: 'radius' }])(d);
    const plain = compile(d).programSource;
    const use = (doc: SceneDocument) => doc.agentTypes[0].states[0].graph.nodes.find((n) => n.id === made.useId)!;
    const set = (doc: SceneDocument, patch: object): SceneDocument => {
      const t = doc.agentTypes[0];
      const graph = t.states[0].graph;
      const nodes = graph.nodes.map((n) => (n.id === made.useId ? { ...n, ...patch } : n));
      const states = t.states.slice();
      states[0] = { ...states[0], graph: { ...graph, nodes } };
      return { ...doc, agentTypes: [{ ...t, states }, ...doc.agentTypes.slice(1)] };
    };
    const overridden = set(d, { params: { ...use(d).params, radius: 3.25 } });
    expect(compile(overridden).programSource).toContain('3.25');
    expect(plain).not.toContain('3.25');
    const withParam: SceneDocument = { ...overridden, agentTypes: [{ ...overridden.agentTypes[0], params: [{ name: 'roam', default: 4, min: 1, max: 9 }] }, ...overridden.agentTypes.slice(1)] };
    const exposed = set(withParam, { exposed: { radius: 'roam' } });
    const c = compile(reload(exposed));
    expect(c.diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
    expect(c.programSource).not.toContain('3.25');
  });

  it('exposing a use’s group parameter makes it a type parameter the inner node reads', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow']);
    const d = setGroupParams(made.groupId, [{ key: 'radius', label: 'Radius', node: 'wander', param: 'radius' }])(made.edit(base));
    const r = exposeParam(d, SHEEP, made.useId, 'radius');
    expect(r.name).not.toBe('');
    const after = r.edit(d);
    expect(after.agentTypes[0].states[0].graph.nodes.find((n) => n.id === made.useId)!.exposed).toEqual({ radius: r.name });
    expect(after.agentTypes[0].params!.some((p) => p.name === r.name)).toBe(true);
    expect(compile(after).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
  });

  it('a group that contains itself, and a missing group, are diagnostics on the use node', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow']);
    const d = made.edit(base);
    const g = d.groups![0];
    const selfish: SceneDocument = {
      ...d,
      groups: [{ ...g, graph: { ...g.graph, nodes: [...g.graph.nodes, { id: 'again', kind: 'group', params: { group: g.id }, position: [0, 0] }] } }],
    };
    const c = compile(reload(selfish));
    const on = c.diagnostics.filter((x) => x.nodeId === made.useId);
    expect(on.map((x) => x.message).join('\n')).toMatch(/contains itself/);
    expect(c.ok[0]).toBe(false);
    const missing: SceneDocument = { ...d, groups: [] };
    const m = compile(missing).diagnostics.find((x) => x.nodeId === made.useId);
    expect(m?.message).toMatch(/not in this scene’s library/);
    expect(m?.path).toMatch(/^agentTypes\[0\]\.states\[0\]\.graph\.nodes\[\d+\]$/);
  });

  it('a problem inside a group is reported on the use, naming the inner node', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow']);
    const d = made.edit(base);
    const g = d.groups![0];
    const nodes = g.graph.nodes.map((n) => (n.id === 'wander' ? { ...n, params: { ...n.params, radius: -5 } } : n));
    const c = compile({ ...d, groups: [{ ...g, graph: { ...g.graph, nodes } }] });
    const on = c.diagnostics.find((x) => x.nodeId === made.useId && x.severity === 'error');
    expect(on?.inner).toBe('wander');
    expect(on?.message).toMatch(/^In group “?"?Group 1"?”?, node .wander.: /);
  });
});

describe('node groups: library edits', () => {
  const base = preset('grazing-sheep');

  it('renames, refuses to delete a used group and deletes an unused one', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay']);
    const d = made.edit(base);
    expect(renameGroup(made.groupId, '  Roam  ')(d).groups![0].name).toBe('Roam');
    expect(renameGroup(made.groupId, '   ')(d)).toBe(d);
    expect(usesOfGroup(d, made.groupId)).toEqual(['sheep › graze']);
    expect(removeGroup(made.groupId)(d)).toBe(d);
    const unused = ungroup(d, SHEEP, made.useId).edit(d);
    const gone = removeGroup(made.groupId)(unused);
    expect(gone.groups).toBeUndefined();
    expect(gone.agentTypes[0].states[0].graph.nodes.map((n) => n.id).sort()).toEqual(base.agentTypes[0].states[0].graph.nodes.map((n) => n.id).sort());
    expect(compile(gone).programSource).toBe(compile(moved(base, ['wander', 'stay'])).programSource);
  });

  it('saves every group field and loads it back equal', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay', 'meadow'], 'Roam');
    let d = made.edit(base);
    d = setGroupParams(made.groupId, [{ key: 'r', label: 'Radius', node: 'wander', param: 'radius' }])(d);
    const text = serializeScene(d);
    const again = reload(d);
    expect(again.groups).toEqual(d.groups);
    expect(serializeScene(again)).toBe(text);
  });

  it('refuses a bad group with a path', () => {
    const made = makeGroup(base, SHEEP, ['wander', 'stay']);
    const json = JSON.parse(serializeScene(made.edit(base)));
    json.groups[0].inputs = [{ key: 'a', label: 'A', type: 'colour' }];
    const r = loadScene(JSON.stringify(json));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe('groups[0].inputs[0].type');
    json.groups[0].inputs = [];
    json.groups.push({ ...json.groups[0] });
    const dup = loadScene(JSON.stringify(json));
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.errors[0].message).toMatch(/duplicate group id/);
  });
});
