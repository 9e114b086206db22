/**
 * Stage 5, emit: print the lowered force functions as JavaScript source. The text refers only to
 * runtime names (the kernels of runtime/behaviors/kernels.ts, which `EmitContext.call` checks),
 * identifiers made here, and numeric literals: nothing from the document but proven-finite
 * numbers (contract 5).
 */
import type { Diagnostic } from './diagnostics';
import { numberLiteral } from './literal';
import { orientationLayout } from './orientation';
import { PROBE_TYPES, type LoweredScene, type LoweredState, type LoweredType, type ProbeSite } from './lower';

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
 * When a force function is split. One straight-line loop body grows past what the JavaScript
 * engine optimizes (V8 gives up on functions over about 60 KB of bytecode, and a function's
 * inlining budget is spent after its first kernels): above `above` characters of loop body, the
 * body is cut into functions of at most about `chunk` characters each, called in order for each
 * agent. Below it the function is printed as one loop, exactly as before.
 */
export interface SplitOptions {
  above: number;
  chunk: number;
}

/** Measured (docs/performance.md, "Large graphs"): up to about 290 nodes stay one function, chunks of about 140. */
export const DEFAULT_SPLIT: SplitOptions = { above: 16_000, chunk: 8_000 };

/**
 * The source of one type's force function `force<k>`, with its scratch and constant arrays. With
 * `probes`, the function also copies every node's output for the followed agent (`A.probe`) into
 * `A.probeOut` as it computes them: reads only, so the trajectories are the same bit for bit.
 * A loop body over `split.above` characters is split into chunk functions ({@link SplitOptions}).
 */
export function emitForce(t: LoweredType, probes = false, split: SplitOptions = DEFAULT_SPLIT): string {
  const k = t.typeIndex;
  if (!t.ok) return `function force${k}(W, A) {\n  A.force.fill(0);\n}\n`;
  if (t.states) return emitStateForce(t, t.states, probes);
  const probing = probes && t.probes.length > 0;
  // The loop body, one entry per node (with its probe captures), and the captures before the first.
  const first: string[] = [];
  const steps: string[][] = t.body.map(() => []);
  const captures = (after: number, into: string[]) => {
    const code = t.probes.filter((p) => p.after === after).map((p) => p.capture);
    if (code.length) into.push(`if (i === pi) { ${after === 0 ? 'PR[0] = A.maxSpeed[i]; PR[1] = A.maxForce[i]; ' : ''}${code.join(' ')} }`);
    else if (after === 0) into.push('if (i === pi) { PR[0] = A.maxSpeed[i]; PR[1] = A.maxForce[i]; }');
  };
  if (probing) captures(0, first);
  t.body.forEach((b, j) => {
    steps[j].push(b);
    if (probing) captures(j + 1, steps[j]);
  });
  let size = 0;
  for (const st of steps) for (const line of st) size += line.length + 5;
  const head: string[] = [];
  head.push(`const S${k} = new Float64Array(${Math.max(2, t.scratch)});`);
  if (t.constants.length) head.push(`const K${k} = Float64Array.of(${list(t.constants)});`);
  if (size > split.above) return [...head, ...splitForce(t, probing, first, steps, split.chunk)].join('\n') + '\n';
  const lines = head;
  lines.push(`function force${k}(W, A) {`);
  lines.push('  const n = A.count, F = A.force, s = S' + k + ';');
  for (const r of t.typeRefs) lines.push(`  const T${r} = W.types[${r}];`);
  for (const p of t.pre) lines.push(`  ${p}`);
  if (probing) lines.push('  const pi = A.probe, PR = A.probeOut;');
  lines.push('  for (let i = 0; i < n; i++) {');
  for (const line of first) lines.push(`    ${line}`);
  for (const st of steps) for (const line of st) lines.push(`    ${line}`);
  lines.push('  }');
  lines.push('}');
  return lines.join('\n') + '\n';
}

