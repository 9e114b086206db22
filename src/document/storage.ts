/**
 * Autosave: each tab's draft of its open scene in browser storage, restored on the next visit. The
 * storage is passed in (a Storage, a function returning one, or null), so tests inject fakes and
 * the app passes `() => window.localStorage` (reading which throws when storage is disabled).
 *
 * Every tab writes its own draft, under `DRAFT_PREFIX + its id`, so two tabs never replace each
 * other's work; a tab that has no draft yet (a new tab) is offered the most recent one. At most
 * MAX_DRAFTS drafts are kept: saving drops the oldest of the others. A draft that does not load is
 * moved to a key of its own under UNREADABLE_PREFIX and kept until the user discards it (at most
 * MAX_UNREADABLE of them). Nothing here throws and nothing is lost: a failed save leaves the
 * previous draft as it was.
 */
import { formatLoadError } from './errors';
import { loadScene } from './load';
import { serializeScene } from './serialize';
import type { SceneDocument } from './types';

/** The part of the Web Storage API autosave uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** How many keys there are (to list the drafts). */
  readonly length: number;
  /** The key at an index, in no particular order. */
  key(index: number): string | null;
}

/** A storage, a function returning one (it may throw), or none. */
export type StorageSource = StorageLike | null | undefined | (() => StorageLike | null | undefined);

/** Where each tab's draft is kept: this prefix and the tab's id. */
export const DRAFT_PREFIX = 'steergraph.draft:';
/** Where a draft that no longer loads is kept (this prefix and a stamp), until the user discards it. */
export const UNREADABLE_PREFIX = 'steergraph.unreadable:';
/** The one draft of Steergraph before drafts were kept per tab; still restored, as the oldest draft. */
export const LEGACY_DRAFT_KEY = 'steergraph.draft';
/** Whether the legacy draft had unsaved changes ("1"). */
export const LEGACY_DIRTY_KEY = 'steergraph.draft.dirty';
/** The one backup of an unreadable draft before every one was kept; listed among the unreadable drafts. */
export const LEGACY_BACKUP_KEY = 'steergraph.draft.unreadable';
/** Drafts kept in all (one per tab that edited); saving drops the oldest others beyond it. */
export const MAX_DRAFTS = 8;
/** Unreadable drafts kept; beyond it a draft that does not load stays where it is. */
export const MAX_UNREADABLE = 10;

/** The first line of a stored draft: `steergraph-draft <saved at, ms since 1970> <0|1 unsaved>`. */
const HEADER = 'steergraph-draft ';

/** Saved, or why not (show it; nothing is thrown). */
export type SaveResult = { ok: true } | { ok: false; warning: string };

/**
 * The draft restored (null when there is none to offer), whether it had unsaved changes, whose it
 * was ('tab': this tab's own, after a reload; 'latest': the most recent of any tab), and notes on
 * loading it; or why there is none, with `leftAt` the key of an unreadable draft that could not be
 * moved (a tab whose own key it is must autosave under another id, or it would replace it).
 */
export type DraftResult =
  | { ok: true; doc: SceneDocument | null; dirty: boolean; from: 'tab' | 'latest' | null; warnings: string[] }
  | { ok: false; warning: string; leftAt?: string };

/** A stored draft as read back: its key, when it was saved, whether it was unsaved work, its scene text. */
export interface StoredDraft {
  key: string;
  savedAt: number;
  dirty: boolean;
  text: string;
}

/** An unreadable draft kept for the user: its key, when it was found unreadable, its text as it was stored. */
export interface UnreadableDraft {
  key: string;
  keptAt: number;
  text: string;
}

