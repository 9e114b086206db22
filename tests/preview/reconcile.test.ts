import { describe, expect, it } from 'vitest';
import { freshReason, sameObstacles, sceneEdits } from '../../src/preview/reconcile';
import { edited, previewScene } from './scene';

const base = previewScene();
const counts = { boid: 60, hunter: 5 };

describe('freshReason', () => {
  it('lets a world resume across graph and parameter edits', () => {
    const next = edited(base, (s) => {
      s.agentTypes[0].states[0].graph.nodes[1].params.radius = 20;
      s.agentTypes[0].color = '#ffffff';
      s.world.obstacles.push({ x: 1, y: 2, r: 3 });
      s.agentTypes[1].count = 9;
    });
    expect(freshReason(base, next)).toBeNull();
  });

  it('starts afresh when the world size, edges or seed change', () => {
    expect(freshReason(base, edited(base, (s) => (s.world.width = 900)))).toMatch(/size/);
    expect(freshReason(base, edited(base, (s) => (s.world.height = 500)))).toMatch(/size/);
    expect(freshReason(base, edited(base, (s) => (s.world.edges = 'bounce')))).toMatch(/edges/);
    expect(freshReason(base, edited(base, (s) => (s.world.seed = 8)))).toMatch(/seed/);
  });

  it('starts afresh when agent types are added, removed or reordered', () => {
    expect(freshReason(base, edited(base, (s) => s.agentTypes.reverse()))).toMatch(/agent types/);
    expect(freshReason(base, edited(base, (s) => s.agentTypes.pop()))).toMatch(/agent types/);
    expect(freshReason(base, edited(base, (s) => s.agentTypes.push({ ...s.agentTypes[1], id: 'third' })))).toMatch(/agent types/);
  });
});

describe('sceneEdits', () => {
  it('finds nothing to do for an unchanged scene', () => {
    expect(sceneEdits(base, structuredClone(base), counts)).toEqual({ counts: [], obstacles: null, targets: [], limits: [] });
  });

  it('sets the counts that differ from the world’s', () => {
    const next = edited(base, (s) => (s.agentTypes[1].count = 12));
    expect(sceneEdits(base, next, counts).counts).toEqual([['hunter', 12]]);
    // a world whose count was changed at run time is brought back to the scene's
    expect(sceneEdits(base, base, { boid: 61, hunter: 5 }).counts).toEqual([['boid', 60]]);
  });

  it('replaces the obstacles only when the scene’s obstacles were edited', () => {
    const moved = edited(base, (s) => (s.world.obstacles[0].x = 250));
    expect(sceneEdits(base, moved, counts).obstacles).toEqual(moved.world.obstacles);
    const drift = edited(base, (s) => (s.world.obstacles[0].vx = 1));
    expect(sceneEdits(base, drift, counts).obstacles?.[0]).toEqual({ x: 200, y: 200, r: 40, vx: 1 });
    const removed = edited(base, (s) => s.world.obstacles.pop());
    expect(sceneEdits(base, removed, counts).obstacles).toHaveLength(1);
  });

  it('moves the targets whose start was edited, and places new ones', () => {
    const next = edited(base, (s) => {
      s.world.targets[1].y = 99;
      s.world.targets.push({ name: 'den', x: 5, y: 6 });
    });
    expect(sceneEdits(base, next, counts).targets).toEqual([
      { name: 'gate', x: 120, y: 99 },
      { name: 'den', x: 5, y: 6 },
    ]);
  });

  it('lists the types whose per-agent limits were edited', () => {
    const next = edited(base, (s) => {
      s.agentTypes[0].variation = { maxSpeed: 0.5 };
      s.agentTypes[1].maxForce = 0.3;
    });
    expect(sceneEdits(base, next, counts).limits).toEqual(['boid', 'hunter']);
    expect(sceneEdits(base, edited(base, (s) => (s.agentTypes[1].mass = 4)), counts).limits).toEqual([]);
  });
});

describe('sameObstacles', () => {
  it('treats a missing drift as 0', () => {
    expect(sameObstacles([{ x: 1, y: 2, r: 3 }], [{ x: 1, y: 2, r: 3, vx: 0, vy: 0 }])).toBe(true);
    expect(sameObstacles([{ x: 1, y: 2, r: 3 }], [{ x: 1, y: 2, r: 4 }])).toBe(false);
  });
});
