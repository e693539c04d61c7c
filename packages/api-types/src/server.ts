/**
 * Node-side HTTP helpers both servers (BFF and DAM) use for issue 9's hardening: reading away the rest of a request
 * body after an early answer, and a FotoWeb-style answer to what Node's HTTP parser refuses. Import as
 * `@magpie/api-types/server` (server code only: it needs Node's http and net modules).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Limits of {@link discardRequestBody}. */
export interface DiscardLimits {
  /** Most bytes read and thrown away (bytes); a longer body is left unread. */
  maxBytes: number;
  /** Longest wait for the end of the body (ms). */
  timeoutMs: number;
}

/**
 * Reads and throws away what is left of a request body, so that an answer sent before the body was read reaches
 * the client (issue 9). Without it Node.js closes the connection after the answer while the client is still
 * sending, and the client sees ECONNRESET or EPIPE instead of the status. Whoever was reading the body (the DAM's
 * multipart parser, the stream the BFF's proxy forwards) is detached first. Bounded: past `maxBytes` or `timeoutMs` it gives up, and the caller should
 * close the connection after the answer (`Connection: close`).
 * @returns true when the body has been read to its end (or had already been), false when it gave up or the client
 *   went away.
 */
export function discardRequestBody(raw: IncomingMessage, limits: DiscardLimits): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onError);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), limits.timeoutMs);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onError);
    raw.unpipe();
    raw.resume();
  });
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before there is a request (headers or URL
 * over its 16 KiB limit → 431, a request that timed out → 408, malformed HTTP → 400) answers a FotoWeb-style body
 * too, with a fresh request id, then closes the connection (as Node does).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers or the URL are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ value: 'InvalidRequest', message, heading: 'Invalid request', requestId: randomUUID() });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
