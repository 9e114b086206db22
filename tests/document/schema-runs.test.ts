/**
 * Each validation is its own run (src/document/schema.ts, validateWithSchema): its issue budget and
 * whether it may keep the parsed items belong to it, so a validation started while another is
 * under way (here from a getter the outer one reads) changes nothing in the outer one's result.
 */
import { describe, expect, it } from 'vitest';
import { validateWithSchema } from '../../src/document/schema';
import { sampleScene } from './helpers';

/** A scene whose first field, when read, runs `during` (another validation). */
function readingRuns(during: () => void): Record<string, unknown> {
  const doc = sampleScene() as unknown as Record<string, unknown>;
  const { $schema: _ignored, ...rest } = doc;
  void _ignored;
  return Object.defineProperty({ ...rest }, '$schema', {
    enumerable: true,
    get: () => {
      during();
      return 'steergraph.schema.json';
    },
  });
}

/** A scene with 10,000 points that are not points: far more problems than one run collects. */
function garbage(): unknown {
  const doc = sampleScene() as unknown as { world: { paths: { points: unknown[] }[] } };
  doc.world.paths[0].points = Array.from({ length: 10_000 }, () => [true, false]);
  return doc;
}

describe('validateWithSchema runs', () => {
  it('a garbage file stops being checked early and says so', () => {
    const { result, complete } = validateWithSchema(garbage());
    expect(result.success).toBe(false);
    expect(complete).toBe(false);
  });

  it('a validation run inside another does not give the outer one its budget back', () => {
    const outer = garbage() as Record<string, unknown>;
    let inner: ReturnType<typeof validateWithSchema> | undefined;
    const doc = Object.assign(readingRuns(() => (inner = validateWithSchema(garbage()))), { world: outer.world });
    const { result, complete } = validateWithSchema(doc);
    expect(inner?.complete).toBe(false);
    expect(result.success).toBe(false);
    expect(complete).toBe(false);
    expect(result.issues?.length).toBe(validateWithSchema(garbage()).result.issues?.length);
  });

  it('an owned value keeps its parsed items even when a validation of a copy runs meanwhile', () => {
    const doc = readingRuns(() => validateWithSchema(sampleScene()));
    const points = (doc.world as { paths: { points: unknown[] }[] }).paths[0].points;
    const { result } = validateWithSchema(doc, true);
    expect(result.success).toBe(true);
    if (result.success) expect(result.output.world.paths[0].points).toBe(points);
  });

  it('a value nobody else holds is shared, one somebody holds is copied', () => {
    const doc = sampleScene();
    const kept = validateWithSchema(doc, true).result;
    const copied = validateWithSchema(doc, false).result;
    if (!kept.success || !copied.success) throw new Error('expected a valid scene');
    expect(kept.output.world.paths[0].points).toBe(doc.world.paths[0].points);
    expect(copied.output.world.paths[0].points).not.toBe(doc.world.paths[0].points);
    expect(copied.output.world.paths[0].points).toEqual(doc.world.paths[0].points);
  });
});
