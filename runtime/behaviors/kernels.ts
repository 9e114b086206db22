/**
 * The kernels: every runtime function a node's generated code may call, and nothing else. Their
 * names are the type `KernelName` (nodes/types.ts) that `EmitContext.call` takes, so a misspelt
 * kernel fails the typecheck; runtime/module-entry.ts exports them to the generated code.
 */
export { seek } from './seek';
export { flee } from './flee';
export { arrive } from './arrive';
export { pursue } from './pursue';
export { offsetPursuit, formation, formationCustom, leaderFollow } from './formation';
export { evade } from './evade';
export { wander } from './wander';
export { avoid } from './avoid';
export { followPath, joinNearest, pathFinished } from './follow-path';
export { ownRoute, followRoute, routeFinished, emitEvent } from './routes';
export { contain, containPolygon } from './contain';
export { wallAvoid } from './wall-avoid';
export { flowField } from './flow-field';
export { hide, hidePoint } from './hide';
export { interpose } from './interpose';
export { flockPass, separationPass, alignmentPass, cohesionPass } from './flock';
export { avoidAgentsPass } from './avoid-agents';
export { queuePass, queue } from './queue';
export { nearest, nearestSeen } from './nearest';
export { truncateInto, truncateIntoMaxForce, priorityAdd, priorityAddMaxForce } from './combine';
export { resetMemory } from './states';
export { neighbourCount, agentRandom, sees } from './conditions';
