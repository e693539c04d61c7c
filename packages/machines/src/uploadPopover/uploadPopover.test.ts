import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createChunkedUploader, type FetchInitLike } from './chunkedUpload.ts';
import type { UploadFileOutput } from './types.ts';
import { assertUploadEventName, isUploadEventName, UnknownUploadEventError, UPLOAD_EVENTS, type UploadEmittedEvent } from './uploadEvents.ts';
import {
  createUploadEvent,
  uploadPopoverMachine,
  type UploadFileActorInput,
  type UploadFileState,
  type UploadPopoverContext,
  type UploadPopoverEvent,
} from './uploadPopover.machine.ts';
import { MODEL_TARGET_ERROR, UPLOAD_MODEL_INPUT, uploadPopoverModel } from './uploadPopover.model.ts';

const INPUT = UPLOAD_MODEL_INPUT;
const TARGET_ERROR = MODEL_TARGET_ERROR;
const ACTIVE: ReadonlySet<string> = new Set(['queued', 'uploading', 'processing']);

// ---------------------------------------------------------------------------------------------------------------
// The model (uploadPopover.model.ts): the `uploadFile` invocation turned into done/error events.
// ---------------------------------------------------------------------------------------------------------------

/** Shortest paths with two files and every event. */
const shortestPaths = uploadPopoverModel.testModel('shortest').getShortestPaths();
/** Simple paths with one file, without the snapshot-neutral events (UPLOAD_MODEL_SCOPES.simple). */
const simplePaths = uploadPopoverModel.testModel('simple').getSimplePaths();

// ---------------------------------------------------------------------------------------------------------------
// The system under test: a real actor with a controlled `uploadFile` actor and a simulated clock.
// ---------------------------------------------------------------------------------------------------------------

function checkFile(file: UploadFileState): void {
  expect(file.bytesSent).toBeGreaterThanOrEqual(0);
  expect(file.bytesSent).toBeLessThanOrEqual(file.size);
  if (file.status === 'queued') expect(file.bytesSent).toBe(0);
  if (file.status === 'processing' || file.status === 'done') expect(file.bytesSent).toBe(file.size);
  if (file.status === 'done') expect(file.assetUrl).toEqual(expect.any(String));
  else expect(file.assetUrl).toBeUndefined();
  if (file.status === 'failed') expect(file.error).toEqual({ value: expect.any(String), message: expect.any(String) });
  else expect(file.error).toBeUndefined();
}

