import { World, type AgentTypeSpec, type TypeLayout, type WorldSpec } from '../../runtime/world';

/** A world spec with one agent type; fields can be overridden. */
export function spec(type: Partial<AgentTypeSpec> = {}, world: Partial<WorldSpec> = {}): WorldSpec {
  return {
    width: 800,
    height: 600,
    edges: 'wrap',
    seed: 1,
    agentTypes: [{ id: 'a', count: 1, mass: 1, maxSpeed: 4, maxForce: 0.2, ...type }],
    ...world,
  };
}

/** A world with one agent type, its first agent placed at (x, y) with velocity (vx, vy). */
export function oneAgent(
  x: number,
  y: number,
  vx = 0,
  vy = 0,
  type: Partial<AgentTypeSpec> = {},
  world: Partial<WorldSpec> = {},
  layout?: TypeLayout,
): World {
  const w = new World(spec(type, world), [layout]);
  const a = w.types[0];
  a.pos[0] = x;
  a.pos[1] = y;
  a.vel[0] = vx;
  a.vel[1] = vy;
  const s = Math.sqrt(vx * vx + vy * vy);
  if (s > 0) {
    a.head[0] = vx / s;
    a.head[1] = vy / s;
  }
  return w;
}
