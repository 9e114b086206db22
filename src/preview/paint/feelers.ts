/** The feelers overlay: how far ahead each agent looks for obstacles at its speed (fed by Avoid). */
import { strokeEach, type KindOverlayPainter } from './frame';

export const feelers: KindOverlayPainter = {
  combine: 'widest',
  paint: (a) => {
    if (!a.style || !(a.style.maxSpeed > 0)) return;
    const k = a.style.feelerLength / a.style.maxSpeed;
    const { ctx, pos, vel } = a;
    strokeEach(a, a.frame.theme.feeler, (i) => {
      const x = pos[2 * i];
      const y = pos[2 * i + 1];
      ctx.moveTo(x, y);
      // feeler = heading × feelerLength × |v| / maxSpeed = v × feelerLength / maxSpeed
      ctx.lineTo(x + vel[2 * i] * k, y + vel[2 * i + 1] * k);
    });
  },
};
