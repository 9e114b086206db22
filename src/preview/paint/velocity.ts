/** The velocity overlay: each agent's velocity, as the distance it covers in VELOCITY_TICKS ticks. */
import { VELOCITY_TICKS, strokeEach, type AgentPainter } from './frame';

export const paintVelocity: AgentPainter = (a) => {
  const { ctx, pos, vel } = a;
  strokeEach(a, a.frame.theme.velocity, (i) => {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    ctx.moveTo(x, y);
    ctx.lineTo(x + vel[2 * i] * VELOCITY_TICKS, y + vel[2 * i + 1] * VELOCITY_TICKS);
  });
};
