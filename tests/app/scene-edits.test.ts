import { describe, expect, it } from 'vitest';
import { sceneEdit, worldChangeEdit } from '../../src/app/scene-edits';
import { newScene } from '../../src/app/presets';
import type { SceneDocument } from '../../src/document/types';

const scene: SceneDocument = {
  ...newScene(),
  world: {
    ...newScene().world,
    obstacles: [
      { x: 100, y: 100, r: 20 },
      { x: 300, y: 200, r: 40 },
    ],
    targets: [{ name: 'den', x: 700, y: 500 }],
    paths: [{ id: 'route', points: [[0, 0], [50, 50]], loop: false }],
  },
};

describe('sceneEdit (the preview canvas)', () => {
  it('moves the obstacle dragged, and only it, to a tenth of a pixel', () => {
    const edit = sceneEdit(scene, { kind: 'move-obstacle', index: 1, x: 312.345, y: 199.96 })!;
    const after = edit(scene).world.obstacles;
    expect(after[0]).toEqual({ x: 100, y: 100, r: 20 });
    expect(after[1]).toEqual({ x: 312.3, y: 200, r: 40 });
  });

  it('moves a named target, adds and removes path points, and sets the seed', () => {
    expect(sceneEdit(scene, { kind: 'move-target', name: 'den', x: 10.04, y: 20 })!(scene).world.targets[0]).toEqual({ name: 'den', x: 10, y: 20 });
    expect(sceneEdit(scene, { kind: 'add-path-point', path: 'route', x: 80.06, y: 90 })!(scene).world.paths[0].points).toEqual([[0, 0], [50, 50], [80.1, 90]]);
    expect(sceneEdit(scene, { kind: 'remove-path-point', path: 'route', index: 0 })!(scene).world.paths[0].points).toEqual([[50, 50]]);
    expect(sceneEdit(scene, { kind: 'set-seed', seed: 42 })!(scene).world.seed).toBe(42);
  });
});

describe('worldChangeEdit (the World panel)', () => {
  it('makes the panel’s change an edit; choosing the path to edit is none', () => {
    expect(worldChangeEdit({ kind: 'world', patch: { width: 1000 } })!(scene).world.width).toBe(1000);
    expect(worldChangeEdit({ kind: 'obstacles', obstacles: [] })!(scene).world.obstacles).toEqual([]);
    expect(worldChangeEdit({ kind: 'edit-path', id: 'route' })).toBeNull();
  });
});

describe('wall edits from the preview and the World panel', () => {
  it('adds a drawn wall (to a tenth of a pixel), moves a vertex, closes it, makes it a region and removes it', () => {
    const added = sceneEdit(scene, { kind: 'add-wall', points: [[10.04, 20], [30, 40.06], [50, 20]], closed: false })!(scene);
    expect(added.world.walls).toEqual([{ id: 'w1', points: [[10, 20], [30, 40.1], [50, 20]], closed: false }]);
    const inserted = sceneEdit(added, { kind: 'insert-wall-point', wall: 'w1', index: 1, x: 20.04, y: 30 })!(added);
    expect(inserted.world.walls?.[0].points).toEqual([[10, 20], [20, 30], [30, 40.1], [50, 20]]);
    expect(sceneEdit(inserted, { kind: 'remove-wall-point', wall: 'w1', index: 1 })!(inserted).world.walls).toEqual(added.world.walls);
    const moved = sceneEdit(added, { kind: 'move-wall-point', wall: 'w1', index: 2, x: 60.01, y: 25 })!(added);
    expect(moved.world.walls?.[0].points[2]).toEqual([60, 25]);
    const region = worldChangeEdit({ kind: 'wall', id: 'w1', patch: { closed: true, solid: false } })!(moved);
    expect(region.world.walls?.[0]).toMatchObject({ closed: true, solid: false });
    expect(worldChangeEdit({ kind: 'remove-wall', id: 'w1' })!(region).world.walls).toBeUndefined();
    expect(sceneEdit(region, { kind: 'remove-wall', wall: 'w1' })!(region).world.walls).toBeUndefined();
    expect(worldChangeEdit({ kind: 'select-wall', id: 'w1' })).toBeNull();
  });
});
