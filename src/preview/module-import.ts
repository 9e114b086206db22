/**
 * Runs module text in the page or the simulation worker (DESIGN.md contract 3: the preview runs
 * the emitted source itself).
 *
 * A module the compiler wrote runs as the body of a strict function: the same text without its two
 * `export` keywords (compiler/module-format.ts). Every module a page imports stays in memory until
 * the page closes, measured at 0.27 MB per module on a 200-node graph, and each edit makes one: an
 * afternoon of editing would keep hundreds of megabytes, and the growing heap made the garbage
 * collector's pauses longer. A function's code is collected once its world is gone. It also
 * skips the Blob the import needed, 3–10 ms on the main thread per edit here.
 *
 * V8 also keeps what it compiled from a string (new Function, eval) in its compilation cache,
 * keyed by the text, after the function itself is gone: an ordinary garbage collection frees none
 * of it, only one under memory pressure does. That held about 0.2 MB per edit (60 MB after 300
 * edits; docs/reliability.md). V8 caches no code that contains a tagged template (each template
 * site needs its own object), so the body ends with one that never runs, after its `return`:
 * the cache then keeps nothing (tests/preview/module-import.test.ts).
 *
 * Any other text is imported as a module from a Blob URL, revoked once the import settles.
 */
import { moduleFunctionBody } from '../compiler/module-format';
import { nextTask } from '../next-task';

/** A tagged template after the body's `return` (never run): V8 caches no code that has one. */
const NOT_CACHED = 'String.raw``;\n';

export async function importModuleText(source: string): Promise<unknown> {
  const body = moduleFunctionBody(source);
  if (body !== null) {
    // in a task of its own (compiling and running the text: about 6 ms on a 200-node graph), not
    // at the end of the edit's or the timer's task that asked for it
    await nextTask();
    return new Function(body + NOT_CACHED)() as unknown;
  }
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    return await import(/* @vite-ignore */ url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
