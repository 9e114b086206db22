/**
 * The preview canvas's input, as a Lit ReactiveController: pan (middle button, or left with
 * Space held), wheel zoom, the Pointer target following the mouse, dragging targets, obstacles
 * and the edited path's points, and Edit mode's clicks and Delete key (path-edit.ts), and the
 * Walls tool's clicks, vertex drags and keys (wall-edit.ts). It owns
 * the press or drag in progress, what is under the mouse and the edited path's selected point;
 * the element binds its listeners on the canvas and gives it what it needs ({@link GestureHost}).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SceneDocument } from '../document/types';
import { grabPosition, hitTest, sameHot, type LiveObstacles } from './canvas-hit';
import type { Hot } from './draw';
import { deleteSelected, editedPath, pathClick, roundPx, withPointDraft, type EditedPath, type PointDraft } from './path-edit';
import type { SceneEditDetail } from './preview-events';
import type { ReplayInput } from './replay';
import { toWorld, wheelFactor } from './view';
import { finishWall, nextPoint, sceneWalls, wallClick, withWallPointDraft, type WallPointDraft, type WallToolView } from './wall-edit';
import type { ViewController } from './view-controller';
import { FlowStroke } from './flow-stroke';
import type { FlowBrushView } from './paint/flow';

/** A press moving more than this many CSS px becomes a drag. */
export const DRAG_SLOP_PX = 3;

/** A press on the canvas: a pan, or a left press that becomes a drag or stays a click. */
type Gesture =
  | { kind: 'pan'; pointerId: number; lastX: number; lastY: number }
  | { kind: 'press'; pointerId: number; startX: number; startY: number; grab: Hot; dx: number; dy: number }
  | { kind: 'drag'; pointerId: number; grab: NonNullable<Hot>; dx: number; dy: number; x: number; y: number; vx: number; vy: number; startX: number; startY: number };

/** What the gestures need of the preview. */
export interface GestureHost {
  /** The canvas taking the input. */
  canvas(): HTMLCanvasElement | null;
  /** The scene as drawn (its paths, for Edit mode). */
  scene(): SceneDocument | null;
  /** The id of the path being edited, or null. */
  editPath(): string | null;
  /** Whether the Walls tool is on (it takes the clicks then: wall-edit.ts). */
  wallTool(): boolean;
  /** Whether the Flow brush is on (a left drag paints the flow field then: flow-stroke.ts). */
  flowBrush(): boolean;
  /** The selected wall, or null; `selectWall` changes it. */
  selectedWall(): string | null;
  selectWall(id: string | null): void;
  overlays(): ReadonlySet<string>;
  /** The live targets and obstacles. */
  targets(): ReadonlyMap<string, readonly [number, number]>;
  obstacles(): LiveObstacles;
  /** Whether Space is held (a left press pans). */
  spaceHeld(): boolean;
  /** The mouse moved to world point (x, y) (`dragging`: while a drag was under way). */
  pointer(x: number, y: number, dragging: boolean): void;
  /** Live input for the world (a dragged target or the obstacles); the host reports failures. */
  input(input: ReplayInput): void;
  /** An edit for the document (a `scene-edit`). */
  edit(detail: SceneEditDetail): void;
  /** A click on screen point (sx, sy) that grabbed nothing, outside Edit mode. */
  click(sx: number, sy: number): void;
  /** A press began (the overlay menu closes). */
  pressed(): void;
  /** The canvas's cursor. */
  cursor(cursor: string): void;
  redraw(): void;
}

/** See the file comment. */
export class CanvasGestures implements ReactiveController {
  private gesture: Gesture | null = null;
  private hot: Hot = null;
  private selected: number | null = null;
  private draft: PointDraft | null = null;
  /** The Walls tool: the points of the wall being drawn, where the next would go, a dragged vertex. */
  private wallDraft: (readonly [number, number])[] = [];
  private wallNext: [number, number] | null = null;
  private wallPoint: WallPointDraft | null = null;
  /** The Flow brush's stroke under way and the mouse (flow-stroke.ts). */
  readonly flow = new FlowStroke();
  /** True while the mouse is over the canvas. */
  over = false;
  private readonly _w: [number, number] = [0, 0];

  constructor(
    host: ReactiveControllerHost,
    private readonly el: GestureHost,
    private readonly view: ViewController,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.gesture = null;
  }

  /** The edited path's selected point (Delete removes it), or null. */
  get selectedPoint(): number | null {
    return this.selected;
  }

  /** What to highlight: the dragged thing, else what is under the mouse. */
  get highlighted(): Hot {
    return this.gesture?.kind === 'drag' ? this.gesture.grab : this.hot;
  }

