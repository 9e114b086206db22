/**
 * Writes the three presets with walls (issue 17): presets/maze.steer.json, presets/rooms.steer.json
 * and presets/hide-and-seek.steer.json, in the form the app saves (serializeScene). The maze is
 * generated deterministically (a depth-first maze from a fixed seed, then a few extra openings),
 * so running this again gives the same files:
 *
 *   npx tsx scripts/wall-presets.ts          (writes the three files)
 *   npx tsx scripts/wall-presets.ts --check  (exits 1 when a file differs from what it would write)
 *
 * The geometry is exported too (mazeWalls, roomsWalls, MAZE, ROOMS): bench/wall-contacts.ts and the
 * presets' tests read the cells and doorways from here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadScene } from '../src/document/load';
import { serializeScene } from '../src/document/serialize';
import { nodeBox } from '../tests/presets/helpers';
import type { AgentType, Connection, GraphNode, SceneDocument, SceneWall } from '../src/document/types';
import { VERSION } from '../src/document/types';

// ── The maze ─────────────────────────────────────────────────────────────────────────────────

/** The maze's grid: 10 × 7 cells of 96 px, filling the world (whose bounce edges are its outer wall). */
export const MAZE = { cols: 10, rows: 7, cell: 96, seed: 17, extraOpenings: 8, overhang: 12 } as const;

/** A small deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The maze's inner walls, as unit edges of the grid: 'h' edges lie on the line y = r·cell between
 * cells (c, r − 1) and (c, r); 'v' edges on x = c·cell between (c − 1, r) and (c, r).
 */
export function mazeEdges(): { h: boolean[][]; v: boolean[][] } {
  const { cols, rows, seed, extraOpenings } = MAZE;
  const next = rng(seed);
  // h[r][c] for r in 1..rows-1, v[r][c] for c in 1..cols-1: true = a wall
  const h = Array.from({ length: rows + 1 }, () => Array<boolean>(cols).fill(true));
  const v = Array.from({ length: rows }, () => Array<boolean>(cols + 1).fill(true));
  const seen = Array.from({ length: rows }, () => Array<boolean>(cols).fill(false));
  const stack: [number, number][] = [[0, 0]];
  seen[0][0] = true;
  while (stack.length) {
    const [c, r] = stack[stack.length - 1];
    const options = ([[1, 0], [-1, 0], [0, 1], [0, -1]] as const).filter(([dc, dr]) => {
      const [nc, nr] = [c + dc, r + dr];
      return nc >= 0 && nc < cols && nr >= 0 && nr < rows && !seen[nr][nc];
    });
    if (!options.length) {
      stack.pop();
      continue;
    }
    const [dc, dr] = options[Math.floor(next() * options.length)];
    const [nc, nr] = [c + dc, r + dr];
    if (dc) v[r][Math.max(c, nc)] = false;
    else h[Math.max(r, nr)][c] = false;
    seen[nr][nc] = true;
    stack.push([nc, nr]);
  }
  // a few extra openings make loops, so that a wanderer is not sent back along every dead end
  let opened = 0;
  while (opened < extraOpenings) {
    if (next() < 0.5) {
      const [r, c] = [1 + Math.floor(next() * (rows - 1)), Math.floor(next() * cols)];
      if (h[r][c]) (h[r][c] = false), opened++;
    } else {
      const [r, c] = [Math.floor(next() * rows), 1 + Math.floor(next() * (cols - 1))];
      if (v[r][c]) (v[r][c] = false), opened++;
    }
  }
  return { h, v };
}

/**
 * Joins unit edges (each a pair of grid points) into polylines: from each end (a point of one
 * edge, or of three or more) walk on, going straight where possible, until a point with no unused edge.
 * Ends on the world's border are pushed `overhang` px beyond it, so that no agent slips round a
 * wall's end between it and the edge.
 */
