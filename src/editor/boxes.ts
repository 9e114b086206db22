/**
 * Frames and sticky notes (issue 20): boxes drawn on the graph canvas behind the nodes, in a layer
 * that is the first child of the area's transformed content, so they pan and zoom with the graph.
 * A view of the document like the nodes: `show` draws the shown graph's frames and notes, and every
 * gesture ends as one edit (one undo step): dragging a frame's title moves it and the nodes whose
 * top-left corner lay in it when the drag started; its corner handle resizes it; a double-click
 * on its title renames it; its swatch picks a colour. A note is moved by its top strip, resized
 * by its corner and typed into. A click on a title or strip selects the box; Delete removes it.
 */
import { html, noChange, nothing, render } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Edit } from '../document/commands';
import { FRAME_COLORS, moveFrame, removeBoxes, updateFrame, updateNote } from '../document/layout-commands';
import type { GraphFrame, GraphNote } from '../document/types';
import { round, shownAt, shownGraph, type EditorState } from './state';

/** What the boxes layer needs from its editor. */
export interface BoxesDeps {
  /** The area's transformed content (the layer goes first in it, behind the nodes). */
  readonly content: HTMLElement;
  readonly state: EditorState;
  /** The view's zoom (canvas px × k = screen px). */
  zoom(): number;
  apply(edit: Edit, mergeKey?: string): void;
  /** Shows nodes at new canvas positions while a frame is dragged (not an edit; the drop is). */
  preview(moves: readonly { id: string; x: number; y: number }[]): void;
  /** A box was picked: the node selection is cleared. */
  picked(): void;
}

/** The frames and notes layer of one editor. */
export interface Boxes {
  /** Draws the shown graph's frames and notes. */
  show(): void;
  /** The selected frame or note, or null. */
  selected(): string | null;
  /** Clears the box selection. */
  unselect(): void;
  /** Removes the selected box (one edit); false when none is selected. */
  deleteSelected(): boolean;
  destroy(): void;
}

