import { describe, expect, it, vi } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CanvasGestures, DRAG_SLOP_PX, type GestureHost } from '../../src/preview/canvas-gestures';
import type { SceneEditDetail } from '../../src/preview/preview-events';
import type { ReplayInput } from '../../src/preview/replay';
import { ViewController } from '../../src/preview/view-controller';
import { previewScene } from './scene';

/** A preview stand-in: a canvas at the page's origin, the test scene's obstacles and targets, the identity view. */
function setup(editPath: string | null = null, wallTool = false) {
  let scene = previewScene(4);
  const obstacles = scene.world.obstacles.flatMap((o) => [o.x, o.y, o.r, o.vx ?? 0, o.vy ?? 0]);
  const inputs: ReplayInput[] = [];
  const edits: SceneEditDetail[] = [];
  const clicks: [number, number][] = [];
  const pointers: [number, number][] = [];
  let cursor = '';
  let selectedWall: string | null = null;
  const canvas = {
    getBoundingClientRect: () => ({ left: 0, top: 0 }),
    focus: () => {},
    setPointerCapture: () => {},
    releasePointerCapture: () => {},
  } as unknown as HTMLCanvasElement;
  const host: GestureHost = {
    canvas: () => canvas,
    scene: () => scene,
    editPath: () => editPath,
    wallTool: () => wallTool,
    flowBrush: () => false,
    selectedWall: () => selectedWall,
    selectWall: (id) => (selectedWall = id),
    overlays: () => new Set(['targets', 'obstacles']),
    targets: () => new Map(scene.world.targets.map((t) => [t.name, [t.x, t.y] as const])),
    obstacles: () => ({ data: obstacles, count: obstacles.length / 5 }),
    spaceHeld: () => false,
    pointer: (x, y) => pointers.push([x, y]),
    input: (i) => inputs.push(i),
    edit: (d) => edits.push(d),
    click: (sx, sy) => clicks.push([sx, sy]),
    pressed: () => {},
    cursor: (c) => (cursor = c),
    redraw: () => {},
  };
  const controllers: ReactiveController[] = [];
  const element = { addController: (c: ReactiveController) => controllers.push(c) } as unknown as ReactiveControllerHost;
  const view = new ViewController();
  const g = new CanvasGestures(element, host, view);
  const ev = (clientX: number, clientY: number, more: Partial<PointerEvent> = {}) =>
    ({ clientX, clientY, button: 0, pointerId: 1, altKey: false, preventDefault: () => {}, ...more }) as PointerEvent;
  const setScene = (next: typeof scene) => (scene = next);
  return { g, view, scene, setScene, inputs, edits, clicks, pointers, cursor: () => cursor, selected: () => selectedWall, ev, controllers };
}

