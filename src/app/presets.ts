/**
 * The presets shipped with the app (presets/*.steer.json), and the starter a new scene and a new
 * agent type begin from (presets/starters/new-scene.steer.json), loaded through the same loader as
 * a user's file: a preset that did not load would be a bug, and shows as one.
 */
import { parseScene } from '../document/load';
import type { AgentType, SceneDocument } from '../document/types';
import newSceneFile from '../../presets/starters/new-scene.steer.json';

/** A preset: its file name (without .steer.json) and document. */
export interface Preset {
  key: string;
  doc: SceneDocument;
}

/** A shipped scene file's document (throws when it does not load). */
function loaded(key: string, value: unknown): SceneDocument {
  const r = parseScene(value);
  if (!r.ok) throw new Error(`preset ${key} does not load: ${r.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  return r.doc;
}

const files = import.meta.glob('../../presets/*.steer.json', { eager: true, import: 'default' }) as Record<string, unknown>;

/** Every preset, in file-name order, the default first. */
export const PRESETS: readonly Preset[] = Object.entries(files)
  .map(([file, value]) => {
    const key = file.replace(/^.*\//, '').replace(/\.steer\.json$/, '');
    return { key, doc: loaded(key, value) };
  })
  .sort((a, b) => (a.key === 'default' ? -1 : b.key === 'default' ? 1 : a.key.localeCompare(b.key)));

const STARTER = loaded('starters/new-scene', newSceneFile);

/** The scene a new user sees first (the blank scene in a build without presets). */
export function defaultScene(): SceneDocument {
  const p = PRESETS.find((x) => x.key === 'default') ?? PRESETS[0];
  return p ? p.doc : newScene();
}

/** A blank scene for New: one agent type that wanders. */
export function newScene(): SceneDocument {
  return structuredClone(STARTER);
}

/** Colours of added agent types, in turn. */
export const TYPE_COLOURS = ['#5ec8ff', '#ff7a59', '#7ee07e', '#f5c451', '#d99cff', '#ff6fae', '#4fd1c5', '#c0c8d0'];

/** A new agent type (+ Type): the starter's, under another id, name and colour. */
export function newAgentType(id: string, name: string, color: string): AgentType {
  return { ...structuredClone(STARTER.agentTypes[0]), id, name, color };
}
