/**
 * Flow fields in the scene document (version 5): what the loader reads and refuses (with a path),
 * how the saver writes them (absent when none, so a version-4 scene saves as it did), and the
 * compiler's diagnostic for a Flow Field node whose field is missing.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/compiler/index';
import { formatLoadError } from '../../src/document/errors';
import { loadScene, validateScene } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import type { SceneDocument, SceneFlowField } from '../../src/document/types';
import { encodeFlowBytes } from '../../runtime/flow-field';
import { sampleScene } from './helpers';

const field = (over: Partial<SceneFlowField> = {}): SceneFlowField => ({ id: 'f', x: -10, y: 20, cellSize: 25, cols: 3, rows: 2, vectors: encodeFlowBytes([127, 0, 0, -127, 64, 64, -1, 2, 3, 4, 5, 6]), ...over });

function withFields(fields: unknown): SceneDocument {
  const doc = sampleScene();
  (doc.world as { flowFields?: unknown }).flowFields = fields;
  return doc;
}

function errorsOf(value: unknown): string[] {
  const r = validateScene(value);
  return r.ok ? [] : r.errors.map(formatLoadError);
}

describe('flow fields in the document', () => {
  it('save and load again as the same document, every field kept', () => {
    const doc = withFields([field(), field({ id: 'g', cols: 0, rows: 4, vectors: '' })]);
    const text = serializeScene(doc);
    const back = loadScene(text);
    expect(back.ok && back.doc.world.flowFields).toEqual(doc.world.flowFields);
    expect(back.ok && serializeScene(back.doc)).toBe(text);
  });

  it('are left out when there are none, so a scene without them saves as before', () => {
    const plain = serializeScene(sampleScene());
    expect(serializeScene(withFields([]))).toBe(plain);
    expect(plain).not.toContain('flowFields');
    const loaded = loadScene(serializeScene(sampleScene()).replace('"targets": []', '"targets": [],\n    "flowFields": []'));
    expect(loaded.ok && 'flowFields' in loaded.doc.world).toBe(false);
  });

  it('refuses bad fields with the path of the bad value', () => {
    expect(errorsOf(withFields([field({ cellSize: 0 })]))).toEqual(['world.flowFields[0].cellSize: expected a number greater than 0 and at most 10000000 px, got 0']);
    expect(errorsOf(withFields([field({ cols: 1.5 })]))).toEqual(['world.flowFields[0].cols: expected a whole number from 0 to 1024, got 1.5']);
    expect(errorsOf(withFields([field({ vectors: 'AAAA' })]))).toEqual([
      "world.flowFields[0].vectors: expected base64 of 12 bytes (two per cell of 3 × 2): 16 characters of A–Z, a–z, 0–9, + and /, '='-padded; got 4 characters",
    ]);
    expect(errorsOf(withFields([field({ vectors: 'AAAAAAAAAAAAAA!A' })]))[0]).toContain('got 16 characters with one outside the alphabet');
    expect(errorsOf(withFields([field({ cols: 1024, rows: 1024, vectors: '' })]))).toEqual(['world.flowFields[0]: expected at most 65536 cells (cols × rows), got 1024 × 1024 = 1048576']);
    expect(errorsOf(withFields([field(), field()]))[0]).toContain('world.flowFields[1].id');
    expect(errorsOf(withFields([{ ...field(), extra: 1 }])).length).toBe(1);
  });

  it('a Flow Field node on a missing field is a diagnostic on the node, not a load failure', () => {
    const doc = sampleScene();
    doc.agentTypes[0].states[0].graph.nodes.push({ id: 'ff', kind: 'flow-field', params: { field: 'gone' }, position: [0, 900] });
    const loaded = loadScene(serializeScene(doc));
    expect(loaded.ok).toBe(true);
    const messages = compile(doc).diagnostics.filter((d) => d.nodeId === 'ff').map((d) => d.message);
    expect(messages).toContain('Field: flow field "gone" does not exist in this scene');
  });
});
