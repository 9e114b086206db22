import { LitElement, css, html, svg } from 'lit';
import type { SocketType } from '../../nodes/types';
import { isAddPort } from '../document/group-def';
import { GROUP_IN, GROUP_OUT } from '../document/types';
import { REROUTE_KIND } from '../../nodes/reroute';
import { dragState, onDragState } from './drag-state';
import { inFarNode, inSkippedNode } from './node-element';
import type { SteerNode } from './schemes';
import { dragEnd, socketsFit, type FitEnd } from './socket-fit';
import { SOCKET_COLOR, SOCKET_OUTLINE, SOCKET_SHAPE, UNKNOWN_SOCKET_COLOR } from './theme';

/**
 * A socket, coloured and shaped by its type. While a connection is being dragged it lights up when
 * it would accept it and dims when it would refuse it. A group boundary's "+" (group-def.ts
 * ADD_PORT) is drawn as an empty circle with a plus.
 */
export class SteerSocket extends LitElement {
  static properties = {
    type: { type: String },
    side: { type: String },
    nodeId: { type: String, attribute: 'node-id' },
    state: { state: true },
  };

  /** The socket's type. */
  declare type: SocketType;
  /** Which side of its node it is on. */
  declare side: 'input' | 'output';
  /** The node it belongs to. */
  declare nodeId: string;
  declare state: 'idle' | 'compatible' | 'incompatible';

  private off: (() => void) | undefined;

  static styles = css`
    :host {
      display: inline-block;
      width: 20px;
      height: 20px;
      padding: 3px;
      cursor: crosshair;
      vertical-align: middle;
    }
    svg {
      width: 20px;
      height: 20px;
      display: block;
      overflow: visible;
    }
    /* no transition, and only the hovered socket grows: hundreds of sockets animating a transform at
       once (every compatible one, when a drag starts) each became a compositing layer */
    :host(:hover) svg {
      transform: scale(1.3);
    }
    /* A drag restyles hundreds of sockets: only paint changes here. (A new stroke width, or an
       opacity on the svg, made the browser lay out the whole page again for each socket restyled.) */
    .shape {
      stroke-width: 2.5;
    }
    :host([data-state='compatible']) .shape {
      stroke: var(--steer-mark);
    }
    :host([data-state='incompatible']) .shape {
      fill-opacity: 0.25;
      stroke-opacity: 0.25;
    }
    .adds {
      fill: none;
      stroke: var(--steer-text-port);
      stroke-width: 1.5;
    }
    :host([data-state='compatible']) .adds {
      stroke: var(--steer-mark);
    }
  `;

  constructor() {
    super();
    this.type = 'force';
    this.side = 'input';
    this.nodeId = '';
    this.state = 'idle';
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.off = onDragState(() => this.refresh());
    this.refresh();
  }

  /** A socket whose node comes into view takes the drag's look it missed. */
  catchUp(): void {
    if (this.missed) this.refresh();
  }

  private missed = false;

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.off?.();
  }

  /** Takes the look of the drag in progress; true when that changed it. */
  private refresh(): boolean {
    // A drag changes the look of every socket it could or could not connect to; on a large graph
    // restyling hundreds of sockets out of view made the frames at the start and end of each drag
    // long. A socket of a node skipped far out of view waits until its node is drawn again.
    this.missed = inSkippedNode(this);
    if (this.missed) return false;
    const d = dragState();
    let state: SteerSocket['state'] = 'idle';
    if (d && !(d.nodeId === this.nodeId && d.side === this.side)) {
      const mine = this.end();
      const ok = d.side !== this.side && d.nodeId !== this.nodeId && (d.side === 'output' ? socketsFit(dragEnd(d), mine) : socketsFit(mine, dragEnd(d)));
      // Zoomed out far, only the sockets that would take the drag light up. Dimming the others as
      // well (hundreds of them, a few px wide at that zoom) repainted every node in view, 10-30 ms a
      // frame through a drag on a 200-node graph.
      state = ok ? 'compatible' : inFarNode(this) ? 'idle' : 'incompatible';
    }
    if (state === this.state && this.dataset.state === state) return false;
    this.state = state;
    this.dataset.state = state;
    return true;
  }

  /** The port key of the row this socket is drawn in (node-element.ts marks rows with data-port). */
  private get key(): string | undefined {
    return this.closest('[data-port]')?.getAttribute('data-port') ?? undefined;
  }

  /** Whether this is a group boundary's "+" (only Group Input and Group Output look for their row). */
  private get adds(): boolean {
    if (this.nodeId !== GROUP_IN && this.nodeId !== GROUP_OUT) return false;
    const key = this.key;
    return key !== undefined && isAddPort(this.nodeId, key);
  }

  /** This socket as an end of a wire: its type, whether it is a "+", whether its node is a reroute with no wires. */
  private end(): FitEnd {
    const root = this.getRootNode();
    const node = root instanceof ShadowRoot ? (root.host as Element & { data?: SteerNode }).data : undefined;
    const free = node?.kind === REROUTE_KIND && node.wired.size === 0 && node.wiredOutputs.size === 0;
    return { type: this.type, adds: this.adds, free };
  }

  protected willUpdate(): void {
    if (this.dataset.type !== this.type) this.dataset.type = this.type;
  }

  render() {
    if (this.adds) {
      const what = this.side === 'output' ? 'input' : 'output';
      return html`<svg viewBox="0 0 20 20" role="img" aria-label="add a group ${what}" data-test="add-port"><title>Drag a wire from a socket inside to here: a new ${what} of the group</title>${svg`<circle class="shape adds" cx="10" cy="10" r="7"></circle><path class="adds" d="M10 6.5 V13.5 M6.5 10 H13.5"></path>`}</svg>`;
    }
    const c = SOCKET_COLOR[this.type] ?? UNKNOWN_SOCKET_COLOR;
    const shape = SOCKET_SHAPE[this.type] ?? 'circle';
    const common = { fill: c, stroke: SOCKET_OUTLINE };
    const el =
      shape === 'circle'
        ? svg`<circle class="shape" cx="10" cy="10" r="7" fill=${common.fill} stroke=${common.stroke}></circle>`
        : shape === 'diamond'
          ? svg`<path class="shape" d="M10 2 L18 10 L10 18 L2 10 Z" fill=${common.fill} stroke=${common.stroke}></path>`
          : shape === 'triangle'
            ? svg`<path class="shape" d="${this.side === 'input' ? 'M3 3 L17 10 L3 17 Z' : 'M3 3 L17 10 L3 17 Z'}" fill=${common.fill} stroke=${common.stroke}></path>`
            : shape === 'square'
              ? svg`<rect class="shape" x="3" y="3" width="14" height="14" rx="2" fill=${common.fill} stroke=${common.stroke}></rect>`
              : svg`<path class="shape" d="M6 2 L14 2 L18 10 L14 18 L6 18 L2 10 Z" fill=${common.fill} stroke=${common.stroke}></path>`;
    return html`<svg viewBox="0 0 20 20" role="img" aria-label="${this.type} ${this.side}"><title>${this.type}</title>${el}</svg>`;
  }
}
