import { describe, expect, it } from 'vitest';
import { RANGES } from '../../src/document/schema';
import { numberProblem, parseNumber, stepValue } from '../../src/app/number-field';

describe('parseNumber', () => {
  it('reads what JavaScript writes as a number, exactly', () => {
    expect(parseNumber('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(parseNumber('-1')).toEqual({ kind: 'number', value: -1 });
    expect(parseNumber('1e3')).toEqual({ kind: 'number', value: 1000 });
    expect(parseNumber(' 2.5E-1 ')).toEqual({ kind: 'number', value: 0.25 });
    expect(parseNumber('1e400')).toEqual({ kind: 'number', value: Infinity });
  });

  it('tells the start of a number from what cannot become one', () => {
    for (const t of ['', '-', '+', '.', '-.', '1e', '1e-', '2.5E+']) expect(parseNumber(t), t).toEqual({ kind: 'partial' });
    for (const t of ['1.2.3', '--1', 'abc', '0x10', 'Infinity', '1 2', '.e5', 'e5']) expect(parseNumber(t), t).toEqual({ kind: 'invalid' });
  });
});

describe('numberProblem', () => {
  it('names the range and what was typed, and lets an unfinished number wait', () => {
    expect(numberProblem('1e400', RANGES.maxForce, false)).toBe('expected a number from 0 to 10000 px/tick², got "1e400"');
    expect(numberProblem('2.5', RANGES.count, false)).toBe('expected a whole number from 0 to 100000, got "2.5"');
    expect(numberProblem('1e', RANGES.maxForce, false)).toBeNull();
    expect(numberProblem('1e', RANGES.maxForce, true)).toBe('expected a number from 0 to 10000 px/tick², got "1e"');
    expect(numberProblem('0', RANGES.mass, false)).toBe('expected a number greater than 0 and at most 1000000, got "0"');
    expect(numberProblem('.5', RANGES.maxForce, true)).toBeNull();
  });
});

describe('stepValue', () => {
  it('steps by the step without binary noise, inside the range', () => {
    expect(stepValue(0.2, 0.1, 1, RANGES.maxForce)).toBe(0.3);
    expect(stepValue(0, 0.01, -1, RANGES.maxForce)).toBe(0);
    expect(stepValue(10_000, 1, 1, RANGES.maxForce)).toBe(10_000);
    expect(stepValue(0.1, 0.1, -1, RANGES.mass)).toBe(0.1);
    expect(stepValue(3, 1, 1, RANGES.count)).toBe(4);
  });
});
