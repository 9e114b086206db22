/**
 * The agents' bodies: a slim triangle per agent, pointing along its kept heading, in its type's
 * colour; for a type with a radius, also the agent's circle (its size for Avoid Agents and Queue).
 */
import { AGENT_HALF_WIDTH, CHUNK_MASK, FALLBACK_COLOR, agentLength, flushFill, flushStroke, type AgentLayer } from './frame';

export function paintBodies(a: AgentLayer): void {
  const { ctx, pos, head, n } = a;
  const len = agentLength(a.frame.view.scale);
  const wid = len * AGENT_HALF_WIDTH;
  ctx.fillStyle = a.style?.color ?? FALLBACK_COLOR;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    const hx = head[2 * i];
    const hy = head[2 * i + 1];
    const bx = x - hx * len * 0.4;
    const by = y - hy * len * 0.4;
    ctx.moveTo(x + hx * len * 0.6, y + hy * len * 0.6);
    ctx.lineTo(bx - hy * wid, by + hx * wid);
    ctx.lineTo(bx + hy * wid, by - hx * wid);
    ctx.closePath();
    if ((i & CHUNK_MASK) === CHUNK_MASK) flushFill(ctx);
  }
  ctx.fill();
  const r = a.style?.radius ?? 0;
  if (r > 0) paintCircles(a, r);
}

/** Each agent's circle of radius r (world px), stroked thinly in the type's colour, CHUNK agents per path. */
function paintCircles(a: AgentLayer, r: number): void {
  const { ctx, pos, n } = a;
  ctx.strokeStyle = a.style?.color ?? FALLBACK_COLOR;
  ctx.lineWidth = a.hair;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 6.283185307179586);
    if ((i & CHUNK_MASK) === CHUNK_MASK) flushStroke(ctx);
  }
  ctx.stroke();
}
