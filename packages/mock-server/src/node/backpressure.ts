// Answers a connection cannot take yet are not computed, and answers nobody
// reads are not kept: without this, one socket pipelining fifty list requests
// and reading nothing held fifty answers in memory (a 200-socket flood took the
// process past 1.4 GB).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Per connection, the answers waiting for their turn or a drain: one pair of listeners per socket, not per answer. */
const waiting = new WeakMap<Socket, Set<() => void>>();

function waitersOf(socket: Socket): Set<() => void> {
  let checks = waiting.get(socket);
  if (!checks) {
    const waiters = new Set<() => void>();
    const wake = () => {
      for (const check of waiters) check();
    };
    socket.on('drain', wake);
    socket.on('close', wake);
    waiting.set(socket, (checks = waiters));
  }
  return checks;
}

/**
 * True at once when the answer can be written now; otherwise resolves when it
 * can (true) or the connection closed first (false). Node answers pipelined
 * requests in order and keeps every answer it is given until its turn: an
 * answer is computed only on its turn (Node then assigns it the socket) and
 * once the connection has drained what it was written before.
 */
export function whenWritable(incoming: IncomingMessage, outgoing: ServerResponse): true | Promise<boolean> {
  const socket = incoming.socket;
  if (outgoing.socket !== null && !socket.writableNeedDrain) return true;
  return new Promise((resolve) => {
    const waiters = waitersOf(socket);
    const check = () => {
      const writable = outgoing.socket !== null && !socket.writableNeedDrain;
      if (!socket.destroyed && !writable) return;
      waiters.delete(check);
      outgoing.off('socket', check);
      resolve(!socket.destroyed);
    };
    waiters.add(check);
    outgoing.on('socket', check);
    check();
  });
}

/**
 * Output written but not yet taken by clients, over every connection. Past
 * `maxBytes`, the connections that have been stuck longest are closed: a client
 * that does not read its answers loses its connection, the others are not held up.
 */
export class Backlog {
  /** Sockets with unsent output, oldest first. */
  private readonly stuck = new Map<Socket, () => void>();

  constructor(private readonly maxBytes: number) {}

  /** After an answer was written: a socket that could not take it all is tracked until it drains or closes. */
  track(socket: Socket): void {
    if (socket.writableLength === 0 || this.stuck.has(socket)) return;
    const release = () => {
      socket.off('drain', release);
      socket.off('close', release);
      this.stuck.delete(socket);
    };
    socket.on('drain', release);
    socket.on('close', release);
    this.stuck.set(socket, release);
    let total = 0;
    for (const waiting of this.stuck.keys()) total += waiting.writableLength;
    for (const [oldest, releaseOldest] of this.stuck) {
      if (total <= this.maxBytes) break;
      total -= oldest.writableLength;
      releaseOldest();
      oldest.destroy();
    }
  }
}
