/**
 * From document to preview: compiles a document at each edit (so problems show at once) and hands
 * the preview its module text a moment later, debounced, so a slider drag recompiles the module at
 * most every {@link SOURCE_DELAY_MS} (well under the 100 ms from edit to behaviour). An edit that
 * changes nothing the simulation sees (moving nodes in the graph) keeps the running module.
 */
import { compile, type Compiled } from '../compiler/index';
import { moduleSource } from '../compiler/module';
import type { SceneDocument } from '../document/types';

/** How long after an edit the preview gets its module, ms (a later edit restarts the wait). */
export const SOURCE_DELAY_MS = 40;

/**
 * What the running simulation depends on: the compiled program, the world, the agent types'
 * fields and their nodes' ids (snapshots key node memory by id) — not where nodes sit in the graph.
 */
export function behaviourKey(doc: SceneDocument, compiled: Compiled): string {
  const types = doc.agentTypes.map(({ anyState: _, ...t }) => ({ ...t, states: t.states.map((s) => ({ ...s, graph: s.graph.nodes.map((n) => n.id) })) }));
  return `${compiled.programSource}\u0000${JSON.stringify(doc.world)}\u0000${JSON.stringify(types)}`;
}

/** One document's build: its compiled program now, and the module text its preview runs. */
export class BuildPipeline {
  /** The document compiled last. */
  compiled: Compiled;
  /** The module text the preview runs (behind `compiled` for up to {@link SOURCE_DELAY_MS}). */
  source: string;
  /** Whether `compiled` carries the inspector's probes. */
  probes: boolean;
  private sourceKey: string;
  private doc: SceneDocument;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * @param doc - the document to start from, compiled with its module at once (unless `built`
   *   already holds them)
   * @param sourceChanged - called when `source` changes later (after the debounce)
   */
  constructor(
    doc: SceneDocument,
    probes: boolean,
    private sourceChanged: (source: string) => void = () => {},
    built?: { compiled: Compiled; source: string },
  ) {
    this.doc = doc;
    this.probes = probes;
    this.compiled = built?.compiled ?? compile(doc, { probes });
    this.source = built?.source ?? moduleSource(doc, this.compiled);
    this.sourceKey = behaviourKey(doc, this.compiled);
  }

  /** Compiles `doc`; its module follows a moment later, or at once when `immediate`. */
  build(doc: SceneDocument, immediate: boolean, probes: boolean): Compiled {
    this.doc = doc;
    this.probes = probes;
    this.compiled = compile(doc, { probes });
    clearTimeout(this.timer);
    const key = behaviourKey(doc, this.compiled);
    if (key !== this.sourceKey || immediate) {
      const update = (): void => {
        this.sourceKey = key;
        this.source = moduleSource(doc, this.compiled);
        this.sourceChanged(this.source);
      };
      if (immediate) update();
      else this.timer = setTimeout(update, SOURCE_DELAY_MS);
    }
    return this.compiled;
  }

  /** The module for the document built last, now (no wait), so a swap of documents carries no stale module. */
  flush(): void {
    clearTimeout(this.timer);
    const key = behaviourKey(this.doc, this.compiled);
    if (key !== this.sourceKey) {
      this.sourceKey = key;
      this.source = moduleSource(this.doc, this.compiled);
      this.sourceChanged(this.source);
    }
  }

  /** A second pipeline with this one's program and module (for a duplicate of the document), without compiling again. */
  fork(sourceChanged: (source: string) => void): BuildPipeline {
    this.flush();
    return new BuildPipeline(this.doc, this.probes, sourceChanged, { compiled: this.compiled, source: this.source });
  }

  /** Drops a module still waiting to be handed over. */
  cancel(): void {
    clearTimeout(this.timer);
  }
}
