import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

interface Refusal {
  status: number;
  reason: string;
  body: { error: { code: string; message: string; details?: Array<{ path: string; message: string }> } };
}

/** What Node's parser refused, in the API's error shape (docs/architecture.md#errors). */
export function refusalFor(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431, reason: 'Request Header Fields Too Large',
      body: { error: { code: 'headers_too_large', message: "The request's address and headers are too long (16 KB at most)" } },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', body: { error: { code: 'request_timeout', message: 'The request took too long to arrive' } } };
  }
  return {
    status: 400, reason: 'Bad Request',
    body: { error: { code: 'validation_failed', message: 'Malformed HTTP request', details: [{ path: 'request', message: 'Not a valid HTTP/1.1 request' }] } },
  };
}

/**
 * Requests Node refuses before Koa sees them (an address and headers over Node's 16 KB, a
 * malformed request line, a request that never finishes arriving) get the API's error shape,
 * not Node's bare status line, so a client can read every refusal the same way.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or a response already under way: nothing can be said on this socket any more.
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || answering) return void socket.destroy();
    const { status, reason, body } = refusalFor(err.code);
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}
