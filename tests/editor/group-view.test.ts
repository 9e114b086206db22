import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { addGroupUse, makeGroup, useCountOf } from '../../src/document/group-commands';
import type { SceneDocument } from '../../src/document/types';
import { innerDiagnostics, withBoundary } from '../../src/editor/group-view';
import { preset } from '../presets/helpers';

const SHEEP = { type: 'sheep', state: 0 };

describe('the editor inside a group', () => {
  const base = preset('grazing-sheep');
  const inner = makeGroup(base, SHEEP, ['wander', 'stay'], 'Roam');
  const d1 = inner.edit(base);
  const outer = makeGroup(d1, SHEEP, [inner.useId, 'meadow'], 'Outer');
  const scene = outer.edit(d1);

  it('draws the group with its Group Input and Group Output', () => {
    const g = withBoundary(scene, outer.groupId)!;
    expect(g.nodes.map((n) => n.id)).toEqual(['@in', 'meadow', inner.useId, '@out']);
    expect(withBoundary(scene, 'nope')).toBeUndefined();
  });

  it('shows a problem of a nested group’s node on that node, inside that group', () => {
    const roam = scene.groups!.find((g) => g.id === inner.groupId)!;
    const nodes = roam.graph.nodes.map((n) => (n.id === 'wander' ? { ...n, params: { ...n.params, radius: -1 } } : n));
    const bad: SceneDocument = { ...scene, groups: scene.groups!.map((g) => (g === roam ? { ...roam, graph: { ...roam.graph, nodes } } : g)) };
    const diags = compile(bad).diagnostics;
    const onUse = diags.find((d) => d.nodeId === outer.useId && d.severity === 'error');
    expect(onUse?.inner).toBe(`${inner.useId}/wander`);
    expect(innerDiagnostics(bad, { ...SHEEP, group: inner.groupId }, diags).map((d) => d.nodeId)).toContain('wander');
    expect(innerDiagnostics(bad, { ...SHEEP, group: outer.groupId }, diags).map((d) => d.nodeId)).toContain(inner.useId);
  });

  it('counts the uses of a group, nested ones and ones in other types too (the breadcrumb’s “2 uses”)', () => {
    expect(useCountOf(scene, inner.groupId)).toBe(1);
    expect(useCountOf(scene, outer.groupId)).toBe(1);
    const wolfs = scene.agentTypes.find((t) => t.id !== 'sheep')!;
    const more = addGroupUse(scene, { type: wolfs.id, state: 0 }, inner.groupId, [0, 0]).edit(scene);
    expect(useCountOf(more, inner.groupId)).toBe(2);
    expect(useCountOf(more, outer.groupId)).toBe(1);
    expect(useCountOf(more, 'nope')).toBe(0);
  });
});
