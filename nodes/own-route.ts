import type { NodeDef } from './types';

/** The agent's own route, which the game sets (world.setRoute). */
export const ownRoute: NodeDef = {
  kind: 'own-route',
  label: 'Own Route',
  category: 'source',
  help: 'The route the game gave this agent (world.setRoute(type, index, points), e.g. a path-finder’s waypoints); until it has one, or after world.clearRoute, the Fallback path (unconnected: none, an empty path that Follow Path counts as finished). Setting or clearing a route restarts a Follow Path reading it at its first waypoint.',
  inputs: [{ key: 'fallback', label: 'Fallback', type: 'path', help: 'A path followed while the agent has no route of its own (unconnected: none).' }],
  outputs: [{ key: 'path', label: 'Path', type: 'path' }],
  params: [],
  emit: (ctx) => {
    const fallback = ctx.pathInput('fallback');
    return { outputs: { path: { type: 'path', expr: `ownRoute(A, i, ${fallback ? fallback.expr : 'null'})`, route: true } } };
  },
};
