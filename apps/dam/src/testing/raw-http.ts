import net from 'node:net';

/** What {@link rawHttpRequest} saw: the answer as received, and any socket error (ECONNRESET, EPIPE…). */
export interface RawHttpAnswer {
  /** The status code, or 0 when no status line arrived. */
  status: number;
  headers: Record<string, string>;
  /** The answer's body (`content-length` bytes, or what arrived before the close). */
  body: string;
  /** The code of a socket error (`ECONNRESET`, `EPIPE`…), when one happened. */
  socketError?: string;
}

/**
 * One HTTP/1.1 request on a fresh TCP connection, sent as a client library would: the whole body is written (one
 * write, so the socket streams it as the peer reads), then the answer is read to the end of its `content-length`
 * body (or until the server closes); it settles only once the body is sent too. Unlike
 * `app.inject()` it goes through Node's HTTP server, so it shows what a real client gets when the server answers
 * before reading the body.
 * @param port - a port on 127.0.0.1.
 */
export function rawHttpRequest(port: number, request: { method: string; path: string; headers: Record<string, string>; body?: Buffer }): Promise<RawHttpAnswer> {
  const body = request.body ?? Buffer.alloc(0);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let socketError: string | undefined;
    let settled = false;
    let bodyWritten = false;
    const settle = () => {
      if (settled) return;
      const raw = Buffer.concat(received);
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw
        .subarray(0, split === -1 ? raw.length : split)
        .toString('latin1')
        .split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      let rest = split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4);
      const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      // Done once the whole body is sent and the whole answer is in (a kept-alive connection stays open), or when the
      // connection closes: a server that answers early and resets the connection shows as `socketError`.
      if (!socket.destroyed && (!bodyWritten || length === undefined || rest.length < length)) return;
      settled = true;
      if (length !== undefined) rest = rest.subarray(0, length);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      socket.destroy();
      resolve({ status, headers, body: rest.toString('utf8'), ...(socketError !== undefined ? { socketError } : {}) });
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      settle();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (socketError ??= error.code ?? error.message));
    socket.on('close', settle);
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      'host: 127.0.0.1',
      'connection: close',
      `content-length: ${body.length}`,
      ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    socket.write(body, (error) => {
      if (error) return;
      bodyWritten = true;
      settle();
    });
  });
}

/** A multipart/form-data body with one file part (the chunk), and its content type. */
export function multipartChunk(bytes: Buffer, options: { field?: string; boundary?: string } = {}): { body: Buffer; contentType: string } {
  const boundary = options.boundary ?? `----magpie${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${options.field ?? 'chunk'}"; filename="chunk"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
