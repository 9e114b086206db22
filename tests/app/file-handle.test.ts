import { describe, expect, it } from 'vitest';
import { askOpenHandle, askSaveHandle, filePickers, writeFailure, writeHandle, type FilePickers, type SceneFileHandle } from '../../src/app/file-handle';

type Permission = 'granted' | 'denied' | 'prompt';

/** A handle whose file is `file.text`; records the permission asked and whether a write was aborted. */
function fakeHandle(options: { query?: Permission; request?: Permission; failWrite?: Error } = {}) {
  const file = { text: 'before', requested: 0, aborted: false };
  const handle = {
    name: 'herd.steer.json',
    queryPermission: options.query ? async () => options.query! : undefined,
    requestPermission: options.request
      ? async () => {
          file.requested++;
          return options.request!;
        }
      : undefined,
    async createWritable() {
      let pending = '';
      return {
        async write(t: string) {
          if (options.failWrite) throw options.failWrite;
          pending += t;
        },
        async close() {
          file.text = pending;
        },
        async abort() {
          file.aborted = true;
        },
      };
    },
  } as unknown as SceneFileHandle;
  return { handle, file };
}

const abort = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));

describe('filePickers', () => {
  it('are the window’s when it has both pickers, else null (Save downloads then)', () => {
    const both = { showSaveFilePicker() {}, showOpenFilePicker() {} };
    expect(filePickers(both)).toBe(both);
    expect(filePickers({ showOpenFilePicker() {} })).toBeNull();
    expect(filePickers({})).toBeNull();
  });
});

describe('asking for a file', () => {
  it('gives null when the user cancels the picker, and passes other errors on', async () => {
    const cancelled = { showSaveFilePicker: abort, showOpenFilePicker: abort } as unknown as FilePickers;
    expect(await askSaveHandle(cancelled, 'herd.steer.json')).toBeNull();
    expect(await askOpenHandle(cancelled)).toBeNull();
    const broken = { showSaveFilePicker: () => Promise.reject(new TypeError('bad options')) } as unknown as FilePickers;
    await expect(askSaveHandle(broken, 'x.steer.json')).rejects.toThrow('bad options');
  });

  it('suggests the scene’s file name and offers JSON files', async () => {
    let seen: unknown;
    const { handle } = fakeHandle();
    const pickers = { showSaveFilePicker: async (o: unknown) => ((seen = o), handle) } as unknown as FilePickers;
    expect(await askSaveHandle(pickers, 'sheep-and-dog.steer.json')).toBe(handle);
    expect(seen).toEqual({ suggestedName: 'sheep-and-dog.steer.json', types: [{ description: 'Steergraph scene', accept: { 'application/json': ['.json'] } }] });
  });
});

describe('writeHandle', () => {
  it('replaces the file’s text', async () => {
    const { handle, file } = fakeHandle({ query: 'granted' });
    await writeHandle(handle, '{"a":1}');
    expect(file.text).toBe('{"a":1}');
    expect(file.requested).toBe(0);
  });

  it('asks for write permission when it is not granted yet, and writes once given', async () => {
    const { handle, file } = fakeHandle({ query: 'prompt', request: 'granted' });
    await writeHandle(handle, 'new');
    expect(file.requested).toBe(1);
    expect(file.text).toBe('new');
  });

  it('refuses with NotAllowedError when permission is denied, leaving the file as it was', async () => {
    const { handle, file } = fakeHandle({ query: 'prompt', request: 'denied' });
    await expect(writeHandle(handle, 'new')).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(file.text).toBe('before');
  });

  it('aborts a write that fails, so the file keeps what it held', async () => {
    const { handle, file } = fakeHandle({ failWrite: new DOMException('disk full', 'QuotaExceededError') });
    await expect(writeHandle(handle, 'new')).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(file.aborted).toBe(true);
    expect(file.text).toBe('before');
  });
});

describe('writeFailure', () => {
  it('says which file, why, and that the scene is kept', () => {
    expect(writeFailure('herd.steer.json', new DOMException('x', 'NotAllowedError'))).toBe(
      'Not saved: herd.steer.json could not be written (permission to write it was denied). Your scene is still open and unsaved; Save again to choose where to save it.',
    );
    expect(writeFailure('evil\u202e.json', new Error('gone'))).toContain('evil\\u202e.json could not be written (gone)');
  });
});
