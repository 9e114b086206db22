/**
 * Steergraph's simulation core: pure TypeScript, no DOM. Runs unchanged in Node, a browser tab and
 * a Web Worker, bit-identically (only + − × ÷ and Math.sqrt on the tick path).
 */
export * from './vec2';
export * from './rng';
export * from './grid';
export * from './world';
export * from './integrate';
export * from './step';
export * from './behaviors/seek';
export * from './behaviors/flee';
export * from './behaviors/arrive';
export * from './behaviors/pursue';
export * from './behaviors/evade';
export * from './behaviors/wander';
export * from './behaviors/avoid';
export * from './behaviors/follow-path';
export * from './behaviors/flock';
export * from './behaviors/contain';
export * from './behaviors/combine';
export * from './api';
export * from './behaviors/nearest';
