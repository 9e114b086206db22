import { LitElement, css, html, nothing, svg } from 'lit';
import { depthExtent } from '../../nodes/formation';
import type { Offsets, OffsetsParam } from '../../nodes/types';
import { NODE_WIDTH, SLOT_PAD_HEIGHT } from './theme';

/** The width of the pad's drawing area, px (its viewBox): the node's width less the row's padding. */
export const PAD_WIDTH = NODE_WIDTH - 22;
/** The height of the pad's drawing area, px: the row's height less the caption. */
export const PAD_HEIGHT = SLOT_PAD_HEIGHT - 34;

/** Offsets snap to this many px of the leader's frame. */
export const PAD_SNAP = 5;

/** A dot's radius on the pad, px. */
const DOT = 7;

/** Room kept free around the pad's edge, px. */
const MARGIN = 10;

/**
 * The pad's scale, pad px per px of the leader's frame: ½ (±210 px ahead and behind, ±152 to the
 * sides), halved until
 * every drawn slot fits. Powers of two, so the view jumps rarely and a slot's place stays exact.
 */
export function padScale(slots: Offsets): number {
  let reachX = 0;
  let reachY = 0;
  for (const [x, y] of slots) {
    reachX = Math.max(reachX, Math.abs(x));
    reachY = Math.max(reachY, Math.abs(y));
  }
  let s = 0.5;
  while (s > 1 / 256 && (reachX * s > PAD_WIDTH / 2 - MARGIN || reachY * s > PAD_HEIGHT / 2 - MARGIN)) s /= 2;
  return s;
}

/** A pad point (px from its top-left corner) as an offset of the leader's frame at `scale`, snapped. */
export function padToOffset(px: number, py: number, scale: number): [number, number] {
  const snap = (v: number) => Math.round(v / scale / PAD_SNAP) * PAD_SNAP + 0;
  return [snap(px - PAD_WIDTH / 2), snap(py - PAD_HEIGHT / 2)];
}

/** A drag under way: which dot, the scale it started at (kept while it lasts), and its merge key. */
interface Drag {
  index: number;
  scale: number;
  merge: string;
  pointer: number;
}

let drags = 0;

/**
 * Formation's slot pad: the leader as an arrow at the centre pointing right (ahead), each custom
 * slot a numbered dot (x ahead, y to the leader's right, which is down on the pad), and the first
 * repeat of the pattern in faint rings. Click on empty pad adds a slot there, drag a dot moves it,
 * Alt+click a dot removes it; each gesture is one `param-change` (one undoable edit; a drag merges
 * its moves into one, and the preview follows it live).
 */
export class SteerSlotPad extends LitElement {
  static properties = {
    def: { attribute: false },
    value: { attribute: false },
    spacing: { attribute: false },
    problem: { attribute: false },
  };

  /** The parameter's definition. */
  declare def: OffsetsParam;
  /** The drawn slots (the document's value, or the default). */
  declare value: Offsets;
  /** The node's spacing, px: the gap before the next repeat of the pattern. */
  declare spacing: number;
  /** A diagnostic message about the slots, if any. */
  declare problem: string | undefined;

  private drag: Drag | null = null;

  static styles = css`
    :host {
      display: block;
      height: ${SLOT_PAD_HEIGHT}px;
      box-sizing: border-box;
      padding: 2px 10px 0;
      font-size: 12px;
      color: var(--steer-text-param);
      cursor: default;
    }
    .caption {
      display: flex;
      align-items: baseline;
      justify-content: space-between;
      height: 22px;
      line-height: 22px;
      white-space: nowrap;
    }
    .hint {
      color: var(--steer-text-hint);
      font-size: 11px;
    }
    :host([problem]) .hint {
      color: var(--steer-danger);
    }
    svg {
      display: block;
      width: ${PAD_WIDTH}px;
      height: ${PAD_HEIGHT}px;
      background: var(--steer-field);
      border: 1px solid var(--steer-field-border);
      border-radius: 6px;
      box-sizing: border-box;
      cursor: crosshair;
      touch-action: none;
    }
    :host([problem]) svg {
      border-color: var(--steer-danger);
    }
    .grid {
      fill: var(--steer-button-border);
    }
    .axis {
      stroke: var(--steer-border);
      stroke-width: 1;
    }
    .leader {
      fill: var(--steer-accent);
    }
    .repeat {
      fill: none;
      stroke: var(--steer-text-hint);
      stroke-dasharray: 2 2;
      opacity: 0.7;
    }
    .slot {
      cursor: grab;
    }
    .slot circle {
      fill: var(--steer-category-behaviour);
      stroke: var(--steer-card);
      stroke-width: 1.5;
    }
    .slot:hover circle,
    .slot.dragged circle {
      stroke: var(--steer-text-bright);
    }
    .slot.dragged {
      cursor: grabbing;
    }
    .slot text {
      fill: var(--steer-text-bright);
      font: 600 9px/1 system-ui, sans-serif;
      text-anchor: middle;
      dominant-baseline: central;
      pointer-events: none;
    }
  `;

