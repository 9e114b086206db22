/**
 * Everything generated code may name: the kernels and the world API. scripts/gen-core.mjs bundles
 * this entry into the standalone core embedded in every exported module, and the in-process
 * compiler binds the same names, so preview, tests and export run one implementation.
 */
export * from './behaviors/kernels';
export { createBehaviorWorld, deepFreeze } from './api';
