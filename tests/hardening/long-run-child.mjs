// One long run of an exported behaviour module, in its own process (run with node --expose-gc):
//   node --expose-gc tests/hardening/long-run-child.mjs <module.js> <ticks> <early tick>
// Steps the module's default world tick by tick, moving the pointer and every named target around
// the world, and checks after every tick that every position and velocity is finite, every agent is
// inside the world (wrap: [0, W) × [0, H); bounce: [0, W] × [0, H]) and no agent is faster than its
// own maxSpeed (read from a snapshot) × (1 + 1e-12). At the early tick and at the last it forces a
// garbage collection and reads the heap, and checks that a snapshot holds only finite numbers.
// States: after every tick each agent's state is one of its type's states, and the transitions of the
// tick (drained every tick) name the type and states that exist, at this tick; the states each type
// visited and its transitions are counted. The tail: a world created from a snapshot taken `tail`
// ticks before the end, given the same inputs, ends bit for bit where the run ended (positions,
// velocities and states).
// Prints one line of JSON: { ok, ticks, agents, problems, heapEarly, heapLate, maxSpeedRatio, seconds, states }.
import { pathToFileURL } from 'node:url';

const [file, ticksArg, earlyArg] = process.argv.slice(2);
const ticks = Number(ticksArg);
const early = Number(earlyArg);
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const mod = await import(pathToFileURL(file).href);
const scene = mod.scene;
const world = mod.createWorld();
const W = scene.world.width;
const H = scene.world.height;
const wrap = scene.world.edges === 'wrap';
const ids = [...world.types];
const targets = scene.world.targets.map((t) => t.name);

/** Unpacks a snapshot's packed numbers (an array, or { values, negativeZero }). */
const unpack = (p) => (Array.isArray(p) ? p : p.values);

/** Every number in a snapshot is finite; returns the first path that is not, or null. */
function nonFinite(value, path) {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const bad = nonFinite(v, `${path}.${k}`);
    if (bad) return bad;
  }
  return null;
}

const snap0 = world.snapshot();
const maxSpeed = ids.map((id) => Float64Array.from(unpack(snap0.types[id].maxSpeed)));
const agents = ids.reduce((n, id) => n + snap0.types[id].count, 0);
const problems = [];
let maxSpeedRatio = 0;
let heapEarly = NaN;
let heapLate = NaN;

function heap() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

function problem(text) {
  if (problems.length < 10) problems.push(text);
}

const names = ids.map((id) => world.stateNames(id));
/** Per type: the states its agents were seen in, the transitions logged, and the events dropped. */
const states = Object.fromEntries(ids.map((id, k) => [id, { names: names[k], visited: [], transitions: 0, lost: 0 }]));
const seen = ids.map((id, k) => new Uint8Array(names[k].length));
const tail = Math.min(1000, Math.floor(ticks / 10));
const resumeAt = ticks - tail;
let resumeSnapshot = resumeAt === 0 ? world.snapshot() : null;

/** The inputs of tick t: the pointer and the targets circle the world, so seeking, fleeing and arriving never settle. */
function inputs(w, t) {
  const a = t * 0.013;
  w.setPointer(W * (0.5 + 0.45 * Math.cos(a)), H * (0.5 + 0.45 * Math.sin(1.3 * a)));
  for (let k = 0; k < targets.length; k++) w.setTarget(targets[k], W * (0.5 + 0.4 * Math.sin(a + k)), H * (0.5 + 0.4 * Math.cos(0.7 * a + k)));
}

/** Positions, velocities and states of every type, copied. */
function state(w) {
  return ids.map((id) => [Float64Array.from(w.positions(id)), Float64Array.from(w.velocities(id)), Float64Array.from(w.states(id))]);
}

const t0 = performance.now();
for (let t = 1; t <= ticks; t++) {
  inputs(world, t);
  world.step();
  for (let k = 0; k < ids.length; k++) {
    const st = world.states(ids[k]);
    const n = names[k].length;
    for (let i = 0; i < st.length; i++) {
      if (st[i] >= n) problem(`tick ${t}: ${ids[k]}[${i}] is in state ${st[i]}, of ${n}`);
      else seen[k][st[i]] = 1;
    }
  }
  for (const e of world.transitions()) {
    const k = ids.indexOf(e.type);
    if (k < 0 || e.tick !== t - 1 && e.tick !== t || !names[k].includes(e.from) || !names[k].includes(e.to) || !(e.index >= 0)) problem(`tick ${t}: a transition that does not exist: ${JSON.stringify(e)}`);
    else states[e.type].transitions++;
  }
  if (world.transitionsLost) for (const id of ids) states[id].lost += world.transitionsLost;
  if (t === resumeAt) resumeSnapshot = world.snapshot();
  for (let k = 0; k < ids.length; k++) {
    const p = world.positions(ids[k]);
    const v = world.velocities(ids[k]);
    const S = maxSpeed[k];
    for (let i = 0; i < S.length; i++) {
      const x = p[2 * i];
      const y = p[2 * i + 1];
      const vx = v[2 * i];
      const vy = v[2 * i + 1];
      if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(vx) && Number.isFinite(vy))) {
        problem(`tick ${t}: ${ids[k]}[${i}] is not finite: (${x}, ${y}) (${vx}, ${vy})`);
        continue;
      }
      const inside = wrap ? x >= 0 && x < W && y >= 0 && y < H : x >= 0 && x <= W && y >= 0 && y <= H;
      if (!inside) problem(`tick ${t}: ${ids[k]}[${i}] at (${x}, ${y}) is outside the ${W} × ${H} world (${scene.world.edges})`);
      const speed = Math.sqrt(vx * vx + vy * vy);
      if (S[i] > 0) {
        const ratio = speed / S[i];
        if (ratio > maxSpeedRatio) maxSpeedRatio = ratio;
      }
      if (speed > S[i] * (1 + 1e-12)) problem(`tick ${t}: ${ids[k]}[${i}] moves at ${speed} px/tick, over its maxSpeed ${S[i]}`);
    }
  }
  if (t === early || t === ticks) {
    const bad = nonFinite(world.snapshot(), 'snapshot');
    if (bad) problem(`tick ${t}: ${bad} is not finite`);
    if (t === early) heapEarly = heap();
    else heapLate = heap();
  }
  if (problems.length >= 10) break;
}
const seconds = (performance.now() - t0) / 1000;
ids.forEach((id, k) => (states[id].visited = names[k].filter((_, s) => seen[k][s])));
if (problems.length === 0) {
  // The tail again, from the snapshot: bit for bit.
  const again = mod.createWorld({ snapshot: resumeSnapshot });
  for (let t = resumeAt + 1; t <= ticks; t++) {
    inputs(again, t);
    again.step();
  }
  const a = state(world);
  const b = state(again);
  const what = ['positions', 'velocities', 'states'];
  a.forEach((arrays, k) =>
    arrays.forEach((x, j) => {
      const i = x.findIndex((v, i) => !Object.is(v, b[k][j][i]));
      if (i >= 0 || x.length !== b[k][j].length) problem(`resumed from the snapshot of tick ${resumeAt}: ${ids[k]} ${what[j]}[${i}] is ${b[k][j][i]} at tick ${ticks}, not ${x[i]}`);
    }),
  );
}
console.log(JSON.stringify({ ok: problems.length === 0, ticks: world.tick, agents, problems, heapEarly, heapLate, maxSpeedRatio, seconds, states }));
