import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStore } from './file-store.ts';

/** One file of a ZIP: its path inside the ZIP, the stored file's key, its size (bytes) and its date. */
export interface ZipEntry {
  readonly name: string;
  readonly key: string;
  /** Bytes, exactly as stored (the ZIP is built with this size; a file of another size ends the stream in error). */
  readonly size: number;
  readonly mtime: Date;
}

/**
 * How every ZIP ends: with the ZIP64 end records too. yazl 3.3 predicts those records as soon as the central directory
 * passes 64 KiB (about 1,000 files) but writes them only past 4 GiB, so its predicted size would be 76 bytes off in
 * between; written always, prediction and output agree (every current unzip tool reads ZIP64).
 */
const END_OPTIONS = { forceZip64Format: true, comment: '' };

/** Adds the entries, stored as they are (no compression: photos and video do not shrink), each opened only when its turn comes. */
function zipFileOf(entries: readonly ZipEntry[], open: (entry: ZipEntry) => NodeJS.ReadableStream): yazl.ZipFile {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime: entry.mtime }, (callback) => {
      try {
        callback(null, open(entry));
      } catch (error) {
        callback(error, undefined as unknown as NodeJS.ReadableStream);
      }
    });
  }
  return zip;
}

/**
 * The exact size (bytes) of the ZIP {@link zipStream} makes of `entries`, worked out by yazl from the entries' sizes
 * without reading a file (a dry run whose output is dropped).
 */
export function zipSize(entries: readonly ZipEntry[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const zip = zipFileOf(entries, () => Readable.from([]));
    // The dry run's first entry is "read" as empty, which yazl reports as a size mismatch: expected, and ignored.
    zip.on('error', () => undefined);
    zip.outputStream.resume();
    try {
      zip.end(END_OPTIONS, ((size: number) => (size >= 0 ? resolve(size) : reject(new Error('The ZIP size cannot be known.')))) as () => void);
    } catch (error) {
      reject(error as Error);
    }
  });
}

/**
 * Streams the ZIP of `entries` from the file store, one file open at a time, never buffering more than a stream's
 * window: 10,000 files take as much memory as one. The stream ends in error when a file is missing or has changed
 * size since the entries were made.
 */
export function zipStream(files: FileStore, entries: readonly ZipEntry[]): Readable {
  const output = new PassThrough();
  // A file's read error does not travel through yazl's pipes: it ends the ZIP here, so the download never hangs.
  const zip = zipFileOf(entries, (entry) => files.createReadStream(entry.key).on('error', (error: Error) => output.destroy(error)));
  zip.on('error', (error: Error) => output.destroy(error));
  (zip.outputStream as Readable).on('error', (error: Error) => output.destroy(error)).pipe(output);
  zip.end(END_OPTIONS);
  return output;
}
