// Requests Node's HTTP parser refuses before Express sees them (a request line or headers over the
// 16 KiB limit, bytes that are not HTTP): answered in the same error envelope as everything else,
// instead of Node's bare 431/400 with an empty body.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, errorBody, uuidv7 } from '@astro/platform';

export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A client that went away, or a response already under way: nothing can be written.
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const app =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('request_header_fields_too_large')
      : new AppError('malformed_request');
  const requestId = uuidv7();
  const body = JSON.stringify(errorBody(app, requestId));
  socket.end(
    `HTTP/1.1 ${app.httpStatus} ${STATUS_CODES[app.httpStatus]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