  /** The scene as drawn: with the dragged point of the edited path, or the dragged vertex of a wall, where the mouse has it. */
  drawnScene(scene: SceneDocument | null): SceneDocument | null {
    return this.flow.drawn(withWallPointDraft(withPointDraft(scene, this.el.editPath(), this.draft), this.wallPoint));
  }

  /** The Flow brush's circle at the mouse (null when the brush is off or the mouse away). */
  get flowBrushView(): FlowBrushView | null {
    return this.el.flowBrush() ? this.flow.view() : null;
  }

  /** What the Walls tool shows (null when it is off and no wall is selected). */
  get wallView(): WallToolView | null {
    const on = this.el.wallTool();
    const selected = this.el.selectedWall();
    if (!on) return selected === null ? null : { on, selected, draft: [], next: null };
    return { on, selected, draft: this.wallDraft, next: this.wallDraft.length ? this.wallNext : null };
  }

  /** The Walls tool was turned on or off: no wall half drawn. */
  wallToolChanged(): void {
    this.wallDraft = [];
    this.wallNext = null;
    this.updateCursor();
  }

  /** Another path (or none) is edited: no point selected. */
  editPathChanged(): void {
    this.selected = null;
    this.updateCursor();
  }

  /**
   * Delete or Backspace with a point of the edited path selected removes it (and not the graph's
   * selection); with the Walls tool, Enter finishes the wall being drawn, Escape drops it (or
   * clears the selection), Backspace while drawing takes back its last point, Delete or Backspace
   * removes the selected wall. True when it acted.
   */
  onKey(e: KeyboardEvent): boolean {
    const inner = e.composedPath()[0];
    if (inner instanceof HTMLInputElement || inner instanceof HTMLSelectElement || inner instanceof HTMLTextAreaElement) return false;
    if (e.ctrlKey || e.metaKey) return false;
    if (this.el.wallTool() && this.onWallKey(e)) {
      e.preventDefault();
      e.stopPropagation();
      this.el.redraw();
      return true;
    }
    if (e.key !== 'Delete' && e.key !== 'Backspace') return false;
    const edit = deleteSelected(this.edited(), this.selected);
    if (!edit) return false;
    e.preventDefault();
    e.stopPropagation();
    this.selected = null;
    this.el.edit(edit);
    this.el.redraw();
    return true;
  }

  private onWallKey(e: KeyboardEvent): boolean {
    const drawing = this.wallDraft.length > 0;
    if (e.key === 'Enter' && drawing) {
      const done = finishWall(this.wallDraft, this.el.selectedWall());
      this.wallDraft = [];
      if (done.edit) this.el.edit(done.edit);
      return true;
    }
    if (e.key === 'Escape' && drawing) {
      this.wallDraft = [];
      return true;
    }
    if (e.key === 'Backspace' && drawing) {
      // takes back the last point placed (the first one taken back ends the drawing)
      this.wallDraft = this.wallDraft.slice(0, -1);
      return true;
    }
    const selected = this.el.selectedWall();
    const exists = selected !== null && sceneWalls(this.el.scene()).some((w) => w.id === selected);
    if (e.key === 'Escape' && selected !== null) {
      this.el.selectWall(null);
      return true;
    }
    if ((e.key === 'Delete' || e.key === 'Backspace') && exists && !drawing) {
      this.el.selectWall(null);
      this.el.edit({ kind: 'remove-wall', wall: selected });
      return true;
    }
    return false;
  }

  updateCursor(): void {
    const g = this.gesture;
    let cursor = 'default';
    if (g?.kind === 'pan') cursor = 'grabbing';
    else if (g?.kind === 'drag') cursor = 'grabbing';
    else if (this.el.spaceHeld()) cursor = 'grab';
    else if (this.hot) cursor = 'grab';
    else if (this.el.editPath() || this.el.wallTool() || this.el.flowBrush()) cursor = 'crosshair';
    this.el.cursor(cursor);
  }

  private edited(): EditedPath | null {
    return editedPath(this.el.scene(), this.el.editPath());
  }

