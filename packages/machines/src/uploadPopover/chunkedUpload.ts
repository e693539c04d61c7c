/**
 * FotoWeb's chunked upload protocol, framework-free (FotoWeb API: Upload; spec 01 §4 Upload popover).
 *
 * 1. `POST {baseUrl}/fotoweb/api/uploads` JSON `{destination, filename, fileSize}` → `{id, chunkSize, numChunks}`.
 * 2. For each chunk index `0 … numChunks-1`: `POST {baseUrl}/fotoweb/api/uploads/{id}/chunks/{index}`, multipart
 *    form data with one part named `chunk` (filename `chunk`) holding bytes `[index·chunkSize, (index+1)·chunkSize)`.
 * 3. Poll `GET {baseUrl}/fotoweb/api/uploads/{id}/status` → `{status, result?: {assetUrl}, error?: {value, message}}`
 *    until `done` or `failed`.
 *
 * The web app wires it into the popover machine with
 * `uploadPopoverMachine.provide({ actors: { uploadFile: fromPromise(({ input, signal }) => uploader.upload({ ...input, signal })) } })`.
 */
import type { UploadFileInput, UploadFileOutput } from './types.ts';
import { ACCESS_DENIED_MESSAGE, DEFAULT_ERROR_MESSAGE, UploadError, UPLOAD_TARGET_ERROR_MESSAGE } from './uploadError.ts';

/** Path of the upload collection resource. FotoWeb API: Upload. */
export const UPLOADS_PATH = '/fotoweb/api/uploads';

/** Default wait between two status polls, in ms. */
export const UPLOAD_STATUS_POLL_INTERVAL_MS = 1_000;

/** Default number of status polls before giving up with `processingTimeout` (120 × 1 s ≈ 2 min of processing). */
export const UPLOAD_STATUS_MAX_POLLS = 120;

