/**
 * Whether the graph area has room for the minimap's strip under the canvas. A short graph area (A/B
 * compare, a low window) keeps its height for the nodes: the strip gives way, and the minimap's
 * button says so (layout.ts). Measured here, once, so that what hides the strip and what the
 * button says cannot disagree.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The tallest graph area (CSS px, the minimap's strip included) that shows no minimap. */
export const SHORT_GRAPH = 300;

/** Watches the graph area's height; its host renders again when {@link short} changes. */
export class GraphRoom implements ReactiveController {
  /** Whether the graph area is too short for the minimap (false until measured). */
  short = false;
  private observer: ResizeObserver | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The graph area, once rendered. */
    private readonly area: () => Element | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.watch();
  }

  hostUpdated(): void {
    this.watch();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private watch(): void {
    const area = this.observer ? null : this.area();
    if (!area) return;
    this.observer = new ResizeObserver(([entry]) => {
      const short = entry.contentRect.height <= SHORT_GRAPH;
      if (short === this.short) return;
      this.short = short;
      this.host.requestUpdate();
    });
    this.observer.observe(area);
  }
}
