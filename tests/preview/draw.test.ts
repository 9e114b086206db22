import { describe, expect, it } from 'vitest';
import { Renderer, typeStyles } from '../../src/preview/draw';
import { edited, previewScene } from './scene';

describe('typeStyles', () => {
  it('takes each type’s colour, limits and overlay sizes from its scene and nodes', () => {
    const styles = typeStyles(previewScene());
    expect(styles.get('boid')).toEqual({
      color: '#5ec8ff',
      maxSpeed: 3,
      maxForce: 0.15,
      wanderDistance: 30,
      wanderRadius: 12,
      feelerLength: 120,
      sight: 80,
      // (no radius in the scene: a point agent)
      radius: 0,
    });
  });

  it('falls back to the node defaults for a type without those nodes', () => {
    // the hunter has no Wander, Avoid or Flock: Wander 10 px ahead, radius 5; feelers 300 px; sight 100 px
    expect(typeStyles(previewScene()).get('hunter')).toMatchObject({ wanderDistance: 10, wanderRadius: 5, feelerLength: 300, sight: 100 });
  });

  it('uses the widest sight of the flocking nodes and defaults for unset parameters', () => {
    const scene = edited(previewScene(), (s) => {
      s.agentTypes[1].states[0].graph.nodes.push(
        { id: 'a', kind: 'alignment', params: { sight: 150 }, position: [0, 0] },
        { id: 'c', kind: 'cohesion', params: {}, position: [0, 0] },
      );
    });
    expect(typeStyles(scene).get('hunter')?.sight).toBe(150);
  });

  it('gives nothing for no scene', () => {
    expect(typeStyles(null).size).toBe(0);
  });
});

describe('Renderer.updateHeadings', () => {
  const vel = Float64Array.of(0, 2, 0, 0);
  const world = (drawn?: Float64Array | null, head?: Float64Array) => ({
    types: ['a'],
    positions: () => Float64Array.of(0, 0, 5, 5),
    velocities: () => vel,
    ...(drawn !== undefined ? { drawnHeadings: () => drawn } : {}),
    ...(head ? { headings: () => head } : {}),
  });

  it('draws a smoothed type by the world’s drawn headings', () => {
    const r = new Renderer();
    const drawn = Float64Array.of(0.6, 0.8, -1, 0);
    r.updateHeadings(world(drawn, Float64Array.of(0, 1, 1, 0)));
    expect(Array.from(r.headingsOf('a', 2))).toEqual([0.6, 0.8, -1, 0]);
  });

  it('draws any other type by its velocity, a stopped agent keeping its last heading', () => {
    const head = Float64Array.of(0, 1, 1, 0);
    for (const w of [world(), world(null), world(head, head)]) {
      const r = new Renderer();
      r.updateHeadings(w);
      expect(Array.from(r.headingsOf('a', 2))).toEqual([0, 1, 1, 0]);
    }
  });
});
