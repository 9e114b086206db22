/**
 * The `steergraph` package's library API (package.json `exports["."]`): load and check a scene with
 * its diagnostics, compile it to the behaviour module's source, and create a world from a scene in
 * memory, for tools, build steps and tests. The same compiler as the editor, the CLI and the Vite
 * plugin (`steergraph/vite`).
 */
import { createBehaviorWorld, type BehaviorWorld, type WorldOptions } from '../../runtime/api';
import { compile, formatDiagnostic, hasErrors, type Diagnostic } from '../compiler/index';
import { instantiate } from '../compiler/instantiate';
import { moduleDeclarations, moduleSource } from '../compiler/module';
import { loadSceneFile, type LoadResult } from '../document/load';
import type { SceneDocument } from '../document/types';

export type { SceneDocument, Diagnostic, BehaviorWorld, WorldOptions, LoadResult };
export { formatDiagnostic };

/**
 * Reads a scene file's text or bytes as the editor and the CLI do (UTF-8, migrated to the current
 * version, checked). Never throws: `{ ok: false, errors }` says what is wrong and where.
 */
export function loadScene(file: string | Uint8Array): LoadResult {
  return loadSceneFile(typeof file === 'string' ? new TextEncoder().encode(file) : file);
}

/** The compiler's diagnostics of a loaded scene: errors and warnings, each on its agent type and node. */
export function checkScene(scene: SceneDocument): Diagnostic[] {
  return compile(scene).diagnostics;
}

/** A scene compiled to the behaviour module: its JavaScript, its `.d.ts`, and the diagnostics. */
export interface CompiledModule {
  /** The module's source (what `steergraph export` writes); empty when the scene has errors. */
  js: string;
  /** Its TypeScript declarations. */
  dts: string;
  diagnostics: Diagnostic[];
  /** True when some diagnostic is an error: then there is no module. */
  hasErrors: boolean;
}

/** Compiles a loaded scene to the behaviour module's text, the same text as `steergraph export`. */
export function compileModule(scene: SceneDocument): CompiledModule {
  const compiled = compile(scene);
  const errors = hasErrors(compiled.diagnostics);
  return {
    js: errors ? '' : moduleSource(scene, compiled),
    dts: errors ? '' : moduleDeclarations(scene, compiled),
    diagnostics: compiled.diagnostics,
    hasErrors: errors,
  };
}

/**
 * A world of the scene, run in this process (the API of the exported module's `createWorld`). An
 * agent type with an error gets no force, as in `steergraph run`; check first to refuse those.
 */
export function createWorld(scene: SceneDocument, options: WorldOptions = {}): BehaviorWorld {
  return createBehaviorWorld(scene, instantiate(compile(scene)), options);
}
