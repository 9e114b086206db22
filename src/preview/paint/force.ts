/** The steering-force overlay: each agent's capped force of the last tick; maxForce is FORCE_LENGTH world px. */
import { FORCE_LENGTH, strokeVectors, type AgentPainter } from './frame';

export const paintForce: AgentPainter = (a) => {
  const force = a.frame.forces.get(a.id);
  if (!force || !a.style || !(a.style.maxForce > 0)) return;
  strokeVectors(a, a.frame.theme.force, force, FORCE_LENGTH / a.style.maxForce, force.length >> 1);
};