function createUploadDriver(coverage?: CoverageTracker): PathDriver & { emitted: UploadEmittedEvent[] } {
  const uploads = createControlledPromiseActor<UploadFileOutput, UploadFileActorInput>();
  const clock = new SimulatedClock();
  const actor = createActor(uploadPopoverMachine.provide({ actors: { uploadFile: uploads.logic } }), {
    input: INPUT,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  const emitted: UploadEmittedEvent[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  coverage?.observe(actor.getSnapshot());

  async function stimulate(event: EventObject): Promise<void> {
    switch (event.type) {
      case 'xstate.done.actor.uploadFile':
        uploads.current().resolve((event as unknown as { output: UploadFileOutput }).output);
        return flushPromises();
      case 'xstate.error.actor.uploadFile':
        uploads.current().reject((event as unknown as { error: unknown }).error);
        return flushPromises();
      case 'UPLOAD_PROGRESS': {
        // Progress reaches the machine the real way: through the callback the uploader is given.
        const { fileId, bytesSent } = event as Extract<UploadPopoverEvent, { type: 'UPLOAD_PROGRESS' }>;
        const { input } = uploads.current();
        expect(input.fileId).toBe(fileId);
        return input.onProgress(bytesSent);
      }
      case 'UPLOAD_PROCESSING': {
        const { fileId } = event as Extract<UploadPopoverEvent, { type: 'UPLOAD_PROCESSING' }>;
        const { input } = uploads.current();
        expect(input.fileId).toBe(fileId);
        return input.onProcessing();
      }
      default:
        actor.send(event as UploadPopoverEvent);
    }
  }

  /** What the popover must emit for this step, derived from the snapshots before and after it. */
  function expectedEmits(event: EventObject, before: AnyMachineSnapshot, after: AnyMachineSnapshot): string[] {
    const context = after.context as UploadPopoverContext;
    if (event.type === 'CANCEL_SELECTION') return ['selectionWidgetCancel'];
    if (!before.matches('uploading') && after.matches('uploading')) return ['uploadStart'];
    if (before.matches('uploading') && !after.matches('uploading')) {
      return [...(context.run.uploaded.length > 0 ? ['filesUploaded'] : []), ...(context.run.failed.length > 0 ? ['filesUploadedError'] : []), 'uploadEnd'];
    }
    return [];
  }

  function checkEmits(events: readonly UploadEmittedEvent[], context: UploadPopoverContext): void {
    for (const event of events) {
      expect(isUploadEventName(event.type)).toBe(true);
      expect(event.destination).toBe(INPUT.destination);
      switch (event.type) {
        case 'uploadStart':
          expect(event.fileIds).toEqual(context.files.filter((f) => ACTIVE.has(f.status)).map((f) => f.id));
          break;
        case 'filesUploaded':
          for (const asset of event.assets) {
            const file = context.files.find((f) => f.id === asset.fileId);
            if (file) expect(file).toMatchObject({ status: 'done', assetUrl: asset.assetUrl });
          }
          break;
        case 'filesUploadedError':
          for (const failure of event.failures) {
            const file = context.files.find((f) => f.id === failure.fileId);
            if (file) expect(file).toMatchObject({ status: 'failed', error: failure.error });
          }
          break;
        case 'uploadEnd':
          expect(event.uploaded).toBe(context.run.uploaded.length);
          expect(event.failed).toBe(context.run.failed.length);
          break;
        case 'selectionWidgetCancel':
          break;
      }
    }
  }

  return {
    emitted,
    async exec(event) {
      const before = actor.getSnapshot();
      const seen = emitted.length;
      await stimulate(event);
      const after = actor.getSnapshot();
      // spec 01 §4: the popover cannot be closed while uploading.
      if (event.type === 'CLOSE' && before.matches('uploading')) {
        expect(after.matches('uploading')).toBe(true);
        expect(after.context.closeRefused).toBe(true);
      }
      const fresh = emitted.slice(seen);
      expect(fresh.map((e) => e.type)).toEqual(expectedEmits(event, before, after));
      checkEmits(fresh, after.context);
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      context.files.forEach(checkFile);
      expect(new Set(context.files.map((f) => f.id)).size).toBe(context.files.length);
      expect(Object.keys(context.sources).sort()).toEqual(context.files.map((f) => f.id).sort());
      const active = context.files.filter((f) => f.status === 'uploading' || f.status === 'processing');
      const pending = uploads.pending();

      if (snapshot.matches('uploading')) {
        // At rest an uploading popover is always sending exactly one file.
        expect(snapshot.value).toEqual({ uploading: 'sending' });
        expect(active.map((f) => f.id)).toEqual([context.currentFileId]);
        expect(pending).toHaveLength(1);
        const input = pending[0]?.input;
        expect(input?.fileId).toBe(context.currentFileId);
        expect(input?.destination).toBe(INPUT.destination);
        expect(input?.file).toMatchObject({ name: active[0]?.name, size: active[0]?.size });
      } else {
        // closed or open: nothing queued, nothing running, and CLOSE was never refused.
        expect(context.files.filter((f) => ACTIVE.has(f.status))).toEqual([]);
        expect(context.currentFileId).toBeUndefined();
        expect(context.closeRefused).toBe(false);
        expect(pending).toHaveLength(0);
      }
    },
  };
}

describeModelPaths('uploadPopover model: shortest paths (two files)', shortestPaths, 200, () => createUploadDriver());

describeModelPaths('uploadPopover model: simple paths (one file)', simplePaths, 50, () => createUploadDriver());

describe('uploadPopover coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(uploadPopoverMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createUploadDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('uploadPopover', report));
    assertFullCoverage('uploadPopover', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Behaviour the model does not generate: refused events, odd uploader answers, the event registry.
// ---------------------------------------------------------------------------------------------------------------

function startPopover(uploadFile = createControlledPromiseActor<UploadFileOutput, UploadFileActorInput>()) {
  const actor = createActor(uploadPopoverMachine.provide({ actors: { uploadFile: uploadFile.logic } }), {
    input: { ...INPUT, chunkSize: 1024 },
    clock: new SimulatedClock(),
  });
  const emitted: UploadEmittedEvent[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, uploads: uploadFile, emitted };
}

describe('uploadPopover guards', () => {
  it('ignores ADD_FILES with no files, and RETRY/REMOVE of unknown or ineligible files', () => {
    const { actor, uploads } = startPopover();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'ADD_FILES', files: [] });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({
      type: 'ADD_FILES',
      files: [
        { name: 'a.jpg', size: 3 },
        { name: 'b.jpg', size: 5 },
      ],
    });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'REMOVE', fileId: 'file-1' }); // uploading
    actor.send({ type: 'REMOVE', fileId: 'file-2' }); // queued
    actor.send({ type: 'RETRY', fileId: 'file-2' }); // not failed
    actor.send({ type: 'RETRY', fileId: 'file-9' }); // unknown
    expect(actor.getSnapshot().context).toBe(before);
    expect(uploads.current().input).toMatchObject({ fileId: 'file-1', chunkSize: 1024, destination: INPUT.destination });
  });

  it('ignores progress for a file that is not being uploaded and clamps bytes to [0, size]', () => {
    const { actor, uploads } = startPopover();
    actor.send({ type: 'OPEN' });
    actor.send({
      type: 'ADD_FILES',
      files: [
        { name: 'a.jpg', size: 10 },
        { name: 'b.jpg', size: 5 },
      ],
    });
    actor.send({ type: 'UPLOAD_PROGRESS', fileId: 'file-2', bytesSent: 3 });
    expect(actor.getSnapshot().context.files[1]?.bytesSent).toBe(0);
    uploads.current().input.onProgress(99);
    expect(actor.getSnapshot().context.files[0]?.bytesSent).toBe(10);
    uploads.current().input.onProgress(-4);
    expect(actor.getSnapshot().context.files[0]?.bytesSent).toBe(0);
  });

  it('drops a late progress report from a finished upload', async () => {
    const { actor, uploads } = startPopover();
    actor.send({ type: 'OPEN' });
    actor.send({
      type: 'ADD_FILES',
      files: [
        { name: 'a.jpg', size: 10 },
        { name: 'b.jpg', size: 5 },
      ],
    });
    const first = uploads.current();
    first.resolve({ assetUrl: '/a' });
    await flushPromises();
    first.input.onProgress(4);
    first.input.onProcessing();
    expect(actor.getSnapshot().context.files.map((f) => [f.status, f.bytesSent])).toEqual([
      ['done', 10],
      ['uploading', 0],
    ]);
  });
});

describe('uploadPopover failures', () => {
  it('normalises whatever the uploader rejects with into {value, message}', async () => {
    const { actor, uploads } = startPopover();
    actor.send({ type: 'OPEN' });
    actor.send({
      type: 'ADD_FILES',
      files: [
        { name: 'a.jpg', size: 1 },
        { name: 'b.jpg', size: 1 },
      ],
    });
    uploads.current().reject(new TypeError('Failed to fetch'));
    await flushPromises();
    uploads.current().reject('boom');
    await flushPromises();
    expect(actor.getSnapshot().context.files.map((f) => f.error)).toEqual([
      { value: 'uploadFailed', message: 'Failed to fetch' },
      { value: 'uploadFailed', message: 'An error occurred. Please contact your local administrator.' },
    ]);
  });

  it('fails every file with uploaderMissing when no uploader is provided', async () => {
    const actor = createActor(uploadPopoverMachine, { input: INPUT }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'ADD_FILES', files: [{ name: 'a.jpg', size: 1 }] });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.files[0]).toMatchObject({ status: 'failed', error: { value: 'uploaderMissing' } });
  });

  it('reports a retried file as uploaded, not failed, when it succeeds within the same run', async () => {
    const { actor, uploads, emitted } = startPopover();
    actor.send({ type: 'OPEN' });
    actor.send({
      type: 'ADD_FILES',
      files: [
        { name: 'a.jpg', size: 1 },
        { name: 'b.jpg', size: 1 },
      ],
    });
    uploads.current().reject(TARGET_ERROR);
    await flushPromises();
    actor.send({ type: 'RETRY', fileId: 'file-1' }); // while file-2 is uploading
    uploads.current().resolve({ assetUrl: '/b' });
    await flushPromises();
    uploads.current().resolve({ assetUrl: '/a' });
    await flushPromises();
    expect(emitted.map((e) => e.type)).toEqual(['uploadStart', 'filesUploaded', 'uploadEnd']);
    expect(emitted[1]).toMatchObject({ assets: [{ fileId: 'file-2' }, { fileId: 'file-1' }] });
  });
});

