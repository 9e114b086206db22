/**
 * Everything generated code may name: the kernels and the world API. scripts/gen-core.mjs bundles
 * this entry into the standalone core embedded in every exported module, and the in-process
 * compiler binds the same names, so preview, tests and export run one implementation.
 */
export { seek } from './behaviors/seek';
export { flee } from './behaviors/flee';
export { arrive } from './behaviors/arrive';
export { pursue } from './behaviors/pursue';
export { evade } from './behaviors/evade';
export { wander } from './behaviors/wander';
export { avoid } from './behaviors/avoid';
export { followPath } from './behaviors/follow-path';
export { contain } from './behaviors/contain';
export { flockPass, separationPass, alignmentPass, cohesionPass } from './behaviors/flock';
export { nearest } from './behaviors/nearest';
export { truncateInto, truncateIntoMaxForce, priorityAdd, priorityAddMaxForce } from './behaviors/combine';
export { createBehaviorWorld, deepFreeze } from './api';
