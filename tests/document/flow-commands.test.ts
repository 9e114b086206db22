import { describe, expect, it } from 'vitest';
import { decodeFlowBytes } from '../../runtime/flow-field';
import { newFieldCell, newFlowField, paintFlow } from '../../src/document/flow-commands';
import { History } from '../../src/document/history';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

const bytesOf = (doc: SceneDocument) => {
  const f = doc.world.flowFields![0];
  return { f, b: decodeFlowBytes(f.vectors, f.cols * f.rows) };
};
const at = (doc: SceneDocument, i: number, j: number) => {
  const { f, b } = bytesOf(doc);
  return [b[2 * (j * f.cols + i)], b[2 * (j * f.cols + i) + 1]];
};

describe('paintFlow (the Flow brush’s edit)', () => {
  it('makes a still field covering the world on the first stroke, painted with the stroke’s direction within the radius', () => {
    const doc = sampleScene();
    const next = paintFlow([[100, 100], [200, 100]], 25, false)(doc);
    const { f } = bytesOf(next);
    expect([f.id, f.x, f.y, f.cellSize, f.cols, f.rows]).toEqual(['flow', 0, 0, 20, Math.ceil(doc.world.width / 20), Math.ceil(doc.world.height / 20)]);
    // cell (7, 4) has its centre (150, 90) 10 px from the stroke: right at full speed
    expect(at(next, 7, 4)).toEqual([127, 0]);
    // cell (7, 6), centre (150, 130): 30 px away, outside the brush
    expect(at(next, 7, 6)).toEqual([0, 0]);
  });

  it('a diagonal stroke paints its direction; Shift erases; a click paints nothing, an erasing click erases', () => {
    const doc = paintFlow([[100, 100], [200, 200]], 20, false)(sampleScene());
    expect(at(doc, 7, 7)).toEqual([90, 90]);
    expect(paintFlow([[150, 150]], 20, false)(doc)).toBe(doc);
    const erased = paintFlow([[150, 150]], 20, true)(doc);
    expect(at(erased, 7, 7)).toEqual([0, 0]);
    expect(at(erased, 5, 5)).toEqual([90, 90]);
  });

  it('changes nothing where it paints nothing new: erasing without a field, a stroke over the same direction, one outside the field', () => {
    const doc = sampleScene();
    expect(paintFlow([[100, 100], [200, 100]], 25, true)(doc)).toBe(doc);
    expect(paintFlow([[1e6, 1e6], [2e6, 1e6]], 25, false)(doc)).toBe(doc);
    const once = paintFlow([[100, 100], [200, 100]], 25, false)(doc);
    expect(paintFlow([[100, 100], [200, 100]], 25, false)(once)).toBe(once);
  });

  it('is one undo step a stroke', () => {
    const h = new History(sampleScene());
    h.apply(paintFlow([[100, 100], [200, 100]], 25, false));
    h.apply(paintFlow([[150, 50], [150, 150]], 25, false));
    expect(at(h.doc, 7, 4)).toEqual([0, 127]);
    h.undo();
    expect(at(h.doc, 7, 4)).toEqual([127, 0]);
    h.undo();
    expect(h.doc.world.flowFields).toBeUndefined();
  });

  it('keeps a new field within the limits for any world size', () => {
    for (const [w, h] of [[800, 600], [20000, 100], [1e6, 1e6], [5000, 5000]]) {
      const c = newFieldCell(w, h);
      const cols = Math.ceil(w / c);
      const rows = Math.ceil(h / c);
      expect(cols * rows).toBeLessThanOrEqual(65536);
      expect(Math.max(cols, rows)).toBeLessThanOrEqual(1024);
    }
    expect(newFlowField({ world: { ...sampleScene().world, width: 100, height: 40 } }).vectors).toBe(`${'A'.repeat(27)}=`);
  });
});
