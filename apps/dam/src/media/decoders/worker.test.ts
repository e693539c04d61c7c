import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMediaError } from '../errors.ts';
import { HAVE_SAMPLES, samplePath } from '../testing/samples.ts';
import { heicDecoder } from './heic.ts';
import { DecoderFailure, type DecodeRequest } from './types.ts';
import { closeDecoderWorkers, decoderWorkerStats, runInWorker, type WorkerRunOptions } from './worker.ts';

/**
 * A decoder module written for these tests, run in real workers: its functions show which worker and which module
 * instance served a call, and fail in each way a decoder can.
 */
const FIXTURE = `
import { threadId } from 'node:worker_threads';
let calls = 0;
export async function whoAmI() {
  calls++;
  return { threadId, calls };
}
export async function sleep(ms) {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ms;
}
export async function fail() {
  throw Object.assign(new Error('not a picture'), { reason: 'UnsupportedImage' });
}
export async function crash() {
  process.exit(3);
}
export async function hog() {
  const hoard = [];
  for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
}
`;

let tmpDir = '';
let fixture: URL;
beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'magpie-decoder-worker-'));
  const file = path.join(tmpDir, 'fixture.mjs');
  await writeFile(file, FIXTURE);
  fixture = pathToFileURL(file);
});
afterAll(async () => {
  await closeDecoderWorkers();
  await rm(tmpDir, { recursive: true, force: true });
});

const options = (more: Partial<WorkerRunOptions> = {}): WorkerRunOptions => ({ timeoutMs: 30_000, what: 'Running the fixture', ...more });

/** How much each counter of {@link decoderWorkerStats} grew while `work` ran, and what `work` answered. */
async function counting<T>(work: () => Promise<T>): Promise<{ value: T; started: number; sparesTaken: number }> {
  const before = decoderWorkerStats();
  const value = await work();
  const after = decoderWorkerStats();
  return { value, started: after.started - before.started, sparesTaken: after.sparesTaken - before.sparesTaken };
}

