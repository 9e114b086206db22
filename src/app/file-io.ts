/**
 * Files in and out: reading a chosen or dropped scene file, saving the scene, exporting its
 * behaviour module, and the window's drop target (a scene file opens; a palette node lands on the
 * canvas).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { compile, hasErrors, type Compiled } from '../compiler/index';
import { moduleDeclarations, moduleSource } from '../compiler/module';
import { printable } from '../document/errors';
import { fileTooLarge, loadScene, loadSceneFile, type LoadResult } from '../document/load';
import { serializeScene } from '../document/serialize';
import type { SceneDocument } from '../document/types';
import { NODE_DRAG_TYPE } from './palette';

/** A message box: a title and lines (a file's errors, an export's problems). */
export interface Dialog {
  title: string;
  lines: string[];
}

/** A file name from a scene name: "Sheep & wolves" → "sheep-wolves". */
export function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'scene';
}

/** Downloads `text` as a file named `name`. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Loads a scene file's text, or its bytes (as a dropped or chosen file is read: the loader then
 * checks the encoding); a file that does not load gives the dialog that lists why.
 */
export function loadSceneText(text: string | Uint8Array, fileName: string): Extract<LoadResult, { ok: true }> | { ok: false; dialog: Dialog } {
  const r = typeof text === 'string' ? loadScene(text) : loadSceneFile(text);
  if (r.ok) return r;
  return {
    ok: false,
    dialog: { title: `${printable(fileName)} could not be opened`, lines: r.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)) },
  };
}

/** A file's bytes, or the dialog that says why it cannot be opened (too large, unreadable). */
export async function readSceneFile(file: File): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; dialog: Dialog }> {
  const tooLarge = fileTooLarge(file.size);
  if (tooLarge && !tooLarge.ok) return { ok: false, dialog: { title: `${printable(file.name)} could not be opened`, lines: tooLarge.errors.map((e) => e.message) } };
  try {
    return { ok: true, bytes: new Uint8Array(await file.arrayBuffer()) };
  } catch {
    return { ok: false, dialog: { title: `${printable(file.name)} could not be read`, lines: ['The browser could not read the file.'] } };
  }
}

/** Opens the browser's file chooser for a scene file. */
export function pickFile(chosen: (file: File) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) chosen(f);
  });
  input.click();
}

/** The file name a scene is saved under unless the user picks another: `<slug>.steer.json`. */
export function sceneFileName(doc: SceneDocument): string {
  return `${slug(doc.name)}.steer.json`;
}

/** Downloads the scene as `<slug>.steer.json`. */
export function saveScene(doc: SceneDocument): void {
  download(sceneFileName(doc), serializeScene(doc), 'application/json');
}

/** Downloads the behaviour module (or its .d.ts); refused with the dialog listing the problems when the scene has errors. */
export function exportModule(doc: SceneDocument, compiled: Compiled, what: 'js' | 'dts'): Dialog | null {
  if (hasErrors(compiled.diagnostics)) {
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
    return {
      title: `Export refused: ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix first`,
      lines: errors.map((d) => `${doc.agentTypes.find((t) => t.id === d.agentType)?.name ?? d.agentType}${d.nodeId ? ` › ${d.nodeId}` : ''}: ${d.message}`),
    };
  }
  const base = slug(doc.name);
  // (the module without the inspector's probes, whatever the preview runs)
  if (what === 'js') download(`${base}.behavior.js`, moduleSource(doc, compile(doc)), 'text/javascript');
  else download(`${base}.behavior.d.ts`, moduleDeclarations(doc), 'application/typescript');
  return null;
}

/** What a drop on the window does. */
export interface DropTarget {
  /** A scene file dropped anywhere. */
  openFile(file: File): void;
  /** A palette node dropped at a point of the canvas. */
  addNodeAt(kind: string, clientX: number, clientY: number): void;
  /** The canvas's box on screen (a node dropped outside it is not added). */
  canvasRect(): DOMRect;
}

/**
 * The window as a drop target while the host is connected: the host has the `dropping` attribute
 * while a file is dragged over (its drop hint shows).
 */
export class FileDropController implements ReactiveController {
  constructor(
    private host: ReactiveControllerHost & HTMLElement,
    private target: DropTarget,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('dragover', this.onDragOver);
    window.addEventListener('dragleave', this.onDragLeave);
    window.addEventListener('drop', this.onDrop);
  }

  hostDisconnected(): void {
    window.removeEventListener('dragover', this.onDragOver);
    window.removeEventListener('dragleave', this.onDragLeave);
    window.removeEventListener('drop', this.onDrop);
  }

  private onDragOver = (e: DragEvent): void => {
    const types = e.dataTransfer?.types ?? [];
    if (types.includes('Files')) {
      e.preventDefault();
      this.host.setAttribute('dropping', '');
    } else if (types.includes(NODE_DRAG_TYPE)) {
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    }
  };

  private onDragLeave = (e: DragEvent): void => {
    if (!e.relatedTarget) this.host.removeAttribute('dropping');
  };

  private onDrop = (e: DragEvent): void => {
    this.host.removeAttribute('dropping');
    const dt = e.dataTransfer;
    if (!dt) return;
    const kind = dt.getData(NODE_DRAG_TYPE);
    if (kind) {
      e.preventDefault();
      const r = this.target.canvasRect();
      if (e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom) this.target.addNodeAt(kind, e.clientX, e.clientY);
      return;
    }
    const file = dt.files?.[0];
    if (file) {
      e.preventDefault();
      this.target.openFile(file);
    }
  };
}
