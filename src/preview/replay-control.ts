/**
 * The preview's replay as the element drives it (the recording is replay.ts, the bar's timeline
 * timeline.ts): seeking the recorded run, a step back, restarting the recording, the , and . keys,
 * and keeping the timeline up to date without a layout every frame. Free of Lit; the element
 * (preview.ts) gives it the little it needs of itself.
 */
import type { RecordedRange } from './sim-protocol';
import type { SimulationHost } from './simulation-host';
import type { SteerTimeline } from './timeline';

/** While playing, the timeline follows the tick at most this often, ms (see {@link ReplayControl.syncTimeline}). */
const TIMELINE_SYNC_MS = 250;

/** What the replay needs of the element. */
export interface ReplayClient {
  /** The simulation the element talks to now. */
  sim(): SimulationHost;
  /** Whether the element's loop runs (it plays). */
  running(): boolean;
  /** Pauses the element (its `playing` and its loop). */
  pause(): void;
  /** Steps one tick forward (and pauses). */
  stepForward(): void;
  /** The world shows another tick than it ran to: the element forgets the headings it drew, reports and redraws. */
  sought(): void;
  redraw(): void;
  error(message: string): void;
  /** The bar's timeline, once rendered. */
  timeline(): SteerTimeline | null;
}

/** See the file comment; one per element. */
export class ReplayControl {
  private timelineSyncedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly on: ReplayClient) {}

  /** The recorded range (see SteerPreview.recording). */
  get recording(): RecordedRange | null {
    return this.on.sim().recording;
  }

  /** Shows the recorded run at `tick` and pauses (see SteerPreview.seek). */
  seek(tick: number): void {
    const sim = this.on.sim();
    if (!sim.recording) return;
    this.on.pause();
    const sought = sim.seek(tick);
    if (sought.kind === 'error') this.on.error(sought.message);
    if (sought.kind !== 'sought') return;
    this.on.sought();
  }

  /** Steps one tick back in the recording (pauses). */
  stepBack(): void {
    const t = this.on.sim().world?.tick;
    const start = this.recording?.start;
    if (t !== undefined && start !== undefined && t > start) this.seek(t - 1);
  }

  /** Starts the recording afresh at the current tick. */
  restartRecording(): void {
    this.on.sim().restartRecording();
    this.on.redraw();
  }

  /** , and . step back and forward one tick while the preview has focus (not in its fields); true when the key was one of them. */
  onKey(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== ',' && e.key !== '.')) return false;
    const inner = e.composedPath()[0];
    if (inner instanceof HTMLInputElement || inner instanceof HTMLSelectElement || inner instanceof HTMLTextAreaElement) return false;
    e.preventDefault();
    if (e.key === ',') this.stepBack();
    else this.on.stepForward();
    return true;
  }

  /**
   * Brings the timeline up to date: every frame drawn while paused (the tick moves without a
   * render), at most every TIMELINE_SYNC_MS while playing. Its label and bars changing every frame
   * made the page lay out and repaint every frame: 6 of the 10 ms a 200-node editor's frame took.
   */
  syncTimeline(): void {
    const tl = this.on.timeline();
    if (!tl) return;
    if (this.on.running()) {
      const now = performance.now();
      if (now - this.timelineSyncedAt < TIMELINE_SYNC_MS) return;
      this.timelineSyncedAt = now;
    }
    const r = this.recording;
    tl.start = r?.start ?? 0;
    tl.end = r?.end ?? 0;
    tl.inputEnd = r?.inputEnd ?? -1;
    tl.tick = this.on.sim().world?.tick ?? 0;
  }
}

