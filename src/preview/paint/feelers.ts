/** The feelers overlay: how far ahead each agent looks for obstacles at its speed (fed by Avoid). */
import { strokeVectors, type KindOverlayPainter } from './frame';

export const feelers: KindOverlayPainter = {
  combine: 'widest',
  paint: (a) => {
    if (!a.style || !(a.style.maxSpeed > 0)) return;
    // feeler = heading × feelerLength × |v| / maxSpeed = v × feelerLength / maxSpeed
    strokeVectors(a, a.frame.theme.feeler, a.vel, a.style.feelerLength / a.style.maxSpeed);
  },
};
