/**
 * How the preview carries a running world across a recompile, pure: compares the scene the world
 * was last synced to with the edited scene and says whether the world can resume (and which edits
 * to apply to it) or must start afresh.
 */
import type { Obstacle, SceneDocument } from '../document/types';

/** The parts of a scene the preview reconciles (a scene document, or a module's embedded copy). */
export type SceneShape = Pick<SceneDocument, 'world' | 'agentTypes'>;

/**
 * Why the world cannot resume from a snapshot of the old one, or null when it can: the world's
 * size, edges or seed changed, or agent types were added, removed or reordered.
 */
export function freshReason(prev: SceneShape, next: SceneShape): string | null {
  const a = prev.world;
  const b = next.world;
  if (a.width !== b.width || a.height !== b.height) return 'the world size changed';
  if (a.edges !== b.edges) return 'the edges changed';
  if (a.seed !== b.seed) return 'the seed changed';
  const ids = (s: SceneShape): string => JSON.stringify(s.agentTypes.map((t) => t.id));
  if (ids(prev) !== ids(next)) return 'the agent types changed';
  return null;
}

/** The edits that bring a resumed world in line with the edited scene. */
export interface SceneEdits {
  /** Agent types whose count differs from the world's: [type id, new count]. */
  counts: [string, number][];
  /** The scene's obstacles when they were edited (else null: the world keeps its drifted ones). */
  obstacles: Obstacle[] | null;
  /** Named targets whose start position was edited (and new targets), with their new position. */
  targets: { name: string; x: number; y: number }[];
  /**
   * Agent types whose per-agent limits (maxSpeed, maxForce or their variation) were edited: a
   * snapshot carries each agent's own limits, so these must be taken from a fresh spawn.
   */
  limits: string[];
}

/**
 * The edits from `prev` (the scene the world was synced to) to `next`, for a world whose agent
 * counts are `counts` (by type id). Call only when {@link freshReason} is null.
 */
export function sceneEdits(prev: SceneShape, next: SceneShape, counts: Readonly<Record<string, number>>): SceneEdits {
  const edits: SceneEdits = { counts: [], obstacles: null, targets: [], limits: [] };
  for (const t of next.agentTypes) {
    if (Object.hasOwn(counts, t.id) && counts[t.id] !== t.count) edits.counts.push([t.id, t.count]);
    const before = prev.agentTypes.find((p) => p.id === t.id);
    if (
      before &&
      (before.maxSpeed !== t.maxSpeed ||
        before.maxForce !== t.maxForce ||
        (before.variation?.maxSpeed ?? 0) !== (t.variation?.maxSpeed ?? 0) ||
        (before.variation?.maxForce ?? 0) !== (t.variation?.maxForce ?? 0))
    ) {
      edits.limits.push(t.id);
    }
  }
  if (!sameObstacles(prev.world.obstacles, next.world.obstacles)) edits.obstacles = next.world.obstacles.map((o) => ({ ...o }));
  for (const t of next.world.targets) {
    const before = prev.world.targets.find((p) => p.name === t.name);
    if (!before || before.x !== t.x || before.y !== t.y) edits.targets.push({ name: t.name, x: t.x, y: t.y });
  }
  return edits;
}

/** True when two obstacle lists are equal circle by circle (a missing drift counts as 0). */
export function sameObstacles(a: readonly Obstacle[], b: readonly Obstacle[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((o, k) => {
    const p = b[k];
    return o.x === p.x && o.y === p.y && o.r === p.r && (o.vx ?? 0) === (p.vx ?? 0) && (o.vy ?? 0) === (p.vy ?? 0);
  });
}