/** Installs the layer. */
export function createBoxes(deps: BoxesDeps): Boxes {
  const layer = document.createElement('div');
  layer.dataset.test = 'boxes';
  layer.dataset.box = 'layer';
  // (no size of its own: the boxes are placed in canvas px from the content's origin)
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:0';
  deps.content.prepend(layer);
  let selected: string | null = null;
  let renaming: string | null = null;
  let picking: string | null = null;
  /** The note being typed into: its text is not redrawn from a document that may lag a key behind. */
  let editing: string | null = null;

  /** Follows one pointer drag from `e`; `move` gets the canvas-px delta, `end` too (null: no move). */
  function drag(e: PointerEvent, move: (dx: number, dy: number) => void, end: (dx: number, dy: number) => void): void {
    e.stopPropagation();
    e.preventDefault();
    // (which keeps the focus where it was: a note being typed into lets it go, so Ctrl+Z undoes the drag)
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && layer.contains(focused)) focused.blur();
    const [x0, y0] = [e.clientX, e.clientY];
    const k = deps.zoom();
    let moved = false;
    const delta = (ev: PointerEvent): [number, number] => [round((ev.clientX - x0) / k), round((ev.clientY - y0) / k)];
    const onMove = (ev: PointerEvent): void => {
      const [dx, dy] = delta(ev);
      moved ||= dx !== 0 || dy !== 0;
      if (moved) move(dx, dy);
    };
    const onUp = (ev: PointerEvent): void => {
      window.removeEventListener('pointermove', onMove);
      const [dx, dy] = delta(ev);
      if (moved || dx !== 0 || dy !== 0) end(dx, dy);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp, { once: true });
  }

  function pick(id: string): void {
    if (selected !== id) {
      selected = id;
      deps.picked();
      show();
    }
  }

  function dragFrame(e: PointerEvent, f: GraphFrame): void {
    if (e.button !== 0 || renaming === f.id) return;
    pick(f.id);
    const g = shownGraph(deps.state);
    // the nodes inside: their top-left corner lies in the frame now
    const inside = (g?.nodes ?? []).filter((n) => n.position[0] >= f.x && n.position[0] <= f.x + f.width && n.position[1] >= f.y && n.position[1] <= f.y + f.height);
    const el = e.currentTarget instanceof HTMLElement ? e.currentTarget.closest<HTMLElement>('.frame') : null;
    drag(
      e,
      (dx, dy) => {
        if (el) el.style.transform = `translate(${dx}px, ${dy}px)`;
        deps.preview(inside.map((n) => ({ id: n.id, x: n.position[0] + dx, y: n.position[1] + dy })));
      },
      (dx, dy) => {
        if (el) el.style.transform = '';
        deps.apply(moveFrame(shownAt(deps.state), f.id, dx, dy, inside.map((n) => n.id)));
      },
    );
  }

  function dragNote(e: PointerEvent, n: GraphNote): void {
    if (e.button !== 0) return;
    pick(n.id);
    const el = e.currentTarget instanceof HTMLElement ? e.currentTarget.closest<HTMLElement>('.note') : null;
    drag(
      e,
      (dx, dy) => el && (el.style.transform = `translate(${dx}px, ${dy}px)`),
      (dx, dy) => {
        if (el) el.style.transform = '';
        deps.apply(updateNote(shownAt(deps.state), n.id, { x: n.x + dx, y: n.y + dy }));
      },
    );
  }

  function resize(e: PointerEvent, b: GraphFrame | GraphNote, kind: 'frame' | 'note'): void {
    if (e.button !== 0) return;
    pick(b.id);
    const el = e.currentTarget instanceof HTMLElement ? e.currentTarget.closest<HTMLElement>(`.${kind}`) : null;
    drag(
      e,
      (dx, dy) => {
        if (!el) return;
        el.style.width = `${Math.max(80, b.width + dx)}px`;
        el.style.height = `${Math.max(40, b.height + dy)}px`;
      },
      (dx, dy) => {
        const patch = { width: b.width + dx, height: b.height + dy };
        deps.apply(kind === 'frame' ? updateFrame(shownAt(deps.state), b.id, patch) : updateNote(shownAt(deps.state), b.id, patch));
        // (a size the edit clamped, or no change, is drawn again from the document)
        if (el) el.style.width = el.style.height = '';
        show();
      },
    );
  }

  function rename(f: GraphFrame, input: HTMLInputElement, keep: boolean): void {
    if (renaming !== f.id) return;
    renaming = null;
    if (keep && input.value !== f.title) deps.apply(updateFrame(shownAt(deps.state), f.id, { title: input.value }));
    show();
  }

  const stop = (e: Event): void => e.stopPropagation();

  function frameView(f: GraphFrame) {
    const sel = selected === f.id;
    return html`<div
      class="frame"
      data-frame-id=${f.id}
      style="left:${f.x}px;top:${f.y}px;width:${f.width}px;height:${f.height}px;--frame:${f.color};${sel ? 'outline:2px solid var(--steer-highlight);' : ''}"
    >
      <div
        class="frame-title"
        data-test="frame-title"
        @pointerdown=${(e: PointerEvent) => dragFrame(e, f)}
        @dblclick=${(e: MouseEvent) => {
          e.stopPropagation();
          renaming = f.id;
          show();
          layer.querySelector<HTMLInputElement>(`[data-frame-id="${f.id}"] input`)?.select();
        }}
      >
        ${renaming === f.id
          ? html`<input
              data-test="frame-rename"
              .value=${f.title}
              @pointerdown=${stop}
              @keydown=${(e: KeyboardEvent) => {
                e.stopPropagation();
                if (e.key === 'Enter') rename(f, e.target as HTMLInputElement, true);
                if (e.key === 'Escape') rename(f, e.target as HTMLInputElement, false);
              }}
              @blur=${(e: FocusEvent) => rename(f, e.target as HTMLInputElement, true)}
            />`
          : html`<span class="frame-label">${f.title || 'Frame'}</span>`}
        <button
          class="swatch"
          data-test="frame-color"
          title="Colour"
          @pointerdown=${stop}
          @click=${(e: Event) => {
            e.stopPropagation();
            picking = picking === f.id ? null : f.id;
            pick(f.id);
            show();
          }}
        ></button>
      </div>
      ${picking === f.id
        ? html`<div class="swatches" @pointerdown=${stop}>
            ${FRAME_COLORS.map(
              (c) => html`<button
                style="background:${c}"
                data-color=${c}
                title=${c}
                @click=${(e: Event) => {
                  e.stopPropagation();
                  picking = null;
                  deps.apply(updateFrame(shownAt(deps.state), f.id, { color: c }));
                  show();
                }}
              ></button>`,
            )}
          </div>`
        : nothing}
      <div class="corner" data-test="frame-corner" @pointerdown=${(e: PointerEvent) => resize(e, f, 'frame')}></div>
    </div>`;
  }

  function noteView(n: GraphNote) {
    const sel = selected === n.id;
    return html`<div class="note" data-note-id=${n.id} style="left:${n.x}px;top:${n.y}px;width:${n.width}px;height:${n.height}px;${sel ? 'outline:2px solid var(--steer-highlight);' : ''}">
      <div class="note-strip" data-test="note-strip" @pointerdown=${(e: PointerEvent) => dragNote(e, n)}></div>
      <textarea
        data-test="note-text"
        placeholder="Note"
        .value=${editing === n.id ? noChange : live(n.text)}
        @pointerdown=${(e: PointerEvent) => {
          e.stopPropagation();
          pick(n.id);
        }}
        @focus=${() => (editing = n.id)}
        @blur=${() => {
          editing = null;
          show();
        }}
        @input=${(e: InputEvent) => deps.apply(updateNote(shownAt(deps.state), n.id, { text: (e.target as HTMLTextAreaElement).value }), `note-text:${n.id}`)}
        @wheel=${stop}
      ></textarea>
      <div class="corner" data-test="note-corner" @pointerdown=${(e: PointerEvent) => resize(e, n, 'note')}></div>
    </div>`;
  }

  function show(): void {
    const g = shownGraph(deps.state);
    const frames = g?.frames ?? [];
    const notes = g?.notes ?? [];
    if (selected && !frames.some((f) => f.id === selected) && !notes.some((n) => n.id === selected)) selected = null;
    render(
      html`<style>
          ${STYLES}
        </style>
        ${repeat(frames, (f) => f.id, frameView)} ${repeat(notes, (n) => n.id, noteView)}`,
      layer,
    );
  }

  return {
    show,
    selected: () => selected,
    unselect: () => {
      if (selected === null && picking === null) return;
      selected = picking = null;
      show();
    },
    deleteSelected: () => {
      if (!selected) return false;
      const id = selected;
      selected = null;
      deps.apply(removeBoxes(shownAt(deps.state), [id]));
      return true;
    },
    destroy: () => layer.remove(),
  };
}

