/**
 * The product's colours: one set of CSS custom properties (`--steer-*`), set on `<steer-app>`'s
 * host and inherited by every element inside it (the panels, the palette, the graph editor's nodes,
 * sockets and wires). Stylesheets and templates name a colour with {@link cssVar}; its value is
 * written here once.
 */
import { unsafeCSS, type CSSResult } from 'lit';

/** Every colour by role: property `--steer-<name>`. */
export const COLORS = {
  // surfaces, darkest first
  field: '#0e1115',
  bg: '#111418',
  canvas: '#12161b',
  strip: '#14181d',
  'graph-bar': '#151a20',
  panel: '#15191e',
  bar: '#171b21',
  popup: '#1d232b',
  'canvas-dot': '#232a33',
  // text
  text: '#dde3ea',
  'text-strong': '#e8edf2',
  'text-heading': '#c2ccd6',
  'text-label': '#aab4bf',
  'text-code': '#9fb0c2',
  'text-status': '#9aa6b2',
  'text-dim': '#8b97a4',
  'text-hint': '#7d8894',
  // lines
  border: '#252d36',
  separator: '#2c343e',
  'button-border': '#343e4a',
  'field-border': '#39424d',
  'popup-border': '#3a4450',
  'selected-border': '#5b6b7d',
  // controls
  button: '#232b35',
  'button-hover': '#2d3743',
  'button-overlay': 'rgba(35, 43, 53, 0.92)',
  'menu-hover': '#2b3440',
  selected: '#2f3a47',
  'panel-button': '#26303b',
  'panel-button-hover': '#303c49',
  pressed: '#3d63b8',
  'pressed-border': '#5b82d6',
  shadow: 'rgba(0, 0, 0, 0.55)',
  backdrop: 'rgba(0, 0, 0, 0.5)',
  'drop-veil': 'rgba(17, 20, 24, 0.8)',
  // meaning
  accent: '#ffb347',
  warning: '#f5c451',
  error: '#ff7b7b',
  ok: '#7ee07e',
  // the graph editor: node headers by category, sockets and wires by type
  'category-source': '#2f7d6d',
  'category-behaviour': '#3d63b8',
  'category-combinator': '#8a5a2b',
  'category-output': '#7b3f8f',
  'socket-force': '#ffb347',
  'socket-point': '#5ec8ff',
  'socket-agent': '#7ee07e',
  'socket-path': '#d99cff',
  'socket-obstacles': '#ff6b6b',
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
