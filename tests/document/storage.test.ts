import { describe, expect, it } from 'vitest';
import { serializeScene } from '../../src/document/serialize';
import { BACKUP_KEY, DRAFT_KEY, isQuotaError, loadDraft, saveDraft } from '../../src/document/storage';
import type { StorageLike } from '../../src/document/storage';
import { sampleScene } from './helpers';

/** An in-memory Storage that, like a browser's, throws QuotaExceededError past `quota` characters. */
class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    let used = key.length + value.length;
    for (const [k, v] of this.items) if (k !== key) used += k.length + v.length;
    if (used > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

describe('saveDraft and loadDraft', () => {
  it('restore the scene that was saved', () => {
    const storage = new FakeStorage();
    const doc = sampleScene();
    expect(saveDraft(storage, doc)).toEqual({ ok: true });
    expect(storage.getItem(DRAFT_KEY)).toBe(serializeScene(doc));
    expect(loadDraft(storage)).toStrictEqual({ ok: true, doc, warnings: [] });
  });

  it('offer no draft when none was saved', () => {
    expect(loadDraft(new FakeStorage())).toEqual({ ok: true, doc: null, warnings: [] });
  });

  it('take the storage through a function, as the app passes () => window.localStorage', () => {
    const storage = new FakeStorage();
    expect(saveDraft(() => storage, sampleScene())).toEqual({ ok: true });
    expect(loadDraft(() => storage).ok).toBe(true);
  });
});

describe('when storage fails', () => {
  const size = serializeScene(sampleScene()).length;

  it('a full storage keeps the previous draft and warns', () => {
    const storage = new FakeStorage(size + DRAFT_KEY.length + 10);
    const first = sampleScene();
    expect(saveDraft(storage, first)).toEqual({ ok: true });
    const bigger = sampleScene();
    bigger.description = 'd'.repeat(1000);
    expect(saveDraft(storage, bigger)).toEqual({
      ok: false,
      warning: 'Autosave failed: browser storage is full (the draft needs 3 KB). The previous draft is kept; save the scene to a file.',
    });
    expect(loadDraft(storage)).toStrictEqual({ ok: true, doc: first, warnings: [] });
  });

  it('any other failure of setItem keeps the previous draft and warns', () => {
    const storage = new FakeStorage();
    saveDraft(storage, sampleScene());
    const broken: StorageLike = {
      getItem: (k) => storage.getItem(k),
      removeItem: (k) => storage.removeItem(k),
      setItem() {
        throw new Error('disk I/O error');
      },
    };
    expect(saveDraft(broken, { ...sampleScene(), name: 'Changed' })).toEqual({
      ok: false,
      warning: 'Autosave failed: disk I/O error. The previous draft is kept; save the scene to a file.',
    });
    expect(loadDraft(storage).ok && loadDraft(storage)).toMatchObject({ doc: { name: 'Sheep and wolf' } });
  });

  it('a document that cannot be written is not saved, and the previous draft stays', () => {
    const storage = new FakeStorage();
    saveDraft(storage, sampleScene());
    const bad = sampleScene();
    bad.world.width = Infinity;
    expect(saveDraft(storage, bad)).toEqual({
      ok: false,
      warning: 'Autosave failed: serializeScene: world.width is Infinity, not a finite number. The previous draft is kept.',
    });
    expect(storage.getItem(DRAFT_KEY)).toBe(serializeScene(sampleScene()));
  });

  it('storage that is unavailable is a warning, whether missing or throwing when touched', () => {
    const throwing = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(saveDraft(null, sampleScene())).toEqual({
      ok: false,
      warning: 'Autosave is off: browser storage is not available. Save the scene to a file to keep it.',
    });
    expect(saveDraft(throwing, sampleScene())).toEqual({
      ok: false,
      warning: 'Autosave is off: browser storage is not available (The operation is insecure.). Save the scene to a file to keep it.',
    });
    expect(loadDraft(undefined)).toEqual({ ok: false, warning: 'The autosaved draft cannot be restored: browser storage is not available.' });
    expect(loadDraft(throwing)).toEqual({
      ok: false,
      warning: 'The autosaved draft cannot be restored: browser storage is not available (The operation is insecure.).',
    });
    const unreadable: StorageLike = {
      getItem() {
        throw new Error('access denied');
      },
      setItem() {},
      removeItem() {},
    };
    expect(loadDraft(unreadable)).toEqual({ ok: false, warning: 'The autosaved draft cannot be restored: access denied.' });
  });

  it('a corrupt draft is kept under the backup key, not deleted', () => {
    const storage = new FakeStorage();
    storage.setItem(DRAFT_KEY, '{"format": "steergraph", "version": 1, "name": ');
    expect(loadDraft(storage)).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (not JSON: line 1, column 48: expected a value, found the end of the text); it is kept in browser storage under "${BACKUP_KEY}".`,
    });
    expect(storage.getItem(BACKUP_KEY)).toBe('{"format": "steergraph", "version": 1, "name": ');
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
    expect(loadDraft(storage)).toEqual({ ok: true, doc: null, warnings: [] });
  });

  it('a draft from a newer Steergraph is kept too', () => {
    const storage = new FakeStorage();
    const newer = serializeScene(sampleScene()).replace('"version": 1', '"version": 2');
    storage.setItem(DRAFT_KEY, newer);
    const r = loadDraft(storage);
    expect(r).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (version: made by a newer Steergraph: version 2, this app reads up to 1); it is kept in browser storage under "${BACKUP_KEY}".`,
    });
    expect(storage.getItem(BACKUP_KEY)).toBe(newer);
  });

  it('a corrupt draft in a storage too full to copy it is moved, not copied', () => {
    const corrupt = `{"broken": "${'x'.repeat(100)}`;
    const storage = new FakeStorage(corrupt.length + BACKUP_KEY.length + 5);
    storage.setItem(DRAFT_KEY, corrupt);
    expect(loadDraft(storage).ok).toBe(false);
    expect(storage.getItem(BACKUP_KEY)).toBe(corrupt);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('a corrupt draft that cannot be backed up at all stays where it is', () => {
    const corrupt = 'not json';
    const storage = new FakeStorage();
    storage.setItem(DRAFT_KEY, corrupt);
    const stubborn: StorageLike = {
      getItem: (k) => storage.getItem(k),
      removeItem: (k) => storage.removeItem(k),
      setItem: (k, v) => {
        if (k === BACKUP_KEY) throw new DOMException('full', 'QuotaExceededError');
        storage.setItem(k, v);
      },
    };
    expect(loadDraft(stubborn)).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (not JSON: line 1, column 1: expected a value, found 'not'); it is left under "${DRAFT_KEY}" (storage is too full to back it up) and the next autosave will replace it.`,
    });
    expect(storage.getItem(DRAFT_KEY)).toBe(corrupt);
  });

  it('recognises every browser’s storage-full error', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
