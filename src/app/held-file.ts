/**
 * The file a tab saves in place, kept across a reload of the tab: the File System Access handle
 * (which IndexedDB can store; localStorage cannot) under the tab's draft id (drafts.ts), with the
 * scene's name when it was held or last written. On a reload that restores the tab's own draft of
 * that scene, Save and Ctrl+S go on writing the same file (the browser may ask for permission
 * again first). Every failure here (no IndexedDB, a private window, a full disk) only means that
 * Save asks where again: nothing is lost, and nothing is shown.
 */
import type { SceneFileHandle } from './file-handle';

const DB = 'steergraph-files';
const STORE = 'held';

/** What is stored per tab. */
interface Held {
  handle: SceneFileHandle;
  /** The scene's name when the file was held or last written. */
  scene: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps (or, with null, forgets) the file tab `tab` saves in place. */
export async function rememberFile(tab: string, handle: SceneFileHandle | null, scene: string): Promise<void> {
  try {
    if (handle) await run('readwrite', (s) => s.put({ handle, scene } satisfies Held, tab));
    else await run('readwrite', (s) => s.delete(tab));
  } catch {
    // Save asks again after a reload: that is all
  }
}

/** The file tab `tab` saved in place, if it was holding one for the scene named `scene`. */
export async function recallFile(tab: string, scene: string): Promise<SceneFileHandle | null> {
  try {
    const held = (await run('readonly', (s) => s.get(tab))) as Held | undefined;
    return held && held.scene === scene && typeof held.handle?.createWritable === 'function' ? held.handle : null;
  } catch {
    return null;
  }
}
