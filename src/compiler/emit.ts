/**
 * Stage 4, emit: print the lowered force functions as JavaScript source. The text refers only to
 * runtime names (kernels, `nearest`, …), identifiers made here, and numeric literals: nothing from
 * the document but proven-finite numbers (contract 5).
 */
import { numberLiteral } from './literal';
import type { LoweredType } from './lower';

/** Names of the runtime functions generated code may call. */
export const KERNEL_NAMES = [
  'seek',
  'flee',
  'arrive',
  'pursue',
  'evade',
  'wander',
  'avoid',
  'followPath',
  'contain',
  'flockPass',
  'separationPass',
  'alignmentPass',
  'cohesionPass',
  'nearest',
  'truncateInto',
  'truncateIntoMaxForce',
  'priorityAdd',
  'priorityAddMaxForce',
] as const;

const list = (xs: number[]): string => xs.map(numberLiteral).join(', ');

/** The largest query radius against each type: finite radii win; Infinity when only unbounded; 0 when none. */
export function queryRadii(types: readonly LoweredType[], count: number): number[] {
  const radii = new Array<number>(count).fill(0);
  for (const t of types) {
    for (const q of t.queries) {
      const r = radii[q.type];
      if (q.radius === Infinity) radii[q.type] = r === 0 ? Infinity : r;
      else radii[q.type] = r === 0 || r === Infinity ? q.radius : Math.max(r, q.radius);
    }
  }
  return radii;
}

/**
 * The source of one type's force function `force<k>`, with its scratch and constant arrays. With
 * `probes`, the function also copies every node's output for the followed agent (`A.probe`) into
 * `A.probeOut` as it computes them: reads only, so the trajectories are the same bit for bit.
 */
export function emitForce(t: LoweredType, probes = false): string {
  const k = t.typeIndex;
  if (!t.ok) return `function force${k}(W, A) {\n  A.force.fill(0);\n}\n`;
  const lines: string[] = [];
  lines.push(`const S${k} = new Float64Array(${Math.max(2, t.scratch)});`);
  if (t.constants.length) lines.push(`const K${k} = Float64Array.of(${list(t.constants)});`);
  lines.push(`function force${k}(W, A) {`);
  lines.push('  const n = A.count, F = A.force, s = S' + k + ';');
  for (const r of t.typeRefs) lines.push(`  const T${r} = W.types[${r}];`);
  for (const p of t.pre) lines.push(`  ${p}`);
  const probing = probes && t.probes.length > 0;
  if (probing) lines.push('  const pi = A.probe, PR = A.probeOut;');
  lines.push('  for (let i = 0; i < n; i++) {');
  const captures = (after: number) => {
    const code = t.probes.filter((p) => p.after === after).map((p) => p.capture);
    if (code.length) lines.push(`    if (i === pi) { ${after === 0 ? 'PR[0] = A.maxSpeed[i]; PR[1] = A.maxForce[i]; ' : ''}${code.join(' ')} }`);
    else if (after === 0) lines.push('    if (i === pi) { PR[0] = A.maxSpeed[i]; PR[1] = A.maxForce[i]; }');
  };
  if (probing) captures(0);
  t.body.forEach((b, k) => {
    lines.push(`    ${b}`);
    if (probing) captures(k + 1);
  });
  lines.push('  }');
  lines.push('}');
  return lines.join('\n') + '\n';
}

/**
 * The whole program: every force function and the `PROGRAM` table the runtime API takes. With
 * `probes` (the editor's preview), the inspector's captures too, and the table says where each
 * node's outputs go (`probes`: per type, [node index, output index, type, offset] and the size).
 */
export function emitProgram(types: readonly LoweredType[], probes = false): string {
  const radii = queryRadii(types, types.length);
  const parts = types.map((t) => emitForce(t, probes));
  const layouts = types.map((t, k) => {
    const r = radii[k] === Infinity ? 'Infinity' : numberLiteral(radii[k]);
    return `{ memory: [${list(t.memory)}], draws: ${t.draws}, passes: ${t.passes}, queryRadius: ${r} }`;
  });
  const memory = types.map(
    (t) => `[${t.nodeMemory.map((m) => `{ node: ${m.node}, offset: ${m.offset}, size: ${m.size} }`).join(', ')}]`,
  );
  parts.push(
    [
      'const PROGRAM = {',
      `  forces: [${types.map((t) => `force${t.typeIndex}`).join(', ')}],`,
      `  layouts: [${layouts.join(', ')}],`,
      `  memory: [${memory.join(', ')}],`,
      ...(probes
        ? [
            `  probes: [${types
              .map((t) => `{ size: ${t.probeSize}, sites: [${t.probes.map((p) => `[${p.node}, ${p.output}, ${['force', 'point', 'agent'].indexOf(p.type)}, ${p.offset}]`).join(', ')}] }`)
              .join(', ')}],`,
          ]
        : []),
      '};',
    ].join('\n') + '\n',
  );
  return parts.join('\n');
}
