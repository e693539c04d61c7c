/**
 * How one file of the upload popover is shown (spec 01 §4 Upload popover, §8 retry link). Reads the machine's file
 * state only; keeps no state of its own.
 */
import type { UploadFileState } from '@magpie/machines';

/** Percent of the file's bytes sent, 0–100, rounded down (a 0-byte file counts as done once processing). */
export function progressPercent(file: Pick<UploadFileState, 'size' | 'bytesSent' | 'status'>): number {
  if (file.status === 'done' || file.status === 'processing') return 100;
  if (file.size <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((file.bytesSent / file.size) * 100)));
}

/** The status line under a file: what is happening, or why it failed. */
export function statusText(file: Pick<UploadFileState, 'size' | 'bytesSent' | 'status' | 'error'>): string {
  switch (file.status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      return `Uploading… ${progressPercent(file)}%`;
    case 'processing':
      return 'Processing…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return file.error?.message ?? 'Upload failed.';
  }
}

/** Turns picked or dropped `File`s into the popover's `ADD_FILES` payload (the bytes travel as `blob`). */
export function toUploadInputs(files: Iterable<File> | ArrayLike<File>): { name: string; size: number; blob: Blob }[] {
  return Array.from(files as ArrayLike<File>).map((file) => ({ name: file.name, size: file.size, blob: file }));
}
