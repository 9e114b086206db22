/**
 * Autosave: the open scene's draft in browser storage, restored on the next visit. The storage is
 * passed in (a Storage, a function returning one, or null), so tests inject fakes and the app
 * passes `() => window.localStorage` (reading which throws when storage is disabled). Nothing
 * here throws and nothing is lost: a failed save leaves the previous draft as it was, and a
 * draft that does not load is kept under BACKUP_KEY instead of being deleted.
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
}

/** A storage, a function returning one (it may throw), or none. */
export type StorageSource = StorageLike | null | undefined | (() => StorageLike | null | undefined);

/** Where the draft is kept. */
export const DRAFT_KEY = 'steergraph.draft';
/** Where a draft that no longer loads is kept, so it can still be recovered by hand. */
export const BACKUP_KEY = 'steergraph.draft.unreadable';

/** Saved, or why not (show it; nothing is thrown). */
export type SaveResult = { ok: true } | { ok: false; warning: string };

/** The draft (null when none was saved) and notes on loading it, or why there is none to offer. */
export type DraftResult = { ok: true; doc: SceneDocument | null; warnings: string[] } | { ok: false; warning: string };

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

/**
 * Saves `doc` as the draft. On failure (storage full, unavailable, or the document cannot be
 * written) returns a warning and leaves the previous draft untouched.
 */
export function saveDraft(source: StorageSource, doc: SceneDocument): SaveResult {
  const opened = open(source);
  if ('warning' in opened) return { ok: false, warning: `Autosave is off: ${opened.warning}. Save the scene to a file to keep it.` };
  let text: string;
  try {
    text = serializeScene(doc);
  } catch (e) {
    return { ok: false, warning: `Autosave failed: ${why(e)}. The previous draft is kept.` };
  }
  try {
    opened.storage.setItem(DRAFT_KEY, text);
    return { ok: true };
  } catch (e) {
    if (isQuotaError(e)) {
      return {
        ok: false,
        warning: `Autosave failed: browser storage is full (the draft needs ${size(text.length)}). The previous draft is kept; save the scene to a file.`,
      };
    }
    return { ok: false, warning: `Autosave failed: ${why(e)}. The previous draft is kept; save the scene to a file.` };
  }
}

/**
 * Moves an unreadable draft to BACKUP_KEY. The copy needs as much room again; when storage is
 * full the draft is removed first to make room and put back if the copy still fails.
 */
function backUp(storage: StorageLike, text: string): boolean {
  try {
    storage.setItem(BACKUP_KEY, text);
  } catch {
    try {
      storage.removeItem(DRAFT_KEY);
      storage.setItem(BACKUP_KEY, text);
      return true;
    } catch {
      try {
        storage.setItem(DRAFT_KEY, text);
      } catch {
        // The draft was removed and neither copy could be written: nothing more can be done here.
      }
      return false;
    }
  }
  try {
    storage.removeItem(DRAFT_KEY);
  } catch {
    // Both copies stay; the next autosave replaces the draft.
  }
  return true;
}

/**
 * Restores the draft. `doc: null` when there is none. A draft that does not load (corrupt, or
 * from a newer Steergraph) is moved to BACKUP_KEY and reported as a warning.
 */
export function loadDraft(source: StorageSource): DraftResult {
  const opened = open(source);
  if ('warning' in opened) return { ok: false, warning: `The autosaved draft cannot be restored: ${opened.warning}.` };
  const { storage } = opened;
  let text: string | null;
  try {
    text = storage.getItem(DRAFT_KEY);
  } catch (e) {
    return { ok: false, warning: `The autosaved draft cannot be restored: ${why(e)}.` };
  }
  if (text === null) return { ok: true, doc: null, warnings: [] };
  const loaded = loadScene(text);
  if (loaded.ok) return { ok: true, doc: loaded.doc, warnings: loaded.warnings };
  const first = loaded.errors[0];
  const reason = first ? formatLoadError(first) : 'it is not a scene';
  const kept = backUp(storage, text)
    ? `it is kept in browser storage under "${BACKUP_KEY}"`
    : `it is left under "${DRAFT_KEY}" (storage is too full to back it up) and the next autosave will replace it`;
  return { ok: false, warning: `The autosaved draft could not be restored (${reason}); ${kept}.` };
}