const STYLES = `
.frame, .note { position: absolute; box-sizing: border-box; border-radius: 8px; contain: layout style; }
.frame {
  background: color-mix(in srgb, var(--frame) 22%, transparent);
  border: 1.5px solid color-mix(in srgb, var(--frame) 70%, transparent);
  pointer-events: none;
}
.frame-title {
  pointer-events: auto; display: flex; align-items: center; gap: 6px; height: 28px; padding: 0 8px;
  background: color-mix(in srgb, var(--frame) 65%, transparent); border-radius: 6px 6px 0 0;
  color: var(--steer-text-bright); font: 600 14px system-ui, sans-serif; cursor: grab; user-select: none;
}
.frame-label { flex: 1; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.frame-title input { flex: 1; font: inherit; min-width: 0; }
.swatch { flex: none; width: 16px; height: 16px; border-radius: 50%; border: 1.5px solid var(--steer-frame-swatch-border); background: var(--frame); cursor: pointer; padding: 0; }
.swatches { pointer-events: auto; position: absolute; right: 4px; top: 30px; display: flex; gap: 4px; padding: 4px; background: var(--steer-popup); border-radius: 6px; }
.swatches button { width: 18px; height: 18px; border-radius: 50%; border: 1px solid var(--steer-frame-swatch-border); cursor: pointer; padding: 0; }
.corner { pointer-events: auto; position: absolute; right: 0; bottom: 0; width: 16px; height: 16px; cursor: nwse-resize;
  background: linear-gradient(135deg, transparent 55%, var(--steer-frame-handle) 55%); border-radius: 0 0 7px 0; }
.note { background: var(--steer-note); color: var(--steer-note-text); box-shadow: 0 3px 0 var(--steer-node-shadow); display: flex; flex-direction: column; }
.note-strip { height: 14px; flex: none; cursor: grab; background: var(--steer-note-strip); border-radius: 8px 8px 0 0; }
.note textarea { flex: 1; resize: none; border: none; background: transparent; color: inherit; font: 13px/1.35 system-ui, sans-serif; padding: 4px 8px 10px; outline: none; }
`;