/** The subset of a `fetch` `Response` the uploader reads. */
export interface FetchResponseLike {
  readonly status: number;
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/** The subset of `RequestInit` the uploader sends: method, headers, a JSON string or `FormData` body, abort signal. */
export interface FetchInitLike {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

/** A `fetch`-like function (the global `fetch` satisfies it). URLs are `baseUrl` + path, so relative by default. */
export type FetchLike = (url: string, init: FetchInitLike) => Promise<FetchResponseLike>;

/** Dependencies of {@link createChunkedUploader}; everything with a side effect is injected. */
export interface ChunkedUploaderDeps {
  /** Sends the HTTP requests. */
  readonly fetch: FetchLike;
  /**
   * Extra headers for every request (for example `{'X-CSRF-Token': token}`), called once per request so a rotated
   * token is picked up. A `Content-Type` from here is dropped on chunk requests, where the multipart boundary must
   * be set by `fetch`.
   */
  readonly headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Prefix for every path, e.g. `https://dam.example.com`; default `''` (same origin). */
  readonly baseUrl?: string;
  /** Wait between status polls, in ms; default {@link UPLOAD_STATUS_POLL_INTERVAL_MS}. */
  readonly pollIntervalMs?: number;
  /** Status polls before failing with `processingTimeout`; default {@link UPLOAD_STATUS_MAX_POLLS}. */
  readonly maxPollAttempts?: number;
  /** Waits `ms` milliseconds, rejecting with `signal.reason` when aborted; default uses `setTimeout`. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** One file to upload into one collection. */
export interface ChunkedUploadRequest {
  /** The file; `blob` must be present (else `missingFileData`). `size` is sent as `fileSize`, in bytes. */
  readonly file: UploadFileInput;
  /** Href of the destination collection (an entry of the descriptor's `upload_to` list). */
  readonly destination: string;
  /** Called after each chunk is accepted with the total bytes sent so far (monotonic, ends at `file.size`). */
  readonly onProgress?: (bytesSent: number) => void;
  /** Called once when every chunk is sent and the server starts processing (status polling begins). */
  readonly onProcessing?: () => void;
  /** Aborts the upload; the promise then rejects with `signal.reason`, not an {@link UploadError}. */
  readonly signal?: AbortSignal;
}

/** Uploads files with FotoWeb's chunked protocol. Created by {@link createChunkedUploader}. */
export interface ChunkedUploader {
  /**
   * Uploads one file and waits until the server has turned it into an asset.
   *
   * @returns `{assetUrl}` from the `done` status.
   * @throws {UploadError} `uploadTargetError`/`accessDenied`/the server's `value` when the upload cannot be created;
   *   `missingFileData` without a blob; `invalidResponse` for an answer of the wrong shape; `networkError` when
   *   `fetch` itself fails; `uploadFailed` or the server's `{value, message}` for a `failed` status or an HTTP error;
   *   `processingTimeout` after `maxPollAttempts` polls without `done`/`failed`.
   */
  upload(request: ChunkedUploadRequest): Promise<UploadFileOutput>;
}

interface UploadTicket {
  readonly id: string;
  readonly chunkSize: number;
  readonly numChunks: number;
}

type UploadStatusValue = 'awaitingData' | 'pending' | 'inProgress' | 'done' | 'failed';
const STILL_WORKING: ReadonlySet<string> = new Set<UploadStatusValue>(['awaitingData', 'pending', 'inProgress']);

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Creates a chunked uploader bound to an HTTP client (FotoWeb API: Upload; spec 01 §4 Upload popover, §8).
 *
 * Chunks are sent one after the other, in index order, with the chunk size the server chose. Progress is reported
 * in bytes after each accepted chunk. Status polls happen immediately after the last chunk and then every
 * `pollIntervalMs` ms; `awaitingData`, `pending` and `inProgress` keep polling.
 *
 * @param deps - injected `fetch`, `headers()`, `baseUrl`, poll interval (ms), poll limit and `sleep`.
 * @throws {RangeError} when `pollIntervalMs` is negative or `maxPollAttempts` is not a positive integer.
 */
export function createChunkedUploader(deps: ChunkedUploaderDeps): ChunkedUploader {
  const baseUrl = deps.baseUrl ?? '';
  const pollIntervalMs = deps.pollIntervalMs ?? UPLOAD_STATUS_POLL_INTERVAL_MS;
  const maxPollAttempts = deps.maxPollAttempts ?? UPLOAD_STATUS_MAX_POLLS;
  const sleep = deps.sleep ?? defaultSleep;
  if (!(pollIntervalMs >= 0)) throw new RangeError(`pollIntervalMs must be >= 0, got ${pollIntervalMs}`);
  if (!Number.isInteger(maxPollAttempts) || maxPollAttempts < 1) {
    throw new RangeError(`maxPollAttempts must be a positive integer, got ${maxPollAttempts}`);
  }

  async function send(path: string, init: { method: 'GET' | 'POST'; json?: unknown; form?: FormData }, signal: AbortSignal | undefined): Promise<FetchResponseLike> {
    const extra = (await deps.headers?.()) ?? {};
    const headers: Record<string, string> = { Accept: 'application/json' };
    for (const [name, value] of Object.entries(extra)) {
      // The multipart boundary is only known to fetch; a caller's Content-Type would break chunk bodies.
      if (init.form && name.toLowerCase() === 'content-type') continue;
      headers[name] = value;
    }
    const request: FetchInitLike = { method: init.method, headers };
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      request.body = JSON.stringify(init.json);
    } else if (init.form) {
      request.body = init.form;
    }
    if (signal) request.signal = signal;
    try {
      return await deps.fetch(`${baseUrl}${path}`, request);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new UploadError('networkError', DEFAULT_ERROR_MESSAGE, { cause: error });
    }
  }

  async function createUpload(request: ChunkedUploadRequest): Promise<UploadTicket> {
    const { file, destination, signal } = request;
    const response = await send(UPLOADS_PATH, { method: 'POST', json: { destination, filename: file.name, fileSize: file.size } }, signal);
    if (!response.ok) throw await errorFromResponse(response, 'uploadTargetError', UPLOAD_TARGET_ERROR_MESSAGE);
    const body = await readJson(response);
    if (!isTicket(body)) throw invalidResponse('upload creation', body);
    return body;
  }

