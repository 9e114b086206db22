/**
 * The presets shipped with the app (presets/*.steer.json), loaded through the same loader as a
 * user's file: a preset that did not load would be a bug, and shows as one.
 */
import { parseScene } from '../document/load';
import type { SceneDocument } from '../document/types';

/** A preset: its file name (without .steer.json) and document. */
export interface Preset {
  key: string;
  doc: SceneDocument;
}

const files = import.meta.glob('../../presets/*.steer.json', { eager: true, import: 'default' }) as Record<string, unknown>;

/** Every preset, in file-name order, the default first. */
export const PRESETS: readonly Preset[] = Object.entries(files)
  .map(([file, value]) => {
    const key = file.replace(/^.*\//, '').replace(/\.steer\.json$/, '');
    const loaded = parseScene(value);
    if (!loaded.ok) throw new Error(`preset ${key} does not load: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    return { key, doc: loaded.doc };
  })
  .sort((a, b) => (a.key === 'default' ? -1 : b.key === 'default' ? 1 : a.key.localeCompare(b.key)));

/** The scene a new user sees first. */
export function defaultScene(): SceneDocument {
  const p = PRESETS.find((x) => x.key === 'default') ?? PRESETS[0];
  return p ? p.doc : fallbackScene();
}

/** A small flock, for a build without presets. */
export function fallbackScene(): SceneDocument {
  return {
    format: 'steergraph',
    version: 1,
    name: 'Flock',
    description: 'Boids flocking and wandering.',
    world: { width: 800, height: 600, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [] },
    agentTypes: [
      {
        id: 'boid',
        name: 'Boid',
        color: '#5ec8ff',
        count: 60,
        mass: 1,
        maxSpeed: 3,
        maxForce: 0.15,
        graph: {
          nodes: [
            { id: 'n1', kind: 'flock', params: {}, position: [0, 0] },
            { id: 'n2', kind: 'wander', params: {}, position: [0, 260] },
            { id: 'n3', kind: 'sum', params: {}, position: [280, 60] },
            { id: 'n4', kind: 'agent-output', params: {}, position: [540, 80] },
          ],
          connections: [
            { from: ['n1', 'force'], to: ['n3', 'in0'] },
            { from: ['n2', 'force'], to: ['n3', 'in1'] },
            { from: ['n3', 'force'], to: ['n4', 'force'] },
          ],
        },
      },
    ],
  };
}
