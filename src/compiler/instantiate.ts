/**
 * Runs compiled force functions in this process, bound to the TypeScript runtime: the same
 * generated text as an exported module, with the core supplied from runtime/ rather than embedded.
 * For Node (tests, the CLI); the browser preview imports the emitted module itself.
 */
import * as entry from '../../runtime/module-entry';
import type { Program } from '../../runtime/api';
import type { Compiled } from './index';

const NAMES = Object.keys(entry) as (keyof typeof entry)[];

/** The compiled program as live functions. */
export function instantiate(compiled: Compiled): Program {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const make = new Function(...NAMES, `${compiled.programSource}\nreturn PROGRAM;`) as (...args: unknown[]) => Program;
  return make(...NAMES.map((n) => entry[n]));
}
