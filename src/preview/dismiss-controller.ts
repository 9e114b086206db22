/**
 * Closes a pop-up menu the way menus close everywhere: on Escape, and on a press anywhere outside
 * it (and outside the button that opens it). A Lit ReactiveController listening on the window, in
 * the capture phase, while the host is connected: a press on the graph canvas or the preview
 * (whose own handlers stop or take the event) still closes the menu.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** See the file comment. */
export class DismissController implements ReactiveController {
  /**
   * @param open whether the menu is open now
   * @param inside the menu's elements (its list, the button that toggles it): a press there is not outside
   * @param close closes the menu
   */
  constructor(
    host: ReactiveControllerHost,
    private readonly open: () => boolean,
    private readonly inside: () => readonly (Element | null | undefined)[],
    private readonly close: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pointerdown', this.onPointerDown, true);
    window.addEventListener('keydown', this.onKeyDown, true);
  }

  hostDisconnected(): void {
    window.removeEventListener('pointerdown', this.onPointerDown, true);
    window.removeEventListener('keydown', this.onKeyDown, true);
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (!this.open()) return;
    const path = e.composedPath();
    if (this.inside().some((el) => el && path.includes(el))) return;
    this.close();
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && this.open()) this.close();
  };
}
