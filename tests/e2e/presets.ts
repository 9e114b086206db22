import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The keys of every preset shipped (presets/*.steer.json). */
export const PRESETS_FOR_TESTS = readdirSync(path.resolve(import.meta.dirname, '../../presets'))
  .filter((f) => f.endsWith('.steer.json'))
  .map((f) => f.replace(/\.steer\.json$/, ''))
  .sort();
