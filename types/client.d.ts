// `?behavior` imports of scene files (steergraph/vite), declared for TypeScript: reference it once,
// e.g. `/// <reference types="steergraph/client" />` in a .d.ts of the project, or
// `"types": ["steergraph/client"]` in tsconfig.json. Copied to lib/client.d.ts by the package build.
declare module '*.steer.json?behavior' {
  import type { BehaviorWorld, SceneDocument, WorldOptions } from 'steergraph';
  /** What hot reload did to a world (development only; docs/vite.md). */
  export interface ReloadEvent {
    kind: 'resumed' | 'fresh' | 'kept';
    reason?: string;
  }
  /** A world of the scene; in development also how often it took a recompiled scene. */
  export function createWorld(options?: WorldOptions): BehaviorWorld & {
    readonly reloads?: number;
    onReload?(listener: (e: ReloadEvent) => void): () => void;
  };
  /** The scene, as loaded. */
  export const scene: SceneDocument;
}
