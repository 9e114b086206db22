/** The preview's colours: read from the element's `--steer-preview-*` custom properties. */

/** Colours of the drawing, read from the element's `--steer-preview-*` custom properties. */
export interface Theme {
  background: string;
  world: string;
  bounds: string;
  obstacle: string;
  obstacleStroke: string;
  hot: string;
  wall: string;
  wallRegion: string;
  path: string;
  pathActive: string;
  /** The flow field overlay's arrows. */
  flow: string;
  target: string;
  pointer: string;
  velocity: string;
  force: string;
  wander: string;
  feeler: string;
  neighbour: string;
  text: string;
  font: string;
}

/** The custom property of each theme colour, and its fallback. */
export const THEME_PROPERTIES: Readonly<Record<keyof Theme, [string, string]>> = {
  background: ['--steer-preview-background', '#111418'],
  world: ['--steer-preview-world', '#161b21'],
  bounds: ['--steer-preview-bounds', '#3a4450'],
  obstacle: ['--steer-preview-obstacle', 'rgba(120, 134, 150, 0.35)'],
  obstacleStroke: ['--steer-preview-obstacle-stroke', '#8896a6'],
  hot: ['--steer-preview-hot', '#ffd166'],
  wall: ['--steer-preview-wall', '#c3ccd6'],
  wallRegion: ['--steer-preview-wall-region', '#7fb4e0'],
  path: ['--steer-preview-path', '#6f7f91'],
  pathActive: ['--steer-preview-path-active', '#ffd166'],
  flow: ['--steer-preview-flow', 'rgba(127, 212, 255, 0.55)'],
  target: ['--steer-preview-target', '#ff7aa8'],
  pointer: ['--steer-preview-pointer', '#e6edf3'],
  velocity: ['--steer-preview-velocity', '#7ee787'],
  force: ['--steer-preview-force', '#ff9e64'],
  wander: ['--steer-preview-wander', 'rgba(210, 168, 255, 0.7)'],
  feeler: ['--steer-preview-feeler', 'rgba(255, 209, 102, 0.6)'],
  neighbour: ['--steer-preview-neighbour', 'rgba(94, 200, 255, 0.18)'],
  text: ['--steer-preview-text', '#dde3ea'],
  font: ['--steer-preview-font', '11px system-ui, sans-serif'],
};

/** The theme of an element, from its computed custom properties. */
export function readTheme(el: Element): Theme {
  const style = getComputedStyle(el);
  const theme = {} as Record<keyof Theme, string>;
  for (const [key, [prop, fallback]] of Object.entries(THEME_PROPERTIES) as [keyof Theme, [string, string]][]) {
    theme[key] = style.getPropertyValue(prop).trim() || fallback;
  }
  return theme;
}
