/**
 * Contract 7 at the edges of what the validator admits: every preset with its agent types' mass,
 * maxSpeed and maxForce at the ends of their ranges (a mass of 5e-324 made f / mass overflow, and
 * the velocity became NaN), in worlds from 5e-324 px to 1,000,000 px wide, run for a while: every
 * position and velocity finite, every agent inside the world, none faster than its maxSpeed.
 */
import { describe, expect, it } from 'vitest';
import { createBehaviorWorld } from '../../runtime/api';
import { compile } from '../../src/compiler/index';
import { instantiate } from '../../src/compiler/instantiate';
import { validateScene } from '../../src/document/load';
import type { SceneDocument } from '../../src/document/types';
import { PRESET_KEYS, preset } from './shared';

const MASSES = [5e-324, 1e-300, 1e-9, 1_000_000];
const SPEEDS = [0, 1e-9, 10_000];
const FORCES = [0, 10_000];
const SIZES: [number, number][] = [
  [800, 600],
  [5e-324, 1],
  [1_000_000, 1_000_000],
];

function problems(doc: SceneDocument, ticks: number): string[] {
  const v = validateScene(doc);
  if (!v.ok) return [`does not validate: ${v.errors[0].path}: ${v.errors[0].message}`];
  const out: string[] = [];
  const counts = Object.fromEntries(doc.agentTypes.map((t) => [t.id, Math.min(t.count, 6)]));
  const world = createBehaviorWorld(doc, instantiate(compile(doc)), { counts });
  const { width: W, height: H, edges } = doc.world;
  const maxSpeed = Object.fromEntries(doc.agentTypes.map((t) => [t.id, t.maxSpeed * (1 + (t.variation?.maxSpeed ?? 0))]));
  for (let t = 1; t <= ticks && out.length === 0; t++) {
    world.setPointer(W * ((t * 0.37) % 1), H * ((t * 0.61) % 1));
    world.step();
    for (const id of world.types) {
      const p = world.positions(id);
      const vel = world.velocities(id);
      for (let i = 0; i < p.length / 2; i++) {
        const [x, y, vx, vy] = [p[2 * i], p[2 * i + 1], vel[2 * i], vel[2 * i + 1]];
        if (![x, y, vx, vy].every(Number.isFinite)) out.push(`tick ${t}: ${id}[${i}] not finite: (${x}, ${y}) (${vx}, ${vy})`);
        else if (edges === 'wrap' ? !(x >= 0 && x < W && y >= 0 && y < H) : !(x >= 0 && x <= W && y >= 0 && y <= H)) out.push(`tick ${t}: ${id}[${i}] outside: (${x}, ${y})`);
        else if (Math.sqrt(vx * vx + vy * vy) > maxSpeed[id] * (1 + 1e-12)) out.push(`tick ${t}: ${id}[${i}] too fast: ${Math.sqrt(vx * vx + vy * vy)}`);
        if (out.length) break;
      }
    }
  }
  return out;
}

describe('the extremes the validator admits stay finite (contract 7)', () => {
  it.each(PRESET_KEYS.filter((k) => k !== 'large-flock'))('%s', (key) => {
    const failures: string[] = [];
    for (const mass of MASSES) {
      for (const maxSpeed of SPEEDS) {
        for (const maxForce of FORCES) {
          for (const [width, height] of SIZES) {
            for (const edges of ['wrap', 'bounce'] as const) {
              const doc = structuredClone(preset(key));
              doc.world = { ...doc.world, width, height, edges };
              for (const t of doc.agentTypes) Object.assign(t, { mass, maxSpeed, maxForce });
              const p = problems(doc, 30);
              if (p.length) failures.push(`mass ${mass}, maxSpeed ${maxSpeed}, maxForce ${maxForce}, ${width} × ${height} ${edges}: ${p[0]}`);
            }
          }
        }
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }, 120_000);
});
