import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { tempFolderKey } from './keys.ts';

/** A private local copy of a stored file (see {@link FileStore.copyToTemp}). */
export interface TempCopy {
  /** Absolute local path of the copy; the caller may read it, change it or move it away. */
  path: string;
  /** Removes the copy and its temporary folder (whatever is left of them); safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Where originals, renditions and upload chunks live: the storage seam (docs/architecture.md "Storage"). Keys are
 * slash-separated relative paths, formatted in `storage/keys.ts` only; the local implementation maps them under one
 * root directory. Services and jobs reach the disk through this interface and the chunk store (`chunk-store.ts`)
 * only, so another implementation (S3-compatible) replaces this file, not a service.
 *
 * Media tools (ExifTool, sharp) need local files: they read local working copies ({@link FileStore.copyToTemp}, a
 * staged upload), which {@link FileStore.putOriginal} then moves into the store, and {@link FileStore.localPath}
 * answers where a key is on this machine (an S3-compatible store would keep a local cache there).
 */
export interface FileStore {
  /** Absolute local path of a key (the file may not exist). */
  localPath(key: string): string;
  /**
   * Stores a local working file as the original under `key`, consuming it (moved, not copied: rename, or copy then
   * rename across devices); the key appears whole or not at all.
   * @throws Error (file-system `code`) when the file cannot be moved; the source then stays where it was.
   */
  putOriginal(key: string, sourcePath: string): Promise<void>;
  /**
   * Moves a stored original back out to the local path it came from, undoing {@link putOriginal} (an ingest whose
   * asset row could not be recorded gives the file back, so a retry still has it).
   * @throws Error (file-system `code`, ENOENT when `key` is absent).
   */
  restore(key: string, targetPath: string): Promise<void>;
  /**
   * A private local copy of a stored file in a fresh temporary folder (`tmp/<purpose>-…`), for media tools to read or
   * for {@link putOriginal} to consume under another key. The caller removes it ({@link TempCopy.remove}).
   * @throws Error (file-system `code`, ENOENT when `key` is absent); nothing is left behind then.
   */
  copyToTemp(key: string, purpose?: string): Promise<TempCopy>;
  /** Size in bytes of a stored file, or undefined when absent. */
  size(key: string): Promise<number | undefined>;
  /** Reads a stored file, optionally a byte range (inclusive `start`..`end`, bytes). */
  createReadStream(key: string, range?: { start: number; end: number }): fs.ReadStream;
  /** Size in bytes and modification time, or undefined when absent. */
  stat(key: string): Promise<{ size: number; mtime: Date } | undefined>;
  /** Removes a key or a whole key prefix (directory); absent keys are fine. */
  remove(key: string): Promise<void>;
  /** A fresh local directory for temporary work (`tmp/<prefix>-<uuid>`), created on demand; the caller removes it. */
  makeTempDir(prefix: string): Promise<string>;
  /**
   * Writes a stream of bytes under `key`, atomically: the key appears only once every byte is written; when `source`
   * fails (it may throw to refuse its data) nothing is left and the error is rethrown. Answers the bytes written.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** Writes a small file (text as UTF-8) under `key`, atomically. */
  writeFile(key: string, data: string | Uint8Array): Promise<void>;
  /** Reads a small file whole, or undefined when absent. */
  readFile(key: string): Promise<Buffer | undefined>;
  /** Names of the entries directly under a key prefix (a directory), in no order; empty when absent. */
  list(prefix: string): Promise<string[]>;
}

function safeJoin(root: string, key: string): string {
  const resolved = path.resolve(root, key);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new Error(`Storage key escapes the store: ${key}`);
  return resolved;
}

/**
 * Moves a local file to `target` (creating its folder): a rename, or across devices a copy to a staging name beside
 * the target, a rename, and the removal of the source, so the target appears whole or not at all.
 */
async function moveInto(target: string, sourcePath: string): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  try {
    await fsp.rename(sourcePath, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const staging = `${target}.${randomUUID()}.tmp`;
    try {
      await fsp.copyFile(sourcePath, staging);
      await fsp.rename(staging, target);
    } catch (copyError) {
      await fsp.rm(staging, { force: true });
      throw copyError;
    }
    await fsp.rm(sourcePath, { force: true });
  }
}

/** A {@link FileStore} on the local file system under `root` (MAGPIE_DATA_DIR/files). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  fs.mkdirSync(base, { recursive: true });
  return {
    localPath: (key) => safeJoin(base, key),
    async putOriginal(key, sourcePath) {
      await moveInto(safeJoin(base, key), sourcePath);
    },
    async restore(key, targetPath) {
      await moveInto(path.resolve(targetPath), safeJoin(base, key));
    },
    async copyToTemp(key, purpose = 'copy') {
      const dir = safeJoin(base, tempFolderKey(purpose, randomUUID()));
      const remove = () => fsp.rm(dir, { recursive: true, force: true });
      await fsp.mkdir(dir, { recursive: true });
      const copy = path.join(dir, 'file');
      try {
        await fsp.copyFile(safeJoin(base, key), copy);
      } catch (error) {
        await remove();
        throw error;
      }
      return { path: copy, remove };
    },
    async size(key) {
      try {
        return (await fsp.stat(safeJoin(base, key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    createReadStream: (key, range) => fs.createReadStream(safeJoin(base, key), range),
    async stat(key) {
      try {
        const s = await fsp.stat(safeJoin(base, key));
        return { size: s.size, mtime: s.mtime };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await fsp.rm(safeJoin(base, key), { recursive: true, force: true });
    },
    async putStream(key, source) {
      const target = safeJoin(base, key);
      const staging = `${target}.${randomUUID()}.tmp`;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      let bytes = 0;
      const counted = async function* () {
        for await (const chunk of source) {
          bytes += chunk.length;
          yield chunk;
        }
      };
      const sink = fs.createWriteStream(staging);
      try {
        await pipeline(counted, sink);
        await fsp.rename(staging, target);
      } catch (error) {
        // A refused body destroys the stream while it may still be opening its file: wait until it is closed, or the
        // file could appear after the removal below.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await fsp.rm(staging, { force: true });
        throw error;
      }
      return bytes;
    },
    async writeFile(key, data) {
      const target = safeJoin(base, key);
      const staging = `${target}.${randomUUID()}.tmp`;
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(staging, data);
      await fsp.rename(staging, target);
    },
    async readFile(key) {
      try {
        return await fsp.readFile(safeJoin(base, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async list(prefix) {
      try {
        return await fsp.readdir(safeJoin(base, prefix));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async makeTempDir(prefix) {
      const dir = safeJoin(base, tempFolderKey(prefix, randomUUID()));
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
