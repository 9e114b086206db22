/**
 * What the physics hooks of the node kinds share (src/compiler/physics.ts runs the hooks):
 *
 * - the stopping distance of an agent that arrives at full speed, found by running the runtime's
 *   own Arrive kernel and integrator (runtime/behaviors/arrive.ts, runtime/integrate.ts) on a line:
 *   the smallest slowing radius with which it stops without passing the target (Arrive, and
 *   Follow Path at the end of an open path);
 * - the worst agent of a type's per-agent variation, and numbers for messages.
 */
import { arrive } from '../runtime/behaviors/arrive';
import { integrate } from '../runtime/integrate';
import { World, type Agents } from '../runtime/world';
import type { NumberParam, PhysicsAgentType, PhysicsContext } from './types';

// ── Stopping distance ───────────────────────────────────────────────────────────────────────────

/** An overshoot up to this (px) counts as stopping on the target. */
export const OVERSHOOT_TOLERANCE = 0.5;

/**
 * Where an agent is when it enters the slowing radius depends on where it started (it moves
 * maxSpeed px a tick): these fractions of a tick's travel past the radius are all tried, and the
 * worst counts.
 */
const PHASES = [0, 0.25, 0.5, 0.75];

/**
 * The most ticks of braking (maxSpeed · mass / maxForce) the check simulates. An agent that needs
 * longer than this to stop (over half a minute at 60 ticks per second) gets only the lower bound of
 * its stopping distance, which needs no simulation.
 */
const MAX_BRAKE_TICKS = 2_000;

/**
 * The most ticks one search simulates, all runs together (about 50 ms). Typical agents take a few
 * thousand; a search that would take more gives up and warns about nothing.
 */
const SEARCH_TICKS = 1_000_000;

/** Radii searched up to this, px (the slowing radius parameters go to 100,000). */
const RADIUS_LIMIT = 200_000;

/** Where the target sits on the simulated line (the world is twice as wide). */
const LINE_X = 1_000_000;

/**
 * What a search for the stopping radius found, for one (maxSpeed, maxForce, mass): a radius `lo`
 * with which the agent passes the target, and `hi` with which it stops (`hi` − `lo` is under
 * 0.05 px, or 0.01 %). `hi` is Infinity when even RADIUS_LIMIT is too short; `exact` is false when
 * the braking takes too long to simulate and `lo` is only the lower bound.
 */
export interface StoppingRadius {
  lo: number;
  hi: number;
  exact: boolean;
}

/** One agent on a line, moved by the runtime's Arrive kernel and integrator. */
class ArriveLine {
  private readonly world: World;
  private readonly agents: Agents;
  private readonly target = new Float64Array([LINE_X, 0]);
  /** Ticks left to simulate ({@link SEARCH_TICKS}); a run that finds none left stops at once. */
  ticksLeft = SEARCH_TICKS;

  constructor(
    readonly maxSpeed: number,
    readonly maxForce: number,
    readonly mass: number,
  ) {
    this.world = new World({
      width: 2 * LINE_X,
      height: 1,
      edges: 'bounce',
      seed: 0,
      agentTypes: [{ id: 'a', count: 1, mass, maxSpeed, maxForce }],
    });
    this.agents = this.world.types[0];
    this.agents.maxSpeed[0] = maxSpeed;
    this.agents.maxForce[0] = maxForce;
  }

  /**
   * How far (px) the agent passes the target with slowing radius R when it comes at full speed
   * from `phase` of a tick's travel outside the radius. Stops early once past `tolerance`, once it
   * rests on the target, or once its future is known not to pass it ({@link settles}).
   */
  overshoot(R: number, phase: number, tolerance = OVERSHOOT_TOLERANCE): number {
    const a = this.agents;
    const S = this.maxSpeed;
    const modes = linearModes(S / R);
    a.pos[0] = LINE_X - R - phase * S;
    a.pos[1] = 0;
    a.vel[0] = S;
    a.vel[1] = 0;
    a.head[0] = 1;
    a.head[1] = 0;
    const ticks = Math.min(this.ticksLeft, 30 * (Math.ceil((S * this.mass) / this.maxForce) + Math.ceil(R / S)) + 1000);
    let over = 0;
    for (let t = 0; t < ticks; t++) {
      this.ticksLeft--;
      arrive(a.force, 0, a, 0, this.target, 0, R);
      integrate(this.world);
      const d = LINE_X - a.pos[0];
      const v = a.vel[0];
      if (-d > over) {
        over = -d;
        if (over > tolerance) return over;
      }
      if (d < 0.01 && d > -0.01 && v < 1e-3 && v > -1e-3) break;
      if (modes && d > 0 && d <= R && settles(modes, d, v, R, S, this.maxForce / this.mass)) break;
    }
    return over;
  }

