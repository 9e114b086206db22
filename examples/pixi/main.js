// PixiJS v8: a sprite per agent, a texture per agent type; the simulation steps a fixed 60 ticks
// per second whatever the display's frame rate, and each frame draws between the last two ticks.
import { Application, Container, Graphics, Sprite } from 'pixi.js';
import { createWorld, scene } from './sheep.steer.json?behavior';

const TICK = 1000 / 60; // ms per tick
const { width, height } = scene.world;
const world = createWorld();
window.__world = world; // for the browser test (tests/e2e/examples.test.ts)

const app = new Application();
await app.init({ width, height, background: '#1d2027', antialias: true });
document.getElementById('stage').appendChild(app.canvas);
const status = document.getElementById('status');

// a texture per agent type: a dart pointing along +x in the type's colour, drawn once
function dartTexture(color, size) {
  const g = new Graphics().poly([size, 0, -size * 0.7, size * 0.6, -size * 0.4, 0, -size * 0.7, -size * 0.6]).fill(color);
  const texture = app.renderer.generateTexture(g);
  g.destroy();
  return texture;
}
const layers = scene.agentTypes.map((type) => {
  const texture = dartTexture(type.color, type.id === 'wolf' ? 14 : 9);
  const layer = new Container();
  app.stage.addChild(layer);
  return { id: type.id, texture, layer, prev: new Float64Array(0) };
});

function sync(l, n) {
  while (l.layer.children.length < n) {
    const s = new Sprite(l.texture);
    s.anchor.set(0.5);
    l.layer.addChild(s);
  }
  while (l.layer.children.length > n) l.layer.removeChildAt(l.layer.children.length - 1).destroy();
}

// each type's positions before the latest tick, for the interpolation
function step() {
  for (const l of layers) {
    const p = world.positions(l.id);
    if (l.prev.length !== p.length) l.prev = new Float64Array(p.length);
    l.prev.set(p);
  }
  world.step();
}

let acc = 0;
app.ticker.add((ticker) => {
  acc += ticker.deltaMS;
  let ticks = 0;
  while (acc >= TICK && ticks < 8) {
    step();
    acc -= TICK;
    ticks++;
  }
  if (ticks === 8) acc = 0; // fell far behind (a background tab): drop the backlog
  const a = acc / TICK; // how far into the next tick this frame is, 0 … 1
  for (const l of layers) {
    // read the live arrays every frame: after a hot reload they are the new world's
    const p = world.positions(l.id);
    const h = world.drawnHeadings(l.id);
    const q = l.prev.length === p.length ? l.prev : p;
    sync(l, p.length / 2);
    l.layer.children.forEach((s, i) => {
      let dx = p[2 * i] - q[2 * i];
      let dy = p[2 * i + 1] - q[2 * i + 1];
      // a jump (wrapping edges, a reload): no interpolation across it
      if (dx * dx + dy * dy > 400) dx = dy = 0;
      s.x = p[2 * i] - dx * (1 - a);
      s.y = p[2 * i + 1] - dy * (1 - a);
      s.rotation = Math.atan2(h[2 * i + 1], h[2 * i]);
    });
  }
  status.textContent = `tick ${world.tick}`;
});
