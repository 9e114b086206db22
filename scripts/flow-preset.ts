/**
 * Writes presets/river.steer.json (issue 21): a river of agents along a flow field that bends
 * around three rocks, in the form the app saves (serializeScene). The field is what a brush would
 * paint: a stream to the right, turned around each rock as water flows round a cylinder (the
 * potential-flow velocity of a uniform stream past a circle, the rocks' disturbances added), each
 * cell quantised as the document stores it. Running this again gives the same file:
 *
 *   npx tsx scripts/flow-preset.ts          (writes the file)
 *   npx tsx scripts/flow-preset.ts --check  (exits 1 when the file differs from what it would write)
 *
 * RIVER is exported: the preset's test reads the rocks and the banks from here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodeFlowBytes, flowByte } from '../runtime/flow-field';
import { loadScene } from '../src/document/load';
import { serializeScene } from '../src/document/serialize';
import type { SceneDocument } from '../src/document/types';
import { VERSION } from '../src/document/types';

/** The world, the field's grid (covering the river's band), the rocks and the river's banks. */
export const RIVER = {
  width: 960,
  height: 540,
  cell: 20,
  /** The river: rows of the field from `top` to `bottom` px; outside it the field is zero (still water). */
  top: 96,
  bottom: 444,
  rocks: [
    { x: 260, y: 230, r: 40 },
    { x: 520, y: 340, r: 48 },
    { x: 760, y: 220, r: 36 },
  ],
} as const;

/** The field's vectors (vx, vy per cell, row by row) as signed bytes. */
export function riverBytes(): Int8Array {
  const cols = RIVER.width / RIVER.cell;
  const rows = RIVER.height / RIVER.cell;
  const out = new Int8Array(2 * cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const x = (i + 0.5) * RIVER.cell;
      const y = (j + 0.5) * RIVER.cell;
      let vx = 0;
      let vy = 0;
      if (y >= RIVER.top && y <= RIVER.bottom) {
        vx = 1;
        for (const r of RIVER.rocks) {
          const dx = x - r.x;
          const dy = y - r.y;
          const d2 = dx * dx + dy * dy;
          // a bigger cylinder than the rock, so the stream keeps clear of it
          const R = r.r + 20;
          if (d2 < R * R) {
            // inside: straight out of the rock, and along the stream
            const d = Math.sqrt(d2) || 1;
            vx += dx / d - 1;
            vy += dy / d;
          } else {
            const k = (R * R) / (d2 * d2);
            vx -= k * (dx * dx - dy * dy);
            vy -= k * 2 * dx * dy;
          }
        }
        // the banks turn the stream back into the river
        const edge = 36;
        if (y < RIVER.top + edge) vy += 0.4 * (1 - (y - RIVER.top) / edge);
        if (y > RIVER.bottom - edge) vy -= 0.4 * (1 - (RIVER.bottom - y) / edge);
        // full speed along the stream
        const d = Math.sqrt(vx * vx + vy * vy);
        if (d > 0) {
          vx /= d;
          vy /= d;
        }
      }
      out[2 * (j * cols + i)] = flowByte(vx);
      out[2 * (j * cols + i) + 1] = flowByte(vy);
    }
  }
  return out;
}

export function riverScene(): SceneDocument {
  const cols = RIVER.width / RIVER.cell;
  const rows = RIVER.height / RIVER.cell;
  const node = (id: string, kind: string, params: Record<string, number | string | boolean>, x: number, y: number) => ({ id, kind, params, position: [x, y] as [number, number] });
  return {
    $schema: './steergraph.schema.json',
    format: 'steergraph',
    version: VERSION,
    name: 'River',
    description:
      'A river of agents along a painted flow field around obstacles. The flow field (drawn as arrows) streams to the right and bends around three rocks; each fish follows it with a Flow Field node that looks 10 ticks ahead, keeps apart from its neighbours, and Avoid keeps it off the rocks. The edges wrap, so the river runs for ever. Try the Flow brush in the preview: paint a new course: drag to paint the direction of the stroke, Shift-drag to erase.',
    world: {
      width: RIVER.width,
      height: RIVER.height,
      edges: 'wrap',
      seed: 21,
      obstacles: RIVER.rocks.map((r) => ({ x: r.x, y: r.y, r: r.r })),
      paths: [],
      targets: [],
      flowFields: [{ id: 'river', x: 0, y: 0, cellSize: RIVER.cell, cols, rows, vectors: encodeFlowBytes(riverBytes()) }],
    },
    agentTypes: [
      {
        id: 'fish',
        name: 'Fish',
        color: '#7fd4ff',
        count: 120,
        mass: 1,
        maxSpeed: 2.5,
        maxForce: 0.15,
        spawn: { x: 0, y: RIVER.top + 30, width: 200, height: RIVER.bottom - RIVER.top - 60 },
        states: [
          {
            name: 'default',
            graph: {
              nodes: [
                node('obstacles', 'obstacles', {}, 0, 0),
                node('avoid', 'avoid', { feelerLength: 60, buffer: 8 }, 260, 0),
                node('flow', 'flow-field', { field: 'river', lookAhead: 10 }, 260, 200),
                node('separation', 'separation', { distance: 14 }, 260, 360),
                node('sum', 'sum', { inputs: 2 }, 520, 200),
                node('priority', 'priority', {}, 780, 0),
                node('out', 'agent-output', {}, 1040, 0),
              ],
              connections: [
                { from: ['obstacles', 'obstacles'], to: ['avoid', 'obstacles'] },
                { from: ['flow', 'force'], to: ['sum', 'in0'] },
                { from: ['separation', 'force'], to: ['sum', 'in1'] },
                { from: ['avoid', 'force'], to: ['priority', 'in0'] },
                { from: ['sum', 'force'], to: ['priority', 'in1'] },
                { from: ['priority', 'force'], to: ['out', 'force'] },
              ],
            },
          },
        ],
      },
    ],
  };
}

const FILE = path.resolve(import.meta.dirname, '../presets/river.steer.json');

function main(): void {
  const text = serializeScene(riverScene());
  const loaded = loadScene(text);
  if (!loaded.ok) throw new Error(`river: ${JSON.stringify(loaded.errors)}`);
  if (process.argv.includes('--check')) {
    const same = readFileSync(FILE, 'utf8') === text;
    if (!same) console.error('presets/river.steer.json differs from what scripts/flow-preset.ts writes');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE} (${text.length} characters)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
