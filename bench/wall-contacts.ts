/**
 * How often the solid walls' contact has to act under Wall Avoid (issue 17; docs/performance.md,
 * "Walls: contacts"): Priority(Sum(Wall Avoid, Avoid), Wander), every node at its defaults but the
 * Wander (the maze preset's: distance 40, radius 20, jitter 1), run in the Maze preset's world (40
 * agents) and in the Rooms preset's (30 agents, the four pillars), at (maxSpeed 4, maxForce 0.3)
 * and (10, 1), for S seeds × T ticks each. Reported: the agent-ticks in which the contact acted
 * (the runtime's World.wallContacts) per 100,000 agent-ticks, and where those contacts happened:
 * within 12 px of a wall's free end, of a corner (a vertex where two or more segments meet), or
 * along a wall (the contacts of the first 100 ticks, while agents spawned at full speed in random
 * directions meet the walls, also apart).
 *
 *   npx tsx bench/wall-contacts.ts                         100 seeds × 100,000 ticks (the issue's size)
 *   npx tsx bench/wall-contacts.ts --seeds 10 --ticks 10000
 *   npx tsx bench/wall-contacts.ts --only maze --speeds 10  one world, one setting
 *
 * Progress (a line per seed) goes to stderr when it is a terminal or PROGRESS is set.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HANDOVER, createBehaviorWorld, type BehaviorWorld } from '../runtime/api';
import type { Handover } from '../runtime/handover';
import { compile } from '../src/compiler/index';
import { instantiate } from '../src/compiler/instantiate';
import { loadScene } from '../src/document/load';
import type { SceneDocument } from '../src/document/types';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const SEEDS = Number(opt('seeds', '100'));
const TICKS = Number(opt('ticks', '100000'));
const ONLY = opt('only', 'maze,rooms').split(',');
const SETTINGS = [
  { maxSpeed: 4, maxForce: 0.3 },
  { maxSpeed: 10, maxForce: 1 },
].filter((s) => opt('speeds', '4,10').split(',').map(Number).includes(s.maxSpeed));

const root = path.resolve(import.meta.dirname, '..');

/** A preset's world with one type of `count` agents steered by Priority(Sum(Wall Avoid, Avoid), Wander). */
function sceneOf(key: string, count: number, maxSpeed: number, maxForce: number): SceneDocument {
  const loaded = loadScene(readFileSync(path.join(root, 'presets', `${key}.steer.json`), 'utf8'));
  if (!loaded.ok) throw new Error(`presets/${key}.steer.json does not load`);
  const doc = loaded.doc;
  const node = (id: string, kind: string, params: Record<string, number | string | boolean>, x: number, y: number) => ({ id, kind, params, position: [x, y] as [number, number] });
  const wire = (a: string, ap: string, b: string, bp: string) => ({ from: [a, ap] as [string, string], to: [b, bp] as [string, string] });
  doc.agentTypes = [
    {
      id: 'agent',
      name: 'Agent',
      color: '#4dd0c8',
      count,
      mass: 1,
      maxSpeed,
      maxForce,
      spawn: { speed: 1 },
      states: [
        {
          name: 'default',
          graph: {
            nodes: [
              node('obstacles', 'obstacles', {}, 0, 0),
              node('walls', 'wall-avoid', {}, 260, 0),
              node('avoid', 'avoid', {}, 260, 200),
              node('wander', 'wander', { distance: 40, radius: 20, jitter: 1 }, 260, 400),
              node('sum', 'sum', { inputs: 2 }, 520, 0),
              node('priority', 'priority', { inputs: 2 }, 780, 0),
              node('out', 'agent-output', {}, 1040, 0),
            ],
            connections: [
              wire('obstacles', 'obstacles', 'avoid', 'obstacles'),
              wire('walls', 'force', 'sum', 'in0'),
              wire('avoid', 'force', 'sum', 'in1'),
              wire('sum', 'force', 'priority', 'in0'),
              wire('wander', 'force', 'priority', 'in1'),
              wire('priority', 'force', 'out', 'force'),
            ],
          },
        },
      ],
    },
  ];
  return doc;
}

/** The walls' vertices: free ends (one segment) and corners (two or more), as x, y, kind. */
function vertices(doc: SceneDocument): { x: number; y: number; end: boolean }[] {
  const at = new Map<string, number>();
  for (const w of doc.world.walls ?? []) {
    const n = w.points.length;
    w.points.forEach((p, k) => {
      const ends = w.closed ? 2 : (k > 0 ? 1 : 0) + (k < n - 1 ? 1 : 0);
      const key = `${p[0]},${p[1]}`;
      at.set(key, (at.get(key) ?? 0) + ends);
    });
  }
  return [...at].map(([k, c]) => {
    const [x, y] = k.split(',').map(Number);
    return { x, y, end: c === 1 };
  });
}