/**
 * The force function of a type with states: per agent, the current state's transitions are tried
 * (once its time in state reaches the state's minimum), then the any-state ones; the first whose
 * condition holds is taken (state ← to, τ ← 0, its memory reset when the state says so, the event
 * logged); then the forces of the (new) state's graph. τ itself is counted by the runtime's step.
 * (Not split: a stateful type's code is one loop whatever its size.)
 */
function emitStateForce(t: LoweredType, states: readonly LoweredState[], probes: boolean): string {
  const k = t.typeIndex;
  const probing = probes && (states.some((s) => s.probes.length > 0 || s.tryProbes.length > 0) || (t.any?.probes.length ?? 0) > 0);
  // The condition code with its probe captures: the sites emptied first (a gated state's conditions are not computed), then each filled after its node.
  const tryCode = (code: readonly string[], sites: readonly ProbeSite[]): string[] => {
    if (!probing || !sites.length) return [...code];
    const out = [`if (i === pi) { ${sites.map((p) => `PR[${p.offset}] = NaN; PR[${p.offset + 1}] = NaN;`).join(' ')} }`];
    code.forEach((c, m) => {
      out.push(c);
      const at = sites.filter((p) => p.after === m + 1).map((p) => p.capture);
      if (at.length) out.push(`if (i === pi) { ${at.join(' ')} }`);
    });
    return out;
  };
  const lines: string[] = [];
  lines.push(`const S${k} = new Float64Array(${Math.max(2, t.scratch)});`);
  if (t.constants.length) lines.push(`const K${k} = Float64Array.of(${list(t.constants)});`);
  lines.push(`function force${k}(W, A) {`);
  lines.push(`  const n = A.count, F = A.force, s = S${k}, ST = A.state, TS = A.tis;`);
  for (const r of t.typeRefs) lines.push(`  const T${r} = W.types[${r}];`);
  for (const p of t.pre) lines.push(`  ${p}`);
  if (probing) lines.push('  const pi = A.probe, PR = A.probeOut;');
  lines.push('  for (let i = 0; i < n; i++) {');
  const hasTransitions = states.some((s) => s.gotos.length > 0) || (t.any?.gotos.length ?? 0) > 0;
  if (hasTransitions) {
    const any = t.any && t.any.gotos.length ? t.any : null;
    lines.push('    const from = ST[i];');
    lines.push('    let to = -1;');
    if (any) lines.push('    let open = false;');
    lines.push('    switch (from) {');
    states.forEach((s, j) => {
      if (!s.gotos.length && !any) return;
      const gate = s.minTicks > 0 ? `TS[i] >= ${s.minTicks}` : '';
      lines.push(`      case ${j}: {`);
      if (probing && s.tryProbes.length) lines.push(`        if (i === pi) { ${s.tryProbes.map((p) => `PR[${p.offset}] = NaN; PR[${p.offset + 1}] = NaN;`).join(' ')} }`);
      if (gate) lines.push(`        if (${gate}) {`);
      const pad = gate ? '          ' : '        ';
      if (any) lines.push(`${pad}open = true;`);
      for (const c of tryCode(s.code, s.tryProbes).slice(probing && s.tryProbes.length ? 1 : 0)) lines.push(`${pad}${c}`);
      s.gotos.forEach((g, m) => lines.push(`${pad}${m ? 'else ' : ''}if (${g.when}) to = ${g.to};`));
      if (gate) lines.push('        }');
      lines.push('        break;');
      lines.push('      }');
    });
    lines.push('    }');
    if (any) {
      lines.push('    if (open && to < 0) {');
      for (const c of tryCode(any.code, any.probes)) lines.push(`      ${c}`);
      // An any-state transition into the current state is skipped (it would restart it every tick).
      any.gotos.forEach((g, m) => lines.push(`      ${m ? 'else ' : ''}if (from !== ${g.to} && (${g.when})) to = ${g.to};`));
      lines.push('    }');
    }
    lines.push('    if (to >= 0) {');
    lines.push('      ST[i] = to; TS[i] = 0;');
    const resets = states.map((s, j) => ({ j, s })).filter(({ s }) => s.resetOnEnter && s.reset.length);
    for (const { j, s } of resets) {
      lines.unshift(`const R${k}_${j} = Int32Array.of(${s.reset.join(', ')});`);
      lines.push(`      if (to === ${j}) resetMemory(A, i, R${k}_${j});`);
    }
    lines.push(`      W.noteTransition(${k}, i, from, to);`);
    lines.push('    }');
  }
  lines.push('    switch (ST[i]) {');
  states.forEach((s, j) => {
    lines.push(`      case ${j}: {`);
    if (probing) {
      const at = (after: number) => s.probes.filter((p) => p.after === after).map((p) => p.capture);
      const head = at(0);
      lines.push(`        if (i === pi) { PR[0] = A.maxSpeed[i]; PR[1] = A.maxForce[i]; ${head.join(' ')} }`);
      s.body.forEach((b, m) => {
        lines.push(`        ${b}`);
        const code = at(m + 1);
        if (code.length) lines.push(`        if (i === pi) { ${code.join(' ')} }`);
      });
    } else for (const b of s.body) lines.push(`        ${b}`);
    if (!s.body.length) lines.push('        F[2 * i] = 0; F[2 * i + 1] = 0;');
    lines.push('        break;');
    lines.push('      }');
  });
  lines.push('    }');
  lines.push('  }');
  lines.push('}');
  return lines.join('\n') + '\n';
}