function polylines(edges: [[number, number], [number, number]][], scale: number, border: { cols: number; rows: number }): [number, number][][] {
  const key = (p: readonly [number, number]) => `${p[0]},${p[1]}`;
  const at = new Map<string, number[]>();
  edges.forEach(([a, b], k) => {
    for (const p of [a, b]) at.set(key(p), [...(at.get(key(p)) ?? []), k]);
  });
  const used = edges.map(() => false);
  const other = (k: number, p: readonly [number, number]) => (key(edges[k][0]) === key(p) ? edges[k][1] : edges[k][0]);
  const lines: [number, number][][] = [];
  const starts = [...at.keys()].sort((a, b) => ((at.get(a)!.length === 2 ? 1 : 0) - (at.get(b)!.length === 2 ? 1 : 0)) || (a < b ? -1 : a > b ? 1 : 0));
  for (const s of starts) {
    for (;;) {
      const first = at.get(s)!.find((k) => !used[k]);
      if (first === undefined) break;
      const start = s.split(',').map(Number) as [number, number];
      const line: [number, number][] = [start];
      let [p, k]: [[number, number], number | undefined] = [start, first];
      while (k !== undefined) {
        used[k] = true;
        const q = other(k, p);
        line.push(q);
        const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
        const free = at.get(key(q))!.filter((j) => !used[j]);
        const straight = free.find((j) => {
          const r = other(j, q);
          return r[0] - q[0] === dx && r[1] - q[1] === dy;
        });
        p = q;
        k = straight ?? free[0];
      }
      lines.push(line);
    }
  }
  // drop the inner points of straight runs, scale, and push border ends out
  return lines.map((line) => {
    const kept = line.filter((p, i) => {
      if (i === 0 || i === line.length - 1) return true;
      const [a, b] = [line[i - 1], line[i + 1]];
      return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
    });
    const out = kept.map(([x, y]) => [x * scale, y * scale] as [number, number]);
    const push = (i: number, j: number) => {
      const [p, q] = [kept[i], kept[j]];
      const onBorder = p[0] === 0 || p[1] === 0 || p[0] === border.cols || p[1] === border.rows;
      if (!onBorder) return;
      const [dx, dy] = [Math.sign(p[0] - q[0]), Math.sign(p[1] - q[1])];
      out[i] = [out[i][0] + dx * MAZE.overhang, out[i][1] + dy * MAZE.overhang];
    };
    push(0, 1);
    push(kept.length - 1, kept.length - 2);
    return out;
  });
}

/** The maze's walls (polylines; the world's bounce edges are its outer wall). */
export function mazeWalls(): SceneWall[] {
  const { cols, rows, cell } = MAZE;
  const { h, v } = mazeEdges();
  const edges: [[number, number], [number, number]][] = [];
  for (let r = 1; r < rows; r++) for (let c = 0; c < cols; c++) if (h[r][c]) edges.push([[c, r], [c + 1, r]]);
  for (let r = 0; r < rows; r++) for (let c = 1; c < cols; c++) if (v[r][c]) edges.push([[c, r], [c, r + 1]]);
  return polylines(edges, cell, { cols, rows }).map((points, k) => ({ id: `w${k + 1}`, points, closed: false }));
}

// ── The rooms ────────────────────────────────────────────────────────────────────────────────

/**
 * Four rooms, 2 × 2, in a 960 × 640 world: a wall down the middle and one across, each with two
 * doorways of `door` px, one into each neighbouring room, and a pillar in the middle of each room.
 */
export const ROOMS = { width: 960, height: 640, door: 90, pillar: 36, overhang: 12 } as const;

/** The doorways, in the order the crowd's looped path goes through them: centre and which wall ('v' on x = W/2, 'h' on y = H/2). */
export function doorways(): { x: number; y: number; wall: 'v' | 'h' }[] {
  const { width: W, height: H } = ROOMS;
  return [
    { x: W / 2, y: H / 4, wall: 'v' }, // top-left → top-right
    { x: (3 * W) / 4, y: H / 2, wall: 'h' }, // top-right → bottom-right
    { x: W / 2, y: (3 * H) / 4, wall: 'v' }, // bottom-right → bottom-left
    { x: W / 4, y: H / 2, wall: 'h' }, // bottom-left → top-left
  ];
}

export function roomsWalls(): SceneWall[] {
  const { width: W, height: H, door, overhang: o } = ROOMS;
  const g = door / 2;
  return [
    { id: 'north', points: [[W / 2, -o], [W / 2, H / 4 - g]], closed: false },
    { id: 'middle-v', points: [[W / 2, H / 4 + g], [W / 2, (3 * H) / 4 - g]], closed: false },
    { id: 'south', points: [[W / 2, (3 * H) / 4 + g], [W / 2, H + o]], closed: false },
    { id: 'west', points: [[-o, H / 2], [W / 4 - g, H / 2]], closed: false },
    { id: 'middle-h', points: [[W / 4 + g, H / 2], [(3 * W) / 4 - g, H / 2]], closed: false },
    { id: 'east', points: [[(3 * W) / 4 + g, H / 2], [W + o, H / 2]], closed: false },
  ];
}