  constructor() {
    super();
    this.value = [];
    this.spacing = 30;
    this.problem = undefined;
    // The pad's pointer work must not drag the node or pan the canvas.
    this.addEventListener('pointerdown', (e) => e.stopPropagation());
    this.addEventListener('dblclick', (e) => e.stopPropagation());
    this.addEventListener('wheel', (e) => e.stopPropagation());
    // (Alt+click removes; a right-click keeps the node's menu)
  }

  protected updated(): void {
    this.toggleAttribute('problem', !!this.problem);
  }

  private commit(value: Offsets, merge?: string): void {
    this.dispatchEvent(new CustomEvent('param-change', { detail: { key: this.def.key, value, merge: merge ?? false }, bubbles: true, composed: true }));
  }

  /** The pointer's place on the pad, px from its top-left corner (the canvas may be zoomed). */
  private padPoint(e: PointerEvent): [number, number] {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    return [((e.clientX - box.left) * PAD_WIDTH) / box.width, ((e.clientY - box.top) * PAD_HEIGHT) / box.height];
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0) return;
    const slots = this.value;
    const hit = (e.target as Element).closest?.('[data-slot]');
    const index = hit ? Number((hit as SVGElement).dataset.slot) : -1;
    if (index >= 0 && e.altKey) {
      this.commit(slots.filter((_, k) => k !== index));
      return;
    }
    const scale = padScale(slots);
    if (index >= 0) {
      (e.currentTarget as SVGSVGElement).setPointerCapture(e.pointerId);
      this.drag = { index, scale, merge: `slot-drag-${++drags}`, pointer: e.pointerId };
      this.requestUpdate();
      return;
    }
    if (slots.length >= this.def.max) return;
    const [px, py] = this.padPoint(e);
    this.commit([...slots, padToOffset(px, py, scale)]);
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const [px, py] = this.padPoint(e);
    const [x, y] = padToOffset(px, py, d.scale);
    const now = this.value[d.index];
    if (!now || (now[0] === x && now[1] === y)) return;
    this.commit(
      this.value.map((p, k) => (k === d.index ? [x, y] : p)),
      d.merge,
    );
  }

  private up(e: PointerEvent): void {
    if (!this.drag || e.pointerId !== this.drag.pointer) return;
    this.drag = null;
    this.requestUpdate();
  }

  render() {
    const p = this.def;
    if (!p) return nothing;
    const slots = this.value;
    const scale = this.drag?.scale ?? padScale(slots);
    const cx = PAD_WIDTH / 2;
    const cy = PAD_HEIGHT / 2;
    // a dot every 30 px of the leader's frame (the default spacing), fewer when zoomed far out
    const step = 30 * Math.max(1, Math.ceil(12 / (30 * scale))) * scale;
    const grid = [];
    for (let x = cx % step; x < PAD_WIDTH; x += step) {
      for (let y = cy % step; y < PAD_HEIGHT; y += step) grid.push(svg`<circle class="grid" cx=${x} cy=${y} r="1"></circle>`);
    }
    // the first repeat of the pattern, where followers past the last slot go
    const back = depthExtent(slots) + this.spacing;
    const hint = this.problem ?? (slots.length ? `${slots.length} ${slots.length === 1 ? 'slot' : 'slots'} · Alt+click removes` : 'click to add slots');
    return html`<div class="caption">
        <label title=${p.help}>${p.label}</label><span class="hint" data-test="slot-pad-hint" title=${this.problem ?? p.help}>${hint}</span>
      </div>
      <svg
        data-test="slot-pad"
        viewBox="0 0 ${PAD_WIDTH} ${PAD_HEIGHT}"
        role="application"
        aria-label="${p.label}: ${slots.length} drawn. Click to add a slot, drag a slot to move it, Alt+click a slot to remove it."
        @pointerdown=${(e: PointerEvent) => this.down(e)}
        @pointermove=${(e: PointerEvent) => this.move(e)}
        @pointerup=${(e: PointerEvent) => this.up(e)}
        @pointercancel=${(e: PointerEvent) => this.up(e)}
      >
        ${grid}
        <line class="axis" x1="0" y1=${cy} x2=${PAD_WIDTH} y2=${cy}></line>
        <line class="axis" x1=${cx} y1="0" x2=${cx} y2=${PAD_HEIGHT}></line>
        ${slots.map(([x, y]) => svg`<circle class="repeat" cx=${cx + (x - back) * scale} cy=${cy + y * scale} r=${DOT - 2}></circle>`)}
        <path class="leader" d="M ${cx + 9} ${cy} L ${cx - 6} ${cy - 7} L ${cx - 3} ${cy} L ${cx - 6} ${cy + 7} Z"><title>The leader, heading right</title></path>
        ${slots.map(
          ([x, y], k) => svg`<g class="slot ${this.drag?.index === k ? 'dragged' : ''}" data-slot=${k} transform="translate(${cx + x * scale} ${cy + y * scale})">
            <title>Slot ${k + 1}: ${x} px ahead, ${y} px right</title>
            <circle r=${DOT}></circle><text>${k + 1}</text>
          </g>`,
        )}
      </svg>`;
  }
}
