import { describe, expect, it } from 'vitest';
import {
  createChunkedUploader,
  UPLOAD_STATUS_MAX_POLLS,
  UPLOAD_STATUS_POLL_INTERVAL_MS,
  type ChunkedUploaderDeps,
  type FetchInitLike,
  type FetchResponseLike,
} from './chunkedUpload.ts';
import { UploadError } from './uploadError.ts';

interface Call {
  readonly url: string;
  readonly init: FetchInitLike;
}

type Route = (call: Call, count: number) => { status?: number; body?: unknown } | Promise<never>;

/** A fake `fetch`: answers by `METHOD path` (without baseUrl), counts calls per route, records everything. */
function fakeFetch(routes: Record<string, Route>, baseUrl = '') {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  const fetch = async (url: string, init: FetchInitLike): Promise<FetchResponseLike> => {
    calls.push({ url, init });
    const key = `${init.method} ${url.slice(baseUrl.length)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected request ${key}`);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const { status = 200, body } = await route({ url, init }, count);
    return {
      status,
      ok: status >= 200 && status < 300,
      json: async () => (body === undefined ? Promise.reject(new SyntaxError('no body')) : body),
    };
  };
  return { fetch, calls };
}

const TICKET = { id: 'up/1', chunkSize: 4, numChunks: 3 };
const UPLOAD = '/fotoweb/api/uploads';
const ID = encodeURIComponent(TICKET.id);
const FILE = { name: 'harbour.jpg', size: 10, blob: new Blob(['0123456789']) };
const DESTINATION = '/fotoweb/archives/5000-photos/';

function happyRoutes(statuses: unknown[] = [{ status: 'done', result: { assetUrl: '/fotoweb/archives/5000/h.jpg.info' } }]) {
  return {
    [`POST ${UPLOAD}`]: () => ({ status: 201, body: TICKET }),
    [`POST ${UPLOAD}/${ID}/chunks/0`]: () => ({ status: 204 }),
    [`POST ${UPLOAD}/${ID}/chunks/1`]: () => ({ status: 204 }),
    [`POST ${UPLOAD}/${ID}/chunks/2`]: () => ({ status: 204 }),
    [`GET ${UPLOAD}/${ID}/status`]: (_: Call, n: number) => ({ body: statuses[Math.min(n, statuses.length) - 1] }),
  } satisfies Record<string, Route>;
}

