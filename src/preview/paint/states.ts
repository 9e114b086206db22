/**
 * The agents' state marks: a ring in the state's colour around each agent not in its type's first
 * state (the first state is drawn as before, so a scene without states looks and costs the same).
 * Drawn over the bodies of whichever renderer drew them, for the types with states only.
 */
import { STATE_COLORS, stateColorProperty, type TypeStateCounts } from '../state-counts';
import type { View } from '../view';
import { CHUNK_MASK, agentLength, flushStroke } from './frame';

/** The state colours of an element, from its `--steer-preview-state-0…7` custom properties. */
export function readStateColors(el: Element): string[] {
  const style = getComputedStyle(el);
  return STATE_COLORS.map((fallback, k) => style.getPropertyValue(stateColorProperty(k)).trim() || fallback);
}

/** What the marks are drawn from. */
export interface MarkedWorld {
  positions(typeId: string): ArrayLike<number>;
  states(typeId: string): ArrayLike<number>;
}

/** Rings the agents of `types` by their state (see the file comment); the context's transform is reset to CSS px × dpr after. */
export function paintStateMarks(ctx: CanvasRenderingContext2D, dpr: number, view: View, world: MarkedWorld, types: readonly TypeStateCounts[], colors: readonly string[]): void {
  if (!types.length) return;
  const s = view.scale;
  ctx.setTransform(dpr * s, 0, 0, dpr * s, dpr * view.x, dpr * view.y);
  const r = agentLength(s) * 0.6;
  ctx.lineWidth = 1.25 / s;
  for (const t of types) {
    const pos = world.positions(t.id);
    const st = world.states(t.id);
    const n = Math.min(pos.length >> 1, st.length);
    for (let k = 1; k < t.names.length; k++) {
      if (t.counts[k] === 0) continue;
      ctx.strokeStyle = colors[k % colors.length];
      ctx.beginPath();
      let j = 0;
      for (let i = 0; i < n; i++) {
        if (st[i] !== k) continue;
        const x = pos[2 * i];
        const y = pos[2 * i + 1];
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        if ((j++ & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
      }
      ctx.stroke();
    }
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
}
