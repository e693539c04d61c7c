/**
 * The upload popover's model paths in Chromium against the real DAM and BFF (spec 01 §4 Upload popover, §2 upload
 * view, §8 retry link): `uploadPopoverModel` generates the paths, `harness.ts` runs them, and this adapter turns each
 * model event into what a user does or what the network answers, and checks each model state on the screen.
 *
 * Events:
 * - `OPEN` → click Upload; `CLOSE` → click the close button, or, while uploading, try every way a user has (the
 *   disabled button, Esc, a click outside) and check the popover stays (the model refuses CLOSE there);
 * - `ADD_FILES` → `setInputFiles` with real photos from the shared samples, different ones for every file of every
 *   path (the DAM refuses a second copy of the same content with DuplicateAsset);
 * - `RETRY` / `REMOVE` → the row's Retry / Remove button;
 * - `CANCEL_SELECTION` → click "Choose files…": headless Chromium dismisses the picker at once and the input fires
 *   `cancel`, exactly what a user closing the picker does (the adapter checks the event fired);
 * - `UPLOAD_PROGRESS`, `UPLOAD_PROCESSING`, `done:uploadFile`, `error:uploadFile` → {@link UploadNetwork}: every
 *   chunk and status request of `/fotoweb/api/uploads` is held until the model says how far the upload gets.
 *   Progress lets the first chunk through and holds the next; processing lets every chunk through and holds the
 *   status poll; done lets everything through, so the DAM really ingests the photo; error answers the held request
 *   with the model's failure `{value, message}` in the DAM's error shapes, so the row shows the model's message.
 *
 * States: `closed` → popover hidden; `open` → visible, not uploading, close enabled; `uploading` → `data-uploading`,
 * close and destination disabled, the request the current file waits on held where the model says. In `open` and
 * `uploading` every row is compared with the model's file list: order, name, `data-status`, status text (progress,
 * the failure message of §8), Retry on failed rows and Remove on finished rows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UploadFailure, UploadFileInput } from '@magpie/machines/uploadPopover/types.ts';
import type { UploadFileState, UploadPopoverContext } from '@magpie/machines/uploadPopover/uploadPopover.machine.ts';
import type { PathVariant } from '@magpie/machines/testing/machineModel.ts';
import { MODEL_FILES, uploadPopoverModel } from '@magpie/machines/uploadPopover/uploadPopover.model.ts';
import { expect } from '../fixtures.ts';
import { keywordSamples, SAMPLES_DIR } from '../samples.ts';
import { registerModelTests, type ModelPath, type PathSetup, type ScreenAdapter, type StepInfo } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

// ------------------------------------------------------------------------------------------------- sample photos

/** Chunk size the DAM announces (`MAGPIE_UPLOAD_CHUNK_BYTES`, default 4 MiB: apps/dam/src/config.ts). */
const DAM_CHUNK_BYTES = Number(process.env.MAGPIE_UPLOAD_CHUNK_BYTES ?? 4 * 1024 ** 2);

/** Photos larger than this are left out of the pool: small files keep every upload (and its previews) quick. */
const MAX_SAMPLE_BYTES = 400_000;

interface ManifestEntry {
  readonly path: string;
  readonly bytes: number;
  readonly mime: string;
  readonly bad_input: boolean;
}

/**
 * The photos the model's files become: JPEGs from `photos/`, smallest first, one per file name, without the keyword
 * samples the other specs upload (the same content twice in one archive is a DuplicateAsset).
 */
function photoPool(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const taken = new Set(keywordSamples().map((sample) => sample.file));
  const names = new Set<string>();
  return manifest
    .filter((e) => e.path.startsWith('photos/') && e.mime === 'image/jpeg' && !e.bad_input && e.bytes <= MAX_SAMPLE_BYTES)
    .sort((a, b) => a.bytes - b.bytes || a.path.localeCompare(b.path))
    .map((e) => path.join(SAMPLES_DIR, e.path))
    .filter((file) => !taken.has(file) && !names.has(path.basename(file)) && names.add(path.basename(file)));
}

const POOL = photoPool();

/** A file as `setInputFiles` takes it. */
interface PickedFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/**
 * The real file behind slot `slot` (each path owns `MODEL_FILES.length` slots, see `setup`): a pool photo, unchanged,
 * unless the pool has wrapped around (an `all` run) or the path reports progress for it. Then bytes are appended after the
 * JPEG's end-of-image marker, which decoders and ExifTool ignore: a marker with the slot makes the content unique,
 * and zeros make the file longer than one chunk, because the uploader reports progress only between chunks.
 */
