/** Internal helpers of the media layer: file checks, atomic writes, deadlines. Not part of the public API. */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './errors.ts';

/**
 * Checks that `filePath` is a regular file we can open for reading and that it is not empty.
 *
 * @returns the file size in bytes (> 0).
 * @throws MediaError `UnreadableFile` (missing, not a regular file, no permission, I/O error) or `EmptyFile` (0 bytes).
 */
export async function checkReadableFile(filePath: string): Promise<number> {
  let size: number;
  try {
    const handle = await open(filePath, 'r');
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new MediaError('UnreadableFile', `Not a regular file: ${filePath}`);
      size = stats.size;
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof MediaError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    throw new MediaError('UnreadableFile', `Cannot read ${filePath} (${code})`, { cause: err });
  }
  if (size === 0) throw new MediaError('EmptyFile', `The file is empty (0 bytes): ${filePath}`);
  return size;
}

/**
 * Writes `data` to `target` atomically: a temporary file in the same folder, then a rename, so readers never see a
 * half-written file. The temporary file is removed on failure.
 *
 * @throws MediaError `WriteFailed` when the write or the rename fails.
 */
export async function writeFileAtomic(target: string, data: Uint8Array): Promise<void> {
  const unique = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${unique}.tmp`);
  try {
    await writeFile(tmp, data);
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw new MediaError('WriteFailed', `Cannot write ${target}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Runs `work` with a deadline. When `ms` elapse first, `signal` is aborted (so `work` can stop before side effects)
 * and the returned promise rejects; `work` may still be running in the background (libvips cannot be interrupted
 * from JavaScript; its own timeout stops it soon after).
 *
 * @param ms - time budget in milliseconds.
 * @param what - what is running, for the error message.
 * @throws MediaError `Timeout` after `ms`; otherwise whatever `work` throws.
 */
export async function withDeadline<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new MediaError('Timeout', `${what} took longer than ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** True for the rejection exiftool-vendored (batch-cluster) raises when a task exceeds its `taskTimeoutMillis`. */
export function isExiftoolTimeout(err: unknown): boolean {
  return err instanceof Error && /^timeout\b/i.test(err.message);
}
