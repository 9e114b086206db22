/**
 * Whether the Space key is held, for "drag with Space held to pan" (as a Lit ReactiveController:
 * listening on the window while the host is connected). Space is taken from the page (no scroll,
 * no button press) only while `capture()` says so, i.e. while the mouse is over the canvas, and
 * never from a text field.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

function isTextField(e: Event): boolean {
  const el = e.composedPath()[0];
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio');
}

/** See the file comment. */
export class SpaceKeyController implements ReactiveController {
  /** True while Space is held (and was pressed while captured). */
  held = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly capture: () => boolean,
    private readonly onChange: (held: boolean) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.down);
    window.addEventListener('keyup', this.up);
    window.addEventListener('blur', this.release);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.down);
    window.removeEventListener('keyup', this.up);
    window.removeEventListener('blur', this.release);
    this.held = false;
  }

  private readonly down = (e: KeyboardEvent): void => {
    if (e.code !== 'Space' || isTextField(e) || !this.capture()) return;
    e.preventDefault();
    if (!this.held) {
      this.held = true;
      this.onChange(true);
    }
  };

  private readonly up = (e: KeyboardEvent): void => {
    if (e.code !== 'Space' || !this.held) return;
    e.preventDefault();
    this.release();
  };

  private readonly release = (): void => {
    if (!this.held) return;
    this.held = false;
    this.onChange(false);
  };
}
