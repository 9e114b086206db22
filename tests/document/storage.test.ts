import { describe, expect, it } from 'vitest';
import { serializeScene } from '../../src/document/serialize';
import {
  DRAFT_PREFIX,
  LEGACY_BACKUP_KEY,
  LEGACY_DIRTY_KEY,
  LEGACY_DRAFT_KEY,
  MAX_DRAFTS,
  MAX_UNREADABLE,
  UNREADABLE_PREFIX,
  decodeDraft,
  discardUnreadable,
  encodeDraft,
  isQuotaError,
  listUnreadable,
  loadDraft,
  saveDraft,
} from '../../src/document/storage';
import type { StorageLike } from '../../src/document/storage';
import type { SceneDocument } from '../../src/document/types';
import { sampleScene } from './helpers';

/** An in-memory Storage that, like a browser's, throws QuotaExceededError past `quota` characters. */
class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
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

/** A storage that passes everything to `inner` but `setItem`, which `set` replaces. */
function withSetItem(inner: FakeStorage, set: (k: string, v: string) => void): StorageLike {
  return {
    get length() {
      return inner.length;
    },
    key: (i) => inner.key(i),
    getItem: (k) => inner.getItem(k),
    removeItem: (k) => inner.removeItem(k),
    setItem: set,
  };
}

const named = (name: string): SceneDocument => ({ ...sampleScene(), name });
const docOf = (r: ReturnType<typeof loadDraft>) => (r.ok ? r.doc : null);

describe('saveDraft and loadDraft', () => {
  it('restore the scene a tab saved, with whether it was unsaved work', () => {
    const storage = new FakeStorage();
    const doc = sampleScene();
    expect(saveDraft(storage, 'a', doc, true, 1000)).toEqual({ ok: true });
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBe(encodeDraft(serializeScene(doc), 1000, true));
    expect(loadDraft(storage, 'a')).toStrictEqual({ ok: true, doc, dirty: true, from: 'tab', warnings: [] });
    saveDraft(storage, 'a', doc, false, 2000);
    expect(loadDraft(storage, 'a')).toMatchObject({ ok: true, dirty: false });
  });

  it('offer no draft when none was saved', () => {
    expect(loadDraft(new FakeStorage(), 'a')).toEqual({ ok: true, doc: null, dirty: false, from: null, warnings: [] });
  });

  it('take the storage through a function, as the app passes () => window.localStorage', () => {
    const storage = new FakeStorage();
    expect(saveDraft(() => storage, 'a', sampleScene(), false)).toEqual({ ok: true });
    expect(loadDraft(() => storage, 'a').ok).toBe(true);
  });

  it('two tabs keep their own drafts: neither autosave replaces the other’s work', () => {
    const storage = new FakeStorage();
    saveDraft(storage, 'A', named('A one'), true, 1);
    // Tab B opens: it has no draft, so it starts from the most recent one (A's)…
    expect(loadDraft(storage, 'B')).toMatchObject({ ok: true, doc: { name: 'A one' }, from: 'latest' });
    // …then works on another scene, and A edits again after it.
    saveDraft(storage, 'B', named('B work'), true, 2);
    saveDraft(storage, 'A', named('A two'), true, 3);
    expect(docOf(loadDraft(storage, 'B'))?.name).toBe('B work');
    expect(docOf(loadDraft(storage, 'A'))?.name).toBe('A two');
    // A new tab is offered the most recent draft of all.
    expect(loadDraft(storage, 'C')).toMatchObject({ doc: { name: 'A two' }, from: 'latest' });
    expect(loadDraft(storage, null)).toMatchObject({ doc: { name: 'A two' }, from: 'latest' });
  });

  it(`keep at most ${MAX_DRAFTS} drafts: saving drops the oldest of the other tabs’ drafts`, () => {
    const storage = new FakeStorage();
    saveDraft(storage, 'mine', named('Mine'), true, 1);
    for (let k = 0; k < MAX_DRAFTS + 3; k++) saveDraft(storage, `t${k}`, named(`T${k}`), true, 10 + k);
    const kept = [...storage.items.keys()].filter((k) => k.startsWith(DRAFT_PREFIX)).sort();
    expect(kept).toHaveLength(MAX_DRAFTS);
    // the newest ones, and not the oldest ("mine", saved first)
    expect(kept).toEqual(Array.from({ length: MAX_DRAFTS }, (_, k) => `${DRAFT_PREFIX}t${k + 3}`).sort());
    saveDraft(storage, 'mine', named('Mine again'), true, 100);
    expect(docOf(loadDraft(storage, 'mine'))?.name).toBe('Mine again');
    expect([...storage.items.keys()].filter((k) => k.startsWith(DRAFT_PREFIX))).toHaveLength(MAX_DRAFTS);
  });

  it('restore the draft of Steergraph before drafts per tab, as the oldest draft', () => {
    const storage = new FakeStorage();
    storage.setItem(LEGACY_DRAFT_KEY, serializeScene(named('Legacy')));
    storage.setItem(LEGACY_DIRTY_KEY, '1');
    expect(loadDraft(storage, 'a')).toMatchObject({ ok: true, doc: { name: 'Legacy' }, dirty: true, from: 'latest' });
    saveDraft(storage, 'b', named('Newer'), false, 5);
    expect(docOf(loadDraft(storage, 'c'))?.name).toBe('Newer');
  });

  it('read a draft’s header, and take text without one as a clean draft saved at 0', () => {
    expect(decodeDraft('k', encodeDraft('{}', 1234, true))).toEqual({ key: 'k', savedAt: 1234, dirty: true, text: '{}' });
    expect(decodeDraft('k', '{"a": 1}')).toEqual({ key: 'k', savedAt: 0, dirty: false, text: '{"a": 1}' });
    expect(decodeDraft('k', 'steergraph-draft x\n{}')).toEqual({ key: 'k', savedAt: 0, dirty: false, text: 'steergraph-draft x\n{}' });
  });
});