/** The looped path through the doorways: a point 70 px before and after each (square to its wall). */
export function roomsPath(): [number, number][] {
  const d = 70;
  const { width: W, height: H } = ROOMS;
  const sides: [number, number][] = [];
  for (const door of doorways()) {
    // which way the loop goes through it: clockwise round the middle
    const [dx, dy] = door.wall === 'v' ? [door.y < H / 2 ? 1 : -1, 0] : [0, door.x > W / 2 ? 1 : -1];
    sides.push([door.x - dx * d, door.y - dy * d], [door.x + dx * d, door.y + dy * d]);
  }
  return sides;
}

// ── Graph building ───────────────────────────────────────────────────────────────────────────

type P = GraphNode['params'];
const node = (id: string, kind: string, params: P, x: number, y: number): GraphNode => ({ id, kind, params, position: [x, y] });
/**
 * Stacks each column's nodes (same x) top to bottom in the order given, 28 px apart, by the
 * editor's own size estimate of a node (tests/presets/helpers.ts nodeBox): the y given is ignored,
 * except that a node whose y is larger than where the stack has reached starts there.
 */
function stacked(nodes: GraphNode[]): GraphNode[] {
  const next = new Map<number, number>();
  return nodes.map((n) => {
    const y = Math.max(next.get(n.position[0]) ?? 0, n.position[1]);
    const placed = { ...n, position: [n.position[0], y] as [number, number] };
    next.set(n.position[0], y + nodeBox(placed).height + 28);
    return placed;
  });
}
const wire = (from: string, fromPort: string, to: string, toPort: string): Connection => ({ from: [from, fromPort], to: [to, toPort] });

/** The maze preset. */
export function mazeDoc(): SceneDocument {
  const { cols, rows, cell } = MAZE;
  return {
    $schema: './steergraph.schema.json',
    format: 'steergraph',
    version: VERSION,
    name: 'Maze',
    description:
      'Forty wanderers roam a maze of 10 × 7 cells without ever passing through a wall. Each agent wanders (Wander), and a Priority gives first call on its steering to Wall Avoid, whose three feelers (one straight ahead, longer the faster it goes, and two to the sides) push it straight off any wall they reach, summed with Separation so that agents meeting in a corridor make room for each other. Watch them turn before the walls rather than bump into them, feel their way out of dead ends, and spread into every corner of the maze; the walls are solid too, so even an agent that does reach one slides along it instead of passing through. Try lengthening the feelers, muting the Wall Avoid node (the agents then run into the walls and slide along them), raising maxSpeed, or drawing a wall of your own with the Walls tool.',
    world: { width: cols * cell, height: rows * cell, edges: 'bounce', seed: 17, obstacles: [], paths: [], targets: [], walls: mazeWalls() },
    agentTypes: [
      {
        id: 'wanderer',
        name: 'Wanderer',
        color: '#4dd0c8',
        count: 40,
        mass: 1,
        maxSpeed: 2.5,
        maxForce: 0.2,
        spawn: { speed: 1 },
        states: [
          {
            name: 'default',
            graph: {
              nodes: stacked([
                node('walls', 'wall-avoid', {}, 260, 0),
                node('separation', 'separation', { distance: 20 }, 260, 0),
                node('wander', 'wander', { distance: 40, radius: 20, jitter: 1 }, 260, 0),
                node('sum', 'sum', { inputs: 2 }, 520, 0),
                node('priority', 'priority', { inputs: 2 }, 780, 0),
                node('out', 'agent-output', {}, 1040, 0),
              ]),
              connections: [
                wire('walls', 'force', 'sum', 'in0'),
                wire('separation', 'force', 'sum', 'in1'),
                wire('sum', 'force', 'priority', 'in0'),
                wire('wander', 'force', 'priority', 'in1'),
                wire('priority', 'force', 'out', 'force'),
              ],
            },
          },
        ],
      },
    ],
  };
}