  /** Whether the agent stops without passing the target from every phase. */
  stops(R: number): boolean {
    return PHASES.every((p) => this.overshoot(R, p) <= OVERSHOOT_TOLERANCE);
  }
}

/** The two real modes of the braking inside the radius while the force stays below maxForce. */
interface Modes {
  /** k = maxSpeed / R. */
  k: number;
  /** Eigenvalues, |l2| ≤ l1 < 1. */
  l1: number;
  l2: number;
}

/**
 * Inside the slowing radius, while the force stays below maxForce and the speed below maxSpeed,
 * a tick is linear in (d, v) (distance to the target, speed toward it): the force is (k·d − v)·m,
 * which the integrator divides by m again (BEHAVIORS.md, "Mass and the steering force"), so
 * v' = k·d and d' = d − v' = (1 − k)·d whatever the mass (to within a rounding): modes l1 = 1 − k
 * and l2 = 0, dₙ = c1·l1ⁿ + c2·l2ⁿ. Null when 1 − k is not in (0, 1) (simulate on).
 */
function linearModes(k: number): Modes | null {
  const l1 = 1 - k;
  const l2 = 0;
  if (!(l1 > 0 && l1 < 1)) return null;
  return { k, l1, l2 };
}

/**
 * Whether, from (d, v), the agent is sure to come to rest without passing the target: in the
 * linear regime for ever (the force, the speed and d stay within their bounds whatever n, bounded
 * by the sums of their modes' sizes) and with c1 ≥ |c2|, so dₙ ≥ l1ⁿ·(c1 − |c2|) ≥ 0.
 */
function settles(m: Modes, d: number, v: number, R: number, S: number, F: number): boolean {
  const v1 = m.k * d;
  const d1 = d - v1;
  const l1 = m.l1;
  const l2 = m.l2;
  const span = l1 - l2;
  // A sequence's two mode amplitudes from its first two terms x0, x1: (x1 − l2·x0) / span and (l1·x0 − x1) / span.
  const c1 = (d1 - l2 * d) / span;
  const c2 = (l1 * d - d1) / span;
  if (!(c1 >= Math.abs(c2)) || c1 + Math.abs(c2) > R) return false;
  if (Math.abs(v1 - l2 * v) + Math.abs(l1 * v - v1) > S * span) return false;
  const e = m.k * d - v;
  const e1 = m.k * d1 - v1;
  // F here is the acceleration limit maxForce / mass: the velocity change e = k·d − v is asked for
  // as the force e·m, which the integrator caps at maxForce
  return Math.abs(e1 - l2 * e) + Math.abs(l1 * e - e1) < F * span * (1 - 1e-9);
}

/**
 * The distance an agent cannot stop within, whatever the slowing radius: its speed drops by at
 * most maxForce / mass a tick, and it brakes only inside the radius.
 */
export function brakingLowerBound(maxSpeed: number, maxForce: number, mass: number): number {
  const a = maxForce / mass;
  const n = Math.floor(maxSpeed / a);
  return n * maxSpeed - (a * n * (n + 1)) / 2;
}

const CACHE = new Map<string, StoppingRadius | null>();
const CACHE_SIZE = 256;

/**
 * The smallest slowing radius with which an agent of this maxSpeed (px/tick), maxForce
 * (px/tick²) and mass, arriving at full speed from far away, stops without passing the target
 * (by more than OVERSHOOT_TOLERANCE): a bisection over radii, each tried by running the runtime's
 * Arrive kernel and integrator. Cached; null when the agent cannot move or cannot steer, or when
 * the search would take too long (SEARCH_TICKS).
 */
export function stoppingRadius(maxSpeed: number, maxForce: number, mass: number): StoppingRadius | null {
  if (!(maxSpeed > 0) || !(maxForce > 0) || !(mass > 0)) return null;
  const key = `${maxSpeed}|${maxForce}|${mass}`;
  const cached = CACHE.get(key);
  if (cached !== undefined) return cached;
  const found = search(maxSpeed, maxForce, mass);
  if (CACHE.size >= CACHE_SIZE) CACHE.delete(CACHE.keys().next().value!);
  CACHE.set(key, found);
  return found;
}

