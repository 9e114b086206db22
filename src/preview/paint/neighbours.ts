/** The neighbour-radius overlay: a circle of the type's widest sight round each agent (fed by Flock, Alignment, Cohesion). */
import { strokeEach, type KindOverlayPainter } from './frame';

export const neighbours: KindOverlayPainter = {
  combine: 'widest',
  paint: (a) => {
    if (!a.style || !(a.style.sight > 0)) return;
    const r = a.style.sight;
    const { ctx, pos } = a;
    strokeEach(a, a.frame.theme.neighbour, (i) => {
      ctx.moveTo(pos[2 * i] + r, pos[2 * i + 1]);
      ctx.arc(pos[2 * i], pos[2 * i + 1], r, 0, 2 * Math.PI);
    });
  },
};
