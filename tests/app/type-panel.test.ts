import { describe, expect, it } from 'vitest';
import { typeIdFromName, typeIdProblem } from '../../src/app/type-panel';
import { ID_PATTERN } from '../../src/document/types';

describe('typeIdFromName', () => {
  it('makes a readable id that follows the file format rule', () => {
    expect(typeIdFromName('Wolves', [])).toBe('wolves');
    expect(typeIdFromName('Big Cats!', [])).toBe('big-cats');
    expect(typeIdFromName('Élan vital', [])).toBe('elan-vital');
    expect(typeIdFromName('2nd wave', [])).toBe('type-2nd-wave');
    expect(typeIdFromName('🐺', [])).toBe('type');
    for (const name of ['Wolves', '  --x-- ', '2', 'a'.repeat(300), '_hidden', 'Type 3']) expect(typeIdFromName(name, []), name).toMatch(ID_PATTERN);
  });

  it('never gives an id that is taken', () => {
    expect(typeIdFromName('Wolf', ['wolf'])).toBe('wolf-2');
    expect(typeIdFromName('Wolf', ['wolf', 'wolf-2'])).toBe('wolf-3');
  });
});

describe('typeIdProblem', () => {
  const types = [
    { id: 'sheep', name: 'Sheep' },
    { id: 'wolf', name: 'Wolf' },
  ];
  it('names the rule, or the type that has the id', () => {
    expect(typeIdProblem('wolves', 'wolf', types)).toBeNull();
    expect(typeIdProblem('wolf', 'wolf', types)).toBeNull();
    expect(typeIdProblem('sheep', 'wolf', types)).toBe('“sheep” is the id of the type “Sheep”: ids are unique.');
    expect(typeIdProblem('2 wolves', 'wolf', types)).toBe('Not an id: an id is a letter or _, then up to 63 letters, digits, _ or -.');
  });
});
