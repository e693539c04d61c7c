import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deadUrl, TEST_SESSION_SECRET } from './testing/stack.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs main.ts as its own process, as `npm start` does. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('main.ts', () => {
  it('listens on HOST:PORT and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const bff = startMain({
      HOST: '127.0.0.1',
      PORT: String(port),
      DAM_URL: await deadUrl(),
      MAGPIE_BFF_CLIENT_SECRET: 'client-secret',
      MAGPIE_SESSION_SECRET: TEST_SESSION_SECRET,
    });
    try {
      let status = 0;
      for (let attempt = 0; attempt < 200 && status !== 200; attempt++) {
        status = await fetch(`http://127.0.0.1:${port}/fotoweb/views/session`).then(
          (res) => res.status,
          () => 0,
        );
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status, bff.stderr()).toBe(200);
      bff.child.kill('SIGTERM');
      expect(await bff.exited).toBe(0);
    } finally {
      if (bff.child.exitCode === null) bff.child.kill('SIGKILL');
    }
  });

  it('refuses to start without its secrets, naming them', async () => {
    const bff = startMain({ PORT: String(await freePort()) });
    expect(await bff.exited).toBe(1);
    expect(bff.stderr()).toContain('MAGPIE_BFF_CLIENT_SECRET is required');
    expect(bff.stderr()).toContain('MAGPIE_SESSION_SECRET is required');
  });
});
