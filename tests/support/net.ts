import net from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). @throws Error when no port can be bound. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Waits until `url` answers 2xx, polling every 250 ms.
 * @param timeoutMs longest wait (ms). @throws Error naming the URL when it did not come up in time.
 */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Polls `check` every `intervalMs` (ms) until it answers something other than `undefined` or `false`, and answers that.
 * @param what named in the error. @param timeoutMs longest wait (ms). @throws Error when `timeoutMs` passed first.
 */
export async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false> | T | undefined | false, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
