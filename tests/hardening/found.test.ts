/**
 * What the hardening runs found, each pinned by a small test of its own (the fuzzers find them
 * again only by chance):
 *
 * - the loader spent seconds on text nested a million deep, and on counting the lines of a file
 *   of millions of line breaks;
 * - a file that loaded could be saved to one that did not (pretty-printed past the size limit);
 * - the compiler made a diagnostic for every one of 200,000 problems;
 * - new node ids after an id like `n` + 63 digits were `n1e+63`, not an id, and pasted nodes could
 *   share an id;
 * - pasted and moved nodes could land outside the coordinates a document may hold;
 * - edits could take a document past the size limits, and it no longer loaded.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { MAX_DIAGNOSTICS_PER_GRAPH } from '../../src/compiler/diagnostics';
import { addAgentType, addNode, freshNodeId, moveNodes, paste, setPaths, updateAgentType } from '../../src/document/commands';
import { History } from '../../src/document/history';
import { loadScene } from '../../src/document/load';
import { LIMITS } from '../../src/document/schema';
import { serializeScene } from '../../src/document/serialize';
import type { AgentType, SceneDocument } from '../../src/document/types';
import { preset } from './shared';

/** Milliseconds `f` takes (the fastest of three). */
function time(f: () => unknown): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const bare = (id: string, count = 0): AgentType => ({ id, name: id, color: '#000000', count, mass: 1, maxSpeed: 1, maxForce: 1, states: [{ name: 'default', graph: { nodes: [], connections: [] } }] });

/** The default preset with `graphs` more agent types of 2,000 nodes, each with 100 parameters of value `value(k)`. */
function bigGraphs(graphs: number, value: (k: number) => number): SceneDocument {
  const doc = preset('default');
  const params = Object.fromEntries(Array.from({ length: LIMITS.paramsPerNode }, (_, k) => [`p${k}`, value(k)]));
  for (let k = 0; k < graphs; k++) {
    const t = bare(`big${k}`);
    t.states[0].graph.nodes = Array.from({ length: LIMITS.nodesPerGraph }, (_, j) => ({ id: `n${j}`, kind: 'sum', params, position: [0, 0] as [number, number] }));
    doc.agentTypes.push(t);
  }
  return doc;
}

describe('the loader', () => {
  it('refuses text nested deeper than a scene can be, before parsing it', () => {
    const r = loadScene(`{"format": "steergraph", "a": ${'['.repeat(1_000_000)}`);
    expect(r).toEqual({ ok: false, errors: [{ path: '', message: 'not a scene: lists and objects nested more than 32 deep (line 1, column 62); a scene nests at most 9 deep' }] });
    expect(time(() => loadScene('['.repeat(2_000_000)))).toBeLessThan(200);
    // A scene's own depth is far from it.
    expect(loadScene(serializeScene(preset('every-node'))).ok).toBe(true);
  });

  it('finds the line of a syntax error after millions of line breaks quickly', () => {
    const text = `${'\n'.repeat(3_000_000)}  nope`;
    expect(loadScene(text)).toEqual({ ok: false, errors: [{ path: '', message: "not JSON: line 3000001, column 3: expected a value, found 'nope'" }] });
    expect(time(() => loadScene(text))).toBeLessThan(200);
  });

  it('a scene that loads saves to a file that loads: compact when pretty would pass the size limit', () => {
    // Two graphs of 2,000 nodes with 100 parameters each: one line per parameter when pretty.
    const doc = bigGraphs(2, (k) => k);
    const compact = JSON.stringify(doc);
    expect(compact.length).toBeLessThan(LIMITS.fileChars);
    const loaded = loadScene(compact);
    expect(loaded.ok).toBe(true);
    const saved = serializeScene(doc);
    expect(saved.length).toBeLessThanOrEqual(LIMITS.fileChars);
    expect(saved.split('\n').length).toBe(2); // one line, and the final line break
    const again = loadScene(saved);
    expect(again.ok && again.doc).toEqual(loaded.ok && loaded.doc);
    // A small scene is still written pretty.
    expect(serializeScene(preset('seek')).split('\n').length).toBeGreaterThan(20);
  });

  it('refuses a file whose scene, written out, would pass the size limit (1e20 is 100000000000000000000 when saved)', () => {
    const doc = bigGraphs(1, () => 1e20);
    const text = JSON.stringify(doc).replace(/100000000000000000000/g, '1e20');
    expect(text.length).toBeLessThan(LIMITS.fileChars);
    const r = loadScene(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].message).toMatch(/^the scene is too large: saved, it takes 5\.4 MB \(the limit is 5\.0 MB\)$/);
  });
});

describe('the compiler', () => {
  it(`lists at most ${MAX_DIAGNOSTICS_PER_GRAPH} problems per graph and stage, then counts the rest`, () => {
    const doc = preset('seek');
    const g = doc.agentTypes[0].states[0].graph;
    // 2,000 parameters no kind has (warnings), then 300 nodes of no kind (errors).
    g.nodes[0].params = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`zz${k}`, k]));
    for (let j = 0; j < 19; j++) g.nodes.push({ id: `w${j}`, kind: 'seek', params: Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`zz${k}`, k])), position: [0, 0] });
    for (let j = 0; j < 300; j++) g.nodes.push({ id: `u${j}`, kind: 'no-such-kind', params: {}, position: [0, 0] });
    const t0 = performance.now();
    const d = compile(doc).diagnostics;
    expect(performance.now() - t0).toBeLessThan(500);
    const validate = d.filter((x) => !/Not connected/.test(x.message) && !/^… and/.test(x.message));
    expect(validate.length).toBe(MAX_DIAGNOSTICS_PER_GRAPH);
    const more = d.filter((x) => /^… and/.test(x.message));
    expect(more[0]).toEqual({
      severity: 'error',
      agentType: doc.agentTypes[0].id,
      path: 'agentTypes[0].states[0].graph',
      message: `… and ${(2000 + 300 - MAX_DIAGNOSTICS_PER_GRAPH).toLocaleString('en-US')} more problems in this graph (the first ${MAX_DIAGNOSTICS_PER_GRAPH} are listed)`,
    });
    // The dropped errors still stop the graph from compiling.
    expect(compile(doc).ok).toEqual([false]);
  });
});

