/**
 * Closing a connection whose request body was not read to its end, without
 * losing the answer. The edge and the proxy answer a refused request (413, 401,
 * 403...) before its body and then close the connection (`Connection: close`)
 * so the rest is never read. Node closes such a socket with `destroySoon()`:
 * FIN, then close at once. A socket closed with unread bytes in its receive
 * buffer makes the kernel send RST and drop what it still had to send, and a
 * client busy writing the body then fails with ECONNRESET/EPIPE, sometimes
 * before it has read the answer: the 413 is lost and the page sees only a
 * broken connection (seen in CI on a loaded machine).
 *
 * The lingering close (as Apache and nginx do it): after the answer, send FIN
 * and keep the socket open, still not reading, for at most `LINGER_MS`. The
 * client reads the answer and stops writing; then the socket is destroyed.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a half-closed socket waits for the client to read the answer and go. */
export const LINGER_MS = 2_000;

/** Makes node's close of this socket, after the answer is written, a lingering close. */
export function lingerOnClose(socket: Socket | null | undefined, ms = LINGER_MS): void {
  if (!socket) return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    if (this.writable) this.end();
  };
}

/** For a refusal sent before the request's body was read to its end: `Connection: close`, and the close lingers. */
export function closeAfterAnswer(res: ServerResponse): void {
  res.setHeader('Connection', 'close');
  lingerOnClose(res.socket);
}