/**
 * A split force function: `force<k>` is made in a closure that holds what the loop body reads
 * besides `W`, `A`, `i` and `s` (the count, the force array, other types' agents, pass buffers,
 * the probe, and the nodes' locals, which the body declares with `const` and here assigns), and
 * calls `force<k>_<c>(W, A, i, s)` for each chunk in order: the same statements in the same order
 * on the same numbers, so the same trajectories bit for bit.
 */
function splitForce(t: LoweredType, probing: boolean, first: string[], steps: string[][], chunk: number): string[] {
  const k = t.typeIndex;
  const locals = t.locals ?? [];
  // (pass buffers and type parameters' arrays, bound in `pre`: shared by the chunks)
  const passes = [...Array.from({ length: t.passes }, (_, p) => `P${p}`), ...(t.params ?? []).map((q) => `Q${q}`)];
  const assign = (line: string, names: readonly string[]): string => {
    let out = line;
    for (const name of names) out = out.split(`const ${name} = `).join(`${name} = `);
    return out;
  };
  const chunks: string[][] = [];
  let current: string[] = [...first];
  let size = 0;
  for (const st of steps) {
    const len = st.reduce((a, line) => a + line.length + 5, 0);
    if (current.length && size + len > chunk) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    for (const line of st) current.push(assign(line, locals));
    size += len;
  }
  if (current.length) chunks.push(current);
  const shared = ['n', 'F', ...t.typeRefs.map((r) => `T${r}`), ...passes, ...(probing ? ['pi', 'PR'] : []), ...locals];
  const lines: string[] = [];
  lines.push(`const force${k} = (() => {`);
  lines.push(`  let ${shared.join(', ')};`);
  chunks.forEach((c, j) => {
    lines.push(`  function force${k}_${j}(W, A, i, s) {`);
    for (const line of c) lines.push(`    ${line}`);
    lines.push('  }');
  });
  lines.push(`  return function force${k}(W, A) {`);
  lines.push(`    const s = S${k};`);
  lines.push('    n = A.count; F = A.force;');
  for (const r of t.typeRefs) lines.push(`    T${r} = W.types[${r}];`);
  for (const p of t.pre) lines.push(`    ${assign(p, passes)}`);
  if (probing) lines.push('    pi = A.probe; PR = A.probeOut;');
  lines.push('    for (let i = 0; i < n; i++) {');
  chunks.forEach((_, j) => lines.push(`      force${k}_${j}(W, A, i, s);`));
  lines.push('    }');
  lines.push('  };');
  lines.push('})();');
  return lines;
}

/**
 * The whole program: every force function and the `PROGRAM` table the runtime API takes. With
 * `probes` (the editor's preview), the inspector's captures too, and the table says where each
 * node's outputs go (`probes`: per type, [node index, output index, type, offset] and the size).
 */
