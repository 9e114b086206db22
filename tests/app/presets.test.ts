import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS, TYPE_COLOURS, defaultScene, newAgentType, newScene } from '../../src/app/presets';
import { compile } from '../../src/compiler/index';
import { loadScene } from '../../src/document/load';
import { getNodeDef } from '../../nodes/index';

const STARTER = path.resolve(import.meta.dirname, '../../presets/starters/new-scene.steer.json');

describe('the app’s presets and starter', () => {
  it('lists the default preset first and not the starter', () => {
    expect(PRESETS[0].key).toBe('default');
    expect(defaultScene()).toBe(PRESETS[0].doc);
    expect(PRESETS.map((p) => p.key)).not.toContain('new-scene');
    expect(PRESETS.length).toBeGreaterThan(10);
  });

  it('gives New a blank scene whose one agent type wanders, with no problem, from the starter file', () => {
    const doc = newScene();
    const file = loadScene(readFileSync(STARTER, 'utf8'));
    expect(file.ok && file.doc).toEqual(doc);
    expect(doc.name).toBe('Untitled scene');
    // nothing but the scene itself (a saved new scene holds no "$schema" of the starter's folder)
    expect(Object.keys(doc).sort()).toEqual(['agentTypes', 'description', 'format', 'name', 'version', 'world']);
    expect(doc.agentTypes).toHaveLength(1);
    expect(doc.agentTypes[0].states[0].graph.nodes.map((n) => getNodeDef(n.kind)?.label)).toEqual(['Wander', 'Agent Output']);
    expect(compile(doc).diagnostics).toEqual([]);
    // a fresh copy each time: editing one never changes the next
    expect(newScene()).not.toBe(doc);
  });

  it('gives + Type the starter’s agent type under its own id, name and colour', () => {
    const t = newAgentType('type-2', 'Type 2', TYPE_COLOURS[1]);
    expect(t).toMatchObject({ id: 'type-2', name: 'Type 2', color: '#ff7a59' });
    expect(t.states[0].graph).toEqual(newScene().agentTypes[0].states[0].graph);
    expect(compile({ ...newScene(), agentTypes: [newScene().agentTypes[0], t] }).diagnostics).toEqual([]);
  });
});
