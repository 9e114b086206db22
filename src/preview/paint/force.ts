/** The steering-force overlay: each agent's capped force of the last tick; maxForce is FORCE_LENGTH world px. */
import { FORCE_LENGTH, strokeEach, type AgentPainter } from './frame';

export const paintForce: AgentPainter = (a) => {
  const force = a.frame.forces.get(a.id);
  if (!force || !a.style || !(a.style.maxForce > 0)) return;
  const k = FORCE_LENGTH / a.style.maxForce;
  const nf = force.length >> 1;
  const { ctx, pos } = a;
  strokeEach(a, a.frame.theme.force, (i) => {
    if (i >= nf) return;
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    ctx.moveTo(x, y);
    ctx.lineTo(x + force[2 * i] * k, y + force[2 * i + 1] * k);
  });
};
