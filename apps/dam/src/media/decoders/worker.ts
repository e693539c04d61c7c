/**
 * Runs a decoder function in a worker thread with a deadline and a memory ceiling (issue 16: "within bounded time and
 * memory … and the server stays healthy"). WASM and JavaScript decoders (libheif-js, pdf.js, ag-psd) block the thread
 * that runs them and cannot be interrupted from outside, so each call runs in a worker of its own that is terminated
 * after the call, when the deadline passes or when the signal aborts; a worker that runs out of heap dies alone.
 *
 * Starting a worker costs more than many decodes (issue 16 "Ingest speed": loading tsx, importing the decoder,
 * compiling libheif-js's WebAssembly took most of a HEIC's 0.7-2.5 s). So once a module has served a call, a *spare*
 * worker is kept for it: started and its module imported ahead of the next call, idle, `unref()`ed so that it never
 * keeps the process alive. The next call takes it and a new spare is started in the background; each worker still
 * serves one call only. {@link closeDecoderWorkers} ends the spares on shutdown.
 */
import { Worker } from 'node:worker_threads';
import { MediaError } from '../errors.ts';
import { DecoderFailure } from './types.ts';

/** Heap ceiling of a decoder worker, in MiB (V8 old generation; WASM memory is bounded by the decoders' pixel limits). */
export const DECODER_WORKER_HEAP_MB = 1024;

/** Options of {@link runInWorker}. */
export interface WorkerRunOptions {
  /** Deadline in ms; the worker is terminated when it passes. */
  timeoutMs: number;
  /** Terminates the worker early when aborted. */
  signal?: AbortSignal;
  /** Heap ceiling in MiB; default {@link DECODER_WORKER_HEAP_MB}. */
  maxHeapMb?: number;
  /** What runs, for error messages (`Decoding x.heic`). */
  what: string;
}

/** What a worker posts: that its module is loaded (worker-entry.mjs), then the outcome of its one call. */
type WorkerMessage = { ready: true } | { ok: true; value: unknown } | { ok: false; reason?: string; message: string; timeout?: boolean };