const contactsOf = (w: BehaviorWorld) => ((w as unknown as { [HANDOVER](): Handover })[HANDOVER]() as Handover).world.wallContacts;

interface Result {
  world: string;
  maxSpeed: number;
  maxForce: number;
  agentTicks: number;
  contacts: number;
  /** Of those, in the first 100 ticks (agents spawned at full speed in random directions, some next to a wall). */
  early: number;
  worstSeed: number;
  worst: number;
  where: { end: number; corner: number; along: number };
}

function measure(key: string, count: number, maxSpeed: number, maxForce: number): Result {
  const doc = sceneOf(key, count, maxSpeed, maxForce);
  const compiled = compile(doc);
  if (compiled.diagnostics.some((d) => d.severity === 'error')) throw new Error(compiled.diagnostics.map((d) => d.message).join('; '));
  const verts = vertices(doc);
  const { width: W, height: H } = doc.world;
  const r: Result = { world: key, maxSpeed, maxForce, agentTicks: 0, contacts: 0, early: 0, worstSeed: -1, worst: 0, where: { end: 0, corner: 0, along: 0 } };
  const before = new Float64Array(2 * count);
  for (let seed = 1; seed <= SEEDS; seed++) {
    const w = createBehaviorWorld(doc, instantiate(compiled), { seed });
    let last = 0;
    for (let t = 0; t < TICKS; t++) {
      if (t === 100) r.early += contactsOf(w);
      before.set(w.positions('agent'));
      w.step();
      const now = contactsOf(w);
      if (now === last) continue;
      last = now;
      // which agents: a contact makes the move differ from the final velocity (p ≠ p0 + v), away from the edges
      const p = w.positions('agent');
      const v = w.velocities('agent');
      for (let i = 0; i < count; i++) {
        const [x, y] = [p[2 * i], p[2 * i + 1]];
        if (x <= 0 || y <= 0 || x >= W || y >= H) continue;
        if (Math.abs(before[2 * i] + v[2 * i] - x) + Math.abs(before[2 * i + 1] + v[2 * i + 1] - y) < 1e-9) continue;
        let best = Infinity;
        let end = false;
        for (const q of verts) {
          const d = Math.hypot(q.x - x, q.y - y);
          if (d < best) (best = d), (end = q.end);
        }
        r.where[best > 12 ? 'along' : end ? 'end' : 'corner']++;
      }
    }
    const c = contactsOf(w);
    if (process.stderr.isTTY || process.env.PROGRESS) process.stderr.write(`${key} ${maxSpeed}: seed ${seed}/${SEEDS}, ${c} contacts\n`);
    r.contacts += c;
    r.agentTicks += count * TICKS;
    if (c > r.worst) (r.worst = c), (r.worstSeed = seed);
  }
  return r;
}

const t0 = performance.now();
console.log(`Priority(Sum(Wall Avoid, Avoid), Wander): ${SEEDS} seeds × ${TICKS.toLocaleString('en-US')} ticks per row`);
console.log('');
console.log('| World | Agents | maxSpeed, maxForce | Agent-ticks | Contacts (in the first 100 ticks) | Per 100,000 agent-ticks | After tick 100, per 100,000 | Worst seed (contacts) | At a free end / a corner / along a wall |');
console.log('|---|---:|---|---:|---:|---:|---:|---|---|');
for (const key of ONLY) {
  const count = key === 'maze' ? 40 : 30;
  for (const s of SETTINGS) {
    const r = measure(key, count, s.maxSpeed, s.maxForce);
    const rate = (r.contacts / r.agentTicks) * 1e5;
    const later = ((r.contacts - r.early) / (r.agentTicks - SEEDS * count * Math.min(100, TICKS))) * 1e5;
    console.log(
      `| ${key} | ${count} | ${s.maxSpeed}, ${s.maxForce} | ${r.agentTicks.toLocaleString('en-US')} | ${r.contacts} (${r.early}) | ${rate.toFixed(2)} | ${later.toFixed(2)} | ${r.worstSeed} (${r.worst}) | ${r.where.end} / ${r.where.corner} / ${r.where.along} |`,
    );
  }
}
console.log('');
console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s`);
