// Requests Node's HTTP parser refuses before Express ever sees them (headers over the size limit, a
// malformed request line or header) would otherwise get Node's bare "400 Bad Request" with an empty
// body. This answers them in the API's JSON error envelope instead, with a fresh request id.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, errorBody, uuidv7, type Logger } from '@astro/platform';

/** Parser error codes (llhttp) that mean "headers too large". */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW']);

/** The raw HTTP/1.1 response for a parser error, or undefined when nothing should be written. */
export function clientErrorResponse(err: NodeJS.ErrnoException, requestId: string): string | undefined {
  // ECONNRESET and friends: the peer is gone, there is nobody to answer.
  // A request that timed out is closed as Node would, without inventing an error code for it.
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return undefined;
  const app = TOO_LARGE.has(err.code ?? '')
    ? new AppError('request_header_fields_too_large')
    : new AppError('malformed_http_request', undefined, { reason: (err.code ?? 'unknown').toLowerCase() });
  const body = JSON.stringify(errorBody(app, requestId));
  const reason = app.httpStatus === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  return (
    `HTTP/1.1 ${app.httpStatus} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const requestId = uuidv7();
    const raw = clientErrorResponse(err, requestId);
    // A response already under way on this socket (the error came mid-request): nothing can be written.
    const responding = Boolean((socket as { _httpMessage?: unknown })._httpMessage);
    if (raw && socket.writable && !responding) {
      logger.info('request refused by the HTTP parser', { request_id: requestId, code: err.code });
      socket.end(raw);
    } else socket.destroy();
  });
}