  async function sendChunks(request: ChunkedUploadRequest, ticket: UploadTicket, blob: Blob): Promise<void> {
    const { file, signal, onProgress } = request;
    const uploadPath = `${UPLOADS_PATH}/${encodeURIComponent(ticket.id)}`;
    for (let index = 0; index < ticket.numChunks; index++) {
      const start = Math.min(index * ticket.chunkSize, file.size);
      const end = Math.min(start + ticket.chunkSize, file.size);
      const form = new FormData();
      form.append('chunk', blob.slice(start, end), 'chunk');
      const response = await send(`${uploadPath}/chunks/${index}`, { method: 'POST', form }, signal);
      if (!response.ok) throw await errorFromResponse(response, 'uploadFailed', DEFAULT_ERROR_MESSAGE);
      onProgress?.(end);
    }
  }

  async function waitForAsset(request: ChunkedUploadRequest, ticket: UploadTicket): Promise<UploadFileOutput> {
    const { signal } = request;
    const statusPath = `${UPLOADS_PATH}/${encodeURIComponent(ticket.id)}/status`;
    for (let attempt = 1; attempt <= maxPollAttempts; attempt++) {
      const response = await send(statusPath, { method: 'GET' }, signal);
      if (!response.ok) throw await errorFromResponse(response, 'uploadFailed', DEFAULT_ERROR_MESSAGE);
      const body = await readJson(response);
      const status = isRecord(body) ? body['status'] : undefined;
      if (status === 'done') {
        const result = isRecord(body) ? body['result'] : undefined;
        const assetUrl = isRecord(result) ? result['assetUrl'] : undefined;
        if (typeof assetUrl !== 'string' || assetUrl.length === 0) throw invalidResponse('upload status', body);
        return { assetUrl };
      }
      if (status === 'failed') throw serverFailure(isRecord(body) ? body['error'] : undefined);
      if (typeof status !== 'string' || !STILL_WORKING.has(status)) throw invalidResponse('upload status', body);
      if (attempt < maxPollAttempts) await sleep(pollIntervalMs, signal);
    }
    throw new UploadError('processingTimeout', `The server did not finish processing the file after ${maxPollAttempts} status checks.`);
  }

  return {
    async upload(request) {
      const blob = request.file.blob;
      if (!blob) throw new UploadError('missingFileData', `No data to upload for "${request.file.name}".`);
      const ticket = await createUpload(request);
      await sendChunks(request, ticket, blob);
      request.onProcessing?.();
      return waitForAsset(request, ticket);
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTicket(body: unknown): body is UploadTicket {
  if (!isRecord(body)) return false;
  const { id, chunkSize, numChunks } = body;
  return (
    typeof id === 'string' &&
    id.length > 0 &&
    typeof chunkSize === 'number' &&
    Number.isInteger(chunkSize) &&
    chunkSize > 0 &&
    typeof numChunks === 'number' &&
    Number.isInteger(numChunks) &&
    numChunks >= 0
  );
}

async function readJson(response: FetchResponseLike): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function invalidResponse(step: string, body: unknown): UploadError {
  return new UploadError('invalidResponse', DEFAULT_ERROR_MESSAGE, {
    cause: new Error(`Unexpected ${step} answer: ${safeStringify(body)}`),
  });
}

function serverFailure(error: unknown): UploadError {
  const value = isRecord(error) && typeof error['value'] === 'string' ? error['value'] : 'uploadFailed';
  const message = isRecord(error) && typeof error['message'] === 'string' ? error['message'] : DEFAULT_ERROR_MESSAGE;
  return new UploadError(value, message, { cause: error });
}

/** 4xx bodies carry `{value, heading?, message?}` (spec 01 §8); a bare 401 is "Access denied" (spec 01 §2). */
async function errorFromResponse(response: FetchResponseLike, fallbackValue: string, fallbackMessage: string): Promise<UploadError> {
  const body = await readJson(response);
  const cause = { status: response.status, body };
  if (isRecord(body) && typeof body['value'] === 'string' && body['value'].length > 0) {
    const text = [body['message'], body['heading']].find((t): t is string => typeof t === 'string' && t.length > 0);
    return new UploadError(body['value'], text ?? fallbackMessage, { cause });
  }
  if (response.status === 401) return new UploadError('accessDenied', ACCESS_DENIED_MESSAGE, { cause });
  return new UploadError(fallbackValue, fallbackMessage, { cause });
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