describe('when storage fails', () => {
  const size = encodeDraft(serializeScene(sampleScene()), 1, false).length;

  it('a full storage keeps the previous draft and warns', () => {
    const storage = new FakeStorage(size + DRAFT_PREFIX.length + 10);
    const first = sampleScene();
    expect(saveDraft(storage, 'a', first, false, 1)).toEqual({ ok: true });
    const bigger = sampleScene();
    bigger.description = 'd'.repeat(1000);
    expect(saveDraft(storage, 'a', bigger, true, 2)).toEqual({
      ok: false,
      warning: 'Autosave failed: browser storage is full (the draft needs 4 KB). The previous draft is kept; save the scene to a file.',
    });
    expect(loadDraft(storage, 'a')).toStrictEqual({ ok: true, doc: first, dirty: false, from: 'tab', warnings: [] });
  });

  it('a full storage makes room by dropping the oldest drafts of other tabs', () => {
    const storage = new FakeStorage(3 * (size + DRAFT_PREFIX.length + 2) + 10);
    saveDraft(storage, 'o1', named('Old 1'), true, 1);
    saveDraft(storage, 'o2', named('Old 2'), true, 2);
    saveDraft(storage, 'o3', named('Old 3'), true, 3);
    expect(saveDraft(storage, 'me', named('Mine'), true, 4)).toEqual({ ok: true });
    expect(storage.getItem(`${DRAFT_PREFIX}o1`)).toBeNull();
    expect(docOf(loadDraft(storage, 'o3'))?.name).toBe('Old 3');
    expect(docOf(loadDraft(storage, 'me'))?.name).toBe('Mine');
  });

  it('any other failure of setItem keeps the previous draft and warns', () => {
    const storage = new FakeStorage();
    saveDraft(storage, 'a', sampleScene(), false);
    const broken = withSetItem(storage, () => {
      throw new Error('disk I/O error');
    });
    expect(saveDraft(broken, 'a', { ...sampleScene(), name: 'Changed' }, true)).toEqual({
      ok: false,
      warning: 'Autosave failed: disk I/O error. The previous draft is kept; save the scene to a file.',
    });
    expect(docOf(loadDraft(storage, 'a'))?.name).toBe('Sheep and wolf');
  });

  it('a document that cannot be written is not saved, and the previous draft stays', () => {
    const storage = new FakeStorage();
    saveDraft(storage, 'a', sampleScene(), false, 1);
    const bad = sampleScene();
    bad.world.width = Infinity;
    expect(saveDraft(storage, 'a', bad, true, 2)).toEqual({
      ok: false,
      warning: 'Autosave failed: serializeScene: world.width is Infinity, not a finite number. The previous draft is kept.',
    });
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBe(encodeDraft(serializeScene(sampleScene()), 1, false));
  });

  it('storage that is unavailable is a warning, whether missing or throwing when touched', () => {
    const throwing = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(saveDraft(null, 'a', sampleScene(), true)).toEqual({
      ok: false,
      warning: 'Autosave is off: browser storage is not available. Save the scene to a file to keep it.',
    });
    expect(saveDraft(throwing, 'a', sampleScene(), true)).toEqual({
      ok: false,
      warning: 'Autosave is off: browser storage is not available (The operation is insecure.). Save the scene to a file to keep it.',
    });
    expect(loadDraft(undefined, 'a')).toEqual({ ok: false, warning: 'The autosaved draft cannot be restored: browser storage is not available.' });
    expect(loadDraft(throwing, 'a')).toEqual({
      ok: false,
      warning: 'The autosaved draft cannot be restored: browser storage is not available (The operation is insecure.).',
    });
    const unreadable: StorageLike = {
      length: 0,
      key: () => null,
      getItem() {
        throw new Error('access denied');
      },
      setItem() {},
      removeItem() {},
    };
    expect(loadDraft(unreadable, 'a')).toEqual({ ok: false, warning: 'The autosaved draft cannot be restored: access denied.' });
    expect(listUnreadable(throwing)).toEqual([]);
  });
});

