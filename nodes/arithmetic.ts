import { allPresent, bounded, drivenNumber, NUMBER_OUTPUT, numberIn, numberLocal } from './emit-helpers';
import type { NodeDef } from './types';

/**
 * Min, Max, Add, Multiply: two numbers (each a parameter a number input may drive) → one. The
 * result is absent while either input is; Add and Multiply hold it to ±1e12 (always finite).
 */
function binary(kind: string, label: string, help: string, formula: string, a: number, b: number, op: (x: string, y: string) => string): NodeDef {
  return {
    kind,
    label,
    category: 'logic',
    help,
    formula,
    inputs: [],
    outputs: NUMBER_OUTPUT,
    params: [drivenNumber('a', 'A', a, 'The first number; wire a number in.'), drivenNumber('b', 'B', b, 'The second number; wire a number in, or type a constant.')],
    emit: (ctx) => {
      const x = numberIn(ctx, 'a');
      const y = numberIn(ctx, 'b');
      return numberLocal(ctx, 'n', op(x.expr, y.expr), allPresent(x.present, y.present));
    },
  };
}

export const min = binary('min', 'Min', 'The smaller of two numbers.', 'min(a, b)', 0, 0, (x, y) => `Math.min(${x}, ${y})`);
export const max = binary('max', 'Max', 'The larger of two numbers.', 'max(a, b)', 0, 0, (x, y) => `Math.max(${x}, ${y})`);
export const add = binary('add', 'Add', 'The sum of two numbers (held to ±10¹²).', 'a + b', 0, 0, (x, y) => bounded(`${x} + ${y}`));
export const multiply = binary('multiply', 'Multiply', 'The product of two numbers (held to ±10¹²).', 'a · b', 1, 1, (x, y) => bounded(`${x} * ${y}`));