/** The rooms preset. */
export function roomsDoc(): SceneDocument {
  const { width: W, height: H, pillar } = ROOMS;
  const crowd: AgentType = {
    id: 'walker',
    name: 'Walker',
    color: '#ffb74d',
    count: 30,
    mass: 1,
    maxSpeed: 2.5,
    maxForce: 0.2,
    spawn: { speed: 0.5 },
    variation: { maxSpeed: 0.2 },
    states: [
      {
        name: 'default',
        graph: {
          nodes: stacked([
            node('route', 'path', { path: 'route' }, 0, 0),
            node('pillars', 'obstacles', {}, 0, 0),
            node('walls', 'wall-avoid', {}, 260, 0),
            node('avoid', 'avoid', { feelerLength: 80 }, 260, 0),
            node('follow', 'follow-path', { threshold: 40, start: 'nearest' }, 260, 0),
            node('separation', 'separation', { distance: 24 }, 260, 0),
            node('safety', 'sum', { inputs: 2 }, 520, 0),
            node('walk', 'sum', { inputs: 2, w1: 0.6 }, 520, 0),
            node('priority', 'priority', { inputs: 2 }, 780, 0),
            node('out', 'agent-output', {}, 1040, 0),
          ]),
          connections: [
            wire('route', 'path', 'follow', 'path'),
            wire('pillars', 'obstacles', 'avoid', 'obstacles'),
            wire('walls', 'force', 'safety', 'in0'),
            wire('avoid', 'force', 'safety', 'in1'),
            wire('follow', 'force', 'walk', 'in0'),
            wire('separation', 'force', 'walk', 'in1'),
            wire('safety', 'force', 'priority', 'in0'),
            wire('walk', 'force', 'priority', 'in1'),
            wire('priority', 'force', 'out', 'force'),
          ],
        },
      },
    ],
  };
  return {
    $schema: './steergraph.schema.json',
    format: 'steergraph',
    version: VERSION,
    name: 'Rooms',
    description:
      'A crowd of thirty walks round four rooms joined by doorways, each room with a pillar in the middle. Every walker follows the looped path “route”, which goes through the four doorways clockwise (Follow Path, starting at the waypoint nearest to it), while Separation keeps it a little apart from the others; a Priority gives first call to Wall Avoid and Avoid, so the walkers steer clear of the walls and pillars and funnel through the doorways instead of pressing against the door frames. Watch the queue form at each doorway and spread out again in the next room. Try narrowing a doorway by dragging a wall’s end with the Walls tool, adding walkers, or raising Separation’s distance until the doorways jam.',
    world: {
      width: W,
      height: H,
      edges: 'bounce',
      seed: 4,
      obstacles: [
        { x: W / 4, y: H / 4, r: pillar },
        { x: (3 * W) / 4, y: H / 4, r: pillar },
        { x: (3 * W) / 4, y: (3 * H) / 4, r: pillar },
        { x: W / 4, y: (3 * H) / 4, r: pillar },
      ],
      paths: [{ id: 'route', points: roomsPath(), loop: true }],
      targets: [],
      walls: roomsWalls(),
    },
    agentTypes: [crowd],
  };
}

/** The hide-and-seek preset's pillars and shed. */
export const HIDE = {
  width: 960,
  height: 640,
  pillars: [
    { x: 200, y: 160, r: 40 },
    { x: 480, y: 130, r: 36 },
    { x: 760, y: 170, r: 40 },
    { x: 190, y: 490, r: 40 },
    { x: 480, y: 520, r: 36 },
    { x: 770, y: 480, r: 40 },
  ],
  /** Two sheds, closed walls 80 × 60 px: hiders hide behind them too, and they block sight. */
  sheds: [
    { x: 330, y: 330, w: 80, h: 60 },
    { x: 630, y: 330, w: 80, h: 60 },
  ],
} as const;

/** The sheds as closed walls. */
export function shedWalls(): SceneWall[] {
  return HIDE.sheds.map((b, k) => ({
    id: `shed${k + 1}`,
    points: [[b.x - b.w / 2, b.y - b.h / 2], [b.x + b.w / 2, b.y - b.h / 2], [b.x + b.w / 2, b.y + b.h / 2], [b.x - b.w / 2, b.y + b.h / 2]],
    closed: true,
  }));
}