describe('unreadable drafts', () => {
  const kept = 'it is kept in browser storage until you discard it (Download saves a copy)';

  it('a corrupt draft is kept under a key of its own, not deleted', () => {
    const storage = new FakeStorage();
    storage.setItem(`${DRAFT_PREFIX}a`, encodeDraft('{"format": "steergraph", "version": 1, "name": ', 5, true));
    expect(loadDraft(storage, 'a', 777)).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (not JSON: line 1, column 48: expected a value, found the end of the text); ${kept}.`,
    });
    expect(storage.getItem(`${UNREADABLE_PREFIX}777`)).toBe('{"format": "steergraph", "version": 1, "name": ');
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBeNull();
    expect(loadDraft(storage, 'a')).toEqual({ ok: true, doc: null, dirty: false, from: null, warnings: [] });
  });

  it('a second unreadable draft does not replace the first: every one is kept until discarded', () => {
    const storage = new FakeStorage();
    storage.setItem(LEGACY_BACKUP_KEY, 'the backup of an earlier version');
    storage.setItem(`${DRAFT_PREFIX}a`, encodeDraft('first broken', 1, true));
    expect(loadDraft(storage, 'a', 100).ok).toBe(false);
    storage.setItem(`${DRAFT_PREFIX}b`, encodeDraft('second broken', 2, true));
    expect(loadDraft(storage, 'b', 100).ok).toBe(false); // the same millisecond, even
    const list = listUnreadable(storage);
    expect(list.map((d) => d.text)).toEqual(['the backup of an earlier version', 'first broken', 'second broken']);
    expect(list.map((d) => d.keptAt)).toEqual([0, 100, 100]);
    expect(discardUnreadable(storage, [list[1].key])).toBe(2);
    expect(listUnreadable(storage).map((d) => d.text)).toEqual(['the backup of an earlier version', 'second broken']);
    // Discard touches only unreadable drafts.
    saveDraft(storage, 'c', sampleScene(), true);
    expect(discardUnreadable(storage, [`${DRAFT_PREFIX}c`, ...listUnreadable(storage).map((d) => d.key)])).toBe(0);
    expect(docOf(loadDraft(storage, 'c'))?.name).toBe('Sheep and wolf');
  });

  it('a draft from a newer Steergraph is kept too', () => {
    const storage = new FakeStorage();
    const newer = serializeScene(sampleScene()).replace('"version": 7', '"version": 8');
    storage.setItem(`${DRAFT_PREFIX}a`, encodeDraft(newer, 1, true));
    expect(loadDraft(storage, 'x')).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (version: made by a newer Steergraph: version 8, this app reads up to 7); ${kept}.`,
    });
    expect(listUnreadable(storage).map((d) => d.text)).toEqual([newer]);
  });

  it(`at most ${MAX_UNREADABLE} are kept: past that, an unreadable draft stays where it is`, () => {
    const storage = new FakeStorage();
    for (let k = 0; k < MAX_UNREADABLE; k++) storage.setItem(`${UNREADABLE_PREFIX}${k}`, `broken ${k}`);
    storage.setItem(`${DRAFT_PREFIX}a`, encodeDraft('one more', 1, true));
    expect(loadDraft(storage, 'a')).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (not JSON: line 1, column 1: expected a value, found 'one'); it is left under "${DRAFT_PREFIX}a" (${MAX_UNREADABLE} unreadable drafts are kept already; download and discard them to keep this one).`,
      leftAt: `${DRAFT_PREFIX}a`,
    });
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBe(encodeDraft('one more', 1, true));
    expect(listUnreadable(storage)).toHaveLength(MAX_UNREADABLE);
  });

  it('a corrupt draft in a storage too full to copy it is moved, not copied', () => {
    const corrupt = `{"broken": "${'x'.repeat(100)}`;
    const storage = new FakeStorage(corrupt.length + UNREADABLE_PREFIX.length + 10);
    storage.setItem(`${DRAFT_PREFIX}a`, corrupt);
    expect(loadDraft(storage, 'a', 5).ok).toBe(false);
    expect(storage.getItem(`${UNREADABLE_PREFIX}5`)).toBe(corrupt);
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBeNull();
  });

  it('a corrupt draft that cannot be copied at all stays where it is', () => {
    const corrupt = encodeDraft('not json', 3, true);
    const storage = new FakeStorage();
    storage.setItem(`${DRAFT_PREFIX}a`, corrupt);
    const stubborn = withSetItem(storage, (k, v) => {
      if (k.startsWith(UNREADABLE_PREFIX)) throw new DOMException('full', 'QuotaExceededError');
      storage.setItem(k, v);
    });
    expect(loadDraft(stubborn, 'a')).toEqual({
      ok: false,
      warning: `The autosaved draft could not be restored (not JSON: line 1, column 1: expected a value, found 'not'); it is left under "${DRAFT_PREFIX}a" (storage is too full to copy it).`,
      leftAt: `${DRAFT_PREFIX}a`,
    });
    expect(storage.getItem(`${DRAFT_PREFIX}a`)).toBe(corrupt);
  });

  it('recognises every browser’s storage-full error', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