/** A started worker not yet given a call. */
interface Spare {
  worker: Worker;
  /** Its module is imported (the entry posted `ready`). */
  ready: boolean;
  /** Removes the listeners it has while idle, before a call attaches its own. */
  detach(): void;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** At most one spare per module and heap ceiling: a spare's `resourceLimits` cannot change after it started. */
const spares = new Map<string, Spare>();
/** Raised by {@link closeDecoderWorkers}, so that calls begun before it do not leave new spares behind. */
let generation = 0;
const counters = { started: 0, sparesTaken: 0 };

const spareKey = (moduleUrl: URL, maxHeapMb: number) => `${maxHeapMb} ${moduleUrl.href}`;

function startWorker(moduleUrl: URL, maxHeapMb: number): Worker {
  const worker = new Worker(ENTRY, {
    workerData: { moduleUrl: moduleUrl.href },
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    stdout: false,
    stderr: false,
  });
  counters.started++;
  return worker;
}

/** Starts the spare of `moduleUrl` at `maxHeapMb` unless there is one. Never throws: without a spare, the next call starts its own worker. */
function startSpare(moduleUrl: URL, maxHeapMb: number): void {
  const key = spareKey(moduleUrl, maxHeapMb);
  if (spares.has(key)) return;
  let worker: Worker;
  try {
    worker = startWorker(moduleUrl, maxHeapMb);
  } catch {
    return;
  }
  const onMessage = (message: WorkerMessage) => {
    if ('ready' in message) spare.ready = true;
  };
  // A spare that dies while idle (out of heap while loading, an uncaught exception of its module) is dropped quietly;
  // an 'error' event without a listener would throw in this thread.
  const onGone = () => {
    if (spares.get(key) === spare) spares.delete(key);
    void worker.terminate();
  };
  const spare: Spare = {
    worker,
    ready: false,
    detach() {
      worker.off('message', onMessage);
      worker.off('error', onGone);
      worker.off('exit', onGone);
    },
  };
  worker.on('message', onMessage);
  worker.on('error', onGone);
  worker.on('exit', onGone);
  // After the listeners: adding a 'message' listener refs the worker's port again.
  worker.unref();
  spares.set(key, spare);
}

function takeSpare(key: string): Spare | undefined {
  const spare = spares.get(key);
  if (spare === undefined) return undefined;
  spares.delete(key);
  spare.detach();
  spare.worker.ref();
  counters.sparesTaken++;
  return spare;
}

/**
 * Calls `exportName(input)` of the ES module at `moduleUrl` in a worker thread of its own and resolves with its result
 * (structured-cloned; `Buffer`s arrive as `Uint8Array`s). A TypeScript module is loaded through tsx.
 *
 * The worker is the module's spare when there is one for `maxHeapMb` (see the module comment), otherwise a new one;
 * it is terminated once the call settles. When the worker has its module loaded, a spare for the next call is started
 * in the background (none for a module that fails to load).
 *
 * @param moduleUrl - `new URL('./heic.impl.ts', import.meta.url)`: a module exporting `exportName`.
 * @param exportName - an async function `(input) => result` of that module.
 * @param input - structured-cloneable argument.
 * @throws MediaError `Timeout` when `timeoutMs` (ms, counted from this call, the wait for the worker included) passes
 *   or `signal` aborts; `DecoderFailure` when the function throws one (its `reason` and message are kept) or when the
 *   worker dies (out of memory: `ImageTooLarge`; otherwise `CorruptImage`); `DataCloneError` (a `DOMException`) when
 *   `input` cannot be cloned.
 */
export function runInWorker<T>(moduleUrl: URL, exportName: string, input: unknown, options: WorkerRunOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaError('Timeout', `${options.what} was stopped by its deadline`));
      return;
    }
    const maxHeapMb = options.maxHeapMb ?? DECODER_WORKER_HEAP_MB;
    const callGeneration = generation;
    const spare = takeSpare(spareKey(moduleUrl, maxHeapMb));
    const worker = spare?.worker ?? startWorker(moduleUrl, maxHeapMb);
    // The next spare starts once this worker has its module (not at once): two workers loading together would slow
    // this call on two cores; and a module that fails to load gets no spare.
    let replenished = false;
    const onReady = () => {
      if (replenished || generation !== callGeneration) return;
      replenished = true;
      startSpare(moduleUrl, maxHeapMb);
    };
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = () => finish(() => reject(new MediaError('Timeout', `${options.what} was stopped by its deadline`)));
    const timer = setTimeout(() => finish(() => reject(new MediaError('Timeout', `${options.what} took longer than ${options.timeoutMs} ms`))), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        onReady();
        return;
      }
      finish(() => {
        if (message.ok) resolve(message.value as T);
        else if (message.timeout) reject(new MediaError('Timeout', message.message));
        else reject(new DecoderFailure((message.reason as DecoderFailure['reason'] | undefined) ?? 'CorruptImage', message.message));
      });
    });
    worker.on('error', (err) => {
      const outOfMemory = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(() => reject(new DecoderFailure(outOfMemory ? 'ImageTooLarge' : 'CorruptImage', `${options.what} failed: ${err.message}`, { cause: err })));
    });
    worker.on('exit', (code) => {
      finish(() => reject(new DecoderFailure('CorruptImage', `${options.what} ended without an answer (exit code ${code})`)));
    });
    try {
      worker.postMessage({ exportName, input });
    } catch (err) {
      finish(() => reject(err as Error));
      return;
    }
    if (spare?.ready) onReady();
  });
}

/**
 * Terminates every spare decoder worker (the DAM's shutdown, next to ExifTool's end). A call still running keeps its
 * worker until it settles but leaves no spare behind; a call made afterwards starts a worker and spares again.
 *
 * @returns when the spares' threads have stopped. Never rejects.
 */
export async function closeDecoderWorkers(): Promise<void> {
  generation++;
  const closing = [...spares.values()];
  spares.clear();
  await Promise.all(closing.map(({ worker }) => worker.terminate().catch(() => undefined)));
}

/** Counts of the decoder workers of this process, for tests and benches. */
export interface DecoderWorkerStats {
  /** Spare workers idle now (loading or loaded). */
  spares: number;
  /** Workers started since the process began, spares included. */
  started: number;
  /** Calls that were given a spare instead of starting a worker. */
  sparesTaken: number;
}

/** The current {@link DecoderWorkerStats} (a copy). */
export function decoderWorkerStats(): DecoderWorkerStats {
  return { spares: spares.size, ...counters };
}
