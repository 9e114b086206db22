/** The agents' bodies: a slim triangle per agent, pointing along its kept heading, in its type's colour. */
import { AGENT_HALF_WIDTH, CHUNK_MASK, FALLBACK_COLOR, agentLength, flushFill, type AgentLayer } from './frame';

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
}
