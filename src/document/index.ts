/**
 * The scene document: its types, loading (parse, migrate, validate), saving and autosave.
 * The JSON Schema generator (./json-schema) is build-time only and not re-exported.
 */
export * from './types';
export { COLOR_PATTERN, LENGTHS, LIMITS, PARAM_NAME_PATTERN, RANGES, SceneSchema, rangeMessage } from './schema';
export type { Range } from './schema';
export { MAX_ERRORS, formatLoadError } from './errors';
export type { LoadError } from './errors';
export { loadScene, parseScene, validateScene } from './load';
export type { LoadResult, ParseOptions } from './load';
export { MIGRATIONS, migrate, migrateWith } from './migrate';
export type { MigrateResult, Migration } from './migrate';
export { serializeScene } from './serialize';
export { DRAFT_PREFIX, UNREADABLE_PREFIX, discardUnreadable, listUnreadable, loadDraft, saveDraft } from './storage';
export type { DraftResult, SaveResult, StorageLike, StorageSource } from './storage';
export * from './commands';
