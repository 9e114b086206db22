/** The wander-circle overlay: the circle ahead of each agent that its wander point drifts on (fed by Wander). */
import { strokeEach, type KindOverlayPainter } from './frame';

/** Sides of the circle's polygon, and its unit vertices (cos, sin) around the circle. */
const RING_SIDES = 14;
const RING = new Float64Array(2 * RING_SIDES);
for (let k = 0; k < RING_SIDES; k++) {
  RING[2 * k] = Math.cos((2 * Math.PI * k) / RING_SIDES);
  RING[2 * k + 1] = Math.sin((2 * Math.PI * k) / RING_SIDES);
}

export const wander: KindOverlayPainter = {
  combine: 'first',
  paint: (a) => {
    if (!a.style) return;
    const d = a.style.wanderDistance;
    const r = a.style.wanderRadius;
    const { ctx, pos, head } = a;
    strokeEach(a, a.frame.theme.wander, (i) => {
      const cx = pos[2 * i] + head[2 * i] * d;
      const cy = pos[2 * i + 1] + head[2 * i + 1] * d;
      // a small circle as a polygon: cheaper to stroke than an arc, and it looks the same
      ctx.moveTo(cx + r, cy);
      for (let k = 1; k < RING_SIDES; k++) ctx.lineTo(cx + r * RING[2 * k], cy + r * RING[2 * k + 1]);
      ctx.closePath();
    });
  },
};
