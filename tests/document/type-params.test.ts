/**
 * Version 4's agent-type fields (parameters, turn rate, heading smoothing) and a node's exposed
 * parameters: loaded and checked as a file gives them, saved and loaded again as the same document.
 */
import { describe, expect, it } from 'vitest';
import { loadScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

const edited = (edit: (d: SceneDocument & Record<string, any>) => void): string => {
  const d = sampleScene() as SceneDocument & Record<string, any>;
  edit(d);
  return JSON.stringify(d);
};
const messages = (text: string) => {
  const r = loadScene(text);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('agent type parameters, turn rate and heading smoothing', () => {
  const withAll = edited((d) => {
    const t = d.agentTypes[0];
    t.maxTurnRate = 12.5;
    t.headingSmoothing = 8;
    t.params = [{ name: 'fear', default: 1, min: 0, max: 4, unit: '×' }, { name: 'reach', default: 80, min: 10, max: 300 }];
    t.states[0].graph.nodes[0].exposed = { weight: 'fear' };
  });

  it('load, and save and load again as the same document', () => {
    const r = loadScene(withAll);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.agentTypes[0].params?.map((p) => p.name)).toEqual(['fear', 'reach']);
    expect(r.doc.agentTypes[0].maxTurnRate).toBe(12.5);
    expect(r.doc.agentTypes[0].states[0].graph.nodes[0].exposed).toEqual({ weight: 'fear' });
    const again = loadScene(serializeScene(r.doc));
    expect(again.ok && again.doc).toStrictEqual(r.doc);
  });

  it('leave out what is empty or off, so that a scene without them saves as before', () => {
    const r = loadScene(edited((d) => ((d.agentTypes[0].params = []), (d.agentTypes[0].headingSmoothing = 0), (d.agentTypes[0].states[0].graph.nodes[0].exposed = {}))));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc).toStrictEqual(loadScene(JSON.stringify(sampleScene())).ok && sampleScene());
    expect(serializeScene(r.doc)).toBe(serializeScene(sampleScene()));
  });

  it('refuse bad values, naming the field and what it accepts', () => {
    expect(messages(edited((d) => (d.agentTypes[0].maxTurnRate = 0)))).toEqual(['agentTypes[0].maxTurnRate: expected a number greater than 0 and at most 180 degrees per tick, got 0']);
    expect(messages(edited((d) => (d.agentTypes[0].maxTurnRate = 181)))).toEqual(['agentTypes[0].maxTurnRate: expected a number greater than 0 and at most 180 degrees per tick, got 181']);
    expect(messages(edited((d) => (d.agentTypes[0].headingSmoothing = 1)))).toEqual(['agentTypes[0].headingSmoothing: expected 0 (off) or a whole number from 2 to 64, got 1']);
    expect(messages(edited((d) => (d.agentTypes[0].headingSmoothing = 65)))).toEqual(['agentTypes[0].headingSmoothing: expected a whole number from 0 to 64, got 65']);
    expect(messages(edited((d) => (d.agentTypes[0].params = [{ name: 'fear', default: 5, min: 0, max: 4 }])))).toEqual(['agentTypes[0].params[0].default: expected a number from min to max (0 to 4), got 5']);
    expect(messages(edited((d) => (d.agentTypes[0].params = [{ name: 'fear', default: 1, min: 3, max: 2 }])))).toEqual(['agentTypes[0].params[0].max: expected at least min (3), got 2']);
    expect(messages(edited((d) => (d.agentTypes[0].params = [{ name: 'a', default: 0, min: 0, max: 1 }, { name: 'a', default: 0, min: 0, max: 1 }])))).toEqual([
      'agentTypes[0].params[1].name: duplicate parameter name "a": agentTypes[0].params[0] has it already',
    ]);
    expect(messages(edited((d) => (d.agentTypes[0].params = [{ name: '1x', default: 0, min: 0, max: 1 }])))).toEqual([
      'agentTypes[0].params[0].name: expected an id: a letter or _, then up to 63 letters, digits, _ or -, got "1x"',
    ]);
    expect(messages(edited((d) => (d.agentTypes[0].states[0].graph.nodes[0].exposed = { weight: 3 } as unknown as Record<string, string>)))).toEqual([
      'agentTypes[0].states[0].graph.nodes[0].exposed.weight: expected an id: a letter or _, then up to 63 letters, digits, _ or -, got 3',
    ]);
  });
});
