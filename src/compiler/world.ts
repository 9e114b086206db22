/**
 * Problems of the world itself, not of one agent type's graph: today, walls the runtime ignores.
 * They are warnings with `agentType: ''` (WORLD) and the wall's id in `wall`, listed in the Problems
 * panel beside the graphs' own.
 */
import { EPS, Walls } from '../../runtime/walls';
import type { SceneDocument } from '../document/types';
import { GraphBudget, WORLD, quote, type Diagnostic } from './diagnostics';

/**
 * A warning for each wall with no segment left (every point within ε = 10⁻³ px of the one before
 * it: BEHAVIORS.md, "Walls"), found by the runtime's own cutting of walls into segments, so the two
 * cannot disagree. Appends to `out`; at most MAX_DIAGNOSTICS_PER_GRAPH, then one line counting the rest.
 */
export function worldDiagnostics(scene: SceneDocument, out: Diagnostic[]): void {
  const walls = scene.world.walls;
  if (!walls || walls.length === 0) return;
  const cut = new Walls(walls);
  const budget = new GraphBudget(out, WORLD, 'world.walls', {}, 'the walls');
  walls.forEach((w, k) => {
    if (cut.segments[k] > 0) return;
    budget.add({
      severity: 'warning',
      agentType: WORLD,
      wall: w.id,
      path: `world.walls[${k}]`,
      message: `Wall ${quote(w.id)} is ignored: it has no segment, every point repeating the one before it (within ${EPS} px)`,
    });
  });
  budget.finish();
}