describe('CanvasGestures', () => {
  it('drags an obstacle: held still while dragged, its drift back on the drop, and a move-obstacle edit', () => {
    const { g, inputs, edits, ev } = setup();
    // the second obstacle, (560, 380) r 60, drifts (0.3, 0.2); grabbed 10 px off its centre
    g.onPointerDown(ev(570, 380));
    g.onPointerMove(ev(571, 380));
    expect(inputs).toEqual([]);
    g.onPointerMove(ev(600, 400));
    const dragged = inputs.at(-1) as Extract<ReplayInput, { kind: 'obstacles' }>;
    expect(dragged.obstacles[1]).toEqual({ x: 590, y: 400, r: 60, vx: 0, vy: 0 });
    g.onPointerUp(ev(600, 400));
    const dropped = inputs.at(-1) as Extract<ReplayInput, { kind: 'obstacles' }>;
    expect(dropped.obstacles[1]).toEqual({ x: 590, y: 400, r: 60, vx: 0.3, vy: 0.2 });
    expect(dropped.obstacles[0]).toEqual({ x: 200, y: 200, r: 40, vx: 0, vy: 0 });
    expect(edits).toEqual([{ kind: 'move-obstacle', index: 1, x: 590, y: 400 }]);
  });

  it('drags a target and tells where it was dropped; a cancelled drag puts it back', () => {
    const { g, inputs, edits, ev } = setup();
    g.onPointerDown(ev(650, 200));
    g.onPointerMove(ev(660.04, 210));
    g.onPointerUp(ev(660.04, 210));
    expect(edits).toEqual([{ kind: 'move-target', name: 'home', x: 660, y: 210 }]);
    g.onPointerDown(ev(650, 200));
    g.onPointerMove(ev(700, 200));
    g.onPointerCancel(ev(700, 200));
    expect(inputs.at(-1)).toEqual({ kind: 'target', name: 'home', x: 650, y: 200 });
    expect(edits).toHaveLength(1);
  });

  it('a press that moves no more than the slop is a click: on nothing it picks an agent', () => {
    const { g, edits, clicks, ev } = setup();
    g.onPointerDown(ev(400, 300));
    g.onPointerMove(ev(400 + DRAG_SLOP_PX, 300));
    g.onPointerUp(ev(400 + DRAG_SLOP_PX, 300));
    expect(clicks).toEqual([[400 + DRAG_SLOP_PX, 300]]);
    expect(edits).toEqual([]);
  });

  it('in Edit mode: drags a point (drawn where the mouse has it until the drop), then a click off the path adds one at the end', () => {
    const { g, scene, edits, ev } = setup('open');
    // point 1 of 'open' is (700, 150)
    g.onPointerDown(ev(700, 150));
    g.onPointerMove(ev(720, 170));
    expect(g.drawnScene(scene)!.world.paths[1].points[1]).toEqual([720, 170]);
    expect(scene.world.paths[1].points[1]).toEqual([700, 150]);
    g.onPointerUp(ev(720, 170));
    expect(edits).toEqual([{ kind: 'move-path-point', path: 'open', index: 1, x: 720, y: 170 }]);
    expect(g.selectedPoint).toBe(1);
    expect(g.drawnScene(scene)).toBe(scene);
    g.onPointerDown(ev(100.04, 100));
    g.onPointerUp(ev(100.04, 100));
    expect(edits.at(-1)).toEqual({ kind: 'add-path-point', path: 'open', x: 100, y: 100 });
    expect(g.selectedPoint).toBeNull();
  });

  it('pans with the middle button and zooms with the wheel, and the view is the user’s from then on', () => {
    const { g, view, ev, pointers } = setup();
    view.fit({ width: 800, height: 600 }, 800, 600, 0);
    const fitted = view.view;
    g.onPointerDown(ev(100, 100, { button: 1 }));
    g.onPointerMove(ev(130, 90, { button: 1 }));
    expect(view.view).toEqual({ scale: fitted.scale, x: fitted.x + 30, y: fitted.y - 10 });
    expect(view.fitted).toBe(false);
    expect(pointers).toEqual([]);
    g.onPointerUp(ev(130, 90, { button: 1 }));
    g.onWheel.handleEvent({ clientX: 0, clientY: 0, deltaY: -100, deltaMode: 0, preventDefault: () => {} } as WheelEvent);
    expect(view.view.scale).toBeCloseTo(fitted.scale * 1.1, 12);
  });

  it('shows what can be grabbed: a grab cursor over an obstacle, a crosshair in Edit mode', () => {
    const { g, ev, cursor, pointers } = setup('open');
    g.onPointerMove(ev(200, 200));
    expect(cursor()).toBe('grab');
    expect(g.highlighted).toEqual({ kind: 'obstacle', index: 0 });
    g.onPointerMove(ev(400, 300));
    expect(cursor()).toBe('crosshair');
    expect(g.highlighted).toBeNull();
    expect(pointers).toEqual([
      [200, 200],
      [400, 300],
    ]);
  });

  describe('the Walls tool', () => {
    // the key handler asks whether a key comes from a field (no DOM here)
    for (const name of ['HTMLInputElement', 'HTMLSelectElement', 'HTMLTextAreaElement']) vi.stubGlobal(name, class {});
    const key = (k: string) => ({ key: k, ctrlKey: false, metaKey: false, composedPath: () => [{}], preventDefault: () => {}, stopPropagation: () => {} }) as unknown as KeyboardEvent;
    const click = (t: ReturnType<typeof setup>, x: number, y: number, more: Partial<PointerEvent> = {}) => {
      t.g.onPointerDown(t.ev(x, y, more));
      t.g.onPointerUp(t.ev(x, y, more));
    };

    it('draws a wall click by click, with a rubber band to the mouse, and Enter finishes it', () => {
      const t = setup(null, true);
      click(t, 300, 300);
      click(t, 500, 300);
      t.g.onPointerMove(t.ev(520, 340));
      expect(t.g.wallView).toEqual({ on: true, selected: null, draft: [[300, 300], [500, 300]], next: [520, 340] });
      click(t, 500, 340);
      expect(t.edits).toEqual([]);
      expect(t.g.onKey(key('Enter'))).toBe(true);
      expect(t.edits).toEqual([{ kind: 'add-wall', points: [[300, 300], [500, 300], [500, 340]], closed: false }]);
      expect(t.g.wallView?.draft).toEqual([]);
      // no agent followed while drawing
      expect(t.clicks).toEqual([]);
    });

    it('a double-click finishes it; a click on the first point closes it; Escape drops it', () => {
      const t = setup(null, true);
      click(t, 300, 300);
      click(t, 400, 300);
      click(t, 401, 301);
      expect(t.edits).toEqual([{ kind: 'add-wall', points: [[300, 300], [400, 300]], closed: false }]);
      click(t, 300, 300);
      click(t, 400, 300);
      click(t, 400, 350);
      click(t, 302, 298);
      expect(t.edits[1]).toEqual({ kind: 'add-wall', points: [[300, 300], [400, 300], [400, 350]], closed: true });
      click(t, 300, 300);
      click(t, 400, 300);
      expect(t.g.onKey(key('Escape'))).toBe(true);
      expect(t.g.wallView?.draft).toEqual([]);
      expect(t.edits).toHaveLength(2);
    });

    it('Shift snaps the new segment to 15°', () => {
      const t = setup(null, true);
      click(t, 300, 300);
      click(t, 400, 310, { shiftKey: true });
      expect(t.g.wallView?.draft[1]).toEqual([400.5, 300]);
    });

    it('a click selects a wall, Delete removes it; a vertex drags, one edit on the drop', () => {
      const t = setup(null, true);
      const walled = t.setScene({ ...t.scene, world: { ...t.scene.world, walls: [{ id: 'w1', points: [[300, 300], [500, 300]], closed: false }] } });
      click(t, 400, 303);
      expect(t.selected()).toBe('w1');
      expect(t.g.wallView?.draft).toEqual([]);
      expect(t.g.onKey(key('Delete'))).toBe(true);
      expect(t.edits).toEqual([{ kind: 'remove-wall', wall: 'w1' }]);
      expect(t.selected()).toBeNull();
      t.g.onPointerMove(t.ev(502, 301));
      expect(t.g.highlighted).toEqual({ kind: 'wall-point', wall: 'w1', index: 1 });
      t.g.onPointerDown(t.ev(502, 301));
      t.g.onPointerMove(t.ev(530, 350));
      // drawn where the mouse has it (grabbed 2 px off the vertex), the scene unchanged until the drop
      expect(t.g.drawnScene(walled)?.world.walls?.[0].points).toEqual([[300, 300], [528, 349]]);
      expect(walled.world.walls?.[0].points).toEqual([[300, 300], [500, 300]]);
      expect(t.edits).toHaveLength(1);
      t.g.onPointerUp(t.ev(530, 350));
      expect(t.edits[1]).toEqual({ kind: 'move-wall-point', wall: 'w1', index: 1, x: 528, y: 349 });
      expect(t.selected()).toBe('w1');
      // a click on empty space starts a new wall and selects none
      click(t, 100, 100);
      expect(t.selected()).toBeNull();
      expect(t.g.wallView?.draft).toEqual([[100, 100]]);
    });

    it('without the tool, clicks do not draw walls and vertices cannot be grabbed', () => {
      const t = setup();
      t.setScene({ ...t.scene, world: { ...t.scene.world, walls: [{ id: 'w1', points: [[300, 300], [500, 300]], closed: false }] } });
      t.g.onPointerMove(t.ev(500, 300));
      expect(t.g.highlighted).toBeNull();
      click(t, 300, 300);
      expect(t.edits).toEqual([]);
      expect(t.g.wallView).toBeNull();
      expect(t.clicks).toEqual([[300, 300]]);
    });
  });
});
