import { createWorld } from './sheep.behavior.js';

const world = createWorld({ seed: 42 });          // or createWorld() for the scene's own seed
world.setPointer(400, 300);                        // where the Pointer node points
world.step(120);                                   // two seconds at 60 ticks per second

const sheep = world.positions('sheep');            // live Float64Array: x0, y0, x1, y1, …
console.log(`tick ${world.tick}: ${sheep.length / 2} sheep, first at (${sheep[0].toFixed(1)}, ${sheep[1].toFixed(1)})`);
console.log(world.agents('wolf')[0]);              // { x, y, vx, vy }

const saved = JSON.stringify(world.snapshot());    // plain JSON
const again = createWorld({ snapshot: JSON.parse(saved) });
world.step(60);
again.step(60);
console.log('resumed bit-exactly:', world.positions('sheep').every((v, i) => Object.is(v, again.positions('sheep')[i])));