function uploaderWith(routes: Record<string, Route>, deps: Partial<ChunkedUploaderDeps> = {}) {
  const { fetch, calls } = fakeFetch(routes, deps.baseUrl);
  const sleeps: number[] = [];
  const uploader = createChunkedUploader({
    fetch,
    headers: () => ({ 'X-CSRF-Token': 'csrf-1', 'Content-Type': 'text/plain' }),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...deps,
  });
  return { uploader, calls, sleeps };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('createChunkedUploader (FotoWeb API: Upload)', () => {
  it('creates the upload, sends every chunk as multipart "chunk", then polls the status until done', async () => {
    const { uploader, calls, sleeps } = uploaderWith(
      happyRoutes([
        { status: 'awaitingData' },
        { status: 'pending' },
        { status: 'inProgress' },
        {
          status: 'done',
          result: { assetUrl: '/fotoweb/archives/5000/h.jpg.info' },
        },
      ]),
    );
    const log: string[] = [];
    const output = await uploader.upload({
      file: FILE,
      destination: DESTINATION,
      onProgress: (bytes) => log.push(`progress ${bytes}`),
      onProcessing: () => log.push('processing'),
    });

    expect(output).toEqual({ assetUrl: '/fotoweb/archives/5000/h.jpg.info' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      `POST ${UPLOAD}`,
      `POST ${UPLOAD}/up%2F1/chunks/0`,
      `POST ${UPLOAD}/up%2F1/chunks/1`,
      `POST ${UPLOAD}/up%2F1/chunks/2`,
      ...Array.from({ length: 4 }, () => `GET ${UPLOAD}/up%2F1/status`),
    ]);
    expect(log).toEqual(['progress 4', 'progress 8', 'progress 10', 'processing']);
    expect(sleeps).toEqual([1_000, 1_000, 1_000]);

    const create = calls[0]!.init;
    expect(JSON.parse(create.body as string)).toEqual({ destination: DESTINATION, filename: 'harbour.jpg', fileSize: 10 });
    expect(create.headers).toEqual({
      Accept: 'application/json',
      'X-CSRF-Token': 'csrf-1',
      'Content-Type': 'application/json',
    });

    const chunks = calls.slice(1, 4);
    const texts: string[] = [];
    for (const { init } of chunks) {
      expect(init.headers).toEqual({ Accept: 'application/json', 'X-CSRF-Token': 'csrf-1' });
      expect(init.body).toBeInstanceOf(FormData);
      const part = (init.body as FormData).get('chunk');
      expect(part).toBeInstanceOf(Blob);
      expect((part as File).name).toBe('chunk');
      texts.push(await (part as Blob).text());
    }
    expect(texts).toEqual(['0123', '4567', '89']);
    expect(calls.every((c) => c.init.headers['X-CSRF-Token'] === 'csrf-1')).toBe(true);
  });

  it('asks headers() once per request, so a rotated CSRF token is used', async () => {
    let n = 0;
    const { uploader, calls } = uploaderWith(happyRoutes(), { headers: async () => ({ 'X-CSRF-Token': `t${++n}` }) });
    await uploader.upload({ file: FILE, destination: DESTINATION });
    expect(calls.map((c) => c.init.headers['X-CSRF-Token'])).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('prefixes every path with baseUrl', async () => {
    const baseUrl = 'https://dam.example.com';
    const { uploader, calls } = uploaderWith(happyRoutes(), { baseUrl });
    await uploader.upload({ file: FILE, destination: DESTINATION });
    expect(calls.every((c) => c.url.startsWith(`${baseUrl}/fotoweb/api/uploads`))).toBe(true);
  });

  it("throws the server's {value, message} when processing fails", async () => {
    const { uploader } = uploaderWith(happyRoutes([{ status: 'failed', error: { value: 'unsupportedFormat', message: 'The file type is not allowed.' } }]));
    const error = await rejection(uploader.upload({ file: FILE, destination: DESTINATION }));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ value: 'unsupportedFormat', message: 'The file type is not allowed.' });
    expect(JSON.parse(JSON.stringify(error))).toEqual({ value: 'unsupportedFormat', message: 'The file type is not allowed.' });
  });

  it('gives up with processingTimeout after 120 polls 1000 ms apart by default', async () => {
    expect([UPLOAD_STATUS_MAX_POLLS, UPLOAD_STATUS_POLL_INTERVAL_MS]).toEqual([120, 1_000]);
    const { uploader, calls, sleeps } = uploaderWith(happyRoutes([{ status: 'inProgress' }]));
    const error = await rejection(uploader.upload({ file: FILE, destination: DESTINATION }));
    expect(error).toMatchObject({ value: 'processingTimeout' });
    expect(calls.filter((c) => c.init.method === 'GET')).toHaveLength(120);
    expect(sleeps).toHaveLength(119);
    expect(new Set(sleeps)).toEqual(new Set([1_000]));
  });

  it('honours an injected poll interval and attempt limit', async () => {
    const { uploader, calls, sleeps } = uploaderWith(happyRoutes([{ status: 'pending' }]), {
      pollIntervalMs: 250,
      maxPollAttempts: 3,
    });
    await expect(uploader.upload({ file: FILE, destination: DESTINATION })).rejects.toMatchObject({
      value: 'processingTimeout',
    });
    expect(calls.filter((c) => c.init.method === 'GET')).toHaveLength(3);
    expect(sleeps).toEqual([250, 250]);
  });

  it('maps a refused creation to the 4xx body, to accessDenied for a bare 401, else to uploadTargetError (spec 01 §8)', async () => {
    const cases: Array<[{ status: number; body?: unknown }, object]> = [
      [
        { status: 403, body: { value: 'noUploadRights', heading: 'Not allowed' } },
        { value: 'noUploadRights', message: 'Not allowed' },
      ],
      [{ status: 401 }, { value: 'accessDenied', message: 'Access denied' }],
      [{ status: 404 }, { value: 'uploadTargetError', message: 'Upload target error.' }],
      [
        { status: 500, body: { oops: true } },
        { value: 'uploadTargetError', message: 'Upload target error.' },
      ],
    ];
    for (const [answer, expected] of cases) {
      const { uploader, calls } = uploaderWith({ [`POST ${UPLOAD}`]: () => answer });
      await expect(uploader.upload({ file: FILE, destination: DESTINATION })).rejects.toMatchObject(expected);
      expect(calls).toHaveLength(1);
    }
  });

  it('stops at a refused chunk with uploadFailed, without polling', async () => {
    const routes = { ...happyRoutes(), [`POST ${UPLOAD}/${ID}/chunks/1`]: () => ({ status: 500 }) };
    const { uploader, calls } = uploaderWith(routes);
    const progress: number[] = [];
    await expect(uploader.upload({ file: FILE, destination: DESTINATION, onProgress: (b) => progress.push(b) })).rejects.toMatchObject({
      value: 'uploadFailed',
      message: 'An error occurred. Please contact your local administrator.',
    });
    expect(progress).toEqual([4]);
    expect(calls.some((c) => c.init.method === 'GET')).toBe(false);
  });

  it('rejects answers of the wrong shape with invalidResponse', async () => {
    for (const routes of [
      { [`POST ${UPLOAD}`]: () => ({ body: { id: 'x', chunkSize: 0, numChunks: 1 } }) },
      { [`POST ${UPLOAD}`]: () => ({ body: 'not json object' }) },
      happyRoutes([{ status: 'exploded' }]),
      happyRoutes([{ status: 'done', result: {} }]),
    ]) {
      const { uploader } = uploaderWith(routes);
      await expect(uploader.upload({ file: FILE, destination: DESTINATION })).rejects.toMatchObject({
        value: 'invalidResponse',
      });
    }
  });

  it('fails with networkError when fetch itself throws', async () => {
    const { uploader } = uploaderWith({ [`POST ${UPLOAD}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await rejection(uploader.upload({ file: FILE, destination: DESTINATION }));
    expect(error).toMatchObject({ value: 'networkError' });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('rejects with the abort reason, not an UploadError, when aborted', async () => {
    const controller = new AbortController();
    const routes = {
      ...happyRoutes(),
      [`POST ${UPLOAD}/${ID}/chunks/0`]: () => {
        controller.abort(new DOMException('stopped', 'AbortError'));
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
    };
    const { uploader } = uploaderWith(routes);
    const error = await rejection(uploader.upload({ file: FILE, destination: DESTINATION, signal: controller.signal }));
    expect(error).not.toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ name: 'AbortError', message: 'stopped' });
  });

  it('fails with missingFileData, without any request, when the file has no bytes', async () => {
    const { uploader, calls } = uploaderWith(happyRoutes());
    await expect(uploader.upload({ file: { name: 'a.jpg', size: 3 }, destination: DESTINATION })).rejects.toMatchObject({
      value: 'missingFileData',
    });
    expect(calls).toHaveLength(0);
  });

  it('refuses a negative poll interval or a non-positive attempt limit', () => {
    const { fetch } = fakeFetch({});
    expect(() => createChunkedUploader({ fetch, pollIntervalMs: -1 })).toThrow(RangeError);
    expect(() => createChunkedUploader({ fetch, maxPollAttempts: 0 })).toThrow(RangeError);
  });

  it('waits with setTimeout by default and stops waiting when aborted', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(happyRoutes([{ status: 'pending' }]));
    const uploader = createChunkedUploader({ fetch, pollIntervalMs: 60_000 });
    const pending = uploader.upload({ file: FILE, destination: DESTINATION, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('closed')), 5);
    await expect(pending).rejects.toThrow('closed');
  });
});
