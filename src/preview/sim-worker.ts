/**
 * The preview's simulation worker (a module worker: `new Worker(new URL('./sim-worker.ts',
 * import.meta.url), { type: 'module' })`). It runs the scene's emitted module text itself, as the
 * page does (module-import.ts; DESIGN.md contract 3), with a WorkerSimulation.
 */
import { importModuleText } from './module-import';
import type { FromWorker, ToWorker } from './sim-protocol';
import { WorkerSimulation } from './worker-simulation';

/** The parts of a dedicated worker's global scope used here (the project's DOM typings describe a window). */
interface WorkerScope {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ToWorker>) => void): void;
  close(): void;
}

const scope = self as unknown as WorkerScope;
const simulation = new WorkerSimulation(
  {
    post: (message, transfer) => scope.postMessage(message, transfer),
    now: () => performance.now(),
    origin: performance.timeOrigin,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    close: () => scope.close(),
  },
  importModuleText,
);
scope.addEventListener('message', (e) => void simulation.handle(e.data));