function photoFor(slot: number, multiChunk: boolean): PickedFile {
  const file = POOL[slot % POOL.length];
  if (!file) throw new Error(`No JPEG photos in ${SAMPLES_DIR}/photos`);
  const bytes = readFileSync(file);
  const wrapped = slot >= POOL.length;
  if (!wrapped && !multiChunk) return { name: path.basename(file), mimeType: 'image/jpeg', buffer: bytes };
  const marker = Buffer.from(`magpie-e2e-model-slot-${slot}`);
  const padding = multiChunk ? Buffer.alloc(Math.max(0, DAM_CHUNK_BYTES + 64 * 1024 - bytes.length - marker.length)) : Buffer.alloc(0);
  return { name: path.basename(file), mimeType: 'image/jpeg', buffer: Buffer.concat([bytes, padding, marker]) };
}

// ------------------------------------------------------------------------------------------------------- network

const UPLOAD_URL = /^\/fotoweb\/api\/uploads(?:\/([^/]+)\/(?:chunks\/(\d+)|(status)))?$/;

/** One request of an attempt, held until the model says what happens to it. */
interface HeldRequest {
  readonly kind: 'chunk' | 'status';
  /** Chunk index; `-1` for a status request. */
  readonly index: number;
  readonly route: Route;
}

/**
 * One try at uploading one file (the app starts a new one on Retry). `allowChunks` chunks go to the DAM; status
 * requests go once `allowStatus`; `failure` answers the next request in the model's words.
 */
interface UploadAttempt {
  readonly id: string;
  readonly fileName: string;
  readonly numChunks: number;
  allowChunks: number;
  allowStatus: boolean;
  /** Answer the last chunk here (204) instead of sending it on: see {@link UploadNetwork.processing}. */
  lastChunkLocal: boolean;
  failure: UploadFailure | undefined;
  /** No longer the file's current attempt: it failed, or it was let through to the end. */
  finished: boolean;
  readonly held: HeldRequest[];
}

/**
 * Controls FotoWeb's chunked upload between the app and the DAM with `page.route`, so each model step decides how
 * far the current upload gets. Upload creation always goes through (the ticket is read to learn the attempt);
 * chunks and status polls are held by default.
 */
class UploadNetwork {
  readonly attempts: UploadAttempt[] = [];

  /** Starts routing the page's upload requests. */
  async install(page: Page): Promise<void> {
    await page.route(
      (url) => UPLOAD_URL.test(url.pathname),
      (route) => this.handle(route),
    );
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const match = UPLOAD_URL.exec(new URL(request.url()).pathname);
    const [, id, chunk, status] = match ?? [];
    if (id === undefined) {
      if (request.method() !== 'POST') return route.continue();
      const response = await route.fetch();
      const ticket = (await response.json()) as { id?: string; numChunks?: number };
      const { filename } = request.postDataJSON() as { filename: string };
      if (response.ok() && ticket.id) {
        this.attempts.push({
          id: ticket.id,
          fileName: filename,
          numChunks: ticket.numChunks ?? 1,
          allowChunks: 0,
          allowStatus: false,
          lastChunkLocal: false,
          failure: undefined,
          finished: false,
          held: [],
        });
      }
      return route.fulfill({ response });
    }
    const attempt = this.attempts.find((candidate) => candidate.id === id);
    if (!attempt) return route.continue();
    const held: HeldRequest = status ? { kind: 'status', index: -1, route } : { kind: 'chunk', index: Number(chunk), route };
    if (!(await this.settle(attempt, held))) attempt.held.push(held);
  }

  /** Lets `request` go, answers it, or returns `false` when it must wait. */
  private async settle(attempt: UploadAttempt, request: HeldRequest): Promise<boolean> {
    if (attempt.failure) {
      const { value, message } = attempt.failure;
      attempt.finished = true;
      // The DAM's own failure shapes: an error body for a refused request, a `failed` status while processing.
      await (request.kind === 'chunk'
        ? request.route.fulfill({ status: 403, json: { value, message } })
        : request.route.fulfill({ json: { status: 'failed', result: null, error: { value, message } } }));
      return true;
    }
    if (request.kind === 'chunk' && request.index < attempt.allowChunks) {
      const last = request.index === attempt.numChunks - 1;
      await (last && attempt.lastChunkLocal ? request.route.fulfill({ status: 204 }) : request.route.continue());
      return true;
    }
    if (request.kind === 'status' && attempt.allowStatus) {
      await request.route.continue();
      return true;
    }
    return false;
  }

