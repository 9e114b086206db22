/**
 * The app's keyboard shortcuts (the sheet that lists them is shortcuts.ts): which key does what,
 * and a controller that listens on the window while the app is connected.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What a shortcut does. */
export type ShortcutAction =
  | 'open-sheet'
  | 'close-sheet'
  | 'select-all'
  | 'add-node'
  | 'frame'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'save'
  | 'save-as'
  | 'mute'
  | 'group'
  | 'tab'
  | 'ungroup'
  | 'delete'
  | 'close-menus'
  | LayoutAction;

/** The layout shortcuts (issue 20): frames, notes, collapsing, aligning. */
export type LayoutAction =
  | 'frame-selection'
  | 'add-note'
  | 'collapse'
  | 'hide-unconnected'
  | 'align-left'
  | 'align-top'
  | 'align-center-x'
  | 'align-center-y'
  | 'distribute-x'
  | 'distribute-y'
  | 'straighten';

/** Alt+letter: the alignments of the selected nodes. */
const ALIGN_KEYS: Readonly<Record<string, LayoutAction>> = {
  l: 'align-left',
  t: 'align-top',
  c: 'align-center-x',
  e: 'align-center-y',
  h: 'distribute-x',
  v: 'distribute-y',
  s: 'straighten',
};

/** The parts of a key event a shortcut depends on. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * The action of a key press, or null. While the shortcut sheet is open it takes the keys: only
 * Escape (or ? again) does anything, closing it; saving (Ctrl+S, Ctrl+Shift+S) works whatever is
 * open, so the browser's own Save page never opens over the app.
 */
export function shortcutAction(e: KeyPress, sheetOpen: boolean): ShortcutAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key.toLowerCase();
  if (mod && !e.altKey && k === 's') return e.shiftKey ? 'save-as' : 'save';
  if (sheetOpen) return e.key === 'Escape' || e.key === '?' ? 'close-sheet' : null;
  if (e.key === '?' && !mod && !e.altKey) return 'open-sheet';
  if (mod && !e.shiftKey && !e.altKey && k === 'a') return 'select-all';
  if (!mod && !e.altKey && e.shiftKey && k === 'a') return 'add-node';
  if (!mod && !e.altKey && !e.shiftKey && k === 'f') return 'frame';
  if (mod && k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (mod && k === 'y') return 'redo';
  if (mod && k === 'c') return 'copy';
  if (mod && k === 'v') return 'paste';
  if (mod && k === 'd') return 'duplicate';
  if (!mod && !e.altKey && k === 'm') return 'mute';
  if (mod && !e.shiftKey && k === 'g') return e.altKey ? 'ungroup' : 'group';
  if (mod && !e.shiftKey && !e.altKey && k === 'j') return 'frame-selection';
  if (mod && !e.shiftKey && !e.altKey && k === 'h') return 'hide-unconnected';
  if (!mod && !e.altKey && !e.shiftKey && k === 'h') return 'collapse';
  if (!mod && !e.altKey && e.shiftKey && k === 'n') return 'add-note';
  if (!mod && e.altKey && !e.shiftKey && Object.hasOwn(ALIGN_KEYS, k)) return ALIGN_KEYS[k];
  if (e.key === 'Tab' && !mod && !e.altKey && !e.shiftKey && !focusNeedsTab()) return 'tab';
  if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) return 'delete';
  if (e.key === 'Escape') return 'close-menus';
  return null;
}

/**
 * Whether the browser's own handling of the key is kept: copying (the page's selection as well) and
 * Escape (it also closes what the browser opened). Every other shortcut takes the key, so Shift+A
 * types nothing into the node menu's search field that takes the focus.
 */
export function keepsDefault(action: ShortcutAction): boolean {
  return action === 'copy' || action === 'close-menus';
}

/** Whether the focus is on something Tab moves on from (a button, a link, a field): then Tab is the browser's, not the graph's. */
function focusNeedsTab(): boolean {
  if (typeof document === 'undefined') return false;
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return !!el && el !== document.body && el.matches('button, a[href], input, select, textarea, [tabindex]:not(steer-app)');
}

/** Whether a key event comes from typing in a field (then it is never a graph shortcut). */
export function isTyping(e: Event): boolean {
  const t = e.composedPath()[0];
  return t instanceof HTMLElement && (t.isContentEditable || t.matches('input, textarea, select'));
}

/** Whether an action acts while the user types in a field or a dialog is open: saving (a number field has committed what is typed). */
export function actsEverywhere(action: ShortcutAction): boolean {
  return action === 'save' || action === 'save-as';
}

/**
 * Runs the shortcuts on the window's key presses while the host is connected, unless the user is
 * typing in a field or `paused()` (a dialog or the node help is open); saving runs even then.
 */
export class ShortcutController implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private options: { paused(): boolean; sheetOpen(): boolean; run: Record<ShortcutAction, () => void> },
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.onKeyDown);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.onKeyDown);
  }

  private onKeyDown = (e: KeyboardEvent): void => {
    const action = shortcutAction(e, this.options.sheetOpen());
    if (!action) return;
    if (actsEverywhere(action)) {
      e.preventDefault();
      // a held Ctrl+S repeats: one save
      if (!e.repeat) this.options.run[action]();
      return;
    }
    if (isTyping(e) || this.options.paused()) return;
    if (!keepsDefault(action)) e.preventDefault();
    this.options.run[action]();
  };
}
