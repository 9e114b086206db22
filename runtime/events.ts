/**
 * The world's event log (docs/module.md, "Events"): a bounded ring of preallocated numbers the
 * generated code and the runtime write as things happen (transitions, routes finished, Emit Event
 * nodes), read and emptied by the module API's `events()`. Nothing is allocated per tick: the ring
 * is allocated once, on the first event, and a full ring drops its oldest entry and counts it.
 */

/** How many events the log keeps between two `events()` calls; older ones are dropped (and counted in `lost`). */
export const EVENT_LOG = 4096;

/** The numbers per event: tick, kind, type, index, a, b. */
const FIELDS = 6;

/** Event kinds as logged (the API turns them into the literal kinds of `SteerEvent`). */
export const EVENT_TRANSITION = 0;
export const EVENT_ROUTE_FINISHED = 1;
export const EVENT_NAMED = 2;

/** A ring of events: per event tick, kind, type index, agent index and two kind-specific numbers (transition: from, to; named: the name's index). */
export class EventLog {
  /** FIELDS numbers per event; allocated on the first event. */
  data: Float64Array | null = null;
  /** Where the oldest logged event is, and how many are logged. */
  start = 0;
  count = 0;
  /** Events dropped from the full log since it was last read. */
  lost = 0;

  note(tick: number, kind: number, type: number, index: number, a: number, b: number): void {
    const d = (this.data ??= new Float64Array(FIELDS * EVENT_LOG));
    if (this.count === EVENT_LOG) {
      this.start = (this.start + 1) % EVENT_LOG;
      this.count--;
      this.lost++;
    }
    const o = FIELDS * ((this.start + this.count) % EVENT_LOG);
    d[o] = tick;
    d[o + 1] = kind;
    d[o + 2] = type;
    d[o + 3] = index;
    d[o + 4] = a;
    d[o + 5] = b;
    this.count++;
  }

  /** Calls `each` with every logged event, oldest first, then empties the log; returns how many were lost before them. */
  drain(each: (tick: number, kind: number, type: number, index: number, a: number, b: number) => void): number {
    const d = this.data;
    for (let e = 0; d && e < this.count; e++) {
      const o = FIELDS * ((this.start + e) % EVENT_LOG);
      each(d[o], d[o + 1], d[o + 2], d[o + 3], d[o + 4], d[o + 5]);
    }
    const lost = this.lost;
    this.start = 0;
    this.count = 0;
    this.lost = 0;
    return lost;
  }
}

/** One event as `events()` gives it (docs/module.md, "Events"). `tick`: the tick whose forces it happened in. */
export type SteerEvent =
  /** An agent took a transition (the same as `transitions()` gives). */
  | { tick: number; kind: 'transition'; type: string; index: number; from: string; to: string }
  /** An agent's own route (setRoute) is finished: it reached the last waypoint (within the Follow Path's waypoint radius). Once per route. */
  | { tick: number; kind: 'route-finished'; type: string; index: number }
  /** An Emit Event node's condition became true for the agent. */
  | { tick: number; kind: 'event'; type: string; index: number; name: string };

/** The log's events as objects, oldest first, emptying it; returns them and how many were dropped before them. */
export function readEvents(log: EventLog, types: readonly string[], stateNames: (k: number) => readonly string[], eventNames: (k: number) => readonly string[]): { events: SteerEvent[]; lost: number } {
  const events: SteerEvent[] = [];
  const lost = log.drain((tick, kind, k, index, a, b) => {
    const type = types[k];
    if (kind === EVENT_TRANSITION) events.push({ tick, kind: 'transition', type, index, from: stateNames(k)[a], to: stateNames(k)[b] });
    else if (kind === EVENT_ROUTE_FINISHED) events.push({ tick, kind: 'route-finished', type, index });
    else events.push({ tick, kind: 'event', type, index, name: eventNames(k)[a] });
  });
  return { events, lost };
}