function why(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** True for the "storage is full" error of every browser. */
export function isQuotaError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { name, code } = e as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** The storage, or a warning saying why there is none. */
function open(source: StorageSource): { storage: StorageLike } | { warning: string } {
  let storage: StorageLike | null | undefined;
  try {
    storage = typeof source === 'function' ? source() : source;
  } catch (e) {
    return { warning: `browser storage is not available (${why(e)})` };
  }
  if (!storage) return { warning: 'browser storage is not available' };
  return { storage };
}

/** `12 KB`, `1.4 MB` (characters, as browsers count a Storage's quota). */
function size(chars: number): string {
  return chars < 1024 * 1024 ? `${Math.ceil(chars / 1024)} KB` : `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

/** A draft's stored text: the header line, then the scene. */
export function encodeDraft(text: string, savedAt: number, dirty: boolean): string {
  return `${HEADER}${savedAt} ${dirty ? 1 : 0}\n${text}`;
}

/** A stored draft's parts; text without a header (the legacy draft, or a damaged one) is a clean draft saved at 0. */
export function decodeDraft(key: string, stored: string): StoredDraft {
  if (stored.startsWith(HEADER)) {
    const end = stored.indexOf('\n');
    const m = end > 0 ? /^(\d{1,16}) ([01])$/.exec(stored.slice(HEADER.length, end)) : null;
    if (m) return { key, savedAt: Number(m[1]), dirty: m[2] === '1', text: stored.slice(end + 1) };
  }
  return { key, savedAt: 0, dirty: false, text: stored };
}

/** Every key of the storage (a throwing storage lists none). */
function keys(storage: StorageLike): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k !== null) out.push(k);
    }
  } catch {
    // a storage that cannot be listed: only the keys read directly are used
  }
  return out;
}

function read(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** The drafts in storage (every tab's, and the legacy one), newest first. */
export function listDrafts(storage: StorageLike): StoredDraft[] {
  const out: StoredDraft[] = [];
  for (const k of keys(storage)) {
    if (!k.startsWith(DRAFT_PREFIX) && k !== LEGACY_DRAFT_KEY) continue;
    const text = read(storage, k);
    if (text === null) continue;
    const d = decodeDraft(k, text);
    out.push(k === LEGACY_DRAFT_KEY ? { ...d, dirty: read(storage, LEGACY_DIRTY_KEY) === '1' } : d);
  }
  return out.sort((a, b) => b.savedAt - a.savedAt);
}

/** Removes a draft (the legacy one with its dirty flag); false when the storage refused. */
function remove(storage: StorageLike, key: string): boolean {
  try {
    storage.removeItem(key);
    if (key === LEGACY_DRAFT_KEY) storage.removeItem(LEGACY_DIRTY_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves `doc` as tab `tabId`'s draft, with whether it has unsaved changes. When storage is full the
 * oldest other drafts are dropped, one at a time, to make room; beyond MAX_DRAFTS the oldest others
 * are dropped too. On failure (storage full even so, unavailable, or the document cannot be written)
 * returns a warning and leaves the previous draft untouched.
 */
export function saveDraft(source: StorageSource, tabId: string, doc: SceneDocument, dirty: boolean, now = Date.now()): SaveResult {
  const opened = open(source);
  if ('warning' in opened) return { ok: false, warning: `Autosave is off: ${opened.warning}. Save the scene to a file to keep it.` };
  const { storage } = opened;
  let text: string;
  try {
    text = encodeDraft(serializeScene(doc), now, dirty);
  } catch (e) {
    return { ok: false, warning: `Autosave failed: ${why(e)}. The previous draft is kept.` };
  }
  const mine = DRAFT_PREFIX + tabId;
  let others: StoredDraft[] | undefined;
  for (;;) {
    try {
      storage.setItem(mine, text);
      break;
    } catch (e) {
      if (!isQuotaError(e)) return { ok: false, warning: `Autosave failed: ${why(e)}. The previous draft is kept; save the scene to a file.` };
      others ??= listDrafts(storage).filter((d) => d.key !== mine);
      const oldest = others.pop();
      if (!oldest || !remove(storage, oldest.key)) {
        return {
          ok: false,
          warning: `Autosave failed: browser storage is full (the draft needs ${size(text.length)}). The previous draft is kept; save the scene to a file.`,
        };
      }
    }
  }
  const rest = listDrafts(storage).filter((d) => d.key !== mine);
  for (const d of rest.slice(MAX_DRAFTS - 1)) remove(storage, d.key);
  return { ok: true };
}

/** The unreadable drafts kept, oldest first. */
export function listUnreadable(source: StorageSource): UnreadableDraft[] {
  const opened = open(source);
  if ('warning' in opened) return [];
  const out: UnreadableDraft[] = [];
  for (const k of keys(opened.storage)) {
    if (!k.startsWith(UNREADABLE_PREFIX) && k !== LEGACY_BACKUP_KEY) continue;
    const text = read(opened.storage, k);
    const keptAt = k === LEGACY_BACKUP_KEY ? 0 : Number(/^(\d+)/.exec(k.slice(UNREADABLE_PREFIX.length))?.[1] ?? 0);
    if (text !== null) out.push({ key: k, keptAt, text });
  }
  return out.sort((a, b) => a.keptAt - b.keptAt || (a.key < b.key ? -1 : 1));
}

/** Discards unreadable drafts (the keys given, from listUnreadable); returns how many are left. */
export function discardUnreadable(source: StorageSource, keysToDiscard: readonly string[]): number {
  const opened = open(source);
  if ('warning' in opened) return 0;
  for (const k of keysToDiscard) if (k.startsWith(UNREADABLE_PREFIX) || k === LEGACY_BACKUP_KEY) remove(opened.storage, k);
  return listUnreadable(source).length;
}

/**
 * Moves an unreadable draft to a key of its own under UNREADABLE_PREFIX, so no later draft, and no
 * later unreadable one, replaces it. Returns the key it is kept under, or why it stays where it is.
 */
function keep(storage: StorageLike, draft: StoredDraft, now: number): { key: string } | { stays: string } {
  if (listUnreadable(storage).length >= MAX_UNREADABLE) {
    return { stays: `${MAX_UNREADABLE} unreadable drafts are kept already; download and discard them to keep this one` };
  }
  let key = `${UNREADABLE_PREFIX}${now}`;
  for (let k = 2; read(storage, key) !== null; k++) key = `${UNREADABLE_PREFIX}${now}-${k}`;
  try {
    storage.setItem(key, draft.text);
  } catch {
    // The copy needs as much room again: when storage is full, move it (remove the draft first),
    // and put the draft back if even that fails.
    try {
      storage.removeItem(draft.key);
      storage.setItem(key, draft.text);
      return { key };
    } catch {
      try {
        storage.setItem(draft.key, encodeDraft(draft.text, draft.savedAt, draft.dirty));
      } catch {
        // The draft was removed and neither copy could be written: nothing more can be done here.
      }
      return { stays: 'storage is too full to copy it' };
    }
  }
  remove(storage, draft.key);
  return { key };
}

/**
 * Restores tab `tabId`'s draft (after a reload), or, when it has none (a new tab), the most recent
 * draft of any tab. `doc: null` when there is none. A draft that does not load (corrupt, or from a
 * newer Steergraph) is kept under UNREADABLE_PREFIX and reported as a warning.
 */
export function loadDraft(source: StorageSource, tabId: string | null, now = Date.now()): DraftResult {
  const opened = open(source);
  if ('warning' in opened) return { ok: false, warning: `The autosaved draft cannot be restored: ${opened.warning}.` };
  const { storage } = opened;
  let draft: StoredDraft | undefined;
  let from: 'tab' | 'latest' = 'tab';
  try {
    const own = tabId === null ? null : storage.getItem(DRAFT_PREFIX + tabId);
    if (own !== null && tabId !== null) draft = decodeDraft(DRAFT_PREFIX + tabId, own);
  } catch (e) {
    return { ok: false, warning: `The autosaved draft cannot be restored: ${why(e)}.` };
  }
  if (!draft) {
    draft = listDrafts(storage)[0];
    from = 'latest';
  }
  if (!draft) return { ok: true, doc: null, dirty: false, from: null, warnings: [] };
  const loaded = loadScene(draft.text);
  if (loaded.ok) return { ok: true, doc: loaded.doc, dirty: draft.dirty, from, warnings: loaded.warnings };
  const first = loaded.errors[0];
  const reason = first ? formatLoadError(first) : 'it is not a scene';
  const kept = keep(storage, draft, now);
  const where =
    'key' in kept
      ? 'it is kept in browser storage until you discard it (Download saves a copy)'
      : `it is left under "${draft.key}" (${kept.stays})`;
  const warning = `The autosaved draft could not be restored (${reason}); ${where}.`;
  return 'key' in kept ? { ok: false, warning } : { ok: false, warning, leftAt: draft.key };
}