  private async update(attempt: UploadAttempt, change: (attempt: UploadAttempt) => void): Promise<void> {
    change(attempt);
    for (const request of attempt.held.splice(0)) if (!(await this.settle(attempt, request))) attempt.held.push(request);
  }

  /** The attempt the app is making for `fileName`, if it has started one. */
  current(fileName: string): UploadAttempt | undefined {
    return this.attempts.findLast((attempt) => attempt.fileName === fileName && !attempt.finished);
  }

  /** `UPLOAD_PROGRESS`: the first chunk reaches the DAM; the next one waits. */
  progress(attempt: UploadAttempt): Promise<void> {
    expect(attempt.numChunks, `${attempt.fileName} must span two chunks to show progress`).toBeGreaterThanOrEqual(2);
    return this.update(attempt, (a) => (a.allowChunks = 1));
  }

  /**
   * `UPLOAD_PROCESSING`: every chunk is sent; the status poll waits. When the model then fails the file
   * (`willFail`), the last chunk is answered here and never reaches the DAM: otherwise the DAM would build the asset
   * anyway, and a later Retry of the same bytes would be refused as DuplicateAsset instead of succeeding.
   */
  processing(attempt: UploadAttempt, willFail: boolean): Promise<void> {
    return this.update(attempt, (a) => {
      a.allowChunks = Number.POSITIVE_INFINITY;
      a.lastChunkLocal = willFail;
    });
  }

  /** `done:uploadFile`: everything goes through; the DAM ingests the file and the status polls report it. */
  succeed(attempt: UploadAttempt): Promise<void> {
    return this.update(attempt, (a) => {
      a.allowChunks = Number.POSITIVE_INFINITY;
      a.allowStatus = true;
      a.finished = true;
    });
  }

  /** `error:uploadFile`: the request the attempt waits on is answered with the model's failure. */
  fail(attempt: UploadAttempt, failure: UploadFailure): Promise<void> {
    return this.update(attempt, (a) => (a.failure = failure));
  }

  /** Where the unfinished attempts wait, e.g. `["a.jpg chunk 0"]` (empty when no upload is in flight). */
  waiting(): string[] {
    return this.attempts
      .filter((attempt) => !attempt.finished)
      .map((attempt) => `${attempt.fileName} ${attempt.held.map((h) => (h.kind === 'chunk' ? `chunk ${h.index}` : 'status')).join(' + ') || 'nothing held'}`);
  }
}

// ------------------------------------------------------------------------------------------------------- adapter

/** What the adapter keeps per path. */
interface UploadScreen {
  readonly popover: Locator;
  readonly network: UploadNetwork;
  /** The real file behind each model file id (`file-1`, …). */
  readonly files: ReadonlyMap<string, PickedFile>;
}

/**
 * How long a state may take to show: a `done` step waits for the DAM to ingest the photo (previews, metadata) and for
 * the uploader's next status poll (1 s apart), which on a loaded CI machine can exceed the default 15 s.
 */
const SETTLE_TIMEOUT_MS = 60_000;

const DONE = 'xstate.done.actor.uploadFile';
const ERROR = 'xstate.error.actor.uploadFile';

/** The variants this spec runs, in a fixed order (see `setup`). */
const VARIANTS: readonly PathVariant[] = ['shortest', 'simple'];

/** The model's file ids in the order the path adds them (the machine numbers files `file-1`, `file-2`, …). */
function modelFileIds(modelPath: ModelPath): string[] {
  const ids: string[] = [];
  for (const { event } of modelPath.steps) {
    if (event.type !== 'ADD_FILES') continue;
    for (const _file of (event as unknown as { files: UploadFileInput[] }).files) ids.push(`file-${ids.length + 1}`);
  }
  return ids;
}

function contextOf(state: AnyMachineSnapshot): UploadPopoverContext {
  return state.context as UploadPopoverContext;
}

function fileOf(screen: UploadScreen, fileId: string): PickedFile {
  const file = screen.files.get(fileId);
  if (!file) throw new Error(`The path never adds ${fileId}`);
  return file;
}

