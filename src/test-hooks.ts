/**
 * The one place where production code hands objects to browser tests and benchmarks.
 *
 * Only a test build installs them: `vite build --mode e2e` (what tests/e2e/global-setup.ts and the
 * browser benchmarks in scripts/ build). In any other build `TEST_HOOKS` is the constant `false`,
 * so `expose` and `withdraw` do nothing and the bundler drops their bodies.
 *
 * The hooks, as tests reach them on `window`:
 *   __steerApp       the <steer-app> element (open a text, apply an edit, read the document)
 *   __steerCommands  the document edits, to build edits for `__steerApp.apply`
 *   __steerPreview   the connected (main) <steer-preview>
 */
export const TEST_HOOKS: boolean = import.meta.env.MODE === 'e2e';

export type TestHookName = 'app' | 'commands' | 'preview';

const key = (name: TestHookName): string => `__steer${name[0].toUpperCase()}${name.slice(1)}`;

/** Makes `value` reachable as `window.__steer<Name>` in a test build; does nothing otherwise. */
export function expose(name: TestHookName, value: unknown): void {
  if (!TEST_HOOKS) return;
  (window as unknown as Record<string, unknown>)[key(name)] = value;
}

/** Removes the hook if it still holds `value` (an element that leaves withdraws only itself). */
export function withdraw(name: TestHookName, value: unknown): void {
  if (!TEST_HOOKS) return;
  const w = window as unknown as Record<string, unknown>;
  if (w[key(name)] === value) delete w[key(name)];
}
