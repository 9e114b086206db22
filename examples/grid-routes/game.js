// A small game on a tile grid: it computes each courier's route with a path-finder (ngraph.path's
// A* over a graph of the open tiles, ngraph.graph), hands it over with world.setRoute, and on each
// route-finished event gives that courier a new goal. The steering (Own Route into Follow Path) is
// the exported module's. See index.html for the page that draws it, docs/module.md "Routes".
import createGraph from 'ngraph.graph';
import { aStar } from 'ngraph.path';

/** The map: # is a wall tile, . an open one. */
export const MAP = [
  '################',
  '#......#.......#',
  '#.####.#.#####.#',
  '#.#....#.....#.#',
  '#.#.######.#.#.#',
  '#...#......#...#',
  '###.#.####.###.#',
  '#...#....#.....#',
  '#.#####..#.###.#',
  '#..............#',
  '################',
];
/** Tile size, px: the scene's world is 16 × 11 tiles. */
export const TILE = 40;

const isOpen = (c, r) => MAP[r]?.[c] === '.';
const key = (c, r) => `${c},${r}`;
/** The centre of a tile, px. */
export const centre = (c, r) => [c * TILE + TILE / 2, r * TILE + TILE / 2];
/** The tile a point is in. */
export const tileOf = (x, y) => [Math.floor(x / TILE), Math.floor(y / TILE)];
/** Whether a point is on a wall tile. */
export const onWall = (x, y) => !isOpen(...tileOf(x, y));

// The path-finder's graph: a node per open tile, a link to each open neighbour (4-connected).
const graph = createGraph();
const openTiles = [];
MAP.forEach((row, r) => {
  [...row].forEach((_, c) => {
    if (!isOpen(c, r)) return;
    openTiles.push([c, r]);
    graph.addNode(key(c, r), { c, r });
    if (isOpen(c - 1, r)) graph.addLink(key(c - 1, r), key(c, r));
    if (isOpen(c, r - 1)) graph.addLink(key(c, r - 1), key(c, r));
  });
});
const finder = aStar(graph, {
  // Manhattan distance: exact on a 4-connected grid without walls, never more than the real length
  heuristic: (a, b) => Math.abs(a.data.c - b.data.c) + Math.abs(a.data.r - b.data.r),
});

/** The route from tile `from` to tile `to`: the centres of the tiles on the way, both ends included. */
export function findRoute(from, to) {
  // ngraph.path gives the nodes from the end back to the start
  return finder
    .find(key(...from), key(...to))
    .reverse()
    .map((n) => centre(n.data.c, n.data.r));
}

/**
 * Starts the game on a world of the module: puts each courier on an open tile and sends it to
 * another. `step()` advances one tick and hands out new routes; `deliveries` counts goals reached.
 */
export function createGame(world) {
  // the game's own seeded choices (so a run is the same every time)
  let seed = 1;
  const random = (n) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n);
  const pick = () => openTiles[random(openTiles.length)];
  const count = world.positions('courier').length / 2;
  const goals = [];
  const game = { world, goals, deliveries: 0, perCourier: new Array(count).fill(0), missed: 0, offGrid: 0, step };

  function send(i, from) {
    let goal = pick();
    while (goal[0] === from[0] && goal[1] === from[1]) goal = pick();
    goals[i] = goal;
    world.setRoute('courier', i, findRoute(from, goal));
  }

  const pos = world.positions('courier');
  for (let i = 0; i < count; i++) {
    const start = pick();
    [pos[2 * i], pos[2 * i + 1]] = centre(...start);
    send(i, start);
  }

  function step() {
    world.step();
    const p = world.positions('courier');
    for (let i = 0; i < count; i++) if (onWall(p[2 * i], p[2 * i + 1])) game.offGrid++;
    for (const e of world.events()) {
      if (e.kind !== 'route-finished') continue;
      const [gx, gy] = centre(...goals[e.index]);
      // (Follow Path's waypoint radius is 8 px in the scene)
      if (Math.hypot(p[2 * e.index] - gx, p[2 * e.index + 1] - gy) > 8) game.missed++;
      game.deliveries++;
      game.perCourier[e.index]++;
      send(e.index, goals[e.index]);
    }
  }
  return game;
}