function rowOf(screen: UploadScreen, fileId: string): Locator {
  return screen.popover.locator(`[data-testid="upload-file-row"][data-file-name=${JSON.stringify(fileOf(screen, fileId).name)}]`);
}

/** The model file the machine is uploading in `state`. */
function currentFile(state: AnyMachineSnapshot): UploadFileState {
  const context = contextOf(state);
  const file = context.files.find((candidate) => candidate.id === context.currentFileId);
  if (!file) throw new Error('the model has no current file in this state');
  return file;
}

/** The app's attempt for the model's current file (the previous state's assertion waited for it to start). */
function currentAttempt(screen: UploadScreen, state: AnyMachineSnapshot): UploadAttempt {
  const { name } = fileOf(screen, currentFile(state).id);
  const attempt = screen.network.current(name);
  if (!attempt) throw new Error(`The app has not started uploading ${name}`);
  return attempt;
}

/** Whether the model fails the current upload attempt next (the first outcome event after `step`). */
function failsNext(step: StepInfo): boolean {
  const next = step.path.steps.slice(step.index + 1).find(({ event }) => event.type === DONE || event.type === ERROR);
  return next?.event.type === ERROR;
}

/** What the row's status line says for a model file (apps/web/src/upload/fileRow.ts `statusText`). */
function expectedStatusText(file: UploadFileState): string | RegExp {
  switch (file.status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      // Real bytes differ from the model's; what must match is "none yet" versus "some".
      return file.bytesSent === 0 ? 'Uploading… 0%' : /^Uploading… [1-9]\d*%$/;
    case 'processing':
      return 'Processing…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return file.error?.message ?? '';
  }
}

/** Where the app's current upload must wait for the model's current file (chunk 0, a later chunk, the status). */
function expectedWaiting(screen: UploadScreen, state: AnyMachineSnapshot): string[] {
  if (!state.matches('uploading')) return [];
  const file = currentFile(state);
  const { name } = fileOf(screen, file.id);
  if (file.status === 'processing') return [`${name} status`];
  return [`${name} chunk ${file.bytesSent === 0 ? 0 : 1}`];
}

