/**
 * Which sockets a wire may join, beyond the registry's types (canConnect): a group boundary's
 * empty "+" takes a wire from any typed socket (the new port takes its type), and a reroute with
 * no wires takes any socket (it takes that socket's type). The wiring (wiring.ts) decides with
 * this, and the sockets (socket-element.ts) light up by it while a wire is dragged.
 */
import { canConnect } from '../../nodes/index';
import type { SocketType } from '../../nodes/types';
import { GROUP_IN, GROUP_OUT } from '../document/types';

/** The type a drag from a "+" or from a reroute with no wires carries: it fits any typed socket. */
export const ANY_SOCKET = '*' as SocketType;

/** One end of a wire being made: its type, and whether it is a "+" or a reroute with no wires. */
export interface FitEnd {
  type: SocketType;
  /** A group boundary's "+" socket. */
  adds?: boolean;
  /** A socket of a reroute with no wires. */
  free?: boolean;
}

/** Whether a wire from output `out` may go into input `inp`. */
export function socketsFit(out: FitEnd, inp: FitEnd): boolean {
  // (a "+" needs a typed socket, or a free reroute, whose type the new port takes)
  if (out.adds || inp.adds) return !(out.adds && inp.adds);
  if (out.free || inp.free) return true;
  return out.type !== ANY_SOCKET && inp.type !== ANY_SOCKET && canConnect(out.type, inp.type);
}

/** The end a drag carries (DragState): ANY_SOCKET from a "+" (on a group's boundary) or from a free reroute, else its type. */
export function dragEnd(d: { type: SocketType; nodeId: string }): FitEnd {
  if (d.type !== ANY_SOCKET) return { type: d.type };
  return d.nodeId === GROUP_IN || d.nodeId === GROUP_OUT ? { type: d.type, adds: true } : { type: d.type, free: true };
}
