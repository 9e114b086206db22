import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { makeGroup } from '../../src/document/group-commands';
import { groupFileText, importGroups, loadGroupFile } from '../../src/document/group-file';
import { preset } from '../presets/helpers';

const SHEEP = { type: 'sheep', state: 0 };

describe('group files', () => {
  const base = preset('grazing-sheep');
  const inner = makeGroup(base, SHEEP, ['wolf', 'distance', 'near'], 'Sense');
  const d1 = inner.edit(base);
  const outer = makeGroup(d1, SHEEP, [inner.useId, 'wander', 'stay', 'meadow'], 'Keep watch');
  const scene = outer.edit(d1);

  it('exports a group with the groups it uses, and loads it back', () => {
    const text = groupFileText(scene, outer.groupId);
    const json = JSON.parse(text);
    expect(json.format).toBe('steergraph-group');
    expect(json.version).toBe(1);
    expect(json.group.name).toBe('Keep watch');
    expect(json.groups.map((g: { name: string }) => g.name)).toEqual(['Sense']);
    const r = loadGroupFile(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect([r.group, ...r.groups]).toEqual([...scene.groups!].reverse());
  });

  it('refuses a bad file with a path, and a newer version', () => {
    const json = JSON.parse(groupFileText(scene, outer.groupId));
    json.group.graph.nodes[0].position = [0, 'x'];
    let r = loadGroupFile(JSON.stringify(json));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe('group.graph.nodes[0].position[1]');
    json.version = 2;
    r = loadGroupFile(JSON.stringify(json));
    expect(!r.ok && r.errors[0].message).toMatch(/newer Steergraph/);
    expect(loadGroupFile('{"format":"steergraph"}').ok).toBe(false);
    expect(loadGroupFile('not json').ok).toBe(false);
  });

  it('imports into another scene, renaming a clashing id; the uses inside follow; the scene then compiles the same', () => {
    const r = loadGroupFile(groupFileText(scene, outer.groupId));
    if (!r.ok) throw new Error('did not load');
    // the other scene already has a different group with the inner group's id
    const other = makeGroup(base, SHEEP, ['contain'], 'Walls').edit(base);
    expect(other.groups![0].id).toBe(r.groups[0].id);
    const imported = importGroups(other, r);
    const after = imported.edit(other);
    expect(after.groups!.map((g) => g.name)).toEqual(['Walls', 'Keep watch', 'Sense']);
    const sense = after.groups!.find((g) => g.name === 'Sense')!;
    expect(sense.id).not.toBe(other.groups![0].id);
    const watch = after.groups!.find((g) => g.id === imported.id)!;
    expect(watch.graph.nodes.find((n) => n.kind === 'group')!.params.group).toBe(sense.id);
    expect(compile(after).diagnostics.filter((x) => x.severity === 'error')).toEqual([]);
    // importing the same file again adds nothing new for groups already there, the same
    expect(importGroups(scene, r).edit(scene)).toBe(scene);
  });
});
