/**
 * The kernels are one typed list (runtime/behaviors/kernels.ts): a node's code names a runtime
 * function only through `EmitContext.call`, whose name the typecheck checks against that list, and
 * the code each kind emits calls nothing else (this test names the kind whose code does).
 */
import { describe, expect, it } from 'vitest';
import { NODE_DEFS } from '../../nodes/index';
import type { EmitContext, KernelName } from '../../nodes/types';
import * as kernels from '../../runtime/behaviors/kernels';
import * as entry from '../../runtime/module-entry';
import { compile } from '../../src/compiler/index';
import { NODE_CASES } from '../fixtures/node-cases';

const KERNELS = new Set(Object.keys(kernels));
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'function', 'typeof']);

/** The free functions a program calls: not methods, keywords, `new` constructors nor its own functions. */
function calledNames(source: string): string[] {
  const own = new Set([...source.matchAll(/function\s+([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]));
  const names = new Set<string>();
  for (const m of source.matchAll(/(?<![\w$.])(new\s+)?([A-Za-z_$][\w$]*)\s*\(/g)) {
    if (m[1] || KEYWORDS.has(m[2]) || own.has(m[2])) continue;
    names.add(m[2]);
  }
  return [...names].sort();
}

describe('kernels', () => {
  it('are what the generated code is given: every kernel is exported to it by runtime/module-entry.ts', () => {
    for (const k of KERNELS) expect(Object.keys(entry), k).toContain(k);
  });

  it('are named through EmitContext.call, which the typecheck checks', () => {
    const name: KernelName = 'priorityAddMaxForce';
    expect(KERNELS.has(name)).toBe(true);
    // @ts-expect-error a misspelt kernel is not a KernelName
    const wrong: KernelName = 'seeek';
    expect(KERNELS.has(wrong)).toBe(false);
    const call: EmitContext['call'] = (kernel, ...args) => `${kernel}(${args.join(', ')});`;
    expect(call('seek', 's', 0, 'A', 'i')).toBe('seek(s, 0, A, i);');
  });

  describe.each(NODE_DEFS.map((d) => [d.kind]))('%s', (kind) => {
    it('emits calls of runtime kernels only', () => {
      const cases = NODE_CASES[kind] ?? [];
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        const { programSource } = compile(c.doc, { probes: true });
        const unknown = calledNames(programSource).filter((n) => !KERNELS.has(n));
        expect(unknown, `${kind} (${c.name}) calls functions that are not kernels`).toEqual([]);
      }
    });
  });
});
