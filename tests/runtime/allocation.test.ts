/**
 * "Nothing allocates per tick" (README; STYLE.md habit 4): bytes allocated on the JS heap per tick,
 * measured with v8.GCProfiler over a window of ticks after a warm-up, as the peer benchmark
 * harness measures them (../shared/peers/common.mjs gcWindowStart / gcWindowStop, copied below
 * because CI clones only this repository).
 */
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { benchStep, benchWorld } from '../../bench/flock-world';
import { step, type ForceFn } from '../../runtime/step';
import { World } from '../../runtime/world';
import { arrive } from '../../runtime/behaviors/arrive';
import { nearest } from '../../runtime/behaviors/nearest';
import { pursue } from '../../runtime/behaviors/pursue';
import { contain } from '../../runtime/behaviors/contain';
import { seek } from '../../runtime/behaviors/seek';
import { flockPass } from '../../runtime/behaviors/flock';
import { wander } from '../../runtime/behaviors/wander';
import { emitEvent, followRoute, ownRoute } from '../../runtime/behaviors/routes';
import { assignRoute } from '../../runtime/routes';

/** Budget per tick: well under one agent's worth of boxed numbers at 2,000 agents. */
const MAX_BYTES_PER_TICK = 2048;
const WARMUP_TICKS = 400;
/** Windows of ticks measured; the verdict is their median (see bytesPerTick). */
const WINDOWS = 5;
const TICKS_PER_WINDOW = 100;

interface GcWindow {
  profiler: v8.GCProfiler;
  used0: number;
}

/** Starts an allocation window (common.mjs gcWindowStart). */
function gcWindowStart(): GcWindow {
  const profiler = new v8.GCProfiler();
  const used0 = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  return { profiler, used0 };
}

/**
 * Ends the window (common.mjs gcWindowStop): bytes allocated = growth of the used heap between
 * the window's ends, plus what every GC in between collected (used before it − used after the
 * previous one).
 */
function gcWindowStop(h: GcWindow): { allocBytes: number; gcCount: number } {
  const data = h.profiler.stop();
  const used1 = v8.getHeapStatistics().used_heap_size;
  let alloc = 0;
  let prevAfter = h.used0;
  for (const e of data.statistics) {
    alloc += e.beforeGC.heapStatistics.usedHeapSize - prevAfter;
    prevAfter = e.afterGC.heapStatistics.usedHeapSize;
  }
  alloc += used1 - prevAfter;
  return { gcCount: data.statistics.length, allocBytes: Math.max(0, alloc) };
}

/**
 * Bytes allocated per call of `tick`, after WARMUP_TICKS calls that let V8 optimise it: the median
 * over WINDOWS windows of TICKS_PER_WINDOW ticks. A steady allocation shows in every window; the
 * heap's background work (concurrent sweeping, a late optimisation landing) moves the used-heap
 * figure of a single window by up to ~±200 KB now and then, which the median ignores.
 */
function bytesPerTick(tick: () => void): number {
  for (let t = 0; t < WARMUP_TICKS; t++) tick();
  const perTick: number[] = [];
  for (let k = 0; k < WINDOWS; k++) {
    const h = gcWindowStart();
    for (let t = 0; t < TICKS_PER_WINDOW; t++) tick();
    perTick.push(gcWindowStop(h).allocBytes / TICKS_PER_WINDOW);
  }
  perTick.sort((a, b) => a - b);
  return perTick[WINDOWS >> 1];
}

