import { describe, expect, it } from 'vitest';
import { NODE_DEFS } from '../../nodes/index';
import { matchRank, searchNodes } from '../../src/editor/node-menu';

const labels = (q: string) => searchNodes(q).map((d) => d.label);

describe('searchNodes (the add menu and the palette: Enter adds the first)', () => {
  it('puts the node whose label is the search first, before help-text matches', () => {
    // Alignment's and Agent Output's help mention "sum"; Truncate's mentions "agent output"
    expect(labels('Sum')[0]).toBe('Sum');
    expect(labels('sum')[0]).toBe('Sum');
    expect(labels('Agent Output')[0]).toBe('Agent Output');
    expect(labels('  agent output ')[0]).toBe('Agent Output');
  });

  it('ranks exact label, then label prefix, then word prefix, then help text', () => {
    const defs = [
      { ...NODE_DEFS[0], kind: 'h', label: 'Helpful', help: 'Mentions seek here.' },
      { ...NODE_DEFS[0], kind: 'w', label: 'Quick Seeker', help: '' },
      { ...NODE_DEFS[0], kind: 'p', label: 'Seeker', help: '' },
      { ...NODE_DEFS[0], kind: 'e', label: 'Seek', help: '' },
      { ...NODE_DEFS[0], kind: 'x', label: 'Other', help: '' },
    ];
    expect(searchNodes('seek', defs).map((d) => d.kind)).toEqual(['e', 'p', 'w', 'h']);
    expect(defs.map((d) => matchRank('seek', d))).toEqual([4, 2, 1, 0, -1]);
  });

  it('keeps the registry order among equal matches, and lists every kind for an empty search', () => {
    expect(searchNodes('').map((d) => d.kind)).toEqual(NODE_DEFS.map((d) => d.kind));
    const prefixed = NODE_DEFS.filter((d) => d.label.toLowerCase().startsWith('p') && d.label.toLowerCase() !== 'p');
    expect(labels('p').slice(0, prefixed.length)).toEqual(prefixed.map((d) => d.label));
  });

  it('finds nothing for a search no label, kind or help text contains', () => {
    expect(searchNodes('zzqx')).toEqual([]);
  });
});