  private local(e: { clientX: number; clientY: number }): [number, number] {
    const r = this.el.canvas()!.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  private hitTest(sx: number, sy: number): Hot {
    const overlays = this.el.overlays();
    return hitTest(
      {
        view: this.view.view,
        walls: this.el.wallTool() ? sceneWalls(this.el.scene()) : null,
        edited: this.edited(),
        targets: overlays.has('targets') ? this.el.targets() : null,
        obstacles: overlays.has('obstacles') ? this.el.obstacles() : null,
      },
      sx,
      sy,
    );
  }

  private grabPosition(grab: NonNullable<Hot>): [number, number] {
    return grabPosition(grab, this.el.targets(), grab.kind === 'path-point' ? this.edited() : null, this.el.obstacles(), sceneWalls(this.el.scene()));
  }

  /** Moves the grabbed thing in the live world (a path point: in the drawing, until the drop). */
  private place(grab: NonNullable<Hot>, x: number, y: number, drift?: { vx: number; vy: number }): void {
    if (grab.kind === 'path-point') {
      this.draft = { index: grab.index, x, y };
      this.el.redraw();
      return;
    }
    if (grab.kind === 'wall-point') {
      this.wallPoint = { wall: grab.wall, index: grab.index, x, y };
      this.el.redraw();
      return;
    }
    if (grab.kind === 'target') {
      this.el.input({ kind: 'target', name: grab.name, x, y });
    } else {
      const { data, count } = this.el.obstacles();
      if (grab.index >= count) return;
      const list = [];
      for (let k = 0; k < count; k++) list.push({ x: data[5 * k], y: data[5 * k + 1], r: data[5 * k + 2], vx: data[5 * k + 3], vy: data[5 * k + 4] });
      // held still while dragged; its drift comes back on drop
      list[grab.index] = { x, y, r: list[grab.index].r, vx: drift?.vx ?? 0, vy: drift?.vy ?? 0 };
      this.el.input({ kind: 'obstacles', obstacles: list });
    }
    this.el.redraw();
  }

  readonly onPointerDown = (e: PointerEvent): void => {
    const canvas = this.el.canvas();
    if (!canvas || this.gesture) return;
    this.el.pressed();
    const [sx, sy] = this.local(e);
    if (e.button === 1 || (e.button === 0 && this.el.spaceHeld())) {
      e.preventDefault();
      this.gesture = { kind: 'pan', pointerId: e.pointerId, lastX: sx, lastY: sy };
    } else if (e.button === 0 && this.el.flowBrush()) {
      // the Flow brush takes every left press: a stroke, not a grab
      e.preventDefault();
      toWorld(this._w, this.view.view, sx, sy);
      this.flow.begin(this._w[0], this._w[1], e.shiftKey);
      this.gesture = { kind: 'press', pointerId: e.pointerId, startX: sx, startY: sy, grab: null, dx: 0, dy: 0 };
      this.el.redraw();
    } else if (e.button === 0) {
      e.preventDefault();
      const grab = this.hitTest(sx, sy);
      let dx = 0;
      let dy = 0;
      if (grab) {
        toWorld(this._w, this.view.view, sx, sy);
        const [gx, gy] = this.grabPosition(grab);
        dx = gx - this._w[0];
        dy = gy - this._w[1];
      }
      this.gesture = { kind: 'press', pointerId: e.pointerId, startX: sx, startY: sy, grab, dx, dy };
    } else {
      return;
    }
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    this.updateCursor();
  };

  readonly onPointerMove = (e: PointerEvent): void => {
    if (!this.el.canvas()) return;
    const [sx, sy] = this.local(e);
    const g = this.gesture;
    if (g && g.pointerId !== e.pointerId) return;
    if (g?.kind === 'pan') {
      this.view.pan(sx - g.lastX, sy - g.lastY);
      g.lastX = sx;
      g.lastY = sy;
      this.el.redraw();
      return;
    }
    toWorld(this._w, this.view.view, sx, sy);
    this.el.pointer(this._w[0], this._w[1], g?.kind === 'drag');
    if (this.el.flowBrush()) {
      this.flow.move(this._w[0], this._w[1], e.shiftKey);
      this.el.redraw();
      if (this.flow.active) return;
    }
    if (this.el.wallTool() && this.wallDraft.length) {
      this.wallNext = nextPoint(this.wallDraft, this.view.view, sx, sy, e.shiftKey);
      this.el.redraw();
    }
    if (g?.kind === 'press' && g.grab && Math.hypot(sx - g.startX, sy - g.startY) > DRAG_SLOP_PX) {
      const [x0, y0] = this.grabPosition(g.grab);
      const { data } = this.el.obstacles();
      const drift = g.grab.kind === 'obstacle' ? { vx: data[5 * g.grab.index + 3], vy: data[5 * g.grab.index + 4] } : { vx: 0, vy: 0 };
      this.gesture = { kind: 'drag', pointerId: g.pointerId, grab: g.grab, dx: g.dx, dy: g.dy, x: x0, y: y0, vx: drift.vx, vy: drift.vy, startX: x0, startY: y0 };
    }
    const d = this.gesture;
    if (d?.kind === 'drag') {
      d.x = roundPx(this._w[0] + d.dx);
      d.y = roundPx(this._w[1] + d.dy);
      this.place(d.grab, d.x, d.y);
      return;
    }
    if (!g) {
      const hot = this.hitTest(sx, sy);
      if (!sameHot(hot, this.hot)) {
        this.hot = hot;
        this.updateCursor();
        this.el.redraw();
      }
    }
  };

  readonly onPointerUp = (e: PointerEvent): void => {
    const g = this.gesture;
    if (!g || g.pointerId !== e.pointerId) return;
    this.gesture = null;
    this.el.canvas()?.releasePointerCapture?.(e.pointerId);
    const editPath = this.el.editPath();
    const stroke = this.flow.end();
    if (stroke) {
      this.el.edit(stroke);
      this.el.redraw();
    } else if (g.kind === 'drag' && g.grab.kind === 'wall-point') {
      this.wallPoint = null;
      this.el.selectWall(g.grab.wall);
      this.el.edit({ kind: 'move-wall-point', wall: g.grab.wall, index: g.grab.index, x: g.x, y: g.y });
      this.el.redraw();
    } else if (g.kind === 'drag' && g.grab.kind === 'path-point') {
      this.draft = null;
      this.selected = g.grab.index;
      this.el.edit({ kind: 'move-path-point', path: g.grab.path, index: g.grab.index, x: g.x, y: g.y });
      this.el.redraw();
    } else if (g.kind === 'drag') {
      this.place(g.grab, g.x, g.y, { vx: g.vx, vy: g.vy });
      if (g.grab.kind === 'target') this.el.edit({ kind: 'move-target', name: g.grab.name, x: g.x, y: g.y });
      else this.el.edit({ kind: 'move-obstacle', index: g.grab.index, x: g.x, y: g.y });
    } else if (g.kind === 'press' && this.el.wallTool()) {
      const [sx, sy] = this.local(e);
      const click = wallClick(sceneWalls(this.el.scene()), this.wallDraft, this.el.selectedWall(), this.view.view, sx, sy, e.shiftKey, e.altKey);
      this.wallDraft = click.draft;
      this.wallNext = click.draft.length ? nextPoint(click.draft, this.view.view, sx, sy, e.shiftKey) : null;
      if (click.selected !== this.el.selectedWall()) this.el.selectWall(click.selected);
      if (click.edit) this.el.edit(click.edit);
      this.el.redraw();
    } else if (g.kind === 'press' && editPath) {
      const [sx, sy] = this.local(e);
      const click = pathClick(this.edited(), editPath, g.grab, e.altKey, this.view.view, sx, sy);
      this.selected = click.selected;
      if (click.edit) this.el.edit(click.edit);
      this.el.redraw();
    } else if (g.kind === 'press' && !g.grab) {
      const [sx, sy] = this.local(e);
      this.el.click(sx, sy);
    }
    this.updateCursor();
  };

  readonly onPointerCancel = (e: PointerEvent): void => {
    const g = this.gesture;
    if (!g || g.pointerId !== e.pointerId) return;
    this.gesture = null;
    this.flow.cancel();
    // a cancelled drag puts the thing back where it was
    if (g.kind === 'drag' && g.grab.kind === 'path-point') this.draft = null;
    else if (g.kind === 'drag' && g.grab.kind === 'wall-point') this.wallPoint = null;
    else if (g.kind === 'drag') this.place(g.grab, g.startX, g.startY, { vx: g.vx, vy: g.vy });
    this.updateCursor();
  };

  readonly onPointerEnter = (): void => {
    this.over = true;
  };

  readonly onPointerLeave = (): void => {
    // the Pointer target stays where the mouse left
    this.over = false;
    this.flow.leave();
    if (this.el.flowBrush()) this.el.redraw();
    if (this.hot && !this.gesture) {
      this.hot = null;
      this.updateCursor();
      this.el.redraw();
    }
  };

  readonly onWheel = {
    handleEvent: (e: WheelEvent): void => {
      if (!this.el.canvas()) return;
      e.preventDefault();
      const [sx, sy] = this.local(e);
      this.view.zoom(sx, sy, wheelFactor(e.deltaY, e.deltaMode));
      this.el.redraw();
    },
    passive: false,
  };

  readonly onMouseDown = (e: MouseEvent): void => {
    // no autoscroll on a middle-button pan
    if (e.button === 1) e.preventDefault();
  };

  readonly onContextMenu = (e: Event): void => {
    if (this.gesture) e.preventDefault();
  };
}