describe('upload event registry (spec 01 §4)', () => {
  it('registers exactly the five widget events', () => {
    expect([...UPLOAD_EVENTS].sort()).toEqual(['filesUploaded', 'filesUploadedError', 'selectionWidgetCancel', 'uploadEnd', 'uploadStart']);
    for (const name of UPLOAD_EVENTS) expect(() => assertUploadEventName(name)).not.toThrow();
  });

  it('throws UnknownUploadEventError for an unregistered name', () => {
    expect(() => assertUploadEventName('uploadFinished')).toThrow(UnknownUploadEventError);
    expect(() => assertUploadEventName('FilesUploaded')).toThrow(/registered events are/);
    const context = createActor(uploadPopoverMachine, { input: INPUT }).getSnapshot().context;
    expect(() => createUploadEvent('uploadFinished' as never, context)).toThrow(UnknownUploadEventError);
    try {
      assertUploadEventName('nope');
    } catch (error) {
      expect(error).toMatchObject({ name: 'UnknownUploadEventError', eventName: 'nope' });
    }
  });

  it('emits selectionWidgetCancel when the picker is dismissed, in open and while uploading', () => {
    const { actor, emitted } = startPopover();
    actor.send({ type: 'CANCEL_SELECTION' }); // closed: nothing to cancel
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CANCEL_SELECTION' });
    actor.send({ type: 'ADD_FILES', files: [{ name: 'a.jpg', size: 1 }] });
    actor.send({ type: 'CANCEL_SELECTION' });
    const cancel = { type: 'selectionWidgetCancel', destination: INPUT.destination };
    expect(emitted).toEqual([cancel, expect.objectContaining({ type: 'uploadStart' }), cancel]);
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
  });
});

