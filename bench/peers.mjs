// Where the peer benchmark lives (../shared/peers beside this repository, or $PEERS_DIR).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder with handwritten-flock.mjs, yuka-flock.mjs and common.mjs; exits with a message when absent. */
export function peersDir() {
  const dir = process.env.PEERS_DIR ? path.resolve(process.env.PEERS_DIR) : path.resolve(root, '../shared/peers');
  if (!existsSync(path.join(dir, 'common.mjs'))) {
    console.error(`bench: the peer benchmark is not at ${dir}.\nSet PEERS_DIR to the folder that holds handwritten-flock.mjs and common.mjs.`);
    process.exit(1);
  }
  return dir;
}

export const repoRoot = root;