/** What `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.fail(`resolved with ${JSON.stringify(value)}`),
    (err: unknown) => err,
  );
}

describe('runInWorker with spare workers', () => {
  it('leaves a spare after the first call of a module; the next call takes it and runs in a fresh module instance', async () => {
    await closeDecoderWorkers();
    const first = await counting(() => runInWorker<{ threadId: number; calls: number }>(fixture, 'whoAmI', undefined, options()));
    // The call's worker, then the spare started once that worker had loaded the module.
    expect(first.started).toBe(2);
    expect(first.sparesTaken).toBe(0);
    expect(decoderWorkerStats().spares).toBe(1);

    const second = await counting(() => runInWorker<{ threadId: number; calls: number }>(fixture, 'whoAmI', undefined, options()));
    expect(second.sparesTaken).toBe(1);
    expect(second.started).toBe(1); // the next spare
    expect(decoderWorkerStats().spares).toBe(1);
    // Each call has a worker and a module of its own: no state of one call reaches the next.
    expect(second.value.threadId).not.toBe(first.value.threadId);
    expect(second.value.calls).toBe(1);
    expect(first.value.calls).toBe(1);
  });

  it('keeps the errors: the function failing, the worker exiting, the heap ceiling, input that cannot be cloned', async () => {
    const failed = await rejection(runInWorker(fixture, 'fail', undefined, options()));
    expect(failed).toBeInstanceOf(DecoderFailure);
    expect((failed as DecoderFailure).reason).toBe('UnsupportedImage');
    expect((failed as DecoderFailure).message).toBe('not a picture');

    const missing = await rejection(runInWorker(fixture, 'nothing', undefined, options()));
    expect((missing as DecoderFailure).reason).toBe('CorruptImage');
    expect((missing as DecoderFailure).message).toMatch(/has no function nothing/);

    const crashed = await rejection(runInWorker(fixture, 'crash', undefined, options()));
    expect((crashed as DecoderFailure).reason).toBe('CorruptImage');
    expect((crashed as DecoderFailure).message).toBe('Running the fixture ended without an answer (exit code 3)');

    // A ceiling other than the spare's starts a worker of its own, and leaves a spare with that ceiling.
    const hog = await counting(() => rejection(runInWorker(fixture, 'hog', undefined, options({ maxHeapMb: 32 }))));
    expect((hog.value as DecoderFailure).reason).toBe('ImageTooLarge');
    expect(hog.sparesTaken).toBe(0);
    expect(decoderWorkerStats().spares).toBe(2);
    const afterHog = await counting(() => runInWorker(fixture, 'sleep', 1, options()));
    expect(afterHog.sparesTaken).toBe(1);

    const uncloneable = await rejection(runInWorker(fixture, 'sleep', () => 1, options()));
    expect((uncloneable as Error).name).toBe('DataCloneError');
    expect(await runInWorker(fixture, 'sleep', 1, options())).toBe(1);
  });

  it('closeDecoderWorkers ends every spare, and a call running meanwhile leaves none behind', async () => {
    await runInWorker(fixture, 'sleep', 1, options());
    expect(decoderWorkerStats().spares).toBeGreaterThan(0);
    await closeDecoderWorkers();
    expect(decoderWorkerStats().spares).toBe(0);

    const running = runInWorker(fixture, 'sleep', 300, options());
    await closeDecoderWorkers();
    expect(await running).toBe(300);
    expect(decoderWorkerStats().spares).toBe(0);

    // Calls made afterwards start spares again.
    await runInWorker(fixture, 'sleep', 1, options());
    expect(decoderWorkerStats().spares).toBe(1);
    await closeDecoderWorkers();
  });

  it('spares never keep the process alive', async () => {
    const script = path.join(tmpDir, 'leave-a-spare.mts');
    const workerModule = pathToFileURL(path.join(import.meta.dirname, 'worker.ts')).href;
    await writeFile(
      script,
      `import { decoderWorkerStats, runInWorker } from ${JSON.stringify(workerModule)};
await runInWorker(new URL(${JSON.stringify(fixture.href)}), 'sleep', 1, { timeoutMs: 30_000, what: 'x' });
console.log(decoderWorkerStats().spares);
`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('1');
  });
});

describe.skipIf(!HAVE_SAMPLES)('the HEIC decoder with spare workers', () => {
  const apple = samplePath('formats/heic/Apple_iPhone_11_Pro.HEIC');
  const cheers = samplePath('formats/heic/cheers_1440x960.heic');
  const request = (filePath: string, timeoutMs = 60_000, signal = new AbortController().signal): DecodeRequest => ({ filePath, maxSide: 1600, timeoutMs, signal });

  it('decodes the same HEIC twice, the second time in the spare', async () => {
    await closeDecoderWorkers();
    const first = await counting(() => heicDecoder.decode(request(cheers)));
    expect(first.sparesTaken).toBe(0);
    expect(decoderWorkerStats().spares).toBe(1);
    const second = await counting(() => heicDecoder.decode(request(cheers)));
    expect(second.sparesTaken).toBe(1);
    const [a, b] = [first.value.picture, second.value.picture];
    if (a.kind !== 'raw' || b.kind !== 'raw') return expect.fail('raw pictures expected');
    expect([a.width, a.height, b.width, b.height]).toEqual([1440, 960, 1440, 960]);
    // Buffer.equals: a deep toEqual of 5.5 MB of pixels takes vitest half a minute.
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('a deadline still terminates the worker, and the next call decodes', async () => {
    const timedOut = await counting(() => rejection(heicDecoder.decode(request(apple, 300))));
    expect(isMediaError(timedOut.value, 'Timeout')).toBe(true);
    expect((timedOut.value as Error).message).toMatch(/took longer than 300 ms/);
    expect(timedOut.sparesTaken).toBe(1);
    const next = await heicDecoder.decode(request(cheers));
    expect(next.picture.kind === 'raw' && next.picture.width).toBe(1440);
  });

  it('an abort terminates the worker at once, and the next call decodes', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const decoding = rejection(heicDecoder.decode(request(apple, 60_000, controller.signal)));
    setTimeout(() => controller.abort(), 200);
    expect(isMediaError(await decoding, 'Timeout')).toBe(true);
    // The Apple file takes seconds to decode on two shared cores; the abort ends it at once.
    expect(Date.now() - started).toBeLessThan(3_000);
    const next = await heicDecoder.decode(request(cheers));
    expect(next.picture.kind === 'raw' && next.picture.width).toBe(1440);
    await closeDecoderWorkers();
    expect(decoderWorkerStats().spares).toBe(0);
  });
});
