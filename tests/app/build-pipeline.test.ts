import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuildPipeline, SOURCE_DELAY_MS, behaviourKey } from '../../src/app/build-pipeline';
import { moveNodes, updateAgentType } from '../../src/document/commands';
import { newScene } from '../../src/app/presets';
import { compile } from '../../src/compiler/index';
import { moduleSource } from '../../src/compiler/module';

describe('behaviourKey', () => {
  it('changes with what the simulation sees, not with where a node sits in the graph', () => {
    const doc = newScene();
    const key = behaviourKey(doc, compile(doc));
    const moved = moveNodes('agent', [{ id: 'n1', position: [200, 300] }])(doc);
    expect(behaviourKey(moved, compile(moved))).toBe(key);
    const faster = updateAgentType('agent', { maxSpeed: 5 })(doc);
    expect(behaviourKey(faster, compile(faster))).not.toBe(key);
  });
});

describe('BuildPipeline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('compiles at once and hands the preview its module after the delay, once for a burst of edits', () => {
    const doc = newScene();
    const handed: string[] = [];
    const build = new BuildPipeline(doc, false, (s) => handed.push(s));
    const first = build.source;
    let d = doc;
    for (const speed of [4, 5, 6]) {
      d = updateAgentType('agent', { maxSpeed: speed })(d);
      expect(build.build(d, false, false).diagnostics).toEqual([]);
      vi.advanceTimersByTime(SOURCE_DELAY_MS - 1);
    }
    expect(handed).toEqual([]);
    expect(build.source).toBe(first);
    vi.advanceTimersByTime(1);
    expect(handed).toHaveLength(1);
    expect(build.source).toBe(moduleSource(d, compile(d)));
    expect(build.source).not.toBe(first);
  });

  it('keeps the running module for an edit the simulation does not see, unless asked for it at once', () => {
    const doc = newScene();
    const handed: string[] = [];
    const build = new BuildPipeline(doc, false, (s) => handed.push(s));
    const moved = moveNodes('agent', [{ id: 'n1', position: [-100, 40] }])(doc);
    build.build(moved, false, false);
    vi.runAllTimers();
    expect(handed).toEqual([]);
    build.build(moved, true, false);
    expect(handed).toHaveLength(1);
  });

  it('compiles with the inspector’s probes when asked, and flush hands over a waiting module now', () => {
    const doc = newScene();
    const handed: string[] = [];
    const build = new BuildPipeline(doc, false, (s) => handed.push(s));
    const plain = build.compiled.programSource;
    build.build(doc, true, true);
    expect(build.probes).toBe(true);
    expect(build.compiled.programSource).not.toBe(plain);
    const faster = updateAgentType('agent', { maxSpeed: 7 })(doc);
    build.build(faster, false, true);
    build.flush();
    expect(handed).toHaveLength(2);
    vi.runAllTimers();
    expect(handed).toHaveLength(2);
  });

  it('forks a pipeline with the same program and module, which then builds on its own', () => {
    const doc = newScene();
    const a = new BuildPipeline(doc, true);
    const handed: string[] = [];
    const b = a.fork((s) => handed.push(s));
    expect(b.source).toBe(a.source);
    expect(b.compiled).toBe(a.compiled);
    b.build(updateAgentType('agent', { count: 3 })(doc), true, true);
    expect(handed).toHaveLength(1);
    expect(a.source).not.toBe(b.source);
  });
});