const adapter: ScreenAdapter<UploadScreen> = {
  async setup(page: Page, { path: modelPath, variant, position, credentials }: PathSetup) {
    const multiChunk = new Set(modelPath.steps.filter(({ event }) => event.type === 'UPLOAD_PROGRESS').map(({ event }) => (event as unknown as { fileId: string }).fileId));
    // Slots interleave the two suites, so each path of either suite gets its own photos and a default run uses the
    // smallest, unchanged ones.
    const firstSlot = (position * VARIANTS.length + VARIANTS.indexOf(variant)) * MODEL_FILES.length;
    const files = new Map<string, PickedFile>();
    modelFileIds(modelPath).forEach((fileId, n) => {
      files.set(fileId, photoFor(firstSlot + n, multiChunk.has(fileId)));
    });

    await openSignedIn(page, credentials);
    await page.getByTestId('collection-tile').first().getByRole('link').click();
    await expect(page.getByTestId('collection-view')).toBeVisible();
    const network = new UploadNetwork();
    await network.install(page);
    return { popover: page.getByTestId('upload-popover'), network, files };
  },

  async perform(event: EventObject, page: Page, screen: UploadScreen, step: StepInfo) {
    const { popover, network } = screen;
    switch (event.type) {
      case 'OPEN':
        return page.getByTestId('upload-button').click();
      case 'CLOSE':
        if (step.from.matches('uploading')) {
          // spec 01 §4: no way to close while uploading. The button is disabled, Esc and outside clicks are ignored,
          // so the machine never even receives CLOSE (its `closeRefused` stays false in the app; see assertState).
          await expect(popover.getByTestId('upload-close')).toBeDisabled();
          await page.keyboard.press('Escape');
          await page.getByTestId('collection-name').click();
          return;
        }
        return popover.getByTestId('upload-close').click();
      case 'ADD_FILES': {
        const { nextFileSeq } = contextOf(step.from);
        const count = (event as unknown as { files: unknown[] }).files.length;
        const picked = Array.from({ length: count }, (_, i) => fileOf(screen, `file-${nextFileSeq + i}`));
        return popover.getByTestId('upload-file-input').setInputFiles(picked);
      }
      case 'RETRY':
        return rowOf(screen, (event as unknown as { fileId: string }).fileId)
          .getByTestId('upload-retry')
          .click();
      case 'REMOVE':
        return rowOf(screen, (event as unknown as { fileId: string }).fileId)
          .getByTestId('upload-remove')
          .click();
      case 'CANCEL_SELECTION': {
        const input = popover.getByTestId('upload-file-input');
        await input.evaluate((element) => {
          element.setAttribute('data-e2e-cancelled', 'no');
          element.addEventListener('cancel', () => element.setAttribute('data-e2e-cancelled', 'yes'), { once: true });
        });
        await popover.getByRole('button', { name: 'Choose files…' }).click();
        await expect(input, 'the dismissed picker fires `cancel` on the input').toHaveAttribute('data-e2e-cancelled', 'yes');
        return;
      }
      case 'UPLOAD_PROGRESS':
        return network.progress(currentAttempt(screen, step.from));
      case 'UPLOAD_PROCESSING':
        return network.processing(currentAttempt(screen, step.from), failsNext(step));
      case DONE:
        return network.succeed(currentAttempt(screen, step.from));
      case ERROR:
        return network.fail(currentAttempt(screen, step.from), (event as unknown as { error: UploadFailure }).error);
      default:
        throw new Error(`The upload adapter has no action for ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page: Page, screen: UploadScreen) {
    const { popover, network } = screen;
    // The upload in flight waits exactly where the model says (or nothing is in flight): this also keeps the app
    // from racing ahead of the path between steps.
    await expect.poll(() => network.waiting(), { message: 'held upload requests', timeout: SETTLE_TIMEOUT_MS }).toEqual(expectedWaiting(screen, state));

    if (state.matches('closed')) {
      await expect(popover).toBeHidden();
      await expect(page.getByTestId('upload-button')).toBeVisible();
      return;
    }

    await expect(popover).toBeVisible();
    const uploading = state.matches('uploading');
    if (uploading) {
      await expect(popover).toHaveAttribute('data-uploading', 'true');
      await expect(popover.getByTestId('upload-close')).toBeDisabled();
      await expect(popover.getByTestId('upload-destination')).toBeDisabled();
      // Not checked: the model's `closeRefused` after CLOSE. The UI never lets CLOSE reach the machine while
      // uploading (see perform), so the "closes when the uploads finish" note it would show cannot appear.
    } else {
      await expect(popover).not.toHaveAttribute('data-uploading');
      await expect(popover.getByTestId('upload-close')).toBeEnabled();
    }

    const { files } = contextOf(state);
    const rows = popover.getByTestId('upload-file-row');
    await expect
      .poll(() => rows.evaluateAll((elements) => elements.map((e) => `${e.getAttribute('data-file-name')}: ${e.getAttribute('data-status')}`)), {
        message: 'file rows (name: data-status)',
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toEqual(files.map((file) => `${fileOf(screen, file.id).name}: ${file.status}`));
    for (const file of files) {
      const row = rowOf(screen, file.id);
      await expect(row.getByText(expectedStatusText(file), { exact: true })).toBeVisible();
      await expect(row.getByTestId('upload-retry')).toHaveCount(file.status === 'failed' ? 1 : 0);
      await expect(row.getByTestId('upload-remove')).toHaveCount(file.status === 'done' || file.status === 'failed' ? 1 : 0);
      if (file.status === 'done') await expect(row.getByRole('link', { name: /^Open/ })).toHaveAttribute('href', /\.info$/);
    }
  },

  async teardown(page: Page) {
    // Held requests are simply dropped with the page; nothing must answer them afterwards.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await keepSession(page);
  },
};

/**
 * Shortest paths (two files, every event), reduced to the few that together take every transition of the machine:
 * each browser step costs a real upload or a UI round trip. No path is excluded: every event, including the
 * dismissed file picker, is a real user action or network outcome in Chromium.
 */
registerModelTests({ model: uploadPopoverModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 6 });

/**
 * Simple paths (one file, lean scope), reduced the same way: they add what shortest paths never do in one go, a
 * file going through every phase (progress, processing, done). Their scope leaves out RETRY, CLOSE while uploading
 * and the dismissed picker (see UPLOAD_MODEL_SCOPES), so full coverage is the shortest suite's job, not theirs.
 */
registerModelTests({ model: uploadPopoverModel, variant: 'simple', adapter, select: 'cover', maxPaths: 4, requireFullCoverage: false });
