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

type Listener = (s: DragState | null) => void;
const listeners = new Set<Listener>();
let current: DragState | null = null;

/** The drag in progress, or null. */
export function dragState(): DragState | null {
  return current;
}

/** Sets or clears the drag in progress and tells every socket. */
export function setDragState(s: DragState | null): void {
  current = s;
  for (const l of listeners) l(s);
}

/** Subscribes to drag changes; returns the unsubscribe function. */
export function onDragState(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
