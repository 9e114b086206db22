/**
 * Which socket type is being dragged from which side, while a connection is being drawn: sockets
 * read it to show whether they would accept the connection.
 */
import type { SocketType } from '../../nodes/types';

export interface DragState {
  type: SocketType;
  side: 'input' | 'output';
  nodeId: string;
}

/** A socket told of a drag change; true when it changed its look. */
type Listener = (s: DragState | null) => boolean;
const listeners = new Set<Listener>();
let current: DragState | null = null;

/**
 * Sockets that may change their look in one frame. Zoomed out on a 200-node graph, all 400 sockets
 * are in view, and restyling them all at a drag's start and again at its end made frames of 40 ms
 * of style and layout; a hundred a frame, the whole graph takes its look over four frames.
 */
export const RESTYLES_PER_FRAME = 100;

let frame = 0;

/** The drag in progress, or null. */
export function dragState(): DragState | null {
  return current;
}

/**
 * Sets or clears the drag in progress and tells every socket, from the next frame on (not in the
 * pointer event that starts or ends the drag, which has its own work): RESTYLES_PER_FRAME sockets
 * changing their look a frame. A new change starts over.
 */
export function setDragState(s: DragState | null): void {
  current = s;
  if (frame) cancelAnimationFrame(frame);
  frame = 0;
  const pending = [...listeners];
  let at = 0;
  const run = (): void => {
    frame = 0;
    let changed = 0;
    while (at < pending.length && changed < RESTYLES_PER_FRAME) {
      const l = pending[at++];
      if (listeners.has(l) && l(current)) changed++;
    }
    if (at < pending.length) frame = requestAnimationFrame(run);
  };
  frame = requestAnimationFrame(run);
}

/** Subscribes to drag changes; returns the unsubscribe function. */
export function onDragState(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
