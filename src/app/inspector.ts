import { LitElement, css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { getNodeDef, paramDefs, paramValue } from '../../nodes/index';
import type { InspectContext, InspectPart, NodeDef } from '../../nodes/types';
import type { ProbeReading, ProbeValue } from '../../runtime/api';
import type { AgentType, Graph, GraphNode, SceneDocument } from '../document/types';
import { seenThrough } from '../document/reroutes';
import { hasForceOutput, isTransition } from '../../nodes/index';
import { probeColors, type Followed } from '../preview/inspect';
import { stateColorVar } from '../preview/state-counts';
import { TICKS_PER_SECOND } from '../preview/ticker';
import { panelStyles } from './styles';

/** What the inspector and the probe tip read: the preview's followed agent and its probe. */
export interface ProbeSource {
  readonly followed: Followed | null;
  probe(): ProbeReading | null;
  readonly world: { readonly tick: number } | null;
  follow(target: Followed | null): void;
}

const fmt = (x: number): string => (Number.isFinite(x) ? (Math.abs(x) >= 100 ? x.toFixed(1) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toFixed(3)) : '–');

/** A node output's value as text: a force's length and components, a point's coordinates. */
export function describeValue(v: ProbeValue | undefined): string {
  if (!v) return 'no value (the node is not part of the compiled graph)';
  if (!Number.isFinite(v.x) || !Number.isFinite(v.y)) return v.type === 'agent' ? 'no agent in range' : 'absent this tick';
  if (v.type === 'force') return `|F| ${fmt(Math.hypot(v.x, v.y))} px/tick²  (${fmt(v.x)}, ${fmt(v.y)})`;
  return `(${fmt(v.x)}, ${fmt(v.y)}) px`;
}

/** The probe of one node output in a reading. */
function valueOf(reading: ProbeReading | null, node: string, output = 0): ProbeValue | undefined {
  return reading?.values.find((v) => v.node === node && v.output === output && (v.state === undefined || v.state === reading.state));
}

/** One transition of a state, for the inspector: a Go to State node of its graph (or of the any-state graph). */
interface TransitionRow {
  node: string;
  target: string;
  order: number;
  any: boolean;
  /** Whether its condition holds now (the probe of the node feeding `when`), 'always' when `when` is unconnected, null when unknown. */
  holds: boolean | 'always' | null;
}

/** The Go to State nodes of the followed agent's state (then the any-state ones), lowest order first, with whether each condition holds now. */
export function transitionRows(type: AgentType, reading: ProbeReading): TransitionRow[] {
  const rows: TransitionRow[] = [];
  const add = (drawn: Graph, any: boolean): void => {
    // (what feeds a condition, through any reroutes)
    const graph = seenThrough(drawn);
    const found: TransitionRow[] = [];
    for (const n of graph.nodes) {
      if (!isTransition(n.kind)) continue;
      const when = graph.connections.find((c) => c.to[0] === n.id && c.to[1] === 'when');
      let holds: TransitionRow['holds'] = when ? null : 'always';
      if (when) {
        const output = getNodeDef(graph.nodes.find((x) => x.id === when.from[0])?.kind ?? '')?.outputs.findIndex((p) => p.key === when.from[1]) ?? 0;
        const inGraph = (v: ProbeValue): boolean => (any ? v.state === undefined || !type.states[v.state] : v.state === undefined || v.state === reading.state);
        const v = reading.values.find((x) => x.node === when.from[0] && x.output === Math.max(0, output) && (x.type as string) === 'condition' && inGraph(x));
        if (v) holds = v.x === 1;
      }
      found.push({ node: n.id, target: String(n.params.state ?? ''), order: Number(n.params.order ?? 1), any, holds });
    }
    rows.push(...found.sort((a, b) => a.order - b.order));
  };
  const state = type.states[reading.state];
  if (state) add(state.graph, false);
  if (type.anyState) add(type.anyState, true);
  return rows;
}

/** Runs `tick` once per animation frame while its element is connected (the inspector, the probe tip and the state view are live). */
export class FrameLoop implements ReactiveController {
  private id = 0;
  constructor(
    host: ReactiveControllerHost,
    private readonly tick: () => void,
  ) {
    host.addController(this);
  }
  hostConnected(): void {
    const run = (): void => {
      this.tick();
      this.id = requestAnimationFrame(run);
    };
    if (!this.id) this.id = requestAnimationFrame(run);
  }
  hostDisconnected(): void {
    cancelAnimationFrame(this.id);
    this.id = 0;
  }
}

/**
 * The agent inspector: for the agent followed in the preview, every node's force as a bar of the
 * agent's maxForce (in the colour its arrow has on the canvas), and the rows its kind adds under it
 * (`NodeDef.inspect`: for Priority and Truncate how much of the budget each input got and which
 * were cut off). Live: it redraws every frame the tick moved.
 */
export class SteerInspector extends LitElement {
  static properties = {
    source: { attribute: false },
    scene: { attribute: false },
  };

  declare source: ProbeSource | null;
  declare scene: SceneDocument | undefined;

  private lastTick = -1;
  private lastFollowed: Followed | null = null;
  private lastWorld: unknown = null;
  protected readonly loop = new FrameLoop(this, () => {
    const s = this.source;
    const tick = s?.world?.tick ?? -1;
    const f = s?.followed ?? null;
    // a new world (the module with the probes swapped in) reads at once, paused or not
    const world = s?.world ?? null;
    if (tick !== this.lastTick || f !== this.lastFollowed || world !== this.lastWorld) {
      this.lastTick = tick;
      this.lastFollowed = f;
      this.lastWorld = world;
      this.requestUpdate();
    }
  });

  static styles = [
    panelStyles,
    css`
      .hint {
        color: var(--steer-text-dim);
        line-height: 1.5;
      }
      .who {
        display: flex;
        align-items: center;
        gap: 8px;
        margin-bottom: 8px;
      }
      .who .swatch {
        width: 12px;
        height: 12px;
        border-radius: 50%;
      }
      .who .tick {
        color: var(--steer-text-dim);
        margin-left: auto;
      }
      table {
        width: 100%;
        border-collapse: collapse;
      }
      td {
        padding: 3px 2px;
        vertical-align: middle;
      }
      tr.node td {
        border-top: 1px solid var(--steer-row-border);
      }
      .dot {
        display: inline-block;
        width: 10px;
        height: 10px;
        border-radius: 2px;
        margin-right: 6px;
        vertical-align: -1px;
      }
      .name small {
        color: var(--steer-text-dim);
        margin-left: 4px;
      }
      .bar {
        position: relative;
        height: 10px;
        background: var(--steer-track);
        border-radius: 2px;
        min-width: 80px;
      }
      .bar span {
        position: absolute;
        left: 0;
        top: 0;
        bottom: 0;
        border-radius: 2px;
      }
      .bar.over::after {
        content: '';
        position: absolute;
        right: -3px;
        top: -2px;
        bottom: -2px;
        width: 2px;
        background: var(--steer-mark);
      }
      .num {
        text-align: right;
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
        color: var(--steer-text-heading);
      }
      tr.share td {
        color: var(--steer-text-secondary);
        font-size: 11px;
      }
      tr.share td.name {
        padding-left: 22px;
      }
      .cut {
        color: var(--steer-text-error);
        font-weight: 600;
      }
      .muted-tag {
        color: var(--steer-warning);
        font-size: 10px;
        margin-left: 4px;
      }
      .points td {
        color: var(--steer-text-secondary);
      }
      .state {
        display: flex;
        align-items: center;
        flex-wrap: wrap;
        gap: 6px;
        margin-bottom: 6px;
      }
      .state .mark {
        display: inline-block;
        width: 9px;
        height: 9px;
        border-radius: 50%;
        border: 2px solid;
        box-sizing: border-box;
      }
      .state .time {
        color: var(--steer-text-secondary);
        font-variant-numeric: tabular-nums;
      }
      table.transitions {
        margin-bottom: 8px;
      }
      table.transitions td {
        color: var(--steer-text-secondary);
        border-top: 1px solid var(--steer-row-border);
      }
      .holds {
        color: var(--steer-text-heading);
        font-weight: 600;
      }
    `,
  ];

  constructor() {
    super();
    this.source = null;
    this.scene = undefined;
  }

  render() {
    const f = this.source?.followed ?? null;
    const type = f ? this.scene?.agentTypes.find((t) => t.id === f.type) : undefined;
    if (!f || !type) {
      return html`<h3>Inspect</h3>
        <p class="hint" data-test="inspect-hint">
          Click an agent in the preview to follow it. Every node of its graph then shows its force here, live, and as an arrow
          in the node's colour on the canvas. Hover an output socket in the graph to read its value; press <b>M</b> on a selected
          node to mute it.
        </p>`;
    }
    const reading = this.source?.probe() ?? null;
    return html`<h3>Inspect</h3>
      <div class="who">
        <span class="swatch" style="background:${type.color}"></span>
        <b data-test="inspect-agent">${type.name} #${f.index + 1}</b>
        <span class="tick">tick ${this.source?.world?.tick ?? 0}</span>
        <button data-test="unfollow" @click=${() => this.source?.follow(null)}>Stop</button>
      </div>
      ${reading && type.states.length > 1 ? this.stateRows(type, reading) : nothing}
      ${reading ? this.table(type, reading) : html`<p class="hint">Waiting for the next tick…</p>`}`;
  }

  /** A type with states: the agent's state, its time in it, and the state's transitions. */
  private stateRows(type: AgentType, reading: ProbeReading) {
    const state = type.states[reading.state];
    const ticks = reading.time ?? 0;
    const rows = transitionRows(type, reading);
    const holds = (h: TransitionRow['holds']) => (h === 'always' ? 'always' : h === null ? '' : h ? html`<span class="holds">holds now</span>` : 'not now');
    return html`<div class="state" data-test="inspect-state">
        <span class="mark" style="border-color:${stateColorVar(reading.state)}"></span>
        State <b data-test="state-name">${state?.name ?? `#${reading.state + 1}`}</b>
        <span class="time" data-test="time-in-state">for ${ticks} ticks (${(ticks / TICKS_PER_SECOND).toFixed(2)} s)${state?.minTicks ? `, at least ${state.minTicks}` : ''}</span>
      </div>
      ${rows.length
        ? html`<table class="transitions" data-test="transitions">
            ${rows.map(
              (r) => html`<tr data-test="transition" data-node=${r.node}>
                <td>→ <b>${r.target || '(no state)'}</b>${r.any ? html`<small> any state</small>` : nothing}</td>
                <td class="num">order ${r.order}</td>
                <td class="num" data-test="condition">${holds(r.holds)}</td>
              </tr>`,
            )}
          </table>`
        : html`<p class="hint" data-test="transitions">No transitions out of this state.</p>`}`;
  }

  private table(type: AgentType, reading: ProbeReading) {
    const graph = type.states[reading.state]?.graph ?? type.states[0].graph;
    const nodes = graph.nodes;
    const colors = probeColors(nodes, hasForceOutput);
    const max = reading.maxForce;
    const rows = [];
    for (const n of nodes) {
      const def = getNodeDef(n.kind);
      if (!def) continue;
      const color = colors.get(n.id);
      if (!color) continue;
      const v = valueOf(reading, n.id);
      const mag = v && Number.isFinite(v.x) ? Math.hypot(v.x, v.y) : 0;
      const frac = max > 0 ? mag / max : 0;
      rows.push(html`<tr class="node" data-node=${n.id}>
        <td class="name"><span class="dot" style="background:${color}"></span>${def.label}<small>${n.id}</small>${n.muted
            ? html`<span class="muted-tag">muted</span>`
            : nothing}</td>
        <td><div class="bar ${frac > 1 ? 'over' : ''}"><span style="width:${Math.min(1, frac) * 100}%;background:${color}"></span></div></td>
        <td class="num" data-test="magnitude">${fmt(mag)} <small>(${Math.round(frac * 100)}%)</small></td>
      </tr>`);
      if (def.inspect && !n.muted) rows.push(...this.kindRows(graph, n, def, reading));
    }
    const points = nodes.filter((n) => {
      const def = getNodeDef(n.kind);
      return def && def.outputs.some((p) => p.type === 'point' || p.type === 'agent');
    });
    return html`<table data-test="inspect-table">
      <tbody>
        ${rows}
      </tbody>
      <tbody class="points">
        ${points.map((n) => html`<tr><td class="name">${getNodeDef(n.kind)!.label}<small>${n.id}</small></td><td colspan="2" class="num">${describeValue(valueOf(reading, n.id))}</td></tr>`)}
      </tbody>
    </table>
    <p class="hint">Bars: each force as a share of this agent's maxForce (${fmt(max)} px/tick²); maxSpeed ${fmt(reading.maxSpeed)} px/tick.</p>`;
  }

  /** The rows a node's kind adds under it (its definition's `inspect` hook: Priority's shares, Truncate's cut). */
  private kindRows(drawn: Graph, n: GraphNode, def: NodeDef, reading: ProbeReading) {
    const defs = paramDefs(def, n.params);
    // (the node feeding an input, through any reroutes)
    const graph = seenThrough(drawn);
    const into = (input: string) => graph.connections.find((c) => c.to[0] === n.id && c.to[1] === input);
    const sourceNode = (id: string) => graph.nodes.find((x) => x.id === id);
    const ctx: InspectContext = {
      value: (key) => {
        const p = defs.find((d) => d.key === key);
        return p ? paramValue(p, n.params) : undefined;
      },
      maxForce: reading.maxForce,
      source: (input) => {
        const c = into(input);
        return c ? (getNodeDef(sourceNode(c.from[0])?.kind ?? '')?.label ?? c.from[0]) : null;
      },
      input: (input) => {
        const c = into(input);
        if (!c) return null;
        const v = valueOf(reading, c.from[0], getNodeDef(sourceNode(c.from[0])?.kind ?? '')?.outputs.findIndex((p) => p.key === c.from[1]) ?? 0);
        return v && Number.isFinite(v.x) ? [v.x, v.y] : null;
      },
      output: () => {
        const v = valueOf(reading, n.id);
        return v ? [v.x, v.y] : null;
      },
    };
    const part = (p: InspectPart) =>
      typeof p === 'string' ? p : typeof p === 'number' ? fmt(p) : p.flagged ? html`<span class="cut" data-test="cut">${p.cut}</span>` : html`<span class="cut">${p.cut}</span>`;
    return (def.inspect?.(ctx) ?? []).map(
      (row) => html`<tr class="share" data-share=${`${n.id}:${row.key}`}>
        <td class="name">${row.name.map(part)}</td>
        <td colspan="2" class="num">${row.value.map(part)}</td>
      </tr>`,
    );
  }
}

/** Where the pointer hovers an output socket: that output's live value for the followed agent. */
export interface ProbeTipTarget {
  nodeId: string;
  port: string;
  kind: string;
  x: number;
  y: number;
}

/** The tooltip over a hovered output socket, live. */
export class SteerProbeTip extends LitElement {
  static properties = {
    source: { attribute: false },
    target: { attribute: false },
  };

  declare source: ProbeSource | null;
  declare target: ProbeTipTarget | null;

  protected readonly loop = new FrameLoop(this, () => this.requestUpdate());

  static styles = css`
    :host {
      position: fixed;
      z-index: 20;
      pointer-events: none;
      background: var(--steer-tip);
      border: 1px solid var(--steer-tip-border);
      border-radius: 4px;
      padding: 4px 7px;
      font: 11px/1.4 system-ui, sans-serif;
      color: var(--steer-text);
      white-space: nowrap;
      box-shadow: 0 2px 8px var(--steer-shadow-card);
    }
    .hint {
      color: var(--steer-text-dim);
    }
  `;

  constructor() {
    super();
    this.source = null;
    this.target = null;
  }

  render() {
    const t = this.target;
    if (!t) return nothing;
    this.style.left = `${t.x + 14}px`;
    this.style.top = `${t.y - 10}px`;
    const f = this.source?.followed;
    if (!f) return html`<span class="hint" data-test="probe-text">Click an agent in the preview to read this output for it</span>`;
    const output = getNodeDef(t.kind)?.outputs.findIndex((p) => p.key === t.port) ?? 0;
    return html`<span data-test="probe-text">${describeValue(valueOf(this.source?.probe() ?? null, t.nodeId, output))}</span>`;
  }
}
