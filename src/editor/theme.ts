/** The editor's colours and socket shapes: one product look (categories and socket types). */
import type { Category, SocketType } from '../../nodes/types';

/** Header colour of a node by category. */
export const CATEGORY_COLOR: Record<Category, string> = {
  source: '#2f7d6d',
  behaviour: '#3d63b8',
  combinator: '#8a5a2b',
  output: '#7b3f8f',
};

/** Palette group titles. */
export const CATEGORY_LABEL: Record<Category, string> = {
  source: 'Sources',
  behaviour: 'Behaviours',
  combinator: 'Combinators',
  output: 'Output',
};

/** Socket colour by type. */
export const SOCKET_COLOR: Record<SocketType, string> = {
  force: '#ffb347',
  point: '#5ec8ff',
  agent: '#7ee07e',
  path: '#d99cff',
  obstacles: '#ff6b6b',
};

/** Socket shape by type: a force is a circle, a point a diamond, an agent a triangle… */
export const SOCKET_SHAPE: Record<SocketType, 'circle' | 'diamond' | 'triangle' | 'square' | 'hexagon'> = {
  force: 'circle',
  point: 'diamond',
  agent: 'triangle',
  path: 'square',
  obstacles: 'hexagon',
};

/** Layout constants shared by the node element and the size estimate (minimap, arrange). */
export const NODE_WIDTH = 232;
export const HEADER_HEIGHT = 30;
export const ROW_HEIGHT = 26;
export const PARAM_HEIGHT = 30;
export const PADDING = 8;
/** The minimap's height, px; it sits in a strip under the canvas (never over a node). */
export const MINIMAP_SIZE = 96;
/** The minimap's width over its height. */
export const MINIMAP_RATIO = 2;
