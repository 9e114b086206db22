/**
 * The app's side of autosave (document/storage.ts keeps the drafts): which tab this is, when to
 * save, and the tab title.
 *
 * A tab's id lives in sessionStorage, which survives a reload of that tab and nothing else, so a
 * reload restores the tab's own draft and a new tab starts from the most recent draft of any tab,
 * then autosaves under an id of its own. A duplicated tab copies sessionStorage, id and all: at
 * start each tab says hello on a BroadcastChannel, and a tab already holding that id answers, so
 * the newcomer takes another. Saving waits 300 ms after an edit and for an idle moment (a big
 * scene's JSON takes a few ms to write), except when the page is hidden or unloaded: then a
 * pending save is written at once, so an edit made just before a reload or close is kept.
 */
import { loadDraft, saveDraft, type DraftResult, type SaveResult, type StorageSource } from '../document/storage';
import type { SceneDocument } from '../document/types';

/** The sessionStorage key of this tab's draft id. */
export const TAB_KEY = 'steergraph.tab';
/** How long autosave waits after an edit (then for an idle moment, at most 2 s). */
export const AUTOSAVE_DELAY_MS = 300;

/** The tab title: the scene's name, marked `•` while it has unsaved changes. */
export function tabTitle(name: string, dirty: boolean): string {
  return `${dirty ? '• ' : ''}${name} — Steergraph`;
}

function freshId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

type TabMessage = { hello: string } | { taken: string };

/**
 * One tab's autosave: `restore()` once at start, `schedule()` after each edit, `flush()` to save a
 * pending change now; `attach()`/`detach()` follow the app element's connection.
 */
export class TabDrafts {
  /** This tab's draft id. */
  id: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private idle: number | undefined;
  private pending = false;
  private channel: BroadcastChannel | null = null;

  /**
   * @param state the document to save and whether it has unsaved changes
   * @param report called with each save's result (a warning to show, or ok)
   */
  constructor(
    private readonly state: () => { doc: SceneDocument; dirty: boolean },
    private readonly report: (r: SaveResult) => void,
    private readonly local: StorageSource = () => window.localStorage,
    private readonly session: StorageSource = () => window.sessionStorage,
  ) {
    this.id = this.readId() ?? this.claim(freshId());
  }

  private readId(): string | null {
    try {
      const s = typeof this.session === 'function' ? this.session() : this.session;
      return s?.getItem(TAB_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private claim(id: string): string {
    this.id = id;
    try {
      const s = typeof this.session === 'function' ? this.session() : this.session;
      s?.setItem(TAB_KEY, id);
    } catch {
      // no sessionStorage: this tab keeps the id until it is closed or reloaded
    }
    return id;
  }

  /** This tab's draft after a reload, or the most recent one in a new tab (see loadDraft). */
  restore(): DraftResult {
    const r = loadDraft(this.local, this.id);
    // An unreadable draft left under this tab's key must not be replaced by its next autosave.
    if (!r.ok && r.leftAt?.endsWith(`:${this.id}`)) this.claim(freshId());
    return r;
  }

  /** Saves after the autosave delay and an idle moment (each call restarts the delay). */
  schedule(): void {
    this.pending = true;
    clearTimeout(this.timer);
    if (this.idle !== undefined) cancelIdleCallback(this.idle);
    this.idle = undefined;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if ('requestIdleCallback' in window) this.idle = window.requestIdleCallback(() => this.flush(), { timeout: 2000 });
      else this.flush();
    }, AUTOSAVE_DELAY_MS);
  }

  /** Saves now if a change waits to be saved. */
  flush(): void {
    if (!this.pending) return;
    this.saveNow();
  }

  /** Saves now (after Save, whose draft is no longer unsaved work). */
  saveNow(): void {
    clearTimeout(this.timer);
    if (this.idle !== undefined) cancelIdleCallback(this.idle);
    this.timer = this.idle = undefined;
    this.pending = false;
    const { doc, dirty } = this.state();
    this.report(saveDraft(this.local, this.id, doc, dirty));
  }

  private onHide = (): void => {
    if (document.visibilityState === 'hidden') this.flush();
  };

  private onPageHide = (): void => this.flush();

  private onMessage = (e: MessageEvent<TabMessage>): void => {
    const m = e.data;
    if ('hello' in m && m.hello === this.id) this.channel?.postMessage({ taken: this.id } satisfies TabMessage);
    else if ('taken' in m && m.taken === this.id) {
      this.claim(freshId());
      if (this.pending) this.schedule();
    }
  };

  /** Listens for the page being hidden or unloaded, and for a duplicate of this tab. */
  attach(): void {
    window.addEventListener('pagehide', this.onPageHide);
    document.addEventListener('visibilitychange', this.onHide);
    if (typeof BroadcastChannel !== 'undefined' && !this.channel) {
      this.channel = new BroadcastChannel('steergraph.tabs');
      this.channel.onmessage = this.onMessage;
      this.channel.postMessage({ hello: this.id } satisfies TabMessage);
    }
  }

  /** Stops listening (saving what is pending first). */
  detach(): void {
    this.flush();
    window.removeEventListener('pagehide', this.onPageHide);
    document.removeEventListener('visibilitychange', this.onHide);
    this.channel?.close();
    this.channel = null;
  }
}
