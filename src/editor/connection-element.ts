import { LitElement, css, html, svg } from 'lit';
import { SOCKET_COLOR } from './theme';

/** A connection drawn in its source socket's colour. */
export class SteerConnection extends LitElement {
  static properties = {
    path: { type: String },
    color: { type: String },
    highlighted: { type: Boolean, reflect: true },
  };

  /** The SVG path the renderer computed. */
  declare path: string;
  /** Stroke colour (the source socket type's). */
  declare color: string;
  /** Drawn bold and bright: the node being dragged would go into this wire if dropped (wire-insert.ts). */
  declare highlighted: boolean;

  static styles = css`
    svg {
      overflow: visible !important;
      position: absolute;
      pointer-events: none;
      width: 9999px;
      height: 9999px;
    }
    path {
      fill: none;
      stroke-width: 3px;
      pointer-events: auto;
      opacity: 0.85;
    }
    path:hover {
      stroke-width: 5px;
      opacity: 1;
    }
    :host([highlighted]) path {
      stroke-width: 7px;
      opacity: 1;
      stroke-dasharray: 10 5;
    }
  `;

  constructor() {
    super();
    this.path = '';
    this.color = SOCKET_COLOR.force;
    this.highlighted = false;
  }

  render() {
    return html`<svg data-test="connection">${svg`<path d=${this.path} stroke=${this.color}></path>`}</svg>`;
  }
}
