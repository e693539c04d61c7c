import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';

/**
 * Where originals, renditions and upload chunks live. Keys are slash-separated relative paths; the local
 * implementation maps them under one root directory. Media tools (ExifTool, sharp) need a local path, so
 * {@link FileStore.localPath} is part of the interface; an S3-compatible store would stage files locally there.
 */
export interface FileStore {
  /** Absolute local path of a key (the file may not exist). */
  localPath(key: string): string;
  /** Moves a local file into the store under `key`, atomically (rename; copy then rename across devices). */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Reads a stored file, optionally a byte range (inclusive `start`..`end`, bytes). */
  createReadStream(key: string, range?: { start: number; end: number }): fs.ReadStream;
  /** Size in bytes and modification time, or undefined when absent. */
  stat(key: string): Promise<{ size: number; mtime: Date } | undefined>;
  /** Removes a key or a whole key prefix (directory); absent keys are fine. */
  remove(key: string): Promise<void>;
  /** A fresh directory for temporary work (upload chunks, assembly), created on demand. */
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

/** A {@link FileStore} on the local file system under `root` (MAGPIE_DATA_DIR/files). */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  fs.mkdirSync(base, { recursive: true });
  return {
    localPath: (key) => safeJoin(base, key),
    async putFile(key, sourcePath) {
      const target = safeJoin(base, key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(sourcePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const staging = `${target}.${randomUUID()}.tmp`;
        await fsp.copyFile(sourcePath, staging);
        await fsp.rename(staging, target);
        await fsp.rm(sourcePath, { force: true });
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
      try {
        await pipeline(counted, fs.createWriteStream(staging));
        await fsp.rename(staging, target);
      } catch (error) {
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
      const dir = safeJoin(base, path.join('tmp', `${prefix}-${randomUUID()}`));
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
