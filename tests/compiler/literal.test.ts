/**
 * dataLiteral, the one place document text enters generated code: for any JSON data it is an
 * expression of exactly that data, in plain ASCII, with nothing that could end a script element.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataLiteral } from '../../src/compiler/literal';
import { preset } from '../presets/helpers';

/** What a module would get: the literal evaluated as JavaScript (not parsed as JSON). */
function evaluate(literal: string): unknown {
  return new Function(`return (${literal});`)();
}

describe('dataLiteral', () => {
  it('is the same data as JSON, for any JSON value without a "__proto__" key (strings of any characters, at any depth)', () => {
    const anyText = fc.string({ unit: 'binary' });
    // (a "__proto__" key is refused: see the next test; fast-check offers one now and then)
    const anyKey = anyText.filter((k) => k !== '__proto__');
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(null, true, false, 0, -1.5, 1e21, 5e-324),
        anyText,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(anyKey, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (v) => {
        const lit = dataLiteral(v);
        expect(evaluate(lit)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(JSON.parse(lit)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(lit).toMatch(/^[\x00-\x7e]*$/);
        expect(lit).not.toMatch(/[<>&]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a "__proto__" key at any depth (a JavaScript literal would make it the prototype), and only a key', () => {
    const proto = JSON.parse('{"a":[{"b":{"__proto__":""}}]}') as unknown;
    expect(() => dataLiteral(proto)).toThrow(/"__proto__"/);
    expect(() => dataLiteral(JSON.parse('{"__proto__":{"x":1}}'))).toThrow(/"__proto__"/);
    // the same text as a value, or inside one, is data like any other
    const texts = { a: '__proto__', b: ['"__proto__":', '\\"__proto__\\":'], c: { d: '{"__proto__":1}' } };
    expect(evaluate(dataLiteral(texts))).toEqual(texts);
  });

  it('writes a scene with a curly quote and hostile strings in ASCII, and gives them back', () => {
    const doc = preset('default');
    doc.description = 'It’s a “flock” — </script><!-- \u2028\u2029 😀';
    doc.agentTypes[0].name = 'Wölfe & <Schafe>';
    const lit = dataLiteral(doc);
    expect(lit).toMatch(/^[\x20-\x7e]*$/);
    expect(lit).toContain('It\\u2019s');
    expect(evaluate(lit)).toEqual(doc);
  });

  it('leaves out undefined and functions as JSON does (null in lists)', () => {
    const v = { a: undefined, b: () => 1, c: [undefined, () => 1, 2], d: { e: { f: { g: undefined, h: [undefined] } } } };
    expect(evaluate(dataLiteral(v))).toEqual(JSON.parse(JSON.stringify(v)));
    expect(dataLiteral(v)).toBe(JSON.stringify(v));
    // and so with something to escape, at every depth
    const deep = { ...v, x: ['ö', { y: [{ z: { w: ['<ü>', undefined, { v: '\u2028', u: undefined }] } }] }] };
    expect(evaluate(dataLiteral(deep))).toEqual(JSON.parse(JSON.stringify(deep)));
    expect(dataLiteral(deep)).toMatch(/^[\x20-\x7e]*$/);
  });
});
