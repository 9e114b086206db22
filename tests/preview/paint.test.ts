/**
 * The painter (src/preview/draw.ts and paint/): the overlays node kinds feed take their sizes from
 * the kinds' definitions (NodeDef.overlays), and each overlay draws only when it is on.
 */
import { describe, expect, it } from 'vitest';
import { NODE_DEFS } from '../../nodes/index';
import { KIND_OVERLAYS } from '../../nodes/types';
import { ALL_LAYERS, OVERLAYS, OVERLAY_LAYERS, Renderer, THEME_PROPERTIES, typeStyles, type Frame, type Theme } from '../../src/preview/draw';
import { KIND_PAINTERS, overlaySizes } from '../../src/preview/paint/kind-overlays';
import { edited, previewScene } from './scene';

/** A 2D context that counts the calls it gets, by method name. */
function countingContext(): { ctx: CanvasRenderingContext2D; calls: Map<string, number>; styles: string[] } {
  const calls = new Map<string, number>();
  const styles: string[] = [];
  const canvas = { width: 800, height: 600 };
  const ctx = new Proxy(
    {},
    {
      get: (_, k) => (k === 'canvas' ? canvas : () => calls.set(String(k), (calls.get(String(k)) ?? 0) + 1)),
      set: (_, k, v) => {
        if (k === 'strokeStyle') styles.push(String(v));
        return true;
      },
    },
  ) as CanvasRenderingContext2D;
  return { ctx, calls, styles };
}

function frame(overlays: string[], agents: number): Frame {
  const scene = previewScene(agents);
  const theme = Object.fromEntries(Object.entries(THEME_PROPERTIES).map(([k, [, fallback]]) => [k, fallback])) as unknown as Theme;
  const pos = new Map(scene.agentTypes.map((t) => [t.id, new Float64Array(2 * (t.id === 'boid' ? agents : 0)).fill(100)]));
  return {
    width: 800,
    height: 600,
    dpr: 1,
    view: { x: 0, y: 0, scale: 1 },
    theme,
    scene,
    styles: typeStyles(scene),
    world: { types: [...pos.keys()], positions: (id) => pos.get(id)!, velocities: (id) => pos.get(id)! },
    obstacles: { data: [], count: 0 },
    targets: new Map(),
    pointer: [0, 0],
    overlays: new Set(overlays),
    editPath: null,
    forces: new Map(),
    hot: null,
  };
}

describe('the overlays node kinds feed', () => {
  it('are in the overlay menu, each with its painter and a kind of the registry that feeds it', () => {
    for (const o of KIND_OVERLAYS) {
      expect(OVERLAYS).toContain(o);
      expect(KIND_PAINTERS[o], o).toBeDefined();
      expect(NODE_DEFS.some((d) => d.overlays?.[o]), `no kind feeds ${o}`).toBe(true);
    }
  });

  it('name parameters their kinds have', () => {
    for (const d of NODE_DEFS) {
      for (const feed of Object.values(d.overlays ?? {})) {
        for (const key of Object.values(feed)) expect(d.params.map((p) => p.key), `${d.kind} feeds an overlay from ${key}`).toContain(key);
      }
    }
  });

  it('take the first Wander’s circle and the widest feelers of a graph', () => {
    const scene = edited(previewScene(), (s) => {
      s.agentTypes[1].states[0].graph.nodes.push(
        { id: 'w1', kind: 'wander', params: { distance: 40, radius: 9 }, position: [0, 0] },
        { id: 'w2', kind: 'wander', params: { distance: 80, radius: 20 }, position: [0, 0] },
        { id: 'v1', kind: 'avoid', params: { feelerLength: 50 }, position: [0, 0] },
        { id: 'v2', kind: 'avoid', params: { feelerLength: 500 }, position: [0, 0] },
      );
    });
    expect(overlaySizes(scene.agentTypes[1].states[0].graph)).toMatchObject({ wander: { distance: 40, radius: 9 }, feelers: { length: 500 } });
  });
});

describe('Renderer', () => {
  it('draws the wander circle (a closed polygon per agent) only while its overlay is on', () => {
    const on = countingContext();
    new Renderer().draw(on.ctx, frame(['wander'], 10));
    const off = countingContext();
    new Renderer().draw(off.ctx, frame([], 10));
    expect(on.styles).toContain(frame([], 1).theme.wander);
    expect(off.styles).not.toContain(frame([], 1).theme.wander);
    // the bodies close one triangle per agent either way; the circles add one closed polygon each
    expect((on.calls.get('closePath') ?? 0) - (off.calls.get('closePath') ?? 0)).toBe(10);
  });

  it('draws the walls in every layer set, solid ones in the wall colour, regions dashed, the tool’s selection highlighted', () => {
    const f = frame([], 10);
    const walled: Frame = {
      ...f,
      scene: { ...f.scene!, world: { ...f.scene!.world, walls: [{ id: 'w1', points: [[10, 10], [200, 10]], closed: false }, { id: 'r', points: [[0, 0], [50, 0], [50, 50]], closed: true, solid: false }] } },
    };
    const plain = countingContext();
    new Renderer().draw(plain.ctx, f);
    expect(plain.styles).not.toContain(f.theme.wall);
    for (const layers of [ALL_LAYERS, OVERLAY_LAYERS]) {
      const c = countingContext();
      new Renderer().draw(c.ctx, walled, layers);
      expect(c.styles).toContain(f.theme.wall);
      expect(c.styles).toContain(f.theme.wallRegion);
      expect(c.calls.get('setLineDash')).toBeGreaterThan(0);
      expect(c.styles).not.toContain(f.theme.hot);
    }
    const tool = countingContext();
    new Renderer().draw(tool.ctx, { ...walled, wallTool: { on: false, selected: 'w1', draft: [], next: null } });
    expect(tool.styles).toContain(f.theme.hot);
  });
});
