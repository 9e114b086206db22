/**
 * A/B compare as a session object: two variants of the scene, each its own document session (undo,
 * saved state) and build (compiled program, module text), and which one the graph editor and the
 * panels edit. The app edits `edited` and renders both; "Editing: A | B" only changes `editing`.
 */
import { BuildPipeline } from './build-pipeline';
import type { Variant } from './compare';
import { DocumentSession } from './document-session';

/** One variant (or the open scene when not comparing): its document session and its build. */
export interface SceneVariant {
  session: DocumentSession;
  build: BuildPipeline;
}

/** A variant of `doc` with its build (compiled with or without the inspector's probes). */
export function sceneVariant(session: DocumentSession, probes: boolean, sourceChanged: () => void): SceneVariant {
  return { session, build: new BuildPipeline(session.doc, probes, sourceChanged) };
}

/** The two variants of a comparison and the one being edited. */
export class CompareSession {
  /** The variant the graph editor and the panels edit. */
  editing: Variant = 'A';
  /** A (the scene that was open) and B (its duplicate). */
  readonly variants: Record<Variant, SceneVariant>;
  /** Whether the main preview played when the comparison started (it plays again after). */
  readonly mainWasPlaying: boolean;

  /**
   * Starts from the open scene `a`: B is a duplicate with its own undo, unsaved from the start (its
   * "saved" document is a copy, never the one it holds), and the same module as A's.
   */
  constructor(a: SceneVariant, mainWasPlaying: boolean, sourceChanged: () => void) {
    a.build.flush();
    const doc = a.session.doc;
    const b = { session: new DocumentSession(doc, { ...doc }), build: a.build.fork(sourceChanged) };
    this.variants = { A: a, B: b };
    this.mainWasPlaying = mainWasPlaying;
  }

  /** The variant being edited. */
  get edited(): SceneVariant {
    return this.variants[this.editing];
  }

  /** The variant not being edited. */
  get other(): SceneVariant {
    return this.variants[this.editing === 'A' ? 'B' : 'A'];
  }
}
