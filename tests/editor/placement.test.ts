import { describe, expect, it } from 'vitest';
import { freeOffset } from '../../src/editor/placement';

describe('freeOffset (where pasted, duplicated and added nodes go)', () => {
  it('takes the first step when it lands on no node', () => {
    expect(freeOffset([[0, 0]], [[0, 0]], [30, 30], 1)).toEqual([30, 30]);
  });

  it('steps on past spots nodes already hold (to the whole px)', () => {
    expect(freeOffset([[0, 0], [30.2, 29.8], [60, 60]], [[0, 0]], [30, 30], 1)).toEqual([90, 90]);
  });

  it('from 0: a free spot is kept as it is', () => {
    expect(freeOffset([[10, 10]], [[200, 100]], [30, 30], 0)).toEqual([0, 0]);
    expect(freeOffset([[200, 100]], [[200, 100]], [30, 30], 0)).toEqual([30, 30]);
  });

  it('moves a group only where none of its nodes lands on a node', () => {
    expect(freeOffset([[0, 0], [100, 0], [130, 30]], [[0, 0], [100, 0]], [30, 30], 1)).toEqual([60, 60]);
  });
});