describe('uploadPopover with the chunked uploader', () => {
  it('uploads through FotoWeb chunked upload and reports progress into the file list', async () => {
    const calls: Array<{ url: string; init: FetchInitLike }> = [];
    const answers: Record<string, unknown> = {
      'POST /fotoweb/api/uploads': { id: 'u1', chunkSize: 4, numChunks: 2 },
      'GET /fotoweb/api/uploads/u1/status': { status: 'done', result: { assetUrl: '/fotoweb/archives/5000/a.jpg.info' } },
    };
    const uploader = createChunkedUploader({
      fetch: async (url, init) => {
        calls.push({ url, init });
        return { ok: true, status: 200, json: async () => answers[`${init.method} ${url}`] ?? {} };
      },
      headers: () => ({ 'X-CSRF-Token': 't0k3n' }),
      sleep: async () => {},
    });
    const { fromPromise } = await import('xstate');
    const progress: number[][] = [];
    const actor = createActor(
      uploadPopoverMachine.provide({
        actors: {
          uploadFile: fromPromise<UploadFileOutput, UploadFileActorInput>(({ input, signal }) => uploader.upload({ ...input, signal })),
        },
      }),
      { input: INPUT },
    ).start();
    actor.subscribe((s) => progress.push(s.context.files.map((f) => f.bytesSent)));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'ADD_FILES', files: [{ name: 'a.jpg', size: 6, blob: new Blob(['abcdef']) }] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.files[0]).toMatchObject({
      status: 'done',
      assetUrl: '/fotoweb/archives/5000/a.jpg.info',
    });
    expect(progress.map((p) => p[0])).toEqual(expect.arrayContaining([4, 6]));
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /fotoweb/api/uploads',
      'POST /fotoweb/api/uploads/u1/chunks/0',
      'POST /fotoweb/api/uploads/u1/chunks/1',
      'GET /fotoweb/api/uploads/u1/status',
    ]);
    expect(calls.every((c) => c.init.headers['X-CSRF-Token'] === 't0k3n')).toBe(true);
  });
});
