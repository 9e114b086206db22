// npx steergraph export presets/foragers.steer.json -o foragers.behavior.js
// node foragers.mjs [ticks]
import { createWorld } from './foragers.behavior.js';

const ticks = Number(process.argv[2] ?? 3600);      // a minute at 60 ticks per second
const world = createWorld();
let deliveries = 0;
for (let t = 0; t < ticks; t++) {
  world.step();
  // every transition since the last call: { tick, type, index, from, to }
  for (const e of world.transitions()) {
    if (e.type === 'forager' && e.from === 'home' && e.to === 'to-food') deliveries++;
  }
}
if (world.transitionsLost > 0) console.warn(`${world.transitionsLost} transitions were dropped`);
console.log(`deliveries after ${world.tick} ticks: ${deliveries}`);
