/**
 * The editor's colours and socket shapes: one product look (categories and socket types). The
 * colours are the custom properties of src/theme.ts, named here by category and type.
 */
import type { Category, SocketType } from '../../nodes/types';
import { cssVar } from '../theme';

/** Header colour of a node by category (a `var(--steer-category-…)`). */
export const CATEGORY_COLOR: Record<Category, string> = {
  source: cssVar('category-source'),
  behaviour: cssVar('category-behaviour'),
  combinator: cssVar('category-combinator'),
  logic: cssVar('category-logic'),
  layout: cssVar('category-layout'),
  output: cssVar('category-output'),
};

/** Header colour of a node whose kind is unknown (a document from a newer version). */
export const UNKNOWN_CATEGORY_COLOR = cssVar('category-unknown');

/** Palette group titles. */
export const CATEGORY_LABEL: Record<Category, string> = {
  source: 'Sources',
  behaviour: 'Behaviours',
  combinator: 'Combinators',
  logic: 'Numbers & conditions',
  layout: 'Layout',
  output: 'Output',
};

/** Socket and wire colour by type (a `var(--steer-socket-…)`). */
export const SOCKET_COLOR: Record<SocketType, string> = {
  force: cssVar('socket-force'),
  point: cssVar('socket-point'),
  agent: cssVar('socket-agent'),
  path: cssVar('socket-path'),
  obstacles: cssVar('socket-obstacles'),
  number: cssVar('socket-number'),
  condition: cssVar('socket-condition'),
};

/** Colour of a socket of an unknown type. */
export const UNKNOWN_SOCKET_COLOR = cssVar('socket-unknown');

/** The outline of every socket's shape: the app's background, so sockets stand off the wires. */
export const SOCKET_OUTLINE = cssVar('bg');

/** Socket shape by type: a force is a circle, a point a diamond, an agent a triangle… */
export const SOCKET_SHAPE: Record<SocketType, 'circle' | 'diamond' | 'triangle' | 'square' | 'hexagon'> = {
  force: 'circle',
  point: 'diamond',
  agent: 'triangle',
  path: 'square',
  obstacles: 'hexagon',
  number: 'circle',
  condition: 'diamond',
};

/** Layout constants shared by the node element and the size estimate (minimap, arrange). */
export const NODE_WIDTH = 232;
export const HEADER_HEIGHT = 30;
export const ROW_HEIGHT = 26;
export const PARAM_HEIGHT = 30;
/** The height of a slot pad's row (Formation's custom slots, src/editor/slot-pad.ts): a caption and the pad. */
export const SLOT_PAD_HEIGHT = 186;
export const PADDING = 8;
/** A reroute's width, px: a pill with a socket at each end (its height is a row's). */
export const REROUTE_WIDTH = 44;
/** The minimap's height, px; it sits in a strip under the canvas (never over a node). */
export const MINIMAP_SIZE = 96;
/** The minimap's width over its height. */
export const MINIMAP_RATIO = 2;
