import type { Socket } from 'node:net';
import { failure } from './envelope';
import { MESSAGES } from './messages';

interface ParseError extends Error {
  readonly code?: string;
}

/** The request Node is answering on this socket, if any (Node's own default handler checks the same). */
interface SocketWithResponse extends Socket {
  readonly _httpMessage?: { readonly headersSent?: boolean } | null;
}

/**
 * Node's answer to a request it cannot parse (a control character or NUL in a
 * header, headers over the size limit, a broken request line), as the
 * envelope: 400 with the bad-request message (408 when the client was too
 * slow), instead of Node's bare status line.
 */
export function answerClientError(error: ParseError, socket: Socket): void {
  const response = (socket as SocketWithResponse)._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timedOut ? 408 : 400;
  const body = JSON.stringify(failure(status, timedOut ? MESSAGES.requestTimeout : MESSAGES.badRequest));
  socket.end(
    `HTTP/1.1 ${status} ${timedOut ? 'Request Timeout' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
