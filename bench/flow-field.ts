/**
 * The cost of Flow Field at 10,000 agents against Seek's (issue 21's bar: at most Seek's). Two
 * scenes that differ only in the behaviour: 10,000 agents on a 1,000 × 1,000 wrapping world, one
 * graph of Seek (the pointer) → output, the other of Flow Field (look-ahead 10, a 50 × 50 field of
 * 20 px cells, every cell a different direction) → output. Both compiled by our compiler and run
 * in process (the preview's path; the exported module runs the same code); they alternate, 7
 * repetitions of 200 ticks after 100 of warm-up; reported: median ms per tick (min–max).
 *
 *   node --import tsx bench/flow-field.ts [--cpu]
 *
 * --cpu times the process's CPU time rather than the wall clock: on a machine shared with other
 * work, what this process was given rather than how long it waited for it.
 */
import { createBehaviorWorld } from '../runtime/api';
import { encodeFlowBytes, flowByte } from '../runtime/flow-field';
import { compile } from '../src/compiler/index';
import { instantiate } from '../src/compiler/instantiate';
import type { GraphNode, SceneDocument } from '../src/document/types';
import { VERSION } from '../src/document/types';

const N = 10_000;

function scene(behaviour: GraphNode, extra: GraphNode[] = [], wire: [string, string][] = []): SceneDocument {
  const bytes: number[] = [];
  for (let j = 0; j < 50; j++) for (let i = 0; i < 50; i++) {
    // a swirl: every cell a different direction (no cell of zero)
    const dx = i - 24.5;
    const dy = j - 24.5;
    const d = Math.hypot(dx, dy);
    bytes.push(flowByte(-dy / d), flowByte(dx / d));
  }
  return {
    format: 'steergraph',
    version: VERSION,
    name: 'bench',
    description: '',
    world: {
      width: 1000, height: 1000, edges: 'wrap', seed: 1, obstacles: [], paths: [], targets: [],
      flowFields: [{ id: 'swirl', x: 0, y: 0, cellSize: 20, cols: 50, rows: 50, vectors: encodeFlowBytes(bytes) }],
    },
    agentTypes: [{
      id: 'a', name: 'A', color: '#ffffff', count: N, mass: 1, maxSpeed: 3, maxForce: 0.2,
      states: [{
        name: 'default',
        graph: {
          nodes: [...extra, behaviour, { id: 'out', kind: 'agent-output', params: {}, position: [600, 0] }],
          connections: [...wire.map(([from, port]) => ({ from: [from, 'point'] as [string, string], to: [behaviour.id, port] as [string, string] })), { from: [behaviour.id, 'force'], to: ['out', 'force'] }],
        },
      }],
    }],
  };
}

const configs = [
  { label: 'Seek (pointer)', doc: scene({ id: 'b', kind: 'seek', params: {}, position: [300, 0] }, [{ id: 'p', kind: 'pointer', params: {}, position: [0, 0] }], [['p', 'target']]) },
  { label: 'Flow Field (look-ahead 10)', doc: scene({ id: 'b', kind: 'flow-field', params: { field: 'swirl', lookAhead: 10 }, position: [300, 0] }) },
];

const worlds = configs.map((c) => {
  const compiled = compile(c.doc);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`${c.label}: ${errors.map((d) => d.message).join('; ')}`);
  const w = createBehaviorWorld(c.doc, instantiate(compiled));
  w.step(100);
  return w;
});
const cpu = process.argv.includes('--cpu');
/** ms: of CPU time given to this process (--cpu), or of the wall clock. */
function now(): number {
  if (!cpu) return performance.now();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
const times: number[][] = configs.map(() => []);
for (let rep = 0; rep < 7; rep++) {
  worlds.forEach((w, k) => {
    const t0 = now();
    w.step(200);
    times[k].push((now() - t0) / 200);
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const base = median(times[0]);
configs.forEach((c, k) => {
  const m = median(times[k]);
  console.log(`${c.label.padEnd(28)} ${m.toFixed(3)} ms/tick (${Math.min(...times[k]).toFixed(3)}–${Math.max(...times[k]).toFixed(3)})  ×${(m / base).toFixed(2)} of Seek`);
});
