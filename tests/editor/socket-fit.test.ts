/**
 * Which sockets a wire may join (socket-fit.ts): the registry's types, a group boundary's "+"
 * with any typed socket but not another "+", a reroute with no wires with any socket.
 */
import { describe, expect, it } from 'vitest';
import { ANY_SOCKET, dragEnd, socketsFit } from '../../src/editor/socket-fit';

describe('socketsFit', () => {
  it('joins the registry’s types (an agent into a point, not a point into a force)', () => {
    expect(socketsFit({ type: 'agent' }, { type: 'point' })).toBe(true);
    expect(socketsFit({ type: 'point' }, { type: 'force' })).toBe(false);
  });

  it('joins a "+" to any typed socket or a free reroute, never to another "+"', () => {
    expect(socketsFit({ type: 'number' }, { type: 'force', adds: true })).toBe(true);
    expect(socketsFit({ type: 'force', adds: true }, { type: 'condition' })).toBe(true);
    expect(socketsFit({ type: 'force', adds: true }, { type: 'point', free: true })).toBe(true);
    expect(socketsFit({ type: 'force', adds: true }, { type: 'force', adds: true })).toBe(false);
  });

  it('joins a reroute with no wires to any socket, whatever type it carries', () => {
    expect(socketsFit({ type: 'point' }, { type: 'force', free: true })).toBe(true);
    expect(socketsFit({ type: 'force', free: true }, { type: 'obstacles' })).toBe(true);
  });

  it('reads a drag’s wildcard as a "+" on Group Input or Output, and as a free reroute elsewhere', () => {
    expect(dragEnd({ type: ANY_SOCKET, nodeId: '@in' })).toEqual({ type: ANY_SOCKET, adds: true });
    expect(dragEnd({ type: ANY_SOCKET, nodeId: 'r1' })).toEqual({ type: ANY_SOCKET, free: true });
    expect(dragEnd({ type: 'point', nodeId: 'r1' })).toEqual({ type: 'point' });
    // a drag from "+" lights a typed socket, not the other boundary's "+"
    expect(socketsFit(dragEnd({ type: ANY_SOCKET, nodeId: '@in' }), { type: 'point' })).toBe(true);
    expect(socketsFit(dragEnd({ type: ANY_SOCKET, nodeId: '@in' }), { type: 'force', adds: true })).toBe(false);
    // a drag from a free reroute lights every socket, a "+" too
    expect(socketsFit(dragEnd({ type: ANY_SOCKET, nodeId: 'r1' }), { type: 'force', adds: true })).toBe(true);
  });
});
