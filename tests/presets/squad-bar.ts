/**
 * The formation bar of issue 21, measured on a scene like the "Squad in a wedge" preset: after each
 * 90° turn of the leader, the ticks until every follower is within `radius` of its slot's place in
 * the leader's frame (BEHAVIORS.md, "Offset Pursuit and formations": W = L.p + hL·ox + sL·oy).
 */
import { slotOffset, SHAPES } from '../../runtime/behaviors/formation';
import type { SceneDocument } from '../../src/document/types';
import { worldOf } from './helpers';

export interface TurnSettle {
  /** The tick the leader's heading came within 1° of the new direction. */
  turned: number;
  /** Ticks from then until every follower was within its radius of its slot (Infinity: not before the next turn). */
  settle: number;
  /** The largest follower's distance from its slot after it settled, until the leader began its next turn, px. */
  held: number;
}

/** Runs `ticks` ticks of a scene with a leader type and a follower type in a Formation; one entry per completed turn. */
export function formationTurns(doc: SceneDocument, leader: string, follower: string, ticks: number, seed?: number): TurnSettle[] {
  const w = worldOf(doc, seed === undefined ? {} : { seed });
  const f = doc.agentTypes.find((t) => t.id === follower)!;
  const node = f.states[0].graph.nodes.find((n) => n.kind === 'formation')!;
  const shape = SHAPES.indexOf((node.params.shape as (typeof SHAPES)[number]) ?? 'wedge');
  const s = (node.params.spacing as number) ?? 30;
  const d = (node.params.depth as number) ?? 30;
  const radius = f.radius ?? 0;
  const n = f.count;
  const off = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) slotOffset(off, 2 * k, shape, k, n, s, d);
  const errorAt = (): number => {
    const L = w.positions(leader);
    const H = w.headings(leader);
    const P = w.positions(follower);
    let worst = 0;
    for (let k = 0; k < n; k++) {
      const wx = L[0] + H[0] * off[2 * k] - H[1] * off[2 * k + 1];
      const wy = L[1] + H[1] * off[2 * k] + H[0] * off[2 * k + 1];
      worst = Math.max(worst, Math.hypot(P[2 * k] - wx, P[2 * k + 1] - wy));
    }
    return worst;
  };
  const turns: TurnSettle[] = [];
  const axes = [[1, 0], [0, 1], [-1, 0], [0, -1]];
  const cos1 = Math.cos(Math.PI / 180);
  let axis = -1;
  let open: TurnSettle | null = null;
  for (let t = 0; t < ticks; t++) {
    w.step();
    const H = w.headings(leader);
    const now = axes.findIndex(([x, y]) => H[0] * x + H[1] * y > cos1);
    if (now >= 0 && now !== axis) {
      if (axis >= 0 && (now - axis + 4) % 4 === 1) {
        if (open) turns.push(open);
        open = { turned: t, settle: Infinity, held: 0 };
      }
      axis = now;
    }
    if (open && now === axis) {
      const e = errorAt();
      if (open.settle === Infinity && e < radius) open.settle = t - open.turned;
      else if (open.settle !== Infinity) open.held = Math.max(open.held, e);
    }
  }
  return turns;
}
