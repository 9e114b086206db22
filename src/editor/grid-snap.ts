/**
 * Grid snapping (issue 20, optional): while it is on, a node being dragged snaps to a 20 px grid of
 * the canvas and the canvas shows the grid's dots, panned and zoomed with the graph. A preference of
 * this browser (localStorage), not part of the document: a scene looks the same to everyone.
 */
import type { AreaPlugin } from 'rete-area-plugin';
import type { AreaExtra, Schemes } from './schemes';
import type { EditorState } from './state';

/** The grid's spacing, canvas px. */
export const GRID = 20;
const KEY = 'steergraph.grid';

/** Whether snapping was left on in this browser (off unless it was). */
export function gridPreference(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** A coordinate on the grid. */
export const snap = (v: number): number => Math.round(v / GRID) * GRID;

/** The grid snapping of one editor. */
export interface GridSnap {
  on(): boolean;
  /** Turns snapping on or off (remembered in this browser); returns whether it is on. */
  toggle(): boolean;
}

/** Installs grid snapping on `area`, drawing its dots on `container`. */
export function installGridSnap(area: AreaPlugin<Schemes, AreaExtra>, container: HTMLElement, state: EditorState): GridSnap {
  let enabled = gridPreference();
  function dots(): void {
    if (!enabled) {
      container.style.removeProperty('background-image');
      container.dataset.grid = 'off';
      return;
    }
    const t = area.area.transform;
    const s = GRID * t.k;
    Object.assign(container.style, {
      backgroundColor: 'var(--steer-canvas)',
      backgroundImage: 'radial-gradient(circle, var(--steer-canvas-dot) 1.2px, transparent 1.2px)',
      backgroundSize: `${s}px ${s}px`,
      backgroundPosition: `${t.x - s / 2}px ${t.y - s / 2}px`,
    });
    container.dataset.grid = 'on';
  }
  area.addPipe((ctx) => {
    if (ctx.type === 'translated' || ctx.type === 'zoomed') {
      if (enabled) dots();
    }
    // (the editor's own moves, reconciling with the document or a frame's drag, are not snapped)
    if (ctx.type === 'nodetranslate' && enabled && !state.syncing) {
      const p = ctx.data.position;
      return { ...ctx, data: { ...ctx.data, position: { x: snap(p.x), y: snap(p.y) } } };
    }
    return ctx;
  });
  dots();
  return {
    on: () => enabled,
    toggle: () => {
      enabled = !enabled;
      try {
        window.localStorage.setItem(KEY, enabled ? '1' : '0');
      } catch {
        // storage full or disabled: a preference is not worth a warning
      }
      if (!enabled) container.style.removeProperty('background-color');
      dots();
      return enabled;
    },
  };
}