describe('allocation per tick', () => {
  it('the benchmark flock (2,000 agents, Flock + Wander through step) allocates < 2 KiB per tick', () => {
    const w = benchWorld(2000);
    const perTick = bytesPerTick(() => benchStep(w));
    expect(w.tick).toBe(WARMUP_TICKS + WINDOWS * TICKS_PER_WINDOW);
    expect(perTick).toBeLessThan(MAX_BYTES_PER_TICK);
  });

  it('the core alone (grid, draws, integrator, bounce edges, drifting obstacles) allocates < 2 KiB per tick', () => {
    const w = new World(
      {
        width: 1200,
        height: 900,
        edges: 'bounce',
        seed: 5,
        obstacles: [{ x: 300, y: 300, r: 40, vx: 2, vy: -1.5 }, { x: 900, y: 600, r: 25 }],
        agentTypes: [{ id: 'ball', count: 2000, mass: 2.5, maxSpeed: 6, maxForce: 0.5, spawn: { speed: 1 }, variation: { maxSpeed: 0.5 } }],
      },
      [{ memory: [1, 0], draws: 2, queryRadius: 30 }],
    );
    // a constant force that keeps agents hitting the walls, written without a kernel
    const push: ForceFn = (_w, a) => {
      const F = a.force;
      for (let i = 0; i < a.count; i++) {
        F[2 * i] = 0.25;
        F[2 * i + 1] = -0.125;
      }
    };
    const forces = [push];
    const perTick = bytesPerTick(() => step(w, forces));
    expect(perTick).toBeLessThan(MAX_BYTES_PER_TICK);
  });

  it('a turn limit and a heading smoother (2,000 agents asked to turn about every tick, with and without walls) allocate < 2 KiB per tick', () => {
    const walls = [{ id: 'w', points: [[100, 450], [1100, 450]] as [number, number][], closed: false }];
    for (const withWalls of [false, true]) {
      const w = new World(
        { width: 1200, height: 900, edges: 'bounce', seed: 5, ...(withWalls ? { walls } : {}), agentTypes: [{ id: 'tank', count: 2000, mass: 1, maxSpeed: 4, maxForce: 2 }] },
        [{ turn: [0.9961946980917455, 0.08715574274765817], smoothing: 8 }],
      );
      // a desired direction that swings round with the tick: the limit acts on most agents
      const swing: ForceFn = (world, a) => {
        const F = a.force;
        const c = (world.tick % 40) / 20 - 1;
        for (let i = 0; i < a.count; i++) {
          F[2 * i] = 4 * c - a.vel[2 * i];
          F[2 * i + 1] = (i & 1 ? 3 : -3) - a.vel[2 * i + 1];
        }
      };
      const perTick = bytesPerTick(() => step(w, [swing]));
      expect(perTick).toBeLessThan(MAX_BYTES_PER_TICK);
    }
  });

  it('solid walls in the integrator (a maze of 400 segments, agents pushed into them) allocate < 2 KiB per tick', () => {
    const walls = [];
    for (let k = 0; k < 20; k++) {
      walls.push({ id: `h${k}`, points: [[60 * k, 45 * k], [60 * k + 400, 45 * k], [60 * k + 400, 45 * k + 30]] as [number, number][], closed: false });
      walls.push({ id: `p${k}`, points: [[50 * k + 20, 800], [50 * k + 40, 820], [50 * k + 20, 840]] as [number, number][], closed: true });
    }
    const w = new World(
      { width: 1200, height: 900, edges: 'bounce', seed: 5, walls, agentTypes: [{ id: 'ball', count: 2000, mass: 1, maxSpeed: 6, maxForce: 0.5, spawn: { speed: 1 } }] },
      [{}],
    );
    const push: ForceFn = (_w, a) => {
      const F = a.force;
      for (let i = 0; i < a.count; i++) {
        F[2 * i] = 0.25;
        F[2 * i + 1] = -0.125;
      }
    };
    const forces = [push];
    expect(bytesPerTick(() => step(w, forces))).toBeLessThan(MAX_BYTES_PER_TICK);
    expect(w.wallContacts).toBeGreaterThan(1000);
  });

  it.each([40, 0])('Pursue(Nearest Agent, radius %d) beside Flock over 2,000 agents allocates < 2 KiB per tick', (radius) => {
    // With a radius, the nearest-agent search once kept its best distance² boxed (a number
    // allocated per closer agent found: ~27 bytes per query). The radius case runs first, while
    // V8's feedback for nearestAgent comes from it alone.
    const side = Math.sqrt(400 * 2000);
    const w = new World(
      { width: side, height: side, edges: 'wrap', seed: 9, agentTypes: [{ id: 'boid', count: 2000, mass: 1, maxSpeed: 1 / 3, maxForce: 50 / 3600 }] },
      [{ memory: [1, 0], draws: 1, queryRadius: 40, passes: 1 }],
    );
    const s = new Float64Array(4);
    const force: ForceFn = (_w, A) => {
      const flock = A.passes[0];
      flockPass(A, A, 40, 40, 3, 1, 1, false, flock);
      const F = A.force;
      for (let i = 0; i < A.count; i++) {
        const j = nearest(A, A, i, radius);
        if (j >= 0) pursue(s, 0, A, i, A, j);
        else {
          s[0] = 0;
          s[1] = 0;
        }
        F[2 * i] = flock[2 * i] + s[0];
        F[2 * i + 1] = flock[2 * i + 1] + s[1];
      }
    };
    const forces = [force];
    expect(bytesPerTick(() => step(w, forces))).toBeLessThan(MAX_BYTES_PER_TICK);
  });

  it('states: 2,000 agents switching state every other tick (each transition logged, the log overflowing) allocate < 2 KiB per tick', () => {
    const w = new World(
      { width: 1200, height: 900, edges: 'wrap', seed: 6, agentTypes: [{ id: 'sheep', count: 2000, mass: 1, maxSpeed: 2, maxForce: 0.2 }] },
      [{ stateful: true }],
    );
    // as generated code: after two ticks in a state, on to the other one (τ ← 0, logged)
    const toggle: ForceFn = (W, A) => {
      const ST = A.state;
      const TS = A.tis;
      for (let i = 0; i < A.count; i++) {
        const from = ST[i];
        if (TS[i] >= 2) {
          ST[i] = 1 - from;
          TS[i] = 0;
          W.noteTransition(A.index, i, from, ST[i]);
        }
        A.force[2 * i] = ST[i] === 1 ? 0.1 : -0.1;
        A.force[2 * i + 1] = 0;
      }
    };
    const forces = [toggle];
    expect(bytesPerTick(() => step(w, forces))).toBeLessThan(MAX_BYTES_PER_TICK);
    // the agents did switch: all 2,000 at ticks 2, 4, … 898 (449 times), and the log kept only the newest 4,096 events
    expect(w.tick).toBe(900);
    expect(w.transitionsLost).toBe(449 * 2000 - 4096);
  });

  it('Sum(seek pointer, wander, arrive at a named target, contain) over 2,000 agents allocates < 2 KiB per tick', () => {
    const w = new World(
      {
        width: 1200,
        height: 900,
        edges: 'bounce',
        seed: 3,
        targets: [{ name: 'flag', x: 900, y: 200 }],
        agentTypes: [{ id: 'walker', count: 2000, mass: 1.5, maxSpeed: 3, maxForce: 0.25, variation: { maxSpeed: 0.2 } }],
      },
      [{ memory: [1, 0], draws: 1 }],
    );
    const s = new Float64Array(2);
    // As the compiler emits a weighted Sum: each input into scratch, then plain arithmetic.
    const sum: ForceFn = (world, a) => {
      const F = a.force;
      const px = world.pointer;
      const tg = world.targets;
      for (let i = 0; i < a.count; i++) {
        seek(s, 0, a, i, px, 0);
        let fx = 0.5 * s[0];
        let fy = 0.5 * s[1];
        wander(s, 0, a, i, 0, 0, 10, 5, 1);
        fx += s[0];
        fy += s[1];
        arrive(s, 0, a, i, tg, 0, 100);
        fx += 0.75 * s[0];
        fy += 0.75 * s[1];
        contain(s, 0, a, i, world.width, world.height, 50);
        fx += 2 * s[0];
        fy += 2 * s[1];
        F[2 * i] = fx;
        F[2 * i + 1] = fy;
      }
    };
    const forces = [sum];
    let t = 0;
    const perTick = bytesPerTick(() => {
      // the pointer moves (as a mouse would) without allocating
      t++;
      w.setPointer(600 + (t % 200), 450 - (t % 100));
      step(w, forces);
    });
    expect(perTick).toBeLessThan(MAX_BYTES_PER_TICK);
    // the graph did run: agents moved and stayed inside the bounce world
    const a = w.types[0];
    let inside = 0;
    for (let i = 0; i < a.count; i++) if (a.pos[2 * i] >= 0 && a.pos[2 * i] <= 1200 && a.pos[2 * i + 1] >= 0 && a.pos[2 * i + 1] <= 900) inside++;
    expect(inside).toBe(2000);
  });
  it('routes and events: 2,000 agents on their own routes, Emit Event turning on every other tick, the event log overflowing unread, allocate < 2 KiB per tick', () => {
    const w = new World(
      { width: 1200, height: 900, edges: 'bounce', seed: 4, paths: [{ id: 'beat', points: [[100, 100], [1100, 800]], loop: true }], agentTypes: [{ id: 'courier', count: 2000, mass: 1, maxSpeed: 3, maxForce: 0.5 }] },
      [{ memory: [0, 0, 0] }],
    );
    const a = w.types[0];
    // half of them have a route of their own (short: they finish it, and report it once), the rest follow the fallback path
    for (let i = 0; i < a.count; i += 2) assignRoute(a, i, [[a.pos[2 * i] + 30, a.pos[2 * i + 1]], [600, 450]], [0, 2]);
    const s = new Float64Array(2);
    // as generated code: Follow Path reading Own Route (fallback "beat") into an Emit Event
    const force: ForceFn = (W, A) => {
      const F = A.force;
      for (let i = 0; i < A.count; i++) {
        followRoute(W, s, 0, A, i, 0, ownRoute(A, i, W.paths[0]), 10, 60);
        emitEvent(W, A, i, 2, 0, (W.tick & 1) === 0);
        F[2 * i] = s[0];
        F[2 * i + 1] = s[1];
      }
    };
    const forces = [force];
    expect(bytesPerTick(() => step(w, forces))).toBeLessThan(MAX_BYTES_PER_TICK);
    // 1,000 events a tick on average: the log kept its newest 4,096 and counted the rest
    expect(w.events.count).toBe(4096);
    expect(w.events.lost).toBeGreaterThan(400_000);
  });
});