function search(S: number, F: number, m: number): StoppingRadius | null {
  const bound = brakingLowerBound(S, F, m);
  // Braking takes S·m/F ticks: too long to simulate.
  if ((S * m) / F > MAX_BRAKE_TICKS || bound > RADIUS_LIMIT) {
    return { lo: Math.max(0, bound - OVERSHOOT_TOLERANCE), hi: Infinity, exact: false };
  }
  const line = new ArriveLine(S, F, m);
  // Bisect on the first phase (usually the worst), then make sure of every phase at the end.
  const first = (R: number): boolean => line.overshoot(R, PHASES[0]) <= OVERSHOOT_TOLERANCE;
  // Bracket: the agent stops when R ≥ m·S²/(2F) + S (BEHAVIORS.md: mass m moves as mass 1 with
  // maxForce F/m), and none stops within the braking bound.
  let lo = Math.max(0, bound - OVERSHOOT_TOLERANCE);
  let hi = Math.max(lo + S, (S * S * m) / (2 * F) + S);
  for (let grow = 1; ; ) {
    const ok = first(hi) && line.stops(hi);
    if (line.ticksLeft <= 0) return null;
    if (ok) break;
    lo = hi;
    if (hi >= RADIUS_LIMIT) return { lo, hi: Infinity, exact: true };
    hi = Math.min(RADIUS_LIMIT, hi + grow * Math.max(S, hi / 4));
    grow *= 2;
  }
  for (let stop = false; !stop; ) {
    while (hi - lo > Math.max(0.05, hi * 1e-4)) {
      const mid = (lo + hi) / 2;
      if (first(mid)) hi = mid;
      else lo = mid;
      if (line.ticksLeft <= 0) return null;
    }
    // Another phase may need a little more: step up until every phase stops, and bisect again.
    stop = true;
    for (let grow = 0.1; !line.stops(hi); grow *= 2) {
      if (line.ticksLeft <= 0) return null;
      stop = false;
      lo = hi;
      hi += grow;
    }
  }
  return { lo, hi, exact: true };
}

/** Whether this agent passes the target with slowing radius R (the cached search, then one run when R falls between its ends). */
function passesTarget(found: StoppingRadius, R: number, S: number, F: number, m: number): boolean {
  if (R >= found.hi) return false;
  if (R <= found.lo) return true;
  if (!found.exact) return false;
  return !new ArriveLine(S, F, m).stops(R);
}

// ── Words and numbers for the messages ──────────────────────────────────────────────────────────


/** A number for a message: at most 6 significant digits. */
export function show(v: number): string {
  return String(Number(v.toPrecision(6)));
}

/** A whole number with thousands separators, for large distances. */
export function px(v: number): string {
  return `${Math.ceil(v).toLocaleString('en-US')} px`;
}

/** `v` rounded up to a multiple of `step` (without binary noise). */
function ceilToStep(v: number, step: number): number {
  return Number((Math.ceil(v / step - 1e-9) * step).toPrecision(12));
}

/**
 * The worst case of an agent type's per-agent variation for stopping (the fastest and weakest
 * agent), and the words that introduce it in a message: "at maxSpeed 4 px/tick and maxForce 0.1
 * this agent". (A maxForce variation of 100 % leaves that agent no force at all: no warning then.)
 */
function worstAgent(type: PhysicsAgentType): { S: number; F: number; m: number; who: string } {
  const vs = type.variation?.maxSpeed ?? 0;
  const vf = type.variation?.maxForce ?? 0;
  const S = type.maxSpeed * (1 + vs);
  const F = type.maxForce * (1 - vf);
  const m = type.mass;
  const values = `maxSpeed ${show(S)} px/tick${m !== 1 ? `, maxForce ${show(F)} and mass ${show(m)}` : ` and maxForce ${show(F)}`}`;
  const who = vs > 0 || vf > 0 ? `with its per-agent variation, the fastest and weakest agent of this type (${values})` : `at ${values} this agent`;
  return { S, F, m, who };
}

/**
 * Arrive's (and Follow Path's) slowing radius against the distance the agent needs to stop: the
 * hook of both kinds calls this with its own `slowingRadius` parameter.
 */
export function warnSlowingRadius(c: PhysicsContext, param: NumberParam, where: { tooShort: string; passes: string }): void {
  const R = c.value(param.key);
  if (typeof R !== 'number') return;
  const agent = worstAgent(c.type);
  const found = stoppingRadius(agent.S, agent.F, agent.m);
  if (!found || !passesTarget(found, R, agent.S, agent.F, agent.m)) return;
  const start = `Slowing radius ${show(R)} px is too short${where.tooShort}: ${agent.who}`;
  if (found.hi > param.max) {
    // No radius the node allows is enough, or the braking was too long to simulate (then `lo`
    // is the braking bound less the tolerance, and the radius needs more than the bound).
    const need = Math.min(found.exact ? found.lo : found.lo + OVERSHOOT_TOLERANCE, param.max);
    const advice = need < param.max ? 'Make the radius well larger than that, or raise maxForce.' : 'Lower maxSpeed or raise maxForce.';
    c.warn(param.key, `${start} needs more than ${px(need)} to stop, so it ${where.passes}. ${advice}`);
    return;
  }
  const value = ceilToStep(found.hi, param.step);
  c.warn(param.key, `${start} needs about ${px(found.hi)} to stop, so it ${where.passes}.`, {
    label: `set slowing radius to ${show(value)} px`,
    params: { [param.key]: value },
  });
}
