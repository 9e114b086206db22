/**
 * The graph compiler: a scene document in, JavaScript out, in six named pure stages over plain
 * data, free of DOM, Lit and Rete, each one value in and one value out:
 *
 *   flatten (scene → group-free scene) → validate (→ Validated) → order (→ OrderedScene) → transitions (→ OrderedScene, with the
 *   warnings about states) → physics (→ OrderedScene, with warnings) → lower (→ LoweredScene) → emit (→ Compiled)
 */
import { flatten, liftDiagnostics } from './flatten';
import { emitStage, type CompileOptions, type Compiled } from './emit';
import { lowerStage } from './lower';
import { orderStage } from './order';
import { physicsStage } from './physics';
import { transitionsStage } from './transitions';
import { validate } from './validate';
import type { SceneDocument } from '../document/types';

export type { Diagnostic } from './diagnostics';
export { formatDiagnostic, hasErrors } from './diagnostics';
export type { Compiled, CompileOptions } from './emit';

/** Compiles a loaded scene document. Never throws on a user's graph: problems are diagnostics. */
export function compile(scene: SceneDocument, options: CompileOptions = {}): Compiled {
  const flat = flatten(scene);
  const compiled = emitStage(lowerStage(physicsStage(transitionsStage(orderStage(validate(flat.scene))))), options);
  if (flat.originals.size === 0 && flat.diagnostics.length === 0) return compiled;
  return { ...compiled, diagnostics: [...flat.diagnostics, ...liftDiagnostics(flat, compiled.diagnostics)] };
}
