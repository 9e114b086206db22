/**
 * Watches the size of an element of the host's shadow root with a ResizeObserver (as a Lit
 * ReactiveController: observing from the first update while connected, disconnecting the observer
 * when the host disconnects).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** See the file comment. */
export class SizeController implements ReactiveController {
  /** The watched element's content box, CSS px (0 × 0 until first measured). */
  width = 0;
  height = 0;
  private observer: ResizeObserver | null = null;
  private observed: Element | null = null;

  /**
   * @param target the element to watch (looked up after each update; null: not rendered yet)
   * @param onResize called after the size changed
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly target: () => Element | null,
    private readonly onResize: (width: number, height: number) => void,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const el = this.target();
    if (!el || el === this.observed) return;
    this.observer ??= new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width === this.width && box.height === this.height) return;
      this.width = box.width;
      this.height = box.height;
      this.onResize(this.width, this.height);
    });
    if (this.observed) this.observer.unobserve(this.observed);
    this.observer.observe(el);
    this.observed = el;
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.observed = null;
  }
}
