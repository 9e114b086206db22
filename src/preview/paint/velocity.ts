/** The velocity overlay: each agent's velocity, as the distance it covers in VELOCITY_TICKS ticks. */
import { VELOCITY_TICKS, strokeVectors, type AgentPainter } from './frame';

export const paintVelocity: AgentPainter = (a) => strokeVectors(a, a.frame.theme.velocity, a.vel, VELOCITY_TICKS);
