import { LitElement, css, html, nothing } from 'lit';

/** Detail of `timeline-seek`: the tick the user picked on the timeline. */
export interface TimelineSeekDetail {
  tick: number;
  /** `start`: a press began a scrub; `move`: the scrub goes on; `end`: it ended; `key`: a key stepped. */
  phase: 'start' | 'move' | 'end' | 'key';
}

declare global {
  interface HTMLElementTagNameMap {
    'steer-timeline': SteerTimeline;
  }
}

/** The tick at `x` CSS px across a track of `width` px showing ticks `from` to `to`, rounded, clamped to `from … max`. */
export function tickAt(x: number, width: number, from: number, to: number, max: number): number {
  if (width <= 0 || to <= from) return from;
  const t = Math.round(from + (x / width) * (to - from));
  return Math.min(Math.max(t, from), max);
}

/**
 * `<steer-timeline>`: the preview's replay scrubber, a slim track of the recorded ticks. The filled
 * part is the recorded range (`start` … `end`), a hatched part after it the recorded input that
 * playing on will replay (up to `inputEnd`), and a thumb the current tick. Dragging on the track,
 * or the arrow keys (±1 tick; with Shift ±60), Page Up/Down (±60), Home and End, pick a tick (a
 * `timeline-seek`); the preview seeks there.
 *
 * @fires timeline-seek - {@link TimelineSeekDetail}
 * @cssprop --steer-preview-accent - the thumb and the recorded range
 */
export class SteerTimeline extends LitElement {
  static properties = {
    start: { type: Number },
    end: { type: Number },
    inputEnd: { type: Number },
    tick: { type: Number },
  };

  /** First recorded tick. */
  declare start: number;
  /** Last recorded tick. */
  declare end: number;
  /** Last tick with recorded input (beyond `end` after a graph edit from an earlier tick), or −1. */
  declare inputEnd: number;
  /** The world's tick. */
  declare tick: number;

  private scrubbing: number | null = null;

  static styles = css`
    :host {
      display: flex;
      align-items: center;
      gap: 8px;
      min-width: 0;
      height: 18px;
      color: var(--steer-preview-muted, #9aa7b4);
      font-variant-numeric: tabular-nums;
    }
    .track {
      position: relative;
      flex: 1;
      height: 18px;
      cursor: pointer;
      touch-action: none;
      outline: none;
      border-radius: 3px;
    }
    .track:focus-visible {
      outline: 2px solid var(--steer-preview-accent, #5ec8ff);
      outline-offset: 1px;
    }
    .rail,
    .rec,
    .input {
      position: absolute;
      top: 7px;
      height: 4px;
      border-radius: 2px;
    }
    .rail {
      left: 0;
      right: 0;
      background: var(--steer-preview-button, #1f262e);
      box-shadow: inset 0 0 0 1px var(--steer-preview-bar-border, #2b343e);
    }
    .rec {
      left: 0;
      background: color-mix(in srgb, var(--steer-preview-accent, #5ec8ff) 45%, transparent);
    }
    .input {
      background: repeating-linear-gradient(
        90deg,
        color-mix(in srgb, var(--steer-preview-accent, #5ec8ff) 35%, transparent) 0 3px,
        transparent 3px 6px
      );
    }
    .thumb {
      position: absolute;
      top: 2px;
      width: 4px;
      height: 14px;
      margin-left: -2px;
      border-radius: 2px;
      background: var(--steer-preview-accent, #5ec8ff);
      box-shadow: 0 0 0 1px #0b0e12;
    }
    .label {
      min-width: 92px;
      text-align: right;
      white-space: nowrap;
    }
  `;

  constructor() {
    super();
    this.start = 0;
    this.end = 0;
    this.inputEnd = -1;
    this.tick = 0;
  }

  /** The last tick the track shows: the recorded range, and the input recorded after it. */
  private get last(): number {
    return Math.max(this.end, this.inputEnd, this.tick, this.start);
  }

  private get trackEl(): HTMLElement | null {
    return this.renderRoot?.querySelector('.track') ?? null;
  }

  private pick(e: PointerEvent, phase: TimelineSeekDetail['phase']): void {
    const track = this.trackEl;
    if (!track) return;
    const r = track.getBoundingClientRect();
    const t = tickAt(e.clientX - r.left, r.width, this.start, this.last, this.end);
    if (phase === 'move' && t === this.scrubbing) return;
    this.scrubbing = t;
    this.emit(t, phase);
  }

  private emit(tick: number, phase: TimelineSeekDetail['phase']): void {
    this.dispatchEvent(new CustomEvent<TimelineSeekDetail>('timeline-seek', { detail: { tick, phase }, bubbles: true, composed: true }));
  }

  private readonly onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    this.scrubbing = null;
    this.pick(e, 'start');
  };

  private readonly onMove = (e: PointerEvent): void => {
    if (this.scrubbing === null || !(e.currentTarget as HTMLElement).hasPointerCapture(e.pointerId)) return;
    this.pick(e, 'move');
  };

  private readonly onUp = (e: PointerEvent): void => {
    if (this.scrubbing === null) return;
    this.pick(e, 'end');
    this.scrubbing = null;
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    const big = 60;
    let t: number | null = null;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') t = this.tick - (e.shiftKey ? big : 1);
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') t = this.tick + (e.shiftKey ? big : 1);
    else if (e.key === 'PageDown') t = this.tick - big;
    else if (e.key === 'PageUp') t = this.tick + big;
    else if (e.key === 'Home') t = this.start;
    else if (e.key === 'End') t = this.end;
    if (t === null) return;
    e.preventDefault();
    e.stopPropagation();
    this.emit(Math.min(Math.max(t, this.start), this.end), 'key');
  };

  render() {
    const span = this.last - this.start;
    const pct = (t: number): number => (span > 0 ? ((t - this.start) / span) * 100 : 100);
    const endPct = pct(this.end);
    return html`
      <div
        class="track"
        data-test="timeline"
        role="slider"
        tabindex="0"
        aria-label="Replay timeline"
        aria-valuemin=${this.start}
        aria-valuemax=${this.end}
        aria-valuenow=${this.tick}
        aria-valuetext=${`tick ${this.tick} of ${this.start}–${this.end}`}
        title="Drag to replay the recorded run; , and . step one tick"
        @pointerdown=${this.onDown}
        @pointermove=${this.onMove}
        @pointerup=${this.onUp}
        @pointercancel=${this.onUp}
        @keydown=${this.onKey}
      >
        <div class="rail"></div>
        <div class="rec" style="width: ${endPct}%"></div>
        ${this.inputEnd > this.end ? html`<div class="input" style="left: ${endPct}%; width: ${pct(this.inputEnd) - endPct}%"></div>` : nothing}
        <div class="thumb" data-test="timeline-thumb" style="left: ${pct(Math.min(this.tick, this.last))}%"></div>
      </div>
      <span class="label" data-test="timeline-range">${this.start}–${this.end} recorded</span>
    `;
  }
}
