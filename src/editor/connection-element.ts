import { LitElement, css, html, svg } from 'lit';
import { SOCKET_COLOR } from './theme';

/** A connection drawn in its source socket's colour. */
export class SteerConnection extends LitElement {
  static properties = {
    path: { type: String },
    color: { type: String },
  };

  /** The SVG path the renderer computed. */
  declare path: string;
  /** Stroke colour (the source socket type's). */
  declare color: string;

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
  `;

  constructor() {
    super();
    this.path = '';
    this.color = SOCKET_COLOR.force;
  }

  render() {
    return html`<svg data-test="connection">${svg`<path d=${this.path} stroke=${this.color}></path>`}</svg>`;
  }
}