/** The hide-and-seek preset. */
export function hideDoc(): SceneDocument {
  const { width: W, height: H, pillars } = HIDE;
  const seeker: AgentType = {
    id: 'seeker',
    name: 'Seeker',
    color: '#ff6b6b',
    count: 1,
    mass: 1,
    maxSpeed: 2.6,
    maxForce: 0.15,
    spawn: { x: 460, y: 300, width: 40, height: 40 },
    states: [
      {
        name: 'search',
        graph: {
          nodes: stacked([
            node('hider', 'nearest-agent', { agentType: 'hider', inSight: true }, 0, 0),
            node('pillars', 'obstacles', {}, 0, 0),
            node('walls', 'wall-avoid', {}, 260, 0),
            node('avoid', 'avoid', { feelerLength: 100 }, 260, 0),
            node('wander', 'wander', { distance: 40, radius: 20, jitter: 0.8 }, 260, 0),
            node('sees', 'sees', { range: 300, fov: 160 }, 260, 0),
            node('sum', 'sum', { inputs: 2 }, 520, 0),
            node('priority', 'priority', { inputs: 2 }, 780, 0),
            node('out', 'agent-output', {}, 1040, 0),
            node('chase', 'go-to-state', { state: 'chase' }, 1040, 0),
          ]),
          connections: [
            wire('pillars', 'obstacles', 'avoid', 'obstacles'),
            wire('hider', 'agent', 'sees', 'target'),
            wire('walls', 'force', 'sum', 'in0'),
            wire('avoid', 'force', 'sum', 'in1'),
            wire('sum', 'force', 'priority', 'in0'),
            wire('wander', 'force', 'priority', 'in1'),
            wire('priority', 'force', 'out', 'force'),
            wire('sees', 'holds', 'chase', 'when'),
          ],
        },
      },
      {
        name: 'chase',
        graph: {
          nodes: stacked([
            node('hider', 'nearest-agent', { agentType: 'hider', inSight: true }, 0, 0),
            node('pillars', 'obstacles', {}, 0, 0),
            node('walls', 'wall-avoid', {}, 260, 0),
            node('avoid', 'avoid', { feelerLength: 100 }, 260, 0),
            node('pursue', 'pursue', {}, 260, 0),
            node('sees', 'sees', { range: 300, fov: 160 }, 260, 0),
            node('lost', 'not', {}, 520, 0),
            node('sum', 'sum', { inputs: 2 }, 520, 0),
            node('priority', 'priority', { inputs: 2 }, 780, 0),
            node('out', 'agent-output', {}, 1040, 0),
            node('look', 'go-to-state', { state: 'look' }, 1040, 0),
          ]),
          connections: [
            wire('pillars', 'obstacles', 'avoid', 'obstacles'),
            wire('hider', 'agent', 'pursue', 'target'),
            wire('hider', 'agent', 'sees', 'target'),
            wire('sees', 'holds', 'lost', 'in'),
            wire('walls', 'force', 'sum', 'in0'),
            wire('avoid', 'force', 'sum', 'in1'),
            wire('sum', 'force', 'priority', 'in0'),
            wire('pursue', 'force', 'priority', 'in1'),
            wire('priority', 'force', 'out', 'force'),
            wire('lost', 'holds', 'look', 'when'),
          ],
        },
      },
      {
        name: 'look',
        resetOnEnter: true,
        graph: {
          nodes: stacked([
            node('hider', 'nearest-agent', { agentType: 'hider', inSight: true }, 0, 0),
            node('pillars', 'obstacles', {}, 0, 0),
            node('time', 'time-in-state', {}, 0, 0),
            node('walls', 'wall-avoid', {}, 260, 0),
            node('avoid', 'avoid', { feelerLength: 100 }, 260, 0),
            node('wander', 'wander', { distance: 40, radius: 20, jitter: 0.8 }, 260, 0),
            node('sees', 'sees', { range: 300, fov: 160 }, 260, 0),
            node('given-up', 'compare', { op: 'ge', b: 180 }, 260, 0),
            node('sum', 'sum', { inputs: 2 }, 520, 0),
            node('priority', 'priority', { inputs: 2 }, 780, 0),
            node('out', 'agent-output', {}, 1040, 0),
            node('chase', 'go-to-state', { state: 'chase', order: 1 }, 1040, 0),
            node('search', 'go-to-state', { state: 'search', order: 2 }, 1040, 0),
          ]),
          connections: [
            wire('pillars', 'obstacles', 'avoid', 'obstacles'),
            wire('hider', 'agent', 'sees', 'target'),
            wire('time', 'value', 'given-up', 'a'),
            wire('walls', 'force', 'sum', 'in0'),
            wire('avoid', 'force', 'sum', 'in1'),
            wire('sum', 'force', 'priority', 'in0'),
            wire('wander', 'force', 'priority', 'in1'),
            wire('priority', 'force', 'out', 'force'),
            wire('sees', 'holds', 'chase', 'when'),
            wire('given-up', 'holds', 'search', 'when'),
          ],
        },
      },
    ],
  };
  const hider: AgentType = {
    id: 'hider',
    name: 'Hider',
    color: '#81c784',
    count: 6,
    mass: 1,
    maxSpeed: 2.2,
    maxForce: 0.2,
    spawn: { speed: 0.5 },
    states: [
      {
        name: 'default',
        graph: {
          nodes: stacked([
            node('seeker', 'nearest-agent', { agentType: 'seeker' }, 0, 0),
            node('pillars', 'obstacles', {}, 0, 0),
            node('walls', 'wall-avoid', {}, 260, 0),
            node('avoid', 'avoid', { feelerLength: 60, buffer: 10 }, 260, 0),
            node('hide', 'hide', { buffer: 25, threatDistance: 350 }, 260, 0),
            node('wander', 'wander', { distance: 40, radius: 20, jitter: 0.8 }, 260, 0),
            node('sum', 'sum', { inputs: 2 }, 520, 0),
            node('priority', 'priority', { inputs: 3 }, 780, 0),
            node('out', 'agent-output', {}, 1040, 0),
          ]),
          connections: [
            wire('pillars', 'obstacles', 'avoid', 'obstacles'),
            wire('seeker', 'agent', 'hide', 'threat'),
            wire('walls', 'force', 'sum', 'in0'),
            wire('avoid', 'force', 'sum', 'in1'),
            wire('sum', 'force', 'priority', 'in0'),
            wire('hide', 'force', 'priority', 'in1'),
            wire('wander', 'force', 'priority', 'in2'),
            wire('priority', 'force', 'out', 'force'),
          ],
        },
      },
    ],
  };
  return {
    $schema: './steergraph.schema.json',
    format: 'steergraph',
    version: VERSION,
    name: 'Hide and seek',
    description:
      'Six hiders play hide-and-seek with a seeker among six pillars and two sheds (closed walls, which block sight and stop agents like any wall). The seeker searches (Wander, with Wall Avoid and Avoid first in a Priority) until its Sees node spots a hider: within 300 px, inside a 160° field of view round its heading, and with no pillar or wall in between (Nearest Agent “in sight” picks the nearest hider it can see). Then a Go to State sends it to chase (Pursue); when it loses sight it looks round for 3 s and goes back to searching, or chases again if a hider shows itself. Each hider, once the seeker is within 350 px, runs to the spot behind the nearest pillar or shed as seen from the seeker (Hide, with Wall Avoid and Avoid before it so it goes round the obstacle rather than into it), and otherwise wanders. Watch the hiders slip round the pillars as the seeker passes, keeping cover between them and it. Try moving a pillar, widening the seeker’s field of view, or drawing another shed with the Walls tool (a closed wall).',
    world: { width: W, height: H, edges: 'bounce', seed: 5, obstacles: pillars.map((p) => ({ ...p })), paths: [], targets: [], walls: shedWalls() },
    agentTypes: [seeker, hider],
  };
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

const PRESETS = path.resolve(import.meta.dirname, '../presets');

/** The presets this script writes, by file key. */
export const WALL_PRESETS: Record<string, () => SceneDocument> = { maze: mazeDoc, rooms: roomsDoc, 'hide-and-seek': hideDoc };

/** The file text of a preset: the document through the app's loader and saver. */
export function presetFileText(doc: SceneDocument): string {
  const loaded = loadScene(JSON.stringify(doc));
  if (!loaded.ok) throw new Error(`${doc.name}: ${JSON.stringify(loaded.errors)}`);
  if (loaded.warnings.length) throw new Error(`${doc.name}: ${JSON.stringify(loaded.warnings)}`);
  return serializeScene(loaded.doc);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let differs = false;
  for (const [key, make] of Object.entries(WALL_PRESETS)) {
    const file = path.join(PRESETS, `${key}.steer.json`);
    const text = presetFileText(make());
    if (check) {
      let old = '';
      try {
        old = readFileSync(file, 'utf8');
      } catch {
        /* missing */
      }
      if (old !== text) (differs = true), console.log(`${key}: differs`);
    } else {
      writeFileSync(file, text);
      console.log(`wrote presets/${key}.steer.json`);
    }
  }
  if (differs) process.exit(1);
}
