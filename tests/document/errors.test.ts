import { describe as group, expect, it } from 'vitest';
import { MAX_ERRORS, comparePaths, describe, finishErrors, formatLoadError, joinPath, suggest } from '../../src/document/errors';

group('errors', () => {
  it('writes JSON paths as a reader expects them', () => {
    expect(joinPath('', 'world')).toBe('world');
    expect(joinPath('world', 'paths')).toBe('world.paths');
    expect(joinPath('agentTypes', 3)).toBe('agentTypes[3]');
    expect(joinPath('params', 'max-speed')).toBe('params["max-speed"]');
    expect(joinPath('', 'a"b')).toBe('["a\\"b"]');
  });

  it('formats an error as path: message, and a root error as the message alone', () => {
    expect(formatLoadError({ path: 'agentTypes[1].count', message: 'expected a whole number from 0 to 100000, got -5' })).toBe(
      'agentTypes[1].count: expected a whole number from 0 to 100000, got -5',
    );
    expect(formatLoadError({ path: '', message: 'not JSON' })).toBe('not JSON');
  });

  it('describes what was found', () => {
    expect(describe(-5)).toBe('-5');
    expect(describe(-0)).toBe('-0');
    expect(describe('sheep')).toBe('"sheep"');
    expect(describe('s'.repeat(61))).toBe('a text of 61 characters');
    expect(describe(undefined)).toBe('nothing');
    expect(describe(null)).toBe('null');
    expect(describe([])).toBe('an empty list');
    expect(describe([1])).toBe('a list of 1 item');
    expect(describe([1, 2])).toBe('a list of 2 items');
    expect(describe({})).toBe('an object');
    expect(describe(Symbol('s'))).toBe('a symbol');
  });

  it('suggests a field only for a likely typo', () => {
    const known = ['color', 'count', 'maxSpeed', 'maxForce'];
    expect(suggest('colour', known)).toBe('color');
    expect(suggest('maxspeed', known)).toBe('maxSpeed');
    expect(suggest('speed', known)).toBeUndefined();
    expect(suggest('c', known)).toBeUndefined();
  });

  it('orders paths: root first, keys alphabetically, indices by number, parents before children', () => {
    const paths = ['world', 'agentTypes[10].id', '', 'agentTypes[2].id', 'agentTypes[2]', 'agentTypes', 'name', 'params["a b"]', 'params.a'];
    expect([...paths].sort(comparePaths)).toEqual([
      '',
      'agentTypes',
      'agentTypes[2]',
      'agentTypes[2].id',
      'agentTypes[10].id',
      'name',
      'params.a',
      'params["a b"]',
      'world',
    ]);
  });

  it('drops repeats, sorts, and caps the list', () => {
    const e = (path: string, message = 'bad') => ({ path, message });
    expect(finishErrors([e('b'), e('a'), e('b'), e('b', 'worse')])).toEqual([e('a'), e('b'), e('b', 'worse')]);
    const many = Array.from({ length: MAX_ERRORS + 2 }, (_, i) => e(`x[${i}]`));
    expect(finishErrors(many).slice(-2)).toEqual([e(`x[${MAX_ERRORS - 1}]`), e('', '… and 2 more problems')]);
    expect(finishErrors([e('a')], false)).toEqual([e('a'), e('', '… and more problems (checking stopped after the first 1)')]);
  });
});
