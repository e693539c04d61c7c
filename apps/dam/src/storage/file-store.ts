import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

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
    async makeTempDir(prefix) {
      const dir = safeJoin(base, path.join('tmp', `${prefix}-${randomUUID()}`));
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