describe('document edits', () => {
  it('new node ids stay ids after an id like n + 63 digits, and never repeat', () => {
    const nodes = [{ id: `n${'9'.repeat(63)}` }, { id: 'n9007199254740993' }, { id: 'n9007199254740992' }, { id: 'n7' }];
    expect(freshNodeId(nodes)).toBe('n8');
    expect(freshNodeId([{ id: 'n999999999999999' }, { id: 'n1000000000000000' }])).toBe('n1000000000000001');
    const doc = preset('seek');
    const type = doc.agentTypes[0];
    type.states[0].graph.nodes.push({ id: `n${'9'.repeat(63)}`, kind: 'seek', params: {}, position: [0, 0] }, { id: 'n999999999999999', kind: 'seek', params: {}, position: [0, 0] });
    const { edit, ids } = paste(type.id, doc, type.states[0].graph.nodes.slice(0, 3), []);
    expect(new Set(ids).size).toBe(3);
    const after = edit(doc);
    expect(loadScene(serializeScene(after)).ok).toBe(true);
    expect(ids.every((id) => /^n\d+$/.test(id))).toBe(true);
  });

  it('pasted and moved nodes stay inside the coordinates a document holds', () => {
    const doc = preset('seek');
    const type = doc.agentTypes[0];
    const n = type.states[0].graph.nodes[0];
    const moved = moveNodes(type.id, [{ id: n.id, position: [2e7, -Infinity] }])(doc);
    expect(moved.agentTypes[0].states[0].graph.nodes[0].position).toEqual([1e7, -1e7]);
    const pasted = paste(type.id, moved, [moved.agentTypes[0].states[0].graph.nodes[0]], [], [30, 30]).edit(moved);
    expect(pasted.agentTypes[0].states[0].graph.nodes.at(-1)!.position).toEqual([1e7, -9_999_970]);
    expect(loadScene(serializeScene(pasted)).ok).toBe(true);
  });

  it('an edit that would pass a size limit is refused, and History says why', () => {
    const doc: SceneDocument = { ...preset('seek'), agentTypes: [bare('a', 100_000)] };
    const h = new History(doc);
    expect(h.apply(addAgentType(bare('b', 100_000)))).toBe(true);
    expect(h.apply(updateAgentType('b', { count: 100_001 }))).toBe(false);
    expect(h.refused).toBe('Not done: the scene would have more than 200,000 agents in all (more than a scene file may hold).');
    expect(h.doc.agentTypes[1].count).toBe(100_000);
    for (let k = 2; k < LIMITS.agentTypes; k++) h.apply(addAgentType(bare(`t${k}`)));
    expect(h.doc.agentTypes.length).toBe(LIMITS.agentTypes);
    expect(h.apply(addAgentType(bare('one-more')))).toBe(false);
    expect(h.refused).toMatch(/more than 32 agent types/);
    // Any other edit goes through, and clears the refusal.
    expect(h.apply(addNode('a', { id: 'n1', kind: 'seek', params: {}, position: [0, 0] }))).toBe(true);
    expect(h.refused).toBeUndefined();
    expect(loadScene(serializeScene(h.doc)).ok).toBe(true);
  });

  it('a connection past the 20,000 in all graphs is refused', () => {
    const wired = (id: string, n: number): AgentType => ({ ...bare(id), states: [{ name: 'default', graph: { nodes: [], connections: Array.from({ length: n }, (_, j) => ({ from: [`a${j}`, 'force'], to: [`b${j}`, 'in0'] })) } }] });
    const h = new History({ ...preset('seek'), agentTypes: [wired('a', LIMITS.connectionsPerGraph), wired('b', LIMITS.connectionsPerGraph - 1)] });
    expect(h.apply(addAgentType(wired('c', 1)))).toBe(true);
    expect(h.apply(addAgentType(wired('d', 1)))).toBe(false);
    expect(h.refused).toBe('Not done: the scene would have more than 20,000 connections in all (more than a scene file may hold).');
    expect(loadScene(serializeScene(h.doc)).ok).toBe(true);
  });

  it('a path point past the 100,000 in all paths is refused', () => {
    const path = (id: string, n: number) => ({ id, points: Array.from({ length: n }, (_, i) => [i, 0] as [number, number]), loop: false });
    const full = Array.from({ length: LIMITS.pointsTotal / LIMITS.pointsPerPath }, (_, k) => path(`p${k}`, LIMITS.pointsPerPath));
    const h = new History(preset('seek'));
    expect(h.apply(setPaths(full))).toBe(true);
    expect(h.apply(setPaths([...full, path('one-more', 1)]))).toBe(false);
    expect(h.refused).toBe('Not done: the scene would have more than 100,000 points in all paths (more than a scene file may hold).');
    expect(h.doc.world.paths.length).toBe(10);
    expect(loadScene(serializeScene(h.doc)).ok).toBe(true);
  });
});
