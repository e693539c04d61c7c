import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@magpie/api-types';
import { FILENAME_CONTROL_MESSAGE, FILENAME_LENGTH_MESSAGE } from '@magpie/api-types/schemas';
import { multipartChunk, rawHttpRequest, type RawHttpAnswer } from '@magpie/dam/testing/raw-http.ts';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';

/** A chunk of the DAM's default size (4 MiB). */
const FOUR_MIB = Buffer.alloc(4 * 1024 * 1024, 0x5a);

let sut: TestStack;
let admin: TestBrowser;
let port: number;

beforeAll(async () => {
  sut = await createTestStack();
  await sut.bff.listen({ port: 0, host: '127.0.0.1' });
  port = (sut.bff.server.address() as AddressInfo).port;
  admin = new TestBrowser(sut.bff);
  expect((await admin.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await sut?.close();
});

/** A chunk sent through the BFF over a real socket, as a browser would (session cookie and CSRF header by default). */
function chunkThroughBff(uploadId: string, options: { bytes?: Buffer; session?: boolean; csrf?: boolean } = {}): Promise<RawHttpAnswer> {
  const { body, contentType } = multipartChunk(options.bytes ?? FOUR_MIB);
  const headers: Record<string, string> = { 'content-type': contentType, accept: 'application/json' };
  const csrf = admin.cookies.get(CSRF_COOKIE)!;
  // Without a session the browser still has its CSRF cookie, so the request gets as far as the session check.
  headers.cookie = options.session === false ? `${CSRF_COOKIE}=${csrf}` : admin.cookieHeader();
  if (options.csrf !== false) headers[CSRF_HEADER] = csrf;
  return rawHttpRequest(port, { method: 'POST', path: `/fotoweb/api/uploads/${uploadId}/chunks/0`, headers, body });
}

function expectAnswered(answer: RawHttpAnswer, status: number, what: string) {
  expect(answer.socketError, what).toBeUndefined();
  expect(answer.status, what).toBe(status);
  expect(JSON.parse(answer.body), what).toMatchObject({ value: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
}

describe('early answers to a chunk upload through the BFF (issue 9)', () => {
  it("bring the DAM's 404 for an unknown upload to the browser on every one of 12 tries", async () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const answer = await chunkThroughBff('unknownUpload');
      expectAnswered(answer, 404, `try ${attempt}`);
      expect(JSON.parse(answer.body).value).toBe('NotFound');
    }
  });

  it("bring the BFF's own 401 (no session) and 403 (no CSRF header) the same way", async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      expectAnswered(await chunkThroughBff('unknownUpload', { session: false }), 401, `401, try ${attempt}`);
      expectAnswered(await chunkThroughBff('unknownUpload', { csrf: false }), 403, `403, try ${attempt}`);
    }
  });

  it('answer the browser even when the DAM stops reading a body longer than a chunk', async () => {
    // 12 MiB: more than the DAM reads before an early answer (one chunk), so it answers and closes; its answer may be
    // lost to the reset of that connection (then the BFF says 502), but the browser gets a whole answer either way.
    const bytes = Buffer.alloc(12 * 1024 * 1024, 0x41);
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await chunkThroughBff('unknownUpload', { bytes });
      expect(answer.socketError, `try ${attempt}`).toBeUndefined();
      expect([404, 502], `try ${attempt}`).toContain(answer.status);
      expect(JSON.parse(answer.body)).toMatchObject({ value: expect.any(String), requestId: expect.any(String) });
    }
  });
});

describe('file names through the BFF (issue 9)', () => {
  it('refuses control and bidirectional characters and names over 255 bytes before the DAM, as the web app sends them', async () => {
    for (const [filename, message] of [
      ['x\u202Egpj.exe', FILENAME_CONTROL_MESSAGE],
      ['a\u0085.jpg', FILENAME_CONTROL_MESSAGE],
      [`${'é'.repeat(126)}a.jpg`, FILENAME_LENGTH_MESSAGE],
    ] as const) {
      const res = await admin.request({ method: 'POST', url: '/fotoweb/api/uploads', payload: { destination: '/fotoweb/archives/5000-Photos/', filename, fileSize: 10 } });
      expect(res.statusCode, JSON.stringify(filename)).toBe(400);
      expect(res.json()).toMatchObject({ message, issues: [{ path: 'filename', message }] });
    }
    const fine = await admin.request({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      payload: { destination: '/fotoweb/archives/5000-Photos/', filename: `${'é'.repeat(125)}a.jpg`, fileSize: 10 },
    });
    expect(fine.statusCode).toBe(200);
  });
});
