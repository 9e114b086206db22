// The smallest game loop: one step per frame, then draw every agent as a dart along its heading.
import { createWorld, scene } from './boids.steer.json?behavior';

const canvas = document.getElementById('view');
canvas.width = scene.world.width;
canvas.height = scene.world.height;
const ctx = canvas.getContext('2d');
const status = document.getElementById('status');

const world = createWorld();
window.__world = world; // for the browser test (tests/e2e/examples.test.ts)

function frame() {
  world.step();
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (const type of scene.agentTypes) {
    // read the live arrays every frame: after a hot reload they are the new world's
    const p = world.positions(type.id);
    const h = world.drawnHeadings(type.id);
    ctx.fillStyle = type.color;
    for (let i = 0; i < p.length / 2; i++) {
      const x = p[2 * i], y = p[2 * i + 1], hx = h[2 * i], hy = h[2 * i + 1];
      ctx.beginPath();
      ctx.moveTo(x + hx * 8, y + hy * 8);
      ctx.lineTo(x - hx * 5 - hy * 4, y - hy * 5 + hx * 4);
      ctx.lineTo(x - hx * 5 + hy * 4, y - hy * 5 - hx * 4);
      ctx.fill();
    }
  }
  status.textContent = `tick ${world.tick}`;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
