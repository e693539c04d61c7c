import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * Local working files: the copies on this machine that media tools read (a staged upload, a file the import CLI
 * copied in, a {@link import('./file-store.ts').TempCopy}). They are local whatever the file store is, so reading
 * them is no concern of the store's; services use these rather than `node:fs`.
 */

/**
 * SHA-256 of a local file, hex (64 characters), streamed (constant memory).
 * @throws Error (file-system `code`, e.g. ENOENT) when the file cannot be read.
 */
export async function sha256OfLocalFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest('hex');
}

/**
 * Size of a local file in bytes.
 * @throws Error (file-system `code`, e.g. ENOENT) when the file cannot be read.
 */
export async function localFileSize(filePath: string): Promise<number> {
  return (await fsp.stat(filePath)).size;
}
