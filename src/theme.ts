/**
 * The product's colours: one set of CSS custom properties (`--steer-*`), set on `<steer-app>`'s
 * host and inherited by every element inside it: the app's panels, menus and dialogs (in its shadow
 * tree) and the graph editor's nodes, sockets, wires and minimap (in its light DOM, under the
 * editor's container). Stylesheets and templates name a colour with {@link cssVar} or
 * `var(--steer-<name>)`; its value is written here once. Names are roles; two roles may share a
 * value. Colours that are data (agent types' colours, a colour picker's value, the preview's canvas
 * theme in src/preview/) are not here.
 *
 * Neutral ground: the app (src/app/) and the editor (src/editor/) both import it.
 */
import { unsafeCSS, type CSSResult } from 'lit';

/** Every colour by role: property `--steer-<name>`. */
export const COLORS = {
  // surfaces, darkest first
  tip: '#0c0f13',
  field: '#0e1115',
  bg: '#111418',
  canvas: '#12161b',
  strip: '#14181d',
  'graph-bar': '#151a20',
  panel: '#15191e',
  palette: '#161a20',
  bar: '#171b21',
  card: '#1b2027',
  track: '#1b2129',
  popup: '#1d232b',
  popover: '#1f2228',
  'row-hover': '#1f2630',
  raised: '#222a33',
  'canvas-dot': '#232a33',
  // text
  text: '#dde3ea',
  'text-strong': '#e8edf2',
  'text-bright': '#fff',
  'text-param': '#c9d2dc',
  'text-list': '#c4ccd5',
  'text-heading': '#c2ccd6',
  'text-port': '#b9c3ce',
  'text-body': '#b9c2cc',
  'text-label': '#aab4bf',
  'text-code': '#9fb0c2',
  'text-secondary': '#9aa7b4',
  'text-status': '#9aa6b2',
  'text-dim': '#8b97a4',
  'text-caption': '#8b96a3',
  'text-hint': '#7d8894',
  link: '#7fb4ff',
  // lines
  'row-border': '#222a33',
  border: '#252d36',
  'table-rule': '#2a323c',
  separator: '#2c343e',
  'card-border': '#2e3742',
  'button-border': '#343e4a',
  'field-border': '#39424d',
  'popup-border': '#3a4450',
  'tip-border': '#3a4654',
  'selected-border': '#5b6b7d',
  focus: '#5ec8ff',
  mark: '#fff',
  // controls
  button: '#232b35',
  'button-hover': '#2d3743',
  'button-overlay': 'rgba(35, 43, 53, 0.92)',
  'menu-hover': '#2b3440',
  'popup-button': '#2b3440',
  selected: '#2f3a47',
  'panel-button': '#26303b',
  'panel-button-hover': '#303c49',
  pressed: '#3d63b8',
  'pressed-border': '#5b82d6',
  'switch-on': '#3a4a5c',
  'switch-on-border': '#6d8197',
  // veils and shadows
  shadow: 'rgba(0, 0, 0, 0.55)',
  'shadow-card': 'rgba(0, 0, 0, 0.5)',
  'shadow-sheet': 'rgba(0, 0, 0, 0.6)',
  backdrop: 'rgba(0, 0, 0, 0.5)',
  'drop-veil': 'rgba(17, 20, 24, 0.8)',
  'help-veil': 'rgba(5, 8, 12, 0.55)',
  'sheet-veil': 'rgba(6, 8, 11, 0.6)',
  // meaning
  accent: '#ffb347',
  highlight: '#ffd166',
  warning: '#f5c451',
  'warning-bg': '#2a2410',
  'text-on-warning': '#1f1704',
  'text-on-muted': '#1a1200',
  notice: '#2a2216',
  'notice-border': '#5a4526',
  'notice-text': '#ffcf8a',
  error: '#ff7b7b',
  danger: '#ff5d5d',
  'danger-bg': '#2a1416',
  'text-on-danger': '#1b0d0d',
  'text-error': '#ff8a8a',
  ok: '#7ee07e',
  // exposed parameters: the chip on a node, the Parameters panel's live values
  param: '#9cc9ff',
  'param-bg': '#1a2a3c',
  'param-border': '#3e6690',
  // A/B compare
  'variant-a': '#2f3a47',
  'variant-b': '#5a4330',
  editing: '#7fb8ff',
  'editing-outline': '#4d6a86',
  // the graph editor: nodes, node headers by category, sockets and wires by type, box select, minimap
  'node-shadow': 'rgba(0, 0, 0, 0.35)',
  'selected-glow': 'rgba(255, 209, 102, 0.35)',
  'help-button': 'rgba(0, 0, 0, 0.18)',
  'help-button-hover': 'rgba(0, 0, 0, 0.4)',
  'help-button-border': 'rgba(255, 255, 255, 0.45)',
  'category-source': '#2f7d6d',
  'category-behaviour': '#3d63b8',
  'category-combinator': '#8a5a2b',
  'category-logic': '#5b5f6e',
  'category-layout': '#4a5563',
  'category-output': '#7b3f8f',
  'category-unknown': '#6b2a2a',
  'socket-force': '#ffb347',
  'socket-point': '#5ec8ff',
  'socket-agent': '#7ee07e',
  'socket-path': '#d99cff',
  'socket-obstacles': '#ff6b6b',
  'socket-number': '#e8e8e8',
  'socket-condition': '#ffe066',
  'socket-unknown': '#999',
  'select-box-fill': 'rgba(255, 209, 102, 0.08)',
  minimap: 'rgba(20, 25, 31, 0.92)',
  'minimap-node': 'rgba(94, 200, 255, 0.55)',
  'minimap-node-border': 'rgba(190, 210, 230, 0.5)',
  'minimap-view': 'rgba(255, 209, 102, 0.12)',
  // frames and sticky notes on the graph canvas (a frame's own colour is data: the document's)
  'frame-handle': 'rgba(255, 255, 255, 0.6)',
  'frame-swatch-border': 'rgba(255, 255, 255, 0.5)',
  note: '#e8d77a',
  'note-text': '#2a2410',
  'note-strip': 'rgba(0, 0, 0, 0.06)',
} as const;

/** A colour's role. */
export type ColorName = keyof typeof COLORS;

/** `var(--steer-<name>)`: a colour in a stylesheet, a style attribute or an SVG paint. */
export function cssVar(name: ColorName): string {
  return `var(--steer-${name})`;
}

/** The declarations `--steer-<name>: <value>;` of every colour. */
export function colorProperties(): string {
  return Object.entries(COLORS)
    .map(([name, value]) => `--steer-${name}: ${value};`)
    .join('\n');
}

/** The stylesheet that defines the colours, on the app's host. */
export const themeProperties: CSSResult = unsafeCSS(`:host {\n${colorProperties()}\n}`);
