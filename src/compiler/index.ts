/**
 * The graph compiler: a scene document in, JavaScript out, in four named pure stages
 * (validate → order → lower → emit) over plain data, free of DOM, Lit and Rete.
 */
import type { SceneDocument } from '../document/types';
import type { Diagnostic } from './diagnostics';
import { DEFAULT_SPLIT, emitProgram, type SplitOptions } from './emit';
import { lowerType, type LoweredType } from './lower';
import { orderGraph } from './order';
import { graphPhysicsWarnings } from './physics';
import { validate } from './validate';

export type { Diagnostic } from './diagnostics';
export { formatDiagnostic, hasErrors } from './diagnostics';

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

/** Compiles a loaded scene document. Never throws on a user's graph: problems are diagnostics. */
export function compile(scene: SceneDocument, options: CompileOptions = {}): Compiled {
  const { graphs, diagnostics } = validate(scene);
  const lowered = graphs.map((g) => {
    const hadErrors = diagnostics.some((d) => d.severity === 'error' && d.agentType === g.type.id);
    const ordered = orderGraph(g, hadErrors, diagnostics);
    // Warnings that know physics, for graphs that compile (they never change the code).
    if (ordered.ok) graphPhysicsWarnings(g, ordered.order, scene, diagnostics);
    return lowerType(ordered, scene);
  });
  return { diagnostics, ok: lowered.map((t) => t.ok), lowered, programSource: emitProgram(lowered, options.probes === true, options.split ?? DEFAULT_SPLIT) };
}