export function emitProgram(types: readonly LoweredType[], probes = false, split: SplitOptions = DEFAULT_SPLIT): string {
  const radii = queryRadii(types, types.length);
  const parts = types.map((t) => emitForce(t, probes, split));
  const layouts = types.map((t, k) => {
    const r = radii[k] === Infinity ? 'Infinity' : numberLiteral(radii[k]);
    return `{ memory: [${list(t.memory)}], draws: ${t.draws}, passes: ${t.passes}, queryRadius: ${r}${t.stateful ? ', stateful: true' : ''}${orientationLayout(t.orientation)} }`;
  });
  const memory = types.map(
    (t) => `[${t.nodeMemory.map((m) => `{ node: ${m.node}, offset: ${m.offset}, size: ${m.size}${m.state !== undefined ? `, state: ${m.state}` : ''} }`).join(', ')}]`,
  );
  // Per type, its states' names, its signals and the memory entering each state resets (null: one state named 'default', no signals). Names are ID_PATTERN ids, safe in a literal.
  const stateTables = types.map((t) =>
    t.stateful || t.signals?.length || t.stateNames[0] !== 'default'
      ? `{ names: [${t.stateNames.map((s) => JSON.stringify(s)).join(', ')}], signals: [${(t.signals ?? []).map((x) => JSON.stringify(x)).join(', ')}], reset: [${(t.states ?? []).map((s) => `[${s.resetOnEnter ? s.reset.join(', ') : ''}]`).join(', ')}] }`
      : 'null',
  );
  parts.push(
    [
      'const PROGRAM = {',
      `  forces: [${types.map((t) => `force${t.typeIndex}`).join(', ')}],`,
      `  layouts: [${layouts.join(', ')}],`,
      `  memory: [${memory.join(', ')}],`,
      ...(stateTables.some((x) => x !== 'null') ? [`  states: [${stateTables.join(', ')}],`] : []),
      // (only with Own Route or Emit Event nodes: other programs print as before)
      ...(types.some((t) => t.routeReset) ? [`  routes: [${types.map((t) => `[${(t.routeReset ?? []).join(', ')}]`).join(', ')}],`] : []),
      ...(types.some((t) => t.events) ? [`  events: [${types.map((t) => `[${(t.events ?? []).map((x) => JSON.stringify(x)).join(', ')}]`).join(', ')}],`] : []),
      ...(probes
        ? [
            `  probes: [${types
              .map((t) => `{ size: ${t.probeSize}, sites: [${[...t.probes, ...(t.states ?? []).flatMap((s) => [...s.tryProbes, ...s.probes]), ...(t.any?.probes ?? [])].map((p) => `[${p.node}, ${p.output}, ${PROBE_TYPES.indexOf(p.type)}, ${p.offset}${p.state !== undefined ? `, ${p.state}` : ''}]`).join(', ')}] }`)
              .join(', ')}],`,
          ]
        : []),
      '};',
    ].join('\n') + '\n',
  );
  return parts.join('\n');
}

/** A compiled scene. */
export interface Compiled {
  /** Every problem found, errors and warnings, in document order per agent type. */
  diagnostics: Diagnostic[];
  /** Per agent type (scene order): whether its graph compiled (false: zero force). */
  ok: boolean[];
  /** The lowered form (for tests and tools). */
  lowered: LoweredType[];
  /** Source of the force functions and the PROGRAM table; refers to runtime names only. */
  programSource: string;
}

/** How to compile. */
export interface CompileOptions {
  /** Emit the inspector's probes (the editor's preview); exported modules leave them out. */
  probes?: boolean;
  /** When to split a large graph's force function (default {@link DEFAULT_SPLIT}; tests force others). */
  split?: SplitOptions;
}

/** The emit stage: the lowered scene printed, with its diagnostics. */
export function emitStage(l: LoweredScene, options: CompileOptions = {}): Compiled {
  const { diagnostics, lowered } = l;
  return { diagnostics, ok: lowered.map((t) => t.ok), lowered, programSource: emitProgram(lowered, options.probes === true, options.split ?? DEFAULT_SPLIT) };
}
