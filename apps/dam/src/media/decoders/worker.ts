/**
 * Runs a decoder function in a worker thread with a deadline and a memory ceiling (issue 16: "within bounded time and
 * memory … and the server stays healthy"). WASM and JavaScript decoders (libheif-js, pdf.js, ag-psd) block the thread
 * that runs them and cannot be interrupted from outside, so each call gets a fresh worker that is terminated when the
 * deadline passes or the signal aborts; a worker that runs out of heap dies alone.
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

/**
 * Calls `exportName(input)` of the ES module at `moduleUrl` in a fresh worker thread and resolves with its result
 * (structured-cloned; `Buffer`s arrive as `Uint8Array`s). A TypeScript module is loaded through tsx.
 *
 * @param moduleUrl - `new URL('./heic.impl.ts', import.meta.url)`: a module exporting `exportName`.
 * @param exportName - an async function `(input) => result` of that module.
 * @param input - structured-cloneable argument.
 * @throws MediaError `Timeout` when `timeoutMs` passes or `signal` aborts; `DecoderFailure` when the function throws one
 *   (its `reason` and message are kept) or when the worker dies (out of memory: `ImageTooLarge`; otherwise `CorruptImage`).
 */
export function runInWorker<T>(moduleUrl: URL, exportName: string, input: unknown, options: WorkerRunOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaError('Timeout', `${options.what} was stopped by its deadline`));
      return;
    }
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { moduleUrl: moduleUrl.href, exportName, input },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DECODER_WORKER_HEAP_MB },
      stdout: false,
      stderr: false,
    });
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
    worker.on('message', (message: { ok: true; value: T } | { ok: false; reason?: string; message: string; timeout?: boolean }) => {
      finish(() => {
        if (message.ok) resolve(message.value);
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
  });
}
