/**
 * Saving in place (File System Access API, Chromium): the pickers that give a file handle, and the
 * write through one. Where the browser lacks the pickers, `filePickers()` is null and the app
 * downloads and uses the file input as before (file-io.ts).
 *
 * TypeScript's DOM library has the handle and its writable stream but not the pickers nor the
 * permission calls (they are not in a WHATWG standard yet), so the few members used are declared
 * here.
 */
import { printable } from '../document/errors';

/** A permission state of a handle, as `queryPermission` and `requestPermission` answer. */
type PermissionAnswer = 'granted' | 'denied' | 'prompt';

/** A file handle with the permission calls Chromium has (absent elsewhere: then writing just tries). */
export interface SceneFileHandle extends FileSystemFileHandle {
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionAnswer>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionAnswer>;
}

/** One entry of a picker's type list. */
interface PickerType {
  description: string;
  accept: Record<string, string[]>;
}

/** The pickers as this module calls them. */
export interface FilePickers {
  showSaveFilePicker(options: { suggestedName: string; types: PickerType[]; excludeAcceptAllOption?: boolean }): Promise<SceneFileHandle>;
  showOpenFilePicker(options: { types: PickerType[]; multiple?: false; excludeAcceptAllOption?: boolean }): Promise<SceneFileHandle[]>;
}

/** Scene files as the pickers offer them. */
const SCENE_TYPES: PickerType[] = [{ description: 'Steergraph scene', accept: { 'application/json': ['.json'] } }];

/** The window's pickers when the browser has both, else null (then Save downloads and Open… uses the file input). */
export function filePickers(win: object = window): FilePickers | null {
  const w = win as Partial<FilePickers>;
  return typeof w.showSaveFilePicker === 'function' && typeof w.showOpenFilePicker === 'function' ? (w as FilePickers) : null;
}

/** Whether an error is the user closing a picker without choosing (nothing to tell). */
export function isAbort(e: unknown): boolean {
  return e instanceof DOMException && e.name === 'AbortError';
}

/** Asks where to save, suggesting `suggestedName`; null when the user cancels. */
export async function askSaveHandle(pickers: FilePickers, suggestedName: string): Promise<SceneFileHandle | null> {
  try {
    return await pickers.showSaveFilePicker({ suggestedName, types: SCENE_TYPES });
  } catch (e) {
    if (isAbort(e)) return null;
    throw e;
  }
}

/** Asks which scene file to open; null when the user cancels. */
export async function askOpenHandle(pickers: FilePickers): Promise<SceneFileHandle | null> {
  try {
    const [handle] = await pickers.showOpenFilePicker({ types: SCENE_TYPES, multiple: false });
    return handle ?? null;
  } catch (e) {
    if (isAbort(e)) return null;
    throw e;
  }
}

/**
 * Writes `text` as the whole file. Asks for write permission first where the browser has the
 * permission calls (a handle from Open… may be read-only until the user allows writing); throws a
 * `NotAllowedError` DOMException when it is refused, and whatever the write throws.
 */
export async function writeHandle(handle: SceneFileHandle, text: string): Promise<void> {
  const mode = { mode: 'readwrite' } as const;
  if (handle.queryPermission && (await handle.queryPermission(mode)) !== 'granted') {
    const answer = handle.requestPermission ? await handle.requestPermission(mode) : 'denied';
    if (answer !== 'granted') throw new DOMException(`permission to write ${handle.name} was not given`, 'NotAllowedError');
  }
  const out = await handle.createWritable();
  try {
    await out.write(text);
    await out.close();
  } catch (e) {
    // the file keeps what it held before (the writes go to a swap file until close)
    await out.abort().catch(() => undefined);
    throw e;
  }
}

/** The notice for a write that failed: what happened to the file and what to do. */
export function writeFailure(fileName: string, e: unknown): string {
  const why =
    e instanceof DOMException && e.name === 'NotAllowedError'
      ? 'permission to write it was denied'
      : e instanceof DOMException && e.name === 'QuotaExceededError'
        ? 'the disk is full'
        : e instanceof Error && e.message
          ? e.message
          : 'the browser refused the write';
  return `Not saved: ${printable(fileName)} could not be written (${why}). Your scene is still open and unsaved; Save again to choose where to save it.`;
}
